// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr/expression.h"

#include <algorithm>

#include "vortex/base/check.h"
#include "vortex/base/format.h"

namespace vortex::expr {
namespace {

std::string_view OpSymbol(CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return "=";
        case CompareOp::NotEq:
            return "!=";
        case CompareOp::Gt:
            return ">";
        case CompareOp::Gte:
            return ">=";
        case CompareOp::Lt:
            return "<";
        case CompareOp::Lte:
            return "<=";
    }
    return "?";
}

std::string Join(std::span<const ExprRef> children, std::string_view separator) {
    std::string out;
    for (size_t i = 0; i < children.size(); ++i) {
        if (i > 0) {
            out += separator;
        }
        out += "(" + children[i]->ToString() + ")";
    }
    return out;
}

// Flattens nested nodes of `kind` into one operand list.
std::vector<ExprRef> Flatten(ExprKind kind, std::vector<ExprRef> operands) {
    std::vector<ExprRef> out;
    for (ExprRef &operand : operands) {
        VX_CHECK_MSG(operand != nullptr, "null expression operand");
        if (operand->kind() == kind) {
            out.insert(out.end(), operand->children().begin(), operand->children().end());
        } else {
            out.push_back(std::move(operand));
        }
    }
    return out;
}

// `text` as a LIKE pattern that matches it literally: `%`, `_` and `\` escaped with `\`, so
// that each node prints differently (the evaluation cache keys on the printed form).
std::string EscapeLike(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '%' || c == '_' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out;
}

// A field name as written after a '.': bare when it is an identifier, else double-quoted.
std::string FieldName(const std::string &name) {
    const bool identifier = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }) && !(name[0] >= '0' && name[0] <= '9');
    if (identifier) {
        return name;
    }
    std::string quoted = "\"";
    for (const char c : name) {
        quoted += c == '"' ? "\"\"" : std::string(1, c);
    }
    return quoted + "\"";
}

void CollectColumns(const Expr &expr, std::vector<std::string> &out) {
    if (expr.kind() == ExprKind::Column) {
        out.push_back(expr.column());
    }
    for (const ExprRef &child : expr.children()) {
        CollectColumns(*child, out);
    }
}

} // namespace

Expr::Expr(Token, ExprKind kind, std::vector<ExprRef> children, std::string text)
    : kind_(kind), children_(std::move(children)), text_(std::move(text)) {
    for (const ExprRef &child : children_) {
        VX_CHECK_MSG(child != nullptr, "null expression operand");
    }
}

std::string Expr::ToString() const {
    switch (kind_) {
        case ExprKind::Column:
            return text_;
        case ExprKind::GetField:
            return children_[0]->ToString() + "." + FieldName(text_);
        case ExprKind::Literal:
            return literal().ToString();
        case ExprKind::Compare:
            return vortex::format("{} {} {}", children_[0]->ToString(), OpSymbol(op_),
                                  children_[1]->ToString());
        case ExprKind::And:
            return Join(children_, " AND ");
        case ExprKind::Or:
            return Join(children_, " OR ");
        case ExprKind::Not:
            return "NOT (" + children_[0]->ToString() + ")";
        case ExprKind::IsNull:
            return children_[0]->ToString() + " IS NULL";
        case ExprKind::IsNotNull:
            return children_[0]->ToString() + " IS NOT NULL";
        case ExprKind::InList: {
            std::string out = children_[0]->ToString() + " IN (";
            for (size_t i = 0; i < scalars_.size(); ++i) {
                out += (i > 0 ? ", " : "") + scalars_[i].ToString();
            }
            return out + ")";
        }
        case ExprKind::StartsWith:
            return vortex::format("{} LIKE '{}%'", children_[0]->ToString(), EscapeLike(text_));
        case ExprKind::EndsWith:
            return vortex::format("{} LIKE '%{}'", children_[0]->ToString(), EscapeLike(text_));
        case ExprKind::Contains:
            return vortex::format("{} LIKE '%{}%'", children_[0]->ToString(), EscapeLike(text_));
        case ExprKind::Between:
            return vortex::format("{} {} {} {} {}", lower().ToString(),
                                  lower_strict_ ? "<" : "<=", children_[0]->ToString(),
                                  upper_strict_ ? "<" : "<=", upper().ToString());
        case ExprKind::DatePart:
            return vortex::format("{}({})", DatePartName(date_part_), children_[0]->ToString());
        case ExprKind::Length:
            return vortex::format("{}({})", LengthUnitName(length_unit_), children_[0]->ToString());
    }
    return "?";
}

