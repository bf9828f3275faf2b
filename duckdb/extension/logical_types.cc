// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/logical_types.h"

#include <duckdb/common/optional_idx.hpp>
#include <limits>

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

Result<dd::LogicalType> PrimitiveType(PType ptype) {
    switch (ptype) {
        case PType::U8:
            return dd::LogicalType::UTINYINT;
        case PType::U16:
            return dd::LogicalType::USMALLINT;
        case PType::U32:
            return dd::LogicalType::UINTEGER;
        case PType::U64:
            return dd::LogicalType::UBIGINT;
        case PType::I8:
            return dd::LogicalType::TINYINT;
        case PType::I16:
            return dd::LogicalType::SMALLINT;
        case PType::I32:
            return dd::LogicalType::INTEGER;
        case PType::I64:
            return dd::LogicalType::BIGINT;
        case PType::F16:
        case PType::F32:
            return dd::LogicalType::FLOAT;
        case PType::F64:
            return dd::LogicalType::DOUBLE;
    }
    return Status::NotImplemented("no DuckDB type for ptype {}", PTypeName(ptype));
}

Result<dd::LogicalType> TemporalType(const TemporalMetadata &temporal) {
    switch (temporal.kind) {
        case TemporalMetadata::Kind::Date:
            return dd::LogicalType::DATE;
        case TemporalMetadata::Kind::Time:
            return temporal.unit == TimeUnit::Nanoseconds ? dd::LogicalType(dd::LogicalTypeId::TIME_NS)
                                                          : dd::LogicalType::TIME;
        case TemporalMetadata::Kind::Timestamp:
            if (temporal.time_zone.has_value()) {
                // DuckDB keeps zoned instants as UTC microseconds only.
                return dd::LogicalType::TIMESTAMP_TZ;
            }
            switch (temporal.unit) {
                case TimeUnit::Seconds:
                    return dd::LogicalType::TIMESTAMP_S;
                case TimeUnit::Milliseconds:
                    return dd::LogicalType::TIMESTAMP_MS;
                case TimeUnit::Microseconds:
                    return dd::LogicalType::TIMESTAMP;
                case TimeUnit::Nanoseconds:
                    return dd::LogicalType::TIMESTAMP_NS;
                case TimeUnit::Days:
                    break;
            }
            break;
    }
    return Status::NotImplemented("no DuckDB type for a temporal type in {}", TimeUnitName(temporal.unit));
}

// The stored value of a temporal value DuckDB holds as `duck`, or nullopt when it has no
// exact counterpart in the stored unit (the inverse of DuckDBScale).
std::optional<int64_t> StoredTemporal(const TemporalMetadata &temporal, int64_t duck) {
    const TemporalScale scale = DuckDBScale(temporal);
    if (scale.multiply != 1) {
        // DuckDB's unit is finer than the stored one: only whole stored units match exactly.
        if (duck % scale.multiply != 0) {
            return std::nullopt;
        }
        return duck / scale.multiply;
    }
    int64_t stored = 0;
    if (__builtin_mul_overflow(duck, scale.divide, &stored)) {
        return std::nullopt;
    }
    return stored;
}

template <typename T>
std::optional<Scalar> IntegerScalar(int64_t value, Nullability n) {
    if (value < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
        value > static_cast<int64_t>(std::numeric_limits<T>::max())) {
        return std::nullopt;
    }
    return Scalar::Primitive<T>(static_cast<T>(value), n);
}

} // namespace

TemporalScale DuckDBScale(const TemporalMetadata &temporal) {
    TemporalScale scale;
    if (temporal.kind == TemporalMetadata::Kind::Date) {
        scale.divide = temporal.unit == TimeUnit::Milliseconds ? 86'400'000 : 1;
    } else if (temporal.kind == TemporalMetadata::Kind::Time ||
               (temporal.kind == TemporalMetadata::Kind::Timestamp && temporal.time_zone.has_value())) {
        switch (temporal.unit) {
            case TimeUnit::Seconds:
                scale.multiply = 1'000'000;
                break;
            case TimeUnit::Milliseconds:
                scale.multiply = 1'000;
                break;
            case TimeUnit::Nanoseconds:
                scale.divide = temporal.kind == TemporalMetadata::Kind::Time ? 1 : 1'000;
                break;
            default:
                break;
        }
    }
    return scale;
}

