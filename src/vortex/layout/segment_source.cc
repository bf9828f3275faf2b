// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/segment_source.h"

#include <cstring>

namespace vortex {

Status SegmentSource::ReadSegmentRanges(uint32_t segment_id,
                                        std::span<const ByteRange> ranges,
                                        uint8_t *segment) const {
    VX_ASSIGN_OR_RETURN(Buffer whole, ReadSegment(segment_id));
    for (const ByteRange &range : ranges) {
        VX_ENSURE(range.offset <= whole.size() && range.length <= whole.size() - range.offset, OutOfBounds,
                  "range of {} bytes at {} outside segment {} of {} bytes", range.length, range.offset,
                  segment_id, whole.size());
        std::memcpy(segment + range.offset, whole.data() + range.offset, static_cast<size_t>(range.length));
    }
    return Status::OK();
}

} // namespace vortex
