// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/buffer/byte_range.h"
#include "vortex/io/read_at.h"

namespace vortex {

/// Tunes how nearby ranges merge into single reads.
struct CoalesceOptions {
    /// Ranges separated by at most this many unrequested bytes are read together. The default
    /// is the reference's setting for local files: reading 1 MiB more costs about as much as
    /// one more request on a disk or an object store (latency x bandwidth), while page-cache
    /// hits make either cost small.
    uint64_t max_gap = uint64_t{1} << 20;
    /// A merged read never spans more than this many bytes, which bounds the memory one read
    /// pins and keeps reads parallelisable. A single range longer than this is still read
    /// whole (ranges are never split). The default is the reference's for local files.
    uint64_t max_range = uint64_t{4} << 20;
    /// Merged reads start at a multiple of this (a power of two), so a range's bytes keep the
    /// alignment of their file offset when the source honours it (pass the source's
    /// `alignment_hint()`). 1 means no rounding.
    uint64_t alignment = 1;
};

/// Where one requested range sits inside the merged reads.
struct RangePlacement {
    size_t request = 0;             // index into CoalescePlan::requests
    uint64_t offset_in_request = 0; // the range starts this many bytes into that read
};

/// The merged reads, sorted by offset, and for each input range (in input order) the read
/// that covers it. Reads overlap only when alignment rounds a start down into the previous
/// read, by less than `alignment` bytes.
struct CoalescePlan {
    std::vector<ByteRange> requests;
    std::vector<RangePlacement> placements;
};

/// Merges `ranges` into fewer reads.
///
/// Algorithm: sort the ranges by offset (longest first among equal offsets), then sweep once.
/// The next range joins the current read if it lies inside it, or if it starts at most
/// `max_gap` bytes after the current end and the extended read (from its aligned start) spans
/// at most `max_range` bytes; otherwise it opens a new read at its offset rounded down to
/// `alignment`. O(n log n) time; the plan is independent of the input order.
/// Duplicates and overlaps fold into one read, unsorted input is fine, and a zero-length
/// range is placed like any other (inside a read, or as an empty read of its own).
/// Errors: InvalidArgument for a range whose end overflows, a zero or non-power-of-two
/// alignment.
Result<CoalescePlan> CoalesceRanges(std::span<const ByteRange> ranges, const CoalesceOptions &options = {});

/// Reads `ranges` from `source` with the merged reads of CoalesceRanges and returns, in input
/// order, one zero-copy slice of a merged read per range. A range past the end of the source
/// is an OutOfBounds error naming it; no read is issued then.
Result<std::vector<Buffer>>
ReadRanges(const ReadAt &source, std::span<const ByteRange> ranges, const CoalesceOptions &options = {});

} // namespace vortex
