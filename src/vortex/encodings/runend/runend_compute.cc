// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <vector>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::runend {
namespace {

// Below these selectivities a filter is cheaper as a take of the selected positions' runs
// (the reference's thresholds).
constexpr size_t kFilterTakeMaxCount = 25;
constexpr double kFilterTakeRunRatio = 0.1;

Result<ArrayRef> ToArrayRef(Result<std::shared_ptr<const RunEndArray>> array) {
    VX_ASSIGN_OR_RETURN(auto out, std::move(array));
    return ArrayRef(std::move(out));
}

// Builds an ends child of `ptype` from u64 ends that fit it (they never exceed the source's).
ArrayRef EndsOfPType(PType ptype, const std::vector<uint64_t> &ends) {
    return VisitIntPType(ptype, [&]<typename E>() -> ArrayRef {
        std::vector<E> out(ends.begin(), ends.end());
        return PrimitiveArray::FromValues(out);
    });
}

} // namespace

std::optional<Result<Scalar>> RunEndArray::ScalarAtImpl(size_t i) const {
    return ScalarAt(values(), FindRun(i));
}

std::optional<Result<ArrayRef>> RunEndArray::SliceImpl(size_t start, size_t stop) const {
    if (start == stop) {
        return Result<ArrayRef>(EmptyArray(dtype()));
    }
    const size_t first = FindRun(start);
    const size_t last = FindRun(stop - 1);
    if (first == last) {
        auto value = ScalarAt(values(), first);
        if (!value.ok()) {
            return Result<ArrayRef>(value.status());
        }
        return Result<ArrayRef>(ConstantArray::Make(*std::move(value), stop - start));
    }
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef ends_slice, Slice(ends(), first, last + 1));
        VX_ASSIGN_OR_RETURN(ArrayRef values_slice, Slice(values(), first, last + 1));
        // A window of valid runs is valid: the decoded ends are shared, not read and checked again.
        return ArrayRef(std::make_shared<const RunEndArray>(
            Token{}, std::move(ends_slice), std::move(values_slice), offset() + start, stop - start,
            run_ends_owner_, run_ends_.subspan(first, last + 1 - first)));
    }();
}

std::optional<Result<ArrayRef>> RunEndArray::FilterImpl(const Mask &mask) const {
    const size_t true_count = mask.true_count();
    if (true_count < kFilterTakeMaxCount ||
        static_cast<double>(true_count) < kFilterTakeRunRatio * static_cast<double>(num_runs())) {
        const std::vector<size_t> positions = mask.Indices();
        std::vector<uint64_t> run_indices(positions.size());
        for (size_t j = 0; j < positions.size(); ++j) {
            run_indices[j] = FindRun(positions[j]);
        }
        return TakeRuns(run_indices, nullptr);
    }
    // Keep the runs with at least one selected position; their new ends are the running
    // count of selected positions.
    const BitBuffer bits = mask.ToBitBuffer();
    std::vector<uint64_t> new_ends;
    std::vector<bool> keep(num_runs(), false);
    uint64_t count = 0;
    size_t prev = 0;
    for (size_t k = 0; k < num_runs() && prev < len(); ++k) {
        const size_t end = LogicalRunEnd(k);
        const size_t selected = end > prev ? bits.Slice(prev, end - prev).CountSetBits() : 0;
        if (selected > 0) {
            count += selected;
            new_ends.push_back(count);
            keep[k] = true;
        }
        prev = end;
    }
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef kept_values,
                            Filter(values(), Mask::FromBits(BitBuffer::FromBools(keep))));
        return ToArrayRef(
            TryMake(EndsOfPType(ends()->dtype().ptype(), new_ends), kept_values, 0, true_count));
    }();
}

std::optional<Result<ArrayRef>> RunEndArray::TakeImpl(const ArrayRef &indices) const {
    if (empty()) {
        return std::nullopt; // every non-null index is out of bounds; the fallback says so
    }
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
        std::vector<uint64_t> run_indices(decoded.positions.size());
        for (size_t j = 0; j < run_indices.size(); ++j) {
            run_indices[j] = FindRun(decoded.positions[j]); // null indices decode to position 0
        }
        return TakeRuns(run_indices, indices->dtype().is_nullable() ? &decoded.validity : nullptr);
    }();
}

std::optional<Result<ArrayRef>> RunEndArray::TakeFromImpl(const ArrayRef &source) const {
    // Long runs only: otherwise decoding the indices and one gather is as cheap. Runs outside
    // the slice would take values no row asks for (and that may be out of bounds).
    if (num_runs() * 4 > len() || !every_run_visible()) {
        return std::nullopt;
    }
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(source, values()));
        VX_ENSURE(taken->len() == values()->len(), Internal, "take changed the run count");
        return WithValues(taken);
    }();
}

std::optional<Result<ArrayRef>> RunEndArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef compared, CompareScalar(values(), scalar, op));
        VX_ENSURE(compared->len() == values()->len(), Internal, "compare changed the run count");
        return WithValues(compared);
    }();
}

std::optional<Result<ArrayRef>> RunEndArray::MapValuesImpl(const ValueMap &map) const {
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef mapped, MapValues(values(), map));
        return WithValues(mapped);
    }();
}

std::optional<Result<std::optional<Scalar>>> RunEndArray::ComputeStatImpl(Stat stat) const {
    using Out = Result<std::optional<Scalar>>;
    switch (stat) {
        case Stat::NullCount: {
            const Mask run_validity = values()->validity_mask();
            uint64_t nulls = 0;
            if (!run_validity.all_true()) {
                size_t prev = 0;
                for (size_t k = 0; k < num_runs() && prev < len(); ++k) {
                    const size_t end = LogicalRunEnd(k);
                    nulls += run_validity.value(k) ? 0 : end - prev;
                    prev = end;
                }
            }
            return Out(Scalar::Primitive<uint64_t>(nulls, Nullability::NonNullable));
        }
        case Stat::Min:
        case Stat::Max: {
            // The values hold exactly the visible runs only when no run is clipped away.
            if (!(dtype().is_primitive() || dtype().is_bool()) || !every_run_visible()) {
                return std::nullopt;
            }
            auto value = stat == Stat::Min ? Min(values()) : Max(values());
            if (!value.ok()) {
                return Out(value.status());
            }
            if (value->is_null()) {
                return Out(std::optional<Scalar>());
            }
            return Out(std::optional<Scalar>(*std::move(value)));
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex::runend
