// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// FastLanes bit-packing kernels over 1024-value blocks. Spec: arrays-encodings, sections 5
// "FastLanes layout" and 5.1 "Bit-packing of one block".
//
// A packed block of W-bit values of unsigned type T is W * (1024 / bits(T)) words of T
// (128 * W bytes). The kernels are straight-line templates over (T, W) whose lane loops the
// compiler auto-vectorizes. They are compiled three times, for a portable x86-64 baseline,
// for AVX2 and for AVX-512 (F+BW), and the fastest variant the CPU supports is selected once,
// at first use (__builtin_cpu_supports). Signed types use the unsigned type of their width.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "vortex/encodings/fastlanes/fastlanes_layout.h"

namespace vortex::fastlanes {

/// Bits of the word type T.
template <typename T>
inline constexpr unsigned kBitsOf = 8 * sizeof(T);

/// Words of T in one packed block of `bit_width`-bit values.
template <typename T>
constexpr size_t PackedBlockWords(unsigned bit_width) {
    return static_cast<size_t>(bit_width) * kLanes<T>;
}

/// Bytes of one packed block of `bit_width`-bit values (any word type).
constexpr size_t PackedBlockBytes(unsigned bit_width) {
    return static_cast<size_t>(bit_width) * 128;
}

/// Unpacks (or packs) one block: `in` and `out` do not overlap; the unpacked side holds 1024
/// values, the packed side PackedBlockWords<T>(W) words.
template <typename T>
using BlockFn = void (*)(const T *__restrict in, T *__restrict out) noexcept;

/// Decodes one block of W-bit values into 1024 outputs (portable build; callers that decode
/// many blocks should use UnpackBlockFn(), which picks the best ISA).
template <typename T, unsigned W>
void UnpackBlock(const T *__restrict packed, T *__restrict out) noexcept;
/// Encodes 1024 values as W-bit values (`value & mask(W)`) into PackedBlockWords<T>(W) words.
template <typename T, unsigned W>
void PackBlock(const T *__restrict in, T *__restrict packed) noexcept;

/// The instruction-set variants the kernels are compiled for.
enum class BitPackIsa : uint8_t { Portable, Avx2, Avx512 };
std::string_view BitPackIsaName(BitPackIsa isa);
/// The variant UnpackBlockFn()/PackBlockFn() use: the best one this CPU supports.
BitPackIsa SelectedBitPackIsa();
/// True when this CPU can run `isa`.
bool BitPackIsaSupported(BitPackIsa isa);

/// The block decoder for `bit_width` (<= bits(T), checked) in the selected ISA.
template <typename T>
BlockFn<T> UnpackBlockFn(unsigned bit_width);
/// The block encoder for `bit_width` (<= bits(T), checked) in the selected ISA.
template <typename T>
BlockFn<T> PackBlockFn(unsigned bit_width);
/// The kernels of a given ISA (which must be supported, checked); for tests and benchmarks.
template <typename T>
BlockFn<T> UnpackBlockFn(unsigned bit_width, BitPackIsa isa);
template <typename T>
BlockFn<T> PackBlockFn(unsigned bit_width, BitPackIsa isa);

/// Decoded outputs at least this large are written with non-temporal stores by UnpackBlocks():
/// they exceed the caches, so the read-for-ownership of every output line is pure cost.
inline constexpr size_t kStreamingUnpackBytes = size_t{16} << 20;

/// Unpacks `num_blocks` consecutive packed blocks of `bit_width`-bit values into `out`
/// (num_blocks * 1024 values) with the selected ISA. Outputs of kStreamingUnpackBytes or more
/// whose address is 64-byte aligned go through an L1 scratch block and streaming stores.
template <typename T>
void UnpackBlocks(const T *packed, unsigned bit_width, size_t num_blocks, T *out);

/// Decodes the single value at `position` (< 1024) of the packed block `block`.
/// Spec: arrays-encodings 5.1, "Decoding one value at block position p".
template <typename T>
inline T UnpackSingle(const T *block, unsigned bit_width, size_t position) {
    constexpr unsigned kT = kBitsOf<T>;
    if (bit_width == 0) {
        return 0;
    }
    // Inverse of FastLanesIndex: lane = p % LANES, s = p / 128, row = FL_ORDER[...] * 8 + s.
    const size_t lane = position % kLanes<T>;
    const size_t s = position / 128;
    const size_t row = kFastLanesOrder[(position - 128 * s - lane) / 16] * 8 + s;
    const size_t bit = row * bit_width;
    const size_t word = bit / kT;
    const unsigned shift = static_cast<unsigned>(bit % kT);
    // Branch-free: random lookups would mispredict whether the value straddles two words.
    // Without a straddle `hi` re-reads the same word (always inside the block) and is masked off.
    const size_t straddles = shift + bit_width > kT ? 1 : 0;
    const uint64_t lo = block[word * kLanes<T> + lane];
    const uint64_t hi = block[(word + straddles) * kLanes<T> + lane];
    uint64_t value = lo >> shift;
    value |= ((hi << 1) << (kT - 1 - shift)) & (uint64_t{0} - straddles);
    if (bit_width < 64) {
        value &= (uint64_t{1} << bit_width) - 1;
    }
    return static_cast<T>(value);
}

// NOLINTBEGIN(bugprone-macro-parentheses): T names a type here.
#define VORTEX_FASTLANES_DECLARE_KERNELS(T)                                                                  \
    extern template BlockFn<T> UnpackBlockFn<T>(unsigned);                                                   \
    extern template BlockFn<T> PackBlockFn<T>(unsigned);                                                     \
    extern template BlockFn<T> UnpackBlockFn<T>(unsigned, BitPackIsa);                                       \
    extern template BlockFn<T> PackBlockFn<T>(unsigned, BitPackIsa);                                         \
    extern template void UnpackBlocks<T>(const T *, unsigned, size_t, T *);
VORTEX_FASTLANES_DECLARE_KERNELS(uint8_t)
VORTEX_FASTLANES_DECLARE_KERNELS(uint16_t)
VORTEX_FASTLANES_DECLARE_KERNELS(uint32_t)
VORTEX_FASTLANES_DECLARE_KERNELS(uint64_t)
#undef VORTEX_FASTLANES_DECLARE_KERNELS
// NOLINTEND(bugprone-macro-parentheses)

} // namespace vortex::fastlanes
