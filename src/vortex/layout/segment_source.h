// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// Reads data segments by id (spec: file-format 4). Implementations are thread-safe and return
/// buffers aligned as their SegmentSpec declares.
class SegmentSource {
public:
    virtual ~SegmentSource() = default;
    virtual Result<Buffer> ReadSegment(uint32_t segment_id) const = 0;
};

} // namespace vortex
