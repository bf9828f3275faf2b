// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/layout/layout.h"

namespace vortex {

/// `vortex.chunked`: row-wise concatenation of children of the parent's dtype; empty metadata,
/// no segments. Zero children is how an empty column is written (spec: layouts-scan 1.2).
class ChunkedLayoutEncoding final : public LayoutEncodingBase<ChunkedLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.chunked";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class ChunkedLayout final : public Layout {
public:
    /// Children must all have `dtype`; the row count is their sum.
    static Result<LayoutRef> Make(DType dtype, std::vector<LayoutRef> chunks);

    size_t nchunks() const { return children().size(); }
    const LayoutRef &chunk(size_t i) const { return child(i); }
    /// First row of chunk i; chunk_offsets()[nchunks()] == row_count().
    const std::vector<uint64_t> &chunk_offsets() const { return offsets_; }
    Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const override;
    /// Each chunk holding some of `rows` gathers its own; the pieces are concatenated.
    Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const override;

private:
    ChunkedLayout(DType dtype,
                  uint64_t row_count,
                  std::vector<LayoutRef> chunks,
                  std::vector<uint64_t> offsets);
    std::vector<uint64_t> offsets_;
};

} // namespace vortex
