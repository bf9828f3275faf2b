// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/date_part.h"

#include <limits>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/dtype/extension.h"
#include "vortex/scalar/temporal_format.h"

namespace vortex {
namespace {

// kField of values in units of 1/kPerSecond s. The divisors are constants, so the divisions
// compile to multiplications.
template <int64_t kPerSecond, DatePartField kField, typename T>
void Parts(std::span<const T> values, int64_t *out) {
    constexpr int64_t kDay = 86'400 * kPerSecond;
    constexpr int64_t kDivisor = kField == DatePartField::Hour     ? 3'600 * kPerSecond
                                 : kField == DatePartField::Minute ? 60 * kPerSecond
                                                                   : kPerSecond;
    constexpr int64_t kModulus = kField == DatePartField::Hour ? 24 : 60;
    for (size_t i = 0; i < values.size(); ++i) {
        int64_t of_day = static_cast<int64_t>(values[i]) % kDay;
        of_day += of_day < 0 ? kDay : 0; // floor: before 1970 the day still starts at 00:00
        out[i] = (of_day / kDivisor) % kModulus;
    }
}

// kField (a calendar field) of values in units of 1/kPerDay day.
template <int64_t kPerDay, DatePartField kField, typename T>
void CalendarParts(std::span<const T> values, int64_t *out) {
    for (size_t i = 0; i < values.size(); ++i) {
        const int64_t value = static_cast<int64_t>(values[i]);
        int64_t days = value / kPerDay;
        days -= (value % kPerDay) < 0 ? 1 : 0; // floor
        const CivilDate date = CivilFromDays(days);
        out[i] = kField == DatePartField::Year    ? date.year
                 : kField == DatePartField::Month ? static_cast<int64_t>(date.month)
                                                  : static_cast<int64_t>(date.day);
    }
}

template <int64_t kPerSecond, typename T>
void PartsOf(DatePartField field, std::span<const T> values, int64_t *out) {
    constexpr int64_t kPerDay = 86'400 * kPerSecond;
    switch (field) {
        case DatePartField::Hour:
            return Parts<kPerSecond, DatePartField::Hour>(values, out);
        case DatePartField::Minute:
            return Parts<kPerSecond, DatePartField::Minute>(values, out);
        case DatePartField::Second:
            return Parts<kPerSecond, DatePartField::Second>(values, out);
        case DatePartField::Year:
            return CalendarParts<kPerDay, DatePartField::Year>(values, out);
        case DatePartField::Month:
            return CalendarParts<kPerDay, DatePartField::Month>(values, out);
        case DatePartField::Day:
            return CalendarParts<kPerDay, DatePartField::Day>(values, out);
    }
}

template <typename T>
void PartsIn(TimeUnit unit, DatePartField field, std::span<const T> values, int64_t *out) {
    switch (unit) {
        case TimeUnit::Days:
            // Only calendar fields reach here for days (checked before).
            return field == DatePartField::Year    ? CalendarParts<1, DatePartField::Year>(values, out)
                   : field == DatePartField::Month ? CalendarParts<1, DatePartField::Month>(values, out)
                                                   : CalendarParts<1, DatePartField::Day>(values, out);
        case TimeUnit::Seconds:
            return PartsOf<1>(field, values, out);
        case TimeUnit::Milliseconds:
            return PartsOf<1'000>(field, values, out);
        case TimeUnit::Microseconds:
            return PartsOf<1'000'000>(field, values, out);
        case TimeUnit::Nanoseconds:
            return PartsOf<1'000'000'000>(field, values, out);
    }
}

// DuckDB's infinite timestamps (INT64_MAX and -INT64_MAX in any unit) and dates (INT32_MAX
// and -INT32_MAX days) as false bits.
template <typename T>
BitBuffer FiniteBits(std::span<const T> values) {
    constexpr T kInfinity = std::numeric_limits<T>::max();
    return BitBuffer::FromPredicate(
        values.size(), [&](size_t i) { return values[i] != kInfinity && values[i] != -kInfinity; });
}

// The date part of every element, decoding the array.
Result<ArrayRef>
DatePartOfEach(const ArrayRef &temporal, const TemporalMetadata &metadata, DatePartField field) {
    const DType &dtype = temporal->dtype();
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(temporal));
    const auto extension = As<ExtensionArray>(canonical);
    VX_ENSURE(extension != nullptr, Internal, "a {} array did not canonicalize to an extension array", dtype);
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
    const auto primitive = As<PrimitiveArray>(storage);
    VX_ENSURE(primitive != nullptr && (primitive->ptype() == PType::I64 || primitive->ptype() == PType::I32),
              InvalidArgument, "{}() of {}: unexpected storage", DatePartName(field), dtype);
    const size_t len = primitive->len();
    BufferMut values = BufferMut::Uninitialized(len * sizeof(int64_t));
    Validity validity = primitive->validity();
    if (primitive->ptype() == PType::I64) {
        PartsIn(metadata.unit, field, primitive->values_as<int64_t>(), values.data_as<int64_t>());
        if (metadata.kind == TemporalMetadata::Kind::Timestamp) {
            validity = validity.And(Mask::FromBits(FiniteBits(primitive->values_as<int64_t>())), len);
        }
    } else {
        PartsIn(metadata.unit, field, primitive->values_as<int32_t>(), values.data_as<int64_t>());
        if (metadata.kind == TemporalMetadata::Kind::Date) {
            validity = validity.And(Mask::FromBits(FiniteBits(primitive->values_as<int32_t>())), len);
        }
    }
    return ArrayRef(PrimitiveArray::Make(PType::I64, std::move(values).Freeze(), std::move(validity)));
}

} // namespace

std::string_view DatePartName(DatePartField field) {
    switch (field) {
        case DatePartField::Hour:
            return "hour";
        case DatePartField::Minute:
            return "minute";
        case DatePartField::Second:
            return "second";
        case DatePartField::Year:
            return "year";
        case DatePartField::Month:
            return "month";
        case DatePartField::Day:
            return "day";
    }
    return "?";
}

bool IsCalendarField(DatePartField field) {
    return field == DatePartField::Year || field == DatePartField::Month || field == DatePartField::Day;
}

Result<ArrayRef> DatePart(const ArrayRef &temporal, DatePartField field) {
    const DType &dtype = temporal->dtype();
    VX_ENSURE(IsTemporal(dtype), InvalidArgument, "{}() needs a date, a time or a timestamp, got {}",
              DatePartName(field), dtype);
    VX_ASSIGN_OR_RETURN(const TemporalMetadata metadata, ParseTemporalMetadata(dtype.extension()));
    if (IsCalendarField(field)) {
        VX_ENSURE(metadata.kind != TemporalMetadata::Kind::Time, InvalidArgument,
                  "{}() of {}: only dates and timestamps", DatePartName(field), dtype);
    } else {
        VX_ENSURE(metadata.kind != TemporalMetadata::Kind::Date && metadata.unit != TimeUnit::Days,
                  InvalidArgument, "{}() of {}: only times and timestamps", DatePartName(field), dtype);
    }
    // Once per run or distinct value where the column is encoded that way (a sorted date).
    if (std::optional<Result<ArrayRef>> mapped = MapValuesEncoded(
            temporal, [&](const ArrayRef &values) { return DatePartOfEach(values, metadata, field); })) {
        return *std::move(mapped);
    }
    return DatePartOfEach(temporal, metadata, field);
}

} // namespace vortex
