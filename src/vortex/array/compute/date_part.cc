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

template <int64_t kPerSecond, typename T>
void PartsOf(DatePartField field, std::span<const T> values, int64_t *out) {
    switch (field) {
        case DatePartField::Hour:
            return Parts<kPerSecond, DatePartField::Hour>(values, out);
        case DatePartField::Minute:
            return Parts<kPerSecond, DatePartField::Minute>(values, out);
        case DatePartField::Second:
            return Parts<kPerSecond, DatePartField::Second>(values, out);
    }
}

template <typename T>
void PartsIn(TimeUnit unit, DatePartField field, std::span<const T> values, int64_t *out) {
    switch (unit) {
        case TimeUnit::Seconds:
            return PartsOf<1>(field, values, out);
        case TimeUnit::Milliseconds:
            return PartsOf<1'000>(field, values, out);
        case TimeUnit::Microseconds:
            return PartsOf<1'000'000>(field, values, out);
        case TimeUnit::Nanoseconds:
        case TimeUnit::Days: // rejected before
            return PartsOf<1'000'000'000>(field, values, out);
    }
}

// DuckDB's infinite timestamps (INT64_MAX and -INT64_MAX in any unit) as false bits.
BitBuffer FiniteBits(std::span<const int64_t> values) {
    constexpr int64_t kInfinity = std::numeric_limits<int64_t>::max();
    return BitBuffer::FromPredicate(
        values.size(), [&](size_t i) { return values[i] != kInfinity && values[i] != -kInfinity; });
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
    VX_ENSURE(metadata.kind != TemporalMetadata::Kind::Date && metadata.unit != TimeUnit::Days,
              InvalidArgument, "{}() of {}: only times and timestamps", DatePartName(field), dtype);
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
    }
    return ArrayRef(PrimitiveArray::Make(PType::I64, std::move(values).Freeze(), std::move(validity)));
}

} // namespace vortex
