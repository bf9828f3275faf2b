// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex::testing {

/// Valid encoded arrays, each labelled with the encoder that made it: what an encoding family
/// supplies for the bad-input harness (tests/bad_input) and the fuzz seeds to corrupt.
using EncodedSamples = std::vector<std::pair<ArrayRef, std::string>>;

/// A family's sample maker (declared in its samples.h, named by vortex_add_encoding's SAMPLES):
/// appends `canonical` encoded by each of the family's encoders that accept its dtype. `seed`
/// varies per input, for encoders that need inputs of their own.
using AddEncodedSamplesFn = void (*)(const ArrayRef &canonical, uint64_t seed, EncodedSamples &out);

/// Appends `encoded` under `label` when the encoder accepted its input; encoders refuse dtypes
/// and shapes they do not handle, which is not a failure here.
void AddIfEncoded(EncodedSamples &out, Result<ArrayRef> encoded, std::string label);

} // namespace vortex::testing
