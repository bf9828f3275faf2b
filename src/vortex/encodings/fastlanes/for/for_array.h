// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/scalar/scalar.h"

namespace vortex::fastlanes {

/// `fastlanes.for`: metadata = the reference as bare ScalarValue bytes (decoded with the
/// array dtype); no buffers; one child `encoded` with the array's dtype.
/// Spec: arrays-encodings 6.2.
class FoREncoding final : public EncodingBase<FoREncoding> {
public:
    static constexpr std::string_view kId = "fastlanes.for";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Frame of reference: out[i] = encoded[i] + reference, wrapping in the ptype's width; the
/// validity is encoded's.
class FoRArray final : public Array {
public:
    /// `encoded` is an integer array; `reference` a non-null integer scalar of the same ptype
    /// (its nullability is adapted to encoded's). The array dtype is encoded's dtype.
    static Result<std::shared_ptr<const FoRArray>> TryMake(const ArrayRef &encoded, const Scalar &reference);

    const ArrayRef &encoded() const { return children()[0]; }
    /// The reference, with the array's dtype.
    const Scalar &reference() const { return reference_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return encoded()->is_valid(i); }
    Mask validity_mask() const override { return encoded()->validity_mask(); }
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    std::optional<Result<BitBuffer>> IntRangeImpl(const IntRange &range) const override;
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    FoRArray(Token, const ArrayRef &encoded, Scalar reference);

private:
    // Rebuilds a FoR array with this reference over a child derived from encoded().
    Result<ArrayRef> WithEncoded(Result<ArrayRef> new_encoded) const;

    Scalar reference_;
};

/// Encodes a canonical integer array: reference = min of the valid values (0 when there is
/// none), encoded = value - reference (wrapping, same ptype and validity; 0 under nulls).
Result<ArrayRef> FoREncode(const ArrayRef &canonical);

} // namespace vortex::fastlanes
