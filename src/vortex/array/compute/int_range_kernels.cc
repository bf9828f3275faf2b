// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// IntRangeWords: one unsigned subtract-and-compare per value, 64 results packed into a word.
// The portable loop does not vectorize (GCC does not turn the bit packing into movemask), so
// x86 gets AVX2 and AVX-512 variants written with intrinsics, chosen once per process.

#include <cstring>
#include <type_traits>

#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/int_range_kernels_internal.h"
#include "vortex/base/check.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define VORTEX_INT_RANGE_X86 1
#endif

namespace vortex {
namespace {

template <typename U>
using WordsFn = void (*)(const U *, size_t, U, U, uint64_t *);

template <typename U>
uint64_t ScalarWord(const U *values, size_t n, U base, U span) {
    uint64_t word = 0;
    for (size_t j = 0; j < n; ++j) {
        word |= static_cast<uint64_t>(static_cast<U>(values[j] - base) <= span) << j;
    }
    return word;
}

template <typename U>
void PortableWords(const U *values, size_t n, U base, U span, uint64_t *words) {
    for (size_t w = 0; w * 64 < n; ++w) {
        const size_t count = n - w * 64 < 64 ? n - w * 64 : 64;
        words[w] = ScalarWord(values + w * 64, count, base, span);
    }
}

#if VORTEX_INT_RANGE_X86

// The last, partial word (values [64 w, n)), if any.
template <typename U>
inline void TailWord(const U *values, size_t n, size_t w, U base, U span, uint64_t *words) {
    if (w * 64 < n) {
        words[w] = ScalarWord(values + w * 64, n - w * 64, base, span);
    }
}

// ---- AVX-512: unsigned compares straight into mask registers ----

#define VORTEX_AVX512 __attribute__((target("avx512f,avx512bw")))

// Per width: broadcast, and the mask of `(x - b) <= s` over one vector of kLanes values.
template <typename U>
struct Avx512Lanes;
template <>
struct Avx512Lanes<uint64_t> {
    static constexpr int kLanes = 8;
    VORTEX_AVX512 static __m512i Set(uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }
    VORTEX_AVX512 static uint64_t Inside(__m512i x, __m512i b, __m512i s) {
        return _mm512_cmple_epu64_mask(_mm512_sub_epi64(x, b), s);
    }
};
template <>
struct Avx512Lanes<uint32_t> {
    static constexpr int kLanes = 16;
    VORTEX_AVX512 static __m512i Set(uint32_t v) { return _mm512_set1_epi32(static_cast<int>(v)); }
    VORTEX_AVX512 static uint64_t Inside(__m512i x, __m512i b, __m512i s) {
        return _mm512_cmple_epu32_mask(_mm512_sub_epi32(x, b), s);
    }
};
template <>
struct Avx512Lanes<uint16_t> {
    static constexpr int kLanes = 32;
    VORTEX_AVX512 static __m512i Set(uint16_t v) { return _mm512_set1_epi16(static_cast<short>(v)); }
    VORTEX_AVX512 static uint64_t Inside(__m512i x, __m512i b, __m512i s) {
        return _mm512_cmple_epu16_mask(_mm512_sub_epi16(x, b), s);
    }
};
template <>
struct Avx512Lanes<uint8_t> {
    static constexpr int kLanes = 64;
    VORTEX_AVX512 static __m512i Set(uint8_t v) { return _mm512_set1_epi8(static_cast<char>(v)); }
    VORTEX_AVX512 static uint64_t Inside(__m512i x, __m512i b, __m512i s) {
        return _mm512_cmple_epu8_mask(_mm512_sub_epi8(x, b), s);
    }
};

template <typename U>
VORTEX_AVX512 void Avx512Words(const U *values, size_t n, U base, U span, uint64_t *words) {
    using Lanes = Avx512Lanes<U>;
    const __m512i b = Lanes::Set(base);
    const __m512i s = Lanes::Set(span);
    size_t w = 0;
    for (; (w + 1) * 64 <= n; ++w) {
        const U *v = values + w * 64;
        uint64_t word = 0;
        for (int k = 0; k < 64 / Lanes::kLanes; ++k) {
            word |= Lanes::Inside(_mm512_loadu_si512(v + Lanes::kLanes * k), b, s)
                    << (Lanes::kLanes * k % 64);
        }
        words[w] = word;
    }
    TailWord(values, n, w, base, span, words);
}

// ---- AVX2: compare, then movemask (unsigned <= via min, saturating subtract or sign flip) ----

#define VORTEX_AVX2 __attribute__((target("avx2")))

VORTEX_AVX2 void
Avx2Words64(const uint64_t *values, size_t n, uint64_t base, uint64_t span, uint64_t *words) {
    const __m256i b = _mm256_set1_epi64x(static_cast<long long>(base));
    const __m256i sign = _mm256_set1_epi64x(static_cast<long long>(uint64_t{1} << 63));
    const __m256i s = _mm256_xor_si256(_mm256_set1_epi64x(static_cast<long long>(span)), sign);
    size_t w = 0;
    for (; (w + 1) * 64 <= n; ++w) {
        const uint64_t *v = values + w * 64;
        uint64_t above = 0; // bit set when the value lies past the range
        for (int k = 0; k < 16; ++k) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(v + 4 * k));
            const __m256i d = _mm256_xor_si256(_mm256_sub_epi64(x, b), sign);
            above |= static_cast<uint64_t>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(d, s))))
                     << (4 * k);
        }
        words[w] = ~above;
    }
    TailWord(values, n, w, base, span, words);
}

