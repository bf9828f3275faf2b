// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/flat_layout.h"

#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/serde/partial_array.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/format/layout_metadata.pb.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/segment_source.h"
#include "vortex/serde/proto_message.h"

namespace vortex {

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

namespace {

// One segment's ranges, read through the file's SegmentSource.
class SegmentRanges final : public SegmentRangeReader {
public:
    SegmentRanges(const SegmentSource &segments, uint32_t segment_id)
        : segments_(segments), segment_id_(segment_id) {}
    Status Read(std::span<const ByteRange> ranges, uint8_t *segment) const override {
        return segments_.ReadSegmentRanges(segment_id_, ranges, segment);
    }

private:
    const SegmentSource &segments_;
    uint32_t segment_id_;
};

} // namespace

std::optional<Result<ArrayRef>> FlatLayout::TakeInPart(const LayoutReadContext &ctx,
                                                       std::span<const uint64_t> rows) const {
    if (!ctx.partial_takes || rows.empty() || rows.size() > row_count() / kPartialTakeRatio ||
        (ctx.cache != nullptr && ctx.cache->Peek(this) != nullptr)) {
        return std::nullopt;
    }
    const auto len = static_cast<size_t>(row_count()); // a take of fewer rows than this fits
    Result<ArrayRef> array = Status::Internal("unread");
    bool whole = false;
    if (auto ranged = ctx.segments.RangedRead(segment_id())) {
        const SegmentRanges reader(ctx.segments, segment_id());
        auto partial =
            DeserializeArrayForTake({reader, ranged->length, ranged->alignment, std::move(ranged->skeleton)},
                                    dtype(), len, rows, ctx.arrays);
        if (!partial.ok()) {
            return Result<ArrayRef>(partial.status());
        }
        if (partial->skeleton != nullptr) {
            ctx.segments.KeepSkeleton(segment_id(), partial->skeleton);
        }
        array = std::move(partial->array);
    } else {
        whole = true; // a mapped segment: the take touches only the pages it reads
        auto segment = ctx.segments.ReadSegmentSparse(segment_id());
        if (!segment.ok()) {
            return Result<ArrayRef>(segment.status());
        }
        array = DeserializeArray(*segment, dtype(), len, ctx.arrays, /*statistics=*/false);
    }
    if (!array.ok()) {
        return Result<ArrayRef>(array.status());
    }
    if (auto taken = TakeEncoded(*array, RowIndices(rows, 0))) {
        return taken;
    }
    if (!whole) {
        return std::nullopt; // no take kernel: the span of the rows needs the whole segment
    }
    auto span = Slice(*array, static_cast<size_t>(rows.front()), static_cast<size_t>(rows.back() + 1));
    if (!span.ok()) {
        return Result<ArrayRef>(span.status());
    }
    return TakeFromSpan(*span, rows);
}

Result<ArrayRef> FlatLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    VX_RETURN_NOT_OK(CheckRows(rows));
    if (auto partial = TakeInPart(ctx, rows)) {
        return *std::move(partial);
    }
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
