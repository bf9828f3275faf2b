// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench compress`: per data set, sizes and write/decode times of DuckDB's Parquet (ZSTD and
// Snappy) beside our .vortex files (default and compact compression), all written from the
// same DuckDB table in the same process (issue #6).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "vortex/arrow/c_abi.h"
#include "vortex/file/file_scan.h"
#include "vortex/io/executor.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

namespace fs = std::filesystem;

struct CompressArgs {
    std::vector<std::string> files;
    /// DuckDB threads and our executor's; 0 keeps both defaults (all cores).
    size_t threads = 0;
    /// Rows per data set in --quick mode.
    uint64_t quick_rows = 20'000;
};

const char *const kWriteIncludes =
    "parquet: DuckDB's COPY of the loaded table; vortex: reading the same table through the DuckDB "
    "bridge (Arrow export, zero-copy import) + FileWriter::Write/Finish to a local file";
const char *const kDecodeIncludes =
    "every value of every column ends in Arrow arrays in memory: vortex = open + Scan().ExportArrow(), "
    "each batch consumed and released; duckdb = SELECT * FROM read_parquet() streamed as Arrow";

uint64_t FileBytes(const std::string &path) {
    return static_cast<uint64_t>(fs::file_size(path));
}

// Our full decode: every column of every row exported to Arrow; returns the rows seen.
uint64_t DecodeVortex(const std::string &path, Executor *executor) {
    auto file = ValueOrThrow(VortexFile::Open(path, DefaultSessionPtr(), /*mmap=*/true));
    auto scan = Scan(file);
    if (executor != nullptr) {
        scan.WithExecutor(executor);
    }
    ArrowArrayStream stream{};
    ThrowIfNotOk(scan.ExportArrow(&stream));
    return DrainArrowStream(stream);
}

// DuckDB's full decode of a Parquet file. `SELECT *` streamed through the bridge converts every
// chunk with duckdb_data_chunk_to_arrow, which reads every value of every column: no column can
// be pruned by projection pushdown and no answer can come from Parquet metadata (as count(*) or
// min/max could), so every page is decompressed and decoded. Both engines end in Arrow arrays,
// which makes the comparison symmetric (DuckDB pays one copy from its vectors into Arrow).
uint64_t DecodeParquet(duckdb_bridge::DuckDB &db, const std::string &path) {
    auto reader =
        ValueOrThrow(db.Query("SELECT * FROM read_parquet(" + duckdb_bridge::QuoteSqlString(path) + ")"));
    uint64_t rows = 0;
    while (auto batch = ValueOrThrow(reader->Next())) {
        rows += (*batch)->len();
    }
    return rows;
}

// One timed operation per variant; each repetition runs every variant once, in order.
struct Timed {
    std::string name;
    std::function<void()> run;
    Samples seconds;
};

// Each operation runs its repetitions back to back: interleaving engines would time one
// engine while the other's worker threads still spin down after its query. An operation of a
// few milliseconds (a small data set's decode) is at the mercy of one scheduler hiccup, so it
// repeats until its samples add up to kShortOpSeconds (at most kMaxReps times); every engine
// gets the same rule.
constexpr double kShortOpSeconds = 0.25;
constexpr int kMaxReps = 25;

int TimeAll(const BenchOptions &options, std::vector<Timed> &ops, bool warm_up) {
    int quiet_timeouts = 0;
    for (Timed &op : ops) {
        int reps = options.reps;
        for (int rep = warm_up ? -1 : 0; rep < reps; ++rep) {
            if (rep >= 0) {
                quiet_timeouts += WaitQuiet(options) ? 0 : 1;
            }
            const double start = NowSeconds();
            op.run();
            const double seconds = NowSeconds() - start;
            if (rep >= 0) {
                op.seconds.Add(seconds);
            }
            if (rep == 0 && seconds * reps < kShortOpSeconds) {
                reps = std::min(kMaxReps, static_cast<int>(kShortOpSeconds / std::max(seconds, 1e-6)) + 1);
            }
        }
    }
    return quiet_timeouts;
}

std::string Mb(uint64_t bytes) {
    return Fmt(static_cast<double>(bytes) / 1e6, 4);
}

double Ratio(double num, double den) {
    return den > 0 ? num / den : 0;
}

