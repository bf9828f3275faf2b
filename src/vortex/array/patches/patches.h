// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/encoding.h"
#include "vortex/base/result.h"
#include "vortex/buffer/bit_buffer.h"
#include "vortex/buffer/mask.h"

namespace vortex::array {
class PatchesMetadata;
} // namespace vortex::array

namespace vortex {

class TakeByteSink;

/// Exceptions laid over a base array: element `indices[j] - offset` is `values[j]`.
/// Shared by fastlanes.bitpacked, vortex.alp, vortex.alprd and vortex.sparse.
/// Spec: arrays-encodings, section 3 "Patches".
///
/// Indices are absolute (pre-slice) positions, strictly increasing and inside
/// [offset, offset + array_len); slicing moves `offset` instead of rewriting them, as the
/// reference does. The values have the patched array's dtype and may hold nulls. Both are
/// checked once, at construction; afterwards every accessor is infallible. A chunk-offsets
/// child read from a file is kept only so that the node re-serializes as it was read; it
/// never steers a lookup (a decoder may ignore it, spec section 3).
class Patches {
public:
    /// Validates and builds patches over an array of `array_len` elements. `indices` must be
    /// a non-nullable unsigned integer array, `values` of the same length.
    static Result<Patches> TryMake(size_t array_len, size_t offset, ArrayRef indices, ArrayRef values);

    /// Builds patches from a node's PatchesMetadata and its children starting at
    /// `first_child` (indices, values, then chunk_offsets when the metadata declares them).
    /// Every check failure is a Serde error.
    static Result<Patches> FromChildren(const vortex::array::PatchesMetadata &metadata,
                                        size_t array_len,
                                        const DType &values_dtype,
                                        const ArrayChildren &children,
                                        size_t first_child);
    /// How many children FromChildren() consumes for `metadata` (2 or 3).
    static size_t ChildCount(const vortex::array::PatchesMetadata &metadata);

    /// The metadata and children to serialize, in the order FromChildren() reads them.
    void ToMetadata(vortex::array::PatchesMetadata *metadata) const;
    void AppendChildren(std::vector<ArrayRef> &children) const;
    size_t num_children() const { return chunk_offsets_ ? 3 : 2; }

    size_t array_len() const { return array_len_; }
    size_t offset() const { return offset_; }
    /// Number of patches.
    size_t num_patches() const { return indices_->len(); }
    /// The indices as stored (absolute positions, unsigned ptype).
    const ArrayRef &indices() const { return indices_; }
    const ArrayRef &values() const { return values_; }
    PType indices_ptype() const { return indices_->dtype().ptype(); }

    /// Position (in this array, i.e. index - offset) of patch `j`.
    size_t position(size_t j) const;
    /// The patch at array position `i`, if any (binary search).
    std::optional<size_t> Find(size_t i) const;
    /// Patch numbers whose positions fall in [start, stop).
    std::pair<size_t, size_t> Range(size_t start, size_t stop) const;

    /// Writes the patch values into `out` (array positions) and, when `validity` is given,
    /// sets each patched position's validity bit from the value's. The values must be a
    /// primitive ptype whose width matches T.
    template <typename T>
    Status ApplyTo(std::span<T> out, BitBufferMut *validity) const;

    /// Patches of the slice [start, stop), or nullopt when none fall inside.
    Result<std::optional<Patches>> Slice(size_t start, size_t stop) const;
    /// Patches of the filtered array (positions renumbered by the mask's ranks), or nullopt.
    Result<std::optional<Patches>> Filter(const Mask &mask) const;
    /// Patches of a take by `positions` (as decoded by DecodeTakeIndices; `valid` marks
    /// non-null indices), or nullopt when no taken position is patched.
    Result<std::optional<Patches>> Take(std::span<const size_t> positions, const Mask &valid) const;
    /// Declares the bytes of the patch values Take(positions) reads (see
    /// Array::DeclareTakeBytes); the indices are read whole when the patches are built.
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const;

private:
    Patches(size_t array_len,
            size_t offset,
            ArrayRef indices,
            std::shared_ptr<const PrimitiveArray> canonical_indices,
            ArrayRef values,
            ArrayRef chunk_offsets,
            std::optional<uint64_t> offset_within_chunk);
    // Builds patches at array positions `positions` (strictly increasing, offset 0) taking
    // values[value_indices[k]].
    Result<Patches> Derive(size_t array_len,
                           const std::vector<uint64_t> &positions,
                           const std::vector<uint64_t> &value_indices) const;

    size_t array_len_ = 0;
    size_t offset_ = 0;
    ArrayRef indices_;
    std::shared_ptr<const PrimitiveArray> canonical_indices_;
    ArrayRef values_;
    ArrayRef chunk_offsets_;
    std::optional<uint64_t> offset_within_chunk_;
};

} // namespace vortex
