// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/types/value.hpp>
#include <duckdb/planner/expression.hpp>
#include <duckdb/planner/table_filter.hpp>

#include "vortex/expr/expression.h"
#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// Whether read_vortex accepts DuckDB's table filters on a column of `dtype`. DuckDB does not
/// re-apply the filters a table function accepts, so only columns whose every filter we
/// evaluate exactly as DuckDB does are accepted: booleans, integers, f32 and f64 (rewritten
/// to DuckDB's NaN and zero semantics, float_filters.h), decimals, strings, blobs, and temporal
/// columns kept in DuckDB's own unit, and structs whose every field is accepted (DuckDB pushes
/// `s.x op constant` as a struct filter). f16 (shown as FLOAT) and lists are not; DuckDB
/// filters those itself.
bool AcceptsTableFilters(const DType &dtype);

/// `subject op value` as our expression, with DuckDB's semantics (floats: float_filters.h).
Result<expr::ExprRef> TranslateComparison(CompareOp op,
                                          const expr::ExprRef &subject,
                                          const ::duckdb::Value &value,
                                          const DType &dtype);

/// Translates one column's table filter into our expression over `subject` (a column, or a
/// struct field for DuckDB's struct filters) of `dtype`, which AcceptsTableFilters() holds. Optional filters
/// we cannot use (DuckDB's dynamic top-N bounds) translate to nullopt: they may be dropped. A required filter
/// we cannot translate is NotImplemented, never dropped. `utc_session`: see TranslateFilterExpression.
Result<std::optional<expr::ExprRef>> TranslateTableFilter(const ::duckdb::TableFilter &filter,
                                                          const expr::ExprRef &subject,
                                                          const DType &dtype,
                                                          bool utc_session);

/// A column's table filter in two parts: what runs in our scan (with zone-map pruning), and
/// DuckDB expressions over the column (a bound reference at index 0) that read_vortex
/// evaluates with DuckDB's executor on the exported rows, as DuckDB's Parquet reader does
/// for the expression filters it cannot evaluate on its own.
struct SplitFilter {
    std::optional<expr::ExprRef> pushed;
    std::vector<::duckdb::unique_ptr<::duckdb::Expression>> residual;
};

/// Splits `filter` on a column of `dtype` (DuckDB type `type`) read as `subject`. Everything
/// TranslateTableFilter() translates is pushed; the conjuncts it cannot translate, and every
/// filter on a column AcceptsTableFilters() refuses, stay residual: no filter is refused.
Result<SplitFilter> SplitTableFilter(const ::duckdb::TableFilter &filter,
                                     const expr::ExprRef &subject,
                                     const DType &dtype,
                                     const ::duckdb::LogicalType &type,
                                     bool utc_session);

} // namespace vortex::duckdb_ext
