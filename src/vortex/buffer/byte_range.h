// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

namespace vortex {

/// A byte range [offset, offset + length) of a source, a segment or a buffer.
struct ByteRange {
    uint64_t offset = 0;
    uint64_t length = 0;

    uint64_t end() const { return offset + length; }
    bool operator==(const ByteRange &) const = default;
};

} // namespace vortex
