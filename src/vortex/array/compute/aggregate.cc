// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/aggregate.h"

#include <bit>
#include <cmath>
#include <compare>
#include <cstring>
#include <limits>
#include <span>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/integer_min_max.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/base/simd_clones.h"
#include "vortex/scalar/decimal_range.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

using StatResult = Result<std::optional<Scalar>>;
using MinAndMaxPair = std::pair<Scalar, Scalar>;

bool IsOrderable(const DType &dtype) {
    switch (dtype.kind()) {
        case DTypeKind::Bool:
        case DTypeKind::Primitive:
        case DTypeKind::Decimal:
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return true;
        case DTypeKind::Extension:
            return IsOrderable(dtype.extension().storage);
        default:
            return false;
    }
}

// Min and max of a primitive array in one pass, ignoring nulls and NaNs; nullopt when no value
// counts. Integers without nulls take IntegerMinMax's vectorized pass.
std::optional<MinAndMaxPair> PrimitiveMinAndMax(const PrimitiveArray &array) {
    return VisitPType(array.ptype(), [&]<typename T>() -> std::optional<MinAndMaxPair> {
        const auto values = array.values_as<T>();
        const auto result = [](T min, T max) {
            return std::optional<MinAndMaxPair>(
                std::pair{Scalar::Primitive<T>(min, Nullability::NonNullable),
                          Scalar::Primitive<T>(max, Nullability::NonNullable)});
        };
        if constexpr (std::is_integral_v<T>) {
            if (array.validity().trivially_all_valid()) {
                if (values.empty()) {
                    return std::nullopt;
                }
                const auto [min, max] = IntegerMinMax(values.data(), values.size());
                return result(min, max);
            }
        }
        std::optional<T> min;
        std::optional<T> max;
        for (size_t i = 0; i < values.size(); ++i) {
            if (!array.is_valid(i) || IsNaN(values[i])) {
                continue;
            }
            if (!min || TotalOrderKey(values[i]) < TotalOrderKey(*min)) {
                min = values[i];
            }
            if (!max || TotalOrderKey(values[i]) > TotalOrderKey(*max)) {
                max = values[i];
            }
        }
        if (!min) {
            return std::nullopt;
        }
        return result(*min, *max);
    });
}

// Min and max of strings and bytes in one pass (std::string_view orders by unsigned bytes, as
// Vortex does), with one Scalar built per winner. Each view's first 4 bytes, zero-padded and
// read big-endian, decide most comparisons without touching the data: a smaller padded prefix
// means a smaller value (a shorter value that is a prefix of the other pads with the smallest
// byte). Equal prefixes compare the bytes.
Result<std::optional<MinAndMaxPair>> VarBinViewMinAndMax(const VarBinViewArray &array) {
    const uint8_t *views = array.views().data();
    const auto size_of = [&](size_t i) {
        uint32_t size;
        std::memcpy(&size, views + i * BinaryView::kSize, 4);
        return size;
    };
    const auto prefix_of = [&](size_t i, uint32_t size) {
        uint32_t prefix;
        std::memcpy(&prefix, views + i * BinaryView::kSize + 4, 4);
        if (size < 4) {
            prefix &= (uint32_t{1} << (8 * size)) - 1;
        }
        return __builtin_bswap32(prefix); // big-endian: byte order is numeric order
    };
    // Orders values i and j whose padded prefixes are equal: values of at most 4 bytes are
    // all in the prefix, so their sizes decide (runs of short codes never reach memcmp).
    const auto compare_equal_prefix = [&](size_t i, uint32_t size_i, size_t j, uint32_t size_j) {
        if (size_i <= 4 && size_j <= 4) {
            return size_i < size_j ? -1 : size_i > size_j ? 1 : 0;
        }
        return array.bytes_at(i).compare(array.bytes_at(j));
    };
    std::optional<size_t> min;
    std::optional<size_t> max;
    uint32_t min_prefix = 0;
    uint32_t max_prefix = 0;
    uint32_t min_size = 0;
    uint32_t max_size = 0;
    const bool all_valid = array.validity().trivially_all_valid();
    for (size_t i = 0; i < array.len(); ++i) {
        if (!all_valid && !array.is_valid(i)) {
            continue;
        }
        const uint32_t size = size_of(i);
        const uint32_t prefix = prefix_of(i, size);
        if (!min) {
            min = max = i;
            min_prefix = max_prefix = prefix;
            min_size = max_size = size;
            continue;
        }
        if (prefix < min_prefix ||
            (prefix == min_prefix && compare_equal_prefix(i, size, *min, min_size) < 0)) {
            min = i;
            min_prefix = prefix;
            min_size = size;
        }
        if (prefix > max_prefix ||
            (prefix == max_prefix && compare_equal_prefix(i, size, *max, max_size) > 0)) {
            max = i;
            max_prefix = prefix;
            max_size = size;
        }
    }
    if (!min) {
        return std::optional<MinAndMaxPair>();
    }
    const auto scalar_at = [&](size_t i) -> Result<Scalar> {
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array.ToRef(), i));
        return Cast(value, value.dtype().AsNonNullable());
    };
    VX_ASSIGN_OR_RETURN(Scalar min_value, scalar_at(*min));
    VX_ASSIGN_OR_RETURN(Scalar max_value, scalar_at(*max));
    return std::optional<MinAndMaxPair>(std::pair{std::move(min_value), std::move(max_value)});
}

