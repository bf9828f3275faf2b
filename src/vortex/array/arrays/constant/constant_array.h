// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex {

/// `vortex.constant`: empty metadata, buffer [ScalarValue proto bytes], no children.
/// Spec: arrays-encodings 4.12.
class ConstantEncoding final : public EncodingBase<ConstantEncoding> {
public:
    static constexpr std::string_view kId = "vortex.constant";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A logical array repeating one scalar `len` times (a null scalar makes every element null).
class ConstantArray final : public Array {
public:
    static std::shared_ptr<const ConstantArray> Make(Scalar scalar, size_t len);

    const Scalar &scalar() const { return *scalar_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override;
    Mask validity_mask() const override;
    /// Expands the scalar into a canonical array of len() elements.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Maps the one value.
    std::optional<Result<ArrayRef>> MapValuesImpl(const ValueMap &map) const override;
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    ConstantArray(Token, Scalar scalar, size_t len, Buffer value_bytes);

private:
    // Held by pointer so that this header does not need the full Scalar definition.
    std::shared_ptr<const Scalar> scalar_;
};

} // namespace vortex
