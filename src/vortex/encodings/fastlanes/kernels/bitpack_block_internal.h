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

// Every shift below is by a template constant: `x >> kShift`, `x << kShift`, and only when a value
// straddles two words (kShift + W > bits, so kShift > 0) `x << (bits - kShift)` or
// `x >> (bits - kShift)`. This check makes an out-of-range shift a compile error, which is why
// sanitizer builds compile these files without UBSan's run-time shift checks (CMakeLists.txt).
template <typename T, unsigned W, unsigned kShift>
inline constexpr bool kShiftsInRange = W <= kBits<T> &&kShift < kBits<T>;

// Decodes row R of every lane. The lane loop is innermost and R, W are constants, so each row
// is one short vector loop with immediate shifts. Used for u8 (see UnpackBlock).
template <typename T, unsigned W, size_t R>
inline __attribute__((always_inline)) void UnpackRow(const T *__restrict packed, T *__restrict out) {
    constexpr unsigned kT = kBits<T>;
    constexpr size_t kL = kLaneCount<T>;
    constexpr size_t kBit = R * W;
    constexpr size_t kWord = kBit / kT;
    constexpr unsigned kShift = kBit % kT;
    static_assert(kShiftsInRange<T, W, kShift>);
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

// Decodes row R of lane `lane`: the value at bit R * W of the lane's packed words.
template <typename T, unsigned W, size_t R>
inline __attribute__((always_inline)) void
UnpackLaneRow(const T *__restrict packed, T *__restrict out, size_t lane) {
    constexpr unsigned kT = kBits<T>;
    constexpr size_t kL = kLaneCount<T>;
    constexpr size_t kBit = R * W;
    constexpr size_t kWord = kBit / kT;
    constexpr unsigned kShift = kBit % kT;
    static_assert(kShiftsInRange<T, W, kShift>);
    const T lo = packed[kWord * kL + lane];
    if constexpr (kShift + W > kT) {
        const T hi = packed[(kWord + 1) * kL + lane];
        const T value = static_cast<T>((lo >> kShift) | (hi << (kT - kShift)));
        out[kRowBase<R> + lane] = static_cast<T>(value & kMask<T, W>);
    } else if constexpr (kShift + W == kT) {
        // The value reaches the word's top bit: no mask needed.
        out[kRowBase<R> + lane] = static_cast<T>(lo >> kShift);
    } else {
        out[kRowBase<R> + lane] = static_cast<T>((lo >> kShift) & kMask<T, W>);
    }
}

// Decodes every row of lane `lane`, lowest row first: each packed word is loaded once and
// feeds all the rows that lie in it (R and W are constants, so every shift is an immediate).
template <typename T, unsigned W, size_t... R>
inline __attribute__((always_inline)) void
UnpackLane(const T *__restrict packed, T *__restrict out, size_t lane, std::index_sequence<R...>) {
    (UnpackLaneRow<T, W, R>(packed, out, lane), ...);
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
    static_assert(kShiftsInRange<T, W, kShift>);
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
    } else if constexpr (sizeof(T) == 1) {
        // u8 has only 8 rows; rows outermost measured 6-14% faster for it (AVX2, even widths
        // under AVX-512) than the lane-outer form below.
        [&]<size_t... R>(std::index_sequence<R...>) {
            (UnpackRow<T, W, R>(packed, out), ...);
        }
        (std::make_index_sequence<kBits<T>>{});
    } else {
        // The lane loop is outermost and is what the compiler vectorizes: one vector of lanes
        // is loaded word by word and all bits(T) rows of it are stored. Measured against rows
        // outermost (AVX-512, L1-resident): W = bits(T) 2x (that form became one memcpy call
        // per row), u16 W 5-15 about 1.1x (AVX2 1.25-1.4x), u32 W > 20 about 1.05x.
        for (size_t lane = 0; lane < kLaneCount<T>; ++lane) {
            UnpackLane<T, W>(packed, out, lane, std::make_index_sequence<kBits<T>>{});
        }
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
