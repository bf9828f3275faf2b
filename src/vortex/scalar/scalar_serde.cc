// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar/scalar_serde.h"

#include <string>
#include <type_traits>
#include <utility>

#include "vortex/dtype/dtype_serde.h"
#include "vortex/serde/proto_message.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {
namespace {

namespace pb = vortex::scalar;
constexpr std::string_view kWhat = "scalar value";

void PValueToProto(const PValue &value, pb::ScalarValue *proto) {
    std::visit(
        [&]<typename T>(const T &x) {
            if constexpr (std::is_same_v<T, Half>) {
                proto->set_f16_value(x.bits);
            } else if constexpr (std::is_same_v<T, float>) {
                proto->set_f32_value(x);
            } else if constexpr (std::is_same_v<T, double>) {
                proto->set_f64_value(x);
            } else if constexpr (std::is_signed_v<T>) {
                proto->set_int64_value(x);
            } else {
                proto->set_uint64_value(x);
            }
        },
        value);
}

// Narrows a 64-bit integer kind to the dtype's ptype; `kind` names the wire field for errors.
template <typename Wide>
Result<PValue> IntegerFromProto(Wide wide, PType ptype, std::string_view kind) {
    VX_ENSURE(IsInt(ptype), Serde, "{}: {} for a {} dtype", kWhat, kind, PTypeName(ptype));
    return VisitIntPType(ptype, [&]<typename T>() -> Result<PValue> {
        VX_ENSURE(std::in_range<T>(wide), Serde, "{}: {} {} is out of range for {}", kWhat, kind, wide,
                  PTypeName(ptype));
        return PValue(static_cast<T>(wide));
    });
}

Result<PValue> PrimitiveFromProto(const pb::ScalarValue &proto, PType ptype) {
    switch (proto.kind_case()) {
        case pb::ScalarValue::kInt64Value:
            return IntegerFromProto(proto.int64_value(), ptype, "int64_value");
        case pb::ScalarValue::kUint64Value:
            if (ptype == PType::F16) {
                // Legacy: f16 scalars used to be written as their raw bits in uint64_value.
                VX_ENSURE(proto.uint64_value() <= UINT16_MAX, Serde, "{}: f16 bits {} exceed 16 bits", kWhat,
                          proto.uint64_value());
                return PValue(Half{static_cast<uint16_t>(proto.uint64_value())});
            }
            return IntegerFromProto(proto.uint64_value(), ptype, "uint64_value");
        case pb::ScalarValue::kF16Value:
            VX_ENSURE(ptype == PType::F16, Serde, "{}: f16_value for a {} dtype", kWhat, PTypeName(ptype));
            VX_ENSURE(proto.f16_value() <= UINT16_MAX, Serde, "{}: f16 bits {} exceed 16 bits", kWhat,
                      proto.f16_value());
            return PValue(Half{static_cast<uint16_t>(proto.f16_value())});
        case pb::ScalarValue::kF32Value:
            VX_ENSURE(ptype == PType::F32, Serde, "{}: f32_value for a {} dtype", kWhat, PTypeName(ptype));
            return PValue(proto.f32_value());
        case pb::ScalarValue::kF64Value:
            VX_ENSURE(ptype == PType::F64, Serde, "{}: f64_value for a {} dtype", kWhat, PTypeName(ptype));
            return PValue(proto.f64_value());
        default:
            return Status::Serde("{}: kind {} for a {} dtype", kWhat, static_cast<int>(proto.kind_case()),
                                 PTypeName(ptype));
    }
}

Result<ScalarValue> DecimalFromProto(const pb::ScalarValue &proto, const DType &dtype) {
    VX_ENSURE(proto.kind_case() == pb::ScalarValue::kBytesValue, Serde, "{}: kind {} for dtype {}", kWhat,
              static_cast<int>(proto.kind_case()), dtype.ToString());
    const std::string &bytes = proto.bytes_value();
    for (uint8_t tag = 0; tag <= kMaxDecimalTypeTag; ++tag) {
        const auto type = static_cast<DecimalType>(tag);
        if (bytes.size() == ByteWidth(type)) {
            return DecimalValue{
                I256::FromLittleEndian(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()), type};
        }
    }
    return Status::Serde("{}: invalid decimal byte length {}", kWhat, bytes.size());
}

Result<ScalarValue> ValueFromProto(const pb::ScalarValue &proto, const DType &dtype);

Result<std::vector<Scalar>> ElementsFromProto(const pb::ScalarValue &proto, const DType &dtype) {
    VX_ENSURE(proto.kind_case() == pb::ScalarValue::kListValue, Serde, "{}: kind {} for dtype {}", kWhat,
              static_cast<int>(proto.kind_case()), dtype.ToString());
    const auto &values = proto.list_value().values();
    std::vector<Scalar> out;
    if (dtype.is_struct()) {
        const StructFields &fields = dtype.struct_fields();
        VX_ENSURE(static_cast<size_t>(values.size()) == fields.size(), Serde,
                  "{}: {} values for a struct of {} fields", kWhat, values.size(), fields.size());
        out.reserve(fields.size());
        for (size_t i = 0; i < fields.size(); ++i) {
            VX_ASSIGN_OR_RETURN(Scalar field,
                                ScalarValueFromProto(values[static_cast<int>(i)], fields.dtypes[i]));
            out.push_back(std::move(field));
        }
        return out;
    }
    if (dtype.is_fixed_size_list()) {
        VX_ENSURE(static_cast<size_t>(values.size()) == dtype.list_size(), Serde,
                  "{}: {} values for a fixed-size list of size {}", kWhat, values.size(), dtype.list_size());
    }
    out.reserve(static_cast<size_t>(values.size()));
    for (const auto &value : values) {
        VX_ASSIGN_OR_RETURN(Scalar element, ScalarValueFromProto(value, dtype.element_type()));
        out.push_back(std::move(element));
    }
    return out;
}

Result<ScalarValue> ValueFromProto(const pb::ScalarValue &proto, const DType &dtype) {
    if (proto.kind_case() == pb::ScalarValue::kVariantValue) {
        return Status::NotImplemented("{}: variant_value is not supported", kWhat);
    }
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return Status::Serde("{}: kind {} for the null dtype", kWhat,
                                 static_cast<int>(proto.kind_case()));
        case DTypeKind::Bool:
            VX_ENSURE(proto.kind_case() == pb::ScalarValue::kBoolValue, Serde, "{}: kind {} for a bool dtype",
                      kWhat, static_cast<int>(proto.kind_case()));
            return ScalarValue(proto.bool_value());
        case DTypeKind::Primitive: {
            VX_ASSIGN_OR_RETURN(PValue value, PrimitiveFromProto(proto, dtype.ptype()));
            return ScalarValue(value);
        }
        case DTypeKind::Decimal:
            return DecimalFromProto(proto, dtype);
        case DTypeKind::Utf8:
        case DTypeKind::Binary: {
            // Either string kind is accepted for either dtype; UTF-8 is checked below for utf8.
            const std::string *text = nullptr;
            if (proto.kind_case() == pb::ScalarValue::kStringValue) {
                text = &proto.string_value();
            } else if (proto.kind_case() == pb::ScalarValue::kBytesValue) {
                text = &proto.bytes_value();
            }
            VX_ENSURE(text != nullptr, Serde, "{}: kind {} for dtype {}", kWhat,
                      static_cast<int>(proto.kind_case()), dtype.ToString());
            if (dtype.is_utf8()) {
                VX_ENSURE(serde::IsValidUtf8(*text), Serde, "{}: utf8 value is not valid UTF-8", kWhat);
                return ScalarValue(*text);
            }
            return ScalarValue(std::vector<uint8_t>(text->begin(), text->end()));
        }
        case DTypeKind::List:
        case DTypeKind::FixedSizeList:
        case DTypeKind::Struct: {
            VX_ASSIGN_OR_RETURN(std::vector<Scalar> elements, ElementsFromProto(proto, dtype));
            return ScalarValue(std::move(elements));
        }
        case DTypeKind::Extension:
            return ValueFromProto(proto, dtype.extension().storage);
    }
    return Status::Internal("invalid dtype kind");
}

} // namespace

