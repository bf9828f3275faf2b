// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/scan/scan_plan.h"

namespace vortex::scan {

/// Reads one split of a plan: evaluates the filter on the filter columns first, then reads
/// the projected columns only over the span that still holds selected rows, and returns the
/// selected rows (possibly none) as an array of plan.output_dtype. Runs on the calling thread;
/// splits of one plan may run concurrently.
Result<ArrayRef> ExecuteSplit(const ScanPlan &plan, const SplitRange &split);

/// A split's rows before their last filter: the rows of `rows` where `selection` is set, or
/// all of them without one.
struct SelectedRows {
    ArrayRef rows;
    std::optional<Mask> selection;
    /// Where `rows` (all of them, before `selection`) come from in the scanned layout: the
    /// rows `origin` selects among [first_row, first_row + origin->len()), in order, or without
    /// `origin` the rows first_row, first_row + 1, ... (engines' row-number columns).
    uint64_t first_row = 0;
    std::optional<Mask> origin;

    /// The layout row of every row of `rows`, ascending.
    std::vector<uint64_t> RowNumbers() const;
};

/// ExecuteSplit for engines with selection vectors: when the filter keeps most rows of the
/// span it reads, returns that span unfiltered with the mask instead of copying every
/// projected column to drop a few rows.
Result<SelectedRows> ExecuteSplitSelected(const ScanPlan &plan, const SplitRange &split);

/// Whether ExecuteSplit(plan, split) is exactly the projected columns over [begin, end): a
/// struct source, no filter, no take, no selection, no pieces. Such a split may be read column
/// by column (ReadSplitColumn, for instance concurrently) and put together with AssembleSplit.
bool SplitReadsWholeColumns(const ScanPlan &plan, const SplitRange &split);
/// The k-th projected column of such a split.
Result<ArrayRef> ReadSplitColumn(const ScanPlan &plan, const SplitRange &split, size_t k);
/// The split's rows from its projected columns (in projection order) and the struct's validity.
Result<ArrayRef> AssembleSplit(const ScanPlan &plan, const SplitRange &split, std::vector<ArrayRef> columns);

/// A split bound to its plan, for engines that schedule splits on their own threads.
class Split {
public:
    Split(std::shared_ptr<const ScanPlan> plan, size_t index) : plan_(std::move(plan)), index_(index) {}

    const SplitRange &range() const { return plan_->splits[index_]; }
    Result<ArrayRef> Execute() const { return ExecuteSplit(*plan_, range()); }
    Result<SelectedRows> ExecuteSelected() const { return ExecuteSplitSelected(*plan_, range()); }

private:
    std::shared_ptr<const ScanPlan> plan_;
    size_t index_;
};

} // namespace vortex::scan
