// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/split.h"

#include <map>
#include <optional>
#include <utility>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
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

// Concatenates one column's pieces. Pieces of a dictionary column share its values: they
// become one dictionary over the concatenated codes (decoded once, if at all, not per piece).
Result<ArrayRef> ConcatColumn(const std::vector<ArrayRef> &parts, const DType &dtype) {
    if (parts.size() == 1) {
        return parts.front();
    }
    const auto *first = As<DictArray>(*parts.front());
    bool shared_dictionary = first != nullptr;
    std::vector<ArrayRef> codes;
    for (const ArrayRef &part : parts) {
        const auto *dict = As<DictArray>(*part);
        if (!shared_dictionary || dict == nullptr || dict->values() != first->values() ||
            dict->codes()->dtype() != first->codes()->dtype()) {
            shared_dictionary = false;
            break;
        }
        codes.push_back(dict->codes());
    }
    if (shared_dictionary) {
        VX_ASSIGN_OR_RETURN(ArrayRef all_codes, ConcatCanonical(codes, first->codes()->dtype()));
        VX_ASSIGN_OR_RETURN(auto dict, DictArray::TryMake(std::move(all_codes), first->values()));
        return ArrayRef(std::move(dict));
    }
    return ConcatCanonical(parts, dtype);
}

// A take over several pieces without a filter, column by column: each column gathers its rows
// from every piece and is concatenated once, instead of a struct per piece and a row-wise
// concatenation of the structs.
Result<ArrayRef> ExecuteTakePieces(const ScanPlan &plan, const SplitRange &split) {
    LayoutReadContext ctx = plan.source.read_context();
    ctx.cache = plan.cache.get();
    const StructLayout &root = *plan.root_struct;
    const auto &fields = plan.output_dtype.struct_fields();
    std::vector<std::vector<ArrayRef>> parts(plan.projection.size());
    size_t total = 0;
    for (const SplitRange &piece : split.pieces) {
        const std::vector<size_t> &rows = *piece.take_rows;
        if (rows.empty()) {
            continue;
        }
        total += rows.size();
        const uint64_t begin = piece.begin + rows.front();
        const uint64_t end = piece.begin + rows.back() + 1;
        // One index array per piece, shared by its columns (a piece lies in one chunk).
        ArrayRef indices;
        if (rows.size() < end - begin) {
            std::vector<uint32_t> offsets(rows.size());
            for (size_t i = 0; i < rows.size(); ++i) {
                offsets[i] = static_cast<uint32_t>(rows[i] - rows.front());
            }
            indices = PrimitiveArray::FromValues(offsets);
        }
        for (size_t c = 0; c < plan.projection.size(); ++c) {
            VX_ASSIGN_OR_RETURN(ArrayRef column, root.field(plan.projection[c])->Read(ctx, begin, end));
            if (indices != nullptr) {
                VX_ASSIGN_OR_RETURN(column, Take(column, indices));
            }
            parts[c].push_back(std::move(column));
        }
    }
    if (total == 0) {
        return EmptyOf(plan.output_dtype);
    }
    std::vector<ArrayRef> columns;
    for (size_t c = 0; c < parts.size(); ++c) {
        VX_ASSIGN_OR_RETURN(ArrayRef column, ConcatColumn(parts[c], fields.dtypes[c]));
        columns.push_back(std::move(column));
    }
    VX_ASSIGN_OR_RETURN(auto rows, StructArray::TryMake(plan.output_dtype, std::move(columns), total,
                                                        Validity::From(plan.output_dtype.nullability())));
    return ArrayRef(std::move(rows));
}

bool IsPlainTake(const ScanPlan &plan, const SplitRange &split) {
    if (plan.filter || plan.root_struct == nullptr || plan.root_struct->validity() != nullptr ||
        plan.projection.empty()) {
        return false;
    }
    for (const SplitRange &piece : split.pieces) {
        if (!piece.take_rows || !piece.pieces.empty() || piece.row_count() > UINT32_MAX) {
            return false;
        }
    }
    return true;
}

} // namespace

Result<ArrayRef> ExecuteSplit(const ScanPlan &plan, const SplitRange &split) {
    if (!split.pieces.empty() && IsPlainTake(plan, split)) {
        return ExecuteTakePieces(plan, split);
    }
    if (!split.pieces.empty()) {
        std::vector<ArrayRef> parts;
        for (const SplitRange &piece : split.pieces) {
            VX_ASSIGN_OR_RETURN(ArrayRef part, ExecuteSplit(plan, piece));
            if (!part->empty()) {
                parts.push_back(std::move(part));
            }
        }
        if (parts.size() == 1) {
            return parts.front();
        }
        return parts.empty() ? EmptyOf(plan.output_dtype) : ConcatCanonical(parts, plan.output_dtype);
    }
    LayoutReadContext ctx = plan.source.read_context();
    ctx.cache = plan.cache.get();
    Mask mask = split.SelectionMask();
    if (plan.root_struct == nullptr) {
        VX_ASSIGN_OR_RETURN(ArrayRef array, plan.source.layout->Read(ctx, split.begin, split.end));
        return KeepSelected(std::move(array), mask);
    }
    const StructLayout &root = *plan.root_struct;

    // Filter columns first, over the whole split (they are read anyway).
    std::map<size_t, ArrayRef> filter_columns;
    if (plan.filter) {
        VX_ASSIGN_OR_RETURN(ArrayRef scope, root.ReadFields(ctx, plan.filter_fields, split.begin, split.end));
        VX_ASSIGN_OR_RETURN(Mask matched, expr::EvaluateMask(*plan.filter, scope, plan.filter_cache.get()));
        mask = mask.And(matched);
        const auto *fields = As<StructArray>(*scope);
        for (size_t i = 0; i < plan.filter_fields.size(); ++i) {
            filter_columns[plan.filter_fields[i]] = fields->field(i);
        }
    }
    if (mask.all_false()) {
        return EmptyOf(plan.output_dtype);
    }

    // Projected columns only over the span that still holds selected rows. A few rows (a
    // take) are found once and gathered, instead of every column's filter scanning the mask.
    std::optional<std::vector<size_t>> positions;
    if (split.take_rows && !plan.filter && IsSparse(mask)) {
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
    if (positions) {
        return TakePositions(rows, *positions, first);
    }
    return KeepSelected(std::move(rows), mask.Slice(first, last - first));
}

} // namespace vortex::scan
