// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/base/bits.h"

#include <algorithm>
#include <cstring>

#include "vortex/base/endian.h"

namespace vortex::bits {

// Without a target the compiler calls a table-driven libgcc popcount per word (a hot spot of
// filtering and mask building); on x86-64 an ifunc picks the POPCNT instruction when present.
// Not under the sanitizers: the ifunc resolver runs during relocation, before their runtimes
// start (TSan crashes there).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__) &&     \
    !defined(__SANITIZE_THREAD__)
#define VORTEX_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define VORTEX_POPCNT_CLONES
#endif

VORTEX_POPCNT_CLONES size_t CountSetBits(const uint8_t *data, size_t offset, size_t length) {
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

size_t FindFirstSet(const uint8_t *data, size_t offset, size_t length) {
    size_t i = 0;
    for (; i < length && ((offset + i) & 7) != 0; ++i) {
        if (GetBit(data, offset + i)) {
            return i;
        }
    }
    for (; i < length; i += 64) {
        const size_t count = std::min<size_t>(64, length - i);
        const uint64_t word = count == 64 ? LoadLittleEndian<uint64_t>(data + (offset + i) / 8)
                                          : LoadBits(data, offset + i, count);
        if (word != 0) {
            return i + static_cast<size_t>(std::countr_zero(word));
        }
    }
    return length;
}

size_t FindLastSet(const uint8_t *data, size_t offset, size_t length) {
    size_t end = length;
    for (; end > 0 && ((offset + end) & 7) != 0; --end) {
        if (GetBit(data, offset + end - 1)) {
            return end - 1;
        }
    }
    while (end > 0) {
        const size_t count = std::min<size_t>(64, end);
        const size_t start = end - count;
        const uint64_t word = count == 64 ? LoadLittleEndian<uint64_t>(data + (offset + start) / 8)
                                          : LoadBits(data, offset + start, count);
        if (word != 0) {
            return start + 63 - static_cast<size_t>(std::countl_zero(word));
        }
        end = start;
    }
    return length;
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