ExprRef Col(std::string name) {
    auto expr = std::make_shared<Expr>(Expr::Token{}, ExprKind::Column, std::vector<ExprRef>{});
    expr->text_ = std::move(name);
    return expr;
}

ExprRef GetField(ExprRef value, std::string name) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::GetField, std::vector<ExprRef>{std::move(value)},
                                  std::move(name));
}

ExprRef Lit(Scalar value) {
    auto expr = std::make_shared<Expr>(Expr::Token{}, ExprKind::Literal, std::vector<ExprRef>{});
    expr->scalars_.push_back(std::move(value));
    return expr;
}

ExprRef Compare(CompareOp op, ExprRef lhs, ExprRef rhs) {
    auto expr = std::make_shared<Expr>(Expr::Token{}, ExprKind::Compare,
                                       std::vector<ExprRef>{std::move(lhs), std::move(rhs)});
    expr->op_ = op;
    return expr;
}

ExprRef And(std::vector<ExprRef> operands) {
    VX_CHECK_MSG(!operands.empty(), "AND of no operands");
    operands = Flatten(ExprKind::And, std::move(operands));
    if (operands.size() == 1) {
        return operands[0];
    }
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::And, std::move(operands));
}

ExprRef Or(std::vector<ExprRef> operands) {
    VX_CHECK_MSG(!operands.empty(), "OR of no operands");
    operands = Flatten(ExprKind::Or, std::move(operands));
    if (operands.size() == 1) {
        return operands[0];
    }
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::Or, std::move(operands));
}

ExprRef Not(ExprRef operand) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::Not, std::vector<ExprRef>{std::move(operand)});
}

ExprRef IsNull(ExprRef operand) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::IsNull, std::vector<ExprRef>{std::move(operand)});
}

ExprRef IsNotNull(ExprRef operand) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::IsNotNull,
                                  std::vector<ExprRef>{std::move(operand)});
}

ExprRef InList(ExprRef value, std::vector<Scalar> list) {
    auto expr =
        std::make_shared<Expr>(Expr::Token{}, ExprKind::InList, std::vector<ExprRef>{std::move(value)});
    expr->scalars_ = std::move(list);
    return expr;
}

ExprRef StartsWith(ExprRef value, std::string prefix) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::StartsWith, std::vector<ExprRef>{std::move(value)},
                                  std::move(prefix));
}

ExprRef EndsWith(ExprRef value, std::string suffix) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::EndsWith, std::vector<ExprRef>{std::move(value)},
                                  std::move(suffix));
}

ExprRef Contains(ExprRef value, std::string substring) {
    return std::make_shared<Expr>(Expr::Token{}, ExprKind::Contains, std::vector<ExprRef>{std::move(value)},
                                  std::move(substring));
}

ExprRef Between(ExprRef value, Scalar lower, Scalar upper, bool lower_strict, bool upper_strict) {
    auto expr =
        std::make_shared<Expr>(Expr::Token{}, ExprKind::Between, std::vector<ExprRef>{std::move(value)});
    expr->scalars_ = {std::move(lower), std::move(upper)};
    expr->lower_strict_ = lower_strict;
    expr->upper_strict_ = upper_strict;
    return expr;
}

ExprRef DatePart(DatePartField field, ExprRef value) {
    auto expr =
        std::make_shared<Expr>(Expr::Token{}, ExprKind::DatePart, std::vector<ExprRef>{std::move(value)});
    expr->date_part_ = field;
    return expr;
}

ExprRef Length(LengthUnit unit, ExprRef value) {
    auto expr =
        std::make_shared<Expr>(Expr::Token{}, ExprKind::Length, std::vector<ExprRef>{std::move(value)});
    expr->length_unit_ = unit;
    return expr;
}

std::vector<ExprRef> SplitConjuncts(const ExprRef &expr) {
    if (expr->kind() == ExprKind::And) {
        return {expr->children().begin(), expr->children().end()};
    }
    return {expr};
}

std::vector<std::string> ReferencedColumns(const Expr &expr) {
    std::vector<std::string> out;
    CollectColumns(expr, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace vortex::expr
