// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Valid arrays of every encoding, the starting points that the bad-input tests corrupt.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::bad_input {

/// The stored parts of one array node, as Encoding::Build() receives them.
using NodeParts = testing::NodeParts;

/// One valid array node and how it was made (for failure messages). Encodings that decode on
/// load (vortex.zstd_buffers, vortex.patched) have no in-memory array of their own: their
/// samples carry the node's `parts`, and `array` is what Build() makes of them.
struct Sample {
    ArrayRef array;
    std::string label;
    std::optional<NodeParts> parts{};
};

/// Valid array nodes grouped by encoding id. They are every node (roots and all their
/// descendants, so validity, offsets and codes children too) of random arrays over every
/// AllTestDTypes() dtype at lengths 0, 1 and 1025, in every ArrayForm, plus ListArrays (no
/// form produces them). At most `max_per_encoding` per id, picked round-robin over
/// (length class, nullability) so each id keeps empty, single, long, nullable and
/// non-nullable cases where they exist, and shuffled within those classes (fixed seed) to
/// spread over dtypes and sliced forms. Deterministic; computed once.
const std::map<std::string, std::vector<Sample>, std::less<>> &SamplesByEncoding();

inline constexpr size_t kMaxSamplesPerEncoding = 12;

} // namespace vortex::bad_input