VORTEX_AVX2 void
Avx2Words32(const uint32_t *values, size_t n, uint32_t base, uint32_t span, uint64_t *words) {
    const __m256i b = _mm256_set1_epi32(static_cast<int>(base));
    const __m256i s = _mm256_set1_epi32(static_cast<int>(span));
    size_t w = 0;
    for (; (w + 1) * 64 <= n; ++w) {
        const uint32_t *v = values + w * 64;
        uint64_t word = 0;
        for (int k = 0; k < 8; ++k) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(v + 8 * k));
            const __m256i d = _mm256_sub_epi32(x, b);
            const __m256i inside = _mm256_cmpeq_epi32(_mm256_min_epu32(d, s), d);
            word |=
                static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(inside))))
                << (8 * k);
        }
        words[w] = word;
    }
    TailWord(values, n, w, base, span, words);
}

// 16 lanes of all-ones where the value is inside.
VORTEX_AVX2 inline __m256i Avx2Inside16(const uint16_t *v, __m256i b, __m256i s, __m256i zero) {
    const __m256i d = _mm256_sub_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(v)), b);
    return _mm256_cmpeq_epi16(_mm256_subs_epu16(d, s), zero);
}

VORTEX_AVX2 void
Avx2Words16(const uint16_t *values, size_t n, uint16_t base, uint16_t span, uint64_t *words) {
    const __m256i b = _mm256_set1_epi16(static_cast<short>(base));
    const __m256i s = _mm256_set1_epi16(static_cast<short>(span));
    const __m256i zero = _mm256_setzero_si256();
    size_t w = 0;
    for (; (w + 1) * 64 <= n; ++w) {
        const uint16_t *v = values + w * 64;
        uint64_t word = 0;
        for (int k = 0; k < 2; ++k) {
            // packs interleaves 128-bit lanes (a0 b0 a1 b1); the permute restores a0 a1 b0 b1.
            const __m256i packed = _mm256_packs_epi16(Avx2Inside16(v + 32 * k, b, s, zero),
                                                      Avx2Inside16(v + 32 * k + 16, b, s, zero));
            const __m256i ordered = _mm256_permute4x64_epi64(packed, 0xD8);
            word |= static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(ordered))) << (32 * k);
        }
        words[w] = word;
    }
    TailWord(values, n, w, base, span, words);
}

