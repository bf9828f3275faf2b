// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Logical types. A DType is an immutable value, cheap to copy (it shares its description).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/arrow_c_abi.h"
#include "vortex/status.hpp"

namespace vortex::api {

/// Physical types of primitive values; the numbering is the C interface's vx_ptype.
enum class PType : uint8_t { U8, U16, U32, U64, I8, I16, I32, I64, F16, F32, F64 };

/// The kinds of logical type; the numbering is the C interface's vx_dtype_variant.
enum class DTypeKind : uint8_t {
    Null,
    Bool,
    Primitive,
    Utf8,
    Binary,
    Struct,
    List,
    Extension,
    Decimal,
    FixedSizeList,
};

/// Units of the temporal extension types (vortex.date, vortex.time, vortex.timestamp).
enum class TimeUnit : uint8_t { Nanoseconds, Microseconds, Milliseconds, Seconds, Days };

class DType {
public:
    /// The Null type (always nullable).
    DType();

    static DType Null() { return {}; }
    static DType Bool(bool nullable = false);
    static DType Primitive(PType ptype, bool nullable = false);
    static DType Utf8(bool nullable = false);
    static DType Binary(bool nullable = false);
    /// Precision 1..76; scale at most 76 and, when positive, at most the precision.
    static Result<DType> Decimal(uint8_t precision, int8_t scale, bool nullable = false);
    static DType List(const DType &element, bool nullable = false);
    static DType FixedSizeList(const DType &element, uint32_t size, bool nullable = false);
    /// Fields in order; names must be unique.
    static Result<DType>
    Struct(const std::vector<std::string> &names, const std::vector<DType> &fields, bool nullable = false);
    /// vortex.date in days or milliseconds.
    static Result<DType> Date(TimeUnit unit, bool nullable = false);
    /// vortex.time in seconds, milliseconds, microseconds or nanoseconds.
    static Result<DType> Time(TimeUnit unit, bool nullable = false);
    /// vortex.timestamp in any unit but days, with an optional time zone (an IANA name).
    static Result<DType> Timestamp(TimeUnit unit,
                                   const std::optional<std::string> &time_zone = std::nullopt,
                                   bool nullable = false);

    DTypeKind kind() const;
    bool nullable() const;
    DType WithNullable(bool nullable) const;

    /// Primitive: the physical type.
    std::optional<PType> ptype() const;
    /// Decimal: precision and scale (0 for other kinds).
    uint8_t precision() const;
    int8_t scale() const;
    /// Struct: the fields (none for other kinds).
    size_t field_count() const;
    /// The name of field `i` (empty when out of range).
    std::string field_name(size_t i) const;
    /// The dtype of field `i` (Null when out of range).
    DType field_dtype(size_t i) const;
    std::optional<size_t> FieldIndex(const std::string &name) const;
    /// List and FixedSizeList: the element type (Null for other kinds).
    DType element() const;
    /// FixedSizeList: the number of elements per value.
    uint32_t list_size() const;
    /// Extension: its id ("vortex.timestamp", ...) and storage type.
    std::string extension_id() const;
    DType storage() const;
    bool is_date() const;
    bool is_time() const;
    bool is_timestamp() const;
    /// Temporal extensions: the unit, and a timestamp's zone.
    std::optional<TimeUnit> time_unit() const;
    std::optional<std::string> time_zone() const;

    /// "i32?", "struct{a=utf8, b=f64?}", ...
    std::string ToString() const;
    bool operator==(const DType &other) const;
    bool operator!=(const DType &other) const { return !(*this == other); }

    /// Describes the dtype as an Arrow schema (a struct dtype as a record batch schema). The
    /// caller owns `*out` and releases it.
    Status ToArrowSchema(ArrowSchema *out) const;
    /// The dtype of an Arrow schema; `schema` is released (consumed) whether or not it converts.
    static Result<DType> FromArrowSchema(ArrowSchema *schema);

    struct Impl;
    explicit DType(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    const Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<const Impl> impl_;
};

} // namespace vortex::api
