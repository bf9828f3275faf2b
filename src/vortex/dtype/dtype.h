// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/dtype/decimal.h"
#include "vortex/dtype/nullability.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// The kinds of logical type. Spec: dtypes-scalars, "Logical types". Variant and Union are
/// reserved by the reference and not supported here.
enum class DTypeKind : uint8_t {
    Null,
    Bool,
    Primitive,
    Decimal,
    Utf8,
    Binary,
    Struct,
    List,
    FixedSizeList,
    Extension
};

class DType;
struct StructFields;
struct ExtDType;

/// A logical type: what the values mean, independent of how an array encodes them. A small
/// value type; nested parts are shared immutably, so copies are cheap.
class DType {
public:
    /// Constructs the Null dtype.
    DType() = default;

    static DType Null() { return DType(); }
    static DType Bool(Nullability n) { return DType(DTypeKind::Bool, n); }
    static DType Primitive(PType ptype, Nullability n);
    /// Builds a decimal dtype; aborts on an invalid precision or scale (use TryDecimal for input).
    static DType Decimal(uint8_t precision, int8_t scale, Nullability n);
    static Result<DType> TryDecimal(uint8_t precision, int8_t scale, Nullability n);
    static DType Utf8(Nullability n) { return DType(DTypeKind::Utf8, n); }
    static DType Binary(Nullability n) { return DType(DTypeKind::Binary, n); }
    /// Builds a struct dtype; names and dtypes must have equal length.
    static DType Struct(std::vector<std::string> names, std::vector<DType> dtypes, Nullability n);
    static DType Struct(std::shared_ptr<const StructFields> fields, Nullability n);
    static DType List(DType element, Nullability n);
    static DType FixedSizeList(DType element, uint32_t size, Nullability n);
    /// Builds an extension dtype; its nullability is its storage dtype's.
    static DType Extension(std::string id, DType storage, std::vector<uint8_t> metadata);

    DTypeKind kind() const { return kind_; }
    Nullability nullability() const { return nullability_; }
    bool is_nullable() const { return nullability_ == Nullability::Nullable; }

    bool is_null() const { return kind_ == DTypeKind::Null; }
    bool is_bool() const { return kind_ == DTypeKind::Bool; }
    bool is_primitive() const { return kind_ == DTypeKind::Primitive; }
    bool is_decimal() const { return kind_ == DTypeKind::Decimal; }
    bool is_utf8() const { return kind_ == DTypeKind::Utf8; }
    bool is_binary() const { return kind_ == DTypeKind::Binary; }
    bool is_struct() const { return kind_ == DTypeKind::Struct; }
    bool is_list() const { return kind_ == DTypeKind::List; }
    bool is_fixed_size_list() const { return kind_ == DTypeKind::FixedSizeList; }
    bool is_extension() const { return kind_ == DTypeKind::Extension; }

    /// Accessors for one kind; calling one on another kind aborts.
    PType ptype() const;
    DecimalDType decimal() const;
    const StructFields &struct_fields() const;
    const std::shared_ptr<const StructFields> &struct_fields_ptr() const;
    const DType &element_type() const;
    uint32_t list_size() const;
    const ExtDType &extension() const;

    DType WithNullability(Nullability n) const;
    DType AsNullable() const { return WithNullability(Nullability::Nullable); }
    DType AsNonNullable() const { return WithNullability(Nullability::NonNullable); }

    /// Compares everything but nullability.
    bool EqualsIgnoringNullability(const DType &other) const;
    bool operator==(const DType &other) const;

    /// Renders like the reference's Display: "i32?", "utf8", "{a=i64, b=utf8?}", "list(f64)?".
    std::string ToString() const;

private:
    DType(DTypeKind kind, Nullability n) : kind_(kind), nullability_(n) {}

    DTypeKind kind_ = DTypeKind::Null;
    Nullability nullability_ = Nullability::Nullable;
    PType ptype_ = PType::U8;
    DecimalDType decimal_;
    uint32_t list_size_ = 0;
    std::shared_ptr<const DType> element_;
    std::shared_ptr<const StructFields> fields_;
    std::shared_ptr<const ExtDType> extension_;
};

/// The ordered fields of a struct dtype.
struct StructFields {
    std::vector<std::string> names;
    std::vector<DType> dtypes;

    size_t size() const { return names.size(); }
    /// Returns the index of the first field called `name`.
    std::optional<size_t> FindField(std::string_view name) const;
    bool operator==(const StructFields &other) const = default;
};

/// An extension type: an id, the dtype that stores its values, and opaque metadata bytes.
struct ExtDType {
    std::string id;
    DType storage;
    std::vector<uint8_t> metadata;
    bool operator==(const ExtDType &other) const = default;
};

std::ostream &operator<<(std::ostream &os, const DType &dtype);

} // namespace vortex

template <>
struct fmt::formatter<vortex::DType> : fmt::formatter<std::string> {
    auto format(const vortex::DType &d, format_context &ctx) const {
        return fmt::formatter<std::string>::format(d.ToString(), ctx);
    }
};
