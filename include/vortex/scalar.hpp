// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Single typed values: expression literals, statistics, and elements read from arrays.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/dtype.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

class Scalar {
public:
    /// A null of the Null type.
    Scalar();

    static Scalar Bool(bool value, bool nullable = false);
    static Scalar Int8(int8_t value, bool nullable = false);
    static Scalar Int16(int16_t value, bool nullable = false);
    static Scalar Int32(int32_t value, bool nullable = false);
    static Scalar Int64(int64_t value, bool nullable = false);
    static Scalar UInt8(uint8_t value, bool nullable = false);
    static Scalar UInt16(uint16_t value, bool nullable = false);
    static Scalar UInt32(uint32_t value, bool nullable = false);
    static Scalar UInt64(uint64_t value, bool nullable = false);
    /// An f16 from its IEEE 754 half-precision bits.
    static Scalar Float16Bits(uint16_t bits, bool nullable = false);
    static Scalar Float32(float value, bool nullable = false);
    static Scalar Float64(double value, bool nullable = false);
    /// Invalid UTF-8 is an InvalidArgument error.
    static Result<Scalar> Utf8(std::string_view value, bool nullable = false);
    static Scalar Binary(std::span<const uint8_t> value, bool nullable = false);
    /// A null of `dtype` made nullable.
    static Scalar Null(const DType &dtype);
    /// A decimal from its unscaled value: `bytes` (1, 2, 4, 8, 16 or 32 of them) little-endian
    /// two's complement. The value must have at most `precision` digits.
    static Result<Scalar>
    Decimal(std::span<const uint8_t> bytes, uint8_t precision, int8_t scale, bool nullable = false);
    /// A list (or a fixed-size list of elements.size() values) of `element` values.
    static Result<Scalar>
    List(const DType &element, const std::vector<Scalar> &elements, bool nullable = false);
    static Result<Scalar>
    FixedSizeList(const DType &element, const std::vector<Scalar> &elements, bool nullable = false);
    /// A struct value of `dtype` (a struct dtype), one value per field.
    static Result<Scalar> Struct(const DType &dtype, const std::vector<Scalar> &fields);
    /// A date (days or milliseconds), time or timestamp from its stored integer value.
    static Result<Scalar> Temporal(const DType &dtype, int64_t value);

    DType dtype() const;
    bool is_null() const;

    /// The value as these C++ types, converted when it fits exactly (nullopt otherwise, and
    /// for nulls). Temporal values give their stored integer.
    std::optional<bool> AsBool() const;
    std::optional<int64_t> AsInt64() const;
    std::optional<uint64_t> AsUInt64() const;
    std::optional<double> AsDouble() const;
    /// f16: the half-precision bits.
    std::optional<uint16_t> AsFloat16Bits() const;
    /// Utf8 and Binary: the bytes.
    std::optional<std::string> AsString() const;
    /// Decimal: the unscaled value, 32 bytes little-endian two's complement.
    std::optional<std::vector<uint8_t>> AsDecimalBytes() const;
    /// List, FixedSizeList and Struct: the elements or fields.
    std::vector<Scalar> Children() const;

    std::string ToString() const;
    bool operator==(const Scalar &other) const;
    bool operator!=(const Scalar &other) const { return !(*this == other); }

    struct Impl;
    explicit Scalar(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    const Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<const Impl> impl_;
};

} // namespace vortex::api
