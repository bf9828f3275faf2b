// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/sparse/sparse_array.h"

namespace vortex::sparse {
namespace {

// True for a float NaN fill, which min and max ignore like the canonical kernels do.
bool IsNaNScalar(const Scalar &scalar) {
    if (scalar.is_null() || !scalar.dtype().is_primitive()) {
        return false;
    }
    return std::visit(
        [](auto value) {
            using T = decltype(value);
            if constexpr (std::is_floating_point_v<T>) {
                return std::isnan(value);
            } else if constexpr (std::is_same_v<T, Half>) {
                return std::isnan(value.ToFloat());
            } else {
                return false;
            }
        },
        scalar.pvalue());
}

} // namespace

Result<ArrayRef> SparseArray::FromPatches(Result<std::optional<Patches>> patches, size_t len) const {
    VX_ASSIGN_OR_RETURN(std::optional<Patches> kept, std::move(patches));
    if (!kept.has_value()) {
        return ArrayRef(ConstantArray::Make(fill_, len));
    }
    VX_ASSIGN_OR_RETURN(auto array, TryMake(*kept, fill_));
    return ArrayRef(std::move(array));
}

std::optional<Result<Scalar>> SparseArray::ScalarAtImpl(size_t i) const {
    if (const std::optional<size_t> j = patches_.Find(i)) {
        return ScalarAt(patches_.values(), *j);
    }
    return Result<Scalar>(fill_);
}

std::optional<Result<ArrayRef>> SparseArray::SliceImpl(size_t start, size_t stop) const {
    return FromPatches(patches_.Slice(start, stop), stop - start);
}

std::optional<Result<ArrayRef>> SparseArray::FilterImpl(const Mask &mask) const {
    return FromPatches(patches_.Filter(mask), mask.true_count());
}

std::optional<Result<ArrayRef>> SparseArray::TakeImpl(const ArrayRef &indices) const {
    if (indices->dtype().is_nullable()) {
        return std::nullopt; // null indices need nulls even under a valid fill: canonical path
    }
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
        // Output position k is patched when the taken position is; its value is patch j.
        // (Built here with u64 patch numbers, which need not be sorted.)
        std::vector<uint64_t> out_positions;
        std::vector<uint64_t> value_indices;
        for (size_t k = 0; k < decoded.positions.size(); ++k) {
            if (const std::optional<size_t> j = patches_.Find(decoded.positions[k])) {
                out_positions.push_back(k);
                value_indices.push_back(*j);
            }
        }
        if (out_positions.empty()) {
            return ArrayRef(ConstantArray::Make(fill_, decoded.positions.size()));
        }
        VX_ASSIGN_OR_RETURN(ArrayRef values,
                            Take(patches_.values(), PrimitiveArray::FromValues(value_indices)));
        VX_ASSIGN_OR_RETURN(Patches taken,
                            Patches::TryMake(decoded.positions.size(), 0,
                                             PrimitiveArray::FromValues(out_positions), std::move(values)));
        VX_ASSIGN_OR_RETURN(auto array, TryMake(taken, fill_));
        return ArrayRef(std::move(array));
    }();
}

std::optional<Result<std::optional<Scalar>>> SparseArray::ComputeStatImpl(Stat stat) const {
    using Out = Result<std::optional<Scalar>>;
    const size_t unpatched = len() - patches_.num_patches();
    switch (stat) {
        case Stat::NullCount: {
            const uint64_t nulls = NullCount(patches_.values()) + (fill_.is_null() ? unpatched : 0);
            return Out(Scalar::Primitive<uint64_t>(nulls, Nullability::NonNullable));
        }
        case Stat::Min:
        case Stat::Max: {
            if (!(dtype().is_primitive() || dtype().is_bool())) {
                return std::nullopt;
            }
            const bool want_max = stat == Stat::Max;
            auto from_values = want_max ? Max(patches_.values()) : Min(patches_.values());
            if (!from_values.ok()) {
                return Out(from_values.status());
            }
            std::optional<Scalar> best;
            if (!from_values->is_null()) {
                best = *std::move(from_values);
            }
            if (unpatched > 0 && !fill_.is_null() && !IsNaNScalar(fill_)) {
                auto fill = Cast(fill_, dtype().AsNonNullable());
                if (!fill.ok()) {
                    return Out(fill.status());
                }
                const std::partial_ordering order =
                    best ? Compare(*fill, *best) : std::partial_ordering::less;
                if (!best || (want_max ? order > 0 : order < 0)) {
                    best = *std::move(fill);
                }
            }
            return Out(std::move(best));
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex::sparse
