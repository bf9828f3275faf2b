// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/struct_builder.h"

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/list_builder.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<std::unique_ptr<StructBuilder>> StructBuilder::Make(DType dtype, const BuilderOptions &options) {
    VX_ENSURE(dtype.is_struct(), InvalidArgument, "StructBuilder needs a struct dtype, got {}", dtype);
    std::vector<std::unique_ptr<ArrayBuilder>> fields;
    for (const DType &field : dtype.struct_fields().dtypes) {
        VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(field, options));
        fields.push_back(std::move(builder));
    }
    return std::unique_ptr<StructBuilder>(new StructBuilder(std::move(dtype), std::move(fields)));
}

StructBuilder::StructBuilder(DType dtype, std::vector<std::unique_ptr<ArrayBuilder>> fields)
    : dtype_(std::move(dtype)), fields_(std::move(fields)), validity_(dtype_.nullability()) {}

Status AppendDefault(ArrayBuilder &builder) {
    const DType &dtype = builder.dtype();
    if (dtype.is_nullable()) {
        builder.AppendNull();
        return Status::OK();
    }
    switch (dtype.kind()) {
        case DTypeKind::Bool:
            return builder.AppendScalar(Scalar::Bool(false, Nullability::NonNullable));
        case DTypeKind::Primitive:
            return VisitPType(dtype.ptype(), [&]<typename T>() {
                return builder.AppendScalar(Scalar::Primitive<T>(T{}, Nullability::NonNullable));
            });
        case DTypeKind::Decimal:
            return builder.AppendScalar(
                Scalar::Decimal(I256{}, MinDecimalTypeForPrecision(dtype.decimal().precision), dtype));
        case DTypeKind::Utf8:
            return builder.AppendScalar(Scalar::Utf8("", Nullability::NonNullable));
        case DTypeKind::Binary:
            return builder.AppendScalar(Scalar::Binary({}, Nullability::NonNullable));
        case DTypeKind::Struct: {
            auto &child = static_cast<StructBuilder &>(builder);
            for (size_t k = 0; k < child.nfields(); ++k) {
                VX_RETURN_NOT_OK(AppendDefault(child.field(k)));
            }
            child.AppendValid();
            return Status::OK();
        }
        case DTypeKind::List:
            static_cast<ListBuilder &>(builder).CloseList();
            return Status::OK();
        case DTypeKind::FixedSizeList: {
            auto &child = static_cast<FixedSizeListBuilder &>(builder);
            for (uint32_t k = 0; k < child.list_size(); ++k) {
                VX_RETURN_NOT_OK(AppendDefault(child.elements()));
            }
            child.AppendValid();
            return Status::OK();
        }
        case DTypeKind::Extension:
            return AppendDefault(static_cast<ExtensionBuilder &>(builder).storage());
        case DTypeKind::Null:
            break;
    }
    builder.AppendNull();
    return Status::OK();
}

void StructBuilder::AppendNull() {
    validity_.AppendNull();
    for (auto &field : fields_) {
        const Status status = AppendDefault(*field);
        VX_CHECK_MSG(status.ok(), "{}", status);
    }
}

Status StructBuilder::AppendScalar(const Scalar &scalar) {
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (appended_null) {
        return Status::OK();
    }
    const auto &values = scalar.elements();
    VX_ENSURE(values.size() == fields_.size(), InvalidArgument, "struct scalar has {} fields, expected {}",
              values.size(), fields_.size());
    for (size_t k = 0; k < fields_.size(); ++k) {
        VX_RETURN_NOT_OK(fields_[k]->AppendScalar(values[k]));
    }
    validity_.AppendValid();
    return Status::OK();
}

Status StructBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto structs, CanonicalAs<StructArray>(canonical));
    VX_ENSURE(structs->nfields() == fields_.size(), Internal, "struct array has {} fields, expected {}",
              structs->nfields(), fields_.size());
    for (size_t k = 0; k < fields_.size(); ++k) {
        // Values under null rows are copied as they are: they stay unobservable.
        VX_RETURN_NOT_OK(fields_[k]->AppendArray(structs->field(k)));
    }
    validity_.AppendValidity(structs->validity(), structs->len());
    return Status::OK();
}

ArrayRef StructBuilder::Finish() {
    std::vector<ArrayRef> fields;
    for (auto &field : fields_) {
        fields.push_back(field->Finish());
    }
    const size_t len = validity_.len();
    return StructArray::Make(dtype_, std::move(fields), len, validity_.Finish());
}

} // namespace vortex
