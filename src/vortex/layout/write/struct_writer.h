// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/layout/write/layout_writer.h"
#include "vortex/layout/write/zoned_writer.h"

namespace vortex {

/// Splits struct chunks into columns (spec: layouts-scan 1.3): one child writer per field,
/// plus a validity child for a nullable struct; nested struct fields recurse.
///
/// The top-level struct's children run concurrently as strands of tasks on the write
/// executor, behind a capacity-one slot each, so a file of any width uses no more threads
/// than the executor has; a nested struct's children run one after the other inside their
/// column's turn. Nothing waits on the segment order (segments are parked), so neither way
/// can deadlock. Child ids are minted from the chunk's id in column order; child EOF
/// pointers are split off in column order.
class StructStrategy final : public LayoutStrategy {
public:
    /// `leaf` writes non-struct fields, `validity` a nullable struct's validity column.
    StructStrategy(LayoutStrategyRef leaf, LayoutStrategyRef validity)
        : leaf_(std::move(leaf)), validity_(std::move(validity)) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    Result<std::unique_ptr<LayoutWriter>>
    NewWriter(const DType &dtype, const WriteContext &ctx, bool concurrent) const;

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
