// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.masked`: empty metadata, no buffers; children [child (non-nullable dtype), validity?].
/// Spec: arrays-encodings 4.15.
class MaskedEncoding final : public EncodingBase<MaskedEncoding> {
public:
    static constexpr std::string_view kId = "vortex.masked";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A logical array applying a validity to a non-nullable child; its dtype is the child's
/// made nullable.
class MaskedArray final : public Array {
public:
    /// `child` must be non-nullable and `validity` nullable (AllValid, AllInvalid or Array)
    /// with the child's length.
    static Result<std::shared_ptr<const MaskedArray>> TryMake(const ArrayRef &child, Validity validity);
    static std::shared_ptr<const MaskedArray> Make(const ArrayRef &child, Validity validity);

    const ArrayRef &masked_child() const { return children()[0]; }
    const Validity &validity() const { return validity_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Canonicalizes the child and applies the validity.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

    struct Token {};
    MaskedArray(Token, DType dtype, const ArrayRef &child, Validity validity);

private:
    Validity validity_;
};

} // namespace vortex
