// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The AVX2 variant of the bit-packing kernels. Compiled with -mavx2 (see CMakeLists.txt); only called
// when __builtin_cpu_supports("avx2").
#define VORTEX_FASTLANES_ISA avx2
#include <immintrin.h>

#include "vortex/encodings/fastlanes/kernels/bitpack_block_internal.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_tables_internal.h"

namespace vortex::fastlanes::avx2 {
void StreamCopy(const void *src, void *dst, size_t bytes) noexcept {
    const auto *from = static_cast<const __m256i *>(src);
    auto *to = static_cast<__m256i *>(dst);
    for (size_t i = 0; i < bytes / 32; ++i) {
        _mm256_stream_si256(to + i, _mm256_loadu_si256(from + i));
    }
    _mm_sfence();
}
} // namespace vortex::fastlanes::avx2

VORTEX_FASTLANES_DEFINE_TABLES(Avx2BitPackTables, VORTEX_FASTLANES_ISA::StreamCopy)
