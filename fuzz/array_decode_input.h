// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The input of the array-decode fuzz target, shared with the seed generator:
//
//   [u16 LE n][n bytes: DType flatbuffer][u32 LE len][segment: a serialized array]
//
// The segment's encoding indices refer to every encoding of the default session, sorted by id
// (ArrayWriteContext::FromSession), so one seed per registered encoding reaches its decoder.

#include <cstdint>
#include <span>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex::fuzz {

/// Builds the input that decodes to `array`.
Result<std::vector<uint8_t>> ArrayDecodeInput(const ArrayRef &array);

} // namespace vortex::fuzz
