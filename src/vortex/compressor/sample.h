// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex::compressor {

/// Values per sampled run and the minimum number of runs (BtrBlocks: runs keep the local
/// structure that run-length and delta-like schemes need, which single values would lose).
inline constexpr size_t kSampleRunLength = 64;
inline constexpr size_t kMinSampleRuns = 16;

/// The [begin, end) runs sampled from `len` values: about 1% of them (at least kMinSampleRuns
/// runs, a multiple of 16), one run at a pseudo-random place in each of as many equal parts.
/// Fixed seed, so the choice depends only on `len`. Everything when that would be most of it.
std::vector<std::pair<size_t, size_t>> SampleRuns(size_t len);

/// The sampled runs of canonical `array`, concatenated into one canonical array that owns only
/// the sampled bytes (so its nbytes() is the sample's own size).
Result<ArrayRef> Sample(const ArrayRef &canonical);

} // namespace vortex::compressor
