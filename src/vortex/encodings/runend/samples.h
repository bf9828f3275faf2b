// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::runend {

/// `canonical` run-end encoded when it is primitive or boolean, for the bad-input harness and the fuzz seeds
/// (vortex_add_encoding's SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

} // namespace vortex::runend
