// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace vortex::bits {

/// Number of bytes needed to hold `bit_count` bits.
constexpr size_t BytesForBits(size_t bit_count) {
    return (bit_count + 7) / 8;
}

constexpr size_t RoundUp(size_t value, size_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

constexpr bool IsPowerOfTwo(size_t value) {
    return value != 0 && (value & (value - 1)) == 0;
}

/// Reads bit `i` (LSB first within each byte, as Arrow and Vortex store bools).
inline bool GetBit(const uint8_t *data, size_t i) {
    return (data[i >> 3] >> (i & 7)) & 1;
}

inline void SetBit(uint8_t *data, size_t i) {
    data[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
}
inline void ClearBit(uint8_t *data, size_t i) {
    data[i >> 3] &= static_cast<uint8_t>(~(1u << (i & 7)));
}
inline void SetBitTo(uint8_t *data, size_t i, bool value) {
    data[i >> 3] = static_cast<uint8_t>((data[i >> 3] & ~(1u << (i & 7))) | (unsigned{value} << (i & 7)));
}

/// Counts set bits in [offset, offset + length) of a bitmap.
size_t CountSetBits(const uint8_t *data, size_t offset, size_t length);

/// Reads `count` (1..64) bits starting at bit `i`, the first in the lowest position. Reads
/// only the bytes that hold them.
inline uint64_t LoadBits(const uint8_t *data, size_t i, size_t count) {
    const uint8_t *p = data + (i >> 3);
    const unsigned shift = static_cast<unsigned>(i & 7);
    const size_t bytes = (shift + count + 7) / 8; // at most 9
    uint64_t low = 0;
    std::memcpy(&low, p, bytes < 8 ? bytes : 8); // little-endian, as the bitmaps are
    uint64_t word = low >> shift;
    if (bytes > 8) {
        word |= static_cast<uint64_t>(p[8]) << (64 - shift);
    }
    return count < 64 ? word & ((uint64_t{1} << count) - 1) : word;
}

/// Calls fn(i) for each set bit of [offset, offset + length), ascending, with i counted from
/// `offset`. Reads whole words, so a sparse bitmap costs one load per 64 bits.
template <typename Fn>
void ForEachSetBit(const uint8_t *data, size_t offset, size_t length, Fn &&fn) {
    size_t i = 0;
    for (; i < length && ((offset + i) & 7) != 0; ++i) {
        if (GetBit(data, offset + i)) {
            fn(i);
        }
    }
    for (; i < length; i += 64) {
        uint64_t word = 0;
        if (length - i >= 64) {
            std::memcpy(&word, data + (offset + i) / 8, 8); // byte-aligned here
        } else {
            word = LoadBits(data, offset + i, length - i);
        }
        while (word != 0) {
            fn(i + static_cast<size_t>(std::countr_zero(word)));
            word &= word - 1;
        }
    }
}

/// Position (counted from `offset`) of the first / last set bit of [offset, offset + length),
/// or `length` when none is set.
size_t FindFirstSet(const uint8_t *data, size_t offset, size_t length);
size_t FindLastSet(const uint8_t *data, size_t offset, size_t length);

/// Copies `length` bits from `src` at `src_offset` to `dst` at `dst_offset`.
void CopyBits(const uint8_t *src, size_t src_offset, size_t length, uint8_t *dst, size_t dst_offset);

} // namespace vortex::bits
