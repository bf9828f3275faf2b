// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench take`: 100 rows of a multi-million-row file, uniformly spread or in 5 clusters of 20,
// through our scan's Take (cached handle, reopen per query, reopen with the footer cache) beside
// DuckDB reading the same rows from a Parquet copy of the same data in the same process.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <stdexcept>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/footer_cache.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/bridge/file_array_reader.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

struct TakeArgs {
    uint64_t rows = 5'000'000;
    /// A file DuckDB reads (CSV, Parquet, ...) instead of generated rows.
    std::string input;
    size_t queries = 5;
    int threads = 2;
};

// Writes the rows of `query` as a .vortex file.
void WriteVortex(duckdb_bridge::DuckDB &db, const std::string &query, const std::string &path) {
    auto reader = ValueOrThrow(db.Query(query));
    auto writer = ValueOrThrow(
        FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), reader->dtype(), DefaultSessionPtr()));
    while (auto batch = ValueOrThrow(reader->Next())) {
        ThrowIfNotOk(writer->Write(*batch));
    }
    ValueOrThrow(writer->Finish());
}

std::vector<uint64_t> UniformRows(uint64_t n, std::mt19937_64 &rng) {
    std::set<uint64_t> rows;
    while (rows.size() < 100) {
        rows.insert(rng() % n);
    }
    return {rows.begin(), rows.end()};
}

std::vector<uint64_t> ClusteredRows(uint64_t n, std::mt19937_64 &rng) {
    std::set<uint64_t> rows;
    while (rows.size() < 100) {
        uint64_t start = rng() % (n - 20);
        std::set<uint64_t> cluster;
        for (uint64_t r = start; r < start + 20; ++r) {
            cluster.insert(r);
        }
        // Clusters do not overlap, so there are exactly 5 of 20.
        bool overlaps =
            std::any_of(cluster.begin(), cluster.end(), [&](uint64_t r) { return rows.count(r) > 0; });
        if (!overlaps && rows.size() + 20 <= 100) {
            rows.insert(cluster.begin(), cluster.end());
        }
    }
    return {rows.begin(), rows.end()};
}

// Decoded rows, as DuckDB's result holds: every batch canonical down to its struct fields.
uint64_t TakeRows(const std::shared_ptr<const VortexFile> &file, const std::vector<uint64_t> &rows) {
    auto batches = ValueOrThrow(Scan(file).Take(rows).Collect());
    uint64_t count = 0;
    for (const ArrayRef &batch : batches) {
        ArrayRef rows_out = ValueOrThrow(Canonicalize(batch));
        if (const auto *fields = As<StructArray>(*rows_out)) {
            for (size_t i = 0; i < fields->nfields(); ++i) {
                ValueOrThrow(Canonicalize(fields->field(i)));
            }
        }
        count += rows_out->len();
    }
    return count;
}

uint64_t DrainQuery(duckdb_bridge::DuckDB &db, const std::string &sql) {
    auto reader = ValueOrThrow(db.Query(sql));
    uint64_t count = 0;
    while (auto batch = ValueOrThrow(reader->Next())) {
        count += (*batch)->len();
    }
    return count;
}

std::string InList(const std::vector<uint64_t> &rows) {
    std::string out;
    for (uint64_t r : rows) {
        out += (out.empty() ? "" : ",") + std::to_string(r);
    }
    return out;
}

struct Engine {
    std::string name;
    std::function<uint64_t(const std::vector<uint64_t> &)> run;
};