// Min and max through ScalarAt, for the other orderable canonical arrays.
Result<std::optional<MinAndMaxPair>> GenericMinAndMax(const ArrayRef &array) {
    std::optional<Scalar> min;
    std::optional<Scalar> max;
    for (size_t i = 0; i < array->len(); ++i) {
        if (!array->is_valid(i)) {
            continue;
        }
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
        if (!min) {
            min = value;
            max = std::move(value);
            continue;
        }
        if (std::is_lt(Compare(value, *min))) {
            min = value;
        }
        if (std::is_gt(Compare(value, *max))) {
            max = std::move(value);
        }
    }
    if (!min) {
        return std::optional<MinAndMaxPair>();
    }
    // Statistics carry the non-nullable dtype (spec: dtypes-scalars 4.1).
    VX_ASSIGN_OR_RETURN(Scalar min_out, Cast(*min, min->dtype().AsNonNullable()));
    VX_ASSIGN_OR_RETURN(Scalar max_out, Cast(*max, max->dtype().AsNonNullable()));
    return std::optional<MinAndMaxPair>(MinAndMaxPair{std::move(min_out), std::move(max_out)});
}

// Min and max of a canonical array in one pass; nullopt when it has no orderable value.
Result<std::optional<MinAndMaxPair>> MinAndMax(const ArrayRef &canonical) {
    if (!IsOrderable(canonical->dtype())) {
        return std::optional<MinAndMaxPair>();
    }
    if (const auto *primitive = As<PrimitiveArray>(*canonical)) {
        return PrimitiveMinAndMax(*primitive);
    }
    if (const auto *extension = As<ExtensionArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
        VX_ASSIGN_OR_RETURN(std::optional<MinAndMaxPair> both, MinAndMax(storage));
        if (!both) {
            return both;
        }
        const DType dtype = canonical->dtype().AsNonNullable();
        return std::optional<MinAndMaxPair>(
            MinAndMaxPair{Scalar::Extension(dtype, both->first), Scalar::Extension(dtype, both->second)});
    }
    if (const auto *views = As<VarBinViewArray>(*canonical)) {
        return VarBinViewMinAndMax(*views);
    }
    return GenericMinAndMax(canonical);
}

