// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <utility>

namespace vortex {

/// The smallest and largest of `n` > 0 integers in one branch-free pass, compiled for AVX-512,
/// AVX2 and the baseline (VORTEX_SIMD_CLONES): statistics, take bounds and dictionary ranges
/// all scan whole columns for their extremes. Instantiated for the eight integer types.
template <typename T>
std::pair<T, T> IntegerMinMax(const T *values, size_t n);

} // namespace vortex
