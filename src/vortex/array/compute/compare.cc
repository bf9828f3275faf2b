// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/compare.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

bool CompareOrdering(std::partial_ordering ordering, CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return ordering == 0;
        case CompareOp::NotEq:
            return ordering != 0;
        case CompareOp::Gt:
            return ordering > 0;
        case CompareOp::Gte:
            return ordering >= 0;
        case CompareOp::Lt:
            return ordering < 0;
        case CompareOp::Lte:
            return ordering <= 0;
    }
    return false;
}

ArrayRef MakeCompareResult(BitBuffer bits, const Validity &validity, bool nullable) {
    Validity out = validity;
    if (!nullable) {
        out = Validity::NonNullable();
    } else if (!validity.is_nullable()) {
        out = Validity::AllValid();
    }
    return BoolArray::Make(std::move(bits), std::move(out));
}

namespace {

// Element-wise fallback through ScalarAt, for canonical arrays without a kernel (struct,
// list, decimal, extension).
Result<ArrayRef> CompareByScalars(const ArrayRef &array, const Scalar &scalar, CompareOp op) {
    BitBufferMut bits(array->len());
    for (size_t i = 0; i < array->len(); ++i) {
        if (!array->is_valid(i)) {
            continue;
        }
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
        bits.Set(i, CompareOrdering(Compare(value, scalar), op));
    }
    return MakeCompareResult(std::move(bits).Freeze(), Validity::FromMask(array->validity_mask()),
                             array->dtype().is_nullable() || scalar.dtype().is_nullable());
}

} // namespace

Result<ArrayRef> CompareScalar(const ArrayRef &array, const Scalar &scalar, CompareOp op) {
    Scalar rhs = scalar;
    const DType &dtype = array->dtype();
    if (!rhs.dtype().EqualsIgnoringNullability(dtype)) {
        VX_ENSURE(dtype.is_primitive() && rhs.dtype().is_primitive(), MismatchedTypes,
                  "cannot compare {} with {}", dtype, rhs.dtype());
        auto cast = Cast(rhs, dtype.WithNullability(rhs.dtype().nullability()));
        VX_ENSURE(cast.ok(), MismatchedTypes, "cannot compare {} with {}: {}", dtype, rhs.dtype(),
                  cast.status().message());
        rhs = *std::move(cast);
    }
    if (rhs.is_null()) {
        return BoolArray::Make(BitBuffer::Full(array->len(), false), Validity::AllInvalid());
    }
    if (auto out = array->CompareScalarImpl(rhs, op)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->CompareScalarImpl(rhs, op)) {
        return *std::move(out);
    }
    return CompareByScalars(canonical, rhs, op);
}

} // namespace vortex
