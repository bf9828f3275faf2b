// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What a reader does with an array it was handed, and what it may expect: shared by the
// bad-input tests (which report through gtest) and the fuzz targets (which abort).

#include <cstddef>
#include <functional>

#include "vortex/array/array.h"

namespace vortex::bad_input {

/// Above this length only operations that touch O(1) elements are tried: a valid array of
/// 2^40 nulls or constants is legitimate, and materializing it would be, too.
inline constexpr size_t kMaterializeLimit = size_t{1} << 16;

/// Called once per expectation: `holds` is whether it held, `what` names it.
using UsageCheck = std::function<void(bool holds, const char *what)>;

/// Uses `array` as a reader would: SerializeMetadata, ScalarAt on the first and last element
/// and one past the last (which must fail), validity, ToCanonical (then the same on the
/// canonical array), validity_mask, Slice, Filter and Take. Any of them may fail with a
/// Status; none may crash, and results that succeed must have the right length and dtype.
/// Returns the canonical array when ToCanonical succeeded (and the array was short enough to
/// materialize), else nullptr.
ArrayRef UseAsAReader(const ArrayRef &array, const UsageCheck &check);

} // namespace vortex::bad_input
