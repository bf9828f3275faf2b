// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype.hpp"

#include <set>

#include "vortex/api/api_internal.h"

namespace vortex::api {
namespace {

Nullability N(bool nullable) {
    return NullabilityOf(nullable);
}

std::optional<TemporalMetadata> TemporalOf(const vortex::DType &dtype) {
    if (!dtype.is_extension() || !IsTemporal(dtype)) {
        return std::nullopt;
    }
    auto metadata = ParseTemporalMetadata(dtype.extension());
    return metadata.ok() ? std::optional<TemporalMetadata>(*metadata) : std::nullopt;
}

Result<DType> Wrapped(vortex::Result<vortex::DType> dtype) {
    return ToPublic(std::move(dtype), [](vortex::DType d) { return Wrap(std::move(d)); });
}

} // namespace

DType Wrap(vortex::DType dtype) {
    return DType(std::make_shared<const DType::Impl>(DType::Impl{std::move(dtype)}));
}

DType::DType() : DType(std::make_shared<const Impl>(Impl{vortex::DType::Null()})) {}

DType DType::Bool(bool nullable) {
    return Wrap(vortex::DType::Bool(N(nullable)));
}

DType DType::Primitive(PType ptype, bool nullable) {
    return Wrap(vortex::DType::Primitive(static_cast<vortex::PType>(ptype), N(nullable)));
}

DType DType::Utf8(bool nullable) {
    return Wrap(vortex::DType::Utf8(N(nullable)));
}

DType DType::Binary(bool nullable) {
    return Wrap(vortex::DType::Binary(N(nullable)));
}

Result<DType> DType::Decimal(uint8_t precision, int8_t scale, bool nullable) {
    return Wrapped(vortex::DType::TryDecimal(precision, scale, N(nullable)));
}

DType DType::List(const DType &element, bool nullable) {
    return Wrap(vortex::DType::List(Unwrap(element), N(nullable)));
}

DType DType::FixedSizeList(const DType &element, uint32_t size, bool nullable) {
    return Wrap(vortex::DType::FixedSizeList(Unwrap(element), size, N(nullable)));
}

Result<DType>
DType::Struct(const std::vector<std::string> &names, const std::vector<DType> &fields, bool nullable) {
    if (names.size() != fields.size()) {
        return Status(StatusCode::InvalidArgument,
                      "a struct needs one name per field: " + std::to_string(names.size()) + " names, " +
                          std::to_string(fields.size()) + " fields");
    }
    std::set<std::string> seen;
    std::vector<vortex::DType> dtypes;
    for (size_t i = 0; i < names.size(); ++i) {
        if (!seen.insert(names[i]).second) {
            return Status(StatusCode::InvalidArgument, "duplicate struct field name '" + names[i] + "'");
        }
        dtypes.push_back(Unwrap(fields[i]));
    }
    return Wrap(vortex::DType::Struct(names, std::move(dtypes), N(nullable)));
}

Result<DType> DType::Date(TimeUnit unit, bool nullable) {
    return Wrapped(DateDType(static_cast<vortex::TimeUnit>(unit), N(nullable)));
}

Result<DType> DType::Time(TimeUnit unit, bool nullable) {
    return Wrapped(TimeDType(static_cast<vortex::TimeUnit>(unit), N(nullable)));
}

Result<DType> DType::Timestamp(TimeUnit unit, const std::optional<std::string> &time_zone, bool nullable) {
    return Wrapped(TimestampDType(static_cast<vortex::TimeUnit>(unit), time_zone, N(nullable)));
}

DTypeKind DType::kind() const {
    switch (impl_->dtype.kind()) {
        case vortex::DTypeKind::Null:
            return DTypeKind::Null;
        case vortex::DTypeKind::Bool:
            return DTypeKind::Bool;
        case vortex::DTypeKind::Primitive:
            return DTypeKind::Primitive;
        case vortex::DTypeKind::Decimal:
            return DTypeKind::Decimal;
        case vortex::DTypeKind::Utf8:
            return DTypeKind::Utf8;
        case vortex::DTypeKind::Binary:
            return DTypeKind::Binary;
        case vortex::DTypeKind::Struct:
            return DTypeKind::Struct;
        case vortex::DTypeKind::List:
            return DTypeKind::List;
        case vortex::DTypeKind::FixedSizeList:
            return DTypeKind::FixedSizeList;
        case vortex::DTypeKind::Extension:
            return DTypeKind::Extension;
    }
    return DTypeKind::Null;
}

bool DType::nullable() const {
    return impl_->dtype.is_nullable();
}

DType DType::WithNullable(bool nullable) const {
    return Wrap(impl_->dtype.WithNullability(N(nullable)));
}

std::optional<PType> DType::ptype() const {
    if (!impl_->dtype.is_primitive()) {
        return std::nullopt;
    }
    return static_cast<PType>(impl_->dtype.ptype());
}

uint8_t DType::precision() const {
    return impl_->dtype.is_decimal() ? impl_->dtype.decimal().precision : 0;
}

int8_t DType::scale() const {
    return impl_->dtype.is_decimal() ? impl_->dtype.decimal().scale : int8_t{0};
}

size_t DType::field_count() const {
    return impl_->dtype.is_struct() ? impl_->dtype.struct_fields().size() : 0;
}

std::string DType::field_name(size_t i) const {
    return i < field_count() ? impl_->dtype.struct_fields().names[i] : std::string();
}

DType DType::field_dtype(size_t i) const {
    return i < field_count() ? Wrap(impl_->dtype.struct_fields().dtypes[i]) : DType();
}

std::optional<size_t> DType::FieldIndex(const std::string &name) const {
    return impl_->dtype.is_struct() ? impl_->dtype.struct_fields().FindField(name) : std::nullopt;
}

DType DType::element() const {
    const vortex::DType &d = impl_->dtype;
    return d.is_list() || d.is_fixed_size_list() ? Wrap(d.element_type()) : DType();
}

uint32_t DType::list_size() const {
    return impl_->dtype.is_fixed_size_list() ? impl_->dtype.list_size() : 0;
}

std::string DType::extension_id() const {
    return impl_->dtype.is_extension() ? impl_->dtype.extension().id : std::string();
}

DType DType::storage() const {
    return impl_->dtype.is_extension() ? Wrap(impl_->dtype.extension().storage) : *this;
}

bool DType::is_date() const {
    const auto temporal = TemporalOf(impl_->dtype);
    return temporal && temporal->kind == TemporalMetadata::Kind::Date;
}

bool DType::is_time() const {
    const auto temporal = TemporalOf(impl_->dtype);
    return temporal && temporal->kind == TemporalMetadata::Kind::Time;
}

bool DType::is_timestamp() const {
    const auto temporal = TemporalOf(impl_->dtype);
    return temporal && temporal->kind == TemporalMetadata::Kind::Timestamp;
}

std::optional<TimeUnit> DType::time_unit() const {
    const auto temporal = TemporalOf(impl_->dtype);
    return temporal ? std::optional<TimeUnit>(static_cast<TimeUnit>(temporal->unit)) : std::nullopt;
}

std::optional<std::string> DType::time_zone() const {
    const auto temporal = TemporalOf(impl_->dtype);
    return temporal ? temporal->time_zone : std::nullopt;
}

std::string DType::ToString() const {
    return impl_->dtype.ToString();
}

bool DType::operator==(const DType &other) const {
    return impl_->dtype == other.impl_->dtype;
}

Status DType::ToArrowSchema(ArrowSchema *out) const {
    if (out == nullptr) {
        return {StatusCode::InvalidArgument, "no ArrowSchema to export into"};
    }
    return ToPublic(ExportSchema(impl_->dtype, out));
}

Result<DType> DType::FromArrowSchema(ArrowSchema *schema) {
    if (schema == nullptr) {
        return Status(StatusCode::InvalidArgument, "null ArrowSchema");
    }
    return Wrapped(ImportSchema(schema));
}

} // namespace vortex::api
