// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "vortex/array/statistics.h"
#include "vortex/layout/layout.h"

namespace vortex {

/// Dtype of a statistic for a column of `column` dtype, not yet made nullable; nullopt when
/// the statistic does not exist for it (spec: dtypes-scalars 4.1).
std::optional<DType> StatDType(Stat stat, const DType &column);

/// One column of a zone table and what it holds.
struct ZoneStatField {
    Stat stat;
    /// Index of the field in the zones table.
    size_t field;
    /// True for the zoned layout's bounded_min/bounded_max: the field is a nullable
    /// Struct{bound, unknown} rather than a plain value.
    bool bounded = false;
};

/// Common shape of the two zone-map layouts: children [data (the layout's dtype; read
/// through), zones (a stats table with one row per zone of zone_len rows)].
/// Spec: layouts-scan 1.5, 1.6, 3.
class ZoneMapLayout : public Layout {
public:
    const LayoutRef &data() const { return child(0); }
    /// nullptr when the table could not be typed (an aggregate unknown to this reader):
    /// the data stays readable, the zones are just not used.
    LayoutRef zones() const { return nchildren() > 1 ? child(1) : nullptr; }
    uint64_t zone_len() const { return zone_len_; }
    uint64_t zone_count() const;
    /// Which zone-table fields hold which statistics (only those a pruner can use).
    const std::vector<ZoneStatField> &stat_fields() const { return stat_fields_; }

    /// Reads the whole zones table (a struct array of zone_count() rows).
    Result<ArrayRef> ReadZones(const LayoutReadContext &ctx) const;
    Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const override;
    Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const override;

protected:
    ZoneMapLayout(const LayoutEncoding &encoding,
                  std::vector<uint8_t> metadata,
                  LayoutRef data,
                  LayoutRef zones,
                  uint64_t zone_len,
                  std::vector<ZoneStatField> stat_fields);

private:
    uint64_t zone_len_;
    std::vector<ZoneStatField> stat_fields_;
};

/// Checks that a zones child has one row per zone.
Status CheckZoneCount(const Layout &data, const Layout &zones, uint64_t zone_len);

} // namespace vortex
