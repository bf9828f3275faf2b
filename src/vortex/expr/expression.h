// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vortex/array/compute/compare_op.h"
#include "vortex/array/compute/date_part.h"
#include "vortex/array/compute/length.h"
#include "vortex/scalar/scalar.h"

namespace vortex::expr {

class Expr;
/// Expressions are immutable trees shared by the planner, every split and the pruner.
using ExprRef = std::shared_ptr<const Expr>;

enum class ExprKind : uint8_t {
    Column,     // a top-level field of the scope
    GetField,   // the field named field() of children[0] (a struct); null where the struct is
    Literal,    // a constant
    Compare,    // children[0] op children[1]
    And,        // n-ary, Kleene logic
    Or,         // n-ary, Kleene logic
    Not,        // Kleene negation
    IsNull,     // never null
    IsNotNull,  // never null
    InList,     // children[0] equal to one of list(); null if it is null
    StartsWith, // children[0] (Utf8 or Binary) begins with pattern() bytes: LIKE 'pattern%'
    EndsWith,   // children[0] (Utf8 or Binary) ends with pattern() bytes: LIKE '%pattern'
    Contains,   // children[0] (Utf8 or Binary) holds pattern() bytes: LIKE '%pattern%'
    Between,    // lower <(=) children[0] <(=) upper
    DatePart, // date_part() of children[0] (a date, time or timestamp, zoned ones in UTC) as i64; SQL hour(x)
    Length,   // length of children[0] in length_unit() (string bytes or code points, list elements) as i64
};

/// One node. Nodes are built by the factory functions below and never change.
class Expr {
public:
    ExprKind kind() const { return kind_; }
    std::span<const ExprRef> children() const { return children_; }
    const ExprRef &child(size_t i) const { return children_.at(i); }

    /// Column: the field name.
    const std::string &column() const { return text_; }
    /// GetField: the struct field's name.
    const std::string &field() const { return text_; }
    /// Literal: the value.
    const Scalar &literal() const { return scalars_.at(0); }
    /// Compare: the operator.
    CompareOp op() const { return op_; }
    /// InList: the candidate values.
    std::span<const Scalar> list() const { return scalars_; }
    /// StartsWith, EndsWith, Contains: the bytes to find.
    const std::string &pattern() const { return text_; }
    /// Between: the bounds and whether each excludes equality.
    const Scalar &lower() const { return scalars_.at(0); }
    const Scalar &upper() const { return scalars_.at(1); }
    bool lower_strict() const { return lower_strict_; }
    bool upper_strict() const { return upper_strict_; }
    /// DatePart: which part of the date or the time of day.
    DatePartField date_part() const { return date_part_; }
    /// Length: what it counts.
    LengthUnit length_unit() const { return length_unit_; }

    /// A readable form, e.g. `(a > 10) AND (b IS NULL)`.
    std::string ToString() const;

    struct Token {};
    Expr(Token, ExprKind kind, std::vector<ExprRef> children, std::string text = {});

private:
    friend ExprRef Col(std::string name);
    friend ExprRef Lit(Scalar value);
    friend ExprRef Compare(CompareOp op, ExprRef lhs, ExprRef rhs);
    friend ExprRef InList(ExprRef value, std::vector<Scalar> list);
    friend ExprRef Between(ExprRef value, Scalar lower, Scalar upper, bool lower_strict, bool upper_strict);
    friend ExprRef DatePart(DatePartField field, ExprRef value);
    friend ExprRef Length(LengthUnit unit, ExprRef value);

    ExprKind kind_;
    std::vector<ExprRef> children_;
    std::string text_;
    std::vector<Scalar> scalars_;
    CompareOp op_ = CompareOp::Eq;
    bool lower_strict_ = false;
    bool upper_strict_ = false;
    DatePartField date_part_ = DatePartField::Hour;
    LengthUnit length_unit_ = LengthUnit::Bytes;
};

ExprRef Col(std::string name);
/// The field `name` of a struct-valued operand (SQL `s.name`).
ExprRef GetField(ExprRef value, std::string name);
ExprRef Lit(Scalar value);
ExprRef Compare(CompareOp op, ExprRef lhs, ExprRef rhs);
inline ExprRef Eq(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::Eq, std::move(lhs), std::move(rhs));
}
inline ExprRef NotEq(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::NotEq, std::move(lhs), std::move(rhs));
}
inline ExprRef Gt(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::Gt, std::move(lhs), std::move(rhs));
}
inline ExprRef Gte(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::Gte, std::move(lhs), std::move(rhs));
}
inline ExprRef Lt(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::Lt, std::move(lhs), std::move(rhs));
}
inline ExprRef Lte(ExprRef lhs, ExprRef rhs) {
    return Compare(CompareOp::Lte, std::move(lhs), std::move(rhs));
}
/// Conjunction of every operand; a single operand is returned as is. Nested ANDs flatten.
ExprRef And(std::vector<ExprRef> operands);
inline ExprRef And(ExprRef lhs, ExprRef rhs) {
    return And(std::vector<ExprRef>{std::move(lhs), std::move(rhs)});
}
/// Disjunction of every operand; a single operand is returned as is. Nested ORs flatten.
ExprRef Or(std::vector<ExprRef> operands);
inline ExprRef Or(ExprRef lhs, ExprRef rhs) {
    return Or(std::vector<ExprRef>{std::move(lhs), std::move(rhs)});
}
ExprRef Not(ExprRef operand);
ExprRef IsNull(ExprRef operand);
ExprRef IsNotNull(ExprRef operand);
ExprRef InList(ExprRef value, std::vector<Scalar> list);
ExprRef StartsWith(ExprRef value, std::string prefix);
ExprRef EndsWith(ExprRef value, std::string suffix);
ExprRef Contains(ExprRef value, std::string substring);
ExprRef
Between(ExprRef value, Scalar lower, Scalar upper, bool lower_strict = false, bool upper_strict = false);
/// The hour, minute or second of a time or of a timestamp (a zoned one's UTC instant; compute/date_part.h).
ExprRef DatePart(DatePartField field, ExprRef value);
/// The length of each value: strlen(x), length(x) of a string, len(x) of a list (compute/length.h).
ExprRef Length(LengthUnit unit, ExprRef value);

/// The operands of a top-level AND (or the expression itself).
std::vector<ExprRef> SplitConjuncts(const ExprRef &expr);
/// Every column the expression reads, sorted, without duplicates.
std::vector<std::string> ReferencedColumns(const Expr &expr);

} // namespace vortex::expr
