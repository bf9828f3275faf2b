// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar.hpp"

#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "vortex/api/api_internal.h"

namespace vortex::api {
namespace {

template <typename T>
Scalar Primitive(T value, bool nullable) {
    return Wrap(vortex::Scalar::Primitive<T>(value, NullabilityOf(nullable)));
}

Result<Scalar> Wrapped(vortex::Result<vortex::Scalar> scalar) {
    return ToPublic(std::move(scalar), [](vortex::Scalar s) { return Wrap(std::move(s)); });
}

// Each value re-typed as `dtype` (values carry no type of their own in a list or struct).
vortex::Result<std::vector<vortex::Scalar>> Retyped(const std::vector<Scalar> &values,
                                                    const std::vector<vortex::DType> &dtypes) {
    std::vector<vortex::Scalar> out;
    out.reserve(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        VX_ASSIGN_OR_RETURN(vortex::Scalar typed,
                            vortex::Scalar::TryNew(dtypes[i], Unwrap(values[i]).value()));
        out.push_back(std::move(typed));
    }
    return out;
}

Result<Scalar>
MakeList(const DType &element, const std::vector<Scalar> &elements, bool nullable, bool fixed) {
    if (fixed && elements.size() > std::numeric_limits<uint32_t>::max()) {
        return Status(StatusCode::InvalidArgument, "a fixed-size list holds at most 2^32 - 1 elements");
    }
    const vortex::DType dtype =
        fixed ? vortex::DType::FixedSizeList(Unwrap(element), static_cast<uint32_t>(elements.size()),
                                             NullabilityOf(nullable))
              : vortex::DType::List(Unwrap(element), NullabilityOf(nullable));
    auto typed = Retyped(elements, std::vector<vortex::DType>(elements.size(), Unwrap(element)));
    if (!typed.ok()) {
        return ToPublic(typed.status());
    }
    return Wrapped(vortex::Scalar::TryNew(dtype, ScalarValue(*std::move(typed))));
}

// The primitive value (or a temporal value's storage) of `scalar`, or null.
const PValue *PrimitiveValue(const vortex::Scalar &scalar) {
    if (scalar.is_null()) {
        return nullptr;
    }
    return std::get_if<PValue>(&scalar.value());
}

} // namespace

Scalar Wrap(vortex::Scalar scalar) {
    return Scalar(std::make_shared<const Scalar::Impl>(Scalar::Impl{std::move(scalar)}));
}

Scalar::Scalar() : Scalar(std::make_shared<const Impl>(Impl{vortex::Scalar()})) {}

Scalar Scalar::Bool(bool value, bool nullable) {
    return Wrap(vortex::Scalar::Bool(value, NullabilityOf(nullable)));
}
Scalar Scalar::Int8(int8_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::Int16(int16_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::Int32(int32_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::Int64(int64_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::UInt8(uint8_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::UInt16(uint16_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::UInt32(uint32_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::UInt64(uint64_t value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::Float16Bits(uint16_t bits, bool nullable) {
    return Wrap(vortex::Scalar::Primitive(PValue(Half{bits}), NullabilityOf(nullable)));
}
Scalar Scalar::Float32(float value, bool nullable) {
    return Primitive(value, nullable);
}
Scalar Scalar::Float64(double value, bool nullable) {
    return Primitive(value, nullable);
}

Result<Scalar> Scalar::Utf8(std::string_view value, bool nullable) {
    return Wrapped(vortex::Scalar::TryNew(vortex::DType::Utf8(NullabilityOf(nullable)), std::string(value)));
}

Scalar Scalar::Binary(std::span<const uint8_t> value, bool nullable) {
    return Wrap(
        vortex::Scalar::Binary(std::vector<uint8_t>(value.begin(), value.end()), NullabilityOf(nullable)));
}

Scalar Scalar::Null(const DType &dtype) {
    return Wrap(vortex::Scalar::Null(Unwrap(dtype).AsNullable()));
}

Result<Scalar>
Scalar::Decimal(std::span<const uint8_t> bytes, uint8_t precision, int8_t scale, bool nullable) {
    DecimalType type = DecimalType::I8;
    switch (bytes.size()) {
        case 1:
            type = DecimalType::I8;
            break;
        case 2:
            type = DecimalType::I16;
            break;
        case 4:
            type = DecimalType::I32;
            break;
        case 8:
            type = DecimalType::I64;
            break;
        case 16:
            type = DecimalType::I128;
            break;
        case 32:
            type = DecimalType::I256;
            break;
        default:
            return Status(StatusCode::InvalidArgument,
                          "a decimal value has 1, 2, 4, 8, 16 or 32 bytes, not " +
                              std::to_string(bytes.size()));
    }
    auto dtype = vortex::DType::TryDecimal(precision, scale, NullabilityOf(nullable));
    if (!dtype.ok()) {
        return ToPublic(dtype.status());
    }
    const DecimalValue value{I256::FromLittleEndian(bytes.data(), bytes.size()), type};
    return Wrapped(vortex::Scalar::TryNew(*dtype, value));
}

Result<Scalar> Scalar::List(const DType &element, const std::vector<Scalar> &elements, bool nullable) {
    return MakeList(element, elements, nullable, /*fixed=*/false);
}

Result<Scalar>
Scalar::FixedSizeList(const DType &element, const std::vector<Scalar> &elements, bool nullable) {
    return MakeList(element, elements, nullable, /*fixed=*/true);
}

Result<Scalar> Scalar::Struct(const DType &dtype, const std::vector<Scalar> &fields) {
    const vortex::DType &d = Unwrap(dtype);
    if (!d.is_struct()) {
        return Status(StatusCode::InvalidArgument,
                      "a struct value needs a struct dtype, not " + d.ToString());
    }
    if (fields.size() != d.struct_fields().size()) {
        return Status(StatusCode::InvalidArgument,
                      "the struct " + d.ToString() + " has " + std::to_string(d.struct_fields().size()) +
                          " fields, got " + std::to_string(fields.size()) + " values");
    }
    auto typed = Retyped(fields, d.struct_fields().dtypes);
    if (!typed.ok()) {
        return ToPublic(typed.status());
    }
    return Wrapped(vortex::Scalar::TryNew(d, ScalarValue(*std::move(typed))));
}

Result<Scalar> Scalar::Temporal(const DType &dtype, int64_t value) {
    const vortex::DType &d = Unwrap(dtype);
    if (!d.is_extension() || !IsTemporal(d) || !d.extension().storage.is_primitive()) {
        return Status(StatusCode::InvalidArgument, "not a temporal dtype: " + d.ToString());
    }
    const vortex::DType &storage = d.extension().storage;
    PValue stored;
    if (storage.ptype() == vortex::PType::I32) {
        if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()) {
            return Status(StatusCode::InvalidArgument,
                          std::to_string(value) + " does not fit the i32 storage of " + d.ToString());
        }
        stored = static_cast<int32_t>(value);
    } else {
        stored = value;
    }
    return Wrap(vortex::Scalar::Extension(d, vortex::Scalar::Primitive(stored, storage.nullability())));
}

DType Scalar::dtype() const {
    return Wrap(impl_->scalar.dtype());
}

bool Scalar::is_null() const {
    return impl_->scalar.is_null();
}

std::optional<bool> Scalar::AsBool() const {
    const vortex::Scalar &s = impl_->scalar;
    if (s.is_null() || !std::holds_alternative<bool>(s.value())) {
        return std::nullopt;
    }
    return s.as_bool();
}

std::optional<int64_t> Scalar::AsInt64() const {
    const PValue *value = PrimitiveValue(impl_->scalar);
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::visit(
        [](auto v) -> std::optional<int64_t> {
            using T = decltype(v);
            if constexpr (std::is_integral_v<T>) {
                if constexpr (std::is_unsigned_v<T>) {
                    if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
                        return std::nullopt;
                    }
                }
                return static_cast<int64_t>(v);
            } else {
                return std::nullopt;
            }
        },
        *value);
}

std::optional<uint64_t> Scalar::AsUInt64() const {
    const PValue *value = PrimitiveValue(impl_->scalar);
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::visit(
        [](auto v) -> std::optional<uint64_t> {
            using T = decltype(v);
            if constexpr (std::is_integral_v<T>) {
                if (std::is_signed_v<T> && v < 0) {
                    return std::nullopt;
                }
                return static_cast<uint64_t>(v);
            } else {
                return std::nullopt;
            }
        },
        *value);
}

std::optional<double> Scalar::AsDouble() const {
    const PValue *value = PrimitiveValue(impl_->scalar);
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::visit(
        [](auto v) -> std::optional<double> {
            using T = decltype(v);
            if constexpr (std::is_same_v<T, Half>) {
                return static_cast<double>(v.ToFloat());
            } else if constexpr (std::is_floating_point_v<T>) {
                return static_cast<double>(v);
            } else {
                // Integers convert when the double holds them exactly.
                const auto d = static_cast<double>(v);
                if (d >= 0x1p63 || static_cast<T>(d) != v) {
                    return std::nullopt;
                }
                return d;
            }
        },
        *value);
}

std::optional<uint16_t> Scalar::AsFloat16Bits() const {
    const PValue *value = PrimitiveValue(impl_->scalar);
    if (value == nullptr || !std::holds_alternative<Half>(*value)) {
        return std::nullopt;
    }
    return std::get<Half>(*value).bits;
}

std::optional<std::string> Scalar::AsString() const {
    const vortex::Scalar &s = impl_->scalar;
    if (s.is_null()) {
        return std::nullopt;
    }
    if (const auto *text = std::get_if<std::string>(&s.value())) {
        return *text;
    }
    if (const auto *bytes = std::get_if<std::vector<uint8_t>>(&s.value())) {
        return std::string(bytes->begin(), bytes->end());
    }
    return std::nullopt;
}

std::optional<std::vector<uint8_t>> Scalar::AsDecimalBytes() const {
    const vortex::Scalar &s = impl_->scalar;
    const auto *decimal = s.is_null() ? nullptr : std::get_if<DecimalValue>(&s.value());
    if (decimal == nullptr) {
        return std::nullopt;
    }
    std::vector<uint8_t> bytes(32);
    decimal->value.ToLittleEndian(bytes.data(), bytes.size());
    return bytes;
}

std::vector<Scalar> Scalar::Children() const {
    const vortex::Scalar &s = impl_->scalar;
    std::vector<Scalar> out;
    if (const auto *children = s.is_null() ? nullptr : std::get_if<std::vector<vortex::Scalar>>(&s.value())) {
        for (const vortex::Scalar &child : *children) {
            out.push_back(Wrap(child));
        }
    }
    return out;
}

std::string Scalar::ToString() const {
    return impl_->scalar.ToString();
}

bool Scalar::operator==(const Scalar &other) const {
    return impl_->scalar == other.impl_->scalar;
}

} // namespace vortex::api