VORTEX_AVX2 void Avx2Words8(const uint8_t *values, size_t n, uint8_t base, uint8_t span, uint64_t *words) {
    const __m256i b = _mm256_set1_epi8(static_cast<char>(base));
    const __m256i s = _mm256_set1_epi8(static_cast<char>(span));
    const __m256i zero = _mm256_setzero_si256();
    size_t w = 0;
    for (; (w + 1) * 64 <= n; ++w) {
        const uint8_t *v = values + w * 64;
        uint64_t word = 0;
        for (int k = 0; k < 2; ++k) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(v + 32 * k));
            const __m256i inside = _mm256_cmpeq_epi8(_mm256_subs_epu8(_mm256_sub_epi8(x, b), s), zero);
            word |= static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(inside))) << (32 * k);
        }
        words[w] = word;
    }
    TailWord(values, n, w, base, span, words);
}

template <typename U>
WordsFn<U> VariantOf(internal::IntRangeIsa isa) {
    using internal::IntRangeIsa;
    if (isa == IntRangeIsa::Portable) {
        return &PortableWords<U>;
    }
    const bool avx512 = isa == IntRangeIsa::Avx512;
    if constexpr (std::is_same_v<U, uint64_t>) {
        return avx512 ? &Avx512Words<U> : &Avx2Words64;
    } else if constexpr (std::is_same_v<U, uint32_t>) {
        return avx512 ? &Avx512Words<U> : &Avx2Words32;
    } else if constexpr (std::is_same_v<U, uint16_t>) {
        return avx512 ? &Avx512Words<U> : &Avx2Words16;
    } else {
        return avx512 ? &Avx512Words<U> : &Avx2Words8;
    }
}

bool Supported(internal::IntRangeIsa isa) {
    switch (isa) {
        case internal::IntRangeIsa::Portable:
            return true;
        case internal::IntRangeIsa::Avx2:
            return __builtin_cpu_supports("avx2");
        case internal::IntRangeIsa::Avx512:
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    }
    return false;
}

#else

template <typename U>
WordsFn<U> VariantOf(internal::IntRangeIsa) {
    return &PortableWords<U>;
}

bool Supported(internal::IntRangeIsa isa) {
    return isa == internal::IntRangeIsa::Portable;
}

#endif

// The widest variant this CPU runs, chosen once.
internal::IntRangeIsa SelectedIsa() {
    using internal::IntRangeIsa;
    static const IntRangeIsa isa = Supported(IntRangeIsa::Avx512) ? IntRangeIsa::Avx512
                                   : Supported(IntRangeIsa::Avx2) ? IntRangeIsa::Avx2
                                                                  : IntRangeIsa::Portable;
    return isa;
}

} // namespace

template <typename U>
void IntRangeWords(const U *values, size_t n, IntRange range, uint64_t *words) {
    static_assert(std::is_unsigned_v<U>);
    static const WordsFn<U> fn = VariantOf<U>(SelectedIsa());
    fn(values, n, static_cast<U>(range.base), static_cast<U>(range.span), words);
}

namespace internal {

bool IntRangeIsaSupported(IntRangeIsa isa) {
    return Supported(isa);
}

template <typename U>
void IntRangeWordsWith(IntRangeIsa isa, const U *values, size_t n, IntRange range, uint64_t *words) {
    VX_CHECK(Supported(isa));
    VariantOf<U>(isa)(values, n, static_cast<U>(range.base), static_cast<U>(range.span), words);
}

template void IntRangeWordsWith<uint8_t>(IntRangeIsa, const uint8_t *, size_t, IntRange, uint64_t *);
template void IntRangeWordsWith<uint16_t>(IntRangeIsa, const uint16_t *, size_t, IntRange, uint64_t *);
template void IntRangeWordsWith<uint32_t>(IntRangeIsa, const uint32_t *, size_t, IntRange, uint64_t *);
template void IntRangeWordsWith<uint64_t>(IntRangeIsa, const uint64_t *, size_t, IntRange, uint64_t *);

} // namespace internal

template void IntRangeWords<uint8_t>(const uint8_t *, size_t, IntRange, uint64_t *);
template void IntRangeWords<uint16_t>(const uint16_t *, size_t, IntRange, uint64_t *);
template void IntRangeWords<uint32_t>(const uint32_t *, size_t, IntRange, uint64_t *);
template void IntRangeWords<uint64_t>(const uint64_t *, size_t, IntRange, uint64_t *);

} // namespace vortex
