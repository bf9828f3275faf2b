// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The AVX-512 variant of the bit-packing kernels. Compiled with -mavx512f -mavx512bw
// -mprefer-vector-width=512 (see CMakeLists.txt); only called when the CPU has avx512f and
// avx512bw.
#define VORTEX_FASTLANES_ISA avx512
#include <immintrin.h>

#include "vortex/encodings/fastlanes/kernels/bitpack_block_internal.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_tables_internal.h"

namespace vortex::fastlanes::avx512 {
void StreamCopy(const void *src, void *dst, size_t bytes) noexcept {
    const auto *from = static_cast<const __m512i *>(src);
    auto *to = static_cast<__m512i *>(dst);
    for (size_t i = 0; i < bytes / 64; ++i) {
        _mm512_stream_si512(to + i, _mm512_loadu_si512(from + i));
    }
    _mm_sfence();
}
} // namespace vortex::fastlanes::avx512

VORTEX_FASTLANES_DEFINE_TABLES(Avx512BitPackTables, VORTEX_FASTLANES_ISA::StreamCopy)
