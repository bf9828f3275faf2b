// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Single-value ALP encode/decode and the bulk decode entry points. Every TU that evaluates
// these is compiled with -ffp-contract=off (see CMakeLists.txt): the decode must be exactly
// `(T)enc * F10[f] * IF10[e]`, two separately rounded IEEE multiplications, or values
// written by another implementation would not round-trip bit for bit.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "vortex/dtype/ptype.h"
#include "vortex/encodings/alp/alp/alp_constants.h"

namespace vortex::alp {

template <typename T>
using ALPInt = typename ALPTraits<T>::Int;

/// Converts like Rust's `as`: truncates toward zero, saturates out-of-range values and maps
/// NaN to 0 (a plain static_cast would be undefined behaviour there).
template <typename I, typename T>
I SaturatingCast(T value) {
    constexpr T kLimit = static_cast<T>(std::numeric_limits<I>::max()) + T{1}; // 2^(bits-1), exact
    if (std::isnan(value)) {
        return 0;
    }
    if (value >= kLimit) {
        return std::numeric_limits<I>::max();
    }
    if (value < -kLimit) {
        return std::numeric_limits<I>::min();
    }
    return static_cast<I>(value);
}

/// Spec 7.5 decode of one value: left to right in T.
template <typename T>
T DecodeSingle(ALPInt<T> encoded, Exponents exponents) {
    return static_cast<T>(encoded) * ALPTraits<T>::kF10[exponents.f] * ALPTraits<T>::kIF10[exponents.e];
}

/// Spec 7.5 encode of one value, without checking that it decodes back.
template <typename T>
ALPInt<T> EncodeSingleUnchecked(T value, Exponents exponents) {
    const T scaled = value * ALPTraits<T>::kF10[exponents.e] * ALPTraits<T>::kIF10[exponents.f];
    const T rounded = (scaled + ALPTraits<T>::kSweet) - ALPTraits<T>::kSweet;
    return SaturatingCast<ALPInt<T>>(rounded);
}

/// Bitwise float equality: -0.0 != 0.0 and NaNs equal only with the same payload.
template <typename T>
bool BitEqual(T a, T b) {
    if constexpr (sizeof(T) == 4) {
        return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
    } else {
        return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
    }
}

/// True when `exponents` index the tables of T and f <= e.
template <typename T>
bool ValidExponents(Exponents exponents) {
    return exponents.e <= ALPTraits<T>::kMaxExponent && exponents.f <= exponents.e;
}

/// Calls fn.template operator()<T>() with T = float for F32 and double otherwise (callers
/// have checked that `ptype` is F32 or F64).
template <typename Fn>
decltype(auto) VisitALPFloat(PType ptype, Fn &&fn) {
    if (ptype == PType::F32) {
        return fn.template operator()<float>();
    }
    return fn.template operator()<double>();
}

/// Decodes `encoded` into `out` (same length; need not be initialized). Vectorized; picks
/// the widest instruction set the CPU has at first use. Exponents must be valid.
void DecodeALP(std::span<const int32_t> encoded, Exponents exponents, float *out);
void DecodeALP(std::span<const int64_t> encoded, Exponents exponents, double *out);

} // namespace vortex::alp
