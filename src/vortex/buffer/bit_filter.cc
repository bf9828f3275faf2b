// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/bit_filter.h"

#include <bit>
#include <cstring>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "vortex/base/check.h"

namespace vortex {

uint64_t CompressBits(uint64_t word, uint64_t keep) {
#if defined(__BMI2__)
    return _pext_u64(word, keep);
#else
    if (std::popcount(keep) <= 32) {
        uint64_t out = 0;
        for (unsigned k = 0; keep != 0; ++k, keep &= keep - 1) {
            out |= ((word >> std::countr_zero(keep)) & 1) << k;
        }
        return out;
    }
    // Mostly kept: close the gaps instead, highest first, so that lower positions stay put.
    word &= keep;
    for (uint64_t drop = ~keep; drop != 0;) {
        const unsigned p = 63 - static_cast<unsigned>(std::countl_zero(drop));
        const uint64_t below = (uint64_t{1} << p) - 1;
        word = (word & below) | ((word >> 1) & ~below);
        drop &= below;
    }
    return word;
#endif
}

BitBuffer FilterBits(const BitBuffer &bits, const Mask &mask) {
    VX_CHECK_EQ(bits.len(), mask.len());
    if (mask.all_true()) {
        return bits;
    }
    const size_t kept = mask.true_count();
    if (kept == 0) {
        return BitBuffer::Full(0, false);
    }
    const BitBuffer keep = mask.ToBitBuffer();
    // Whole words out, one spare so that a word straddling the end can be stored whole.
    const size_t out_words = kept / 64 + 1;
    BufferMut out = BufferMut::Zeroed(out_words * sizeof(uint64_t));
    uint8_t *dst = out.data();
    size_t stored = 0; // words written
    uint64_t pending = 0;
    unsigned pending_bits = 0;
    const auto push = [&](uint64_t value, unsigned n) {
        pending |= value << pending_bits;
        if (pending_bits + n >= 64) {
            std::memcpy(dst + stored * sizeof(uint64_t), &pending, sizeof(uint64_t));
            ++stored;
            // The bits of `value` that did not fit (none when pending was empty).
            pending = pending_bits == 0 ? 0 : value >> (64 - pending_bits);
            pending_bits = pending_bits + n - 64;
        } else {
            pending_bits += n;
        }
    };
    for (size_t i = 0; i < bits.len(); i += 64) {
        const size_t n = std::min<size_t>(64, bits.len() - i);
        const uint64_t m = keep.Word(i, n);
        if (m == 0) {
            continue;
        }
        const uint64_t word = bits.Word(i, n);
        const uint64_t full = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
        if (m == full) {
            push(word & full, static_cast<unsigned>(n));
        } else {
            push(CompressBits(word, m), static_cast<unsigned>(std::popcount(m)));
        }
    }
    if (pending_bits > 0) {
        std::memcpy(dst + stored * sizeof(uint64_t), &pending, sizeof(uint64_t));
    }
    return BitBuffer(std::move(out).Freeze(), 0, kept);
}

} // namespace vortex
