// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::datetime_parts {

/// A timestamp `canonical` split into days, seconds and subseconds, for the bad-input harness and the fuzz
/// seeds (vortex_add_encoding's SAMPLES).
void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out);

} // namespace vortex::datetime_parts
