// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array.hpp"

#include "vortex/api/api_internal.h"
#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/varbinview_builder.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/expr/evaluate.h"

namespace vortex::api {
namespace {

Result<Array> Wrapped(vortex::Result<ArrayRef> array) {
    return ToPublic(std::move(array), [](ArrayRef a) { return Wrap(std::move(a)); });
}

// The internal validity of `validity` for an array of `len` elements.
vortex::Result<vortex::Validity> ToInternalValidity(const Validity &validity, size_t len) {
    switch (validity.kind) {
        case Validity::Kind::NonNullable:
            return vortex::Validity::NonNullable();
        case Validity::Kind::AllValid:
            return vortex::Validity::AllValid();
        case Validity::Kind::AllInvalid:
            return vortex::Validity::AllInvalid();
        case Validity::Kind::Mask: {
            VX_ENSURE(validity.mask != nullptr, InvalidArgument, "a validity mask without its array");
            const ArrayRef &mask = Unwrap(*validity.mask);
            VX_ENSURE(mask->len() == len, InvalidArgument, "a validity mask of {} elements for {} elements",
                      mask->len(), len);
            VX_ASSIGN_OR_RETURN(vortex::Validity out, vortex::Validity::FromArray(mask));
            // A mask says valid/invalid per element; the array is nullable even when all are valid.
            return out.kind() == vortex::Validity::Kind::NonNullable ? vortex::Validity::AllValid() : out;
        }
    }
    return vortex::Status::InvalidArgument("unknown validity kind");
}

vortex::Result<std::shared_ptr<const StructArray>> AsStruct(const ArrayRef &array) {
    VX_ENSURE(array->dtype().is_struct(), InvalidArgument, "a {} array has no fields", array->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    auto fields = std::dynamic_pointer_cast<const StructArray>(canonical);
    VX_ENSURE(fields != nullptr, Internal, "a struct array canonicalized to {}", canonical->encoding_id());
    return fields;
}

} // namespace

Array Wrap(ArrayRef array) {
    return Array(std::make_shared<const Array::Impl>(Array::Impl{std::move(array)}));
}

Array Array::Null(size_t len) {
    return Wrap(NullArray::Make(len));
}

Result<Array> Array::FromPrimitive(PType ptype, const void *data, size_t len, const Validity &validity) {
    const auto internal_ptype = static_cast<vortex::PType>(ptype);
    const size_t bytes = len * ByteWidth(internal_ptype);
    if (data == nullptr && bytes > 0) {
        return Status(StatusCode::InvalidArgument, "no values to copy");
    }
    auto internal_validity = ToInternalValidity(validity, len);
    if (!internal_validity.ok()) {
        return ToPublic(internal_validity.status());
    }
    Buffer values = Buffer::Copy({static_cast<const uint8_t *>(data), bytes});
    return Wrapped(PrimitiveArray::TryMake(internal_ptype, std::move(values), *std::move(internal_validity)));
}

Array Array::FromBools(const std::vector<bool> &values) {
    return Wrap(BoolArray::FromBools(values));
}

Result<Array> Array::FromStrings(const std::vector<std::optional<std::string>> &values, bool utf8) {
    bool nullable = false;
    for (const auto &value : values) {
        nullable = nullable || !value.has_value();
    }
    const Nullability n = NullabilityOf(nullable);
    VarBinViewBuilder builder(utf8 ? vortex::DType::Utf8(n) : vortex::DType::Binary(n));
    for (const auto &value : values) {
        if (!value) {
            builder.AppendNull();
            continue;
        }
        if (utf8) {
            auto scalar = vortex::Scalar::TryNew(vortex::DType::Utf8(n), *value);
            if (!scalar.ok()) {
                return ToPublic(scalar.status());
            }
        }
        builder.Append(*value);
    }
    return Wrap(builder.Finish());
}

Result<Array> Array::MakeStruct(const std::vector<std::string> &names,
                                const std::vector<Array> &fields,
                                const Validity &validity,
                                std::optional<size_t> len) {
    if (names.size() != fields.size()) {
        return Status(StatusCode::InvalidArgument, "a struct needs one name per field");
    }
    const size_t rows = fields.empty() ? len.value_or(0) : fields[0].len();
    if (len && *len != rows) {
        return Status(StatusCode::InvalidArgument, "struct length " + std::to_string(*len) +
                                                       " differs from its fields' " + std::to_string(rows));
    }
    std::vector<ArrayRef> children;
    children.reserve(fields.size());
    for (const Array &field : fields) {
        children.push_back(Unwrap(field));
    }
    auto internal_validity = ToInternalValidity(validity, rows);
    if (!internal_validity.ok()) {
        return ToPublic(internal_validity.status());
    }
    return Wrapped(StructArray::FromFields(names, std::move(children), rows, *std::move(internal_validity)));
}

Result<Array> Array::FromArrow(ArrowArray *array, ArrowSchema *schema) {
    if (array == nullptr || schema == nullptr) {
        if (schema != nullptr && schema->release != nullptr) {
            schema->release(schema);
        }
        if (array != nullptr && array->release != nullptr) {
            array->release(array);
        }
        return Status(StatusCode::InvalidArgument, array == nullptr ? "null ArrowArray" : "null ArrowSchema");
    }
    return Wrapped(ImportArray(array, schema));
}

size_t Array::len() const {
    return impl_->array->len();
}

DType Array::dtype() const {
    return Wrap(impl_->array->dtype());
}

std::string Array::encoding() const {
    return std::string(impl_->array->encoding_id());
}

Result<uint64_t> Array::NullCount() const {
    return static_cast<uint64_t>(vortex::NullCount(impl_->array));
}

Result<bool> Array::IsValid(size_t index) const {
    if (index >= len()) {
        return Status(StatusCode::OutOfBounds, "index " + std::to_string(index) + " past the end of " +
                                                   std::to_string(len()) + " elements");
    }
    return impl_->array->is_valid(index);
}

Validity Array::GetValidity() const {
    const ArrayRef &array = impl_->array;
    Validity validity;
    if (!array->dtype().is_nullable()) {
        return validity;
    }
    const Mask mask = array->validity_mask();
    if (array->dtype().is_null() || (mask.all_false() && array->len() > 0)) {
        validity.kind = Validity::Kind::AllInvalid;
    } else if (mask.all_true()) {
        validity.kind = Validity::Kind::AllValid;
    } else {
        validity.kind = Validity::Kind::Mask;
        validity.mask = std::make_shared<const Array>(
            Wrap(BoolArray::Make(mask.ToBitBuffer(), vortex::Validity::NonNullable())));
    }
    return validity;
}

Result<Scalar> Array::ScalarAt(size_t index) const {
    if (index >= len()) {
        return Status(StatusCode::OutOfBounds, "index " + std::to_string(index) + " past the end of " +
                                                   std::to_string(len()) + " elements");
    }
    return ToPublic(vortex::ScalarAt(impl_->array, index),
                    [](vortex::Scalar s) { return Wrap(std::move(s)); });
}

Result<Array> Array::Slice(size_t start, size_t stop) const {
    if (start > stop || stop > len()) {
        return Status(StatusCode::OutOfBounds, "slice [" + std::to_string(start) + ", " +
                                                   std::to_string(stop) + ") of " + std::to_string(len()) +
                                                   " elements");
    }
    return Wrapped(vortex::Slice(impl_->array, start, stop));
}

Result<Array> Array::Field(size_t index) const {
    auto fields = AsStruct(impl_->array);
    if (!fields.ok()) {
        return ToPublic(fields.status());
    }
    if (index >= (*fields)->nfields()) {
        return Status(StatusCode::OutOfBounds, "field index " + std::to_string(index) +
                                                   " out of bounds for " +
                                                   std::to_string((*fields)->nfields()) + " fields");
    }
    return Wrap((*fields)->field(index));
}

Result<Array> Array::Field(const std::string &name) const {
    auto fields = AsStruct(impl_->array);
    if (!fields.ok()) {
        return ToPublic(fields.status());
    }
    ArrayRef field = (*fields)->field_by_name(name);
    if (field == nullptr) {
        return Status(StatusCode::InvalidArgument, "no field named '" + name + "'");
    }
    return Wrap(std::move(field));
}

Result<Array> Array::Apply(const Expr &expression) const {
    return Wrapped(expr::Evaluate(*Unwrap(expression), impl_->array));
}

Result<Array> Array::Filter(const Expr &predicate) const {
    auto mask = expr::EvaluateMask(*Unwrap(predicate), impl_->array);
    if (!mask.ok()) {
        return ToPublic(mask.status());
    }
    return Wrapped(vortex::Filter(impl_->array, *mask));
}

Result<Array> Array::Canonicalize() const {
    return Wrapped(vortex::Canonicalize(impl_->array));
}

Status Array::ToArrow(ArrowArray *array, ArrowSchema *schema) const {
    if (array == nullptr || schema == nullptr) {
        return {StatusCode::InvalidArgument, "nothing to export into"};
    }
    return ToPublic(ExportArrayWithSchema(impl_->array, array, schema));
}

} // namespace vortex::api
