// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/compare_arrays.h"

#include <compare>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/base/int128.h"

namespace vortex {
namespace {

// Booleans order false < true: each operator is one word operation.
BitBuffer CompareBits(const BitBuffer &a, const BitBuffer &b, CompareOp op) {
    return BitBuffer::FromWords(a.len(), [&](size_t i, size_t n) {
        const uint64_t x = a.Word(i, n);
        const uint64_t y = b.Word(i, n);
        switch (op) {
            case CompareOp::Eq:
                return ~(x ^ y);
            case CompareOp::NotEq:
                return x ^ y;
            case CompareOp::Gt:
                return x & ~y;
            case CompareOp::Gte:
                return x | ~y;
            case CompareOp::Lt:
                return ~x & y;
            case CompareOp::Lte:
                return ~x | y;
        }
        return uint64_t{0};
    });
}

template <typename T>
const T *ValuesAs(const DecimalArray &array) {
    return reinterpret_cast<const T *>(array.values().data());
}

// Decimals of one dtype: their unscaled values in a common width.
BitBuffer CompareDecimals(const DecimalArray &a, const DecimalArray &b, CompareOp op) {
    const size_t len = a.len();
    if (a.values_type() == b.values_type() && a.values_type() != DecimalType::I256) {
        const auto typed = [&]<typename T>() {
            const T *x = ValuesAs<T>(a);
            const T *y = ValuesAs<T>(b);
            return WithComparator(op, [&](auto holds) {
                return BitBuffer::FromPredicate(len, [&](size_t i) { return holds(x[i], y[i]); });
            });
        };
        switch (a.values_type()) {
            case DecimalType::I8:
                return typed.template operator()<int8_t>();
            case DecimalType::I16:
                return typed.template operator()<int16_t>();
            case DecimalType::I32:
                return typed.template operator()<int32_t>();
            case DecimalType::I64:
                return typed.template operator()<int64_t>();
            default:
                return typed.template operator()<int128_t>();
        }
    }
    return WithComparator(op, [&](auto holds) {
        return BitBuffer::FromPredicate(len, [&](size_t i) {
            const std::strong_ordering ordering = a.value_at(i) <=> b.value_at(i);
            return holds(std::is_lt(ordering) ? -1 : (std::is_gt(ordering) ? 1 : 0), 0);
        });
    });
}

BitBuffer CompareBytes(const VarBinViewArray &a, const VarBinViewArray &b, CompareOp op) {
    return WithComparator(op, [&](auto holds) {
        return BitBuffer::FromPredicate(a.len(), [&](size_t i) {
            const int order = a.bytes_at(i).compare(b.bytes_at(i));
            return holds(order, 0);
        });
    });
}

} // namespace

Result<std::optional<ArrayRef>> CompareArraysTyped(const ArrayRef &lhs, const ArrayRef &rhs, CompareOp op) {
    const DType &left = lhs->dtype();
    const DType &right = rhs->dtype();
    const bool same_kind = (left.is_bool() && right.is_bool()) || (left.is_utf8() && right.is_utf8()) ||
                           (left.is_binary() && right.is_binary()) ||
                           (left.is_decimal() && right.is_decimal() && left.decimal() == right.decimal());
    if (!same_kind || lhs->len() != rhs->len()) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef a, Canonicalize(lhs));
    VX_ASSIGN_OR_RETURN(ArrayRef b, Canonicalize(rhs));
    BitBuffer values;
    if (left.is_bool()) {
        values = CompareBits(As<BoolArray>(*a)->bits(), As<BoolArray>(*b)->bits(), op);
    } else if (left.is_decimal()) {
        values = CompareDecimals(*As<DecimalArray>(*a), *As<DecimalArray>(*b), op);
    } else {
        values = CompareBytes(*As<VarBinViewArray>(*a), *As<VarBinViewArray>(*b), op);
    }
    const Mask valid = a->validity_mask().And(b->validity_mask());
    return std::optional<ArrayRef>(MakeCompareResult(std::move(values), Validity::FromMask(valid),
                                                     left.is_nullable() || right.is_nullable()));
}

} // namespace vortex