void RunCompressBench(const BenchOptions &options, const CompressArgs &args) {
    std::vector<std::string> files = args.files.empty() ? DefaultFiles(options.quick) : args.files;
    if (options.quick) {
        files.resize(1);
    }
    std::unique_ptr<Executor> executor;
    if (args.threads > 0) {
        executor = std::make_unique<Executor>(args.threads);
    }
    const size_t our_threads = executor ? executor->threads() : Executor::Default().threads();
    TempDir dir(options.tmp_dir);
    const std::string pq_zstd = dir.File("zstd.parquet");
    const std::string pq_snappy = dir.File("snappy.parquet");
    const std::string vx_default = dir.File("default.vortex");
    const std::string vx_compact = dir.File("compact.vortex");

    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    std::vector<std::vector<std::string>> sizes = {{"data set", "rows", "pq-zstd MB", "pq-snappy MB",
                                                    "vortex MB", "vx-compact MB", "vx/pq-zstd",
                                                    "vx/pq-snappy", "compact/pq-zstd"}};
    std::vector<std::vector<std::string>> times = {
        {"data set", "load s", "write pq-zstd s", "pq-snappy s", "vortex s", "vx-compact s", "pq-zstd/vx",
         "decode pq-zstd s", "vortex s", "vx-compact s", "pq-zstd/vx"}};
    int quiet_timeouts = 0;
    for (const std::string &path : files) {
        // A fresh database per data set, so one set's table and caches do not weigh on the next.
        auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(static_cast<int>(args.threads)));
        std::string source = ValueOrThrow(duckdb_bridge::SourceQuery(path));
        if (options.quick) {
            source += vortex::format(" LIMIT {}", args.quick_rows);
        }
        double t0 = NowSeconds();
        ThrowIfNotOk(db.Execute("CREATE TABLE t AS " + source));
        const double load_seconds = NowSeconds() - t0;

        std::vector<Timed> writes = {
            {"parquet_zstd", [&] { CopyParquet(db, pq_zstd, "zstd"); }, {}},
            {"parquet_snappy", [&] { CopyParquet(db, pq_snappy, "snappy"); }, {}},
            {"vortex", [&] { WriteVortex(db, vx_default, Compression::kDefault, executor.get()); }, {}},
            {"vortex_compact",
             [&] { WriteVortex(db, vx_compact, Compression::kCompact, executor.get()); },
             {}},
        };
        quiet_timeouts += TimeAll(options, writes, /*warm_up=*/false);

        uint64_t rows = 0;
        auto check_rows = [&](const char *what, uint64_t got) {
            if (rows == 0) {
                rows = got;
            } else if (got != rows) {
                throw std::runtime_error(vortex::format("{} decoded {} rows of {}", what, got, rows));
            }
        };
        // The first pass warms the page cache and DuckDB's metadata caches.
        std::vector<Timed> decodes = {
            {"parquet_zstd", [&] { check_rows("duckdb parquet", DecodeParquet(db, pq_zstd)); }, {}},
            {"vortex", [&] { check_rows("vortex", DecodeVortex(vx_default, executor.get())); }, {}},
            {"vortex_compact",
             [&] { check_rows("vortex compact", DecodeVortex(vx_compact, executor.get())); },
             {}},
        };
        quiet_timeouts += TimeAll(options, decodes, /*warm_up=*/true);

        const uint64_t b_zstd = FileBytes(pq_zstd), b_snappy = FileBytes(pq_snappy);
        const uint64_t b_vx = FileBytes(vx_default), b_compact = FileBytes(vx_compact);
        const double w_zstd = writes[0].seconds.Median(), w_snappy = writes[1].seconds.Median();
        const double w_vx = writes[2].seconds.Median(), w_compact = writes[3].seconds.Median();
        const double d_pq = decodes[0].seconds.Median(), d_vx = decodes[1].seconds.Median();
        const double d_compact = decodes[2].seconds.Median();
        const auto b = [](uint64_t v) { return static_cast<double>(v); };
        const std::string name = DataSetName(path);
        sizes.push_back({name, std::to_string(rows), Mb(b_zstd), Mb(b_snappy), Mb(b_vx), Mb(b_compact),
                         Fmt(Ratio(b(b_vx), b(b_zstd))), Fmt(Ratio(b(b_vx), b(b_snappy))),
                         Fmt(Ratio(b(b_compact), b(b_zstd)))});
        times.push_back({name, Fmt(load_seconds), Fmt(w_zstd), Fmt(w_snappy), Fmt(w_vx), Fmt(w_compact),
                         Fmt(Ratio(w_zstd, w_vx)), Fmt(d_pq), Fmt(d_vx), Fmt(d_compact),
                         Fmt(Ratio(d_pq, d_vx))});
        nlohmann::ordered_json write_json, decode_json;
        for (const Timed &op : writes) {
            write_json[op.name] = {{"median", op.seconds.Median()},
                                   {"min", op.seconds.Min()},
                                   {"samples", op.seconds.values.size()}};
        }
        for (const Timed &op : decodes) {
            decode_json[op.name] = {{"median", op.seconds.Median()},
                                    {"min", op.seconds.Min()},
                                    {"samples", op.seconds.values.size()}};
        }
        results.push_back({{"data_set", name},
                           {"path", path},
                           {"rows", rows},
                           {"load_seconds", load_seconds},
                           {"bytes",
                            {{"parquet_zstd", b_zstd},
                             {"parquet_snappy", b_snappy},
                             {"vortex", b_vx},
                             {"vortex_compact", b_compact}}},
                           {"size_ratio_vortex_vs_parquet_zstd", Ratio(b(b_vx), b(b_zstd))},
                           {"size_ratio_vortex_vs_parquet_snappy", Ratio(b(b_vx), b(b_snappy))},
                           {"size_ratio_vortex_compact_vs_parquet_zstd", Ratio(b(b_compact), b(b_zstd))},
                           {"write_seconds", write_json},
                           {"write_speedup_vs_parquet_zstd", Ratio(w_zstd, w_vx)},
                           {"write_speedup_compact_vs_parquet_zstd", Ratio(w_zstd, w_compact)},
                           {"decode_seconds", decode_json},
                           {"decode_speedup_vs_parquet_zstd", Ratio(d_pq, d_vx)},
                           {"decode_speedup_compact_vs_parquet_zstd", Ratio(d_pq, d_compact)}});
    }
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "compress"},
                                      {"quick", options.quick},
                                      {"reps", options.reps},
                                      {"duckdb_threads", args.threads},
                                      {"vortex_threads", our_threads},
                                      {"quiet_timeouts", quiet_timeouts},
                                      {"write_includes", kWriteIncludes},
                                      {"decode_includes", kDecodeIncludes},
                                      {"results", results}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf("compress: %zu data set(s)%s, median of at least %d (short operations repeat to %.2f s), %s "
                "DuckDB threads, %zu vortex threads%s\n",
                files.size(),
                options.quick ? vortex::format(" (first {} rows)", args.quick_rows).c_str() : "",
                options.reps, kShortOpSeconds,
                args.threads == 0 ? "default" : std::to_string(args.threads).c_str(), our_threads,
                quiet_timeouts > 0 ? vortex::format(", quiet.sh timed out {}x", quiet_timeouts).c_str() : "");
    std::printf("sizes (ratios below 1: vortex is smaller)\n");
    PrintTable(sizes);
    std::printf("\nseconds (ratios above 1: vortex is faster)\nwrite: %s\ndecode: %s\n", kWriteIncludes,
                kDecodeIncludes);
    PrintTable(times);
}

} // namespace

void AddCompressBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<CompressArgs>();
    CLI::App *cmd = bench.add_subcommand(
        "compress", "sizes, write and full-decode times: DuckDB Parquet (zstd, snappy) vs .vortex");
    cmd->add_option(
        "files", args->files,
        "CSV/Parquet/JSON data sets (default: every .csv.zst in $VORTEX_REAL_DATA_DIR or " VX_REAL_DATA_DIR
        ")");
    cmd->add_option("--threads", args->threads, "DuckDB threads and our executor's (0: the defaults)");
    cmd->add_option("--quick-rows", args->quick_rows, "rows of the one data set --quick uses");
    cmd->callback([args, options] { RunCompressBench(*options, *args); });
}

} // namespace vortex::cli::bench
