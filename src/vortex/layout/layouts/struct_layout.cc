// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/struct_layout.h"

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/validity.h"
#include "vortex/base/decoded_by_index.h"

namespace vortex {

namespace {

const DType &ValidityDType() {
    static const DType dtype = DType::Bool(Nullability::NonNullable);
    return dtype;
}

} // namespace

Result<LayoutRef> StructLayoutEncoding::Build(const DType &dtype,
                                              uint64_t row_count,
                                              std::span<const uint8_t> metadata,
                                              std::vector<uint32_t> segment_ids,
                                              const LayoutChildren &children) const {
    (void)metadata;
    VX_ENSURE(dtype.is_struct(), Serde, "vortex.struct layout for non-struct dtype {}", dtype);
    VX_ENSURE(segment_ids.empty(), Serde, "vortex.struct: expected no segments, found {}",
              segment_ids.size());
    const StructFields &fields = dtype.struct_fields();
    size_t offset = dtype.is_nullable() ? 1 : 0;
    VX_ENSURE(children.size() == fields.size() + offset, Serde,
              "vortex.struct: {} children for {} fields of a {} struct", children.size(), fields.size(),
              dtype.is_nullable() ? "nullable" : "non-nullable");
    LayoutRef validity;
    if (offset == 1) {
        VX_ASSIGN_OR_RETURN(validity, children.Get(0, ValidityDType()));
    }
    if (std::shared_ptr<const LayoutChildren> retained = children.Retain()) {
        return StructLayout::MakeLazy(dtype, row_count, std::move(validity), std::move(retained));
    }
    std::vector<LayoutRef> field_layouts;
    field_layouts.reserve(fields.size());
    for (size_t i = 0; i < fields.size(); ++i) {
        VX_ASSIGN_OR_RETURN(LayoutRef field, children.Get(offset + i, fields.dtypes[i]));
        field_layouts.push_back(std::move(field));
    }
    return StructLayout::Make(dtype, row_count, std::move(validity), std::move(field_layouts));
}

// What a struct read from a footer keeps to decode its fields on first use.
struct StructLayout::Lazy {
    std::shared_ptr<const LayoutChildren> source;
    DecodedByIndex<LayoutRef> fields;
};

StructLayout::StructLayout(DType dtype, uint64_t row_count, LayoutRef validity)
    : Layout(StructLayoutEncoding::Instance(), std::move(dtype), row_count, {}, {}, {}),
      validity_(std::move(validity)) {}

StructLayout::~StructLayout() = default;

namespace {

Status CheckValidity(const LayoutRef &validity, const DType &dtype, uint64_t row_count) {
    VX_ENSURE((validity != nullptr) == dtype.is_nullable(), Serde,
              "vortex.struct: a validity child is required exactly when the struct is nullable");
    if (validity != nullptr) {
        VX_ENSURE(validity->dtype() == ValidityDType(), Serde, "vortex.struct: validity child has dtype {}",
                  validity->dtype());
        VX_ENSURE(validity->row_count() == row_count, Serde,
                  "vortex.struct: validity of {} rows in a struct of {} rows", validity->row_count(),
                  row_count);
    }
    return Status::OK();
}

Status CheckField(const Layout &field, const StructFields &fields, size_t i, uint64_t row_count) {
    VX_ENSURE(field.dtype() == fields.dtypes[i], Serde,
              "vortex.struct: field '{}' layout has dtype {}, expected {}", fields.names[i], field.dtype(),
              fields.dtypes[i]);
    VX_ENSURE(field.row_count() == row_count, Serde,
              "vortex.struct: field '{}' of {} rows in a struct of {} rows", fields.names[i],
              field.row_count(), row_count);
    return Status::OK();
}

} // namespace

Result<LayoutRef>
StructLayout::Make(DType dtype, uint64_t row_count, LayoutRef validity, std::vector<LayoutRef> fields) {
    VX_ENSURE(dtype.is_struct(), InvalidArgument, "vortex.struct layout for non-struct dtype {}", dtype);
    const StructFields &struct_fields = dtype.struct_fields();
    VX_ENSURE(fields.size() == struct_fields.size(), Serde, "vortex.struct: {} field layouts for {} fields",
              fields.size(), struct_fields.size());
    VX_RETURN_NOT_OK(CheckValidity(validity, dtype, row_count));
    for (size_t i = 0; i < fields.size(); ++i) {
        VX_ENSURE(fields[i] != nullptr, InvalidArgument, "vortex.struct: field '{}' has no layout",
                  struct_fields.names[i]);
        VX_RETURN_NOT_OK(CheckField(*fields[i], struct_fields, i, row_count));
    }
    std::shared_ptr<StructLayout> layout(new StructLayout(std::move(dtype), row_count, std::move(validity)));
    layout->fields_ = std::move(fields);
    return LayoutRef(std::move(layout));
}

Result<LayoutRef> StructLayout::MakeLazy(DType dtype,
                                         uint64_t row_count,
                                         LayoutRef validity,
                                         std::shared_ptr<const LayoutChildren> source) {
    VX_ENSURE(dtype.is_struct(), InvalidArgument, "vortex.struct layout for non-struct dtype {}", dtype);
    VX_ENSURE(source != nullptr, InvalidArgument, "vortex.struct: lazy fields need a source");
    VX_RETURN_NOT_OK(CheckValidity(validity, dtype, row_count));
    const size_t expected = dtype.struct_fields().size() + (validity != nullptr ? 1 : 0);
    VX_ENSURE(source->size() == expected, Serde, "vortex.struct: {} children for {} expected", source->size(),
              expected);
    std::shared_ptr<StructLayout> layout(new StructLayout(std::move(dtype), row_count, std::move(validity)));
    layout->lazy_ = std::make_unique<Lazy>();
    layout->lazy_->source = std::move(source);
    return LayoutRef(std::move(layout));
}

Result<LayoutRef> StructLayout::DecodeField(size_t i) const {
    const StructFields &fields = dtype().struct_fields();
    VX_ASSIGN_OR_RETURN(LayoutRef field, lazy_->source->Get(field_offset() + i, fields.dtypes[i]));
    VX_RETURN_NOT_OK(CheckField(*field, fields, i, row_count()));
    return field;
}

Result<LayoutRef> StructLayout::field(size_t i) const {
    VX_ENSURE(i < nfields(), OutOfBounds, "vortex.struct: field {} of {}", i, nfields());
    if (lazy_ == nullptr) {
        return fields_[i];
    }
    return lazy_->fields.Get(i, [&] { return DecodeField(i); });
}

Result<LayoutRef> StructLayout::Child(size_t i) const {
    if (i < field_offset()) {
        return validity_;
    }
    return field(i - field_offset());
}

std::vector<size_t> StructLayout::AllFields() const {
    std::vector<size_t> all(nfields());
    for (size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    return all;
}

Result<ArrayRef> StructLayout::Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const {
    return ReadFields(ctx, AllFields(), begin, end);
}

Result<ArrayRef> StructLayout::ReadFields(const LayoutReadContext &ctx,
                                          std::span<const size_t> fields,
                                          uint64_t begin,
                                          uint64_t end) const {
    VX_RETURN_NOT_OK(CheckRange(begin, end));
    return Assemble(fields, static_cast<size_t>(end - begin),
                    [&](const Layout &child) { return child.Read(ctx, begin, end); });
}

Result<ArrayRef> StructLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    return TakeFields(ctx, AllFields(), rows);
}

Result<ArrayRef> StructLayout::TakeFields(const LayoutReadContext &ctx,
                                          std::span<const size_t> fields,
                                          std::span<const uint64_t> rows) const {
    VX_RETURN_NOT_OK(CheckRows(rows));
    return Assemble(fields, rows.size(), [&](const Layout &child) { return child.TakeRows(ctx, rows); });
}

Result<ArrayRef> StructLayout::Assemble(std::span<const size_t> fields,
                                        size_t len,
                                        const std::function<Result<ArrayRef>(const Layout &)> &read) const {
    const StructFields &struct_fields = dtype().struct_fields();
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    std::vector<ArrayRef> arrays;
    for (size_t index : fields) {
        VX_ENSURE(index < nfields(), OutOfBounds, "field {} out of range for {} fields", index, nfields());
        VX_ASSIGN_OR_RETURN(LayoutRef layout, field(index));
        VX_ASSIGN_OR_RETURN(ArrayRef array, read(*layout));
        names.push_back(struct_fields.names[index]);
        dtypes.push_back(struct_fields.dtypes[index]);
        arrays.push_back(std::move(array));
    }
    Validity struct_validity = Validity::NonNullable();
    if (LayoutRef validity_layout = validity()) {
        VX_ASSIGN_OR_RETURN(ArrayRef bits, read(*validity_layout));
        VX_ASSIGN_OR_RETURN(struct_validity, Validity::FromArray(std::move(bits)));
    }
    DType projected = DType::Struct(std::move(names), std::move(dtypes), dtype().nullability());
    VX_ASSIGN_OR_RETURN(auto array, StructArray::TryMake(std::move(projected), std::move(arrays), len,
                                                         std::move(struct_validity)));
    return ArrayRef(std::move(array));
}

} // namespace vortex
