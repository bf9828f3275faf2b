// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::fastlanes {

/// `canonical` run-length, bit-packed (at the best width, and one bit narrower so that
/// patches exist), frame-of-reference and delta encoded where its dtype allows, for the bad-input harness and
/// the fuzz seeds (vortex_add_encoding's SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

} // namespace vortex::fastlanes
