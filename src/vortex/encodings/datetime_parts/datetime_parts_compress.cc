// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <limits>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"

namespace vortex::datetime_parts {

namespace {

struct SplitParts {
    std::vector<int64_t> days;
    std::vector<int64_t> seconds;
    std::vector<int64_t> subseconds;
    Validity validity;
};

// Splits the I64 storage with truncating division, as the reference's `timestamp::split`.
Result<SplitParts> Split(const ArrayRef &array, int64_t ticks_per_second) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *extension = As<ExtensionArray>(*canonical);
    VX_ENSURE(extension != nullptr, Internal, "timestamp did not canonicalize to an extension array");
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
    const auto *primitive = As<PrimitiveArray>(*storage);
    VX_ENSURE(primitive != nullptr && primitive->ptype() == PType::I64, InvalidArgument,
              "timestamp storage must be I64, got {}", storage->dtype());
    const std::span<const int64_t> values = primitive->values_as<int64_t>();
    const int64_t ticks_per_day = kSecondsPerDay * ticks_per_second;
    SplitParts out;
    out.days.resize(values.size());
    out.seconds.resize(values.size());
    out.subseconds.resize(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        const int64_t within_day = values[i] % ticks_per_day;
        out.days[i] = values[i] / ticks_per_day;
        out.seconds[i] = within_day / ticks_per_second;
        out.subseconds[i] = within_day % ticks_per_second;
    }
    out.validity = primitive->validity();
    return out;
}

template <typename T>
ArrayRef Convert(const std::vector<int64_t> &values, const Validity &validity) {
    std::vector<T> narrowed(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        narrowed[i] = static_cast<T>(values[i]); // values under nulls may wrap: they are unspecified
    }
    return PrimitiveArray::FromValues(narrowed, validity);
}

template <typename T>
bool Fits(int64_t min, int64_t max) {
    static_assert(sizeof(T) <= 4, "every bound fits in int64");
    return min >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
           max <= static_cast<int64_t>(std::numeric_limits<T>::max());
}

// The reference's `PrimitiveArray::narrow` (vortex-array primitive/array/mod.rs), applied to
// an I64 part: the bounds are taken over the non-null values only.
ArrayRef Narrow(const std::vector<int64_t> &values, const Validity &validity) {
    bool any = false;
    int64_t min = 0;
    int64_t max = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        if (!validity.is_valid(i)) {
            continue;
        }
        min = any ? std::min(min, values[i]) : values[i];
        max = any ? std::max(max, values[i]) : values[i];
        any = true;
    }
    if (!any) {
        return PrimitiveArray::FromValues(std::vector<uint8_t>(values.size(), 0), validity);
    }
    if (min < 0) {
        if (Fits<int8_t>(min, max)) {
            return Convert<int8_t>(values, validity);
        }
        if (Fits<int16_t>(min, max)) {
            return Convert<int16_t>(values, validity);
        }
        if (Fits<int32_t>(min, max)) {
            return Convert<int32_t>(values, validity);
        }
        return PrimitiveArray::FromValues(values, validity);
    }
    if (Fits<uint8_t>(min, max)) {
        return Convert<uint8_t>(values, validity);
    }
    if (Fits<uint16_t>(min, max)) {
        return Convert<uint16_t>(values, validity);
    }
    if (Fits<uint32_t>(min, max)) {
        return Convert<uint32_t>(values, validity);
    }
    return PrimitiveArray::FromValues(values, validity);
}

Result<ArrayRef> Encode(const ArrayRef &array, bool narrow) {
    VX_ENSURE(array != nullptr, InvalidArgument, "datetime parts input is null");
    VX_ASSIGN_OR_RETURN(int64_t ticks_per_second, TimestampTicksPerSecond(array->dtype()));
    VX_ASSIGN_OR_RETURN(SplitParts parts, Split(array, ticks_per_second));
    const Validity non_nullable = Validity::NonNullable();
    ArrayRef days =
        narrow ? Narrow(parts.days, parts.validity) : PrimitiveArray::FromValues(parts.days, parts.validity);
    ArrayRef seconds = narrow ? Narrow(parts.seconds, non_nullable)
                              : PrimitiveArray::FromValues(parts.seconds, non_nullable);
    ArrayRef subseconds = narrow ? Narrow(parts.subseconds, non_nullable)
                                 : PrimitiveArray::FromValues(parts.subseconds, non_nullable);
    VX_ASSIGN_OR_RETURN(auto encoded, DateTimePartsArray::TryMake(array->dtype(), std::move(days),
                                                                  std::move(seconds), std::move(subseconds)));
    return ArrayRef(std::move(encoded));
}

} // namespace

Result<ArrayRef> DateTimePartsEncode(const ArrayRef &array) {
    return Encode(array, /*narrow=*/false);
}

Result<ArrayRef> DateTimePartsEncodeNarrowed(const ArrayRef &array) {
    return Encode(array, /*narrow=*/true);
}

} // namespace vortex::datetime_parts
