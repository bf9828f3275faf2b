// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

#include "vortex/layout/layout.h"

namespace vortex {

/// `vortex.flat`: a leaf holding one serialized array in exactly one segment, no children.
/// Metadata: FlatLayoutMetadata, normally empty (spec: layouts-scan 1.1).
class FlatLayoutEncoding final : public LayoutEncodingBase<FlatLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.flat";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class FlatLayout final : public Layout {
public:
    /// A flat layout over the segment `segment_id` (written with empty metadata).
    static LayoutRef Make(DType dtype, uint64_t row_count, uint32_t segment_id);

    uint32_t segment_id() const { return segment_ids()[0]; }
    /// Decodes the whole segment.
    Result<ArrayRef> ReadAll(const LayoutReadContext &ctx) const;
    Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const override;
    /// Gathers from the whole (cached) segment array when its encoding has a take kernel,
    /// without slicing it first; otherwise from the span of `rows`, as Read would. A few rows
    /// with LayoutReadContext::partial_takes read only the bytes they need.
    Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const override;

    /// A take reads the segment in part when it asks for at most one row in this many.
    static constexpr uint64_t kPartialTakeRatio = 16;

private:
    // The partial take, or std::nullopt when it does not apply or the kernel declined.
    std::optional<Result<ArrayRef>> TakeInPart(const LayoutReadContext &ctx,
                                               std::span<const uint64_t> rows) const;

    friend class FlatLayoutEncoding;
    FlatLayout(DType dtype, uint64_t row_count, std::vector<uint8_t> metadata, uint32_t segment_id);
};

} // namespace vortex
