// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "vortex/layout/layout.h"

namespace vortex {

/// `vortex.struct`: column-wise split of a struct dtype. Children: [validity (Bool non-null,
/// only when the struct is nullable)] + one per field, all with the struct's row count
/// (spec: layouts-scan 1.3).
class StructLayoutEncoding final : public LayoutEncodingBase<StructLayoutEncoding> {
public:
    static constexpr std::string_view kId = "vortex.struct";
    Result<LayoutRef> Build(const DType &dtype,
                            uint64_t row_count,
                            std::span<const uint8_t> metadata,
                            std::vector<uint32_t> segment_ids,
                            const LayoutChildren &children) const override;
};

class StructLayout final : public Layout {
public:
    /// `validity` is required iff `dtype` is nullable; fields follow the dtype's fields.
    static Result<LayoutRef>
    Make(DType dtype, uint64_t row_count, LayoutRef validity, std::vector<LayoutRef> fields);
    /// A struct whose field layouts are decoded from `source` (children as a footer stores
    /// them: [validity] + fields) on first use, each once.
    static Result<LayoutRef> MakeLazy(DType dtype,
                                      uint64_t row_count,
                                      LayoutRef validity,
                                      std::shared_ptr<const LayoutChildren> source);
    ~StructLayout() override;

    size_t nfields() const { return dtype().struct_fields().size(); }
    /// The layout of field `i` (i < nfields()); decodes it on first use when lazy.
    Result<LayoutRef> field(size_t i) const;
    /// nullptr for a non-nullable struct.
    const LayoutRef &validity() const { return validity_; }
    size_t nchildren() const override { return field_offset() + nfields(); }
    Result<LayoutRef> Child(size_t i) const override;

    Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const override;
    /// Reads only the given fields (indices into the dtype's fields, in the order given) as a
    /// struct array of the projected dtype.
    Result<ArrayRef> ReadFields(const LayoutReadContext &ctx,
                                std::span<const size_t> fields,
                                uint64_t begin,
                                uint64_t end) const;
    Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const override;
    /// TakeRows of only the given fields, as ReadFields.
    Result<ArrayRef> TakeFields(const LayoutReadContext &ctx,
                                std::span<const size_t> fields,
                                std::span<const uint64_t> rows) const;

private:
    struct Lazy;
    StructLayout(DType dtype, uint64_t row_count, LayoutRef validity);
    /// The struct of `fields`, each (and the validity) materialized by `read`, of `len` rows.
    Result<ArrayRef> Assemble(std::span<const size_t> fields,
                              size_t len,
                              const std::function<Result<ArrayRef>(const Layout &)> &read) const;
    std::vector<size_t> AllFields() const;
    size_t field_offset() const { return validity_ != nullptr ? 1 : 0; }
    /// Decodes field `i` from the footer's children and checks it against the struct.
    Result<LayoutRef> DecodeField(size_t i) const;

    LayoutRef validity_;
    /// Every field, when they were given to Make.
    std::vector<LayoutRef> fields_;
    /// Otherwise the footer's children and the fields decoded from them so far.
    std::unique_ptr<Lazy> lazy_;
};

} // namespace vortex
