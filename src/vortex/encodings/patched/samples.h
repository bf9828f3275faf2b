// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <vector>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::patched {

/// vortex.patched nodes over the harness's primitive samples (a patch on every fifth row, and
/// half of them with an offset), for the bad-input harness and the fuzz seeds
/// (vortex_add_encoding's NODE_SAMPLES).
void AddNodeSamples(const testing::SamplesOfId &samples_of, std::vector<testing::NodeSample> &out);

} // namespace vortex::patched
