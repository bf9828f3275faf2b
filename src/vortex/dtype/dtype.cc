// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype/dtype.h"

#include <ostream>

namespace vortex {

DType DType::Primitive(PType ptype, Nullability n) {
    DType out(DTypeKind::Primitive, n);
    out.ptype_ = ptype;
    return out;
}

DType DType::Decimal(uint8_t precision, int8_t scale, Nullability n) {
    Status valid = DecimalDType::Validate(precision, scale);
    VX_CHECK_MSG(valid.ok(), "{}", valid.message());
    DType out(DTypeKind::Decimal, n);
    out.decimal_ = DecimalDType{precision, scale};
    return out;
}

Result<DType> DType::TryDecimal(uint8_t precision, int8_t scale, Nullability n) {
    VX_RETURN_NOT_OK(DecimalDType::Validate(precision, scale));
    return Decimal(precision, scale, n);
}

DType DType::Struct(std::vector<std::string> names, std::vector<DType> dtypes, Nullability n) {
    VX_CHECK_EQ(names.size(), dtypes.size());
    return Struct(std::make_shared<const StructFields>(StructFields{std::move(names), std::move(dtypes)}), n);
}

DType DType::Struct(std::shared_ptr<const StructFields> fields, Nullability n) {
    VX_CHECK(fields != nullptr);
    VX_CHECK_EQ(fields->names.size(), fields->dtypes.size());
    DType out(DTypeKind::Struct, n);
    out.fields_ = std::move(fields);
    return out;
}

DType DType::List(DType element, Nullability n) {
    DType out(DTypeKind::List, n);
    out.element_ = std::make_shared<const DType>(std::move(element));
    return out;
}

DType DType::FixedSizeList(DType element, uint32_t size, Nullability n) {
    DType out(DTypeKind::FixedSizeList, n);
    out.element_ = std::make_shared<const DType>(std::move(element));
    out.list_size_ = size;
    return out;
}

DType DType::Extension(std::string id, DType storage, std::vector<uint8_t> metadata) {
    DType out(DTypeKind::Extension, storage.nullability());
    out.extension_ =
        std::make_shared<const ExtDType>(ExtDType{std::move(id), std::move(storage), std::move(metadata)});
    return out;
}

PType DType::ptype() const {
    VX_CHECK_MSG(is_primitive(), "ptype() on {}", ToString());
    return ptype_;
}

DecimalDType DType::decimal() const {
    VX_CHECK_MSG(is_decimal(), "decimal() on {}", ToString());
    return decimal_;
}

const StructFields &DType::struct_fields() const {
    return *struct_fields_ptr();
}

const std::shared_ptr<const StructFields> &DType::struct_fields_ptr() const {
    VX_CHECK_MSG(is_struct(), "struct_fields() on {}", ToString());
    return fields_;
}

const DType &DType::element_type() const {
    VX_CHECK_MSG(is_list() || is_fixed_size_list(), "element_type() on {}", ToString());
    return *element_;
}

uint32_t DType::list_size() const {
    VX_CHECK_MSG(is_fixed_size_list(), "list_size() on {}", ToString());
    return list_size_;
}

const ExtDType &DType::extension() const {
    VX_CHECK_MSG(is_extension(), "extension() on {}", ToString());
    return *extension_;
}

DType DType::WithNullability(Nullability n) const {
    if (kind_ == DTypeKind::Null) {
        return *this;
    }
    if (kind_ == DTypeKind::Extension) {
        const ExtDType &ext = *extension_;
        return Extension(ext.id, ext.storage.WithNullability(n), ext.metadata);
    }
    DType out = *this;
    out.nullability_ = n;
    return out;
}

bool DType::EqualsIgnoringNullability(const DType &other) const {
    return WithNullability(Nullability::Nullable) == other.WithNullability(Nullability::Nullable);
}

bool DType::operator==(const DType &other) const {
    if (kind_ != other.kind_ || nullability_ != other.nullability_) {
        return false;
    }
    switch (kind_) {
        case DTypeKind::Null:
        case DTypeKind::Bool:
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return true;
        case DTypeKind::Primitive:
            return ptype_ == other.ptype_;
        case DTypeKind::Decimal:
            return decimal_ == other.decimal_;
        case DTypeKind::Struct:
            return fields_ == other.fields_ || *fields_ == *other.fields_;
        case DTypeKind::List:
            return *element_ == *other.element_;
        case DTypeKind::FixedSizeList:
            return list_size_ == other.list_size_ && *element_ == *other.element_;
        case DTypeKind::Extension:
            return *extension_ == *other.extension_;
    }
    return false;
}

std::string DType::ToString() const {
    const char *suffix = is_nullable() && kind_ != DTypeKind::Null ? "?" : "";
    switch (kind_) {
        case DTypeKind::Null:
            return "null";
        case DTypeKind::Bool:
            return format("bool{}", suffix);
        case DTypeKind::Primitive:
            return format("{}{}", PTypeName(ptype_), suffix);
        case DTypeKind::Decimal:
            return format("decimal({},{}){}", decimal_.precision, decimal_.scale, suffix);
        case DTypeKind::Utf8:
            return format("utf8{}", suffix);
        case DTypeKind::Binary:
            return format("binary{}", suffix);
        case DTypeKind::Struct: {
            std::string out = "{";
            for (size_t i = 0; i < fields_->size(); ++i) {
                out +=
                    format("{}{}={}", i == 0 ? "" : ", ", fields_->names[i], fields_->dtypes[i].ToString());
            }
            return out + "}" + suffix;
        }
        case DTypeKind::List:
            return format("list({}){}", element_->ToString(), suffix);
        case DTypeKind::FixedSizeList:
            return format("fixed_size_list({})[{}]{}", element_->ToString(), list_size_, suffix);
        case DTypeKind::Extension:
            return format("ext({}, {})", extension_->id, extension_->storage.ToString());
    }
    return "invalid";
}

std::optional<size_t> StructFields::FindField(std::string_view name) const {
    for (size_t i = 0; i < names.size(); ++i) {
        if (names[i] == name) {
            return i;
        }
    }
    return std::nullopt;
}

std::ostream &operator<<(std::ostream &os, const DType &dtype) {
    return os << dtype.ToString();
}

} // namespace vortex
