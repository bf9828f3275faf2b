// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/table_filters.h"

#include <duckdb/planner/expression/bound_reference_expression.hpp>
#include <duckdb/planner/filter/conjunction_filter.hpp>
#include <duckdb/planner/filter/constant_filter.hpp>
#include <duckdb/planner/filter/expression_filter.hpp>
#include <duckdb/planner/filter/in_filter.hpp>
#include <duckdb/planner/filter/null_filter.hpp>
#include <duckdb/planner/filter/optional_filter.hpp>
#include <duckdb/planner/filter/struct_filter.hpp>

#include "duckdb/extension/expression_filters.h"
#include "duckdb/extension/float_filters.h"
#include "duckdb/extension/logical_types.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

std::optional<CompareOp> ToCompareOp(dd::ExpressionType type) {
    switch (type) {
        case dd::ExpressionType::COMPARE_EQUAL:
            return CompareOp::Eq;
        case dd::ExpressionType::COMPARE_NOTEQUAL:
            return CompareOp::NotEq;
        case dd::ExpressionType::COMPARE_GREATERTHAN:
            return CompareOp::Gt;
        case dd::ExpressionType::COMPARE_GREATERTHANOREQUALTO:
            return CompareOp::Gte;
        case dd::ExpressionType::COMPARE_LESSTHAN:
            return CompareOp::Lt;
        case dd::ExpressionType::COMPARE_LESSTHANOREQUALTO:
            return CompareOp::Lte;
        default:
            return std::nullopt;
    }
}

Result<Scalar> Literal(const dd::Value &value, const DType &dtype) {
    std::optional<Scalar> scalar = ToScalar(value, dtype);
    VX_ENSURE(scalar.has_value(), NotImplemented, "read_vortex: cannot compare a {} column with {} ({})",
              dtype.ToString(), value.ToString(), value.type().ToString());
    return *std::move(scalar);
}

// Optional IN lists longer than this are applied as their range only.
constexpr size_t kMaxOptionalInList = 16;

bool IsF32OrF64(const DType &dtype) {
    return dtype.is_primitive() && (dtype.ptype() == PType::F32 || dtype.ptype() == PType::F64);
}

} // namespace

Result<expr::ExprRef>
TranslateComparison(CompareOp op, const expr::ExprRef &subject, const dd::Value &value, const DType &dtype) {
    if (IsF32OrF64(dtype)) {
        std::optional<expr::ExprRef> translated = FloatComparison(op, subject, value, dtype);
        VX_ENSURE(translated.has_value(), NotImplemented,
                  "read_vortex: cannot compare a {} column with {} ({})", dtype.ToString(), value.ToString(),
                  value.type().ToString());
        return *std::move(translated);
    }
    VX_ASSIGN_OR_RETURN(Scalar literal, Literal(value, dtype));
    return expr::Compare(op, subject, expr::Lit(std::move(literal)));
}

namespace {

// min(values) <= subject <= max(values), or nullopt when a value does not translate.
std::optional<expr::ExprRef>
RangeOf(const dd::vector<dd::Value> &values, const expr::ExprRef &subject, const DType &dtype) {
    const dd::Value *lo = &values.front();
    const dd::Value *hi = &values.front();
    for (const dd::Value &value : values) {
        if (value.IsNull()) {
            continue;
        }
        lo = value < *lo ? &value : lo;
        hi = *hi < value ? &value : hi;
    }
    if (IsF32OrF64(dtype)) {
        // DuckDB orders the keys (NaN last, -0.0 equal to 0.0); the bounds must too.
        auto lower = FloatComparison(CompareOp::Gte, subject, *lo, dtype);
        auto upper = FloatComparison(CompareOp::Lte, subject, *hi, dtype);
        if (!lower || !upper) {
            return std::nullopt;
        }
        return expr::And(*std::move(lower), *std::move(upper));
    }
    std::optional<Scalar> lower = ToScalar(*lo, dtype);
    std::optional<Scalar> upper = ToScalar(*hi, dtype);
    if (!lower || !upper) {
        return std::nullopt;
    }
    return expr::Between(subject, *std::move(lower), *std::move(upper), /*lower_strict=*/false,
                         /*upper_strict=*/false);
}

} // namespace

