// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/projection_pushdown.h"

#include <duckdb/planner/expression/bound_cast_expression.hpp>
#include <duckdb/planner/expression/bound_columnref_expression.hpp>
#include <duckdb/planner/expression_iterator.hpp>
#include <duckdb/planner/logical_operator_visitor.hpp>
#include <duckdb/planner/operator/logical_projection.hpp>
#include <map>
#include <optional>
#include <utility>

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

// A column of a scan the pass may rewrite: (the scan's table index, index into its column ids).
using ColumnKey = std::pair<dd::idx_t, dd::idx_t>;

// How the plan uses a column: through one function only, or otherwise (`conflict`).
struct ColumnUse {
    /// One of the uses, in the plan; freed when Rewrite replaces it (read it only before).
    const dd::BoundFunctionExpression *function = nullptr;
    bool conflict = false;
    /// The function's type, once the scan took it (the column's new type).
    dd::LogicalType pushed_type;
};

class PlanWalk {
public:
    explicit PlanWalk(const ProjectionPushdownTarget &target) : target_(target) {}

    // Finds the scans, and the columns of projections that pass a scanned column through
    // unchanged (a view's `SELECT *`, a renaming): uses of those count as uses of the column.
    // Only where every reader of the projection's columns reads them through column references
    // (a projection or an aggregate above, through operators that keep their input's columns);
    // the query's result, a set operation or an insert take columns by position, unseen.
    void FindScans(dd::LogicalOperator &op, bool read_by_reference = false) {
        const bool children_read_by_reference = ReadsInputByReference(op, read_by_reference);
        for (auto &child : op.children) {
            FindScans(*child, children_read_by_reference);
        }
        if (op.type == dd::LogicalOperatorType::LOGICAL_GET) {
            auto &get = op.Cast<dd::LogicalGet>();
            if (target_.scans(get)) {
                scans_.emplace(get.table_index, &get);
            }
        } else if (op.type == dd::LogicalOperatorType::LOGICAL_PROJECTION && read_by_reference) {
            auto &projection = op.Cast<dd::LogicalProjection>();
            for (dd::idx_t i = 0; i < projection.expressions.size(); ++i) {
                if (const std::optional<ColumnKey> column = ScannedColumn(*projection.expressions[i])) {
                    aliases_.emplace(ColumnKey{projection.table_index, i}, *column);
                }
            }
        }
    }

    bool any_scans() const { return !scans_.empty(); }

    void CollectUses(dd::LogicalOperator &op) {
        if (op.type == dd::LogicalOperatorType::LOGICAL_PROJECTION) {
            auto &projection = op.Cast<dd::LogicalProjection>();
            for (dd::idx_t i = 0; i < projection.expressions.size(); ++i) {
                if (aliases_.count(ColumnKey{projection.table_index, i}) == 0) { // a pass-through is no use
                    CollectUses(*projection.expressions[i]);
                }
            }
        } else {
            dd::LogicalOperatorVisitor::EnumerateExpressions(
                op, [&](dd::unique_ptr<dd::Expression> *expression) { CollectUses(**expression); });
        }
        for (auto &child : op.children) {
            CollectUses(*child);
        }
    }

    // Asks the target to take each column's one function; true if any was taken.
    bool Push() {
        bool any = false;
        for (auto &[key, use] : uses_) {
            if (use.conflict || use.function == nullptr ||
                !target_.push(*scans_.at(key.first), key.second, *use.function)) {
                use.conflict = true; // stays as it is in the plan
                continue;
            }
            use.pushed_type = use.function->return_type;
            use.function = nullptr; // Rewrite frees the function expressions
            any = true;
        }
        return any;
    }

    // Replaces every taken fn(column) by the column, which now holds fn's values.
    void Rewrite(dd::LogicalOperator &op) {
        if (op.type == dd::LogicalOperatorType::LOGICAL_PROJECTION) {
            // A pass-through of a column now passes the function's values through.
            auto &projection = op.Cast<dd::LogicalProjection>();
            for (dd::idx_t i = 0; i < projection.expressions.size(); ++i) {
                const auto alias = aliases_.find(ColumnKey{projection.table_index, i});
                const auto use = alias == aliases_.end() ? uses_.end() : uses_.find(alias->second);
                if (use != uses_.end() && !use->second.conflict) {
                    projection.expressions[i]->return_type = use->second.pushed_type;
                }
            }
        }
        dd::LogicalOperatorVisitor::EnumerateExpressions(
            op, [&](dd::unique_ptr<dd::Expression> *expression) { Rewrite(*expression); });
        for (auto &child : op.children) {
            Rewrite(*child);
        }
    }

private:
    // Whether `op` reads its children's columns only through column references, given whether
    // its own readers do (for operators whose output holds their input's columns).
    static bool ReadsInputByReference(const dd::LogicalOperator &op, bool read_by_reference) {
        switch (op.type) {
            case dd::LogicalOperatorType::LOGICAL_PROJECTION:
            case dd::LogicalOperatorType::LOGICAL_AGGREGATE_AND_GROUP_BY:
                return true;
            case dd::LogicalOperatorType::LOGICAL_FILTER:
            case dd::LogicalOperatorType::LOGICAL_LIMIT:
            case dd::LogicalOperatorType::LOGICAL_ORDER_BY:
            case dd::LogicalOperatorType::LOGICAL_TOP_N:
            case dd::LogicalOperatorType::LOGICAL_COMPARISON_JOIN:
            case dd::LogicalOperatorType::LOGICAL_CROSS_PRODUCT:
                return read_by_reference;
            default:
                return false;
        }
    }

