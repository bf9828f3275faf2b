// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex::bytebool {

/// `vortex.bytebool`: empty metadata, buffer [one byte per value], optional validity child.
/// Spec: arrays-encodings 7.10.
class ByteBoolEncoding final : public EncodingBase<ByteBoolEncoding> {
public:
    static constexpr std::string_view kId = "vortex.bytebool";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A Bool array stored as one byte per value: 0 is false, any other byte is true.
class ByteBoolArray final : public Array {
public:
    /// `bytes` holds one byte per element (its size fixes len()); the dtype is
    /// Bool(validity.nullability()). Fails if a validity array's length differs.
    static Result<std::shared_ptr<const ByteBoolArray>> TryMake(const Buffer &bytes, Validity validity);

    /// The truthy bytes, one per element.
    std::span<const uint8_t> bytes() const { return buffers()[0].bytes(); }
    const Validity &validity() const { return validity_; }
    bool value(size_t i) const { return bytes()[i] != 0; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    size_t buffer_alignment(size_t) const override { return 1; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Packs the bytes into bits (non-zero = set).
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;

    struct Token {};
    ByteBoolArray(Token, const Buffer &bytes, Validity validity);

private:
    Validity validity_;
};

/// Encodes a Bool array (any encoding; canonicalized first) as bytes 0/1 with the same
/// validity, as the reference's `ByteBool::from_vec` does.
Result<ArrayRef> ByteBoolEncode(const ArrayRef &array);

} // namespace vortex::bytebool
