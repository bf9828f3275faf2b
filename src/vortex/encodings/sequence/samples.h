// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::sequence {

/// For an integer `canonical`, an arithmetic sequence of its ptype sequence-encoded (random
/// values are not sequences), for the bad-input harness and the fuzz seeds (vortex_add_encoding's SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

} // namespace vortex::sequence
