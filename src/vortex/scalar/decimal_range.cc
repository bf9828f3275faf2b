// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar/decimal_range.h"

#include "vortex/base/int128.h"

namespace vortex {
namespace {

I256 Negate(const I256 &value) {
    I256 out;
    unsigned carry = 1;
    for (int i = 0; i < 4; ++i) {
        const uint128_t sum = static_cast<uint128_t>(~value.limbs[i]) + carry;
        out.limbs[i] = static_cast<uint64_t>(sum);
        carry = static_cast<unsigned>(sum >> 64);
    }
    return out;
}

// 10^exponent for exponent <= 76 (10^76 < 2^253, so it never overflows 255 bits).
I256 PowerOfTen(uint8_t exponent) {
    I256 out;
    out.limbs[0] = 1;
    for (uint8_t e = 0; e < exponent; ++e) {
        uint64_t carry = 0;
        for (auto &limb : out.limbs) {
            const uint128_t product = static_cast<uint128_t>(limb) * 10 + carry;
            limb = static_cast<uint64_t>(product);
            carry = static_cast<uint64_t>(product >> 64);
        }
    }
    return out;
}

} // namespace

bool DecimalFitsPrecision(const I256 &value, uint8_t precision) {
    if (precision > kMaxDecimalPrecision) {
        return false;
    }
    const I256 bound = PowerOfTen(precision);
    return value < bound && Negate(bound) < value;
}

} // namespace vortex
