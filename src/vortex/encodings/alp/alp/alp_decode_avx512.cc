// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// AVX-512 (F + DQ) build of the decode loop: DQ adds the vector i64->f64 conversion that
// SSE/AVX2 lack. Compiled with -mavx512f -mavx512dq -ffp-contract=off; called only when the
// CPU has both (alp_decode.cc).

#include <cstddef>
#include <cstdint>

#include "vortex/encodings/alp/alp/alp_decode_loop_internal.h"

namespace vortex::alp::internal {

void DecodeF32Avx512(const int32_t *in, size_t n, float f10, float if10, float *out) {
    DecodeLoop<float, int32_t>(in, n, f10, if10, out);
}

void DecodeF64Avx512(const int64_t *in, size_t n, double f10, double if10, double *out) {
    DecodeLoop<double, int64_t>(in, n, f10, if10, out);
}

} // namespace vortex::alp::internal
