// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Every instruction-set variant of IntRangeWords, so tests can check each one the CPU has
// against the portable loop (the dispatcher only ever runs the widest).

#include <cstddef>
#include <cstdint>

#include "vortex/array/compute/int_range.h"

namespace vortex::internal {

enum class IntRangeIsa : uint8_t { Portable, Avx2, Avx512 };

bool IntRangeIsaSupported(IntRangeIsa isa);

/// IntRangeWords in the variant `isa`, which must be supported.
template <typename U>
void IntRangeWordsWith(IntRangeIsa isa, const U *values, size_t n, IntRange range, uint64_t *words);

} // namespace vortex::internal
