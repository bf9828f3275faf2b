// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench sql` (issue #8): the same DuckDB queries over .vortex files (read_vortex) and over
// Parquet-ZSTD copies of the same data, in one DuckDB, with the same threads, in one run.
//   (a) seed 001: 40 files x 50 000 rows (key, value); N x SUM(value), N x a join with a
//       100-key build table, and 4 clients x M scans at once.
//   (b) per data set: a suite drawn from its schema (filters of each selectivity, group-bys on
//       low- and high-cardinality strings, top-N, count distinct, prefix and equality filters,
//       a self-join), with per-query ratios and their geometric mean.
//   (c) a star schema (benchmarks/workloads/star_schema.h): a fact table of >= 6 M orders and
//       three dimensions, queries that join and aggregate over dates, timestamps and decimals;
//       per-query ratios, their geometric mean and the worst.
// Every query's results are compared between the two formats before anything is timed.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <duckdb.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#include "vortex/base/format.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/extension/read_vortex.h"
#include "vx-bench/bench_duckdb.h"
#include "vx-bench/bench_sql_layout.h"
#include "vx-bench/bench_util.h"
#include "workloads/star_schema.h"

namespace vortex::cli::bench {
namespace {

namespace dd = ::duckdb;
using duckdb_bridge::QuoteSqlIdentifier;
using duckdb_bridge::QuoteSqlString;

struct SqlArgs {
    std::vector<std::string> files;
    int threads = 0;
    /// Seed 001 sizes.
    int probe_files = 40;
    int probe_rows = 50'000;
    int queries = 500;
    int clients = 4;
    int client_queries = 100;
    /// Rows per data set in --quick mode.
    uint64_t quick_rows = 20'000;
    bool skip_seed = false;
    bool skip_suite = false;
    bool skip_star = false;
    bool skip_layout = false;
    /// Star schema: fact rows (default and --quick) and the generator's seed.
    uint64_t star_rows = 6'000'000;
    uint64_t star_quick_rows = 20'000;
    uint64_t star_seed = 1;
};

// Seconds for `clients` connections each running `n` queries at once.
double TimeConcurrent(QueryDb &db, const std::string &sql, int clients, int n) {
    std::vector<std::unique_ptr<dd::Connection>> connections;
    connections.reserve(clients);
    for (int c = 0; c < clients; c++) {
        connections.push_back(std::make_unique<dd::Connection>(*db.db));
    }
    std::vector<std::string> errors(clients);
    const double t0 = NowSeconds();
    std::vector<std::thread> threads;
    threads.reserve(clients);
    for (int c = 0; c < clients; c++) {
        threads.emplace_back([&, c] {
            try {
                for (int i = 0; i < n; i++) {
                    db.Run(*connections[c], sql);
                }
            } catch (const std::exception &e) {
                errors[c] = e.what();
            }
        });
    }
    for (auto &t : threads) {
        t.join();
    }
    const double seconds = NowSeconds() - t0;
    for (const std::string &error : errors) {
        if (!error.empty()) {
            throw std::runtime_error(error);
        }
    }
    return seconds;
}

// ---- (a) seed 001 -----------------------------------------------------------------------------

nlohmann::ordered_json RunSeedBench(const BenchOptions &options, const SqlArgs &args, const TempDir &dir) {
    const int files = options.quick ? 4 : args.probe_files;
    const int rows = options.quick ? 5'000 : args.probe_rows;
    const int queries = options.quick ? 5 : args.queries;
    const int client_queries = options.quick ? 3 : args.client_queries;
    {
        auto prep = ValueOrThrow(duckdb_bridge::DuckDB::Open(args.threads));
        for (int f = 0; f < files; f++) {
            ThrowIfNotOk(prep.Execute(
                vortex::format("CREATE OR REPLACE TABLE t AS SELECT (hash(i + {0}) % 10000)::BIGINT AS key, "
                               "(i * 0.25 + {1})::DOUBLE AS value FROM range({2}) r(i)",
                               f * rows, f, rows)));
            WriteVortex(prep, dir.File(vortex::format("probe_{}.vortex", f)), Compression::kDefault, nullptr);
            CopyParquet(prep, dir.File(vortex::format("probe_{}.parquet", f)), "zstd");
        }
    }
    const PinnedFiles pinned(FilesIn(dir.path()));
    QueryDb db(args.threads);
    db.Run("CREATE TABLE build AS SELECT range::BIGINT AS key FROM range(100)");
    const std::map<std::string, std::string> sources = {
        {"vortex", "read_vortex(" + QuoteSqlString(dir.File("probe_*.vortex")) + ")"},
        {"parquet", "read_parquet(" + QuoteSqlString(dir.File("probe_*.parquet")) + ")"}};
    const std::vector<std::pair<std::string, std::string>> shapes = {
        {"scan", "SELECT SUM(value) FROM {}"},
        {"join", "SELECT SUM(p.value), count(*) FROM {} p JOIN build b ON p.key = b.key"},
    };
    std::map<std::string, std::map<std::string, Samples>> seconds; // shape -> format -> per-query
    for (const auto &[shape, sql] : shapes) {
        CheckSameResults(db, shape, vortex::format(fmt::runtime(sql), sources.at("vortex")),
                         vortex::format(fmt::runtime(sql), sources.at("parquet")));
    }
    for (int rep = 0; rep < options.reps; rep++) {
        for (const auto &[shape, sql] : shapes) {
            for (const auto &[format, source] : sources) {
                WaitQuiet(options);
                const std::string query = vortex::format(fmt::runtime(sql), source);
                seconds[shape][format].Add(TimeSequential(db, query, queries) / queries);
            }
        }
        for (const auto &[format, source] : sources) {
            WaitQuiet(options);
            const std::string query = vortex::format("SELECT SUM(value) FROM {}", source);
            seconds["concurrent"][format].Add(TimeConcurrent(db, query, args.clients, client_queries) /
                                              (args.clients * client_queries));
        }
    }
    std::vector<std::vector<std::string>> table = {
        {"seed 001", "vortex ms/query", "parquet ms/query", "vortex/parquet"}};
    nlohmann::ordered_json json = {{"files", files},
                                   {"rows_per_file", rows},
                                   {"queries", queries},
                                   {"clients", args.clients},
                                   {"client_queries", client_queries}};
    for (const std::string shape : {"scan", "join", "concurrent"}) {
        const double vx = seconds[shape]["vortex"].Median();
        const double pq = seconds[shape]["parquet"].Median();
        table.push_back({shape, Ms(vx), Ms(pq), Fmt(vx / pq)});
        json[shape] = {
            {"vortex_seconds_per_query", vx}, {"parquet_seconds_per_query", pq}, {"ratio", vx / pq}};
    }
    const double join_scan_vx = seconds["join"]["vortex"].Median() / seconds["scan"]["vortex"].Median();
    const double join_scan_pq = seconds["join"]["parquet"].Median() / seconds["scan"]["parquet"].Median();
    table.push_back({"join/scan", Fmt(join_scan_vx), Fmt(join_scan_pq), ""});
    json["join_over_scan"] = {{"vortex", join_scan_vx}, {"parquet", join_scan_pq}};
    if (!options.json) {
        std::printf("(a) seed 001: %d files x %d rows, %d sequential queries, %d clients x %d queries\n",
                    files, rows, queries, args.clients, client_queries);
        PrintTable(table);
    }
    return json;
}

// Checks that both formats give the same result, then times each query once per repetition,
// the two formats alternating.
// ---- (b) the query suite ------------------------------------------------------------------------

struct SuiteQuery {
    std::string name;
    std::string sql; // {} stands for the table
};

struct Column {
    std::string name;
    std::string type;
    double distinct = 0;
};

// Queries drawn from the table's schema and values: the first numeric column with many
// distinct values drives range filters and top-N; the strings with the fewest and most
// distinct values drive the group-bys, equality, prefix and join.
std::vector<SuiteQuery> MakeSuite(QueryDb &db, const std::string &table) {
    std::vector<Column> numbers, strings;
    auto schema = db.Run("DESCRIBE SELECT * FROM " + table);
    for (dd::idx_t r = 0; r < schema->RowCount(); r++) {
        Column column{schema->GetValue(0, r).ToString(), schema->GetValue(1, r).ToString()};
        const std::string q = QuoteSqlIdentifier(column.name);
        column.distinct = db.Run(vortex::format("SELECT approx_count_distinct({}) FROM {}", q, table))
                              ->GetValue(0, 0)
                              .GetValue<double>();
        const std::string &t = column.type;
        if (t == "BIGINT" || t == "INTEGER" || t == "DOUBLE" || t == "SMALLINT" || t == "FLOAT") {
            numbers.push_back(column);
        } else if (t == "VARCHAR") {
            strings.push_back(column);
        }
    }
    std::vector<SuiteQuery> suite;
    std::string all_columns;
    for (dd::idx_t r = 0; r < schema->RowCount(); r++) {
        all_columns += (r ? ", " : "") + QuoteSqlIdentifier(schema->GetValue(0, r).ToString());
    }
    if (!numbers.empty()) {
        const Column n =
            *std::max_element(numbers.begin(), numbers.end(),
                              [](const Column &a, const Column &b) { return a.distinct < b.distinct; });
        const std::string q = QuoteSqlIdentifier(n.name);
        auto quantiles = db.Run(
            vortex::format("SELECT quantile_disc({0}, 0.01)::VARCHAR, quantile_disc({0}, 0.1)::VARCHAR, "
                           "quantile_disc({0}, 0.5)::VARCHAR FROM {1}",
                           q, table));
        const char *labels[] = {"filter 1%", "filter 10%", "filter 50%"};
        for (int i = 0; i < 3; i++) {
            if (!quantiles->GetValue(i, 0).IsNull()) {
                suite.push_back(
                    {labels[i], vortex::format("SELECT count(*), sum({0}) FROM {{}} WHERE {0} < {1}", q,
                                               quantiles->GetValue(i, 0).ToString())});
            }
        }
        std::string sums;
        for (const Column &c : numbers) {
            sums += (sums.empty() ? "" : ", ") + vortex::format("sum({})", QuoteSqlIdentifier(c.name));
        }
        suite.push_back({"sum all numbers", "SELECT " + sums + " FROM {}"});
        suite.push_back({"top 10", vortex::format("SELECT {1} FROM {{}} ORDER BY {0} DESC, {1} LIMIT 10", q,
                                                  all_columns)});
        suite.push_back({"count distinct number", vortex::format("SELECT count(DISTINCT {}) FROM {{}}", q)});
        if (!strings.empty()) {
            const auto by_distinct = [](const Column &a, const Column &b) { return a.distinct < b.distinct; };
            const Column low = *std::min_element(strings.begin(), strings.end(), by_distinct);
            const Column high = *std::max_element(strings.begin(), strings.end(), by_distinct);
            const std::string l = QuoteSqlIdentifier(low.name), h = QuoteSqlIdentifier(high.name);
            suite.push_back({"group by low-card string",
                             vortex::format("SELECT {0}, count(*), sum({1}) FROM {{}} GROUP BY {0}", l, q)});
            suite.push_back(
                {"group by high-card string",
                 vortex::format("SELECT {0}, count(*) FROM {{}} GROUP BY {0} ORDER BY 2 DESC, 1 LIMIT 10",
                                h)});
            suite.push_back(
                {"count distinct string", vortex::format("SELECT count(DISTINCT {}) FROM {{}}", h)});
            auto frequent = db.Run(vortex::format("SELECT (SELECT {0} FROM {2} WHERE {0} IS NOT NULL GROUP "
                                                  "BY {0} ORDER BY count(*) DESC, {0} LIMIT 1), "
                                                  "(SELECT {1} FROM {2} WHERE {1} IS NOT NULL GROUP BY {1} "
                                                  "ORDER BY count(*) DESC, {1} LIMIT 1)",
                                                  l, h, table));
            if (!frequent->GetValue(0, 0).IsNull()) {
                const std::string value = frequent->GetValue(0, 0).ToString();
                suite.push_back(
                    {"string equality", vortex::format("SELECT count(*), sum({0}) FROM {{}} WHERE {1} = {2}",
                                                       q, l, QuoteSqlString(value))});
            }
            if (!frequent->GetValue(1, 0).IsNull()) {
                const std::string value = frequent->GetValue(1, 0).ToString();
                suite.push_back(
                    {"high-card equality", vortex::format("SELECT {0} FROM {{}} WHERE {1} = {2}", all_columns,
                                                          h, QuoteSqlString(value))});
                const std::string prefix = value.substr(0, std::min<size_t>(3, value.size()));
                suite.push_back(
                    {"string prefix", vortex::format("SELECT count(*), max({0}) FROM {{}} WHERE {0} LIKE {1}",
                                                     h, QuoteSqlString(prefix + "%"))});
            }
            suite.push_back(
                {"self-join",
                 vortex::format("SELECT count(*) FROM {{}} a JOIN (SELECT {0}, max({1}) AS m FROM {{}} "
                                "GROUP BY {0}) b ON a.{0} = b.{0} AND a.{1} = b.m",
                                h, q)});
        }
    }
    return suite;
}

nlohmann::ordered_json RunSuite(const BenchOptions &options, const SqlArgs &args, const TempDir &dir) {
    std::vector<std::string> files = args.files.empty() ? DefaultFiles(options.quick) : args.files;
    nlohmann::ordered_json json = nlohmann::ordered_json::array();
    std::vector<double> all_ratios;
    std::vector<std::vector<std::string>> table = {
        {"data set", "query", "vortex ms", "parquet ms", "vortex/parquet"}};
    for (const std::string &path : files) {
        const std::string name = DataSetName(path);
        const std::string vx_path = dir.File(name + ".vortex"), pq_path = dir.File(name + ".parquet");
        {
            auto prep = ValueOrThrow(duckdb_bridge::DuckDB::Open(args.threads));
            std::string source = ValueOrThrow(duckdb_bridge::SourceQuery(path));
            if (options.quick) {
                source += vortex::format(" LIMIT {}", args.quick_rows);
            }
            ThrowIfNotOk(prep.Execute("CREATE TABLE t AS " + source));
            WriteVortex(prep, vx_path, Compression::kDefault, nullptr);
            CopyParquet(prep, pq_path, "zstd");
        }
        // A fresh database per data set, so one set's caches do not weigh on the next.
        const PinnedFiles pinned({vx_path, pq_path});
        QueryDb db(args.threads);
        const std::string vx = "read_vortex(" + QuoteSqlString(vx_path) + ")";
        const std::string pq = "read_parquet(" + QuoteSqlString(pq_path) + ")";
        const std::vector<SuiteQuery> suite = MakeSuite(db, vx);
        nlohmann::ordered_json queries = nlohmann::ordered_json::array();
        std::vector<double> ratios;
        for (const SuiteQuery &query : suite) {
            const std::string sql_vx = vortex::format(fmt::runtime(query.sql), vx, vx);
            const std::string sql_pq = vortex::format(fmt::runtime(query.sql), pq, pq);
            const auto [t_vx, t_pq] = TimeBoth(db, options, query.name, sql_vx, sql_pq);
            const double ratio = t_vx.Median() / t_pq.Median();
            ratios.push_back(ratio);
            all_ratios.push_back(ratio);
            table.push_back({name, query.name, Ms(t_vx.Median()), Ms(t_pq.Median()), Fmt(ratio)});
            queries.push_back({{"query", query.name},
                               {"sql", sql_vx},
                               {"vortex_seconds", t_vx.Median()},
                               {"parquet_seconds", t_pq.Median()},
                               {"ratio", ratio}});
        }
        table.push_back({name, "geomean", "", "", Fmt(Geomean(ratios))});
        json.push_back({{"data_set", name}, {"queries", queries}, {"geomean_ratio", Geomean(ratios)}});
    }
    table.push_back({"all", "geomean", "", "", Fmt(Geomean(all_ratios))});
    if (!options.json) {
        std::printf("(b) query suite: median of %d runs per query; ratio < 1 means .vortex is faster\n",
                    options.reps);
        PrintTable(table);
    }
    return {{"data_sets", json}, {"geomean_ratio", Geomean(all_ratios)}};
}

// ---- (c) the star schema ------------------------------------------------------------------------

nlohmann::ordered_json RunStar(const BenchOptions &options, const SqlArgs &args, const TempDir &dir) {
    const uint64_t rows = options.quick ? args.star_quick_rows : args.star_rows;
    QueryDb db(args.threads);
    {
        auto prep = ValueOrThrow(duckdb_bridge::DuckDB::Open(args.threads));
        for (const workload::StarTable &table : workload::StarSchemaTables(rows, args.star_seed)) {
            ThrowIfNotOk(prep.Execute("CREATE OR REPLACE TABLE t AS " + table.select_sql));
            const std::string vx_path = dir.File("star_" + table.name + ".vortex");
            const std::string pq_path = dir.File("star_" + table.name + ".parquet");
            WriteVortex(prep, vx_path, Compression::kDefault, nullptr);
            CopyParquet(prep, pq_path, "zstd");
            // Views inline into the queries, so DuckDB pushes filters into both scans alike.
            db.Run(vortex::format("CREATE VIEW vx_{} AS SELECT * FROM read_vortex({})", table.name,
                                  QuoteSqlString(vx_path)));
            db.Run(vortex::format("CREATE VIEW pq_{} AS SELECT * FROM read_parquet({})", table.name,
                                  QuoteSqlString(pq_path)));
        }
    }
    const PinnedFiles pinned(FilesIn(dir.path()));
    std::vector<std::vector<std::string>> table = {
        {"star query", "vortex ms", "parquet ms", "vortex/parquet"}};
    nlohmann::ordered_json queries = nlohmann::ordered_json::array();
    std::vector<double> ratios;
    std::string worst;
    double worst_ratio = 0;
    for (const workload::StarQuery &query : workload::StarSchemaQueries()) {
        const std::string sql_vx = workload::BindStarTables(query.sql, "vx_");
        const std::string sql_pq = workload::BindStarTables(query.sql, "pq_");
        const auto [t_vx, t_pq] = TimeBoth(db, options, query.name, sql_vx, sql_pq);
        const double ratio = t_vx.Median() / t_pq.Median();
        ratios.push_back(ratio);
        if (ratio > worst_ratio) {
            worst_ratio = ratio;
            worst = query.name;
        }
        table.push_back({query.name, Ms(t_vx.Median()), Ms(t_pq.Median()), Fmt(ratio)});
        queries.push_back({{"query", query.name},
                           {"sql", sql_vx},
                           {"vortex_seconds", t_vx.Median()},
                           {"vortex_min_seconds", t_vx.Min()},
                           {"parquet_seconds", t_pq.Median()},
                           {"parquet_min_seconds", t_pq.Min()},
                           {"ratio", ratio}});
    }
    table.push_back({"geomean", "", "", Fmt(Geomean(ratios))});
    table.push_back({"worst: " + worst, "", "", Fmt(worst_ratio)});
    if (!options.json) {
        std::printf("(c) star schema: %llu fact rows, median of %d runs per query\n",
                    static_cast<unsigned long long>(rows), options.reps);
        PrintTable(table);
    }
    return {{"fact_rows", rows},
            {"queries", queries},
            {"geomean_ratio", Geomean(ratios)},
            {"worst", {{"query", worst}, {"ratio", worst_ratio}}}};
}

void RunSqlBench(const BenchOptions &options, const SqlArgs &args) {
    TempDir dir(options.tmp_dir);
    nlohmann::ordered_json json;
    json["threads"] = args.threads;
    if (!args.skip_seed) {
        json["seed_001"] = RunSeedBench(options, args, dir);
    }
    if (!args.skip_suite) {
        json["suite"] = RunSuite(options, args, dir);
    }
    if (!args.skip_star) {
        json["star_schema"] = RunStar(options, args, dir);
    }
    if (!args.skip_layout) {
        json["layout"] = RunLayoutBench(options, args.threads, dir);
    }
    if (options.json) {
        std::printf("%s\n", json.dump(2).c_str());
    }
}

} // namespace

void AddSqlBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<SqlArgs>();
    CLI::App *cmd = bench.add_subcommand(
        "sql", "DuckDB queries over .vortex vs Parquet-ZSTD (seed 001, a suite, a star schema, layouts)");
    cmd->add_option("files", args->files, "data sets for the suite (default: every shared data set)");
    cmd->add_option("--threads", args->threads, "DuckDB threads (default: all cores)");
    cmd->add_option("--queries", args->queries, "seed 001: sequential queries per shape (default 500)");
    cmd->add_option("--clients", args->clients, "seed 001: concurrent clients (default 4)");
    cmd->add_option("--client-queries", args->client_queries, "seed 001: queries per client (default 100)");
    cmd->add_flag("--no-seed", args->skip_seed, "skip (a), the seed 001 benchmark");
    cmd->add_flag("--no-suite", args->skip_suite, "skip (b), the per-data-set query suite");
    cmd->add_flag("--no-star", args->skip_star, "skip (c), the star schema");
    cmd->add_flag("--no-layout", args->skip_layout,
                  "skip (d), hive-partitioned files and file_row_number lookups");
    cmd->add_option("--star-rows", args->star_rows, "(c): fact table rows (default 6 000 000)");
    cmd->add_option("--star-seed", args->star_seed, "(c): the generator's seed (default 1)");
    cmd->callback([options, args] {
        try {
            RunSqlBench(*options, *args);
        } catch (const dd::Exception &e) {
            throw std::runtime_error(dd::ErrorData(e).Message());
        }
    });
}

} // namespace vortex::cli::bench
