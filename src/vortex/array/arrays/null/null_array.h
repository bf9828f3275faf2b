// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex {

/// `vortex.null`: `len` nulls of dtype Null. Spec: arrays-encodings 4.1.
class NullEncoding final : public EncodingBase<NullEncoding> {
public:
    static constexpr std::string_view kId = "vortex.null";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of dtype Null.
class NullArray final : public Array {
public:
    static std::shared_ptr<const NullArray> Make(size_t len);

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t) const override { return false; }
    Mask validity_mask() const override { return Mask::AllFalse(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;

    struct Token {};
    explicit NullArray(Token, size_t len);
};

} // namespace vortex