Result<dd::LogicalType> ToLogicalType(const DType &dtype) {
    switch (dtype.kind()) {
        // DuckDB binds a table function's NULL-typed column as INTEGER anyway.
        case DTypeKind::Null:
            return dd::LogicalType::INTEGER;
        case DTypeKind::Bool:
            return dd::LogicalType::BOOLEAN;
        case DTypeKind::Primitive:
            return PrimitiveType(dtype.ptype());
        case DTypeKind::Decimal: {
            const DecimalDType decimal = dtype.decimal();
            if (decimal.precision > 38 || decimal.scale < 0) {
                return Status::NotImplemented("no DuckDB type for decimal({}, {}): DuckDB holds up to 38 "
                                              "digits and no negative scale",
                                              decimal.precision, decimal.scale);
            }
            return dd::LogicalType::DECIMAL(decimal.precision, static_cast<uint8_t>(decimal.scale));
        }
        case DTypeKind::Utf8:
            return dd::LogicalType::VARCHAR;
        case DTypeKind::Binary:
            return dd::LogicalType::BLOB;
        case DTypeKind::Struct: {
            const StructFields &fields = dtype.struct_fields();
            dd::child_list_t<dd::LogicalType> children;
            for (size_t i = 0; i < fields.size(); i++) {
                VX_ASSIGN_OR_RETURN(dd::LogicalType child, ToLogicalType(fields.dtypes[i]));
                children.emplace_back(fields.names[i], std::move(child));
            }
            return dd::LogicalType::STRUCT(std::move(children));
        }
        case DTypeKind::List: {
            VX_ASSIGN_OR_RETURN(dd::LogicalType element, ToLogicalType(dtype.element_type()));
            return dd::LogicalType::LIST(element);
        }
        case DTypeKind::FixedSizeList: {
            VX_ASSIGN_OR_RETURN(dd::LogicalType element, ToLogicalType(dtype.element_type()));
            return dd::LogicalType::ARRAY(element, dd::optional_idx(dtype.list_size()));
        }
        case DTypeKind::Extension: {
            const ExtDType &ext = dtype.extension();
            if (IsTemporal(dtype)) {
                VX_ASSIGN_OR_RETURN(TemporalMetadata temporal, ParseTemporalMetadata(ext));
                return TemporalType(temporal);
            }
            if (IsUuid(dtype)) {
                return dd::LogicalType::UUID;
            }
            return ToLogicalType(ext.storage);
        }
    }
    return Status::NotImplemented("no DuckDB type for {}", dtype.ToString());
}

std::vector<size_t> UuidColumns(const dd::vector<dd::LogicalType> &types) {
    std::vector<size_t> columns;
    for (size_t i = 0; i < types.size(); ++i) {
        if (types[i].id() == dd::LogicalTypeId::UUID) {
            columns.push_back(i);
        }
    }
    return columns;
}

