// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/planner/expression.hpp>
#include <functional>
#include <optional>
#include <utility>

#include "vortex/expr/expression.h"
#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// Translates a DuckDB filter expression on one column (what DuckDB pushes as an expression
/// filter: IS [NOT] DISTINCT FROM a constant, [NOT] IN lists, IS [NOT] NULL, prefix(), suffix(), contains(),
/// NOT, AND and OR of those) into our expression over `column` (of `dtype`), with DuckDB's semantics; nullopt
/// for anything else. `is_column` tells the column's references (a bound column reference while DuckDB plans,
/// a bound reference inside the pushed filter). `utc_session` (SessionIsUtc): zoned timestamps' casts and
/// hour()/minute()/second() translate too.
std::optional<expr::ExprRef>
TranslateFilterExpression(const ::duckdb::Expression &expression,
                          const std::string &column,
                          const DType &dtype,
                          const std::function<bool(const ::duckdb::Expression &)> &is_column,
                          bool utc_session);

/// Translates a DuckDB scalar function of one column that our expressions compute exactly (string
/// and list lengths, date parts; see TranslateFilterExpression for the column arguments) into
/// our expression and the dtype of its values; nullopt for anything else, the bare column too.
std::optional<std::pair<expr::ExprRef, DType>>
TranslateValueExpression(const ::duckdb::Expression &expression,
                         const std::string &column,
                         const DType &dtype,
                         const std::function<bool(const ::duckdb::Expression &)> &is_column,
                         bool utc_session);

} // namespace vortex::duckdb_ext
