// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Division that rounds toward negative infinity (C++ truncates toward zero), so that ticks
// before 1970 land in the right day, and its remainder.

#include <type_traits>

namespace vortex {

/// a / b rounded down; works for any signed integer type, __int128 included.
template <typename T>
constexpr T FloorDiv(T a, std::type_identity_t<T> b) {
    const T q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// The remainder that goes with FloorDiv: in [0, b) for b > 0.
template <typename T>
constexpr T FloorMod(T a, std::type_identity_t<T> b) {
    const T r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

} // namespace vortex