std::optional<Scalar> ToScalar(const dd::Value &value, const DType &dtype) {
    auto type = ToLogicalType(dtype);
    if (!type.ok() || value.IsNull() || value.type() != *type) {
        return std::nullopt;
    }
    const Nullability n = dtype.nullability();
    switch (dtype.kind()) {
        case DTypeKind::Bool:
            return Scalar::Bool(dd::BooleanValue::Get(value), n);
        case DTypeKind::Primitive:
            switch (dtype.ptype()) {
                case PType::U8:
                    return Scalar::Primitive<uint8_t>(dd::UTinyIntValue::Get(value), n);
                case PType::U16:
                    return Scalar::Primitive<uint16_t>(dd::USmallIntValue::Get(value), n);
                case PType::U32:
                    return Scalar::Primitive<uint32_t>(dd::UIntegerValue::Get(value), n);
                case PType::U64:
                    return Scalar::Primitive<uint64_t>(dd::UBigIntValue::Get(value), n);
                case PType::I8:
                    return Scalar::Primitive<int8_t>(dd::TinyIntValue::Get(value), n);
                case PType::I16:
                    return Scalar::Primitive<int16_t>(dd::SmallIntValue::Get(value), n);
                case PType::I32:
                    return Scalar::Primitive<int32_t>(dd::IntegerValue::Get(value), n);
                case PType::I64:
                    return Scalar::Primitive<int64_t>(dd::BigIntValue::Get(value), n);
                case PType::F32:
                    return Scalar::Primitive<float>(dd::FloatValue::Get(value), n);
                case PType::F64:
                    return Scalar::Primitive<double>(dd::DoubleValue::Get(value), n);
                default:
                    return std::nullopt; // f16: see the header
            }
        case DTypeKind::Decimal: {
            I256 unscaled;
            switch (type->InternalType()) {
                case dd::PhysicalType::INT16:
                    unscaled = I256::FromInt128(value.GetValueUnsafe<int16_t>());
                    break;
                case dd::PhysicalType::INT32:
                    unscaled = I256::FromInt128(value.GetValueUnsafe<int32_t>());
                    break;
                case dd::PhysicalType::INT64:
                    unscaled = I256::FromInt128(value.GetValueUnsafe<int64_t>());
                    break;
                case dd::PhysicalType::INT128: {
                    const dd::hugeint_t huge = value.GetValueUnsafe<dd::hugeint_t>();
                    unscaled = I256::FromInt128((static_cast<int128_t>(huge.upper) << 64) |
                                                static_cast<int128_t>(huge.lower));
                    break;
                }
                default:
                    return std::nullopt;
            }
            const DecimalType width = MinDecimalTypeForPrecision(dtype.decimal().precision);
            return Scalar::Decimal(unscaled, width, dtype);
        }
        case DTypeKind::Utf8: {
            const std::string &text = dd::StringValue::Get(value);
            auto scalar = Scalar::TryNew(dtype, ScalarValue(text));
            return scalar.ok() ? std::optional<Scalar>(std::move(*scalar)) : std::nullopt;
        }
        case DTypeKind::Binary: {
            const std::string &bytes = dd::StringValue::Get(value);
            return Scalar::Binary(std::vector<uint8_t>(bytes.begin(), bytes.end()), n);
        }
        case DTypeKind::Extension: {
            if (IsUuid(dtype)) {
                // Back from DuckDB's hugeint (top bit flipped) to the 16 bytes, big-endian.
                const dd::hugeint_t h = value.GetValueUnsafe<dd::hugeint_t>();
                const uint64_t upper = static_cast<uint64_t>(h.upper) ^ (uint64_t{1} << 63);
                std::vector<Scalar> bytes;
                for (int k = 7; k >= 0; --k) {
                    bytes.push_back(Scalar::Primitive<uint8_t>(static_cast<uint8_t>(upper >> (8 * k)),
                                                               Nullability::NonNullable));
                }
                for (int k = 7; k >= 0; --k) {
                    bytes.push_back(Scalar::Primitive<uint8_t>(static_cast<uint8_t>(h.lower >> (8 * k)),
                                                               Nullability::NonNullable));
                }
                return Scalar::Extension(dtype, Scalar::List(dtype.extension().storage, std::move(bytes)));
            }
            if (!IsTemporal(dtype)) {
                auto storage = ToScalar(value.DefaultCastAs(*ToLogicalType(dtype.extension().storage)),
                                        dtype.extension().storage);
                return storage ? std::optional<Scalar>(Scalar::Extension(dtype, *storage)) : std::nullopt;
            }
            auto temporal = ParseTemporalMetadata(dtype.extension());
            if (!temporal.ok()) {
                return std::nullopt;
            }
            const int64_t duck = type->InternalType() == dd::PhysicalType::INT32
                                     ? static_cast<int64_t>(value.GetValueUnsafe<int32_t>())
                                     : value.GetValueUnsafe<int64_t>();
            const std::optional<int64_t> stored = StoredTemporal(*temporal, duck);
            if (!stored) {
                return std::nullopt;
            }
            const DType &storage = dtype.extension().storage;
            std::optional<Scalar> raw = storage.ptype() == PType::I32 ? IntegerScalar<int32_t>(*stored, n)
                                                                      : IntegerScalar<int64_t>(*stored, n);
            return raw ? std::optional<Scalar>(Scalar::Extension(dtype, *raw)) : std::nullopt;
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex::duckdb_ext
