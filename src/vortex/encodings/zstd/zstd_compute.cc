// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Kernels on zstd-encoded data: frames are independent, so each kernel decompresses only the
// frames covering the rows its result needs.

#include <algorithm>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::zstd {

std::optional<Result<Scalar>> ZstdArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto row = DecodeRows(i, i + 1);
    if (!row.ok()) {
        return Result<Scalar>(row.status());
    }
    return ScalarAt(*row, 0);
}

std::optional<Result<ArrayRef>> ZstdArray::SliceImpl(size_t start, size_t stop) const {
    return DecodeRows(start, stop);
}

std::optional<Result<ArrayRef>> ZstdArray::FilterImpl(const Mask &mask) const {
    auto filtered = [&]() -> Result<ArrayRef> {
        const std::vector<size_t> selected = mask.Indices();
        // The mask is neither all-true nor all-false, so `selected` is not empty.
        const size_t first = selected.front();
        const size_t stop = selected.back() + 1;
        VX_ASSIGN_OR_RETURN(ArrayRef rows, DecodeRows(first, stop));
        return Filter(rows, mask.Slice(first, stop - first));
    };
    return filtered();
}

std::optional<Result<ArrayRef>> ZstdArray::TakeImpl(const ArrayRef &indices) const {
    auto taken = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
        size_t first = len();
        size_t last = 0;
        for (size_t k = 0; k < decoded.positions.size(); ++k) {
            if (decoded.validity.value(k)) {
                first = std::min(first, decoded.positions[k]);
                last = std::max(last, decoded.positions[k]);
            }
        }
        if (first > last) {
            // No valid index: every result is null; take row 0 (or nothing) of an empty range.
            first = 0;
            last = 0;
        }
        const size_t stop = std::min(last + 1, len());
        VX_ASSIGN_OR_RETURN(ArrayRef rows, DecodeRows(first, stop));
        std::vector<uint64_t> shifted(decoded.positions.size(), 0);
        for (size_t k = 0; k < shifted.size(); ++k) {
            if (decoded.validity.value(k)) {
                shifted[k] = decoded.positions[k] - first;
            }
        }
        const Validity validity =
            indices->dtype().is_nullable() ? Validity::FromMask(decoded.validity) : Validity::NonNullable();
        return Take(rows, PrimitiveArray::FromValues(shifted, validity));
    };
    return taken();
}

} // namespace vortex::zstd
