// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>
#include <type_traits>
#include <variant>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/validity.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::decimal_byte_parts {

namespace {

DecimalType DecimalTypeOfWidth(size_t width) {
    switch (width) {
        case 1:
            return DecimalType::I8;
        case 2:
            return DecimalType::I16;
        case 4:
            return DecimalType::I32;
        default:
            return DecimalType::I64;
    }
}

// The msp value of a non-null msp scalar as a decimal scalar of `dtype`. Values from a file
// may exceed the precision: an error, not an abort.
Result<Scalar> ToDecimalScalar(const Scalar &msp_value, const DType &dtype) {
    const int64_t value = std::visit(
        [](auto v) -> int64_t {
            if constexpr (std::is_integral_v<decltype(v)>) {
                return static_cast<int64_t>(v);
            } else {
                return 0; // not reachable: the msp is a signed integer array
            }
        },
        msp_value.pvalue());
    const DecimalType type = DecimalTypeOfWidth(ByteWidth(msp_value.dtype().ptype()));
    return Scalar::TryNew(dtype, DecimalValue{I256::FromInt128(value), type});
}

Result<ArrayRef> Rebuild(Result<ArrayRef> msp, DecimalDType decimal) {
    VX_ASSIGN_OR_RETURN(ArrayRef child, std::move(msp));
    VX_ASSIGN_OR_RETURN(auto array, DecimalBytePartsArray::TryMake(child, decimal));
    return ArrayRef(std::move(array));
}

// The answer for every non-null element when the constant lies outside the msp's range:
// above all of them (`above`) or below.
bool OutOfRangeAnswer(bool above, CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return false;
        case CompareOp::NotEq:
            return true;
        case CompareOp::Gt:
        case CompareOp::Gte:
            return !above;
        case CompareOp::Lt:
        case CompareOp::Lte:
            return above;
    }
    return false;
}

} // namespace

std::optional<Result<Scalar>> DecimalBytePartsArray::ScalarAtImpl(size_t i) const {
    auto value = ScalarAt(msp(), i);
    if (!value.ok()) {
        return Result<Scalar>(value.status());
    }
    if (value->is_null()) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return ToDecimalScalar(*value, dtype());
}

std::optional<Result<ArrayRef>> DecimalBytePartsArray::SliceImpl(size_t start, size_t stop) const {
    return Rebuild(Slice(msp(), start, stop), decimal_dtype());
}

std::optional<Result<ArrayRef>> DecimalBytePartsArray::FilterImpl(const Mask &mask) const {
    return Rebuild(Filter(msp(), mask), decimal_dtype());
}

std::optional<Result<ArrayRef>> DecimalBytePartsArray::TakeImpl(const ArrayRef &indices) const {
    return Rebuild(Take(msp(), indices), decimal_dtype());
}

std::optional<Result<ArrayRef>> DecimalBytePartsArray::CompareScalarImpl(const Scalar &scalar,
                                                                         CompareOp op) const {
    if (!scalar.dtype().is_decimal() || scalar.is_null()) {
        return std::nullopt;
    }
    // Same dtype ignoring nullability (checked by CompareScalar), so the unscaled values
    // compare directly.
    const I256 &value = scalar.as_decimal().value;
    const PType ptype = msp()->dtype().ptype();
    const Nullability nullability = scalar.dtype().nullability();
    return VisitIntPType(ptype, [&]<typename T>() -> Result<ArrayRef> {
        const I256 lo = I256::FromInt128(std::numeric_limits<T>::min());
        const I256 hi = I256::FromInt128(std::numeric_limits<T>::max());
        if (value >= lo && value <= hi) {
            const T narrowed = static_cast<T>(value.ToInt128());
            return CompareScalar(msp(), Scalar::Primitive<T>(narrowed, nullability), op);
        }
        const bool answer = OutOfRangeAnswer(value > hi, op);
        const bool nullable = dtype().is_nullable() || scalar.dtype().is_nullable();
        if (!dtype().is_nullable()) {
            return ArrayRef(ConstantArray::Make(Scalar::Bool(answer, NullabilityOf(nullable)), len()));
        }
        return MakeCompareResult(BitBuffer::Full(len(), answer), Validity::FromMask(validity_mask()),
                                 nullable);
    });
}

std::optional<Result<std::optional<Scalar>>> DecimalBytePartsArray::ComputeStatImpl(Stat stat) const {
    using Out = Result<std::optional<Scalar>>;
    switch (stat) {
        case Stat::NullCount:
        case Stat::IsConstant:
        case Stat::IsSorted:
        case Stat::IsStrictSorted:
            // value = msp, so these carry over unchanged.
            return msp()->statistics().Get(stat);
        case Stat::Min:
        case Stat::Max: {
            auto bound = msp()->statistics().Get(stat);
            if (!bound.ok()) {
                return Out(bound.status());
            }
            if (!bound->has_value() || (*bound)->is_null()) {
                return Out(std::optional<Scalar>());
            }
            auto decimal = ToDecimalScalar(**bound, dtype().AsNonNullable());
            if (!decimal.ok()) {
                return Out(decimal.status());
            }
            return Out(std::optional<Scalar>(*std::move(decimal)));
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex::decimal_byte_parts
