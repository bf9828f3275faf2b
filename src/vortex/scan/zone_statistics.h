// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <map>
#include <string>

#include "vortex/expr/pruning.h"
#include "vortex/layout/layouts/zone_map_layout.h"

namespace vortex::scan {

/// The zone tables of some columns that share one zone geometry, seen as ZoneStatistics.
/// Bounded string statistics (vortex.zoned's bounded_min/bounded_max) are read as their
/// bound, null when unknown.
class LayoutZoneStatistics final : public expr::ZoneStatistics {
public:
    LayoutZoneStatistics(uint64_t zone_len, uint64_t row_count)
        : zone_len_(zone_len), row_count_(row_count) {}

    /// Adds a column: its zone-map layout and its zones table (ZoneMapLayout::ReadZones).
    void AddColumn(std::string name, const ZoneMapLayout &layout, ArrayRef zones);

    size_t zone_count() const override;
    uint64_t zone_rows(size_t zone) const override;
    Result<ArrayRef> Get(std::string_view column, Stat stat) const override;

private:
    struct Column {
        const ZoneMapLayout *layout;
        ArrayRef zones;
    };
    uint64_t zone_len_;
    uint64_t row_count_;
    std::map<std::string, Column, std::less<>> columns_;
};

} // namespace vortex::scan
