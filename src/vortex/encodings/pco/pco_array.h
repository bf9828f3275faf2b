// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/validity.h"
#include "vortex/encodings/pco/pco_encoder.h"
#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

/// A primitive array in `vortex.pco`: the wrapped-format header, one chunk meta buffer per
/// chunk, then every page of every chunk, holding the valid values only, and the validity as
/// the child.
///
/// Construction parses the header and every chunk meta (a corrupt one fails there); pages are
/// decoded when values are needed: a slice or a single value decodes only the pages that hold
/// it, anything else decodes the whole array once and keeps it (pco has no random access below
/// a page). PcoCompress hands over the values it encoded, so nothing is decoded again.
class PcoArray final : public Array {
public:
    /// From a node's parts: `buffers` are the chunk metas then the pages, `page_counts` the
    /// values per page per chunk, which must add up to the valid rows.
    static Result<std::shared_ptr<const PcoArray>> TryMake(DType dtype,
                                                           size_t len,
                                                           std::string header,
                                                           std::vector<std::vector<uint32_t>> page_counts,
                                                           std::vector<Buffer> buffers,
                                                           Validity validity);
    /// `encoded` holds the valid values of `values` (a primitive array) in order.
    static Result<std::shared_ptr<const PcoArray>> TryMake(const EncodedNumbers &encoded, ArrayRef values);

    /// Values per page, per chunk.
    const std::vector<std::vector<uint32_t>> &page_counts() const { return page_counts_; }
    const std::string &header() const { return header_; }
    const Validity &validity() const { return validity_; }

    /// Decodes the pages holding rows [start, stop) and returns those rows as a primitive
    /// array. 0 <= start <= stop <= len().
    Result<ArrayRef> DecodeRows(size_t start, size_t stop) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    /// Chunk metas and pages are opaque bytes.
    size_t buffer_alignment(size_t) const override { return 1; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// The whole array, decoded once.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

    // Where a page sits: its chunk, its buffer, and the index of its first value among all.
    struct Page {
        size_t chunk = 0;
        size_t buffer = 0;
        uint64_t value_start = 0;
        uint32_t n = 0;
    };
    struct Token {};
    PcoArray(Token,
             DType dtype,
             size_t len,
             std::string header,
             std::vector<std::vector<uint32_t>> page_counts,
             std::vector<ChunkMeta> chunk_metas,
             std::vector<Page> pages,
             std::vector<Buffer> buffers,
             Validity validity);

private:
    // The valid values [value_start, value_stop) back to back.
    Result<Buffer> DecodeValues(uint64_t value_start, uint64_t value_stop) const;
    // The decoded array if ToCanonical has run (or PcoCompress provided it).
    const ArrayRef *decoded() const;

    std::string header_;
    std::vector<std::vector<uint32_t>> page_counts_;
    std::vector<ChunkMeta> chunk_metas_;
    std::vector<Page> pages_;
    Validity validity_;
    mutable std::once_flag decode_once_;
    mutable std::optional<Result<ArrayRef>> decoded_;
    // Set once decoded_ holds its final value (after the once_flag's work, or at construction).
    mutable std::atomic<bool> decoded_ready_ = false;
};

/// Compresses a primitive array of a ptype NumberTypeOf maps (any encoding; canonicalized first).
Result<std::shared_ptr<const PcoArray>> PcoCompress(const ArrayRef &array, const EncodeOptions &options = {});

} // namespace vortex::pco
