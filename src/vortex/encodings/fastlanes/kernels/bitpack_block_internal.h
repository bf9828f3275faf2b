// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The FastLanes bit-packing algorithm for one 1024-value block, as templates over the word
// type T and the bit width W. Spec: arrays-encodings, sections 5 and 5.1.
//
// This header is included ONLY by the bitpack_kernels_<isa>.cc files, each of which defines
// VORTEX_FASTLANES_ISA to a distinct namespace name before including it. Every ISA variant
// is thus a distinct set of symbols: the linker can never merge an AVX-512 instantiation
// into the portable one (which would be an ODR violation that crashes on older CPUs).
// No #pragma once: each kernel TU includes it exactly once.

#ifndef VORTEX_FASTLANES_ISA
#error "define VORTEX_FASTLANES_ISA before including bitpack_block_internal.h"
#endif

#include <cstddef>
#include <cstdint>
#include <utility>

namespace vortex::fastlanes::VORTEX_FASTLANES_ISA {

// Layout constants, recomputed here (rather than calling the inline functions of
// fastlanes_layout.h) so that nothing outside this namespace is compiled with ISA flags.
inline constexpr size_t kOrder[8] = {0, 4, 2, 6, 1, 5, 3, 7};

template <typename T>
inline constexpr unsigned kBits = 8 * sizeof(T);

template <typename T>
inline constexpr size_t kLaneCount = 1024 / kBits<T>;

template <typename T, unsigned W>
inline constexpr T kMask = W == kBits<T> ? static_cast<T>(~T{0})
                                         : static_cast<T>((T{1} << (W % kBits<T>)) - 1);

// Block position of row `R`, lane 0: FL_ORDER[R / 8] * 16 + (R % 8) * 128.
template <size_t R>
inline constexpr size_t kRowBase = kOrder[R / 8] * 16 + (R % 8) * 128;

// Decodes row R of every lane. The lane loop is innermost and R, W are constants, so each row
// is one short vector loop with immediate shifts.
template <typename T, unsigned W, size_t R>
inline __attribute__((always_inline)) void UnpackRow(const T *__restrict packed, T *__restrict out) {
    constexpr unsigned kT = kBits<T>;
    constexpr size_t kL = kLaneCount<T>;
    constexpr size_t kBit = R * W;
    constexpr size_t kWord = kBit / kT;
    constexpr unsigned kShift = kBit % kT;
    T *__restrict row_out = out + kRowBase<R>;
    const T *__restrict lo = packed + kWord * kL;
    if constexpr (kShift + W > kT) {
        const T *__restrict hi = packed + (kWord + 1) * kL;
        for (size_t lane = 0; lane < kL; ++lane) {
            const T value = static_cast<T>((lo[lane] >> kShift) | (hi[lane] << (kT - kShift)));
            row_out[lane] = static_cast<T>(value & kMask<T, W>);
        }
    } else if constexpr (kShift + W == kT) {
        // The value reaches the word's top bit: no mask needed.
        for (size_t lane = 0; lane < kL; ++lane) {
            row_out[lane] = static_cast<T>(lo[lane] >> kShift);
        }
    } else {
        for (size_t lane = 0; lane < kL; ++lane) {
            row_out[lane] = static_cast<T>((lo[lane] >> kShift) & kMask<T, W>);
        }
    }
}

// Encodes row R of every lane: the first row touching a word assigns it, later ones OR into
// it, so the packed block needs no prior zeroing.
template <typename T, unsigned W, size_t R>
inline __attribute__((always_inline)) void PackRow(const T *__restrict in, T *__restrict packed) {
    constexpr unsigned kT = kBits<T>;
    constexpr size_t kL = kLaneCount<T>;
    constexpr size_t kBit = R * W;
    constexpr size_t kWord = kBit / kT;
    constexpr unsigned kShift = kBit % kT;
    const T *__restrict row_in = in + kRowBase<R>;
    T *__restrict lo = packed + kWord * kL;
    for (size_t lane = 0; lane < kL; ++lane) {
        const T value = static_cast<T>(row_in[lane] & kMask<T, W>);
        if constexpr (kShift == 0) {
            lo[lane] = value;
        } else {
            lo[lane] = static_cast<T>(lo[lane] | static_cast<T>(value << kShift));
        }
    }
    if constexpr (kShift + W > kT) {
        T *__restrict hi = packed + (kWord + 1) * kL;
        for (size_t lane = 0; lane < kL; ++lane) {
            const T value = static_cast<T>(row_in[lane] & kMask<T, W>);
            hi[lane] = static_cast<T>(value >> (kT - kShift));
        }
    }
}

template <typename T, unsigned W>
void UnpackBlock(const T *__restrict packed, T *__restrict out) noexcept {
    if constexpr (W == 0) {
        for (size_t i = 0; i < 1024; ++i) {
            out[i] = 0;
        }
    } else {
        [&]<size_t... R>(std::index_sequence<R...>) {
            (UnpackRow<T, W, R>(packed, out), ...);
        }
        (std::make_index_sequence<kBits<T>>{});
    }
}

template <typename T, unsigned W>
void PackBlock(const T *__restrict in, T *__restrict packed) noexcept {
    if constexpr (W != 0) {
        [&]<size_t... R>(std::index_sequence<R...>) {
            (PackRow<T, W, R>(in, packed), ...);
        }
        (std::make_index_sequence<kBits<T>>{});
    }
}

template <typename T>
using BlockFn = void (*)(const T *__restrict, T *__restrict) noexcept;

// One function per width 0..=bits(T), indexed by width.
template <typename T>
struct BlockTable {
    BlockFn<T> unpack[kBits<T> + 1];
    BlockFn<T> pack[kBits<T> + 1];
};

template <typename T>
constexpr BlockTable<T> MakeBlockTable() {
    BlockTable<T> table{};
    [&]<unsigned... W>(std::integer_sequence<unsigned, W...>) {
        ((table.unpack[W] = &UnpackBlock<T, W>), ...);
        ((table.pack[W] = &PackBlock<T, W>), ...);
    }
    (std::make_integer_sequence<unsigned, kBits<T> + 1>{});
    return table;
}

} // namespace vortex::fastlanes::VORTEX_FASTLANES_ISA
