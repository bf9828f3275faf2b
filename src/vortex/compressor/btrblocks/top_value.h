// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <optional>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex::compressor::btrblocks {

struct TopValueInfo {
    /// Where the most frequent valid value first occurs, and how often it occurs.
    size_t index = 0;
    size_t count = 0;
};

/// The most frequent valid value of a canonical Primitive array (floats bit for bit; the
/// first to reach the top count wins ties); nullopt when no value is valid or the array is
/// not Primitive (other dtypes are not counted).
Result<std::optional<TopValueInfo>> TopValue(const ArrayRef &canonical);

} // namespace vortex::compressor::btrblocks
