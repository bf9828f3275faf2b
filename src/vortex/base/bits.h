// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

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

/// Copies `length` bits from `src` at `src_offset` to `dst` at `dst_offset`.
void CopyBits(const uint8_t *src, size_t src_offset, size_t length, uint8_t *dst, size_t dst_offset);

} // namespace vortex::bits
