// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Kernels of fastlanes.for that run on the encoded child.

#include <limits>
#include <type_traits>

#include "vortex/array/compute/compare.h"
#include "vortex/base/int128.h"
#include "vortex/encodings/fastlanes/for/for_array.h"

namespace vortex::fastlanes {

namespace {

// The range [min, max] of the encoded child's valid values, when every decoded value is
// reference + encoded without wrapping: encoded >= 0 and reference + max <= T's maximum. Then
// decoding is monotonic and order questions can be asked of the child. Empty when the child
// is all null, its stats fail, or the values wrap.
template <typename T>
std::optional<std::pair<T, T>> NonWrappingChildRange(const FoRArray &array) {
    auto min = array.encoded()->statistics().Get(Stat::Min);
    auto max = array.encoded()->statistics().Get(Stat::Max);
    if (!min.ok() || !max.ok() || !min->has_value() || !max->has_value()) {
        return std::nullopt;
    }
    const T min_encoded = (*min)->template as<T>();
    const T max_encoded = (*max)->template as<T>();
    const int128_t reference = array.reference().as<T>();
    if (min_encoded < 0 || reference + static_cast<int128_t>(max_encoded) > std::numeric_limits<T>::max()) {
        return std::nullopt;
    }
    return std::make_pair(min_encoded, max_encoded);
}

ArrayRef ConstantCompareResult(const FoRArray &array, bool value, bool nullable) {
    return MakeCompareResult(BitBuffer::Full(array.len(), value), Validity::FromMask(array.validity_mask()),
                             nullable);
}

template <typename T>
std::optional<Result<ArrayRef>> CompareTyped(const FoRArray &array, const Scalar &scalar, CompareOp op) {
    using U = std::make_unsigned_t<T>;
    const T constant = scalar.as<T>();
    const T reference = array.reference().as<T>();
    const Nullability scalar_nullability = scalar.dtype().nullability();
    if (op == CompareOp::Eq || op == CompareOp::NotEq) {
        // Adding the reference is a bijection modulo 2^bits, so equality survives wrapping.
        const T shifted = static_cast<T>(static_cast<U>(constant) - static_cast<U>(reference));
        return CompareScalar(array.encoded(), Scalar::Primitive<T>(shifted, scalar_nullability), op);
    }
    if (!NonWrappingChildRange<T>(array)) {
        return std::nullopt;
    }
    // Every valid value is reference + e with 0 <= e <= T max, so value op c <=> e op (c - ref).
    const int128_t shifted = static_cast<int128_t>(constant) - reference;
    const bool nullable = array.dtype().is_nullable() || scalar.dtype().is_nullable();
    const bool greater_ops = op == CompareOp::Gt || op == CompareOp::Gte;
    if (shifted < 0) {
        return Result<ArrayRef>(ConstantCompareResult(array, greater_ops, nullable)); // every value > c
    }
    if (shifted > std::numeric_limits<T>::max()) {
        return Result<ArrayRef>(ConstantCompareResult(array, !greater_ops, nullable)); // every value < c
    }
    return CompareScalar(array.encoded(), Scalar::Primitive<T>(static_cast<T>(shifted), scalar_nullability),
                         op);
}

} // namespace

std::optional<Result<ArrayRef>> FoRArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    return VisitIntPType(dtype().ptype(), [&]<typename T>() { return CompareTyped<T>(*this, scalar, op); });
}

std::optional<Result<std::optional<Scalar>>> FoRArray::ComputeStatImpl(Stat stat) const {
    if (stat == Stat::NullCount) {
        return encoded()->statistics().Get(Stat::NullCount);
    }
    if (stat != Stat::Min && stat != Stat::Max) {
        return std::nullopt;
    }
    return VisitIntPType(dtype().ptype(), [&]<typename T>() -> std::optional<Result<std::optional<Scalar>>> {
        const auto range = NonWrappingChildRange<T>(*this);
        if (!range) {
            return std::nullopt;
        }
        const T encoded_value = stat == Stat::Min ? range->first : range->second;
        const T value = static_cast<T>(encoded_value + reference_.as<T>()); // no overflow: checked above
        return Result<std::optional<Scalar>>(Scalar::Primitive<T>(value, Nullability::NonNullable));
    });
}

} // namespace vortex::fastlanes
