// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/dtype/ptype.h"

namespace vortex::fastlanes {

/// The decoded RLEMetadata proto. Spec: arrays-encodings 6.4: `1: values_len uint64;
/// 2: indices_len uint64; 3: indices_ptype PType; 4: values_idx_offsets_len uint64;
/// 5: values_idx_offsets_ptype PType; 6: offset uint64`.
struct RLEMetadata {
    uint64_t values_len = 0;
    uint64_t indices_len = 0;
    PType indices_ptype = PType::U16;
    uint64_t values_idx_offsets_len = 0;
    PType values_idx_offsets_ptype = PType::U64;
    uint64_t offset = 0;

    std::vector<uint8_t> Serialize() const;
    /// Parses the proto and checks the ptype tags (indices U8 or U16, offsets unsigned).
    static Result<RLEMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const RLEMetadata &) const = default;
};

/// `fastlanes.rle`: metadata RLEMetadata; no buffers; children [values (non-null, values_len),
/// indices (U8/U16, the array's nullability, indices_len), values_idx_offsets (unsigned,
/// non-null, one per block)]. Spec: arrays-encodings 6.4.
class RLEEncoding final : public EncodingBase<RLEEncoding> {
public:
    static constexpr std::string_view kId = "fastlanes.rle";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Per-block run-length coding of a primitive array (integers and floats), in natural order.
/// Block c (of 1024 physical positions) owns values [offsets[c] - offsets[0], end(c)), end
/// being the next block's start or values_len for the last block; position j of the block
/// decodes to values[start(c) + indices[c * 1024 + j]]. A block with a single value is filled
/// with it whatever its indices say. The array is physical positions [offset, offset + len).
class RLEArray final : public Array {
public:
    /// Checks dtypes, indices_len % 1024 == 0, one offset per block, offsets strictly
    /// increasing with every block owning >= 1 value, offset < 1024, offset + len <=
    /// indices_len. Indices are checked against their block's value count when decoded
    /// (null positions are clamped, valid out-of-range ones are an error).
    static Result<std::shared_ptr<const RLEArray>>
    TryMake(ArrayRef values, ArrayRef indices, ArrayRef values_idx_offsets, size_t offset, size_t len);

    const ArrayRef &values() const { return children()[0]; }
    const ArrayRef &indices() const { return children()[1]; }
    const ArrayRef &values_idx_offsets() const { return children()[2]; }
    size_t offset() const { return offset_; }
    RLEMetadata metadata() const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override { return indices()->is_valid(offset_ + i); }
    Mask validity_mask() const override { return indices()->validity_mask().Slice(offset_, len()); }
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

    struct Token {};
    RLEArray(Token,
             DType dtype,
             ArrayRef values,
             ArrayRef indices,
             ArrayRef values_idx_offsets,
             std::vector<uint64_t> block_starts,
             size_t offset,
             size_t len);

private:
    // First value of block c, relative to values().
    size_t BlockStart(size_t block) const { return block_starts_[block]; }
    // One past the last value of block c.
    size_t BlockEnd(size_t block) const {
        return block + 1 < block_starts_.size() ? block_starts_[block + 1] : values()->len();
    }

    // values_idx_offsets made relative to the first one, read once at construction (one
    // entry per block).
    std::vector<uint64_t> block_starts_;
    size_t offset_;
};

/// Encodes a canonical primitive array as the reference does: nulls filled forward within
/// each block, the last block padded with the last value, U16 indices (validity padded with
/// nulls), U64 block offsets.
Result<ArrayRef> RLEEncode(const ArrayRef &canonical);

} // namespace vortex::fastlanes
