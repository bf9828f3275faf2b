// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Format tunables and tables of vortex.alp, in one place [ALP config.hpp]. The tables and
// limits are part of the format: a decoder must use exactly these values.
// Spec: arrays-encodings 7.5; values checked against encodings/alp/src/alp/mod.rs.

#include <array>
#include <cstddef>
#include <cstdint>

namespace vortex::alp {

/// The (e, f) exponent pair: encode multiplies by 10^e * 10^-f, decode by 10^f * 10^-e.
struct Exponents {
    uint8_t e = 0;
    uint8_t f = 0;
    bool operator==(const Exponents &) const = default;
};

/// Values sampled (evenly strided) to choose the exponents, as the reference's SAMPLE_SIZE.
inline constexpr size_t kSampleSize = 32;
/// Encoding works on chunks of this many values; patch chunk offsets count per chunk.
inline constexpr size_t kChunkLen = 1024;

/// Per-float-type constants. `kMaxExponent` bounds both the exponent search (e <
/// kMaxExponent) and what a reader accepts (e, f <= kMaxExponent), as the reference does.
template <typename T>
struct ALPTraits;

template <>
struct ALPTraits<float> {
    using Int = int32_t;
    static constexpr uint8_t kMaxExponent = 10;
    // 2^23 + 2^22: adding and subtracting it rounds to the nearest integer.
    static constexpr float kSweet = 8388608.0f + 4194304.0f;
    // Literals rounded to the nearest f32, as the reference's `f32` array literals.
    static constexpr std::array<float, 11> kF10 = {
        1.0f,       10.0f,       100.0f,       1000.0f,       10000.0f,       100000.0f,
        1000000.0f, 10000000.0f, 100000000.0f, 1000000000.0f, 10000000000.0f,
    };
    static constexpr std::array<float, 11> kIF10 = {
        1.0f,      0.1f,       0.01f,       0.001f,       0.0001f,       0.00001f,
        0.000001f, 0.0000001f, 0.00000001f, 0.000000001f, 0.0000000001f,
    };
};

template <>
struct ALPTraits<double> {
    using Int = int64_t;
    // 10^18 is the largest power of ten below the i64 range.
    static constexpr uint8_t kMaxExponent = 18;
    // 2^52 + 2^51.
    static constexpr double kSweet = 4503599627370496.0 + 2251799813685248.0;
    static constexpr std::array<double, 24> kF10 = {
        1.0,
        10.0,
        100.0,
        1000.0,
        10000.0,
        100000.0,
        1000000.0,
        10000000.0,
        100000000.0,
        1000000000.0,
        10000000000.0,
        100000000000.0,
        1000000000000.0,
        10000000000000.0,
        100000000000000.0,
        1000000000000000.0,
        10000000000000000.0,
        100000000000000000.0,
        1000000000000000000.0,
        10000000000000000000.0,
        100000000000000000000.0,
        1000000000000000000000.0,
        10000000000000000000000.0,
        100000000000000000000000.0,
    };
    static constexpr std::array<double, 24> kIF10 = {
        1.0,
        0.1,
        0.01,
        0.001,
        0.0001,
        0.00001,
        0.000001,
        0.0000001,
        0.00000001,
        0.000000001,
        0.0000000001,
        0.00000000001,
        0.000000000001,
        0.0000000000001,
        0.00000000000001,
        0.000000000000001,
        0.0000000000000001,
        0.00000000000000001,
        0.000000000000000001,
        0.0000000000000000001,
        0.00000000000000000001,
        0.000000000000000000001,
        0.0000000000000000000001,
        0.00000000000000000000001,
    };
};

static_assert(ALPTraits<float>::kMaxExponent < ALPTraits<float>::kF10.size());
static_assert(ALPTraits<double>::kMaxExponent < ALPTraits<double>::kF10.size());

} // namespace vortex::alp
