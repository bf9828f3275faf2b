// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/validity.h"

namespace vortex {

/// Returns array[indices[0]], array[indices[1]], ... `indices` is an integer array of any
/// ptype and encoding; a null index gives a null (the result is then nullable). An index
/// out of range (or negative) is an OutOfBounds error.
Result<ArrayRef> Take(const ArrayRef &array, const ArrayRef &indices);

/// Decoded take indices: positions (0 where the index is null) and the indices' validity.
struct TakeIndices {
    std::vector<size_t> positions;
    Mask validity;
};
/// Decodes and bounds-checks `indices` against `len`; used by take kernels.
Result<TakeIndices> DecodeTakeIndices(const ArrayRef &indices, size_t len);

/// The validity of a take result: the taken validity, nulled where the index is null; nullable
/// if either the array or the indices are.
Validity TakeValidity(const Validity &validity, const TakeIndices &indices, bool indices_nullable);

} // namespace vortex
