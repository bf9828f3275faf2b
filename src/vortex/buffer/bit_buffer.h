// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
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
    /// Builds `len` bits 64 at a time: word(i, n) returns bits [i, i + n) in its low n bits
    /// (higher bits are ignored). Word-wise kernels (mask logic) use it directly.
    template <typename WordFn>
    static BitBuffer FromWords(size_t len, WordFn &&word);
    /// Builds `len` bits from bit(i), packed 64 at a time instead of appended one by one.
    template <typename BitFn>
    static BitBuffer FromPredicate(size_t len, BitFn &&bit) {
        return FromWords(len, [&bit](size_t i, size_t n) {
            uint64_t w = 0;
            for (size_t j = 0; j < n; ++j) {
                w |= static_cast<uint64_t>(static_cast<bool>(bit(i + j))) << j;
            }
            return w;
        });
    }
    /// The bits as a word stream: bits [i, i + n) (n <= 64) in the low bits.
    uint64_t Word(size_t i, size_t n) const { return bits::LoadBits(buffer_.data(), offset_ + i, n); }

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

template <typename WordFn>
BitBuffer BitBuffer::FromWords(size_t len, WordFn &&word) {
    BufferMut bytes = BufferMut::Zeroed(bits::BytesForBits(len));
    uint8_t *out = bytes.data();
    for (size_t i = 0; i < len; i += 64) {
        const size_t n = len - i < 64 ? len - i : 64;
        uint64_t w = word(i, n);
        if (n < 64) {
            w &= (uint64_t{1} << n) - 1;
        }
        // Little-endian: the word's low byte holds bits [i, i + 8).
        std::memcpy(out + i / 8, &w, bits::BytesForBits(n));
    }
    return BitBuffer(std::move(bytes).Freeze(), 0, len);
}

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
