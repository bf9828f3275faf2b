// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex::zigzag {

/// `vortex.zigzag`: empty metadata, no buffers, one child [encoded] = Primitive(unsigned type
/// of the same width, same nullability). Spec: arrays-encodings 7.1.
class ZigZagEncoding final : public EncodingBase<ZigZagEncoding> {
public:
    static constexpr std::string_view kId = "vortex.zigzag";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Signed integers mapped to unsigned ones so that small magnitudes become small values:
/// out[i] = (u >> 1) ^ -(u & 1), reinterpreted as the signed type. The validity is the
/// encoded child's.
class ZigZagArray final : public Array {
public:
    /// `encoded` must be an unsigned integer array (of any encoding); the dtype is the signed
    /// type of the same width with the child's nullability.
    static Result<std::shared_ptr<const ZigZagArray>> TryMake(const ArrayRef &encoded);

    const ArrayRef &encoded() const { return children()[0]; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override { return encoded()->is_valid(i); }
    Mask validity_mask() const override { return encoded()->validity_mask(); }
    /// Canonicalizes the child and decodes every value (a branch-free loop).
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    // Slice, filter and take select positions, which commutes with the element-wise decode:
    // they run on the child and wrap the result.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    /// Null count is the child's; other statistics fall back to the canonical form.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    ZigZagArray(Token, DType dtype, const ArrayRef &encoded);
};

/// Zigzag-encodes a canonical signed integer PrimitiveArray (InvalidArgument otherwise);
/// values under nulls are encoded too, and the validity is kept as is.
Result<ArrayRef> ZigZagEncode(const ArrayRef &canonical);

} // namespace vortex::zigzag
