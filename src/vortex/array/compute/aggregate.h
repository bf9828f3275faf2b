// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

#include "vortex/array/array.h"
#include "vortex/scalar/stat_dtype.h"

namespace vortex {

/// Smallest non-null value (NaNs ignored), as a scalar of the array's dtype made
/// non-nullable; a null scalar of the nullable dtype when there is none. Only for orderable dtypes (bool,
/// primitive, decimal, utf8, binary, extension over those); NotImplemented otherwise.
Result<Scalar> Min(const ArrayRef &array);
/// Largest non-null value; see Min.
Result<Scalar> Max(const ArrayRef &array);
/// Sum of the non-null values, as a scalar of SumDType() (vortex/scalar/stat_dtype.h); a null scalar if it
/// overflowed. The sum of an empty or all-null array is zero.
Result<Scalar> Sum(const ArrayRef &array);
/// Number of null elements.
size_t NullCount(const ArrayRef &array);
/// True when every element is equal (nulls equal only to nulls); true for len <= 1.
Result<bool> IsConstant(const ArrayRef &array);
/// True when non-decreasing (strict: increasing), nulls first. True for len <= 1.
Result<bool> IsSorted(const ArrayRef &array, bool strict = false);

/// Computes `stat` from the canonical form; the fallback behind Statistics::Get().
Result<std::optional<Scalar>> ComputeStatCanonical(const ArrayRef &array, Stat stat);

} // namespace vortex
