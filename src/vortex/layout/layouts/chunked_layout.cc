// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/chunked_layout.h"

#include <algorithm>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/canonical.h"

namespace vortex {

namespace {

Result<std::vector<uint64_t>> ChunkOffsets(const std::vector<LayoutRef> &chunks) {
    std::vector<uint64_t> offsets;
    offsets.reserve(chunks.size() + 1);
    uint64_t total = 0;
    offsets.push_back(0);
    for (const LayoutRef &chunk : chunks) {
        VX_ENSURE(chunk->row_count() <= UINT64_MAX - total, Serde, "vortex.chunked: row count overflows u64");
        total += chunk->row_count();
        offsets.push_back(total);
    }
    return offsets;
}

} // namespace

Result<LayoutRef> ChunkedLayoutEncoding::Build(const DType &dtype,
                                               uint64_t row_count,
                                               std::span<const uint8_t> metadata,
                                               std::vector<uint32_t> segment_ids,
                                               const LayoutChildren &children) const {
    // Old writers used a metadata byte for a statistics child; current ones write none, and
    // the reference ignores it, so it is tolerated (spec: file-format 9).
    (void)metadata;
    VX_ENSURE(segment_ids.empty(), Serde, "vortex.chunked: expected no segments, found {}",
              segment_ids.size());
    std::vector<LayoutRef> chunks;
    chunks.reserve(children.size());
    for (size_t i = 0; i < children.size(); ++i) {
        VX_ASSIGN_OR_RETURN(LayoutRef chunk, children.Get(i, dtype));
        chunks.push_back(std::move(chunk));
    }
    VX_ASSIGN_OR_RETURN(LayoutRef layout, ChunkedLayout::Make(dtype, std::move(chunks)));
    VX_ENSURE(layout->row_count() == row_count, Serde, "vortex.chunked: {} rows declared, children hold {}",
              row_count, layout->row_count());
    return layout;
}

ChunkedLayout::ChunkedLayout(DType dtype,
                             uint64_t row_count,
                             std::vector<LayoutRef> chunks,
                             std::vector<uint64_t> offsets)
    : Layout(ChunkedLayoutEncoding::Instance(), std::move(dtype), row_count, {}, std::move(chunks), {}),
      offsets_(std::move(offsets)) {}

Result<LayoutRef> ChunkedLayout::Make(DType dtype, std::vector<LayoutRef> chunks) {
    for (const LayoutRef &chunk : chunks) {
        VX_ENSURE(chunk->dtype() == dtype, MismatchedTypes, "vortex.chunked: chunk of {} in a layout of {}",
                  chunk->dtype(), dtype);
    }
    VX_ASSIGN_OR_RETURN(std::vector<uint64_t> offsets, ChunkOffsets(chunks));
    uint64_t rows = offsets.back();
    return LayoutRef(new ChunkedLayout(std::move(dtype), rows, std::move(chunks), std::move(offsets)));
}

Result<ArrayRef> ChunkedLayout::Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const {
    VX_RETURN_NOT_OK(CheckRange(begin, end));
    if (begin == end) {
        return EmptyArray(dtype());
    }
    // The first chunk whose end is past `begin`.
    size_t first =
        static_cast<size_t>(std::upper_bound(offsets_.begin(), offsets_.end(), begin) - offsets_.begin()) - 1;
    std::vector<ArrayRef> parts;
    for (size_t i = first; i < nchildren() && offsets_[i] < end; ++i) {
        uint64_t lo = std::max(begin, offsets_[i]) - offsets_[i];
        uint64_t hi = std::min(end, offsets_[i + 1]) - offsets_[i];
        if (lo == hi) {
            continue;
        }
        VX_ASSIGN_OR_RETURN(ArrayRef part, child(i)->Read(ctx, lo, hi));
        parts.push_back(std::move(part));
    }
    if (parts.size() == 1) {
        return parts[0];
    }
    VX_ASSIGN_OR_RETURN(auto chunked, ChunkedArray::TryMake(std::move(parts), dtype()));
    return ArrayRef(std::move(chunked));
}

Result<ArrayRef> ChunkedLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    VX_RETURN_NOT_OK(CheckRows(rows));
    std::vector<ArrayRef> parts;
    std::vector<uint64_t> local;
    for (size_t i = 0; i < rows.size();) {
        // The last chunk starting at or before the row: never an empty one.
        const auto chunk = static_cast<size_t>(std::upper_bound(offsets_.begin(), offsets_.end(), rows[i]) -
                                               offsets_.begin() - 1);
        local.clear();
        for (; i < rows.size() && rows[i] < offsets_[chunk + 1]; ++i) {
            local.push_back(rows[i] - offsets_[chunk]);
        }
        VX_ASSIGN_OR_RETURN(ArrayRef part, child(chunk)->TakeRows(ctx, local));
        parts.push_back(std::move(part));
    }
    if (parts.empty()) {
        return EmptyArray(dtype());
    }
    // A few rows per chunk: one canonical array now is cheaper than a chunked one decoded later.
    return ConcatCanonical(parts, dtype());
}

} // namespace vortex
