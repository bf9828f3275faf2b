// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Pieces shared by the fastlanes.delta and fastlanes.rle encoders and decoders.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/validity.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"

namespace vortex::fastlanes::internal {

/// The unsigned integer of `Width` bytes: Delta and RLE work on raw bits (wrapping arithmetic
/// for signed integers, bitwise equality for floats).
template <size_t Width>
struct UIntOfWidth;
template <>
struct UIntOfWidth<1> {
    using type = uint8_t;
};
template <>
struct UIntOfWidth<2> {
    using type = uint16_t;
};
template <>
struct UIntOfWidth<4> {
    using type = uint32_t;
};
template <>
struct UIntOfWidth<8> {
    using type = uint64_t;
};
template <typename T>
using UIntOf = typename UIntOfWidth<sizeof(T)>::type;

/// Copies the raw values of `array` (ptype width == sizeof(U)) and replaces every null with the
/// last valid value before it in the same 1024-value block, or 0 when there is none, as the
/// reference's encoders do so that nulls neither start runs nor produce large deltas.
template <typename U>
std::vector<U> FillForwardNulls(const PrimitiveArray &array) {
    const auto raw = array.values().span<U>();
    std::vector<U> out(raw.begin(), raw.end());
    const Validity &validity = array.validity();
    if (validity.trivially_all_valid()) {
        return out;
    }
    U last_valid = 0;
    for (size_t i = 0; i < out.size(); ++i) {
        if (i % kFastLanesBlockLen == 0) {
            last_valid = 0;
        }
        if (validity.is_valid(i)) {
            last_valid = out[i];
        } else {
            out[i] = last_valid;
        }
    }
    return out;
}

} // namespace vortex::fastlanes::internal
