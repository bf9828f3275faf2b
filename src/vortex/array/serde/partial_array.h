// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/buffer/byte_range.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// Reads ranges of one serialized array (a segment) into memory laid out like the segment.
class SegmentRangeReader {
public:
    virtual ~SegmentRangeReader() = default;
    /// Reads each range (ascending, disjoint, inside the segment) to `segment + range.offset`.
    virtual Status Read(std::span<const ByteRange> ranges, uint8_t *segment) const = 0;
};

/// Tunes DeserializeArrayForTake.
struct PartialReadOptions {
    /// Ranges at most this many bytes apart are read as one (a read costs about as much as
    /// copying a few kilobytes from the page cache).
    uint64_t max_gap = 4096;
    /// The first read takes this many bytes from the end, enough for most array flatbuffers.
    uint64_t tail_guess = 1024;
    /// When a take needs more than this fraction of the segment, the rest is read whole.
    double whole_fraction = 0.5;
};

/// The bytes of a segment every take reads, whatever its rows: the tail and the buffers
/// Build() reads. Kept (SegmentSource::KeepSkeleton), they spare the next take of the segment
/// all but the reads of its rows' blocks.
struct SegmentSkeleton {
    std::vector<std::pair<ByteRange, Buffer>> parts;
    uint64_t bytes() const;
};

/// One segment to read in part.
struct PartialSegment {
    const SegmentRangeReader &reader;
    uint64_t size = 0;
    size_t alignment = 1;
    /// Its skeleton from an earlier take, or null.
    std::shared_ptr<const SegmentSkeleton> skeleton;
};

/// The array for the take, and the segment's skeleton when it was read this time.
struct PartialTake {
    ArrayRef array;
    std::shared_ptr<const SegmentSkeleton> skeleton;
};

/// Decodes the serialized array of `segment.size` bytes that `segment.reader` reads (see
/// DeserializeArray) for a take of `positions` (ascending, each < len), reading only the
/// bytes that take needs: first the skeleton (unless given): the tail, then the buffers of
/// nodes whose Build() reads them (Encoding::PartialChildren); then the ranges the tree
/// declares for `positions` (Array::DeclareTakeBytes). The result serves Take(result, positions) and nothing
/// else: the bytes not read are unspecified (poisoned under AddressSanitizer), and the stored statistics are
/// not installed. The same errors as DeserializeArray; a tree whose root cannot be read in part is read
/// whole.
Result<PartialTake> DeserializeArrayForTake(const PartialSegment &segment,
                                            const DType &dtype,
                                            size_t len,
                                            std::span<const uint64_t> positions,
                                            const ArrayReadContext &context,
                                            const PartialReadOptions &options = {});

} // namespace vortex
