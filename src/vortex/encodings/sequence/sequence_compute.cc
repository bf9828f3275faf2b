// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/take.h"
#include "vortex/base/floor_div.h"
#include "vortex/base/int128.h"
#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/encodings/sequence/sequence_internal.h"
#include "vortex/scalar/scalar.h"

namespace vortex::sequence {
namespace {

size_t ClampCount(int128_t count, size_t len) {
    return count <= 0 ? 0 : count >= static_cast<int128_t>(len) ? len : static_cast<size_t>(count);
}

CompareOp Mirror(CompareOp op) {
    switch (op) {
        case CompareOp::Lt:
            return CompareOp::Gt;
        case CompareOp::Lte:
            return CompareOp::Gte;
        case CompareOp::Gt:
            return CompareOp::Lt;
        case CompareOp::Gte:
            return CompareOp::Lte;
        default:
            return op;
    }
}

// The positions [begin, end) where the predicate holds, or its complement when `negate`.
struct Positions {
    size_t begin = 0;
    size_t end = 0;
    bool negate = false;
};

// Solves base + i * step <op> value over i in [0, len) for step > 0: the values below `value`
// are a prefix of length below, those up to it a prefix of length at_most.
Positions SolveIncreasing(int128_t base, int128_t step, int128_t value, size_t len, CompareOp op) {
    const size_t below = ClampCount(-FloorDiv(base - value, step), len); // ceil((value - base) / step)
    const size_t at_most = ClampCount(FloorDiv(value - base, step) + 1, len);
    switch (op) {
        case CompareOp::Eq:
            return {below, at_most, false};
        case CompareOp::NotEq:
            return {below, at_most, true};
        case CompareOp::Lt:
            return {0, below, false};
        case CompareOp::Lte:
            return {0, at_most, false};
        case CompareOp::Gt:
            return {at_most, len, false};
        case CompareOp::Gte:
            return {below, len, false};
    }
    return {};
}

} // namespace

std::optional<Result<Scalar>> SequenceArray::ScalarAtImpl(size_t i) const {
    return Result<Scalar>(Scalar::Primitive(ValueAt(i), dtype().nullability()));
}

std::optional<Result<ArrayRef>> SequenceArray::SliceImpl(size_t start, size_t stop) const {
    if (start == stop) {
        return Result<ArrayRef>(EmptyArray(dtype())); // sequences are never empty
    }
    auto sliced = TryMake(ValueAt(start), multiplier_, ptype(), dtype().nullability(), stop - start);
    if (!sliced.ok()) {
        return Result<ArrayRef>(sliced.status());
    }
    return Result<ArrayRef>(ArrayRef(*std::move(sliced)));
}

std::optional<Result<ArrayRef>> SequenceArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    return VisitIntPType(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        std::vector<T> values(positions.size());
        for (size_t j = 0; j < positions.size(); ++j) {
            values[j] = internal::ValueAt<T>(std::get<T>(base_), std::get<T>(multiplier_), positions[j]);
        }
        return ArrayRef(PrimitiveArray::FromValues(values, Validity::From(dtype().nullability())));
    });
}

std::optional<Result<ArrayRef>> SequenceArray::TakeImpl(const ArrayRef &indices) const {
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
        const Validity validity = indices->dtype().is_nullable() ? Validity::FromMask(decoded.validity)
                                                                 : Validity::From(dtype().nullability());
        return VisitIntPType(ptype(), [&]<typename T>() -> Result<ArrayRef> {
            std::vector<T> values(decoded.positions.size());
            for (size_t j = 0; j < values.size(); ++j) {
                values[j] =
                    internal::ValueAt<T>(std::get<T>(base_), std::get<T>(multiplier_), decoded.positions[j]);
            }
            return ArrayRef(PrimitiveArray::FromValues(values, validity));
        });
    }();
}

std::optional<Result<ArrayRef>> SequenceArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if (scalar.is_null() || !scalar.dtype().is_primitive() || scalar.dtype().ptype() != ptype()) {
        return std::nullopt;
    }
    const auto wide = [](const PValue &value) {
        return std::visit(
            [](auto v) -> int128_t {
                if constexpr (std::is_integral_v<decltype(v)>) {
                    return static_cast<int128_t>(v);
                } else {
                    return 0;
                }
            },
            value);
    };
    int128_t base = wide(base_);
    int128_t step = wide(multiplier_);
    int128_t value = wide(scalar.pvalue());
    Positions positions;
    if (step == 0) {
        // Every element equals base.
        const std::partial_ordering ordering = base < value   ? std::partial_ordering::less
                                               : base > value ? std::partial_ordering::greater
                                                              : std::partial_ordering::equivalent;
        const bool holds = CompareOrdering(ordering, op);
        positions = {0, holds ? len() : 0, false};
    } else {
        if (step < 0) {
            // Negate both sides to get an increasing sequence; the comparison mirrors.
            base = -base;
            step = -step;
            value = -value;
            op = Mirror(op);
        }
        positions = SolveIncreasing(base, step, value, len(), op);
    }
    BitBufferMut bits(len(), positions.negate);
    for (size_t i = positions.begin; i < positions.end; ++i) {
        bits.Set(i, !positions.negate);
    }
    const bool nullable = dtype().is_nullable() || scalar.dtype().is_nullable();
    return Result<ArrayRef>(ArrayRef(BoolArray::Make(
        std::move(bits).Freeze(), nullable ? Validity::AllValid() : Validity::NonNullable())));
}

std::optional<Result<std::optional<Scalar>>> SequenceArray::ComputeStatImpl(Stat stat) const {
    using Out = Result<std::optional<Scalar>>;
    const auto sign = std::visit(
        [](auto v) -> int {
            if constexpr (std::is_integral_v<decltype(v)>) {
                return v > 0 ? 1 : v < 0 ? -1 : 0;
            } else {
                return 0;
            }
        },
        multiplier_);
    const auto boolean = [](bool value) { return Out(Scalar::Bool(value, Nullability::NonNullable)); };
    switch (stat) {
        case Stat::NullCount:
            return Out(Scalar::Primitive<uint64_t>(0, Nullability::NonNullable));
        case Stat::Min:
        case Stat::Max: {
            const bool first_is_min = sign >= 0;
            const bool want_first = (stat == Stat::Min) == first_is_min;
            return Out(Scalar::Primitive(ValueAt(want_first ? 0 : len() - 1), Nullability::NonNullable));
        }
        case Stat::IsConstant:
            return boolean(sign == 0 || len() == 1);
        case Stat::IsSorted:
            return boolean(sign >= 0 || len() == 1);
        case Stat::IsStrictSorted:
            return boolean(sign > 0 || len() == 1);
        default:
            return std::nullopt;
    }
}

} // namespace vortex::sequence
