// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/expression_filters.h"

#include <duckdb/planner/expression/bound_between_expression.hpp>
#include <duckdb/planner/expression/bound_cast_expression.hpp>
#include <duckdb/planner/expression/bound_comparison_expression.hpp>
#include <duckdb/planner/expression/bound_conjunction_expression.hpp>
#include <duckdb/planner/expression/bound_constant_expression.hpp>
#include <duckdb/planner/expression/bound_function_expression.hpp>
#include <duckdb/planner/expression/bound_operator_expression.hpp>

#include "duckdb/extension/table_filters.h"
#include "duckdb/extension/temporal_casts.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

class Translator {
public:
    Translator(const std::string &column,
               const DType &dtype,
               const std::function<bool(const dd::Expression &)> &is_column)
        : column_(column), dtype_(dtype), is_column_(is_column) {}

    std::optional<expr::ExprRef> Translate(const dd::Expression &e) const {
        if (is_column_(e)) {
            // A boolean column is a predicate by itself (DuckDB makes `b = false` into `NOT b`).
            return dtype_.is_bool() ? std::optional<expr::ExprRef>(expr::Col(column_)) : std::nullopt;
        }
        switch (e.GetExpressionClass()) {
            case dd::ExpressionClass::BOUND_COMPARISON:
                return Comparison(e.Cast<dd::BoundComparisonExpression>());
            case dd::ExpressionClass::BOUND_BETWEEN:
                return Between(e.Cast<dd::BoundBetweenExpression>());
            case dd::ExpressionClass::BOUND_OPERATOR:
                return Operator(e.Cast<dd::BoundOperatorExpression>());
            case dd::ExpressionClass::BOUND_CONJUNCTION:
                return Conjunction(e.Cast<dd::BoundConjunctionExpression>());
            case dd::ExpressionClass::BOUND_FUNCTION:
                return Function(e.Cast<dd::BoundFunctionExpression>());
            default:
                return std::nullopt;
        }
    }

private:
    static const dd::Value *ConstantOf(const dd::Expression &e) {
        return e.GetExpressionClass() == dd::ExpressionClass::BOUND_CONSTANT
                   ? &e.Cast<dd::BoundConstantExpression>().value
                   : nullptr;
    }

    // `column op value` (value not null), or nullopt when the value does not convert.
    std::optional<expr::ExprRef> Compare(CompareOp op, const dd::Value &value) const {
        auto translated = TranslateComparison(op, expr::Col(column_), value, dtype_);
        return translated.ok() ? std::optional<expr::ExprRef>(*std::move(translated)) : std::nullopt;
    }

    // The comparison operator of `type` with its operands swapped when `swapped`.
    static std::optional<CompareOp> OrderOp(dd::ExpressionType type, bool swapped) {
        switch (type) {
            case dd::ExpressionType::COMPARE_EQUAL:
                return CompareOp::Eq;
            case dd::ExpressionType::COMPARE_NOTEQUAL:
                return CompareOp::NotEq;
            case dd::ExpressionType::COMPARE_LESSTHAN:
                return swapped ? CompareOp::Gt : CompareOp::Lt;
            case dd::ExpressionType::COMPARE_LESSTHANOREQUALTO:
                return swapped ? CompareOp::Gte : CompareOp::Lte;
            case dd::ExpressionType::COMPARE_GREATERTHAN:
                return swapped ? CompareOp::Lt : CompareOp::Gt;
            case dd::ExpressionType::COMPARE_GREATERTHANOREQUALTO:
                return swapped ? CompareOp::Lte : CompareOp::Gte;
            default:
                return std::nullopt;
        }
    }

    // `subject op value` where subject is the column or a temporal cast of it.
    std::optional<expr::ExprRef>
    CompareSubject(CompareOp op, const dd::Expression &subject, const dd::Value &value) const {
        if (is_column_(subject)) {
            return Compare(op, value);
        }
        if (subject.GetExpressionClass() != dd::ExpressionClass::BOUND_CAST) {
            return std::nullopt;
        }
        const auto &cast = subject.Cast<dd::BoundCastExpression>();
        if (!is_column_(*cast.child)) {
            return std::nullopt;
        }
        return TranslateTemporalCast(op, expr::Col(column_), dtype_, cast.child->return_type,
                                     cast.return_type, value);
    }

    std::optional<expr::ExprRef> Comparison(const dd::BoundComparisonExpression &e) const {
        const dd::Value *value = ConstantOf(*e.right);
        const dd::Expression *subject = e.left.get();
        bool swapped = false;
        if (value == nullptr) {
            value = ConstantOf(*e.left);
            subject = e.right.get();
            swapped = true;
        }
        if (value == nullptr) {
            return std::nullopt;
        }
        if (const std::optional<CompareOp> op = OrderOp(e.GetExpressionType(), swapped)) {
            // A NULL constant compares to NULL: no row.
            return value->IsNull() ? std::optional<expr::ExprRef>(
                                         expr::Lit(Scalar::Bool(false, Nullability::NonNullable)))
                                   : CompareSubject(*op, *subject, *value);
        }
        if (!is_column_(*subject)) {
            return std::nullopt;
        }
        const expr::ExprRef x = expr::Col(column_);
        switch (e.GetExpressionType()) {
            case dd::ExpressionType::COMPARE_NOT_DISTINCT_FROM:
                // Equal, with NULL equal to NULL only.
                return value->IsNull() ? std::optional<expr::ExprRef>(expr::IsNull(x))
                                       : Compare(CompareOp::Eq, *value);
            case dd::ExpressionType::COMPARE_DISTINCT_FROM: {
                if (value->IsNull()) {
                    return expr::IsNotNull(x);
                }
                auto unequal = Compare(CompareOp::NotEq, *value);
                return unequal ? std::optional<expr::ExprRef>(expr::Or(expr::IsNull(x), *unequal))
                               : std::nullopt;
            }
            default:
                return std::nullopt;
        }
    }

