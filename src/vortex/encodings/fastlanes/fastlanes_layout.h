// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The FastLanes 1024-value block geometry shared by every fastlanes.* encoding.
// Spec: arrays-encodings, section 5 "FastLanes layout".

#include <array>
#include <cstddef>
#include <cstdint>

namespace vortex::fastlanes {

/// Values per FastLanes block.
inline constexpr size_t kFastLanesBlockLen = 1024;

/// The order in which the eight 8-row groups of a block are interleaved; its own inverse.
inline constexpr std::array<size_t, 8> kFastLanesOrder = {0, 4, 2, 6, 1, 5, 3, 7};

/// Lanes of a block of `T`-bit unsigned words: 1024 / T.
template <typename T>
inline constexpr size_t kLanes = kFastLanesBlockLen / (8 * sizeof(T));

/// Position inside the block of the value at (`row`, `lane`), row < T bits, lane < kLanes<T>.
constexpr size_t FastLanesIndex(size_t row, size_t lane) {
    return kFastLanesOrder[row / 8] * 16 + (row % 8) * 128 + lane;
}

/// The type-independent transpose: a transposed block t of values x has t[i] = x[transpose(i)].
/// Each lane L of a transposed block covers the consecutive values starting at transpose(L).
constexpr size_t FastLanesTranspose(size_t i) {
    return (i % 16) * 64 + kFastLanesOrder[(i / 16) % 8] * 8 + (i / 128);
}

/// Number of blocks covering `len` values.
constexpr size_t FastLanesBlockCount(size_t len) {
    return (len + kFastLanesBlockLen - 1) / kFastLanesBlockLen;
}

} // namespace vortex::fastlanes
