// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/buffer/mask.h"
#include "vortex/expr/evaluate.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/scan/scan_options.h"
#include "vortex/scan/scan_source.h"

namespace vortex::scan {

/// The filter one split evaluates, when zone statistics proved some of the plan's conjuncts
/// true on every row it selects: the remaining conjuncts (null when none remain) and the
/// fields they read.
struct SplitFilter {
    expr::ExprRef expr;
    std::vector<size_t> fields;
};

/// A contiguous row range of the file and, when not every row in it is wanted, which ones
/// (pruned zones and take indices removed).
struct SplitRange {
    uint64_t begin = 0;
    uint64_t end = 0;
    /// end - begin bits; nullopt selects every row (unless take_rows says otherwise).
    std::optional<Mask> selection;
    /// When not empty, the split is these disjoint ranges, read one after another into one
    /// result, and [begin, end) only spans them: a take gathers its few rows from many chunks
    /// in one task instead of one task per chunk.
    std::vector<SplitRange> pieces;
    /// For a take: the selected rows (ascending, relative to begin), in place of `selection`
    /// (a take of a few rows need not build and scan a bitmap of the whole split).
    std::shared_ptr<const std::vector<size_t>> take_rows;
    /// Set when the split evaluates less than the plan's filter (see SplitFilter); null means
    /// the plan's filter.
    std::shared_ptr<const SplitFilter> filter;

    /// The selected rows as a mask of end - begin bits.
    Mask SelectionMask() const {
        if (take_rows) {
            return Mask::FromIndices(static_cast<size_t>(row_count()), *take_rows);
        }
        return selection ? *selection : Mask::AllTrue(static_cast<size_t>(row_count()));
    }
    /// How many rows the split selects.
    size_t selected_rows() const {
        if (take_rows) {
            return take_rows->size();
        }
        return selection ? selection->true_count() : static_cast<size_t>(row_count());
    }
    uint64_t row_count() const { return end - begin; }
};

/// A planned scan: what to read and where. Immutable; splits share it.
struct ScanPlan {
    ScanSource source;
    /// The root as a struct layout (null when the file is not a struct).
    const StructLayout *root_struct = nullptr;
    /// Field indices of the returned columns, in output order.
    std::vector<size_t> projection;
    /// Field indices the filter reads.
    std::vector<size_t> filter_fields;
    expr::ExprRef filter;
    DType output_dtype;
    std::vector<SplitRange> splits;
    std::optional<uint64_t> limit;
    size_t batch_rows = 65536;
    /// Decoded segments shared by the splits (mutable and thread-safe; see ArrayCache).
    std::shared_ptr<ArrayCache> cache;
    /// The filter's per-dictionary results, shared by the splits (thread-safe).
    std::shared_ptr<expr::EvaluationCache> filter_cache = std::make_shared<expr::EvaluationCache>();
    /// Rows removed by zone pruning before any data was read (for tests and inspection).
    uint64_t pruned_rows = 0;
    /// Selected rows of splits whose whole filter zone statistics proved true, so that they
    /// evaluate none (for tests and inspection).
    uint64_t proven_rows = 0;

    /// The filter `split` evaluates (null when none) and the fields it reads.
    const expr::Expr *FilterOf(const SplitRange &split) const {
        return split.filter ? split.filter->expr.get() : filter.get();
    }
    const std::vector<size_t> &FilterFieldsOf(const SplitRange &split) const {
        return split.filter ? split.filter->fields : filter_fields;
    }
};

/// The output dtype of a scan with `options` over `source`, without planning: the file's
/// dtype, or the projected struct (unknown columns are InvalidArgument errors).
Result<DType> ScanOutputDType(const ScanSource &source, const ScanOptions &options);

/// Plans a scan: resolves columns, collects the natural split points of every column read
/// (chunk boundaries), cuts long spans, prunes zones with the filter's zone-map statistics and
/// applies the row range and take. May read zone tables; never reads data segments.
Result<std::shared_ptr<const ScanPlan>> PlanScan(const ScanSource &source, const ScanOptions &options);

} // namespace vortex::scan
