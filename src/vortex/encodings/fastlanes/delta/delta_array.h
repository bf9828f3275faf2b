// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex::fastlanes {

/// The decoded DeltaMetadata proto. Spec: arrays-encodings 6.3: `1: deltas_len uint64;
/// 2: offset uint32 (< 1024)`.
struct DeltaMetadata {
    uint64_t deltas_len = 0;
    uint32_t offset = 0;

    std::vector<uint8_t> Serialize() const;
    /// Parses the proto; range checks are left to the array (the golden bytes hold maxima).
    static Result<DeltaMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const DeltaMetadata &) const = default;
};

/// `fastlanes.delta`: metadata DeltaMetadata; no buffers; children [bases, deltas], both with
/// the array dtype. Spec: arrays-encodings 6.3.
class DeltaEncoding final : public EncodingBase<DeltaEncoding> {
public:
    static constexpr std::string_view kId = "fastlanes.delta";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Number of bases for `deltas_len` deltas of a `ptype` array: one per lane of every whole
/// block, plus one for a trailing partial block (the legacy form).
size_t DeltaBasesLen(PType ptype, size_t deltas_len);

/// FastLanes delta coding over whole 1024-value blocks, sliced by [offset, offset + len).
///
/// Current form (deltas_len % 1024 == 0, what every writer since 0.65 produces): per block b
/// and lane L, bases[b * lanes + L] starts a running sum over the lane's deltas in FastLanes
/// row order; the validity of the deltas is stored bit-transposed per block.
/// Legacy form, detected by deltas_len % 1024 != 0: the whole blocks are as above except that
/// the validity is not transposed, and the trailing partial block is a plain running sum from
/// one extra base.
class DeltaArray final : public Array {
public:
    /// `bases` and `deltas` are integer arrays of the same ptype; the dtype is bases' ptype with
    /// deltas' nullability. Checks the lengths above, offset < 1024 and offset + len <=
    /// deltas->len().
    static Result<std::shared_ptr<const DeltaArray>>
    TryMake(ArrayRef bases, ArrayRef deltas, size_t offset, size_t len);

    const ArrayRef &bases() const { return children()[0]; }
    const ArrayRef &deltas() const { return children()[1]; }
    size_t offset() const { return offset_; }
    /// True for the legacy form (a trailing partial block; untransposed validity).
    bool is_legacy() const { return deltas()->len() % 1024 != 0; }
    DeltaMetadata metadata() const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override;
    Mask validity_mask() const override;
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

    struct Token {};
    DeltaArray(Token, DType dtype, ArrayRef bases, ArrayRef deltas, size_t offset, size_t len);

private:
    // Position in deltas() of the validity bit of physical element `position`.
    size_t StoredValidityIndex(size_t position) const;

    size_t offset_;
};

/// Encodes a canonical integer array (signed ones through their unsigned bits) as the
/// reference does: nulls filled forward within each block, the input zero-padded to whole
/// blocks, bases = the first transposed row of each block, deltas with transposed validity.
Result<ArrayRef> DeltaEncode(const ArrayRef &canonical);

} // namespace vortex::fastlanes
