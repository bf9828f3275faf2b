// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/split.h"

#include <map>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/slice.h"
#include "vortex/expr/evaluate.h"

namespace vortex::scan {
namespace {

Result<ArrayRef> EmptyOf(const DType &dtype) {
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    return builder->Finish();
}

// First and one-past-last selected position of a mask that selects something.
std::pair<size_t, size_t> SelectedSpan(const Mask &mask) {
    if (mask.all_true()) {
        return {0, mask.len()};
    }
    size_t first = 0;
    while (!mask.value(first)) {
        ++first;
    }
    size_t last = mask.len();
    while (!mask.value(last - 1)) {
        --last;
    }
    return {first, last};
}

Result<ArrayRef> KeepSelected(ArrayRef array, const Mask &mask) {
    if (mask.all_true()) {
        return array;
    }
    return Filter(array, mask);
}

} // namespace

Result<ArrayRef> ExecuteSplit(const ScanPlan &plan, const SplitRange &split) {
    LayoutReadContext ctx = plan.source.read_context();
    ctx.cache = plan.cache.get();
    const size_t len = static_cast<size_t>(split.row_count());
    Mask mask = split.selection ? *split.selection : Mask::AllTrue(len);
    if (plan.root_struct == nullptr) {
        VX_ASSIGN_OR_RETURN(ArrayRef array, plan.source.layout->Read(ctx, split.begin, split.end));
        return KeepSelected(std::move(array), mask);
    }
    const StructLayout &root = *plan.root_struct;

    // Filter columns first, over the whole split (they are read anyway).
    std::map<size_t, ArrayRef> filter_columns;
    if (plan.filter) {
        VX_ASSIGN_OR_RETURN(ArrayRef scope, root.ReadFields(ctx, plan.filter_fields, split.begin, split.end));
        VX_ASSIGN_OR_RETURN(Mask matched, expr::EvaluateMask(*plan.filter, scope));
        mask = mask.And(matched);
        const auto *fields = As<StructArray>(*scope);
        for (size_t i = 0; i < plan.filter_fields.size(); ++i) {
            filter_columns[plan.filter_fields[i]] = fields->field(i);
        }
    }
    if (mask.all_false()) {
        return EmptyOf(plan.output_dtype);
    }

    // Projected columns only over the span that still holds selected rows.
    const auto [first, last] = SelectedSpan(mask);
    const uint64_t begin = split.begin + first;
    const uint64_t end = split.begin + last;
    std::vector<ArrayRef> columns;
    for (size_t field : plan.projection) {
        ArrayRef column;
        if (auto it = filter_columns.find(field); it != filter_columns.end()) {
            VX_ASSIGN_OR_RETURN(column, Slice(it->second, first, last));
        } else {
            VX_ASSIGN_OR_RETURN(column, root.field(field)->Read(ctx, begin, end));
        }
        columns.push_back(std::move(column));
    }
    Validity validity = Validity::From(plan.output_dtype.nullability());
    if (LayoutRef validity_layout = root.validity()) {
        VX_ASSIGN_OR_RETURN(ArrayRef bits, validity_layout->Read(ctx, begin, end));
        VX_ASSIGN_OR_RETURN(validity, Validity::FromArray(std::move(bits)));
    }
    VX_ASSIGN_OR_RETURN(auto rows,
                        StructArray::TryMake(plan.output_dtype, std::move(columns),
                                             static_cast<size_t>(end - begin), std::move(validity)));
    return KeepSelected(std::move(rows), mask.Slice(first, last - first));
}

} // namespace vortex::scan
