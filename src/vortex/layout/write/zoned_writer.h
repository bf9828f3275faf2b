// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <utility>
#include <vector>

#include "vortex/array/statistics.h"
#include "vortex/layout/write/layout_writer.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// Statistics of a whole column, aggregated from its zones (the file-level statistics).
using ColumnStatistics = std::vector<std::pair<Stat, Scalar>>;

/// Writes a zone map in the legacy `vortex.stats` form every reader since 0.36 understands:
/// per zone of `zone_len` rows, max, min, sum, null_count and nan_count where they exist for
/// the dtype (strings bounded to 64 bytes, with *_is_truncated flags). The data goes to
/// `data`; the zone table is written after all data, through `zones`.
/// Spec: layouts-scan 1.6, 3.4, 6.2.
class ZonedStrategy final : public LayoutStrategy {
public:
    ZonedStrategy(LayoutStrategyRef data, LayoutStrategyRef zones, uint64_t zone_len)
        : data_(std::move(data)), zones_(std::move(zones)), zone_len_(zone_len) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    LayoutStrategyRef data_;
    LayoutStrategyRef zones_;
    uint64_t zone_len_;
};

/// A writer that can report its column's statistics once finished.
class StatisticsSource {
public:
    virtual ~StatisticsSource() = default;
    virtual ColumnStatistics column_statistics() const = 0;
};

/// Statistics values longer than this are bounded (spec: file-format 6).
inline constexpr size_t kMaxStatBytes = 64;

/// A lower bound of `value` of at most kMaxStatBytes bytes (a prefix; UTF-8 cut at a
/// character boundary), and whether it was shortened.
std::pair<Scalar, bool> LowerBound(const Scalar &value);
/// An upper bound of at most kMaxStatBytes bytes (a prefix with its last byte, or UTF-8
/// character, incremented), whether it was shortened; nullopt when none exists.
std::optional<std::pair<Scalar, bool>> UpperBound(const Scalar &value);

} // namespace vortex
