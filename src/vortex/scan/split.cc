// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/split.h"

#include <map>
#include <optional>
#include <utility>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/expr/evaluate.h"

namespace vortex::scan {
namespace {

// A mask selecting fewer than one row in this many is applied as a take.
constexpr size_t kSparseSelection = 256;

Result<ArrayRef> EmptyOf(const DType &dtype) {
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    return builder->Finish();
}

bool IsSparse(const Mask &mask) {
    return mask.true_count() * kSparseSelection < mask.len();
}

// Gathers the rows at `positions` (ascending) less `base`.
Result<ArrayRef> TakePositions(const ArrayRef &array, const std::vector<size_t> &positions, size_t base) {
    std::vector<uint64_t> indices(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) {
        indices[i] = positions[i] - base;
    }
    return Take(array, PrimitiveArray::FromValues(indices));
}

Result<ArrayRef> KeepSelected(ArrayRef array, const Mask &mask) {
    if (mask.all_true()) {
        return array;
    }
    if (IsSparse(mask)) {
        // A few rows (a take): find them once and gather, instead of every column's filter
        // scanning the whole mask again.
        return TakePositions(array, mask.Indices(), 0);
    }
    return Filter(array, mask);
}

// How a split reads its layouts: the plan's segments, with the scan's cache.
LayoutReadContext ReadContextOf(const ScanPlan &plan) {
    LayoutReadContext ctx = plan.source.read_context();
    ctx.cache = plan.cache.get();
    ctx.partial_takes = plan.source.cache == nullptr;
    return ctx;
}

// Rows [begin, end) of the root struct from its projected columns and its validity.
Result<ArrayRef> AssembleRows(const ScanPlan &plan,
                              const LayoutReadContext &ctx,
                              uint64_t begin,
                              uint64_t end,
                              std::vector<ArrayRef> columns) {
    Validity validity = Validity::From(plan.output_dtype.nullability());
    if (LayoutRef validity_layout = plan.root_struct->validity()) {
        VX_ASSIGN_OR_RETURN(ArrayRef bits, validity_layout->Read(ctx, begin, end));
        VX_ASSIGN_OR_RETURN(validity, Validity::FromArray(std::move(bits)));
    }
    VX_ASSIGN_OR_RETURN(auto rows,
                        StructArray::TryMake(plan.output_dtype, std::move(columns),
                                             static_cast<size_t>(end - begin), std::move(validity)));
    return ArrayRef(std::move(rows));
}

// A mask keeping at least this share of its rows may be handed out with the unfiltered rows.
constexpr size_t kDenseSelectionPercent = 50;

// `rows` without a selection: the layout rows `origin` selects from first_row on (all of
// them when it selects every row).
Result<SelectedRows> Unselected(Result<ArrayRef> rows, uint64_t first_row, const Mask *origin = nullptr) {
    VX_ASSIGN_OR_RETURN(ArrayRef array, std::move(rows));
    SelectedRows selected{std::move(array), std::nullopt, first_row, std::nullopt};
    if (origin != nullptr && !origin->all_true()) {
        selected.origin = *origin;
    }
    return selected;
}

Result<SelectedRows> Execute(const ScanPlan &plan, const SplitRange &split, bool may_select) {
    const LayoutReadContext ctx = ReadContextOf(plan);
    const expr::Expr *filter = plan.FilterOf(split);
    if (split.take_rows && filter == nullptr && split.pieces.empty()) {
        // A take without a filter: each column's layout gathers the rows from its own chunks,
        // without reading the rows between.
        std::vector<uint64_t> rows;
        rows.reserve(split.take_rows->size());
        for (const size_t row : *split.take_rows) {
            rows.push_back(split.begin + row);
        }
        const Mask taken = split.SelectionMask();
        if (plan.root_struct != nullptr) {
            return Unselected(plan.root_struct->TakeFields(ctx, plan.projection, rows), split.begin, &taken);
        }
        return Unselected(plan.source.layout->TakeRows(ctx, rows), split.begin, &taken);
    }
    if (!split.pieces.empty()) {
        // The pieces are disjoint and ascending: their rows, in order, are the split's.
        std::vector<ArrayRef> parts;
        std::vector<size_t> origin;
        for (const SplitRange &piece : split.pieces) {
            VX_ASSIGN_OR_RETURN(SelectedRows part, Execute(plan, piece, /*may_select=*/false));
            if (part.rows->empty()) {
                continue;
            }
            for (const uint64_t row : part.RowNumbers()) {
                origin.push_back(static_cast<size_t>(row - split.begin));
            }
            parts.push_back(std::move(part.rows));
        }
        const Mask origin_mask = Mask::FromIndices(static_cast<size_t>(split.row_count()), origin);
        return Unselected(parts.empty()       ? EmptyOf(plan.output_dtype)
                          : parts.size() == 1 ? Result<ArrayRef>(parts.front())
                                              : ConcatCanonical(parts, plan.output_dtype),
                          split.begin, &origin_mask);
    }
    Mask mask = split.SelectionMask();
    if (plan.root_struct == nullptr) {
        VX_ASSIGN_OR_RETURN(ArrayRef array, plan.source.layout->Read(ctx, split.begin, split.end));
        return Unselected(KeepSelected(std::move(array), mask), split.begin, &mask);
    }
    const StructLayout &root = *plan.root_struct;

    // Filter columns first, over the whole split (they are read anyway).
    std::map<size_t, ArrayRef> filter_columns;
    if (filter != nullptr) {
        const std::vector<size_t> &filter_fields = plan.FilterFieldsOf(split);
        VX_ASSIGN_OR_RETURN(ArrayRef scope, root.ReadFields(ctx, filter_fields, split.begin, split.end));
        VX_ASSIGN_OR_RETURN(Mask matched, expr::EvaluateMask(*filter, scope, plan.filter_cache.get()));
        mask = mask.And(matched);
        const auto *fields = As<StructArray>(*scope);
        for (size_t i = 0; i < filter_fields.size(); ++i) {
            filter_columns[filter_fields[i]] = fields->field(i);
        }
    }
    if (mask.all_false()) {
        return Unselected(EmptyOf(plan.output_dtype), split.begin);
    }

    // Projected columns only over the span that still holds selected rows. A few rows (a
    // take) are found once and gathered, instead of every column's filter scanning the mask.
    std::optional<std::vector<size_t>> positions;
    if (split.take_rows && filter == nullptr && IsSparse(mask)) {
        positions = *split.take_rows; // the mask was built from them
    } else if (IsSparse(mask)) {
        positions = mask.Indices();
    }
    const auto [first, last] =
        positions ? std::pair<size_t, size_t>{positions->front(), positions->back() + 1} : mask.TrueSpan();
    const uint64_t begin = split.begin + first;
    const uint64_t end = split.begin + last;
    std::vector<ArrayRef> columns;
    for (size_t field : plan.projection) {
        ArrayRef column;
        if (auto it = filter_columns.find(field); it != filter_columns.end()) {
            VX_ASSIGN_OR_RETURN(column, Slice(it->second, first, last));
        } else {
            VX_ASSIGN_OR_RETURN(LayoutRef layout, root.field(field));
            VX_ASSIGN_OR_RETURN(column, layout->Read(ctx, begin, end));
        }
        columns.push_back(std::move(column));
    }
    VX_ASSIGN_OR_RETURN(ArrayRef rows, AssembleRows(plan, ctx, begin, end, std::move(columns)));
    Mask kept = mask.Slice(first, last - first);
    if (positions) {
        return Unselected(TakePositions(rows, *positions, first), begin, &kept);
    }
    if (may_select && !kept.all_true() && kept.true_count() * 100 >= kept.len() * kDenseSelectionPercent) {
        return SelectedRows{std::move(rows), std::move(kept), begin, std::nullopt};
    }
    return Unselected(KeepSelected(std::move(rows), kept), begin, &kept);
}

} // namespace

std::vector<uint64_t> SelectedRows::RowNumbers() const {
    std::vector<uint64_t> numbers;
    if (!origin) {
        numbers.resize(rows->len());
        for (size_t i = 0; i < numbers.size(); ++i) {
            numbers[i] = first_row + i;
        }
        return numbers;
    }
    numbers.reserve(rows->len());
    for (const size_t i : origin->Indices()) {
        numbers.push_back(first_row + i);
    }
    return numbers;
}

Result<ArrayRef> ExecuteSplit(const ScanPlan &plan, const SplitRange &split) {
    VX_ASSIGN_OR_RETURN(SelectedRows selected, Execute(plan, split, /*may_select=*/false));
    return std::move(selected.rows);
}

Result<SelectedRows> ExecuteSplitSelected(const ScanPlan &plan, const SplitRange &split) {
    return Execute(plan, split, /*may_select=*/true);
}

bool SplitReadsWholeColumns(const ScanPlan &plan, const SplitRange &split) {
    return plan.root_struct != nullptr && plan.FilterOf(split) == nullptr && split.pieces.empty() &&
           !split.take_rows && (!split.selection || split.selection->all_true());
}

Result<ArrayRef> ReadSplitColumn(const ScanPlan &plan, const SplitRange &split, size_t k) {
    VX_ENSURE(k < plan.projection.size(), OutOfBounds, "projected column {} of {}", k,
              plan.projection.size());
    VX_ASSIGN_OR_RETURN(LayoutRef layout, plan.root_struct->field(plan.projection[k]));
    return layout->Read(ReadContextOf(plan), split.begin, split.end);
}

Result<ArrayRef> AssembleSplit(const ScanPlan &plan, const SplitRange &split, std::vector<ArrayRef> columns) {
    return AssembleRows(plan, ReadContextOf(plan), split.begin, split.end, std::move(columns));
}

} // namespace vortex::scan
