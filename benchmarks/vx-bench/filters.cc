// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench filters` (issue #21): the filter matrix. One generated table (every dtype users
// filter on, benchmarks/workloads/filter_workload.h) written as .vortex by our writer and as
// Parquet-ZSTD by DuckDB; then, for each dtype x predicate kind x selectivity, the same DuckDB
// query over both files in one DuckDB, with the same threads. Every cell's results are compared
// before it is timed; the ratio is ours over Parquet's (below 1: .vortex is faster).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "vortex/base/format.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "vx-bench/bench_duckdb.h"
#include "vx-bench/bench_util.h"
#include "workloads/filter_workload.h"

namespace vortex::cli::bench {
namespace {

namespace dd = ::duckdb;
using duckdb_bridge::QuoteSqlString;

struct FilterArgs {
    uint64_t rows = 5'000'000;
    uint64_t quick_rows = 10'000;
    uint64_t seed = 1;
    int threads = 0;
    /// Only cells whose dtype / kind contains one of these (all when empty).
    std::vector<std::string> dtypes;
    std::vector<std::string> kinds;
    /// Where the generated files are kept and reused by later runs with the same rows and seed
    /// (default: a temporary directory, removed at the end).
    std::string data_dir;
    /// A timed sample repeats a query until it has run this long, so short queries are not noise.
    double min_sample_seconds = 0.05;
};

bool Selected(const std::vector<std::string> &wanted, const std::string &value) {
    return wanted.empty() || std::any_of(wanted.begin(), wanted.end(), [&](const std::string &w) {
               return value.find(w) != std::string::npos;
           });
}

struct Cell {
    workload::FilterPredicate predicate;
    double selected = -1;      // measured share of rows, for count(*) cells
    double vortex_seconds = 0; // medians
    double parquet_seconds = 0;
    double vortex_min_seconds = 0;
    double parquet_min_seconds = 0;
    double ratio() const { return vortex_seconds / parquet_seconds; }
    double min_ratio() const { return vortex_min_seconds / parquet_min_seconds; }
};

// Seconds per query of both queries, each sample repeating one `repeat` times. The samples
// alternate (and which runs first alternates too), so a burst of load from elsewhere on this
// shared host lands on both sides of the ratio instead of on one format's samples only.
void TimeCell(QueryDb &db,
              const BenchOptions &options,
              const std::string &sql_vx,
              const std::string &sql_pq,
              int repeat,
              Cell &cell) {
    Samples vx, pq;
    for (int rep = 0; rep < options.reps; rep++) {
        for (int side = 0; side < 2; side++) {
            const bool vortex_turn = (side == 0) == (rep % 2 == 0);
            WaitQuiet(options);
            const double seconds = TimeSequential(db, vortex_turn ? sql_vx : sql_pq, repeat) / repeat;
            (vortex_turn ? vx : pq).Add(seconds);
        }
    }
    cell.vortex_seconds = vx.Median();
    cell.parquet_seconds = pq.Median();
    cell.vortex_min_seconds = vx.Min();
    cell.parquet_min_seconds = pq.Min();
}

std::string Share(double share) {
    return share < 0 ? "" : Fmt(share * 100) + "%";
}

std::string ReadFileOr(const std::string &path) {
    std::ifstream in(path);
    return in ? std::string(std::istreambuf_iterator<char>(in), {}) : std::string();
}

void WriteFile(const std::string &path, const std::string &text) {
    std::ofstream out(path);
    out << text;
    if (!out) {
        throw std::runtime_error("cannot write " + path);
    }
}

void RunFilterBench(const BenchOptions &options, const FilterArgs &args) {
    const uint64_t rows = options.quick ? args.quick_rows : args.rows;
    TempDir dir(options.tmp_dir);
    const std::string data_dir = args.data_dir.empty() ? dir.path() : args.data_dir;
    const std::string vx_path = data_dir + "/filters.vortex", pq_path = data_dir + "/filters.parquet";
    const std::string stamp_path = data_dir + "/filters.stamp";
    // The stamp names what the files hold; it is written last, so a run cut short regenerates.
    const std::string create_table = workload::CreateTableSql("t", rows, args.seed);
    const std::string stamp =
        vortex::format("rows {} seed {} sql {}\n", rows, args.seed, std::hash<std::string>{}(create_table));
    nlohmann::ordered_json json = {{"rows", rows}, {"seed", args.seed}, {"threads", args.threads}};
    if (ReadFileOr(stamp_path) != stamp) {
        std::filesystem::create_directories(data_dir);
        std::filesystem::remove(stamp_path);
        std::fprintf(stderr, "bench filters: generating %llu rows\n", static_cast<unsigned long long>(rows));
        auto prep = ValueOrThrow(duckdb_bridge::DuckDB::Open(args.threads));
        ThrowIfNotOk(prep.Execute(create_table));
        std::fprintf(stderr, "bench filters: writing .vortex and Parquet-ZSTD\n");
        double t0 = NowSeconds();
        WriteVortex(prep, vx_path, Compression::kDefault, nullptr);
        json["vortex_write_seconds"] = NowSeconds() - t0;
        t0 = NowSeconds();
        CopyParquet(prep, pq_path, "zstd");
        json["parquet_write_seconds"] = NowSeconds() - t0;
        WriteFile(stamp_path, stamp);
    }
    json["vortex_bytes"] = std::filesystem::file_size(vx_path);
    json["parquet_bytes"] = std::filesystem::file_size(pq_path);
    const PinnedFiles pinned({vx_path, pq_path});
    QueryDb db(args.threads);
    const std::string vx = "read_vortex(" + QuoteSqlString(vx_path) + ")";
    const std::string pq = "read_parquet(" + QuoteSqlString(pq_path) + ")";
    std::vector<workload::FilterPredicate> predicates;
    for (workload::FilterPredicate &p : workload::BenchPredicates()) {
        if (Selected(args.dtypes, p.dtype) && Selected(args.kinds, p.kind)) {
            predicates.push_back(std::move(p));
        }
    }
    std::vector<Cell> cells;
    for (size_t i = 0; i < predicates.size(); i++) {
        Cell cell{predicates[i]};
        const std::string sql_vx = cell.predicate.Sql(vx), sql_pq = cell.predicate.Sql(pq);
        // Progress goes to stderr, so --json output stays clean.
        std::fprintf(stderr, "\r[%zu/%zu] %-18s %-9s", i + 1, predicates.size(), cell.predicate.dtype.c_str(),
                     cell.predicate.kind.c_str());
        CheckSameResults(db, cell.predicate.dtype + " " + cell.predicate.kind, sql_vx, sql_pq);
        // One untimed run of each warms the caches and sizes the samples.
        double t0 = NowSeconds();
        auto result = db.Run(sql_pq);
        const double once = std::max(NowSeconds() - t0, 1e-6);
        if (cell.predicate.select == "count(*)") {
            cell.selected =
                static_cast<double>(result->GetValue(0, 0).GetValue<int64_t>()) / static_cast<double>(rows);
        }
        const int repeat = static_cast<int>(std::clamp(std::ceil(args.min_sample_seconds / once), 1.0, 50.0));
        TimeCell(db, options, sql_vx, sql_pq, repeat, cell);
        cells.push_back(std::move(cell));
    }
    std::fprintf(stderr, "\n");

    Samples ratios, min_ratios;
    const Cell *worst = nullptr;
    size_t slower = 0;
    std::vector<std::vector<std::string>> table = {{"dtype", "kind", "nominal", "selected", "vortex ms",
                                                    "parquet ms", "vortex/parquet", "of mins", "predicate"}};
    nlohmann::ordered_json json_cells = nlohmann::ordered_json::array();
    for (const Cell &cell : cells) {
        ratios.Add(cell.ratio());
        min_ratios.Add(cell.min_ratio());
        slower += cell.ratio() > 1.0;
        if (worst == nullptr || cell.ratio() > worst->ratio()) {
            worst = &cell;
        }
        const std::string what = cell.predicate.where.empty() ? cell.predicate.select : cell.predicate.where;
        table.push_back({cell.predicate.dtype, cell.predicate.kind, cell.predicate.nominal,
                         Share(cell.selected), Ms(cell.vortex_seconds), Ms(cell.parquet_seconds),
                         Fmt(cell.ratio()), Fmt(cell.min_ratio()),
                         what.size() > 60 ? what.substr(0, 57) + "..." : what});
        json_cells.push_back({{"dtype", cell.predicate.dtype},
                              {"kind", cell.predicate.kind},
                              {"nominal", cell.predicate.nominal},
                              {"selected", cell.selected},
                              {"sql", cell.predicate.Sql("{}")},
                              {"vortex_seconds", cell.vortex_seconds},
                              {"parquet_seconds", cell.parquet_seconds},
                              {"ratio", cell.ratio()},
                              {"vortex_min_seconds", cell.vortex_min_seconds},
                              {"parquet_min_seconds", cell.parquet_min_seconds},
                              {"min_ratio", cell.min_ratio()}});
    }
    json["cells"] = json_cells;
    json["summary"] = {
        {"cells", cells.size()},
        {"median_ratio", ratios.Median()},
        {"geomean_ratio", Geomean(ratios.values)},
        {"cells_above_1", slower},
        {"median_min_ratio", min_ratios.Median()},
        {"cells_min_ratio_above_1",
         std::count_if(cells.begin(), cells.end(), [](const Cell &c) { return c.min_ratio() > 1.0; })},
        {"worst_ratio", worst ? worst->ratio() : 0},
        {"worst_cell",
         worst ? worst->predicate.dtype + " " + worst->predicate.kind + ": " + worst->predicate.Sql("{}")
               : ""}};
    if (options.json) {
        std::printf("%s\n", json.dump(2).c_str());
        return;
    }
    std::printf("filters: %llu rows, median of %d interleaved samples per cell; ratio < 1 means .vortex is "
                "faster\n",
                static_cast<unsigned long long>(rows), options.reps);
    std::printf("sizes: .vortex %s bytes, Parquet-ZSTD %s bytes\n",
                std::to_string(json["vortex_bytes"].get<uint64_t>()).c_str(),
                std::to_string(json["parquet_bytes"].get<uint64_t>()).c_str());
    PrintTable(table);
    std::printf("cells %zu, median ratio %s, geomean %s, above 1.0: %zu", cells.size(),
                Fmt(ratios.Median()).c_str(), Fmt(Geomean(ratios.values)).c_str(), slower);
    if (worst != nullptr) {
        std::printf(", worst %s (%s %s: %s)", Fmt(worst->ratio()).c_str(), worst->predicate.dtype.c_str(),
                    worst->predicate.kind.c_str(), worst->predicate.Sql("t").c_str());
    }
    std::printf("\n");
}

} // namespace

void AddFilterBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<FilterArgs>();
    CLI::App *cmd = bench.add_subcommand(
        "filters", "DuckDB filters of every dtype and predicate kind over .vortex vs Parquet-ZSTD");
    cmd->add_option("--rows", args->rows, "rows in the generated table (default 5 000 000)");
    cmd->add_option("--seed", args->seed, "the generator's seed (default 1)");
    cmd->add_option("--threads", args->threads, "DuckDB threads (default: all cores)");
    cmd->add_option("--data-dir", args->data_dir,
                    "keep the generated files here and reuse them while rows and seed stay the same (a "
                    "changed writer does not rewrite them)");
    cmd->add_option("--dtype", args->dtypes, "only cells whose dtype contains this (repeatable)");
    cmd->add_option("--kind", args->kinds, "only cells whose kind contains this (repeatable)");
    cmd->callback([options, args] {
        try {
            RunFilterBench(*options, *args);
        } catch (const dd::Exception &e) {
            throw std::runtime_error(dd::ErrorData(e).Message());
        }
    });
}

} // namespace vortex::cli::bench
