// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex::patched {

/// `vortex.patched` (read only; the reference writes it only when
/// VORTEX_EXPERIMENTAL_PATCHED_ARRAY=1): a primitive array with exception values kept apart,
/// grouped by 1024-row chunk and lane. Metadata PatchedMetadata{1: n_patches, 2: n_lanes,
/// 3: offset}; no buffers; children [inner (the dtype, len), lane_offsets (u32,
/// chunks * n_lanes + 1), indices (u16, n_patches; positions inside the chunk), values (the
/// dtype, n_patches)] where chunks = ceil((offset + len) / 1024).
///
/// Row r of the array is inner[r], unless a patch of chunk c = (offset + r) / 1024 has index
/// (offset + r) % 1024: then it is that patch's value (the validity stays the inner's).
/// Build() checks the metadata and the children's dtypes and lengths and returns a
/// PatchedArray, which applies the patches when canonicalized.
class PatchedEncoding final : public EncodingBase<PatchedEncoding> {
public:
    static constexpr std::string_view kId = "vortex.patched";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A vortex.patched node, decoded lazily: ToCanonical() checks the lane offsets (the chunk
/// boundaries must stay inside the patches and never go back) and applies the patches over
/// the canonical inner array; malformed children give Serde errors there.
class PatchedArray final : public Array {
public:
    /// Children as Build() received them, already checked against `dtype` and `len`.
    struct Token {};
    PatchedArray(
        Token, DType dtype, size_t len, std::vector<ArrayRef> children, uint32_t n_lanes, uint32_t offset);

    const ArrayRef &inner() const { return child(0); }
    uint32_t n_lanes() const { return n_lanes_; }
    uint32_t offset() const { return offset_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return inner()->is_valid(i); }
    Mask validity_mask() const override { return inner()->validity_mask(); }
    Result<ArrayRef> ToCanonical() const override;
    /// O(patches of one chunk): the inner row, or the last patch of its chunk at its index.
    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// Slices the inner array and the lane offsets of the chunks kept, as the reference does;
    /// the patches stay whole.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

private:
    uint32_t n_lanes_;
    uint32_t offset_;
};

} // namespace vortex::patched
