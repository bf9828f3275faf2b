// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>
#include <type_traits>
#include <variant>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::datetime_parts {

namespace {

// Reads an integer scalar as int64 (U64 values wrap, as the canonical decode does).
Result<int64_t> PartAt(const ArrayRef &part, size_t i) {
    VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(part, i));
    VX_ENSURE(!value.is_null(), Internal, "datetime part is null at {}", i);
    return std::visit(
        [](auto v) -> int64_t {
            if constexpr (std::is_integral_v<decltype(v)>) {
                return static_cast<int64_t>(v);
            } else {
                return 0; // not reachable: TryMake checked the ptype
            }
        },
        value.pvalue());
}

// Rebuilds the array from parts derived from this one's children.
Result<ArrayRef>
Rebuild(const DType &dtype, Result<ArrayRef> days, Result<ArrayRef> seconds, Result<ArrayRef> subseconds) {
    VX_RETURN_NOT_OK(days.status());
    VX_RETURN_NOT_OK(seconds.status());
    VX_RETURN_NOT_OK(subseconds.status());
    const DType out_dtype = dtype.WithNullability((*days)->dtype().nullability());
    VX_ASSIGN_OR_RETURN(auto array, DateTimePartsArray::TryMake(out_dtype, *std::move(days),
                                                                *std::move(seconds), *std::move(subseconds)));
    return ArrayRef(std::move(array));
}

template <typename T>
bool FitsIn(int64_t value) {
    if constexpr (std::is_signed_v<T>) {
        return value >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
               value <= static_cast<int64_t>(std::numeric_limits<T>::max());
    } else {
        return value >= 0 &&
               static_cast<uint64_t>(value) <= static_cast<uint64_t>(std::numeric_limits<T>::max());
    }
}

// Sets bits[i] &= (part[i] == value) over the part's native type; a value outside the
// part's ptype equals nothing.
Status AndEqual(const ArrayRef &part, int64_t value, BitBufferMut &bits) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(part));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "datetime part did not canonicalize to a primitive array");
    VisitIntPType(primitive->ptype(), [&]<typename T>() {
        const std::span<const T> values = primitive->values_as<T>();
        const bool fits = FitsIn<T>(value);
        const T narrowed = static_cast<T>(value);
        for (size_t i = 0; i < values.size(); ++i) {
            bits.Set(i, bits.value(i) && fits && values[i] == narrowed);
        }
    });
    return Status::OK();
}

} // namespace

std::optional<Result<ArrayRef>> DateTimePartsArray::CompareScalarImpl(const Scalar &scalar,
                                                                      CompareOp op) const {
    if ((op != CompareOp::Eq && op != CompareOp::NotEq) || scalar.is_null() ||
        !scalar.dtype().is_extension()) {
        return std::nullopt;
    }
    const Scalar storage = scalar.StorageScalar();
    if (storage.is_null() || storage.dtype() != DType::Primitive(PType::I64, storage.dtype().nullability())) {
        return std::nullopt;
    }
    const int64_t ts = storage.as<int64_t>();
    const int64_t ticks_per_day = kSecondsPerDay * ticks_per_second_;
    const int64_t within_day = ts % ticks_per_day;
    auto compare = [&]() -> Result<ArrayRef> {
        BitBufferMut bits(len(), true);
        VX_RETURN_NOT_OK(AndEqual(days(), ts / ticks_per_day, bits));
        VX_RETURN_NOT_OK(AndEqual(seconds(), within_day / ticks_per_second_, bits));
        VX_RETURN_NOT_OK(AndEqual(subseconds(), within_day % ticks_per_second_, bits));
        if (op == CompareOp::NotEq) {
            for (size_t i = 0; i < len(); ++i) {
                bits.Set(i, !bits.value(i));
            }
        }
        return MakeCompareResult(std::move(bits).Freeze(), Validity::FromMask(validity_mask()),
                                 dtype().is_nullable() || scalar.dtype().is_nullable());
    };
    return compare();
}

std::optional<Result<Scalar>> DateTimePartsArray::ScalarAtImpl(size_t i) const {
    if (!days()->is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto combine = [&]() -> Result<Scalar> {
        VX_ASSIGN_OR_RETURN(int64_t day, PartAt(days(), i));
        VX_ASSIGN_OR_RETURN(int64_t second, PartAt(seconds(), i));
        VX_ASSIGN_OR_RETURN(int64_t subsecond, PartAt(subseconds(), i));
        const auto ticks = static_cast<uint64_t>(ticks_per_second_);
        // Wrapping arithmetic, as ToCanonical().
        const uint64_t ts = static_cast<uint64_t>(day) * static_cast<uint64_t>(kSecondsPerDay) * ticks +
                            static_cast<uint64_t>(second) * ticks + static_cast<uint64_t>(subsecond);
        return Scalar::Extension(dtype(),
                                 Scalar::Primitive<int64_t>(static_cast<int64_t>(ts), dtype().nullability()));
    };
    return combine();
}

std::optional<Result<ArrayRef>> DateTimePartsArray::SliceImpl(size_t start, size_t stop) const {
    return Rebuild(dtype(), Slice(days(), start, stop), Slice(seconds(), start, stop),
                   Slice(subseconds(), start, stop));
}

std::optional<Result<ArrayRef>> DateTimePartsArray::FilterImpl(const Mask &mask) const {
    return Rebuild(dtype(), Filter(days(), mask), Filter(seconds(), mask), Filter(subseconds(), mask));
}

std::optional<Result<ArrayRef>> DateTimePartsArray::TakeImpl(const ArrayRef &indices) const {
    if (!indices->dtype().is_nullable()) {
        return Rebuild(dtype(), Take(days(), indices), Take(seconds(), indices), Take(subseconds(), indices));
    }
    // Null indices make days null; seconds and subseconds must stay non-nullable, so they are
    // taken at the decoded positions (a null index reads position 0, which exists: Take()
    // handles empty arrays before calling kernels).
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    std::vector<uint64_t> positions(decoded->positions.begin(), decoded->positions.end());
    const ArrayRef dense = PrimitiveArray::FromValues(positions);
    return Rebuild(dtype(), Take(days(), indices), Take(seconds(), dense), Take(subseconds(), dense));
}

std::optional<Result<std::optional<Scalar>>> DateTimePartsArray::ComputeStatImpl(Stat stat) const {
    if (stat != Stat::NullCount) {
        return std::nullopt;
    }
    // The days child carries the validity.
    return Result<std::optional<Scalar>>(
        Scalar::Primitive<uint64_t>(NullCount(days()), Nullability::NonNullable));
}

} // namespace vortex::datetime_parts
