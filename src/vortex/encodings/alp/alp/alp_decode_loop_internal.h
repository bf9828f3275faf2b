// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The bulk ALP decode loop, included by one TU per instruction set (alp_decode.cc,
// alp_decode_avx512.cc). It lives in an anonymous namespace so that each TU keeps its own
// copy compiled for its own target: the linker must never merge an AVX-512 body into the
// portable path.

#include <cstddef>
#include <cstdint>

namespace vortex::alp {
namespace {

// out[i] = (T)in[i] * f10 * if10, no data-dependent branches: compilers turn it into
// int->float conversions and two multiplies per vector.
template <typename T, typename I>
void DecodeRun(const I *__restrict in, size_t n, T f10, T if10, T *__restrict out) {
    for (size_t i = 0; i < n; ++i) {
        out[i] = static_cast<T>(in[i]) * f10 * if10;
    }
}

// Decodes a few values one by one until `out` is 64-byte aligned: 512-bit stores that
// straddle cache lines cost more than split loads (measured: a misaligned output made the
// decode about 1.2x slower, a misaligned input 1.5x; peeling the output recovers most of both).
template <typename T, typename I>
void DecodeLoop(const I *__restrict in, size_t n, T f10, T if10, T *__restrict out) {
    const size_t misalignment = reinterpret_cast<uintptr_t>(out) % 64;
    size_t head = misalignment == 0 || misalignment % sizeof(T) != 0 ? 0 : (64 - misalignment) / sizeof(T);
    head = head < n ? head : n;
    DecodeRun(in, head, f10, if10, out);
    DecodeRun(in + head, n - head, f10, if10, out + head);
}

} // namespace
} // namespace vortex::alp
