// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/extension/extension_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Spec: arrays-encodings 4.13: empty metadata, no buffers, children [storage].
Result<ArrayRef> ExtensionEncoding::Build(const DType &dtype,
                                          size_t len,
                                          std::span<const uint8_t> metadata,
                                          std::vector<Buffer> buffers,
                                          const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_extension(), Serde, "{}: dtype must be an extension, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 1, 1));
    VX_ASSIGN_OR_RETURN(ArrayRef storage, children.Get(0, dtype.extension().storage, len));
    VX_ASSIGN_OR_RETURN(auto array, ExtensionArray::TryMake(dtype, std::move(storage)));
    return ArrayRef(std::move(array));
}

ExtensionArray::ExtensionArray(Token, DType dtype, ArrayRef storage)
    : Array(ExtensionEncoding::Instance(), std::move(dtype), storage->len(), {}, {storage}),
      storage_(std::move(storage)) {}

Result<std::shared_ptr<const ExtensionArray>> ExtensionArray::TryMake(DType ext_dtype, ArrayRef storage) {
    VX_ENSURE(ext_dtype.is_extension(), InvalidArgument, "extension array needs an extension dtype, got {}",
              ext_dtype);
    VX_ENSURE(storage != nullptr, InvalidArgument, "extension storage must not be null");
    VX_ENSURE(storage->dtype() == ext_dtype.extension().storage, InvalidArgument,
              "extension storage has dtype {}, expected {}", storage->dtype(), ext_dtype.extension().storage);
    return std::make_shared<const ExtensionArray>(Token{}, std::move(ext_dtype), std::move(storage));
}

std::shared_ptr<const ExtensionArray> ExtensionArray::Make(DType ext_dtype, ArrayRef storage) {
    auto result = TryMake(std::move(ext_dtype), std::move(storage));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

Result<ArrayRef> ExtensionArray::ToCanonical() const {
    if (storage_->is_canonical()) {
        return ToRef();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(storage_));
    return ArrayRef(Make(dtype(), std::move(storage)));
}

namespace {

std::optional<Result<ArrayRef>> Wrap(const DType &dtype, Result<ArrayRef> storage) {
    if (!storage.ok()) {
        return Result<ArrayRef>(storage.status());
    }
    // A take with nullable indices may make the storage nullable; follow it.
    const ExtDType &ext = dtype.extension();
    DType out_dtype = (*storage)->dtype() == ext.storage
                          ? dtype
                          : DType::Extension(ext.id, (*storage)->dtype(), ext.metadata);
    return Result<ArrayRef>(ArrayRef(ExtensionArray::Make(std::move(out_dtype), *std::move(storage))));
}

} // namespace

std::optional<Result<Scalar>> ExtensionArray::ScalarAtImpl(size_t i) const {
    auto storage = ScalarAt(storage_, i);
    if (!storage.ok()) {
        return Result<Scalar>(storage.status());
    }
    return Result<Scalar>(Scalar::Extension(dtype(), *storage));
}

std::optional<Result<ArrayRef>> ExtensionArray::SliceImpl(size_t start, size_t stop) const {
    return Wrap(dtype(), Slice(storage_, start, stop));
}

std::optional<Result<ArrayRef>> ExtensionArray::FilterImpl(const Mask &mask) const {
    return Wrap(dtype(), Filter(storage_, mask));
}

std::optional<Result<ArrayRef>> ExtensionArray::TakeImpl(const ArrayRef &indices) const {
    return Wrap(dtype(), Take(storage_, indices));
}

std::optional<Result<ArrayRef>> ExtensionArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if (!scalar.dtype().is_extension()) {
        return std::nullopt;
    }
    return CompareScalar(storage_, scalar.StorageScalar(), op);
}

std::optional<Result<ArrayRef>> ExtensionArray::MapValuesImpl(const ValueMap &map) const {
    return MapValuesEncoded(storage_, [&](const ArrayRef &storage) -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(std::shared_ptr<const ExtensionArray> wrapped, TryMake(dtype(), storage));
        return map(wrapped);
    });
}

} // namespace vortex
