// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "vortex/dtype/ptype.h"

namespace vortex {

/// Maps a native value to an integer key whose order is the IEEE-754 totalOrder for floats
/// (-NaN < -inf < -0.0 < +0.0 < +inf < +NaN, as Rust's total_cmp and Scalar's Compare) and the
/// natural order for integers.
template <NativePType T>
auto TotalOrderKey(T value) {
    if constexpr (std::is_same_v<T, Half>) {
        const int16_t bits = static_cast<int16_t>(value.bits);
        return static_cast<int16_t>(bits ^ static_cast<int16_t>(static_cast<uint16_t>(bits >> 15) >> 1));
    } else if constexpr (std::is_same_v<T, float>) {
        const int32_t bits = std::bit_cast<int32_t>(value);
        return bits ^ static_cast<int32_t>(static_cast<uint32_t>(bits >> 31) >> 1);
    } else if constexpr (std::is_same_v<T, double>) {
        const int64_t bits = std::bit_cast<int64_t>(value);
        return bits ^ static_cast<int64_t>(static_cast<uint64_t>(bits >> 63) >> 1);
    } else {
        return value;
    }
}

/// True for NaN floats; false for integers.
template <NativePType T>
bool IsNaN(T value) {
    if constexpr (std::is_same_v<T, Half>) {
        return (value.bits & 0x7c00) == 0x7c00 && (value.bits & 0x03ff) != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
        return std::isnan(value);
    } else {
        return false;
    }
}

} // namespace vortex
