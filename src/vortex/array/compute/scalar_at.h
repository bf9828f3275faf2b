// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// Returns element `i` as a Scalar of the array's dtype (a typed null for null elements).
/// OutOfBounds if i >= len.
Result<Scalar> ScalarAt(const ArrayRef &array, size_t i);

/// Returns element `i` of `array` cast to `dtype` (which differs at most in nullability), for
/// encodings that forward a lookup to a child whose dtype is the non-nullable form of theirs.
Result<Scalar> ScalarAtAs(const ArrayRef &array, size_t i, const DType &dtype);

} // namespace vortex
