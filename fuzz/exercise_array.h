// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>

#include "vortex/array/array.h"

namespace vortex::fuzz {

/// Above this length only O(1) work is done: a valid array of 2^40 constants is legitimate and
/// materializing it would not be a bug, only a slow input.
inline constexpr size_t kMaterializeLimit = size_t{1} << 16;

/// Uses a decoded array the way a reader would: ScalarAt at both ends and one past the end,
/// validity, ToCanonical, Slice, Filter and Take. Each may fail with a Status; a result that
/// succeeds must have the right length and dtype (checked with FUZZ_CHECK).
void ExerciseArray(const ArrayRef &array);

} // namespace vortex::fuzz
