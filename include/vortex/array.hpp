// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Arrays: immutable columns of any encoding (a scan returns them compressed where it can).
// Copying an Array shares it. Arrow export and import are zero-copy where the layouts allow.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/arrow_c_abi.h"
#include "vortex/dtype.hpp"
#include "vortex/expr.hpp"
#include "vortex/scalar.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

class Array;

/// Which elements of an array are null.
struct Validity {
    enum class Kind : uint8_t { NonNullable, AllValid, AllInvalid, Mask };
    Kind kind = Kind::NonNullable;
    /// Kind::Mask: a non-nullable Bool array of the same length, true where valid.
    std::shared_ptr<const Array> mask;
};

class Array {
public:
    /// `len` nulls of the Null type.
    static Array Null(size_t len);
    /// Copies `len` values of `ptype` (the matching C type; f16 as uint16_t bits) from `data`.
    /// `validity` (its mask must have `len` elements) sets the nullability.
    static Result<Array>
    FromPrimitive(PType ptype, const void *data, size_t len, const Validity &validity = {});
    /// A non-nullable Bool array (a validity mask, for one).
    static Array FromBools(const std::vector<bool> &values);
    /// Copies the strings or bytes (Utf8 must be valid UTF-8); a null entry is a null element
    /// and makes the array nullable.
    static Result<Array> FromStrings(const std::vector<std::optional<std::string>> &values, bool utf8 = true);
    /// A struct array of `fields` (all of one length; `len` when there are none).
    static Result<Array> MakeStruct(const std::vector<std::string> &names,
                                    const std::vector<Array> &fields,
                                    const Validity &validity = {},
                                    std::optional<size_t> len = std::nullopt);
    /// Imports an Arrow array with its schema; both are consumed (their release is taken over,
    /// also on failure). A struct array with a non-nullable schema becomes a struct.
    static Result<Array> FromArrow(ArrowArray *array, ArrowSchema *schema);

    size_t len() const;
    DType dtype() const;
    /// The encoding of the top node ("vortex.primitive", "fastlanes.bitpacked", ...).
    std::string encoding() const;

    Result<uint64_t> NullCount() const;
    Result<bool> IsValid(size_t index) const;
    Validity GetValidity() const;
    /// Element `index` (an OutOfBounds error past the end).
    Result<Scalar> ScalarAt(size_t index) const;
    /// Elements [start, stop).
    Result<Array> Slice(size_t start, size_t stop) const;
    /// Struct arrays: field `index` or the field named `name`, without the struct's own nulls.
    Result<Array> Field(size_t index) const;
    Result<Array> Field(const std::string &name) const;
    /// Evaluates `expression` with this array (a struct) as the row scope: a predicate gives a
    /// Bool array, a column reference that column.
    Result<Array> Apply(const Expr &expression) const;
    /// The rows where `predicate` is true.
    Result<Array> Filter(const Expr &predicate) const;
    /// Decodes to the canonical form of the dtype.
    Result<Array> Canonicalize() const;

    /// Exports to the Arrow C data interface; the caller owns and releases both.
    Status ToArrow(ArrowArray *array, ArrowSchema *schema) const;

    struct Impl;
    explicit Array(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    const Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<const Impl> impl_;
};

} // namespace vortex::api