    std::optional<ColumnKey> ScannedColumn(const dd::Expression &e) const {
        if (e.GetExpressionClass() != dd::ExpressionClass::BOUND_COLUMN_REF) {
            return std::nullopt;
        }
        const dd::ColumnBinding &binding = e.Cast<dd::BoundColumnRefExpression>().binding;
        const ColumnKey key{binding.table_index, binding.column_index};
        if (const auto alias = aliases_.find(key); alias != aliases_.end()) {
            return alias->second;
        }
        if (scans_.count(binding.table_index) == 0) {
            return std::nullopt;
        }
        return key;
    }

    // The argument of a one-argument function, with the cast DuckDB may put around it
    // (month(ts_ms) is month(CAST(ts_ms AS TIMESTAMP))); null for other expressions.
    static dd::unique_ptr<dd::Expression> *Argument(dd::Expression &e) {
        if (e.GetExpressionClass() != dd::ExpressionClass::BOUND_FUNCTION) {
            return nullptr;
        }
        auto &function = e.Cast<dd::BoundFunctionExpression>();
        if (function.children.size() != 1) {
            return nullptr;
        }
        dd::unique_ptr<dd::Expression> *argument = &function.children[0];
        if ((*argument)->GetExpressionClass() == dd::ExpressionClass::BOUND_CAST) {
            argument = &(*argument)->Cast<dd::BoundCastExpression>().child;
        }
        return argument;
    }

    // The scanned column a one-argument function reads (through a cast or directly).
    std::optional<ColumnKey> FunctionColumn(dd::Expression &e) const {
        const dd::unique_ptr<dd::Expression> *argument = Argument(e);
        return argument != nullptr ? ScannedColumn(**argument) : std::nullopt;
    }

    void CollectUses(dd::Expression &e) {
        if (const std::optional<ColumnKey> bare = ScannedColumn(e)) {
            uses_[*bare].conflict = true;
            return;
        }
        if (const std::optional<ColumnKey> key = FunctionColumn(e)) {
            const auto &function = e.Cast<dd::BoundFunctionExpression>();
            ColumnUse &use = uses_[*key];
            if (use.function == nullptr) {
                use.function = &function;
            } else if (!use.function->Equals(function)) {
                use.conflict = true;
            }
            return;
        }
        dd::ExpressionIterator::EnumerateChildren(e, [&](dd::Expression &child) { CollectUses(child); });
    }

    void Rewrite(dd::unique_ptr<dd::Expression> &e) {
        if (const std::optional<ColumnKey> key = FunctionColumn(*e)) {
            const auto use = uses_.find(*key);
            if (use != uses_.end() && !use->second.conflict) {
                dd::unique_ptr<dd::Expression> column = std::move(*Argument(*e));
                column->return_type = e->return_type;
                e = std::move(column);
            }
            return;
        }
        dd::ExpressionIterator::EnumerateChildren(
            *e, [&](dd::unique_ptr<dd::Expression> &child) { Rewrite(child); });
    }

    const ProjectionPushdownTarget &target_;
    std::map<dd::idx_t, dd::LogicalGet *> scans_;
    std::map<ColumnKey, ColumnUse> uses_;
    /// A projection's column (its table index, its expression) that is a scanned column.
    std::map<ColumnKey, ColumnKey> aliases_;
};

} // namespace

void PushdownProjections(dd::LogicalOperator &plan, const ProjectionPushdownTarget &target) {
    PlanWalk walk(target);
    walk.FindScans(plan);
    if (!walk.any_scans()) {
        return;
    }
    walk.CollectUses(plan);
    if (walk.Push()) {
        walk.Rewrite(plan);
        // Operators between the scans and the rewritten expressions take the new column types.
        plan.ResolveOperatorTypes();
    }
}

} // namespace vortex::duckdb_ext
