// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/zone_map_layout.h"

#include "vortex/scalar/stat_dtype.h"

namespace vortex {

std::optional<DType> StatDType(Stat stat, const DType &column) {
    switch (stat) {
        case Stat::IsConstant:
        case Stat::IsSorted:
        case Stat::IsStrictSorted:
            return DType::Bool(Nullability::NonNullable);
        case Stat::Max:
        case Stat::Min:
            if (column.is_null()) {
                return std::nullopt;
            }
            return column;
        case Stat::Sum:
            return SumDType(column);
        case Stat::NullCount:
        case Stat::UncompressedSizeInBytes:
            return DType::Primitive(PType::U64, Nullability::NonNullable);
        case Stat::NanCount:
            if (column.is_primitive() && IsFloat(column.ptype())) {
                return DType::Primitive(PType::U64, Nullability::NonNullable);
            }
            return std::nullopt;
    }
    return std::nullopt;
}

ZoneMapLayout::ZoneMapLayout(const LayoutEncoding &encoding,
                             std::vector<uint8_t> metadata,
                             LayoutRef data,
                             LayoutRef zones,
                             uint64_t zone_len,
                             std::vector<ZoneStatField> stat_fields)
    : Layout(encoding,
             data->dtype(),
             data->row_count(),
             std::move(metadata),
             zones != nullptr ? std::vector<LayoutRef>{data, zones} : std::vector<LayoutRef>{data},
             {}),
      zone_len_(zone_len), stat_fields_(std::move(stat_fields)) {}

uint64_t ZoneMapLayout::zone_count() const {
    if (zone_len_ == 0) {
        return 0;
    }
    return row_count() / zone_len_ + (row_count() % zone_len_ != 0 ? 1 : 0);
}

Result<ArrayRef> ZoneMapLayout::ReadZones(const LayoutReadContext &ctx) const {
    LayoutRef table = zones();
    VX_ENSURE(table != nullptr, NotImplemented,
              "{}: the zone table uses statistics this reader does not know", encoding_id());
    return table->Read(ctx, 0, table->row_count());
}

Result<ArrayRef> ZoneMapLayout::Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const {
    return data()->Read(ctx, begin, end);
}

Result<ArrayRef> ZoneMapLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    return data()->TakeRows(ctx, rows);
}

Status CheckZoneCount(const Layout &data, const Layout &zones, uint64_t zone_len) {
    // zone_len == 0 comes from old files and disables pruning; the table is then not checked.
    if (zone_len == 0) {
        return Status::OK();
    }
    uint64_t expected = data.row_count() / zone_len + (data.row_count() % zone_len != 0 ? 1 : 0);
    VX_ENSURE(zones.row_count() == expected, Serde, "zone map: {} zones for {} rows of zones of {} rows",
              zones.row_count(), data.row_count(), zone_len);
    return Status::OK();
}

} // namespace vortex