bool AcceptsTableFilters(const DType &dtype) {
    switch (dtype.kind()) {
        case DTypeKind::Bool:
        case DTypeKind::Decimal:
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return ToLogicalType(dtype).ok();
        case DTypeKind::Struct:
            for (const DType &field : dtype.struct_fields().dtypes) {
                if (!AcceptsTableFilters(field)) {
                    return false;
                }
            }
            return ToLogicalType(dtype).ok();
        case DTypeKind::Primitive:
            // Floats with DuckDB's NaN and zero semantics (float_filters.h); f16 shows as FLOAT.
            return dtype.ptype() != PType::F16;
        case DTypeKind::Extension: {
            if (!IsTemporal(dtype)) {
                return AcceptsTableFilters(dtype.extension().storage);
            }
            auto temporal = ParseTemporalMetadata(dtype.extension());
            if (!temporal.ok()) {
                return false;
            }
            // Only units DuckDB keeps as they are: a DuckDB constant then always has an exact
            // counterpart in the column's unit.
            return DuckDBScale(*temporal).identity();
        }
        default:
            return false;
    }
}

Result<std::optional<expr::ExprRef>> TranslateTableFilter(const dd::TableFilter &filter,
                                                          const expr::ExprRef &subject,
                                                          const DType &dtype,
                                                          bool utc_session) {
    switch (filter.filter_type) {
        case dd::TableFilterType::CONSTANT_COMPARISON: {
            const auto &constant = filter.Cast<dd::ConstantFilter>();
            const std::optional<CompareOp> op = ToCompareOp(constant.comparison_type);
            VX_ENSURE(op.has_value(), NotImplemented, "read_vortex: unsupported comparison {}",
                      dd::ExpressionTypeToString(constant.comparison_type));
            VX_ASSIGN_OR_RETURN(expr::ExprRef compare,
                                TranslateComparison(*op, subject, constant.constant, dtype));
            return std::optional<expr::ExprRef>(std::move(compare));
        }
        case dd::TableFilterType::IS_NULL:
            return std::optional<expr::ExprRef>(expr::IsNull(subject));
        case dd::TableFilterType::IS_NOT_NULL:
            return std::optional<expr::ExprRef>(expr::IsNotNull(subject));
        case dd::TableFilterType::CONJUNCTION_AND:
        case dd::TableFilterType::CONJUNCTION_OR: {
            const bool is_and = filter.filter_type == dd::TableFilterType::CONJUNCTION_AND;
            std::vector<expr::ExprRef> children;
            const auto &child_filters = is_and ? filter.Cast<dd::ConjunctionAndFilter>().child_filters
                                               : filter.Cast<dd::ConjunctionOrFilter>().child_filters;
            for (const auto &child : child_filters) {
                VX_ASSIGN_OR_RETURN(std::optional<expr::ExprRef> translated,
                                    TranslateTableFilter(*child, subject, dtype, utc_session));
                if (translated.has_value()) {
                    children.push_back(*std::move(translated));
                } else if (!is_and) {
                    // An OR with a droppable branch may hold for any row: drop all of it.
                    return std::optional<expr::ExprRef>();
                }
            }
            if (children.empty()) {
                return std::optional<expr::ExprRef>();
            }
            if (children.size() == 1) {
                return std::optional<expr::ExprRef>(std::move(children[0]));
            }
            return std::optional<expr::ExprRef>(is_and ? expr::And(std::move(children))
                                                       : expr::Or(std::move(children)));
        }
        case dd::TableFilterType::IN_FILTER: {
            if (IsF32OrF64(dtype)) {
                std::vector<expr::ExprRef> equalities;
                for (const dd::Value &value : filter.Cast<dd::InFilter>().values) {
                    VX_ASSIGN_OR_RETURN(expr::ExprRef equal,
                                        TranslateComparison(CompareOp::Eq, subject, value, dtype));
                    equalities.push_back(std::move(equal));
                }
                return std::optional<expr::ExprRef>(expr::Or(std::move(equalities)));
            }
            std::vector<Scalar> values;
            for (const dd::Value &value : filter.Cast<dd::InFilter>().values) {
                VX_ASSIGN_OR_RETURN(Scalar literal, Literal(value, dtype));
                values.push_back(std::move(literal));
            }
            return std::optional<expr::ExprRef>(expr::InList(subject, std::move(values)));
        }
        case dd::TableFilterType::OPTIONAL_FILTER: {
            // Applying it is allowed but not required: use it when it translates.
            const auto &child = filter.Cast<dd::OptionalFilter>().child_filter;
            if (child == nullptr) {
                return std::optional<expr::ExprRef>();
            }
            if (child->filter_type == dd::TableFilterType::IN_FILTER &&
                child->Cast<dd::InFilter>().values.size() > kMaxOptionalInList) {
                // A hash join's build keys: their range prunes zones and drops most probe rows
                // in two comparisons; the join itself still matches every key.
                return RangeOf(child->Cast<dd::InFilter>().values, subject, dtype);
            }
            auto translated = TranslateTableFilter(*child, subject, dtype, utc_session);
            return translated.ok() ? *std::move(translated) : std::optional<expr::ExprRef>();
        }
        case dd::TableFilterType::EXPRESSION_FILTER: {
            // Only expressions ReadVortexPushdownExpression accepted (on top-level columns) reach
            // here; the column is the filter's bound reference.
            VX_ENSURE(subject->kind() == expr::ExprKind::Column, NotImplemented,
                      "read_vortex: an expression filter on {}", subject->ToString());
            std::optional<expr::ExprRef> translated = TranslateFilterExpression(
                *filter.Cast<dd::ExpressionFilter>().expr, subject->column(), dtype,
                [](const dd::Expression &e) {
                    return e.GetExpressionClass() == dd::ExpressionClass::BOUND_REF;
                },
                utc_session);
            VX_ENSURE(translated.has_value(), NotImplemented, "read_vortex: unsupported filter {}",
                      filter.ToString(subject->ToString()));
            return translated;
        }
        case dd::TableFilterType::STRUCT_EXTRACT: {
            // `s.x op constant`: the child filter over the field.
            const auto &field_filter = filter.Cast<dd::StructFilter>();
            VX_ENSURE(dtype.is_struct() && field_filter.child_idx < dtype.struct_fields().size(), Internal,
                      "read_vortex: a filter on field {} of {}", field_filter.child_name, dtype);
            const StructFields &fields = dtype.struct_fields();
            return TranslateTableFilter(*field_filter.child_filter,
                                        expr::GetField(subject, fields.names[field_filter.child_idx]),
                                        fields.dtypes[field_filter.child_idx], utc_session);
        }
        case dd::TableFilterType::DYNAMIC_FILTER:
            // Top-N bounds that change while the scan runs; DuckDB's operator keeps applying them.
            return std::optional<expr::ExprRef>();
        default:
            break;
    }
    return Status::NotImplemented("read_vortex: unsupported table filter {}",
                                  filter.ToString(subject->ToString()));
}

