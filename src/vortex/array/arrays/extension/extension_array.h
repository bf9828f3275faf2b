// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex {

/// `vortex.ext`: empty metadata, no buffers, children [storage]. Spec: arrays-encodings 4.13.
class ExtensionEncoding final : public EncodingBase<ExtensionEncoding> {
public:
    static constexpr std::string_view kId = "vortex.ext";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of Extension dtypes: a storage array of the extension's storage dtype.
/// Canonical means the ExtensionArray node itself; its storage keeps whatever encoding it has.
class ExtensionArray final : public Array {
public:
    /// `storage->dtype()` must equal `ext_dtype.extension().storage`.
    static Result<std::shared_ptr<const ExtensionArray>> TryMake(DType ext_dtype, ArrayRef storage);
    static std::shared_ptr<const ExtensionArray> Make(DType ext_dtype, ArrayRef storage);

    const ArrayRef &storage() const { return storage_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override { return storage_->is_valid(i); }
    Mask validity_mask() const override { return storage_->validity_mask(); }
    /// Returns an ExtensionArray over the canonical storage (itself if already canonical).
    Result<ArrayRef> ToCanonical() const override;
    bool is_canonical() const override { return storage_->is_canonical(); }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Compares the storage with the scalar's storage value: an extension scalar holds its
    /// storage's value and orders by it, so this is exact (and runs the storage's kernels).
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Maps through the storage's encoded form, each piece of storage wrapped in this dtype.
    std::optional<Result<ArrayRef>> MapValuesImpl(const ValueMap &map) const override;

    struct Token {};
    ExtensionArray(Token, DType dtype, ArrayRef storage);

private:
    ArrayRef storage_;
};

} // namespace vortex
