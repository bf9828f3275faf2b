// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Filter expressions over a file's columns: built with the functions below or parsed from
// the text syntax of `vx scan --filter`.
//
//   using namespace vortex::api;
//   Expr e = (Col("age") >= Lit(Scalar::Int32(18))) && IsNotNull(Col("name"));
//   Result<Expr> parsed = Expr::Parse("age >= 18 AND name IS NOT NULL", file.dtype());

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/scalar.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

class Expr {
public:
    /// Parses the text syntax of docs/scan-expressions.md (comparisons, AND, OR, NOT,
    /// IS [NOT] NULL, [NOT] IN, BETWEEN, LIKE) against `scope`, the struct dtype it will be
    /// evaluated on: names resolve to its columns and each literal takes the type of the column
    /// it meets ('2001-03-01' against a date column is a date). Errors name the position.
    static Result<Expr> Parse(std::string_view text, const DType &scope);

    /// A readable form, e.g. `(a > 10) AND (b IS NULL)`.
    std::string ToString() const;

    struct Impl;
    explicit Expr(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    const Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<const Impl> impl_;
};

/// The top-level column `name`.
Expr Col(std::string name);
/// Field `name` of a struct-valued expression (null where the struct is).
Expr GetField(const Expr &value, std::string name);
Expr Lit(const Scalar &value);
/// Literals of the common types (non-nullable).
Expr Lit(bool value);
Expr Lit(int32_t value);
Expr Lit(int64_t value);
Expr Lit(uint64_t value);
Expr Lit(double value);
Expr Lit(const char *value);
Expr Lit(const std::string &value);

Expr operator==(const Expr &lhs, const Expr &rhs);
Expr operator!=(const Expr &lhs, const Expr &rhs);
Expr operator<(const Expr &lhs, const Expr &rhs);
Expr operator<=(const Expr &lhs, const Expr &rhs);
Expr operator>(const Expr &lhs, const Expr &rhs);
Expr operator>=(const Expr &lhs, const Expr &rhs);
/// SQL three-valued logic (Kleene): NULL AND false is false, NULL OR true is true.
Expr operator&&(const Expr &lhs, const Expr &rhs);
Expr operator||(const Expr &lhs, const Expr &rhs);
Expr operator!(const Expr &operand);
Expr And(const std::vector<Expr> &operands);
Expr Or(const std::vector<Expr> &operands);
Expr IsNull(const Expr &operand);
Expr IsNotNull(const Expr &operand);
/// `value` equal to one of `candidates` (null when it is null).
Expr In(const Expr &value, const std::vector<Scalar> &candidates);
/// `lower <= value <= upper` (each bound strict when asked).
Expr Between(const Expr &value,
             const Scalar &lower,
             const Scalar &upper,
             bool lower_strict = false,
             bool upper_strict = false);
/// LIKE 'text%', '%text' and '%text%' on strings and binaries.
Expr StartsWith(const Expr &value, std::string text);
Expr EndsWith(const Expr &value, std::string text);
Expr Contains(const Expr &value, std::string text);

} // namespace vortex::api
