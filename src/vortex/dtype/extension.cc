// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype/extension.h"

#include "vortex/base/endian.h"

namespace vortex {
namespace {

// The storage ptype a temporal type requires for `unit`, or nullopt when the unit is invalid.
std::optional<PType> StoragePType(TemporalMetadata::Kind kind, TimeUnit unit) {
    switch (kind) {
        case TemporalMetadata::Kind::Date:
            if (unit == TimeUnit::Days) {
                return PType::I32;
            }
            if (unit == TimeUnit::Milliseconds) {
                return PType::I64;
            }
            return std::nullopt;
        case TemporalMetadata::Kind::Time:
            if (unit == TimeUnit::Seconds || unit == TimeUnit::Milliseconds) {
                return PType::I32;
            }
            if (unit == TimeUnit::Microseconds || unit == TimeUnit::Nanoseconds) {
                return PType::I64;
            }
            return std::nullopt;
        case TemporalMetadata::Kind::Timestamp:
            if (unit == TimeUnit::Days) {
                return std::nullopt;
            }
            return PType::I64;
    }
    return std::nullopt;
}

std::string_view KindId(TemporalMetadata::Kind kind) {
    switch (kind) {
        case TemporalMetadata::Kind::Date:
            return kDateId;
        case TemporalMetadata::Kind::Time:
            return kTimeId;
        case TemporalMetadata::Kind::Timestamp:
            return kTimestampId;
    }
    return {};
}

Result<DType> MakeTemporal(const TemporalMetadata &metadata, Nullability n) {
    auto ptype = StoragePType(metadata.kind, metadata.unit);
    VX_ENSURE(ptype.has_value(), InvalidArgument, "{} does not support unit {}", KindId(metadata.kind),
              TimeUnitName(metadata.unit));
    return DType::Extension(std::string(KindId(metadata.kind)), DType::Primitive(*ptype, n),
                            SerializeTemporalMetadata(metadata));
}

} // namespace

std::string_view TimeUnitName(TimeUnit unit) {
    switch (unit) {
        case TimeUnit::Nanoseconds:
            return "ns";
        case TimeUnit::Microseconds:
            return "us";
        case TimeUnit::Milliseconds:
            return "ms";
        case TimeUnit::Seconds:
            return "s";
        case TimeUnit::Days:
            return "days";
    }
    return "invalid";
}

Result<DType> DateDType(TimeUnit unit, Nullability n) {
    return MakeTemporal({TemporalMetadata::Kind::Date, unit, std::nullopt}, n);
}

Result<DType> TimeDType(TimeUnit unit, Nullability n) {
    return MakeTemporal({TemporalMetadata::Kind::Time, unit, std::nullopt}, n);
}

Result<DType> TimestampDType(TimeUnit unit, std::optional<std::string> time_zone, Nullability n) {
    if (time_zone) {
        VX_ENSURE(time_zone->size() <= UINT16_MAX, InvalidArgument, "time zone name too long");
    }
    return MakeTemporal({TemporalMetadata::Kind::Timestamp, unit, std::move(time_zone)}, n);
}

bool IsTemporal(const DType &dtype) {
    if (!dtype.is_extension()) {
        return false;
    }
    const std::string &id = dtype.extension().id;
    return id == kDateId || id == kTimeId || id == kTimestampId;
}

std::vector<uint8_t> SerializeTemporalMetadata(const TemporalMetadata &metadata) {
    std::vector<uint8_t> out{static_cast<uint8_t>(metadata.unit)};
    if (metadata.kind == TemporalMetadata::Kind::Timestamp) {
        // Spec: dtypes-scalars, "vortex.timestamp": unit, u16 LE zone length, zone bytes.
        const std::string zone = metadata.time_zone.value_or("");
        out.resize(3 + zone.size());
        StoreLittleEndian<uint16_t>(out.data() + 1, static_cast<uint16_t>(zone.size()));
        std::copy(zone.begin(), zone.end(), out.begin() + 3);
    }
    return out;
}

Result<TemporalMetadata> ParseTemporalMetadata(const ExtDType &ext) {
    TemporalMetadata out{};
    if (ext.id == kDateId) {
        out.kind = TemporalMetadata::Kind::Date;
    } else if (ext.id == kTimeId) {
        out.kind = TemporalMetadata::Kind::Time;
    } else if (ext.id == kTimestampId) {
        out.kind = TemporalMetadata::Kind::Timestamp;
    } else {
        return Status::InvalidArgument("{} is not a temporal extension", ext.id);
    }
    const auto &bytes = ext.metadata;
    VX_ENSURE(!bytes.empty(), Serde, "{} metadata is empty", ext.id);
    VX_ENSURE(bytes[0] <= static_cast<uint8_t>(TimeUnit::Days), Serde, "{}: invalid time unit tag {}", ext.id,
              bytes[0]);
    out.unit = static_cast<TimeUnit>(bytes[0]);
    if (out.kind == TemporalMetadata::Kind::Timestamp) {
        VX_ENSURE(bytes.size() >= 3, Serde, "{} metadata has {} bytes, needs at least 3", ext.id,
                  bytes.size());
        const auto zone_len = LoadLittleEndian<uint16_t>(bytes.data() + 1);
        VX_ENSURE(bytes.size() == 3 + size_t{zone_len}, Serde,
                  "{} metadata: time zone length {} does not match {} bytes", ext.id, zone_len, bytes.size());
        if (zone_len > 0) {
            out.time_zone = std::string(bytes.begin() + 3, bytes.end());
        }
    } else {
        VX_ENSURE(bytes.size() == 1, Serde, "{} metadata has {} bytes, expected 1", ext.id, bytes.size());
    }
    auto ptype = StoragePType(out.kind, out.unit);
    VX_ENSURE(ptype.has_value(), Serde, "{} does not support unit {}", ext.id, TimeUnitName(out.unit));
    VX_ENSURE(ext.storage.is_primitive() && ext.storage.ptype() == *ptype, Serde,
              "{} with unit {} needs {} storage, got {}", ext.id, TimeUnitName(out.unit), PTypeName(*ptype),
              ext.storage.ToString());
    return out;
}

DType UuidDType(Nullability n) {
    return DType::Extension(
        std::string(kUuidId),
        DType::FixedSizeList(DType::Primitive(PType::U8, Nullability::NonNullable), 16, n), {});
}

bool IsUuid(const DType &dtype) {
    return dtype.is_extension() && dtype.extension().id == kUuidId;
}

Status ValidateExtension(const ExtDType &ext) {
    if (ext.id == kDateId || ext.id == kTimeId || ext.id == kTimestampId) {
        return ParseTemporalMetadata(ext).status();
    }
    if (ext.id == kUuidId) {
        // As the reference's uuid vtable (vortex-array/src/extension/uuid/vtable.rs) checks.
        const DType &storage = ext.storage;
        VX_ENSURE(storage.is_fixed_size_list() && storage.list_size() == 16 &&
                      storage.element_type() == DType::Primitive(PType::U8, Nullability::NonNullable),
                  InvalidArgument, "vortex.uuid storage must be fixed_size_list(u8)[16], got {}", storage);
        VX_ENSURE(ext.metadata.size() <= 1, InvalidArgument,
                  "vortex.uuid metadata must be 0 or 1 bytes, got {}", ext.metadata.size());
        if (ext.metadata.size() == 1) {
            const uint8_t version = ext.metadata[0];
            VX_ENSURE(version <= 8 || version == 0x0f || version == 0xff, InvalidArgument,
                      "vortex.uuid: unknown version byte {}", version);
        }
    }
    return Status::OK();
}

} // namespace vortex
