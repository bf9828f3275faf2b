// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <span>

#include "vortex/layout/layouts/zone_map_layout.h"

namespace vortex {

/// `vortex.stats`: the legacy zone map, readable by every reader since 0.36 and therefore the
/// form this library writes. Metadata: u32 LE zone_len, then a bitset of present Stat ids
/// (LSB first). Spec: layouts-scan 1.6 and 3.4.
class StatsLayoutEncoding final : public LayoutEncodingBase<StatsLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.stats";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class StatsLayout final : public ZoneMapLayout {
public:
    /// The dtype of the legacy stats table for `present` stats (ascending, each at most once):
    /// one nullable field per stat that exists for the column, max and min each followed by a
    /// non-nullable Bool `*_is_truncated` flag.
    static DType TableDType(const DType &column, std::span<const Stat> present);

    /// `zones` must have TableDType(data dtype, present) and one row per zone.
    static Result<LayoutRef>
    Make(LayoutRef data, LayoutRef zones, uint32_t zone_len, std::vector<Stat> present);

    const std::vector<Stat> &present_stats() const { return present_; }

private:
    friend class StatsLayoutEncoding;
    StatsLayout(std::vector<uint8_t> metadata,
                LayoutRef data,
                LayoutRef zones,
                uint32_t zone_len,
                std::vector<Stat> present,
                std::vector<ZoneStatField> fields);
    std::vector<Stat> present_;
};

} // namespace vortex
