// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <limits>
#include <span>
#include <tuple>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/integer_min_max.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"

namespace vortex::datetime_parts {

namespace {

struct SplitParts {
    BufferMut days; // int64 values, as the next two
    BufferMut seconds;
    BufferMut subseconds;
    Validity validity;
};

// Truncating division, as the reference's `timestamp::split`. The common units divide by
// constants, which compile to multiplications: three 64-bit divisions per value were most of
// an encode.
template <int64_t kTicksPerSecond>
void SplitAll(std::span<const int64_t> values, int64_t ticks_per_second, SplitParts &out) {
    const int64_t per_second = kTicksPerSecond > 0 ? kTicksPerSecond : ticks_per_second;
    const int64_t per_day = kSecondsPerDay * per_second;
    auto *days = reinterpret_cast<int64_t *>(out.days.data());
    auto *seconds = reinterpret_cast<int64_t *>(out.seconds.data());
    auto *subseconds = reinterpret_cast<int64_t *>(out.subseconds.data());
    for (size_t i = 0; i < values.size(); ++i) {
        const int64_t within_day = values[i] % per_day;
        days[i] = values[i] / per_day;
        seconds[i] = within_day / per_second;
        subseconds[i] = within_day % per_second;
    }
}

Result<SplitParts> Split(const ArrayRef &array, int64_t ticks_per_second) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *extension = As<ExtensionArray>(*canonical);
    VX_ENSURE(extension != nullptr, Internal, "timestamp did not canonicalize to an extension array");
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(extension->storage()));
    const auto *primitive = As<PrimitiveArray>(*storage);
    VX_ENSURE(primitive != nullptr && primitive->ptype() == PType::I64, InvalidArgument,
              "timestamp storage must be I64, got {}", storage->dtype());
    const std::span<const int64_t> values = primitive->values_as<int64_t>();
    const size_t bytes = values.size() * sizeof(int64_t);
    SplitParts out{BufferMut::Uninitialized(bytes), BufferMut::Uninitialized(bytes),
                   BufferMut::Uninitialized(bytes), primitive->validity()};
    switch (ticks_per_second) {
        case 1:
            SplitAll<1>(values, ticks_per_second, out);
            break;
        case 1'000:
            SplitAll<1'000>(values, ticks_per_second, out);
            break;
        case 1'000'000:
            SplitAll<1'000'000>(values, ticks_per_second, out);
            break;
        case 1'000'000'000:
            SplitAll<1'000'000'000>(values, ticks_per_second, out);
            break;
        default:
            SplitAll<0>(values, ticks_per_second, out);
            break;
    }
    return out;
}

// An I64 part kept as it is.
ArrayRef Wide(BufferMut part, const Validity &validity) {
    return PrimitiveArray::Make(PType::I64, std::move(part).Freeze(), validity);
}

template <typename T>
ArrayRef Convert(std::span<const int64_t> values, const Validity &validity) {
    BufferMut narrowed = BufferMut::Uninitialized(values.size() * sizeof(T));
    auto *out = reinterpret_cast<T *>(narrowed.data());
    for (size_t i = 0; i < values.size(); ++i) {
        out[i] = static_cast<T>(values[i]); // values under nulls may wrap: they are unspecified
    }
    return PrimitiveArray::Make(kPTypeOf<T>, std::move(narrowed).Freeze(), validity);
}

template <typename T>
bool Fits(int64_t min, int64_t max) {
    static_assert(sizeof(T) <= 4, "every bound fits in int64");
    return min >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
           max <= static_cast<int64_t>(std::numeric_limits<T>::max());
}

// The reference's `PrimitiveArray::narrow` (vortex-array primitive/array/mod.rs), applied to
// an I64 part: the bounds are taken over the non-null values only.
ArrayRef Narrow(BufferMut part, const Validity &validity) {
    const std::span<const int64_t> values(reinterpret_cast<const int64_t *>(part.data()),
                                          part.size() / sizeof(int64_t));
    bool any = false;
    int64_t min = 0;
    int64_t max = 0;
    if (validity.trivially_all_valid()) {
        if (!values.empty()) {
            std::tie(min, max) = IntegerMinMax(values.data(), values.size());
            any = true;
        }
    } else {
        for (size_t i = 0; i < values.size(); ++i) {
            if (!validity.is_valid(i)) {
                continue;
            }
            min = any ? std::min(min, values[i]) : values[i];
            max = any ? std::max(max, values[i]) : values[i];
            any = true;
        }
    }
    if (!any) {
        return PrimitiveArray::Make(PType::U8, BufferMut::Zeroed(values.size()).Freeze(), validity);
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
        return Wide(std::move(part), validity);
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
    return Wide(std::move(part), validity);
}

Result<ArrayRef> Encode(const ArrayRef &array, bool narrow) {
    VX_ENSURE(array != nullptr, InvalidArgument, "datetime parts input is null");
    VX_ASSIGN_OR_RETURN(int64_t ticks_per_second, TimestampTicksPerSecond(array->dtype()));
    VX_ASSIGN_OR_RETURN(SplitParts parts, Split(array, ticks_per_second));
    const Validity non_nullable = Validity::NonNullable();
    ArrayRef days =
        narrow ? Narrow(std::move(parts.days), parts.validity) : Wide(std::move(parts.days), parts.validity);
    ArrayRef seconds = narrow ? Narrow(std::move(parts.seconds), non_nullable)
                              : Wide(std::move(parts.seconds), non_nullable);
    ArrayRef subseconds = narrow ? Narrow(std::move(parts.subseconds), non_nullable)
                                 : Wide(std::move(parts.subseconds), non_nullable);
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
