// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"

namespace vortex {

/// `vortex.chunked`: empty metadata, no buffers; children [chunk_offsets (U64 non-null,
/// nchunks + 1, first 0, last len), chunk 0, chunk 1, ...]. Spec: arrays-encodings 4.11.
class ChunkedEncoding final : public EncodingBase<ChunkedEncoding> {
public:
    static constexpr std::string_view kId = "vortex.chunked";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A logical array that concatenates chunks of one dtype.
class ChunkedArray final : public Array {
public:
    /// Every chunk's dtype must equal `dtype`.
    static Result<std::shared_ptr<const ChunkedArray>> TryMake(std::vector<ArrayRef> chunks, DType dtype);
    static std::shared_ptr<const ChunkedArray> Make(std::vector<ArrayRef> chunks, DType dtype);

    const std::vector<ArrayRef> &chunks() const { return chunks_; }
    size_t nchunks() const { return chunks_.size(); }
    const ArrayRef &chunk(size_t i) const {
        VX_CHECK_LT(i, chunks_.size());
        return chunks_[i];
    }
    /// nchunks + 1 row offsets: chunk k covers rows [chunk_offsets[k], chunk_offsets[k+1]).
    const std::vector<uint64_t> &chunk_offsets() const { return chunk_offsets_; }
    /// Returns (chunk index, index within the chunk) of row `i` < len().
    std::pair<size_t, size_t> FindChunk(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override;
    Mask validity_mask() const override;
    /// Concatenates the canonical chunks.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;

    struct Token {};
    ChunkedArray(Token,
                 DType dtype,
                 std::vector<ArrayRef> chunks,
                 std::vector<uint64_t> chunk_offsets,
                 const ArrayRef &offsets_child);

private:
    std::vector<ArrayRef> chunks_;
    std::vector<uint64_t> chunk_offsets_;
};

/// Concatenates arrays of one dtype into one canonical array.
Result<ArrayRef> ConcatCanonical(const std::vector<ArrayRef> &arrays, const DType &dtype);

} // namespace vortex
