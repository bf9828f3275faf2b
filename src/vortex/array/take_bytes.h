// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "vortex/buffer/buffer.h"

namespace vortex {

class Array;

/// Collects the bytes a take would read, so that a reader of a serialized array can fetch
/// only those (a few 1024-value blocks of a 1 MiB segment) before running the take. See
/// Array::DeclareTakeBytes and Encoding::PartialChildren for the protocol.
class TakeByteSink {
public:
    virtual ~TakeByteSink() = default;
    /// Bytes [offset, offset + length) of `buffer` (a buffer of the array being declared)
    /// will be read; the range is clamped to the buffer.
    virtual void Bytes(const Buffer &buffer, uint64_t offset, uint64_t length) = 0;

    /// Every byte of `buffer`.
    void Whole(const Buffer &buffer) { Bytes(buffer, 0, buffer.size()); }
    /// Every buffer of `array` and its whole subtree.
    void WholeTree(const Array &array);
    /// Elements `positions` of a buffer of fixed-width elements.
    void Elements(const Buffer &buffer, size_t width, std::span<const uint64_t> positions);
    /// Bits `positions` (after `bit_offset` bits) of a bit buffer: the bytes holding them.
    void Bits(const Buffer &buffer, size_t bit_offset, std::span<const uint64_t> positions);
};

} // namespace vortex
