// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype/ptype.h"

#include <bit>
#include <cmath>

namespace vortex {

std::string_view PTypeName(PType ptype) {
    switch (ptype) {
        case PType::U8:
            return "u8";
        case PType::U16:
            return "u16";
        case PType::U32:
            return "u32";
        case PType::U64:
            return "u64";
        case PType::I8:
            return "i8";
        case PType::I16:
            return "i16";
        case PType::I32:
            return "i32";
        case PType::I64:
            return "i64";
        case PType::F16:
            return "f16";
        case PType::F32:
            return "f32";
        case PType::F64:
            return "f64";
    }
    return "invalid";
}

float Half::ToFloat() const {
    const uint32_t sign = (bits & 0x8000u) << 16;
    const uint32_t exponent = (bits >> 10) & 0x1Fu;
    const uint32_t mantissa = bits & 0x3FFu;
    if (exponent == 0x1F) {
        // Inf or NaN; the payload moves to the top of the float mantissa.
        return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
    }
    if (exponent == 0) {
        // Zero or subnormal: mantissa * 2^-24, exact in float.
        const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign != 0 ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

Half Half::FromFloat(float value) {
    const uint32_t f = std::bit_cast<uint32_t>(value);
    const auto sign = static_cast<uint16_t>((f >> 16) & 0x8000u);
    const uint32_t abs = f & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) {
        // Inf stays inf; NaN keeps a quiet bit and the top of its payload.
        const uint16_t payload =
            abs > 0x7F800000u ? static_cast<uint16_t>(0x200u | ((abs >> 13) & 0x3FFu)) : 0;
        return Half{static_cast<uint16_t>(sign | 0x7C00u | payload)};
    }
    if (abs >= 0x477FF000u) {
        // Rounds to a value above the largest half.
        return Half{static_cast<uint16_t>(sign | 0x7C00u)};
    }
    if (abs < 0x38800000u) {
        // Below the smallest normal half: round magnitude / 2^-24 to nearest even.
        const float scaled = std::ldexp(std::bit_cast<float>(abs), 24);
        const auto mantissa = static_cast<uint16_t>(std::nearbyint(scaled));
        return Half{static_cast<uint16_t>(sign | mantissa)};
    }
    // Normal: rebias the exponent and round the mantissa to 10 bits, ties to even.
    const uint32_t rebased = abs - (112u << 23);
    const uint32_t round_bit = 1u << 12;
    const uint32_t lower = rebased & 0x1FFFu;
    uint32_t result = rebased >> 13;
    if (lower > round_bit || (lower == round_bit && (result & 1u) != 0)) {
        ++result;
    }
    return Half{static_cast<uint16_t>(sign | result)};
}

} // namespace vortex
