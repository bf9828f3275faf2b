// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// A source of bytes that files are opened from: implement it to read from anywhere.

#include <cstdint>
#include <string>

#include "vortex/status.hpp"

namespace vortex::api {

/// Protocol: both methods are called from any thread, concurrently; the size never changes
/// while a file opened from the source is in use.
class ReadAt {
public:
    virtual ~ReadAt() = default;

    /// The number of bytes in the source.
    virtual Result<uint64_t> Size() const = 0;
    /// Fills `out` with exactly the bytes [offset, offset + length), or returns an error. The
    /// range always lies inside the source.
    virtual Status Read(uint64_t offset, uint64_t length, uint8_t *out) const = 0;
    /// A name for error messages.
    virtual std::string name() const { return "custom source"; }
};

} // namespace vortex::api
