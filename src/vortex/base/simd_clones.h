// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// VORTEX_SIMD_CLONES on a plain loop compiles it for x86-64-v4 (AVX-512 with 64-bit multiplies),
// x86-64-v3 (AVX2) and the x86-64 baseline, and an ifunc picks the widest the CPU has. The
// baseline has no 64-bit compares or multiplies, so min/max reductions and scaled sums over
// 64-bit integers stay scalar without it. Not under the sanitizers: the ifunc
// resolver runs during relocation, before their runtimes start (TSan crashes there).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__) &&     \
    !defined(__SANITIZE_THREAD__)
#define VORTEX_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define VORTEX_SIMD_CLONES
#endif
