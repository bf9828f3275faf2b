// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::bytebool {

/// A boolean `canonical` as one byte per value, for the bad-input harness and the fuzz seeds
/// (vortex_add_encoding's SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

} // namespace vortex::bytebool
