// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <compare>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vortex/base/check.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"
#include "vortex/scalar/scalar_value.h"

namespace vortex {

/// One logical value with its dtype. Spec: dtypes-scalars, "Scalars".
///
/// Which ScalarValue alternative a non-null scalar holds follows from its dtype: Bool → bool,
/// Primitive → PValue of that ptype, Decimal → DecimalValue, Utf8 → std::string (valid UTF-8),
/// Binary → bytes, List/FixedSizeList/Struct → vector<Scalar>. An extension scalar holds the
/// value of its storage dtype. The factories enforce this; TryNew checks it for untrusted parts.
class Scalar {
public:
    /// The null value of the Null dtype.
    Scalar() = default;

    /// A null of `dtype`, which must be nullable.
    static Scalar Null(DType dtype);
    static Scalar Bool(bool value, Nullability n);
    template <NativePType T>
    static Scalar Primitive(T value, Nullability n) {
        return Scalar(DType::Primitive(kPTypeOf<T>, n), PValue(value));
    }
    static Scalar Primitive(PValue value, Nullability n);
    /// A UTF-8 string; aborts if `value` is not valid UTF-8 (use TryNew for input).
    static Scalar Utf8(std::string value, Nullability n);
    static Scalar Binary(std::vector<uint8_t> value, Nullability n);
    /// An unscaled decimal stored with `type`'s width; `dtype` must be a decimal dtype.
    static Scalar Decimal(I256 value, DecimalType type, DType dtype);
    /// A list or fixed-size list; every element's dtype must equal the element dtype.
    static Scalar List(DType dtype, std::vector<Scalar> elements);
    /// A struct; one value per field, each with the field's dtype.
    static Scalar Struct(DType dtype, std::vector<Scalar> fields);
    /// An extension value: `storage` carries the value, `ext_dtype` the type.
    static Scalar Extension(DType ext_dtype, const Scalar &storage);

    /// Builds a scalar from untrusted parts, checking the value against the dtype.
    static Result<Scalar> TryNew(DType dtype, ScalarValue value);

    const DType &dtype() const { return dtype_; }
    const ScalarValue &value() const { return value_; }
    bool is_null() const { return std::holds_alternative<std::monostate>(value_); }

    /// Typed accessors; each aborts when the scalar holds another kind (or is null).
    bool as_bool() const { return Get<bool>(); }
    const PValue &pvalue() const { return Get<PValue>(); }
    template <NativePType T>
    T as() const {
        const PValue &p = pvalue();
        VX_CHECK_MSG(std::holds_alternative<T>(p), "as<{}>() on a {} scalar", PTypeName(kPTypeOf<T>),
                     dtype_.ToString());
        return std::get<T>(p);
    }
    std::string_view as_string_view() const { return Get<std::string>(); }
    std::span<const uint8_t> as_bytes() const { return Get<std::vector<uint8_t>>(); }
    const DecimalValue &as_decimal() const { return Get<DecimalValue>(); }
    /// Elements of a list or fixed-size list, or the fields of a struct.
    const std::vector<Scalar> &elements() const { return Get<std::vector<Scalar>>(); }
    /// The value of an extension scalar as a scalar of its storage dtype.
    Scalar StorageScalar() const;

    /// Same dtype and same value; floats compare by bits (so NaN == NaN with equal payload,
    /// and -0.0 != 0.0), which is what a round trip must preserve.
    bool operator==(const Scalar &other) const;

    /// Renders the value: null, true, 42, 1.5, 12.34 (decimal), "text", 0x0aff, [1, 2], {a: 1}.
    std::string ToString() const;

private:
    Scalar(DType dtype, ScalarValue value) : dtype_(std::move(dtype)), value_(std::move(value)) {}

    template <typename V>
    const V &Get() const {
        VX_CHECK_MSG(std::holds_alternative<V>(value_), "wrong accessor for {} scalar{}", dtype_.ToString(),
                     is_null() ? " (null)" : "");
        return std::get<V>(value_);
    }

    DType dtype_;
    ScalarValue value_;
};

/// Orders two scalars of the same dtype (nullability ignored); unordered for other dtypes.
/// Null sorts before every value. Floats use the IEEE-754 totalOrder predicate, as Rust's
/// total_cmp does: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN, so NaN is ordered and
/// min/max stay deterministic. Strings and bytes compare bytewise, lists lexicographically,
/// structs field by field.
std::partial_ordering Compare(const Scalar &a, const Scalar &b);

/// Converts `scalar` to `target`: nullability changes (a null into a non-nullable type is an
/// error), null into any nullable type, numeric widening and narrowing with range checks
/// (float to integer truncates toward zero and must be finite and in range; float narrowing
/// rounds), decimal precision changes that keep the value in range, and extension to or from
/// its storage dtype. Other conversions return InvalidArgument.
Result<Scalar> Cast(const Scalar &scalar, const DType &target);

std::ostream &operator<<(std::ostream &os, const Scalar &scalar);

} // namespace vortex
