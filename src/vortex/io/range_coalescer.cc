// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/range_coalescer.h"

#include <algorithm>
#include <limits>
#include <numeric>

#include "vortex/base/checked_cast.h"

namespace vortex {

Result<CoalescePlan> CoalesceRanges(std::span<const ByteRange> ranges, const CoalesceOptions &options) {
    const uint64_t alignment = options.alignment;
    VX_ENSURE(alignment != 0 && (alignment & (alignment - 1)) == 0, InvalidArgument,
              "coalescing alignment must be a power of two, got {}", alignment);
    for (size_t i = 0; i < ranges.size(); ++i) {
        VX_ENSURE(ranges[i].length <= std::numeric_limits<uint64_t>::max() - ranges[i].offset,
                  InvalidArgument, "range {} ({} bytes at offset {}) overflows the 64-bit offset space", i,
                  ranges[i].length, ranges[i].offset);
    }

    // Sweep in offset order. Among ranges with one offset the longest comes first, so it opens
    // the read and the others are contained in it; the plan then does not depend on input order.
    std::vector<size_t> order(ranges.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return ranges[a].offset != ranges[b].offset ? ranges[a].offset < ranges[b].offset
                                                    : ranges[a].length > ranges[b].length;
    });

    CoalescePlan plan;
    plan.placements.resize(ranges.size());
    for (const size_t index : order) {
        const ByteRange &range = ranges[index];
        if (!plan.requests.empty()) {
            ByteRange &current = plan.requests.back();
            const uint64_t current_end = current.end();
            // Sorted input: range.offset >= current.offset, so only the gap after the end matters.
            // A range inside the current read always joins it, even an oversized one: it is free.
            const bool contained = range.end() <= current_end;
            const bool near = range.offset <= current_end || range.offset - current_end <= options.max_gap;
            const uint64_t merged_end = std::max(current_end, range.end());
            if (contained || (near && merged_end - current.offset <= options.max_range)) {
                current.length = merged_end - current.offset;
                plan.placements[index] = {plan.requests.size() - 1, range.offset - current.offset};
                continue;
            }
        }
        const uint64_t start = range.offset & ~(alignment - 1);
        plan.requests.push_back({start, range.end() - start});
        plan.placements[index] = {plan.requests.size() - 1, range.offset - start};
    }
    return plan;
}

Result<std::vector<Buffer>>
ReadRanges(const ReadAt &source, std::span<const ByteRange> ranges, const CoalesceOptions &options) {
    if (ranges.empty()) {
        return std::vector<Buffer>{};
    }
    VX_ASSIGN_OR_RETURN(const uint64_t size, source.Size());
    for (size_t i = 0; i < ranges.size(); ++i) {
        const Status in_bounds = CheckReadRange(source.name(), ranges[i].offset, ranges[i].length, size);
        if (!in_bounds.ok()) {
            return in_bounds.WithContext(format("range {} of {}", i, ranges.size()));
        }
    }
    VX_ASSIGN_OR_RETURN(const CoalescePlan plan, CoalesceRanges(ranges, options));

    std::vector<Buffer> reads;
    reads.reserve(plan.requests.size());
    for (const ByteRange &request : plan.requests) {
        VX_ASSIGN_OR_RETURN(Buffer read, source.Read(request.offset, request.length));
        // A source breaking the exact-length contract would make the slices below abort.
        VX_ENSURE(read.size() == request.length, Internal,
                  "{}: read of {} bytes at offset {} returned {} bytes", source.name(), request.length,
                  request.offset, read.size());
        reads.push_back(std::move(read));
    }

    std::vector<Buffer> out;
    out.reserve(ranges.size());
    for (size_t i = 0; i < ranges.size(); ++i) {
        const RangePlacement &placement = plan.placements[i];
        out.push_back(reads[placement.request].Slice(CheckedCast<size_t>(placement.offset_in_request),
                                                     CheckedCast<size_t>(ranges[i].length)));
    }
    return out;
}

} // namespace vortex
