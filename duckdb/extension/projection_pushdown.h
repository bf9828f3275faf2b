// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Scalar functions of one scanned column taken into the scan: when every use of a column in a
// plan is the same function of it (`strlen(s)` in the SELECT list, ORDER BY and a join key),
// the scan returns the function's values in that column's place and the plan reads the column
// where it read the function. Runs after DuckDB's own optimizers (an optimizer extension), so
// the filters DuckDB pushes into the scan are already there.
#include <duckdb/planner/expression/bound_function_expression.hpp>
#include <duckdb/planner/operator/logical_get.hpp>
#include <functional>

namespace vortex::duckdb_ext {

struct ProjectionPushdownTarget {
    /// Whether `get` is a scan this pass may rewrite.
    std::function<bool(const ::duckdb::LogicalGet &get)> scans;
    /// Makes the scan return `function` of its column at `column_index` (an index into
    /// get.GetColumnIds()) and sets the column's type to the function's: false, with nothing
    /// changed, when the scan cannot evaluate it exactly.
    std::function<bool(::duckdb::LogicalGet &get,
                       ::duckdb::idx_t column_index,
                       const ::duckdb::BoundFunctionExpression &function)>
        push;
};

/// Rewrites `plan` as the header comment says; columns used any other way (bare, in two
/// different functions, inside a function of several columns) are left alone.
void PushdownProjections(::duckdb::LogicalOperator &plan, const ProjectionPushdownTarget &target);

} // namespace vortex::duckdb_ext
