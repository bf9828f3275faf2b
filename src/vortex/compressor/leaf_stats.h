// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>

#include "vortex/array/array.h"
#include "vortex/base/int128.h"
#include "vortex/base/result.h"

namespace vortex::compressor {

/// What the schemes look at before trying themselves on a sample: one pass over a canonical
/// Bool, Primitive, Utf8 or Binary array.
struct LeafStats {
    size_t len = 0;
    size_t null_count = 0;
    /// Runs of equal values among the valid ones, nulls skipped (floats bit for bit).
    size_t valid_runs = 0;
    /// Integers only: the smallest and largest valid value (0 when none is valid).
    int128_t min = 0;
    int128_t max = 0;
    /// Integers only: how often a valid value is smaller than the valid one before it (0 for
    /// sorted values; a few for ranks or counters that restart).
    size_t descents = 0;

    size_t valid_count() const { return len - null_count; }
    bool all_null() const { return len > 0 && null_count == len; }
    /// One distinct valid value (there may be nulls too).
    bool single_value() const { return valid_runs == 1; }
    double average_run_length() const {
        return valid_runs == 0 ? 0.0 : static_cast<double>(valid_count()) / static_cast<double>(valid_runs);
    }
};

Result<LeafStats> ComputeLeafStats(const ArrayRef &canonical);

} // namespace vortex::compressor