Result<SplitFilter> SplitTableFilter(const dd::TableFilter &filter,
                                     const expr::ExprRef &subject,
                                     const DType &dtype,
                                     const dd::LogicalType &type,
                                     bool utc_session) {
    std::vector<const dd::TableFilter *> parts;
    if (filter.filter_type == dd::TableFilterType::CONJUNCTION_AND) {
        for (const auto &child : filter.Cast<dd::ConjunctionAndFilter>().child_filters) {
            parts.push_back(child.get());
        }
    } else {
        parts.push_back(&filter);
    }
    const bool accepted = AcceptsTableFilters(dtype);
    SplitFilter split;
    std::vector<expr::ExprRef> pushed;
    for (const dd::TableFilter *part : parts) {
        if (accepted) {
            Result<std::optional<expr::ExprRef>> translated =
                TranslateTableFilter(*part, subject, dtype, utc_session);
            if (translated.ok()) {
                if (translated->has_value()) {
                    pushed.push_back(**std::move(translated));
                }
                continue;
            }
            if (translated.status().code() != StatusCode::NotImplemented) {
                return translated.status();
            }
        } else if (part->filter_type == dd::TableFilterType::OPTIONAL_FILTER ||
                   part->filter_type == dd::TableFilterType::DYNAMIC_FILTER) {
            continue; // allowed to be dropped; DuckDB's operators apply them
        }
        split.residual.push_back(part->ToExpression(dd::BoundReferenceExpression(type, 0)));
    }
    if (!pushed.empty()) {
        split.pushed = pushed.size() == 1 ? pushed[0] : expr::And(std::move(pushed));
    }
    return split;
}

} // namespace vortex::duckdb_ext
