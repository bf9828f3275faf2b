// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/buffer/byte_range.h"

namespace vortex {

struct SegmentSkeleton;

/// Reads data segments by id (spec: file-format 4). Implementations are thread-safe and return
/// buffers aligned as their SegmentSpec declares.
class SegmentSource {
public:
    /// A segment that can be read by range: its length, declared alignment and the skeleton
    /// kept from an earlier take (KeepSkeleton), if any.
    struct RangedSegment {
        uint64_t length = 0;
        size_t alignment = 1;
        std::shared_ptr<const SegmentSkeleton> skeleton;
    };

    virtual ~SegmentSource() = default;
    virtual Result<Buffer> ReadSegment(uint32_t segment_id) const = 0;
    /// True when reads are views of bytes already in memory (a mapped file): reading costs
    /// no I/O, only the pages touched.
    virtual bool reads_are_views() const { return false; }

    /// For a take of a few rows: the segment's length and alignment when reading only the
    /// ranges the take needs (ReadSegmentRanges) beats reading it whole; std::nullopt when
    /// it does not (small segments, memory already held) or the source cannot.
    virtual std::optional<RangedSegment> RangedRead(uint32_t segment_id) const {
        (void)segment_id;
        return std::nullopt;
    }
    /// Reads `ranges` (ascending, disjoint, inside the segment) of a segment RangedRead
    /// offered to `segment + range.offset`.
    virtual Status
    ReadSegmentRanges(uint32_t segment_id, std::span<const ByteRange> ranges, uint8_t *segment) const;
    /// Offers the skeleton a take read of a segment, for later takes of it (a source may keep
    /// it, bounded, or not).
    virtual void KeepSkeleton(uint32_t segment_id,
                              const std::shared_ptr<const SegmentSkeleton> &skeleton) const {
        (void)segment_id;
        (void)skeleton;
    }
    /// ReadSegment for a reader that touches only a few bytes of the segment (a mapped file
    /// then faults in only those pages).
    virtual Result<Buffer> ReadSegmentSparse(uint32_t segment_id) const { return ReadSegment(segment_id); }
};

} // namespace vortex
