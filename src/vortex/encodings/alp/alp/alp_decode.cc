// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Runtime dispatch of the bulk ALP decode between the portable loop and the AVX-512 build.
// All variants perform the same IEEE operations in the same order, so they agree bit for bit.

#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp/alp_decode_loop_internal.h"

namespace vortex::alp {

#ifdef VORTEX_ALP_X86_VARIANTS
namespace internal {
void DecodeF32Avx512(const int32_t *in, size_t n, float f10, float if10, float *out);
void DecodeF64Avx512(const int64_t *in, size_t n, double f10, double if10, double *out);
} // namespace internal
#endif

namespace {

template <typename T, typename I>
using DecodeFn = void (*)(const I *, size_t, T, T, T *);

template <typename T, typename I>
DecodeFn<T, I> SelectDecodeFn() {
#ifdef VORTEX_ALP_X86_VARIANTS
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")) {
        if constexpr (sizeof(T) == 4) {
            return &internal::DecodeF32Avx512;
        } else {
            return &internal::DecodeF64Avx512;
        }
    }
#endif
    return &DecodeLoop<T, I>;
}

template <typename T>
void DecodeWith(std::span<const ALPInt<T>> encoded, Exponents exponents, T *out) {
    static const DecodeFn<T, ALPInt<T>> fn = SelectDecodeFn<T, ALPInt<T>>();
    fn(encoded.data(), encoded.size(), ALPTraits<T>::kF10[exponents.f], ALPTraits<T>::kIF10[exponents.e],
       out);
}

} // namespace

void DecodeALP(std::span<const int32_t> encoded, Exponents exponents, float *out) {
    DecodeWith<float>(encoded, exponents, out);
}

void DecodeALP(std::span<const int64_t> encoded, Exponents exponents, double *out) {
    DecodeWith<double>(encoded, exponents, out);
}

} // namespace vortex::alp
