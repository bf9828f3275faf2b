// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/flat_layout.h"

#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/format/layout_metadata.pb.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/segment_source.h"
#include "vortex/serde/proto_message.h"

namespace vortex {

const FlatLayoutEncoding &FlatLayoutEncoding::Instance() {
    static const FlatLayoutEncoding instance;
    return instance;
}

Result<LayoutRef> FlatLayoutEncoding::Build(const DType &dtype,
                                            uint64_t row_count,
                                            std::span<const uint8_t> metadata,
                                            std::vector<uint32_t> segment_ids,
                                            const LayoutChildren &children) const {
    VX_ENSURE(segment_ids.size() == 1, Serde, "vortex.flat: expected 1 segment, found {}",
              segment_ids.size());
    VX_ENSURE(children.size() == 0, Serde, "vortex.flat: expected no children, found {}", children.size());
    // The optional inline copy of the array tree is only a hint; the segment holds the full
    // serialized array, so it is parsed (to reject garbage) and otherwise ignored.
    if (!metadata.empty()) {
        vortex::layout::FlatLayoutMetadata proto;
        VX_RETURN_NOT_OK(serde::ParseProtoMessage(metadata, proto, "vortex.flat metadata"));
    }
    return LayoutRef(new FlatLayout(dtype, row_count, {metadata.begin(), metadata.end()}, segment_ids[0]));
}

FlatLayout::FlatLayout(DType dtype, uint64_t row_count, std::vector<uint8_t> metadata, uint32_t segment_id)
    : Layout(FlatLayoutEncoding::Instance(),
             std::move(dtype),
             row_count,
             std::move(metadata),
             {},
             {segment_id}) {}

LayoutRef FlatLayout::Make(DType dtype, uint64_t row_count, uint32_t segment_id) {
    return LayoutRef(new FlatLayout(std::move(dtype), row_count, {}, segment_id));
}

Result<ArrayRef> FlatLayout::ReadAll(const LayoutReadContext &ctx) const {
    auto load = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(Buffer segment, ctx.segments.ReadSegment(segment_id()));
        VX_ENSURE(row_count() <= SIZE_MAX, Serde, "vortex.flat: {} rows do not fit in memory", row_count());
        return DeserializeArray(segment, dtype(), static_cast<size_t>(row_count()), ctx.arrays);
    };
    return ctx.cache != nullptr ? ctx.cache->GetOrLoad(this, load) : load();
}

Result<ArrayRef> FlatLayout::Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const {
    VX_RETURN_NOT_OK(CheckRange(begin, end));
    VX_ASSIGN_OR_RETURN(ArrayRef array, ReadAll(ctx));
    if (begin == 0 && end == row_count()) {
        return array;
    }
    return Slice(array, static_cast<size_t>(begin), static_cast<size_t>(end));
}

Result<ArrayRef> FlatLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    VX_RETURN_NOT_OK(CheckRows(rows));
    VX_ASSIGN_OR_RETURN(ArrayRef array, ReadAll(ctx));
    if (rows.size() == array->len()) {
        return array; // every row
    }
    if (auto taken = TakeEncoded(array, RowIndices(rows, 0))) {
        return *std::move(taken);
    }
    // No take kernel: decode only the span of the rows, from the array already read.
    if (rows.empty()) {
        return Slice(array, 0, 0);
    }
    VX_ASSIGN_OR_RETURN(
        ArrayRef span, Slice(array, static_cast<size_t>(rows.front()), static_cast<size_t>(rows.back() + 1)));
    return TakeFromSpan(span, rows);
}

} // namespace vortex
