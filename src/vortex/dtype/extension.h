// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

// The built-in extension types. Spec: dtypes-scalars, "Extension types".
inline constexpr std::string_view kDateId = "vortex.date";
inline constexpr std::string_view kTimeId = "vortex.time";
inline constexpr std::string_view kTimestampId = "vortex.timestamp";
/// A UUID: 16 bytes as fixed_size_list(u8)[16]; metadata empty or one version byte.
inline constexpr std::string_view kUuidId = "vortex.uuid";

/// Units of temporal extension types; the tags are the metadata bytes on disk.
enum class TimeUnit : uint8_t { Nanoseconds = 0, Microseconds = 1, Milliseconds = 2, Seconds = 3, Days = 4 };

std::string_view TimeUnitName(TimeUnit unit);

/// The decoded metadata of a date, time or timestamp dtype.
struct TemporalMetadata {
    enum class Kind : uint8_t { Date, Time, Timestamp } kind;
    TimeUnit unit;
    std::optional<std::string> time_zone;
    bool operator==(const TemporalMetadata &other) const = default;
};

/// Days → I32 storage, Milliseconds → I64; other units are invalid.
Result<DType> DateDType(TimeUnit unit, Nullability n);
/// Seconds/Milliseconds → I32, Microseconds/Nanoseconds → I64; Days is invalid.
Result<DType> TimeDType(TimeUnit unit, Nullability n);
/// Any unit but Days; I64 storage; an optional IANA time zone name.
Result<DType> TimestampDType(TimeUnit unit, std::optional<std::string> time_zone, Nullability n);

bool IsTemporal(const DType &dtype);
/// vortex.uuid without a version: fixed_size_list(u8)[16] storage of nullability `n`.
DType UuidDType(Nullability n);
bool IsUuid(const DType &dtype);
/// Decodes and validates a temporal extension's metadata against its storage dtype.
Result<TemporalMetadata> ParseTemporalMetadata(const ExtDType &ext);
/// Encodes temporal metadata byte for byte as the reference does.
std::vector<uint8_t> SerializeTemporalMetadata(const TemporalMetadata &metadata);

/// Checks a known extension id's metadata and storage; unknown ids are accepted as opaque.
Status ValidateExtension(const ExtDType &ext);

} // namespace vortex
