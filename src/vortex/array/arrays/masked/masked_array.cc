// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/masked/masked_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> MaskedChildren(const ArrayRef &child, const Validity &validity, size_t len) {
    std::vector<ArrayRef> children{child};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

// Spec: arrays-encodings 4.15: children [child (non-nullable dtype), validity?].
Result<ArrayRef> MaskedEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_nullable(), Serde, "{}: dtype must be nullable, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 1, 2));
    VX_ASSIGN_OR_RETURN(ArrayRef child, children.Get(0, dtype.AsNonNullable(), len));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 1, len));
    VX_ASSIGN_OR_RETURN(auto array, MaskedArray::TryMake(child, std::move(validity)));
    return ArrayRef(std::move(array));
}

MaskedArray::MaskedArray(Token, DType dtype, const ArrayRef &child, Validity validity)
    : Array(MaskedEncoding::Instance(),
            std::move(dtype),
            child->len(),
            {},
            MaskedChildren(child, validity, child->len())),
      validity_(std::move(validity)) {}

Result<std::shared_ptr<const MaskedArray>> MaskedArray::TryMake(const ArrayRef &child, Validity validity) {
    VX_ENSURE(child != nullptr, InvalidArgument, "masked child must not be null");
    VX_ENSURE(!child->dtype().is_nullable(), InvalidArgument, "masked child must be non-nullable, got {}",
              child->dtype());
    VX_ENSURE(validity.is_nullable(), InvalidArgument, "masked validity must be nullable");
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, Nullability::Nullable, child->len()));
    DType dtype = child->dtype().AsNullable();
    return std::make_shared<const MaskedArray>(Token{}, std::move(dtype), child, std::move(validity));
}

std::shared_ptr<const MaskedArray> MaskedArray::Make(const ArrayRef &child, Validity validity) {
    auto result = TryMake(child, std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

Result<ArrayRef> MaskedArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef child, Canonicalize(masked_child()));
    return WithValidity(child, validity_);
}

std::optional<Result<Scalar>> MaskedArray::ScalarAtImpl(size_t i) const {
    if (!validity_.is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return ScalarAtAs(masked_child(), i, dtype());
}

std::optional<Result<ArrayRef>> MaskedArray::SliceImpl(size_t start, size_t stop) const {
    auto child = Slice(masked_child(), start, stop);
    if (!child.ok()) {
        return Result<ArrayRef>(child.status());
    }
    return Result<ArrayRef>(ArrayRef(std::make_shared<const MaskedArray>(Token{}, dtype(), *std::move(child),
                                                                         validity_.Slice(start, stop))));
}

} // namespace vortex
