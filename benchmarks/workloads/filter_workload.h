// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The filter workload (issue #21): a generated table with one column per dtype users filter on
// (integers of every width, floats, bools, dates, times, timestamps in every unit and with a
// zone, decimals of every width, low- and high-cardinality strings, a struct field, fixed-size
// and variable lists), each with a companion column of the same dtype for column-against-column
// predicates, and the predicates over them, as DuckDB SQL.
//
// Every value is a monotone function f of an integer v in [0, 1 000 000): a predicate's constant
// is f(K) for a chosen K, so its selectivity follows from v's distribution whatever the dtype.
// v is r with two heavy hitters folded in (r in [500 000, 600 000) becomes 500 000: 10 % of the
// rows; r in [700 000, 701 000) becomes 700 000: 0.1 %), where r is uniform (random), i scaled
// to the domain (sorted) or i scaled plus noise (clustered). Coarse dtypes (8-bit integers, the
// low-cardinality string) merge neighbouring v, so their measured selectivity can exceed the
// nominal one; reports give both. Everything derives from hash(i, salt): seeded, reproducible.
#include <cstdint>
#include <string>
#include <vector>

namespace vortex::workload {

/// How a column's values are laid out over the rows.
enum class Shape { kSorted, kClustered, kRandom };

/// What kind of predicates a column takes.
enum class ColumnKind { kOrdered, kBool, kString, kStructField, kFixedList, kList };

struct FilterColumn {
    /// Column name in the table; the companion is `name + "_b"`.
    std::string name;
    /// Row label in reports: "i8", "timestamp(ms)", "decimal(38,6)", ...
    std::string dtype;
    /// DuckDB's type of the column.
    std::string sql_type;
    ColumnKind kind = ColumnKind::kOrdered;
    Shape shape = Shape::kRandom;
    double null_fraction = 0;
    /// f as SQL, with "{v}" standing for a BIGINT in [0, 1 000 000).
    std::string value_sql;

    /// f(k) as a SQL constant expression, for predicates.
    std::string ValueAt(int64_t k) const;
    /// The SQL expression compared by predicates: the column, or its field or element.
    std::string Subject(const std::string &column) const;
    std::string Subject() const { return Subject(name); }
};

/// One predicate over the table, with what it is meant to select.
struct FilterPredicate {
    std::string dtype;
    /// "eq", "range", "in", "null", "distinct", "column", "prefix", "suffix", "contains",
    /// "length", "cast" (a date against timestamps, a timestamp cast to a date), "function"
    /// (hour(), year(), ... of a column), "project" (aggregates of the column), "computed"
    /// (aggregates of a function of the column).
    std::string kind;
    /// Designed share of rows, as text ("0.1%", "10%", "90%"), or "" when it is the column's
    /// null share or not designed.
    std::string nominal;
    /// The select list: "count(*)" for filters; aggregates of the column for "project".
    std::string select = "count(*)";
    /// The WHERE clause, or "" for none.
    std::string where;

    /// The query over `source` (a table name or a table function call).
    std::string Sql(const std::string &source) const;
};

/// The workload's columns, in table order (after `i`, the row number).
const std::vector<FilterColumn> &FilterColumns();

/// `CREATE TABLE <table> AS ...` with `rows` rows generated from `seed`.
std::string CreateTableSql(const std::string &table, uint64_t rows, uint64_t seed);

/// The benchmark matrix: for each column, every predicate kind it takes at 0.1 %, 10 % and 90 %
/// where the kind allows, plus IS [NOT] NULL and a projection.
std::vector<FilterPredicate> BenchPredicates();

/// At least `per_column` predicates per column for correctness checks: every comparison with
/// constants drawn from `seed` (including the heavy hitters and both ends of the domain),
/// BETWEEN, IN and NOT IN, NULL tests, IS [NOT] DISTINCT FROM, column against column with every
/// operator, disjunctions, and LIKE prefix/suffix/contains for strings.
std::vector<FilterPredicate> OraclePredicates(uint64_t seed, size_t per_column = 32);

} // namespace vortex::workload
