// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vortex/expr/expression.h"

namespace vortex {
class Executor;
} // namespace vortex

namespace vortex::scan {

/// Everything a scan is asked to do; ScanBuilder fills it.
struct ScanOptions {
    /// Top-level columns to return, in order; nullopt returns every column.
    std::optional<std::vector<std::string>> projection;
    /// Rows for which this is not true are dropped (SQL WHERE semantics).
    expr::ExprRef filter;
    /// Only rows [first, second).
    std::optional<std::pair<uint64_t, uint64_t>> row_range;
    /// Only these rows (returned in row order, each once).
    std::optional<std::vector<uint64_t>> take;
    /// At most this many rows (after the filter).
    std::optional<uint64_t> limit;
    /// Longest batch a stream returns.
    size_t batch_rows = 65536;
    /// Spans between the layout's natural split points wider than this are cut further.
    uint64_t split_rows = 100'000;
    /// Ordered streams return batches in row order.
    bool ordered = true;
    /// Split results a stream may hold at once (running or finished, not yet returned). It is
    /// a constant, not the core count, so a stream's memory does not grow with the machine.
    size_t window = 2;
    /// Decoded segments kept for later splits of the same scan (a block usually spans several
    /// splits). Like the window, independent of the core count.
    size_t cache_bytes = size_t{64} << 20;
    /// Natural split points closer than this to the previous one are skipped, so that columns
    /// chunked differently do not cut the scan into tiny splits.
    uint64_t min_split_rows = 8192;
    /// Decode each split's result into canonical arrays (struct fields included) on the
    /// executor, so a consumer that needs plain buffers (an Arrow export) gets them without
    /// decoding on its own thread.
    bool canonical = false;
    /// Runs planning and splits; nullptr means Executor::Default().
    Executor *executor = nullptr;
    /// Testing hook, run on the planning thread before planning (e.g. to make it slow).
    std::function<void()> before_planning;
};

} // namespace vortex::scan
