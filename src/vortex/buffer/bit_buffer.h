// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vortex/base/bits.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// An immutable bitmap of `len` bits starting `offset` bits into a Buffer (LSB first).
class BitBuffer {
public:
    BitBuffer() = default;
    /// Wraps `buffer`; it must hold at least offset + len bits.
    BitBuffer(Buffer buffer, size_t offset, size_t len);

    static BitBuffer Full(size_t len, bool value);
    static BitBuffer FromBools(std::span<const bool> values);
    static BitBuffer FromBools(const std::vector<bool> &values);

    size_t len() const { return len_; }
    size_t offset() const { return offset_; }
    const Buffer &buffer() const { return buffer_; }
    bool value(size_t i) const {
        VX_DCHECK_LT(i, len_);
        return bits::GetBit(buffer_.data(), offset_ + i);
    }
    size_t CountSetBits() const { return bits::CountSetBits(buffer_.data(), offset_, len_); }

    /// Returns bits [start, start + length) without copying: whole bytes are sliced off the
    /// buffer, the rest stays in the offset (kept below 8).
    BitBuffer Slice(size_t start, size_t length) const;
    /// Returns a copy whose first bit is at bit 0 of a fresh buffer (offset 0).
    BitBuffer Compact() const;

    bool operator==(const BitBuffer &other) const;

private:
    Buffer buffer_;
    size_t offset_ = 0;
    size_t len_ = 0;
};

/// Builds a bitmap bit by bit.
class BitBufferMut {
public:
    BitBufferMut() = default;
    explicit BitBufferMut(size_t len, bool value = false);

    size_t len() const { return len_; }
    void Reserve(size_t bit_capacity) { bytes_.Reserve(bits::BytesForBits(bit_capacity)); }
    void Append(bool value);
    void AppendN(bool value, size_t count);
    void AppendBits(const BitBuffer &bits);
    void Set(size_t i, bool value) {
        VX_DCHECK_LT(i, len_);
        bits::SetBitTo(bytes_.data(), i, value);
    }
    bool value(size_t i) const { return bits::GetBit(bytes_.data(), i); }
    BitBuffer Freeze() &&;

private:
    BufferMut bytes_;
    size_t len_ = 0;
};

} // namespace vortex
