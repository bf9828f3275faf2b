// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/base/bits.h"

#include <cstring>

#include "vortex/base/endian.h"

namespace vortex::bits {

size_t CountSetBits(const uint8_t *data, size_t offset, size_t length) {
    size_t count = 0;
    size_t i = offset;
    const size_t end = offset + length;
    // Head: bits up to the next byte boundary.
    for (; i < end && (i & 7) != 0; ++i) {
        count += GetBit(data, i);
    }
    // Body: whole 64-bit words, then whole bytes.
    for (; i + 64 <= end; i += 64) {
        count += static_cast<size_t>(std::popcount(LoadLittleEndian<uint64_t>(data + i / 8)));
    }
    for (; i + 8 <= end; i += 8) {
        count += static_cast<size_t>(std::popcount(data[i / 8]));
    }
    for (; i < end; ++i) {
        count += GetBit(data, i);
    }
    return count;
}

void CopyBits(const uint8_t *src, size_t src_offset, size_t length, uint8_t *dst, size_t dst_offset) {
    if ((src_offset & 7) == 0 && (dst_offset & 7) == 0) {
        const size_t whole = length / 8;
        std::memcpy(dst + dst_offset / 8, src + src_offset / 8, whole);
        for (size_t i = whole * 8; i < length; ++i) {
            SetBitTo(dst, dst_offset + i, GetBit(src, src_offset + i));
        }
        return;
    }
    for (size_t i = 0; i < length; ++i) {
        SetBitTo(dst, dst_offset + i, GetBit(src, src_offset + i));
    }
}

} // namespace vortex::bits