// Sums decimals exactly in 256 bits. Spec: dtypes-scalars 4.1, the sum has precision p + 10
// (at most 76) and the same scale; a sum that overflows that precision is null.
StatResult DecimalSum(const DecimalArray &array, const DType &sum_dtype) {
    I256 sum;
    for (size_t i = 0; i < array.len(); ++i) {
        if (array.is_valid(i) && !I256::CheckedAdd(sum, array.value_at(i), &sum)) {
            return std::optional<Scalar>(Scalar::Null(sum_dtype));
        }
    }
    const DecimalDType result = sum_dtype.decimal();
    if (!DecimalFitsPrecision(sum, result.precision)) {
        return std::optional<Scalar>(Scalar::Null(sum_dtype));
    }
    return std::optional<Scalar>(
        Scalar::Decimal(sum, MinDecimalTypeForPrecision(result.precision), sum_dtype));
}

template <typename T, typename Acc>
VORTEX_SIMD_CLONES Acc WrappingSum(const T *values, size_t n) {
    Acc sum = 0;
    for (size_t i = 0; i < n; ++i) {
        sum += static_cast<Acc>(values[i]);
    }
    return sum;
}

// Whether no prefix of `values` can overflow Acc, so that the sum needs no check per value:
// always for values of at most 32 bits (fewer than 2^31 of them), else when the largest
// magnitude times the count fits.
template <typename T, typename Acc>
bool SumCannotOverflow(std::span<const T> values) {
    if (values.empty()) {
        return true;
    }
    if constexpr (sizeof(T) <= 4) {
        return values.size() < (size_t{1} << 31);
    } else {
        const auto [min, max] = IntegerMinMax(values.data(), values.size());
        // |min| and |max| as 128-bit magnitudes (no 64-bit type holds |INT64_MIN|).
        auto magnitude = [](T v) {
            const auto wide = static_cast<int128_t>(v);
            return static_cast<uint128_t>(wide < 0 ? -wide : wide);
        };
        const uint128_t largest = std::max(magnitude(min), magnitude(max));
        return largest * values.size() <= static_cast<uint128_t>(std::numeric_limits<Acc>::max());
    }
}

StatResult SumOf(const ArrayRef &canonical) {
    const std::optional<DType> sum_dtype = SumDType(canonical->dtype());
    if (!sum_dtype) {
        return std::optional<Scalar>();
    }
    if (const auto *bools = As<BoolArray>(*canonical)) {
        uint64_t count = 0;
        for (size_t i = 0; i < bools->len(); ++i) {
            count += (bools->is_valid(i) && bools->value(i)) ? 1 : 0;
        }
        return std::optional<Scalar>(Scalar::Primitive<uint64_t>(count, Nullability::Nullable));
    }
    if (const auto *decimal = As<DecimalArray>(*canonical)) {
        return DecimalSum(*decimal, *sum_dtype);
    }
    const auto *primitive = As<PrimitiveArray>(*canonical);
    if (primitive == nullptr) {
        return std::optional<Scalar>();
    }
    return VisitPType(primitive->ptype(), [&]<typename T>() -> StatResult {
        auto values = primitive->values_as<T>();
        if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) {
            // NaNs contribute nothing, as the reference's sum defines it (skip_nans by default,
            // vortex-array/src/aggregate_fn/fns/sum/mod.rs); infinities still add.
            double sum = 0;
            for (size_t i = 0; i < values.size(); ++i) {
                if (primitive->is_valid(i)) {
                    double value = 0;
                    if constexpr (std::is_same_v<T, Half>) {
                        value = values[i].ToFloat();
                    } else {
                        value = static_cast<double>(values[i]);
                    }
                    if (!std::isnan(value)) {
                        sum += value;
                    }
                }
            }
            return std::optional<Scalar>(Scalar::Primitive<double>(sum, Nullability::Nullable));
        } else {
            using Acc = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
            if (primitive->validity().trivially_all_valid() && SumCannotOverflow<T, Acc>(values)) {
                return std::optional<Scalar>(Scalar::Primitive<Acc>(
                    WrappingSum<T, Acc>(values.data(), values.size()), Nullability::Nullable));
            }
            Acc sum = 0;
            for (size_t i = 0; i < values.size(); ++i) {
                if (primitive->is_valid(i) &&
                    __builtin_add_overflow(sum, static_cast<Acc>(values[i]), &sum)) {
                    // Spec: an overflowing sum is null.
                    return std::optional<Scalar>(Scalar::Null(*sum_dtype));
                }
            }
            return std::optional<Scalar>(Scalar::Primitive<Acc>(sum, Nullability::Nullable));
        }
    });
}

