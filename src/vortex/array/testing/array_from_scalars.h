// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// Builds a canonical array of `dtype` from one scalar per element: the test oracle for
/// slice/filter/take. Each scalar's dtype must equal `dtype` ignoring top-level nullability;
/// a null scalar gives a null element (InvalidArgument if `dtype` is not nullable). Nested
/// dtypes are assembled here from their parts, so the oracle does not depend on the nested
/// builders it is used to test.
Result<ArrayRef> ArrayFromScalars(const DType &dtype, const std::vector<Scalar> &scalars);

/// Returns every element of `array` through ScalarAt.
Result<std::vector<Scalar>> ArrayToScalars(const ArrayRef &array);

/// Returns a non-null "zero" of `dtype`: false, 0, "", an empty list, a struct or fixed-size
/// list of defaults, an extension over its storage's default. The Null dtype gives its null.
Scalar DefaultScalar(const DType &dtype);

} // namespace vortex
