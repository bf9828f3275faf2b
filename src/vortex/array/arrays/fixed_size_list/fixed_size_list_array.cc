// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> FixedSizeListChildren(const ArrayRef &elements, const Validity &validity, size_t len) {
    std::vector<ArrayRef> children{elements};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

// Spec: arrays-encodings 4.10: empty metadata; children [elements (len * size), validity?].
Result<ArrayRef> FixedSizeListEncoding::Build(const DType &dtype,
                                              size_t len,
                                              std::span<const uint8_t> metadata,
                                              std::vector<Buffer> buffers,
                                              const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_fixed_size_list(), Serde, "{}: dtype must be a fixed-size list, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 1, 2));
    const uint32_t size = dtype.list_size();
    VX_ENSURE(size == 0 || len <= SIZE_MAX / size, Serde, "{}: {} lists of {} overflow", kId, len, size);
    VX_ASSIGN_OR_RETURN(ArrayRef elements, children.Get(0, dtype.element_type(), len * size));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 1, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        FixedSizeListArray::TryMake(std::move(elements), size, len, std::move(validity)));
    return ArrayRef(std::move(array));
}

FixedSizeListArray::FixedSizeListArray(
    Token, DType dtype, ArrayRef elements, uint32_t list_size, size_t len, Validity validity)
    : Array(FixedSizeListEncoding::Instance(),
            std::move(dtype),
            len,
            {},
            FixedSizeListChildren(elements, validity, len)),
      elements_(std::move(elements)), list_size_(list_size), validity_(std::move(validity)) {}

Result<std::shared_ptr<const FixedSizeListArray>>
FixedSizeListArray::TryMake(ArrayRef elements, uint32_t list_size, size_t len, Validity validity) {
    VX_ENSURE(elements != nullptr, InvalidArgument, "fixed-size list elements must not be null");
    VX_ENSURE(list_size == 0 || len <= SIZE_MAX / list_size, InvalidArgument, "fixed-size list too long");
    VX_ENSURE(elements->len() == len * list_size, InvalidArgument,
              "fixed-size list of {} x {} needs {} elements, got {}", len, list_size, len * list_size,
              elements->len());
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), len));
    DType dtype = DType::FixedSizeList(elements->dtype(), list_size, validity.nullability());
    return std::make_shared<const FixedSizeListArray>(Token{}, std::move(dtype), std::move(elements),
                                                      list_size, len, std::move(validity));
}

std::shared_ptr<const FixedSizeListArray>
FixedSizeListArray::Make(ArrayRef elements, uint32_t list_size, size_t len, Validity validity) {
    auto result = TryMake(std::move(elements), list_size, len, std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::optional<Result<Scalar>> FixedSizeListArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    std::vector<Scalar> values;
    values.reserve(list_size_);
    for (size_t k = 0; k < list_size_; ++k) {
        auto value = ScalarAt(elements_, i * list_size_ + k);
        if (!value.ok()) {
            return Result<Scalar>(value.status());
        }
        values.push_back(std::move(value).ValueOrDie());
    }
    return Result<Scalar>(Scalar::List(dtype(), std::move(values)));
}

std::optional<Result<ArrayRef>> FixedSizeListArray::SliceImpl(size_t start, size_t stop) const {
    auto elements = Slice(elements_, start * list_size_, stop * list_size_);
    if (!elements.ok()) {
        return Result<ArrayRef>(elements.status());
    }
    return Result<ArrayRef>(std::make_shared<const FixedSizeListArray>(
        Token{}, dtype(), *std::move(elements), list_size_, stop - start, validity_.Slice(start, stop)));
}

namespace {

// Expands list positions into element positions.
ArrayRef ElementPositions(std::span<const size_t> positions, uint32_t list_size) {
    std::vector<uint64_t> out;
    out.reserve(positions.size() * list_size);
    for (size_t p : positions) {
        for (uint32_t k = 0; k < list_size; ++k) {
            out.push_back(uint64_t{p} * list_size + k);
        }
    }
    return PrimitiveArray::FromValues(out);
}

} // namespace

std::optional<Result<ArrayRef>> FixedSizeListArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    auto elements = Take(elements_, ElementPositions(positions, list_size_));
    if (!elements.ok()) {
        return Result<ArrayRef>(elements.status());
    }
    return Result<ArrayRef>(std::make_shared<const FixedSizeListArray>(
        Token{}, dtype(), *std::move(elements), list_size_, positions.size(), validity_.Filter(mask)));
}

std::optional<Result<ArrayRef>> FixedSizeListArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    auto elements = Take(elements_, ElementPositions(decoded->positions, list_size_));
    if (!elements.ok()) {
        return Result<ArrayRef>(elements.status());
    }
    Validity validity = TakeValidity(validity_, *decoded, indices->dtype().is_nullable());
    return Result<ArrayRef>(std::make_shared<const FixedSizeListArray>(
        Token{}, dtype().WithNullability(validity.nullability()), *std::move(elements), list_size_,
        decoded->positions.size(), std::move(validity)));
}

} // namespace vortex
