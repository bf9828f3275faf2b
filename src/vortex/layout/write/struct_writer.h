// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/layout/write/layout_writer.h"
#include "vortex/layout/write/zoned_writer.h"

namespace vortex {

/// Splits struct chunks into columns (spec: layouts-scan 1.3): one child writer per field,
/// plus a validity child for a nullable struct; nested struct fields recurse.
///
/// Each child runs on its own driver thread behind a capacity-one mailbox, so siblings are
/// driven concurrently: a column blocked on the segment order never stops the others from
/// receiving the input that lets the order move on. Child ids are minted from the chunk's id
/// in column order; child EOF pointers are split off in column order.
class StructStrategy final : public LayoutStrategy {
public:
    /// `leaf` writes non-struct fields, `validity` a nullable struct's validity column.
    StructStrategy(LayoutStrategyRef leaf, LayoutStrategyRef validity)
        : leaf_(std::move(leaf)), validity_(std::move(validity)) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    LayoutStrategyRef leaf_;
    LayoutStrategyRef validity_;
};

/// The struct writer's view for file statistics: the statistics of field `i` once finished.
class FieldStatisticsSource {
public:
    virtual ~FieldStatisticsSource() = default;
    virtual ColumnStatistics field_statistics(size_t field) const = 0;
};

} // namespace vortex
