// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The portable (baseline x86-64 / any target) variant of the bit-packing kernels, and the
// public UnpackBlock<T, W> / PackBlock<T, W> instantiations, which use it.
#define VORTEX_FASTLANES_ISA portable
#include <cstring>

#include "vortex/encodings/fastlanes/kernels/bitpack_block_internal.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_tables_internal.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vortex::fastlanes::portable {
void StreamCopy(const void *src, void *dst, size_t bytes) noexcept {
#if defined(__SSE2__)
    const auto *from = static_cast<const __m128i *>(src);
    auto *to = static_cast<__m128i *>(dst);
    for (size_t i = 0; i < bytes / 16; ++i) {
        _mm_stream_si128(to + i, _mm_loadu_si128(from + i));
    }
    _mm_sfence();
#else
    std::memcpy(dst, src, bytes);
#endif
}
} // namespace vortex::fastlanes::portable

VORTEX_FASTLANES_DEFINE_TABLES(PortableBitPackTables, VORTEX_FASTLANES_ISA::StreamCopy)

namespace vortex::fastlanes {

template <typename T, unsigned W>
void UnpackBlock(const T *__restrict packed, T *__restrict out) noexcept {
    portable::UnpackBlock<T, W>(packed, out);
}

template <typename T, unsigned W>
void PackBlock(const T *__restrict in, T *__restrict packed) noexcept {
    portable::PackBlock<T, W>(in, packed);
}

// Explicit instantiations for every (T, W), W = 0..=bits(T).
#define VX_FL_INSTANTIATE(T, W)                                                                              \
    template void UnpackBlock<T, W>(const T *__restrict, T *__restrict) noexcept;                            \
    template void PackBlock<T, W>(const T *__restrict, T *__restrict) noexcept;
#define VX_FL_W4(T, B)                                                                                       \
    VX_FL_INSTANTIATE(T, B)                                                                                  \
    VX_FL_INSTANTIATE(T, B + 1) VX_FL_INSTANTIATE(T, B + 2) VX_FL_INSTANTIATE(T, B + 3)
#define VX_FL_W8(T, B) VX_FL_W4(T, B) VX_FL_W4(T, B + 4)
#define VX_FL_W16(T, B) VX_FL_W8(T, B) VX_FL_W8(T, B + 8)
#define VX_FL_W32(T, B) VX_FL_W16(T, B) VX_FL_W16(T, B + 16)
VX_FL_W8(uint8_t, 0)
VX_FL_INSTANTIATE(uint8_t, 8)
VX_FL_W16(uint16_t, 0)
VX_FL_INSTANTIATE(uint16_t, 16)
VX_FL_W32(uint32_t, 0)
VX_FL_INSTANTIATE(uint32_t, 32)
VX_FL_W32(uint64_t, 0)
VX_FL_W32(uint64_t, 32)
VX_FL_INSTANTIATE(uint64_t, 64)
#undef VX_FL_W32
#undef VX_FL_W16
#undef VX_FL_W8
#undef VX_FL_W4
#undef VX_FL_INSTANTIATE

} // namespace vortex::fastlanes
