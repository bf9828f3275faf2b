// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/null/null_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Spec: arrays-encodings 4.1: empty metadata, no buffers, no children.
Result<ArrayRef> NullEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_null(), Serde, "{}: dtype must be null, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 0));
    return NullArray::Make(len);
}

NullArray::NullArray(Token, size_t len) : Array(NullEncoding::Instance(), DType::Null(), len, {}, {}) {}

std::shared_ptr<const NullArray> NullArray::Make(size_t len) {
    return std::make_shared<const NullArray>(Token{}, len);
}

std::optional<Result<Scalar>> NullArray::ScalarAtImpl(size_t) const {
    return Result<Scalar>(Scalar());
}

std::optional<Result<ArrayRef>> NullArray::SliceImpl(size_t start, size_t stop) const {
    return Result<ArrayRef>(Make(stop - start));
}

std::optional<Result<ArrayRef>> NullArray::FilterImpl(const Mask &mask) const {
    return Result<ArrayRef>(Make(mask.true_count()));
}

std::optional<Result<ArrayRef>> NullArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    return Result<ArrayRef>(Make(indices->len()));
}

} // namespace vortex