StatResult BoolStat(bool value) {
    return std::optional<Scalar>(Scalar::Bool(value, Nullability::NonNullable));
}

// Sortedness and constancy over values in place for the common null-free canonical arrays
// (the Scalar-per-row loops below are the general, slow path). `ordered(a, b)` says a may
// precede b; `equal(a, b)` whether they are the same value (floats bit for bit).
template <typename Pairwise>
std::optional<bool> AllPairsFast(const ArrayRef &canonical, Pairwise pairwise) {
    if (!canonical->validity_mask().all_true()) {
        return std::nullopt;
    }
    if (const auto *primitive = As<PrimitiveArray>(*canonical)) {
        return VisitPType(primitive->ptype(), [&]<typename T>() {
            const auto values = primitive->values_as<T>();
            for (size_t i = 1; i < values.size(); ++i) {
                if (!pairwise(TotalOrderKey(values[i - 1]), TotalOrderKey(values[i]))) {
                    return false;
                }
            }
            return true;
        });
    }
    if (const auto *views = As<VarBinViewArray>(*canonical)) {
        for (size_t i = 1; i < views->len(); ++i) {
            if (!pairwise(views->bytes_at(i - 1), views->bytes_at(i))) {
                return false;
            }
        }
        return true;
    }
    return std::nullopt;
}

StatResult SortedOf(const ArrayRef &canonical, bool strict) {
    if (canonical->len() <= 1) {
        return std::optional<Scalar>(Scalar::Bool(true, Nullability::NonNullable));
    }
    if (!IsOrderable(canonical->dtype()) && !canonical->dtype().is_null()) {
        return std::optional<Scalar>();
    }
    if (const auto *extension = As<ExtensionArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
        return SortedOf(storage, strict);
    }
    if (auto fast = AllPairsFast(
            canonical, [strict](const auto &a, const auto &b) { return strict ? a < b : a <= b; })) {
        return BoolStat(*fast);
    }
    VX_ASSIGN_OR_RETURN(Scalar previous, ScalarAt(canonical, 0));
    for (size_t i = 1; i < canonical->len(); ++i) {
        VX_ASSIGN_OR_RETURN(Scalar current, ScalarAt(canonical, i));
        const auto ordering = Compare(previous, current);
        if (strict ? !std::is_lt(ordering) : !std::is_lteq(ordering)) {
            return std::optional<Scalar>(Scalar::Bool(false, Nullability::NonNullable));
        }
        previous = std::move(current);
    }
    return std::optional<Scalar>(Scalar::Bool(true, Nullability::NonNullable));
}

StatResult ConstantOf(const ArrayRef &canonical) {
    if (canonical->len() <= 1) {
        return std::optional<Scalar>(Scalar::Bool(true, Nullability::NonNullable));
    }
    if (const auto *extension = As<ExtensionArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
        return ConstantOf(storage);
    }
    if (auto fast = AllPairsFast(canonical, [](const auto &a, const auto &b) { return a == b; })) {
        return BoolStat(*fast);
    }
    VX_ASSIGN_OR_RETURN(Scalar first, ScalarAt(canonical, 0));
    for (size_t i = 1; i < canonical->len(); ++i) {
        VX_ASSIGN_OR_RETURN(Scalar current, ScalarAt(canonical, i));
        if (!(current == first)) {
            return std::optional<Scalar>(Scalar::Bool(false, Nullability::NonNullable));
        }
    }
    return std::optional<Scalar>(Scalar::Bool(true, Nullability::NonNullable));
}

