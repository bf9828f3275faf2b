// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/date_part.h"

#include <limits>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

Result<int64_t> UnitsPerSecond(TimeUnit unit) {
    switch (unit) {
        case TimeUnit::Seconds:
            return int64_t{1};
        case TimeUnit::Milliseconds:
            return int64_t{1'000};
        case TimeUnit::Microseconds:
            return int64_t{1'000'000};
        case TimeUnit::Nanoseconds:
            return int64_t{1'000'000'000};
        case TimeUnit::Days:
            break;
    }
    return Status::InvalidArgument("date parts need a unit finer than days");
}

// field(value) for values in units of 1/per_second s; with `sentinels`, DuckDB's infinities
// are cleared in `finite`.
template <typename T>
void Parts(std::span<const T> values,
           int64_t per_second,
           DatePartField field,
           bool sentinels,
           int64_t *out,
           BitBufferMut &finite) {
    const int64_t day = 86'400 * per_second;
    const int64_t divisor = field == DatePartField::Hour     ? 3'600 * per_second
                            : field == DatePartField::Minute ? 60 * per_second
                                                             : per_second;
    const int64_t modulus = field == DatePartField::Hour ? 24 : 60;
    constexpr int64_t kInfinity = std::numeric_limits<int64_t>::max();
    for (size_t i = 0; i < values.size(); ++i) {
        const auto v = static_cast<int64_t>(values[i]);
        int64_t of_day = v % day;
        of_day += of_day < 0 ? day : 0;
        out[i] = (of_day / divisor) % modulus;
        if (sentinels && (v == kInfinity || v == -kInfinity)) {
            finite.Set(i, false);
        }
    }
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
    }
    return "?";
}

Result<ArrayRef> DatePart(const ArrayRef &temporal, DatePartField field) {
    const DType &dtype = temporal->dtype();
    VX_ENSURE(IsTemporal(dtype), InvalidArgument, "{}() needs a time or a timestamp, got {}",
              DatePartName(field), dtype);
    VX_ASSIGN_OR_RETURN(const TemporalMetadata metadata, ParseTemporalMetadata(dtype.extension()));
    VX_ENSURE(metadata.kind != TemporalMetadata::Kind::Date && !metadata.time_zone, InvalidArgument,
              "{}() of {}: only times and timestamps without a time zone", DatePartName(field), dtype);
    VX_ASSIGN_OR_RETURN(const int64_t per_second, UnitsPerSecond(metadata.unit));
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(temporal));
    const auto extension = As<ExtensionArray>(canonical);
    VX_ENSURE(extension != nullptr, Internal, "a {} array did not canonicalize to an extension array", dtype);
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
    const auto primitive = As<PrimitiveArray>(storage);
    VX_ENSURE(primitive != nullptr && (primitive->ptype() == PType::I64 || primitive->ptype() == PType::I32),
              InvalidArgument, "{}() of {}: unexpected storage", DatePartName(field), dtype);
    const size_t len = primitive->len();
    BufferMut values = BufferMut::Uninitialized(len * sizeof(int64_t));
    const bool sentinels = metadata.kind == TemporalMetadata::Kind::Timestamp;
    BitBufferMut finite(sentinels ? len : 0, true);
    if (primitive->ptype() == PType::I64) {
        Parts(primitive->values_as<int64_t>(), per_second, field, sentinels, values.data_as<int64_t>(),
              finite);
    } else {
        Parts(primitive->values_as<int32_t>(), per_second, field, false, values.data_as<int64_t>(), finite);
    }
    Validity validity = primitive->validity();
    if (sentinels) {
        validity = validity.And(Mask::FromBits(std::move(finite).Freeze()), len);
    }
    return ArrayRef(PrimitiveArray::Make(PType::I64, std::move(values).Freeze(), std::move(validity)));
}

} // namespace vortex
