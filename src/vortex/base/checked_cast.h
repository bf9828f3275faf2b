// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <type_traits>
#include <utility>

#include "vortex/base/check.h"
#include "vortex/base/result.h"

namespace vortex {

/// Narrows an integer, aborting when the value does not fit (for values we produced).
template <typename To, typename From>
requires(std::is_integral_v<To> &&std::is_integral_v<From>) constexpr To CheckedCast(From value) {
    VX_CHECK_MSG(std::in_range<To>(value), "value {} does not fit the target type", value);
    return static_cast<To>(value);
}

/// Narrows an integer read from untrusted input: an error instead of an abort.
template <typename To, typename From>
requires(std::is_integral_v<To> &&std::is_integral_v<From>) Result<To> TryCast(From value) {
    VX_ENSURE(std::in_range<To>(value), OutOfBounds, "value {} does not fit the target type", value);
    return static_cast<To>(value);
}

} // namespace vortex
