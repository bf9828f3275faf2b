// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vx-bench/bench_sql_layout.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "vortex/base/format.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "vx-bench/bench_duckdb.h"

namespace vortex::cli::bench {

namespace {

namespace fs = std::filesystem;
using duckdb_bridge::QuoteSqlString;

struct LayoutQuery {
    std::string name;
    /// `{0}` stands for the partitioned files, `{1}` for the single file.
    std::string sql;
};

std::vector<LayoutQuery> LayoutQueries(uint64_t rows) {
    const uint64_t middle = rows / 2;
    std::string spread;
    for (uint64_t k = 0; k < 10; k++) {
        spread += (k == 0 ? "" : ", ") + std::to_string(k * (rows / 10) + 7);
    }
    return {
        {"partition =", "SELECT sum(births) FROM {0} WHERE state = 'ca'"},
        {"partitions IN + column",
         "SELECT count(*), sum(births) FROM {0} WHERE state IN ('ny', 'tx') AND sex = 'f' "
         "AND year >= 2000"},
        {"partition range", "SELECT count(*) FROM {0} WHERE state >= 'w'"},
        {"group by partitions", "SELECT state, sex, sum(births) FROM {0} GROUP BY ALL"},
        {"all files, distinct", "SELECT count(DISTINCT name) FROM {0}"},
        // DuckDB's partitioned COPY runs on several threads: the order of rows inside each
        // partition's file differs between the two writes, so these compare only what does
        // not depend on it (every file's row count is the same).
        {"file_index + rows", "SELECT count(*), max(file_row_number) FROM {0} WHERE file_index = 7 AND "
                              "file_row_number IN (0, 100, 1000)"},
        {"file_row_number range, every file",
         "SELECT count(*), count(DISTINCT file_index) FROM {0} WHERE file_row_number BETWEEN 1000 AND 1099"},
        {"10 rows by number, one file",
         "SELECT name, year, births FROM {1} WHERE file_row_number IN (" + spread + ")"},
        {"10 000 rows by range, one file",
         vortex::format(
             "SELECT count(*), sum(births) FROM {{1}} WHERE file_row_number >= {} AND file_row_number < {}",
             middle, middle + 10'000)},
    };
}

} // namespace

nlohmann::ordered_json RunLayoutBench(const BenchOptions &options, int threads, const TempDir &dir) {
    const std::string full = RealDataDir() + "/us_babynames_by_state.csv.zst";
    const std::string csv = !options.quick && fs::exists(full)
                                ? full
                                : std::string(VX_TEST_DATA_DIR) + "/us_babynames_by_state_sample.csv.zst";
    QueryDb db(threads);
    const std::string vx_dir = dir.File("layout_vortex"), pq_dir = dir.File("layout_parquet");
    const std::string vx_one = dir.File("layout_one.vortex"), pq_one = dir.File("layout_one.parquet");
    db.Run("CREATE TABLE names AS " + ValueOrThrow(duckdb_bridge::SourceQuery(csv)));
    // One file per partition in both formats: past this many open partitions DuckDB closes
    // files and starts new ones, at moments that depend on thread timing.
    db.Run("SET partitioned_write_max_open_files = 10000");
    db.Run("COPY names TO " + QuoteSqlString(vx_dir) + " (FORMAT vortex, PARTITION_BY (state, sex))");
    db.Run("COPY names TO " + QuoteSqlString(pq_dir) +
           " (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (state, sex))");
    db.Run("COPY names TO " + QuoteSqlString(vx_one) + " (FORMAT vortex)");
    db.Run("COPY names TO " + QuoteSqlString(pq_one) + " (FORMAT parquet, COMPRESSION zstd)");
    const uint64_t rows =
        static_cast<uint64_t>(db.Run("SELECT count(*) FROM names")->GetValue(0, 0).GetValue<int64_t>());
    db.Run("DROP TABLE names");

    std::vector<std::string> files;
    for (const std::string &root : {vx_dir, pq_dir}) {
        for (const auto &entry : fs::recursive_directory_iterator(root)) {
            if (entry.is_regular_file()) {
                files.push_back(entry.path().string());
            }
        }
    }
    files.push_back(vx_one);
    files.push_back(pq_one);
    const PinnedFiles pinned(files);
    const std::string vx_parts = "read_vortex(" + QuoteSqlString(vx_dir + "/**/*.vortex") + ")";
    const std::string pq_parts = "read_parquet(" + QuoteSqlString(pq_dir + "/**/*.parquet") + ")";
    const std::string vx_file = "read_vortex(" + QuoteSqlString(vx_one) + ")";
    const std::string pq_file = "read_parquet(" + QuoteSqlString(pq_one) + ")";

    std::vector<std::vector<std::string>> table = {
        {"layout query", "vortex ms", "parquet ms", "vortex/parquet"}};
    nlohmann::ordered_json queries = nlohmann::ordered_json::array();
    std::vector<double> ratios;
    for (const LayoutQuery &query : LayoutQueries(rows)) {
        const std::string sql_vx = vortex::format(fmt::runtime(query.sql), vx_parts, vx_file);
        const std::string sql_pq = vortex::format(fmt::runtime(query.sql), pq_parts, pq_file);
        const auto [t_vx, t_pq] = TimeBoth(db, options, query.name, sql_vx, sql_pq);
        const double ratio = t_vx.Median() / t_pq.Median();
        ratios.push_back(ratio);
        table.push_back({query.name, Ms(t_vx.Median()), Ms(t_pq.Median()), Fmt(ratio)});
        queries.push_back({{"query", query.name},
                           {"sql", sql_vx},
                           {"vortex_seconds", t_vx.Median()},
                           {"parquet_seconds", t_pq.Median()},
                           {"ratio", ratio}});
    }
    table.push_back({"geomean", "", "", Fmt(Geomean(ratios))});
    if (!options.json) {
        std::printf("(d) layout: %llu rows of %s, hive-partitioned by state and sex, and one file; median of "
                    "%d runs per query\n",
                    static_cast<unsigned long long>(rows), DataSetName(csv).c_str(), options.reps);
        PrintTable(table);
    }
    return {{"rows", rows}, {"queries", queries}, {"geomean_ratio", Geomean(ratios)}};
}

} // namespace vortex::cli::bench
