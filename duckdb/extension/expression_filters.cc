// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/expression_filters.h"

#include <duckdb/common/string_util.hpp>
#include <duckdb/planner/expression/bound_between_expression.hpp>
#include <duckdb/planner/expression/bound_cast_expression.hpp>
#include <duckdb/planner/expression/bound_comparison_expression.hpp>
#include <duckdb/planner/expression/bound_conjunction_expression.hpp>
#include <duckdb/planner/expression/bound_constant_expression.hpp>
#include <duckdb/planner/expression/bound_function_expression.hpp>
#include <duckdb/planner/expression/bound_operator_expression.hpp>

#include "vortex/dtype/extension.h"

#include "duckdb/extension/table_filters.h"
#include "duckdb/extension/temporal_casts.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

class Translator {
public:
    Translator(const std::string &column,
               const DType &dtype,
               const std::function<bool(const dd::Expression &)> &is_column,
               bool utc_session)
        : column_(column), dtype_(dtype), is_column_(is_column), utc_session_(utc_session) {}

    std::optional<expr::ExprRef> Translate(const dd::Expression &e) const {
        if (const std::optional<Subject> subject = SubjectOf(e)) {
            // A boolean column is a predicate by itself (DuckDB makes `b = false` into `NOT b`).
            return subject->dtype->is_bool() ? std::optional<expr::ExprRef>(subject->expr) : std::nullopt;
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

    // A function of the column the scan computes exactly (a length, a date part), with the
    // dtype of its values; nullopt for the bare column and for anything else.
    std::optional<std::pair<expr::ExprRef, DType>> Value(const dd::Expression &e) const {
        if (is_column_(e)) {
            return std::nullopt;
        }
        const std::optional<Subject> subject = SubjectOf(e);
        if (!subject || subject->expr->kind() == expr::ExprKind::Column ||
            subject->expr->kind() == expr::ExprKind::GetField) {
            return std::nullopt;
        }
        return std::pair<expr::ExprRef, DType>{subject->expr, *subject->dtype};
    }

private:
    // What a predicate tests: the column, or a field of it reached through struct_extract
    // (DuckDB's `s.x` and `s.inner.t` in expression filters: IN lists, IS DISTINCT FROM, ...).
    struct Subject {
        expr::ExprRef expr;
        const DType *dtype;
    };

    static const dd::Value *ConstantOf(const dd::Expression &e) {
        return e.GetExpressionClass() == dd::ExpressionClass::BOUND_CONSTANT
                   ? &e.Cast<dd::BoundConstantExpression>().value
                   : nullptr;
    }

    std::optional<Subject> SubjectOf(const dd::Expression &e) const {
        if (is_column_(e)) {
            return Subject{expr::Col(column_), &dtype_};
        }
        if (e.GetExpressionClass() != dd::ExpressionClass::BOUND_FUNCTION) {
            return std::nullopt;
        }
        const auto &function = e.Cast<dd::BoundFunctionExpression>();
        const std::string &name = function.function.name;
        if (const std::optional<DatePartField> field = DatePartOf(name)) {
            return DatePartSubject(*field, function);
        }
        if (const std::optional<LengthUnit> unit = LengthOf(function)) {
            return LengthSubject(*unit, function);
        }
        if ((name != "struct_extract" && name != "struct_extract_at") || function.children.size() != 2) {
            return std::nullopt;
        }
        const std::optional<Subject> parent = SubjectOf(*function.children[0]);
        const dd::Value *key = ConstantOf(*function.children[1]);
        if (!parent || !parent->dtype->is_struct() || key == nullptr || key->IsNull()) {
            return std::nullopt;
        }
        const StructFields &fields = parent->dtype->struct_fields();
        std::optional<size_t> index = FieldIndex(fields, name == "struct_extract_at", *key);
        if (!index) {
            return std::nullopt;
        }
        return Subject{expr::GetField(parent->expr, fields.names[*index]), &fields.dtypes[*index]};
    }

    static std::optional<DatePartField> DatePartOf(const std::string &name) {
        static const std::pair<const char *, DatePartField> names[] = {
            {"hour", DatePartField::Hour},     {"minute", DatePartField::Minute},
            {"second", DatePartField::Second}, {"year", DatePartField::Year},
            {"month", DatePartField::Month},   {"day", DatePartField::Day},
            {"dayofmonth", DatePartField::Day}};
        for (const auto &[known, field] : names) {
            if (name == known) {
                return field;
            }
        }
        return std::nullopt;
    }

    // What DuckDB's length functions count for their argument's type: strlen and octet_length
    // bytes; length, len, char_length and character_length code points of a VARCHAR (not
    // graphemes: that is length_grapheme) and elements of a LIST or ARRAY, as array_length
    // with one argument.
    static std::optional<LengthUnit> LengthOf(const dd::BoundFunctionExpression &function) {
        if (function.children.size() != 1) {
            return std::nullopt;
        }
        const std::string &name = function.function.name;
        const dd::LogicalTypeId input = function.children[0]->return_type.id();
        const bool is_string = input == dd::LogicalTypeId::VARCHAR;
        const bool is_list = input == dd::LogicalTypeId::LIST || input == dd::LogicalTypeId::ARRAY;
        if ((name == "strlen" && is_string) || (name == "octet_length" && input == dd::LogicalTypeId::BLOB)) {
            return LengthUnit::Bytes;
        }
        const bool counts = name == "length" || name == "len" || name == "char_length" ||
                            name == "character_length" || name == "array_length";
        if (counts && is_list) {
            return LengthUnit::Elements;
        }
        if (counts && is_string && name != "array_length") {
            return LengthUnit::CodePoints;
        }
        return std::nullopt;
    }

    // A length of a string, binary or list column (or field) whose dtype has that length.
    std::optional<Subject> LengthSubject(LengthUnit unit, const dd::BoundFunctionExpression &function) const {
        const std::optional<Subject> inner = SubjectOf(*function.children[0]);
        if (!inner) {
            return std::nullopt;
        }
        const DType &dtype = *inner->dtype;
        const bool applies = unit == LengthUnit::Elements ? dtype.is_list() || dtype.is_fixed_size_list()
                             : unit == LengthUnit::Bytes  ? dtype.is_utf8() || dtype.is_binary()
                                                          : dtype.is_utf8();
        if (!applies) {
            return std::nullopt;
        }
        static const DType length_dtype = DType::Primitive(PType::I64, Nullability::Nullable);
        return Subject{expr::Length(unit, inner->expr), &length_dtype};
    }

    // hour(x), minute(x), second(x) of a TIMESTAMP or TIME column (or field), and year(x),
    // month(x), day(x) of a DATE or TIMESTAMP one, or of a TIMESTAMP_S / TIMESTAMP_MS one
    // DuckDB casts to TIMESTAMP first (exact: a multiplication; DuckDB would fail on the few
    // instants that overflow microseconds, the scan does not). Not TIMESTAMP_NS (its cast
    // truncates toward zero, which moves instants before 1970 into another second and day).
    // TIMESTAMPTZ only in a UTC session: its parts are then the UTC instant's.
    std::optional<Subject> DatePartSubject(DatePartField field,
                                           const dd::BoundFunctionExpression &function) const {
        if (function.children.size() != 1) {
            return std::nullopt;
        }
        const dd::Expression *argument = function.children[0].get();
        const dd::LogicalTypeId input = argument->return_type.id();
        const bool zoned = input == dd::LogicalTypeId::TIMESTAMP_TZ;
        const bool calendar = IsCalendarField(field);
        const dd::LogicalTypeId partial = calendar ? dd::LogicalTypeId::DATE : dd::LogicalTypeId::TIME;
        if (input != dd::LogicalTypeId::TIMESTAMP && input != partial && !(zoned && utc_session_)) {
            return std::nullopt;
        }
        if (argument->GetExpressionClass() == dd::ExpressionClass::BOUND_CAST) {
            const auto &cast = argument->Cast<dd::BoundCastExpression>();
            const dd::LogicalTypeId from = cast.child->return_type.id();
            if (input != dd::LogicalTypeId::TIMESTAMP ||
                (from != dd::LogicalTypeId::TIMESTAMP_SEC && from != dd::LogicalTypeId::TIMESTAMP_MS)) {
                return std::nullopt;
            }
            argument = cast.child.get();
        }
        const std::optional<Subject> inner = SubjectOf(*argument);
        if (!inner || !IsTemporal(*inner->dtype)) {
            return std::nullopt;
        }
        const auto metadata = ParseTemporalMetadata(inner->dtype->extension());
        // The column's kind is the argument's: a DATE is a date column, a TIME a time column,
        // and a zoned column reaches here only as TIMESTAMPTZ itself (not through a cast).
        const TemporalMetadata::Kind kind = input == dd::LogicalTypeId::DATE ? TemporalMetadata::Kind::Date
                                            : input == dd::LogicalTypeId::TIME
                                                ? TemporalMetadata::Kind::Time
                                                : TemporalMetadata::Kind::Timestamp;
        if (!metadata.ok() || metadata->kind != kind || metadata->time_zone.has_value() != zoned) {
            return std::nullopt;
        }
        static const DType part_dtype = DType::Primitive(PType::I64, Nullability::Nullable);
        return Subject{expr::DatePart(field, inner->expr), &part_dtype};
    }

    // The field a struct_extract key names: a name (DuckDB binds names case-insensitively) or,
    // for struct_extract_at, a 1-based position.
    static std::optional<size_t>
    FieldIndex(const StructFields &fields, bool by_position, const dd::Value &key) {
        if (by_position) {
            if (!key.type().IsIntegral()) {
                return std::nullopt;
            }
            const auto position = key.GetValue<int64_t>();
            return position >= 1 && static_cast<size_t>(position) <= fields.size()
                       ? std::optional<size_t>(static_cast<size_t>(position) - 1)
                       : std::nullopt;
        }
        if (key.type().id() != dd::LogicalTypeId::VARCHAR) {
            return std::nullopt;
        }
        const std::string &wanted = dd::StringValue::Get(key);
        if (std::optional<size_t> exact = fields.FindField(wanted)) {
            return exact;
        }
        std::optional<size_t> folded;
        for (size_t i = 0; i < fields.size(); ++i) {
            if (dd::StringUtil::CIEquals(fields.names[i], wanted)) {
                if (folded) {
                    return std::nullopt; // ambiguous: leave it to DuckDB
                }
                folded = i;
            }
        }
        return folded;
    }

    // `subject op value` (value not null), or nullopt when the value does not convert.
    static std::optional<expr::ExprRef>
    Compare(const Subject &subject, CompareOp op, const dd::Value &value) {
        auto translated = TranslateComparison(op, subject.expr, value, *subject.dtype);
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
        if (const std::optional<Subject> direct = SubjectOf(subject)) {
            return Compare(*direct, op, value);
        }
        if (subject.GetExpressionClass() != dd::ExpressionClass::BOUND_CAST) {
            return std::nullopt;
        }
        const auto &cast = subject.Cast<dd::BoundCastExpression>();
        const std::optional<Subject> inner = SubjectOf(*cast.child);
        if (!inner) {
            return std::nullopt;
        }
        return TranslateTemporalCast(op, inner->expr, *inner->dtype, cast.child->return_type,
                                     cast.return_type, value, utc_session_);
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
        const std::optional<Subject> target = SubjectOf(*subject);
        if (!target) {
            return std::nullopt;
        }
        const expr::ExprRef &x = target->expr;
        switch (e.GetExpressionType()) {
            case dd::ExpressionType::COMPARE_NOT_DISTINCT_FROM:
                // Equal, with NULL equal to NULL only.
                return value->IsNull() ? std::optional<expr::ExprRef>(expr::IsNull(x))
                                       : Compare(*target, CompareOp::Eq, *value);
            case dd::ExpressionType::COMPARE_DISTINCT_FROM: {
                if (value->IsNull()) {
                    return expr::IsNotNull(x);
                }
                auto unequal = Compare(*target, CompareOp::NotEq, *value);
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
            case dd::ExpressionType::OPERATOR_IS_NOT_NULL: {
                const std::optional<Subject> subject =
                    e.children.size() == 1 ? SubjectOf(*e.children[0]) : std::nullopt;
                if (!subject) {
                    return std::nullopt;
                }
                return e.GetExpressionType() == dd::ExpressionType::OPERATOR_IS_NULL
                           ? expr::IsNull(subject->expr)
                           : expr::IsNotNull(subject->expr);
            }
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
        const std::optional<Subject> subject =
            e.children.size() >= 2 ? SubjectOf(*e.children[0]) : std::nullopt;
        if (!subject) {
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
            auto part = Compare(*subject, negated ? CompareOp::NotEq : CompareOp::Eq, *value);
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
        if ((name != "prefix" && name != "suffix" && name != "contains") || e.children.size() != 2) {
            return std::nullopt;
        }
        const std::optional<Subject> subject = SubjectOf(*e.children[0]);
        if (!subject || !subject->dtype->is_utf8()) {
            return std::nullopt;
        }
        const dd::Value *value = ConstantOf(*e.children[1]);
        if (value == nullptr || value->IsNull() || value->type().id() != dd::LogicalTypeId::VARCHAR) {
            return std::nullopt;
        }
        std::string text = dd::StringValue::Get(*value);
        expr::ExprRef column = subject->expr;
        if (name == "prefix") {
            return expr::StartsWith(std::move(column), std::move(text));
        }
        return name == "suffix" ? expr::EndsWith(std::move(column), std::move(text))
                                : expr::Contains(std::move(column), std::move(text));
    }

    const std::string &column_;
    const DType &dtype_;
    const std::function<bool(const dd::Expression &)> &is_column_;
    const bool utc_session_;
};

} // namespace

std::optional<expr::ExprRef>
TranslateFilterExpression(const dd::Expression &expression,
                          const std::string &column,
                          const DType &dtype,
                          const std::function<bool(const dd::Expression &)> &is_column,
                          bool utc_session) {
    return Translator(column, dtype, is_column, utc_session).Translate(expression);
}

std::optional<std::pair<expr::ExprRef, DType>>
TranslateValueExpression(const dd::Expression &expression,
                         const std::string &column,
                         const DType &dtype,
                         const std::function<bool(const dd::Expression &)> &is_column,
                         bool utc_session) {
    return Translator(column, dtype, is_column, utc_session).Value(expression);
}

} // namespace vortex::duckdb_ext
