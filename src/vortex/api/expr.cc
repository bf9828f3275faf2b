// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr.hpp"

#include "vortex/api/api_internal.h"
#include "vortex/expr/parse.h"

namespace vortex::api {
namespace {

std::vector<expr::ExprRef> Unwrapped(const std::vector<Expr> &operands) {
    std::vector<expr::ExprRef> out;
    out.reserve(operands.size());
    for (const Expr &operand : operands) {
        out.push_back(Unwrap(operand));
    }
    return out;
}

Expr Compared(CompareOp op, const Expr &lhs, const Expr &rhs) {
    return Wrap(expr::Compare(op, Unwrap(lhs), Unwrap(rhs)));
}

} // namespace

Expr Wrap(expr::ExprRef expr) {
    return Expr(std::make_shared<const Expr::Impl>(Expr::Impl{std::move(expr)}));
}

Result<Expr> Expr::Parse(std::string_view text, const DType &scope) {
    return ToPublic(expr::ParseExpr(text, Unwrap(scope)), [](expr::ExprRef e) { return Wrap(std::move(e)); });
}

std::string Expr::ToString() const {
    return impl_->expr->ToString();
}

Expr Col(std::string name) {
    return Wrap(expr::Col(std::move(name)));
}

Expr GetField(const Expr &value, std::string name) {
    return Wrap(expr::GetField(Unwrap(value), std::move(name)));
}

Expr Lit(const Scalar &value) {
    return Wrap(expr::Lit(Unwrap(value)));
}
Expr Lit(bool value) {
    return Lit(Scalar::Bool(value));
}
Expr Lit(int32_t value) {
    return Lit(Scalar::Int32(value));
}
Expr Lit(int64_t value) {
    return Lit(Scalar::Int64(value));
}
Expr Lit(uint64_t value) {
    return Lit(Scalar::UInt64(value));
}
Expr Lit(double value) {
    return Lit(Scalar::Float64(value));
}
Expr Lit(const char *value) {
    return Lit(std::string(value));
}
Expr Lit(const std::string &value) {
    // Invalid UTF-8 becomes a binary literal, which compares with binary columns.
    Result<Scalar> text = Scalar::Utf8(value);
    return text.ok() ? Lit(*text)
                     : Lit(Scalar::Binary(std::span<const uint8_t>(
                           reinterpret_cast<const uint8_t *>(value.data()), value.size())));
}

Expr operator==(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::Eq, lhs, rhs);
}
Expr operator!=(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::NotEq, lhs, rhs);
}
Expr operator<(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::Lt, lhs, rhs);
}
Expr operator<=(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::Lte, lhs, rhs);
}
Expr operator>(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::Gt, lhs, rhs);
}
Expr operator>=(const Expr &lhs, const Expr &rhs) {
    return Compared(CompareOp::Gte, lhs, rhs);
}
Expr operator&&(const Expr &lhs, const Expr &rhs) {
    return Wrap(expr::And(Unwrap(lhs), Unwrap(rhs)));
}
Expr operator||(const Expr &lhs, const Expr &rhs) {
    return Wrap(expr::Or(Unwrap(lhs), Unwrap(rhs)));
}
Expr operator!(const Expr &operand) {
    return Wrap(expr::Not(Unwrap(operand)));
}
Expr And(const std::vector<Expr> &operands) {
    return operands.empty() ? Lit(true) : Wrap(expr::And(Unwrapped(operands)));
}
Expr Or(const std::vector<Expr> &operands) {
    return operands.empty() ? Lit(false) : Wrap(expr::Or(Unwrapped(operands)));
}
Expr IsNull(const Expr &operand) {
    return Wrap(expr::IsNull(Unwrap(operand)));
}
Expr IsNotNull(const Expr &operand) {
    return Wrap(expr::IsNotNull(Unwrap(operand)));
}

Expr In(const Expr &value, const std::vector<Scalar> &candidates) {
    std::vector<vortex::Scalar> list;
    list.reserve(candidates.size());
    for (const Scalar &candidate : candidates) {
        list.push_back(Unwrap(candidate));
    }
    return Wrap(expr::InList(Unwrap(value), std::move(list)));
}

Expr Between(
    const Expr &value, const Scalar &lower, const Scalar &upper, bool lower_strict, bool upper_strict) {
    return Wrap(expr::Between(Unwrap(value), Unwrap(lower), Unwrap(upper), lower_strict, upper_strict));
}

Expr StartsWith(const Expr &value, std::string text) {
    return Wrap(expr::StartsWith(Unwrap(value), std::move(text)));
}
Expr EndsWith(const Expr &value, std::string text) {
    return Wrap(expr::EndsWith(Unwrap(value), std::move(text)));
}
Expr Contains(const Expr &value, std::string text) {
    return Wrap(expr::Contains(Unwrap(value), std::move(text)));
}

} // namespace vortex::api