void RunTakeBench(const BenchOptions &options, TakeArgs args) {
    if (options.quick) {
        args.rows = 50'000;
        args.queries = 2;
        args.input.clear();
    }
    TempDir dir(options.tmp_dir);
    const std::string vortex_path = dir.File("take.vortex");
    const std::string parquet_path = dir.File("take.parquet");
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(args.threads));
    const bool generated = args.input.empty();
    std::string source =
        generated
            ? vortex::format("SELECT i::BIGINT AS id, (hash(i) % 1000000)::BIGINT AS a, "
                             "(hash(i * 7) % 100000) / 100.0 AS b, 'name_' || (hash(i * 3) % 5000) AS s "
                             "FROM range({}) t(i)",
                             args.rows)
            : ValueOrThrow(duckdb_bridge::SourceQuery(args.input));
    double t0 = NowSeconds();
    WriteVortex(db, source, vortex_path);
    auto file = ValueOrThrow(VortexFile::Open(vortex_path, DefaultSessionPtr()));
    {
        auto reader = duckdb_bridge::MakeFileReader(file, {}, 0, file->row_count());
        ThrowIfNotOk(db.CopyTo(*reader, parquet_path, duckdb_bridge::CopyFormat::Parquet));
    }
    const double prepare_seconds = NowSeconds() - t0;
    const uint64_t n = file->row_count();
    if (n < 200) {
        throw std::runtime_error("vx-bench take needs at least 200 rows");
    }
    // DuckDB's fastest fair settings: the same threads as our executor, and Parquet metadata
    // cached across queries like our open handle (the setting's name varies by version).
    ThrowIfNotOk(db.Execute(vortex::format("SET GLOBAL threads = {}", args.threads)));
    (void)db.Execute("SET GLOBAL parquet_metadata_cache = true");
    (void)db.Execute("SET GLOBAL enable_object_cache = true");

    // Mapped: a take touches a few pages of a segment instead of pread copying all of it.
    auto mapped = ValueOrThrow(VortexFile::Open(vortex_path, DefaultSessionPtr(), /*mmap=*/true));
    // A handle that keeps decoded segments for all its scans (OpenOptions::array_cache_bytes).
    OpenOptions caching;
    caching.array_cache_bytes = size_t{64} << 20;
    auto cached = ValueOrThrow(VortexFile::Open(vortex_path, DefaultSessionPtr(), /*mmap=*/true, caching));
    auto cache = std::make_shared<FooterCache>();
    const std::string quoted = duckdb_bridge::QuoteSqlString(parquet_path);
    std::vector<Engine> engines = {
        {"vortex take (open handle)",
         [&](const std::vector<uint64_t> &rows) { return TakeRows(file, rows); }},
        {"vortex take (open handle, mmap)",
         [&](const std::vector<uint64_t> &rows) { return TakeRows(mapped, rows); }},
        {"vortex take (open handle, mmap, array cache)",
         [&](const std::vector<uint64_t> &rows) { return TakeRows(cached, rows); }},
        {"vortex take (reopen)",
         [&](const std::vector<uint64_t> &rows) {
             return TakeRows(ValueOrThrow(VortexFile::Open(vortex_path, DefaultSessionPtr())), rows);
         }},
        {"vortex take (reopen, footer cache)",
         [&](const std::vector<uint64_t> &rows) {
             OpenOptions open;
             open.footer_cache = cache;
             return TakeRows(ValueOrThrow(VortexFile::Open(vortex_path, DefaultSessionPtr(), false, open)),
                             rows);
         }},
        {"duckdb parquet (file_row_number IN)",
         [&](const std::vector<uint64_t> &rows) {
             return DrainQuery(db, "SELECT * FROM read_parquet(" + quoted +
                                       ", file_row_number = true) "
                                       "WHERE file_row_number IN (" +
                                       InList(rows) + ")");
         }},
    };
    if (generated) {
        // The sorted id column carries row-group min/max statistics DuckDB can prune with.
        engines.push_back({"duckdb parquet (id IN)", [&](const std::vector<uint64_t> &rows) {
                               return DrainQuery(db, "SELECT * FROM " + quoted + " WHERE id IN (" +
                                                         InList(rows) + ")");
                           }});
    }
    // Our engines come first; the rest are DuckDB's.
    const auto first_duckdb =
        static_cast<size_t>(std::count_if(engines.begin(), engines.end(), [](const Engine &engine) {
            return engine.name.rfind("vortex", 0) == 0;
        }));

    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    std::vector<std::vector<std::string>> table = {
        {"pattern / engine", "median ms/query", "min ms/query", "x vs best duckdb"}};
    int quiet_timeouts = 0;
    for (const char *pattern : {"uniform", "clustered"}) {
        std::mt19937_64 rng(pattern[0] == 'u' ? 1 : 2);
        std::vector<std::vector<uint64_t>> row_sets;
        for (size_t q = 0; q < args.queries; ++q) {
            row_sets.push_back(pattern[0] == 'u' ? UniformRows(n, rng) : ClusteredRows(n, rng));
        }
        std::vector<Samples> samples(engines.size());
        // One warm-up pass (page cache, metadata caches), then timed repetitions.
        for (int rep = -1; rep < options.reps; ++rep) {
            for (size_t e = 0; e < engines.size(); ++e) {
                if (rep >= 0) {
                    quiet_timeouts += WaitQuiet(options) ? 0 : 1;
                }
                double start = NowSeconds();
                for (const auto &rows : row_sets) {
                    uint64_t got = engines[e].run(rows);
                    if (got != rows.size()) {
                        throw std::runtime_error(vortex::format("{} returned {} rows for {} asked",
                                                                engines[e].name, got, rows.size()));
                    }
                }
                if (rep >= 0) {
                    samples[e].Add((NowSeconds() - start) / static_cast<double>(row_sets.size()) * 1e3);
                }
            }
        }
        double best_duckdb = 1e300;
        for (size_t e = first_duckdb; e < engines.size(); ++e) {
            best_duckdb = std::min(best_duckdb, samples[e].Median());
        }
        for (size_t e = 0; e < engines.size(); ++e) {
            double speedup = best_duckdb / samples[e].Median();
            table.push_back({std::string(pattern) + " / " + engines[e].name, Fmt(samples[e].Median()),
                             Fmt(samples[e].Min()), Fmt(speedup)});
            results.push_back({{"pattern", pattern},
                               {"engine", engines[e].name},
                               {"ms_per_query_median", samples[e].Median()},
                               {"ms_per_query_min", samples[e].Min()},
                               {"speedup_vs_best_duckdb", speedup}});
        }
    }
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "take"},
                                      {"rows", n},
                                      {"input", generated ? "generated" : args.input},
                                      {"vortex_bytes", file->file_size()},
                                      {"threads", args.threads},
                                      {"queries_per_rep", args.queries},
                                      {"reps", options.reps},
                                      {"quiet_timeouts", quiet_timeouts},
                                      {"results", results}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf("take 100 rows of %llu (%s, %llu bytes .vortex; prepared in %.1f s), %zu queries per rep, "
                "median of %d, %d threads%s\n",
                static_cast<unsigned long long>(n), generated ? "generated" : args.input.c_str(),
                static_cast<unsigned long long>(file->file_size()), prepare_seconds, args.queries,
                options.reps, args.threads,
                quiet_timeouts > 0 ? vortex::format(", quiet.sh timed out {}x", quiet_timeouts).c_str() : "");
    PrintTable(table);
}

} // namespace

void AddTakeBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<TakeArgs>();
    CLI::App *cmd =
        bench.add_subcommand("take", "100 random rows from a large file: our Take vs DuckDB on Parquet");
    cmd->add_option("--rows", args->rows, "rows to generate");
    cmd->add_option("--input", args->input, "a CSV/Parquet/JSON file to use instead of generated rows");
    cmd->add_option("--queries", args->queries, "row sets per pattern and repetition");
    cmd->add_option("--threads", args->threads, "DuckDB threads (our scan uses the default executor)");
    cmd->callback([args, options] { RunTakeBench(*options, *args); });
}

} // namespace vortex::cli::bench