StatResult NanCountOf(const ArrayRef &canonical) {
    const auto *primitive = As<PrimitiveArray>(*canonical);
    if (primitive == nullptr || !IsFloat(primitive->ptype())) {
        return std::optional<Scalar>();
    }
    return VisitPType(primitive->ptype(), [&]<typename T>() -> StatResult {
        uint64_t count = 0;
        auto values = primitive->values_as<T>();
        for (size_t i = 0; i < values.size(); ++i) {
            count += (primitive->is_valid(i) && IsNaN(values[i])) ? 1 : 0;
        }
        return std::optional<Scalar>(Scalar::Primitive<uint64_t>(count, Nullability::NonNullable));
    });
}

} // namespace

Result<std::optional<Scalar>> ComputeStatCanonical(const ArrayRef &array, Stat stat) {
    if (stat == Stat::NullCount) {
        return std::optional<Scalar>(
            Scalar::Primitive<uint64_t>(array->validity_mask().false_count(), Nullability::NonNullable));
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (stat == Stat::Min || stat == Stat::Max) {
        // One pass finds both; the other is kept for the caller that asks next (zone maps and
        // chunk statistics ask for both).
        VX_ASSIGN_OR_RETURN(std::optional<MinAndMaxPair> both, MinAndMax(canonical));
        if (!both) {
            return std::optional<Scalar>();
        }
        const bool min = stat == Stat::Min;
        array->statistics().Set(min ? Stat::Max : Stat::Min, min ? both->second : both->first);
        return std::optional<Scalar>(min ? std::move(both->first) : std::move(both->second));
    }
    switch (stat) {
        case Stat::Sum:
            return SumOf(canonical);
        case Stat::IsConstant:
            return ConstantOf(canonical);
        case Stat::IsSorted:
            return SortedOf(canonical, false);
        case Stat::IsStrictSorted:
            return SortedOf(canonical, true);
        case Stat::NanCount:
            return NanCountOf(canonical);
        case Stat::UncompressedSizeInBytes:
            return std::optional<Scalar>(
                Scalar::Primitive<uint64_t>(canonical->nbytes(), Nullability::NonNullable));
        case Stat::Min: // above
        case Stat::Max:
        case Stat::NullCount:
            break;
    }
    return std::optional<Scalar>();
}

Result<Scalar> Min(const ArrayRef &array) {
    VX_ENSURE(IsOrderable(array->dtype()), NotImplemented, "min of {} is not supported", array->dtype());
    VX_ASSIGN_OR_RETURN(std::optional<Scalar> value, array->statistics().Get(Stat::Min));
    return value ? *std::move(value) : Scalar::Null(array->dtype().AsNullable());
}

Result<Scalar> Max(const ArrayRef &array) {
    VX_ENSURE(IsOrderable(array->dtype()), NotImplemented, "max of {} is not supported", array->dtype());
    VX_ASSIGN_OR_RETURN(std::optional<Scalar> value, array->statistics().Get(Stat::Max));
    return value ? *std::move(value) : Scalar::Null(array->dtype().AsNullable());
}

Result<Scalar> Sum(const ArrayRef &array) {
    const std::optional<DType> sum_dtype = SumDType(array->dtype());
    VX_ENSURE(sum_dtype.has_value(), NotImplemented, "sum of {} is not supported", array->dtype());
    VX_ASSIGN_OR_RETURN(std::optional<Scalar> value, array->statistics().Get(Stat::Sum));
    return value ? *std::move(value) : Scalar::Null(*sum_dtype);
}

size_t NullCount(const ArrayRef &array) {
    return array->validity_mask().false_count();
}

Result<bool> IsConstant(const ArrayRef &array) {
    return array->statistics().is_constant();
}

Result<bool> IsSorted(const ArrayRef &array, bool strict) {
    return strict ? array->statistics().is_strict_sorted() : array->statistics().is_sorted();
}

} // namespace vortex
