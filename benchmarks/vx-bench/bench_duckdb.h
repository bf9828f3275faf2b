// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the DuckDB-driven benchmarks (`vx-bench sql`, `vx-bench filters`) share: an in-process
// DuckDB with read_vortex, result comparison between formats, timing and ratios.
#include <duckdb.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {

/// A DuckDB (C++ API) with read_vortex, for the timed queries.
struct QueryDb {
    explicit QueryDb(int threads);
    /// Runs `sql`; a DuckDB error is thrown with the query.
    ::duckdb::unique_ptr<::duckdb::MaterializedQueryResult> Run(::duckdb::Connection &c,
                                                                const std::string &sql);
    ::duckdb::unique_ptr<::duckdb::MaterializedQueryResult> Run(const std::string &sql) {
        return Run(*con, sql);
    }

    ::duckdb::DBConfig config;
    std::unique_ptr<::duckdb::DuckDB> db;
    std::unique_ptr<::duckdb::Connection> con;
};

/// Rows rendered as text, sorted, with doubles rounded to 9 significant digits: parallel sums
/// of doubles differ in their last bits from run to run and between formats.
std::vector<std::string> Canonical(::duckdb::MaterializedQueryResult &result);

/// Runs `sql_vx` and `sql_pq` once and throws unless their results agree.
void CheckSameResults(QueryDb &db,
                      const std::string &name,
                      const std::string &sql_vx,
                      const std::string &sql_pq);

/// Seconds for `n` runs of `sql`, one after another.
double TimeSequential(QueryDb &db, const std::string &sql, int n);

/// Checks that both queries agree, then times them interleaved, options.reps samples each; a
/// sample is the mean of enough runs for the slower query to take ~0.2 s.
std::pair<Samples, Samples> TimeBoth(QueryDb &db,
                                     const BenchOptions &options,
                                     const std::string &name,
                                     const std::string &sql_vx,
                                     const std::string &sql_pq);

/// The geometric mean of `ratios` (0 for none).
double Geomean(const std::vector<double> &ratios);

/// Milliseconds as short text for tables.
std::string Ms(double seconds);

} // namespace vortex::cli::bench
