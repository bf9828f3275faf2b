// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar/scalar.h"

#include <algorithm>
#include <bit>
#include <type_traits>

#include "vortex/dtype/extension.h"
#include "vortex/scalar/decimal_format.h"
#include "vortex/scalar/decimal_range.h"
#include "vortex/scalar/temporal_format.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {
namespace {

template <class... Fns>
struct Overloaded : Fns... {
    using Fns::operator()...;
};
template <class... Fns>
Overloaded(Fns...) -> Overloaded<Fns...>;

// Maps float bits onto signed integers whose order is IEEE-754 totalOrder: negative values
// get their magnitude bits flipped so that larger magnitudes sort lower.
template <typename Signed>
Signed TotalOrderKey(Signed bits) {
    using Unsigned = std::make_unsigned_t<Signed>;
    const Unsigned mask = static_cast<Unsigned>(bits >> (sizeof(Signed) * 8 - 1)) >> 1;
    return static_cast<Signed>(static_cast<Unsigned>(bits) ^ mask);
}

template <typename T>
std::strong_ordering ComparePrimitive(T a, T b) {
    if constexpr (std::is_same_v<T, Half>) {
        return TotalOrderKey(static_cast<int16_t>(a.bits)) <=> TotalOrderKey(static_cast<int16_t>(b.bits));
    } else if constexpr (std::is_same_v<T, float>) {
        return TotalOrderKey(std::bit_cast<int32_t>(a)) <=> TotalOrderKey(std::bit_cast<int32_t>(b));
    } else if constexpr (std::is_same_v<T, double>) {
        return TotalOrderKey(std::bit_cast<int64_t>(a)) <=> TotalOrderKey(std::bit_cast<int64_t>(b));
    } else {
        return a <=> b;
    }
}

std::partial_ordering ComparePValues(const PValue &a, const PValue &b) {
    if (a.index() != b.index()) {
        return std::partial_ordering::unordered;
    }
    return std::visit(
        [&]<typename T>(const T &x) -> std::partial_ordering { return ComparePrimitive(x, std::get<T>(b)); },
        a);
}

std::partial_ordering CompareValues(const ScalarValue &a, const ScalarValue &b) {
    const bool a_null = std::holds_alternative<std::monostate>(a);
    const bool b_null = std::holds_alternative<std::monostate>(b);
    if (a_null || b_null) {
        return b_null <=> a_null; // null sorts first
    }
    if (a.index() != b.index()) {
        return std::partial_ordering::unordered;
    }
    return std::visit(
        Overloaded{
            [](const std::monostate &) -> std::partial_ordering { return std::partial_ordering::equivalent; },
            [&](const bool &x) -> std::partial_ordering { return x <=> std::get<bool>(b); },
            [&](const PValue &x) { return ComparePValues(x, std::get<PValue>(b)); },
            [&](const DecimalValue &x) -> std::partial_ordering {
                return x.value <=> std::get<DecimalValue>(b).value;
            },
            [&](const std::string &x) -> std::partial_ordering {
                return std::string_view(x) <=> std::string_view(std::get<std::string>(b));
            },
            [&](const std::vector<uint8_t> &x) -> std::partial_ordering {
                const auto &y = std::get<std::vector<uint8_t>>(b);
                return std::lexicographical_compare_three_way(x.begin(), x.end(), y.begin(), y.end());
            },
            [&](const std::vector<Scalar> &x) -> std::partial_ordering {
                const auto &y = std::get<std::vector<Scalar>>(b);
                const size_t n = std::min(x.size(), y.size());
                for (size_t i = 0; i < n; ++i) {
                    const auto order = Compare(x[i], y[i]);
                    if (order != std::partial_ordering::equivalent) {
                        return order;
                    }
                }
                return x.size() <=> y.size();
            },
        },
        a);
}

Status ValidateElements(const std::vector<Scalar> &elements, const DType &dtype, std::string_view what) {
    for (size_t i = 0; i < elements.size(); ++i) {
        VX_ENSURE(elements[i].dtype() == dtype, InvalidArgument, "{} {} has dtype {}, expected {}", what, i,
                  elements[i].dtype().ToString(), dtype.ToString());
    }
    return Status::OK();
}

// Checks that `value` is a valid non-null value of `dtype`. Spec: dtypes-scalars, "Scalars".
Status ValidateValue(const DType &dtype, const ScalarValue &value) {
    if (std::holds_alternative<std::monostate>(value)) {
        VX_ENSURE(dtype.is_nullable(), InvalidArgument, "non-nullable dtype {} cannot hold null",
                  dtype.ToString());
        return Status::OK();
    }
    auto expect = [&]<typename V>() -> Status {
        VX_ENSURE(std::holds_alternative<V>(value), InvalidArgument, "value of the wrong kind for dtype {}",
                  dtype.ToString());
        return Status::OK();
    };
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return Status::InvalidArgument("the null dtype cannot hold a value");
        case DTypeKind::Bool:
            return expect.operator()<bool>();
        case DTypeKind::Primitive:
            VX_RETURN_NOT_OK(expect.operator()<PValue>());
            VX_ENSURE(PValuePType(std::get<PValue>(value)) == dtype.ptype(), InvalidArgument,
                      "{} value for dtype {}", PTypeName(PValuePType(std::get<PValue>(value))),
                      dtype.ToString());
            return Status::OK();
        case DTypeKind::Decimal: {
            VX_RETURN_NOT_OK(expect.operator()<DecimalValue>());
            const auto &d = std::get<DecimalValue>(value);
            VX_ENSURE(static_cast<uint8_t>(d.type) <= kMaxDecimalTypeTag, InvalidArgument,
                      "invalid decimal values type");
            VX_ENSURE(d.value.FitsIn(ByteWidth(d.type)), InvalidArgument,
                      "decimal {} does not fit its {}-byte type", d.value.ToString(), ByteWidth(d.type));
            VX_ENSURE(DecimalFitsPrecision(d.value, dtype.decimal().precision), InvalidArgument,
                      "decimal {} exceeds precision {}", d.value.ToString(), dtype.decimal().precision);
            return Status::OK();
        }
        case DTypeKind::Utf8:
            VX_RETURN_NOT_OK(expect.operator()<std::string>());
            VX_ENSURE(serde::IsValidUtf8(std::get<std::string>(value)), InvalidArgument,
                      "utf8 value is not UTF-8");
            return Status::OK();
        case DTypeKind::Binary:
            return expect.operator()<std::vector<uint8_t>>();
        case DTypeKind::List:
            VX_RETURN_NOT_OK(expect.operator()<std::vector<Scalar>>());
            return ValidateElements(std::get<std::vector<Scalar>>(value), dtype.element_type(),
                                    "list element");
        case DTypeKind::FixedSizeList: {
            VX_RETURN_NOT_OK(expect.operator()<std::vector<Scalar>>());
            const auto &elements = std::get<std::vector<Scalar>>(value);
            VX_ENSURE(elements.size() == dtype.list_size(), InvalidArgument,
                      "fixed-size list of size {} got {} elements", dtype.list_size(), elements.size());
            return ValidateElements(elements, dtype.element_type(), "fixed-size list element");
        }
        case DTypeKind::Struct: {
            VX_RETURN_NOT_OK(expect.operator()<std::vector<Scalar>>());
            const auto &fields = std::get<std::vector<Scalar>>(value);
            const StructFields &expected = dtype.struct_fields();
            VX_ENSURE(fields.size() == expected.size(), InvalidArgument,
                      "struct with {} fields got {} values", expected.size(), fields.size());
            for (size_t i = 0; i < fields.size(); ++i) {
                VX_ENSURE(fields[i].dtype() == expected.dtypes[i], InvalidArgument,
                          "struct field {} has dtype {}, expected {}", i, fields[i].dtype().ToString(),
                          expected.dtypes[i].ToString());
            }
            return Status::OK();
        }
        case DTypeKind::Extension:
            return ValidateValue(dtype.extension().storage, value);
    }
    return Status::Internal("invalid dtype kind");
}

