// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <compare>

#include "vortex/array/array.h"
#include "vortex/array/compute/compare_op.h"
#include "vortex/array/validity.h"

namespace vortex {

/// Compares every element with `scalar`. The result is a Bool array whose nullability is the
/// union of both sides'; a null element or null scalar gives null. The scalar must have a
/// dtype equal to the array's ignoring nullability (numeric scalars are first cast to the
/// array's ptype when the value fits); MismatchedTypes otherwise.
Result<ArrayRef> CompareScalar(const ArrayRef &array, const Scalar &scalar, CompareOp op);

/// Applies `op` to an ordering (unordered compares false except for NotEq).
bool CompareOrdering(std::partial_ordering ordering, CompareOp op);

/// Builds a compare result: `bits` with `validity`, made nullable when `nullable`.
ArrayRef MakeCompareResult(BitBuffer bits, const Validity &validity, bool nullable);

} // namespace vortex