void ScalarValueToProto(const Scalar &scalar, pb::ScalarValue *proto) {
    std::visit(
        [&]<typename V>(const V &value) {
            if constexpr (std::is_same_v<V, std::monostate>) {
                proto->set_null_value(pb::NULL_VALUE);
            } else if constexpr (std::is_same_v<V, bool>) {
                proto->set_bool_value(value);
            } else if constexpr (std::is_same_v<V, PValue>) {
                PValueToProto(value, proto);
            } else if constexpr (std::is_same_v<V, DecimalValue>) {
                std::string bytes(ByteWidth(value.type), '\0');
                value.value.ToLittleEndian(reinterpret_cast<uint8_t *>(bytes.data()), bytes.size());
                proto->set_bytes_value(std::move(bytes));
            } else if constexpr (std::is_same_v<V, std::string>) {
                proto->set_string_value(value);
            } else if constexpr (std::is_same_v<V, std::vector<uint8_t>>) {
                proto->set_bytes_value(std::string(value.begin(), value.end()));
            } else {
                auto *list = proto->mutable_list_value();
                for (const Scalar &element : value) {
                    ScalarValueToProto(element, list->add_values());
                }
            }
        },
        scalar.value());
}

bool ScalarValueReadableByReference(const DType &dtype) {
    switch (dtype.kind()) {
        case DTypeKind::Struct:
        case DTypeKind::FixedSizeList:
            return false;
        case DTypeKind::List:
            return ScalarValueReadableByReference(dtype.element_type());
        case DTypeKind::Extension:
            return ScalarValueReadableByReference(dtype.extension().storage);
        default:
            return true;
    }
}