std::string PValueToString(const PValue &value) {
    return std::visit(
        [](const auto &x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Half>) {
                return format("{}", x.ToFloat());
            } else if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>) {
                return format("{}", static_cast<int>(x));
            } else {
                return format("{}", x);
            }
        },
        value);
}

} // namespace

std::string FormatDecimal(const I256 &value, int8_t scale) {
    std::string digits = value.ToString();
    if (scale <= 0) {
        return scale == 0 ? digits : digits + std::string(static_cast<size_t>(-scale), '0');
    }
    const bool negative = !digits.empty() && digits[0] == '-';
    const std::string_view magnitude =
        negative ? std::string_view(digits).substr(1) : std::string_view(digits);
    const auto s = static_cast<size_t>(static_cast<unsigned char>(scale));
    // Built with format() only: GCC 12 reports false -Wrestrict errors for std::string
    // insert/operator+ at -O2.
    if (magnitude.size() <= s) {
        return format("{}0.{:0>{}}", negative ? "-" : "", magnitude, s);
    }
    const size_t point = magnitude.size() - s;
    return format("{}{}.{}", negative ? "-" : "", magnitude.substr(0, point), magnitude.substr(point));
}

PType PValuePType(const PValue &value) {
    return std::visit([]<typename T>(const T &) { return kPTypeOf<T>; }, value);
}

Scalar Scalar::Null(DType dtype) {
    VX_CHECK_MSG(dtype.is_nullable(), "null scalar of non-nullable dtype {}", dtype.ToString());
    return Scalar(std::move(dtype), std::monostate{});
}