    // `subject BETWEEN lower AND upper` (either bound strict or not) as two comparisons.
    std::optional<expr::ExprRef> Between(const dd::BoundBetweenExpression &e) const {
        const dd::Value *lower = ConstantOf(*e.lower);
        const dd::Value *upper = ConstantOf(*e.upper);
        if (lower == nullptr || upper == nullptr) {
            return std::nullopt;
        }
        if (lower->IsNull() || upper->IsNull()) {
            return std::nullopt; // NULL bounds make some rows NULL and others false: leave to DuckDB
        }
        auto low = CompareSubject(e.lower_inclusive ? CompareOp::Gte : CompareOp::Gt, *e.input, *lower);
        auto high = CompareSubject(e.upper_inclusive ? CompareOp::Lte : CompareOp::Lt, *e.input, *upper);
        if (!low || !high) {
            return std::nullopt;
        }
        return expr::And(*std::move(low), *std::move(high));
    }

    std::optional<expr::ExprRef> Operator(const dd::BoundOperatorExpression &e) const {
        switch (e.GetExpressionType()) {
            case dd::ExpressionType::OPERATOR_IS_NULL:
            case dd::ExpressionType::OPERATOR_IS_NOT_NULL:
                if (e.children.size() != 1 || !is_column_(*e.children[0])) {
                    return std::nullopt;
                }
                return e.GetExpressionType() == dd::ExpressionType::OPERATOR_IS_NULL
                           ? expr::IsNull(expr::Col(column_))
                           : expr::IsNotNull(expr::Col(column_));
            case dd::ExpressionType::OPERATOR_NOT: {
                if (e.children.size() != 1) {
                    return std::nullopt;
                }
                auto operand = Translate(*e.children[0]);
                return operand ? std::optional<expr::ExprRef>(expr::Not(*operand)) : std::nullopt;
            }
            case dd::ExpressionType::COMPARE_IN:
            case dd::ExpressionType::COMPARE_NOT_IN:
                return InList(e, e.GetExpressionType() == dd::ExpressionType::COMPARE_NOT_IN);
            default:
                return std::nullopt;
        }
    }

    // x IN (...) as an OR of equalities, x NOT IN (...) as an AND of inequalities; a NULL in
    // the list makes NOT IN never true and adds nothing to IN.
    std::optional<expr::ExprRef> InList(const dd::BoundOperatorExpression &e, bool negated) const {
        if (e.children.size() < 2 || !is_column_(*e.children[0])) {
            return std::nullopt;
        }
        std::vector<expr::ExprRef> parts;
        bool has_null = false;
        for (size_t i = 1; i < e.children.size(); ++i) {
            const dd::Value *value = ConstantOf(*e.children[i]);
            if (value == nullptr) {
                return std::nullopt;
            }
            if (value->IsNull()) {
                has_null = true;
                continue;
            }
            auto part = Compare(negated ? CompareOp::NotEq : CompareOp::Eq, *value);
            if (!part) {
                return std::nullopt;
            }
            parts.push_back(*std::move(part));
        }
        if (parts.empty() || (negated && has_null)) {
            return expr::Lit(Scalar::Bool(false, Nullability::NonNullable));
        }
        if (parts.size() == 1) {
            return parts[0];
        }
        return negated ? expr::And(std::move(parts)) : expr::Or(std::move(parts));
    }

    std::optional<expr::ExprRef> Conjunction(const dd::BoundConjunctionExpression &e) const {
        std::vector<expr::ExprRef> parts;
        for (const auto &child : e.children) {
            auto part = Translate(*child);
            if (!part) {
                return std::nullopt;
            }
            parts.push_back(*std::move(part));
        }
        if (parts.empty()) {
            return std::nullopt;
        }
        return e.GetExpressionType() == dd::ExpressionType::CONJUNCTION_AND ? expr::And(std::move(parts))
                                                                            : expr::Or(std::move(parts));
    }

    // prefix(x, 'text'), suffix(x, 'text') and contains(x, 'text'): what DuckDB makes of LIKE
    // 'text%', '%text' and '%text%' on strings.
    std::optional<expr::ExprRef> Function(const dd::BoundFunctionExpression &e) const {
        const std::string &name = e.function.name;
        if ((name != "prefix" && name != "suffix" && name != "contains") || e.children.size() != 2 ||
            !is_column_(*e.children[0]) || !dtype_.is_utf8()) {
            return std::nullopt;
        }
        const dd::Value *value = ConstantOf(*e.children[1]);
        if (value == nullptr || value->IsNull() || value->type().id() != dd::LogicalTypeId::VARCHAR) {
            return std::nullopt;
        }
        std::string text = dd::StringValue::Get(*value);
        expr::ExprRef column = expr::Col(column_);
        if (name == "prefix") {
            return expr::StartsWith(std::move(column), std::move(text));
        }
        return name == "suffix" ? expr::EndsWith(std::move(column), std::move(text))
                                : expr::Contains(std::move(column), std::move(text));
    }

    const std::string &column_;
    const DType &dtype_;
    const std::function<bool(const dd::Expression &)> &is_column_;
};

} // namespace

std::optional<expr::ExprRef>
TranslateFilterExpression(const dd::Expression &expression,
                          const std::string &column,
                          const DType &dtype,
                          const std::function<bool(const dd::Expression &)> &is_column) {
    return Translator(column, dtype, is_column).Translate(expression);
}

} // namespace vortex::duckdb_ext
