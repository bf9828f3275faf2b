// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/bit_buffer.h"

#include <cstring>

namespace vortex {

BitBuffer::BitBuffer(Buffer buffer, size_t offset, size_t len)
    : buffer_(std::move(buffer)), offset_(offset), len_(len) {
    VX_CHECK_LE(bits::BytesForBits(offset_ + len_), buffer_.size());
}

BitBuffer BitBuffer::Full(size_t len, bool value) {
    BufferMut bytes = BufferMut::Zeroed(bits::BytesForBits(len));
    if (value) {
        std::memset(bytes.data(), 0xFF, bytes.size());
    }
    return BitBuffer(std::move(bytes).Freeze(), 0, len);
}

BitBuffer BitBuffer::FromBools(std::span<const bool> values) {
    BitBufferMut out;
    out.Reserve(values.size());
    for (bool v : values) {
        out.Append(v);
    }
    return std::move(out).Freeze();
}

BitBuffer BitBuffer::FromBools(const std::vector<bool> &values) {
    BitBufferMut out;
    out.Reserve(values.size());
    for (bool v : values) {
        out.Append(v);
    }
    return std::move(out).Freeze();
}

BitBuffer BitBuffer::Slice(size_t start, size_t length) const {
    VX_CHECK_LE(start, len_);
    VX_CHECK_LE(length, len_ - start);
    const size_t bit_start = offset_ + start;
    const size_t byte_start = bit_start / 8;
    const size_t byte_end = bits::BytesForBits(bit_start + length);
    return BitBuffer(buffer_.Slice(byte_start, byte_end - byte_start), bit_start % 8, length);
}

BitBuffer BitBuffer::Compact() const {
    BufferMut bytes = BufferMut::Zeroed(bits::BytesForBits(len_));
    bits::CopyBits(buffer_.data(), offset_, len_, bytes.data(), 0);
    return BitBuffer(std::move(bytes).Freeze(), 0, len_);
}

bool BitBuffer::operator==(const BitBuffer &other) const {
    if (len_ != other.len_) {
        return false;
    }
    for (size_t i = 0; i < len_; ++i) {
        if (value(i) != other.value(i)) {
            return false;
        }
    }
    return true;
}

BitBufferMut::BitBufferMut(size_t len, bool value) {
    AppendN(value, len);
}

void BitBufferMut::Append(bool value) {
    if ((len_ & 7) == 0) {
        bytes_.Push<uint8_t>(0);
    }
    if (value) {
        bits::SetBit(bytes_.data(), len_);
    }
    ++len_;
}

void BitBufferMut::AppendN(bool value, size_t count) {
    const size_t new_len = len_ + count;
    bytes_.Resize(bits::BytesForBits(new_len));
    if (value) {
        // Fill the partial first byte bit by bit, whole bytes with memset.
        size_t i = len_;
        for (; i < new_len && (i & 7) != 0; ++i) {
            bits::SetBit(bytes_.data(), i);
        }
        const size_t first_byte = i / 8;
        const size_t full_bytes = (new_len - i) / 8;
        std::memset(bytes_.data() + first_byte, 0xFF, full_bytes);
        for (i += full_bytes * 8; i < new_len; ++i) {
            bits::SetBit(bytes_.data(), i);
        }
    }
    len_ = new_len;
}

void BitBufferMut::AppendBits(const BitBuffer &bits) {
    const size_t start = len_;
    bytes_.Resize(bits::BytesForBits(len_ + bits.len()));
    bits::CopyBits(bits.buffer().data(), bits.offset(), bits.len(), bytes_.data(), start);
    len_ += bits.len();
}

BitBuffer BitBufferMut::Freeze() && {
    const size_t len = len_;
    len_ = 0;
    if (bytes_.size() == 0) {
        bytes_.Reserve(0);
    }
    return BitBuffer(std::move(bytes_).Freeze(), 0, len);
}

} // namespace vortex
