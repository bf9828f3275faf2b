// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/stats_layout.h"

#include <algorithm>

#include "vortex/base/endian.h"

namespace vortex {

namespace {

constexpr std::string_view kMaxIsTruncated = "max_is_truncated";
constexpr std::string_view kMinIsTruncated = "min_is_truncated";

// Legacy files may hold statistics of an extension column's storage (e.g. a sum).
std::optional<DType> LegacyStatDType(Stat stat, const DType &column) {
    if (std::optional<DType> dtype = StatDType(stat, column)) {
        return dtype;
    }
    if (column.is_extension()) {
        return StatDType(stat, column.extension().storage);
    }
    return std::nullopt;
}

// Field layout of the table: which stat sits in which field.
std::vector<ZoneStatField> TableFields(const DType &column, std::span<const Stat> present) {
    std::vector<ZoneStatField> fields;
    size_t index = 0;
    for (Stat stat : present) {
        if (!LegacyStatDType(stat, column)) {
            continue;
        }
        fields.push_back({stat, index, false});
        index += (stat == Stat::Max || stat == Stat::Min) ? 2 : 1;
    }
    return fields;
}

std::vector<uint8_t> SerializeMetadata(uint32_t zone_len, std::span<const Stat> present) {
    // The reference always writes ceil(9 / 8) = 2 bitset bytes.
    std::vector<uint8_t> bytes(4 + (kNumStats + 7) / 8, 0);
    StoreLittleEndian<uint32_t>(bytes.data(), zone_len);
    for (Stat stat : present) {
        auto bit = static_cast<size_t>(stat);
        bytes[4 + bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
    }
    return bytes;
}

} // namespace

DType StatsLayout::TableDType(const DType &column, std::span<const Stat> present) {
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (Stat stat : present) {
        std::optional<DType> dtype = LegacyStatDType(stat, column);
        if (!dtype) {
            continue;
        }
        names.emplace_back(StatName(stat));
        dtypes.push_back(dtype->AsNullable());
        if (stat == Stat::Max || stat == Stat::Min) {
            names.emplace_back(stat == Stat::Max ? kMaxIsTruncated : kMinIsTruncated);
            dtypes.push_back(DType::Bool(Nullability::NonNullable));
        }
    }
    return DType::Struct(std::move(names), std::move(dtypes), Nullability::NonNullable);
}

Result<LayoutRef> StatsLayoutEncoding::Build(const DType &dtype,
                                             uint64_t row_count,
                                             std::span<const uint8_t> metadata,
                                             std::vector<uint32_t> segment_ids,
                                             const LayoutChildren &children) const {
    VX_ENSURE(segment_ids.empty(), Serde, "vortex.stats: expected no segments, found {}", segment_ids.size());
    VX_ENSURE(children.size() == 2, Serde, "vortex.stats: expected 2 children, found {}", children.size());
    VX_ENSURE(metadata.size() >= 4, Serde, "vortex.stats: metadata of {} bytes is too short",
              metadata.size());
    uint32_t zone_len = LoadLittleEndian<uint32_t>(metadata.data());
    // Bits past the known statistics are ignored, as the reference does.
    std::vector<Stat> present;
    for (size_t bit = 0; bit < kNumStats && 4 + bit / 8 < metadata.size(); ++bit) {
        if ((metadata[4 + bit / 8] >> (bit % 8)) & 1u) {
            present.push_back(static_cast<Stat>(bit));
        }
    }
    VX_ASSIGN_OR_RETURN(LayoutRef data, children.Get(0, dtype));
    VX_ENSURE(data->row_count() == row_count, Serde, "vortex.stats: data of {} rows in a layout of {} rows",
              data->row_count(), row_count);
    VX_ASSIGN_OR_RETURN(LayoutRef zones, children.Get(1, StatsLayout::TableDType(dtype, present)));
    VX_RETURN_NOT_OK(CheckZoneCount(*data, *zones, zone_len));
    std::vector<ZoneStatField> fields = TableFields(dtype, present);
    return LayoutRef(new StatsLayout({metadata.begin(), metadata.end()}, std::move(data), std::move(zones),
                                     zone_len, std::move(present), std::move(fields)));
}

StatsLayout::StatsLayout(std::vector<uint8_t> metadata,
                         LayoutRef data,
                         LayoutRef zones,
                         uint32_t zone_len,
                         std::vector<Stat> present,
                         std::vector<ZoneStatField> fields)
    : ZoneMapLayout(StatsLayoutEncoding::Instance(),
                    std::move(metadata),
                    std::move(data),
                    std::move(zones),
                    zone_len,
                    std::move(fields)),
      present_(std::move(present)) {}

Result<LayoutRef>
StatsLayout::Make(LayoutRef data, LayoutRef zones, uint32_t zone_len, std::vector<Stat> present) {
    VX_ENSURE(std::is_sorted(present.begin(), present.end()) &&
                  std::adjacent_find(present.begin(), present.end()) == present.end(),
              InvalidArgument, "vortex.stats: statistics must be ascending and distinct");
    DType table = TableDType(data->dtype(), present);
    VX_ENSURE(zones->dtype() == table, MismatchedTypes, "vortex.stats: zone table has dtype {}, expected {}",
              zones->dtype(), table);
    VX_RETURN_NOT_OK(CheckZoneCount(*data, *zones, zone_len));
    std::vector<uint8_t> metadata = SerializeMetadata(zone_len, present);
    std::vector<ZoneStatField> fields = TableFields(data->dtype(), present);
    return LayoutRef(new StatsLayout(std::move(metadata), std::move(data), std::move(zones), zone_len,
                                     std::move(present), std::move(fields)));
}

} // namespace vortex
