// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/patches/patches.h"
#include "vortex/array/validity.h"
#include "vortex/dtype/ptype.h"

namespace vortex::fastlanes {

/// `fastlanes.bitpacked`. Spec: arrays-encodings 6.1.
///   metadata  BitPackedMetadata { 1: bit_width uint32; 2: offset uint32 (< 1024);
///             3: patches optional PatchesMetadata }
///   buffers   [packed]: ceil((offset + len) / 1024) * 128 * bit_width bytes, aligned to the
///             ptype width
///   children  patch indices, patch values, [patch chunk_offsets] (when patched), then the
///             optional validity child
class BitPackedEncoding final : public EncodingBase<BitPackedEncoding> {
public:
    static constexpr std::string_view kId = "fastlanes.bitpacked";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Integers stored as `bit_width`-bit values in FastLanes blocks of 1024 (spec section 5.1),
/// with exceptions (values wider than bit_width, negative values) as patches. Element `i` is
/// packed element `offset + i`; signed ptypes are packed as the unsigned type of their width.
class BitPackedArray final : public Array {
public:
    /// Checks every invariant of the spec: integer ptype, bit_width <= ptype bits,
    /// offset < 1024, exact packed size, patches over `len` elements with values of the
    /// array's ptype, validity of `len`. Re-aligns `packed` to the ptype width if needed.
    static Result<std::shared_ptr<const BitPackedArray>> TryMake(PType ptype,
                                                                 Buffer packed,
                                                                 uint8_t bit_width,
                                                                 uint16_t offset,
                                                                 size_t len,
                                                                 std::optional<Patches> patches,
                                                                 Validity validity);

    PType ptype() const { return dtype().ptype(); }
    uint8_t bit_width() const { return bit_width_; }
    /// Position of element 0 inside the first packed block (< 1024).
    uint16_t offset() const { return offset_; }
    const Buffer &packed() const { return buffers()[0]; }
    const std::optional<Patches> &patches() const { return patches_; }
    const Validity &validity() const { return validity_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    size_t buffer_alignment(size_t) const override { return ByteWidth(ptype()); }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Unpacks whole blocks straight into the output buffer, then applies patches.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// Stays bit-packed: a block-aligned slice of the buffer and a new offset.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Decodes only the blocks (or single values) the mask touches.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    /// Unpacks single values (or whole blocks hit by many indices); falls back to canonical
    /// when the indices are many relative to the array.
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    /// Unpacks block by block into a scratch block and tests it there (no decoded column).
    std::optional<Result<BitBuffer>> IntRangeImpl(const IntRange &range) const override;
    /// One IntRangeImpl test per comparison.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    BitPackedArray(Token,
                   DType dtype,
                   size_t len,
                   Buffer packed,
                   std::vector<ArrayRef> children,
                   uint8_t bit_width,
                   uint16_t offset,
                   std::optional<Patches> patches,
                   Validity validity);

private:
    // Decodes the packed (unpatched) values at `positions` (< len) into a new array of
    // positions.size() values with `validity`, then applies `patches` (over the output).
    Result<ArrayRef>
    Gather(std::span<const size_t> positions, const std::optional<Patches> &patches, Validity validity) const;

    uint8_t bit_width_;
    uint16_t offset_;
    std::optional<Patches> patches_;
    Validity validity_;
};

/// Bit-packs a canonical integer array (any integer ptype, any validity) at `bit_width`
/// (<= ptype bits). Values that need more than `bit_width` bits, and negative values of
/// signed ptypes, become patches (only at valid positions); null slots pack as 0.
Result<ArrayRef> BitPackEncode(const ArrayRef &canonical_int_array, uint8_t bit_width);

/// The bit width minimizing packed bytes plus patch bytes (ptype width + 4 per patch), as the
/// reference compressor estimates it; nulls count as width 0. `canonical_int_array` must be a
/// canonical integer array.
Result<uint8_t> BestBitWidth(const ArrayRef &canonical_int_array);

/// Number of values of each bit width 0..=bits(ptype) among the valid elements (nulls count as
/// width 0; negative values as the full width).
Result<std::vector<size_t>> BitWidthHistogram(const ArrayRef &canonical_int_array);

/// BestBitWidth over a histogram from BitWidthHistogram().
uint8_t BestBitWidth(PType ptype, std::span<const size_t> histogram);

} // namespace vortex::fastlanes