Scalar Scalar::Bool(bool value, Nullability n) {
    return Scalar(DType::Bool(n), value);
}

Scalar Scalar::Primitive(PValue value, Nullability n) {
    const PType ptype = PValuePType(value);
    return Scalar(DType::Primitive(ptype, n), value);
}

Scalar Scalar::Utf8(std::string value, Nullability n) {
    VX_CHECK_MSG(serde::IsValidUtf8(value), "Scalar::Utf8 of invalid UTF-8");
    return Scalar(DType::Utf8(n), std::move(value));
}

Scalar Scalar::Binary(std::vector<uint8_t> value, Nullability n) {
    return Scalar(DType::Binary(n), std::move(value));
}

Scalar Scalar::Decimal(I256 value, DecimalType type, DType dtype) {
    auto out = TryNew(std::move(dtype), DecimalValue{value, type});
    VX_CHECK_MSG(out.ok(), "{}", out.status().message());
    return std::move(out).ValueOrDie();
}

Scalar Scalar::List(DType dtype, std::vector<Scalar> elements) {
    VX_CHECK_MSG(dtype.is_list() || dtype.is_fixed_size_list(), "Scalar::List with dtype {}",
                 dtype.ToString());
    auto out = TryNew(std::move(dtype), std::move(elements));
    VX_CHECK_MSG(out.ok(), "{}", out.status().message());
    return std::move(out).ValueOrDie();
}

Scalar Scalar::Struct(DType dtype, std::vector<Scalar> fields) {
    VX_CHECK_MSG(dtype.is_struct(), "Scalar::Struct with dtype {}", dtype.ToString());
    auto out = TryNew(std::move(dtype), std::move(fields));
    VX_CHECK_MSG(out.ok(), "{}", out.status().message());
    return std::move(out).ValueOrDie();
}

Scalar Scalar::Extension(DType ext_dtype, const Scalar &storage) {
    VX_CHECK_MSG(ext_dtype.is_extension() && ext_dtype.extension().storage == storage.dtype(),
                 "extension {} over a {} scalar", ext_dtype.ToString(), storage.dtype().ToString());
    return Scalar(std::move(ext_dtype), storage.value());
}

Result<Scalar> Scalar::TryNew(DType dtype, ScalarValue value) {
    VX_RETURN_NOT_OK(ValidateValue(dtype, value));
    return Scalar(std::move(dtype), std::move(value));
}

Scalar Scalar::StorageScalar() const {
    VX_CHECK_MSG(dtype_.is_extension(), "StorageScalar() on {}", dtype_.ToString());
    return Scalar(dtype_.extension().storage, value_);
}

bool Scalar::operator==(const Scalar &other) const {
    return dtype_ == other.dtype_ && CompareValues(value_, other.value_) == std::partial_ordering::equivalent;
}

std::string Scalar::ToString() const {
    if (is_null()) {
        return "null";
    }
    if (dtype_.is_extension()) {
        const Scalar storage = StorageScalar();
        if (IsTemporal(dtype_)) {
            auto metadata = ParseTemporalMetadata(dtype_.extension());
            if (metadata.ok()) {
                const int64_t value =
                    storage.dtype().ptype() == PType::I32 ? storage.as<int32_t>() : storage.as<int64_t>();
                return FormatTemporal(*metadata, value);
            }
        }
        return storage.ToString();
    }
    return std::visit(
        Overloaded{
            [](const std::monostate &) -> std::string { return "null"; },
            [](const bool &x) -> std::string { return x ? "true" : "false"; },
            [](const PValue &x) { return PValueToString(x); },
            [&](const DecimalValue &x) { return FormatDecimal(x.value, dtype_.decimal().scale); },
            [](const std::string &x) { return format("\"{}\"", x); },
            [](const std::vector<uint8_t> &x) {
                std::string out = "0x";
                for (uint8_t byte : x) {
                    out += format("{:02x}", byte);
                }
                return out;
            },
            [&](const std::vector<Scalar> &x) {
                std::string out = dtype_.is_struct() ? "{" : "[";
                for (size_t i = 0; i < x.size(); ++i) {
                    out += i == 0 ? "" : ", ";
                    if (dtype_.is_struct()) {
                        out += dtype_.struct_fields().names[i] + ": ";
                    }
                    out += x[i].ToString();
                }
                return out + (dtype_.is_struct() ? "}" : "]");
            },
        },
        value_);
}

std::partial_ordering Compare(const Scalar &a, const Scalar &b) {
    if (!a.dtype().EqualsIgnoringNullability(b.dtype())) {
        return std::partial_ordering::unordered;
    }
    return CompareValues(a.value(), b.value());
}

std::ostream &operator<<(std::ostream &os, const Scalar &scalar) {
    return os << scalar.ToString();
}

} // namespace vortex
