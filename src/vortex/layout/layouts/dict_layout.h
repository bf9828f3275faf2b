// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/dtype/ptype.h"
#include "vortex/layout/layout.h"

namespace vortex {

/// `vortex.dict`: a shared dictionary. Children [values (the layout's dtype; its row count is
/// the dictionary size), codes (Primitive(codes_ptype), nullable per metadata)]; row i is
/// values[codes[i]], null where the code is null. Spec: layouts-scan 1.4.
class DictLayoutEncoding final : public LayoutEncodingBase<DictLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.dict";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class DictLayout final : public Layout {
public:
    /// `codes` must be an unsigned integer layout; its nullability may only be nullable when
    /// the values' dtype is.
    static Result<LayoutRef> Make(LayoutRef values, LayoutRef codes, bool all_values_referenced);

    const LayoutRef &values() const { return child(0); }
    const LayoutRef &codes() const { return child(1); }
    /// Reads the values once per call and takes them by the codes of [begin, end).
    Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const override;
    /// The codes of `rows` over all the values: one dictionary, however many chunks the codes span.
    Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const override;

private:
    /// `codes` (read from the codes child) over all the values.
    Result<ArrayRef> OverValues(const LayoutReadContext &ctx, ArrayRef codes) const;

    DictLayout(DType dtype,
               uint64_t row_count,
               std::vector<uint8_t> metadata,
               std::vector<LayoutRef> children);
};

} // namespace vortex
