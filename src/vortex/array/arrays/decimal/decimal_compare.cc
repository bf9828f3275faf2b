// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Comparisons of a decimal array with a decimal scalar of its dtype: a typed loop over the
// unscaled values in their storage width, so no value becomes a Scalar.
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/compute/compare.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

template <typename T>
BitBuffer CompareUnscaled(const Buffer &values, size_t len, const I256 &rhs, CompareOp op) {
    if (!rhs.FitsIn(sizeof(T))) {
        // Beyond every value of the storage width: each value orders the same way against it.
        return BitBuffer::Full(len, CompareOrdering(rhs.is_negative() ? std::partial_ordering::greater
                                                                      : std::partial_ordering::less,
                                                    op));
    }
    const T r = static_cast<T>(rhs.ToInt128());
    const T *v = reinterpret_cast<const T *>(values.data());
    return WithComparator(op, [&](auto holds) {
        return BitBuffer::FromPredicate(len, [&](size_t i) { return holds(v[i], r); });
    });
}

} // namespace

std::optional<Result<ArrayRef>> DecimalArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if (!scalar.dtype().is_decimal() || scalar.is_null()) {
        return std::nullopt;
    }
    const I256 &rhs = scalar.as_decimal().value;
    BitBuffer out;
    switch (values_type_) {
        case DecimalType::I8:
            out = CompareUnscaled<int8_t>(values_, len(), rhs, op);
            break;
        case DecimalType::I16:
            out = CompareUnscaled<int16_t>(values_, len(), rhs, op);
            break;
        case DecimalType::I32:
            out = CompareUnscaled<int32_t>(values_, len(), rhs, op);
            break;
        case DecimalType::I64:
            out = CompareUnscaled<int64_t>(values_, len(), rhs, op);
            break;
        case DecimalType::I128:
            out = CompareUnscaled<int128_t>(values_, len(), rhs, op);
            break;
        case DecimalType::I256:
            out = WithComparator(op, [&](auto holds) {
                return BitBuffer::FromPredicate(len(), [&](size_t i) {
                    const std::strong_ordering ordering = value_at(i) <=> rhs;
                    return holds(ordering < 0 ? -1 : ordering > 0 ? 1 : 0, 0);
                });
            });
            break;
    }
    return Result<ArrayRef>(
        MakeCompareResult(std::move(out), validity_, dtype().is_nullable() || scalar.dtype().is_nullable()));
}

} // namespace vortex
