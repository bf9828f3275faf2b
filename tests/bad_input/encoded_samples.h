// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "vortex/array/array.h"

namespace vortex::bad_input {

/// `canonical` encoded by every compressed encoding that accepts its dtype, each with a label
/// naming the encoder: the valid arrays the harness corrupts for the encoding families.
std::vector<std::pair<ArrayRef, std::string>> EncodedForms(const ArrayRef &canonical, uint64_t seed);

} // namespace vortex::bad_input