std::vector<uint8_t> SerializeScalarValue(const Scalar &scalar) {
    pb::ScalarValue proto;
    ScalarValueToProto(scalar, &proto);
    return serde::SerializeProtoMessage(proto);
}

Result<Scalar> ScalarValueFromProto(const pb::ScalarValue &proto, const DType &dtype) {
    VX_ENSURE(proto.kind_case() != pb::ScalarValue::KIND_NOT_SET, Serde, "{}: kind missing", kWhat);
    if (proto.kind_case() == pb::ScalarValue::kNullValue) {
        VX_ENSURE(dtype.is_nullable(), Serde, "{}: null for non-nullable dtype {}", kWhat, dtype.ToString());
        return Scalar::Null(dtype);
    }
    VX_ASSIGN_OR_RETURN(ScalarValue value, ValueFromProto(proto, dtype));
    auto scalar = Scalar::TryNew(dtype, std::move(value));
    if (!scalar.ok()) {
        return Status::Serde("{}: {}", kWhat, scalar.status().message());
    }
    return scalar;
}

Result<Scalar> DeserializeScalarValue(std::span<const uint8_t> bytes, const DType &dtype) {
    pb::ScalarValue proto;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(bytes, proto, kWhat, kDTypeWireDepthLimit));
    return ScalarValueFromProto(proto, dtype);
}

std::vector<uint8_t> SerializeScalar(const Scalar &scalar) {
    pb::Scalar proto;
    DTypeToProto(scalar.dtype(), proto.mutable_dtype());
    ScalarValueToProto(scalar, proto.mutable_value());
    return serde::SerializeProtoMessage(proto);
}

Result<Scalar> DeserializeScalar(std::span<const uint8_t> bytes) {
    pb::Scalar proto;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(bytes, proto, "scalar", 2 * kDTypeWireDepthLimit));
    VX_ENSURE(proto.has_dtype(), Serde, "scalar: dtype missing");
    VX_ENSURE(proto.has_value(), Serde, "scalar: value missing");
    VX_ASSIGN_OR_RETURN(DType dtype, DTypeFromProto(proto.dtype()));
    return ScalarValueFromProto(proto.value(), dtype);
}

} // namespace vortex
