// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <vector>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::zstd {

/// A primitive, string or binary `canonical` zstd compressed, in frames of 512 values so
/// that long inputs have several, for the bad-input harness and the fuzz seeds (vortex_add_encoding's
/// SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

/// vortex.zstd_buffers nodes over three of the harness's samples of each of several encodings
/// (vortex_add_encoding's NODE_SAMPLES).
void AddNodeSamples(const testing::SamplesOfId &samples_of, std::vector<testing::NodeSample> &out);

} // namespace vortex::zstd
