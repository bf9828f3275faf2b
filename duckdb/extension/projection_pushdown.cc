// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/projection_pushdown.h"

#include <duckdb/planner/expression/bound_cast_expression.hpp>
#include <duckdb/planner/expression/bound_columnref_expression.hpp>
#include <duckdb/planner/expression_iterator.hpp>
#include <duckdb/planner/logical_operator_visitor.hpp>
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
    const dd::BoundFunctionExpression *function = nullptr;
    bool conflict = false;
};

class PlanWalk {
public:
    explicit PlanWalk(const ProjectionPushdownTarget &target) : target_(target) {}

    void FindScans(dd::LogicalOperator &op) {
        if (op.type == dd::LogicalOperatorType::LOGICAL_GET) {
            auto &get = op.Cast<dd::LogicalGet>();
            if (target_.scans(get)) {
                scans_.emplace(get.table_index, &get);
            }
        }
        for (auto &child : op.children) {
            FindScans(*child);
        }
    }

    bool any_scans() const { return !scans_.empty(); }

    void CollectUses(dd::LogicalOperator &op) {
        dd::LogicalOperatorVisitor::EnumerateExpressions(
            op, [&](dd::unique_ptr<dd::Expression> *expression) { CollectUses(**expression); });
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
            any = true;
        }
        return any;
    }

    // Replaces every taken fn(column) by the column, which now holds fn's values.
    void Rewrite(dd::LogicalOperator &op) {
        dd::LogicalOperatorVisitor::EnumerateExpressions(
            op, [&](dd::unique_ptr<dd::Expression> *expression) { Rewrite(*expression); });
        for (auto &child : op.children) {
            Rewrite(*child);
        }
    }

private:
    std::optional<ColumnKey> ScannedColumn(const dd::Expression &e) const {
        if (e.GetExpressionClass() != dd::ExpressionClass::BOUND_COLUMN_REF) {
            return std::nullopt;
        }
        const dd::ColumnBinding &binding = e.Cast<dd::BoundColumnRefExpression>().binding;
        if (scans_.count(binding.table_index) == 0) {
            return std::nullopt;
        }
        return ColumnKey{binding.table_index, binding.column_index};
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
