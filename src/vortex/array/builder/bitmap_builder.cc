// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/bitmap_builder.h"

#include <cstring>

#include "vortex/base/endian.h"

namespace vortex {

void BitmapBuilder::AppendN(bool value, size_t count) {
    const size_t new_len = len_ + count;
    bytes_.Resize(bits::BytesForBits(new_len)); // zero-fills the new bytes
    if (value) {
        size_t i = len_;
        for (; i < new_len && (i & 7) != 0; ++i) {
            bits::SetBit(bytes_.data(), i);
        }
        const size_t full_bytes = (new_len - i) / 8;
        std::memset(bytes_.data() + i / 8, 0xFF, full_bytes);
        for (i += full_bytes * 8; i < new_len; ++i) {
            bits::SetBit(bytes_.data(), i);
        }
    }
    len_ = new_len;
}

void BitmapBuilder::AppendBits(const BitBuffer &source) {
    const size_t count = source.len();
    const uint8_t *src = source.buffer().data();
    size_t src_bit = source.offset();
    const size_t new_len = len_ + count;
    bytes_.Resize(bits::BytesForBits(new_len));
    uint8_t *dst = bytes_.data();
    size_t dst_bit = len_;
    size_t remaining = count;
    // Head: single bits until the destination is byte aligned.
    for (; remaining > 0 && (dst_bit & 7) != 0; --remaining, ++src_bit, ++dst_bit) {
        if (bits::GetBit(src, src_bit)) {
            bits::SetBit(dst, dst_bit);
        }
    }
    const unsigned shift = src_bit & 7;
    if (shift == 0) {
        std::memcpy(dst + dst_bit / 8, src + src_bit / 8, remaining / 8);
        src_bit += remaining / 8 * 8;
        dst_bit += remaining / 8 * 8;
        remaining %= 8;
    } else {
        // Body: 64 source bits straddle 9 source bytes, all of which lie inside the source's
        // bits because the shift is non-zero.
        for (; remaining >= 64; remaining -= 64, src_bit += 64, dst_bit += 64) {
            const uint8_t *at = src + src_bit / 8;
            const uint64_t word =
                (LoadLittleEndian<uint64_t>(at) >> shift) | (uint64_t{at[8]} << (64 - shift));
            StoreLittleEndian(dst + dst_bit / 8, word);
        }
    }
    for (; remaining > 0; --remaining, ++src_bit, ++dst_bit) {
        if (bits::GetBit(src, src_bit)) {
            bits::SetBit(dst, dst_bit);
        }
    }
    len_ = new_len;
}

BitBuffer BitmapBuilder::Finish() {
    const size_t len = len_;
    len_ = 0;
    Buffer bytes = std::move(bytes_).Freeze();
    bytes_ = BufferMut();
    return BitBuffer(std::move(bytes), 0, len);
}

} // namespace vortex
