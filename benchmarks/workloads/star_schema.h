// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The star-schema workload (issue #21): one fact table of orders (dates, a timestamp,
// decimals, low-cardinality strings, keys) and three dimension tables (dates, customers,
// products), shaped after the Star Schema Benchmark, with queries that join and aggregate
// over dates and decimals, as DuckDB SQL. Orders arrive in date order with some disorder,
// customers and products are drawn with skew; everything derives from hash(i, seed).

#include <cstdint>
#include <string>
#include <vector>

namespace vortex::workload {

struct StarTable {
    /// Table name: "lineorder", "date_dim", "customer", "product".
    std::string name;
    /// `SELECT ...` producing the table's rows.
    std::string select_sql;
};

/// The four tables, the fact table with `fact_rows` rows.
std::vector<StarTable> StarSchemaTables(uint64_t fact_rows, uint64_t seed);

struct StarQuery {
    std::string name;
    /// The query, with "{lineorder}", "{date_dim}", "{customer}" and "{product}" standing for
    /// the tables' sources. Every query orders its result, so two runs compare row by row.
    std::string sql;
};

std::vector<StarQuery> StarSchemaQueries();

/// `sql` with each "{name}" replaced by `prefix + name` (e.g. a view per format).
std::string BindStarTables(const std::string &sql, const std::string &prefix);

} // namespace vortex::workload
