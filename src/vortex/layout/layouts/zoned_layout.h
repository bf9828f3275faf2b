// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string>
#include <vector>

#include "vortex/layout/layouts/zone_map_layout.h"

namespace vortex {

/// One aggregate of a `vortex.zoned` table, as stored (id and options bytes) and as this
/// reader understands it.
struct ZoneAggregate {
    std::string id;
    std::vector<uint8_t> options;
    /// Field name in the table: "<id>(<options display>)", e.g. "vortex.max()".
    std::string display;
    /// The statistic it provides to a pruner, when it is one this reader knows.
    std::optional<Stat> stat;
    bool bounded = false;
};

/// `vortex.zoned`: the zone map written by reference versions >= 0.76. Metadata: version
/// byte 0x01, then ZonedMetadata {zone_len, aggregate_specs}. Read only: this library writes
/// the legacy `vortex.stats` form that every reader since 0.36 understands.
/// Spec: layouts-scan 1.5 and 3.2.
class ZonedLayoutEncoding final : public LayoutEncodingBase<ZonedLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.zoned";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class ZonedLayout final : public ZoneMapLayout {
public:
    const std::vector<ZoneAggregate> &aggregates() const { return aggregates_; }

private:
    friend class ZonedLayoutEncoding;
    ZonedLayout(std::vector<uint8_t> metadata,
                LayoutRef data,
                LayoutRef zones,
                uint32_t zone_len,
                std::vector<ZoneAggregate> aggregates,
                std::vector<ZoneStatField> fields);
    std::vector<ZoneAggregate> aggregates_;
};

} // namespace vortex
