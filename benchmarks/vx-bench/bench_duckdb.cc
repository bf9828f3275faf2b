// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vx-bench/bench_duckdb.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "vortex/base/format.h"

#include "duckdb/extension/read_vortex.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {

namespace dd = ::duckdb;

QueryDb::QueryDb(int threads) {
    if (threads > 0) {
        config.options.maximum_threads = static_cast<dd::idx_t>(threads);
    }
    db = std::make_unique<dd::DuckDB>(nullptr, &config);
    duckdb_ext::RegisterReadVortex(*db->instance);
    con = std::make_unique<dd::Connection>(*db);
}

dd::unique_ptr<dd::MaterializedQueryResult> QueryDb::Run(dd::Connection &c, const std::string &sql) {
    auto result = c.Query(sql);
    if (result->HasError()) {
        throw std::runtime_error(result->GetError() + "\n  in: " + sql);
    }
    return result;
}

std::vector<std::string> Canonical(dd::MaterializedQueryResult &result) {
    std::vector<std::string> rows;
    for (dd::idx_t r = 0; r < result.RowCount(); r++) {
        std::string row;
        for (dd::idx_t c = 0; c < result.ColumnCount(); c++) {
            const dd::Value v = result.GetValue(c, r);
            const auto id = v.type().id();
            if (!v.IsNull() && (id == dd::LogicalTypeId::DOUBLE || id == dd::LogicalTypeId::FLOAT)) {
                row += vortex::format("{:.9g}", v.GetValue<double>());
            } else {
                row += v.ToString();
            }
            row += '|';
        }
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void CheckSameResults(QueryDb &db,
                      const std::string &name,
                      const std::string &sql_vx,
                      const std::string &sql_pq) {
    auto vx = db.Run(sql_vx);
    auto pq = db.Run(sql_pq);
    const std::vector<std::string> rows_vx = Canonical(*vx), rows_pq = Canonical(*pq);
    if (rows_vx != rows_pq) {
        // The first row that differs, to tell a wrong value from a missing row.
        size_t at = 0;
        while (at < rows_vx.size() && at < rows_pq.size() && rows_vx[at] == rows_pq[at]) {
            ++at;
        }
        throw std::runtime_error(vortex::format(
            "query {} returns different results over .vortex ({} rows) and Parquet ({} rows):\n  {}\n"
            "  first difference: {} vs {}",
            name, vx->RowCount(), pq->RowCount(), sql_vx, at < rows_vx.size() ? rows_vx[at] : "(none)",
            at < rows_pq.size() ? rows_pq[at] : "(none)"));
    }
}

double TimeSequential(QueryDb &db, const std::string &sql, int n) {
    const double t0 = NowSeconds();
    for (int i = 0; i < n; i++) {
        db.Run(sql);
    }
    return NowSeconds() - t0;
}

std::pair<Samples, Samples> TimeBoth(QueryDb &db,
                                     const BenchOptions &options,
                                     const std::string &name,
                                     const std::string &sql_vx,
                                     const std::string &sql_pq) {
    CheckSameResults(db, name, sql_vx, sql_pq);
    // A query of a few milliseconds timed once is mostly scheduler noise on a shared host: each
    // sample runs both queries the same number of times, enough for the slower one to take
    // about kMinSampleSeconds, and reports the time per run.
    constexpr double kMinSampleSeconds = 0.2;
    constexpr int kMaxRunsPerSample = 64;
    const double slower = std::max(TimeSequential(db, sql_vx, 1), TimeSequential(db, sql_pq, 1));
    const int runs = static_cast<int>(
        std::clamp(std::ceil(kMinSampleSeconds / std::max(slower, 1e-6)), 1.0, double{kMaxRunsPerSample}));
    Samples t_vx, t_pq;
    for (int rep = 0; rep < options.reps; rep++) {
        WaitQuiet(options);
        t_vx.Add(TimeSequential(db, sql_vx, runs) / runs);
        t_pq.Add(TimeSequential(db, sql_pq, runs) / runs);
    }
    return {std::move(t_vx), std::move(t_pq)};
}

double Geomean(const std::vector<double> &ratios) {
    double log_sum = 0;
    for (const double r : ratios) {
        log_sum += std::log(r);
    }
    return ratios.empty() ? 0 : std::exp(log_sum / static_cast<double>(ratios.size()));
}

std::string Ms(double seconds) {
    return Fmt(seconds * 1e3);
}

} // namespace vortex::cli::bench
