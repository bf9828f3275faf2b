// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench write-scaling` (seed 003): the default write of the same in-memory chunks with
// executors of 1, 2, 4 and 8 threads (those the machine has cores for), on a 16-column numeric
// table of 8 chunks x 16 Ki rows and on the shared data sets. Reports each setting's speed-up
// over one thread and checks that every setting writes the same bytes.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <thread>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/io/executor.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

struct WriteScalingArgs {
    std::vector<std::string> files;
    /// Executor sizes; those above the machine's cores are skipped.
    std::vector<size_t> threads = {1, 2, 4, 8};
};

constexpr size_t kNumericColumns = 16;
constexpr size_t kNumericChunks = 8;
constexpr size_t kNumericChunkRows = size_t{16} * 1024;

// A table to write: its dtype and its chunks, held in memory so only the write is timed.
struct Table {
    std::string name;
    DType dtype;
    std::vector<ArrayRef> chunks;
    uint64_t rows = 0;
};

// Sixteen numeric columns of the shapes the compressor meets: sequences, small and wide random
// integers, runs, few distinct values, decimals held in doubles and noisy floats.
Table NumericTable(size_t chunks, size_t chunk_rows) {
    std::mt19937_64 rng(3);
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (size_t c = 0; c < kNumericColumns; ++c) {
        names.push_back("c" + std::to_string(c));
        const PType ptype = c % 4 == 3 ? PType::F64 : (c % 4 == 2 ? PType::I32 : PType::I64);
        dtypes.push_back(DType::Primitive(ptype, Nullability::NonNullable));
    }
    Table table{"numeric 16x" + std::to_string(chunks) + "x" + std::to_string(chunk_rows),
                DType::Struct(names, dtypes, Nullability::NonNullable),
                {},
                0};
    for (size_t chunk = 0; chunk < chunks; ++chunk) {
        std::vector<ArrayRef> fields;
        for (size_t c = 0; c < kNumericColumns; ++c) {
            const size_t shape = c / 4; // 0: sequence-like, 1: narrow, 2: runs, 3: wide/noisy
            const uint64_t base = chunk * chunk_rows;
            switch (dtypes[c].ptype()) {
                case PType::I64: {
                    std::vector<int64_t> v(chunk_rows);
                    for (size_t i = 0; i < chunk_rows; ++i) {
                        const auto row = static_cast<int64_t>(base + i);
                        v[i] = shape == 0   ? row * 3 + 1'000'000
                               : shape == 1 ? static_cast<int64_t>(rng() % 1000)
                               : shape == 2 ? row / 700
                                            : static_cast<int64_t>(rng() >> 4);
                    }
                    fields.push_back(PrimitiveArray::FromValues(v));
                    break;
                }
                case PType::I32: {
                    std::vector<int32_t> v(chunk_rows);
                    for (size_t i = 0; i < chunk_rows; ++i) {
                        v[i] = shape == 0   ? static_cast<int32_t>(base + i)
                               : shape == 1 ? static_cast<int32_t>(rng() % 7) * 1000
                               : shape == 2 ? static_cast<int32_t>((base + i) / 300 % 50)
                                            : static_cast<int32_t>(rng());
                    }
                    fields.push_back(PrimitiveArray::FromValues(v));
                    break;
                }
                default: {
                    std::vector<double> v(chunk_rows);
                    for (size_t i = 0; i < chunk_rows; ++i) {
                        const double cents = static_cast<double>(rng() % 1'000'000);
                        const uint64_t step = (base + i) / 1000; // runs of 1000 rows
                        v[i] = shape == 0   ? static_cast<double>(base + i) * 0.25
                               : shape == 1 ? std::round(cents) / 100
                               : shape == 2 ? static_cast<double>(step) * 1.5
                                            : std::ldexp(static_cast<double>(rng() >> 11), -40);
                    }
                    fields.push_back(PrimitiveArray::FromValues(v));
                    break;
                }
            }
        }
        table.chunks.push_back(ValueOrThrow(StructArray::FromFields(names, fields, chunk_rows)));
        table.rows += chunk_rows;
    }
    return table;
}

// A shared data set as DuckDB's bridge hands it to `vx convert`, materialized.
Table DataSetTable(const std::string &path, bool quick) {
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(0));
    std::string source = ValueOrThrow(duckdb_bridge::SourceQuery(path));
    if (quick) {
        source += " LIMIT 20000";
    }
    auto reader = ValueOrThrow(db.Query(source));
    Table table{DataSetName(path), reader->dtype(), {}, 0};
    while (auto batch = ValueOrThrow(reader->Next())) {
        table.rows += (*batch)->len();
        table.chunks.push_back(*std::move(batch));
    }
    return table;
}

void WriteTable(const Table &table, const std::string &path, Executor &executor) {
    WriteOptions options;
    options.executor = &executor;
    auto writer = ValueOrThrow(
        FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), table.dtype, DefaultSessionPtr(), options));
    for (const ArrayRef &chunk : table.chunks) {
        ThrowIfNotOk(writer->Write(chunk));
    }
    ValueOrThrow(writer->Finish());
}

std::vector<char> FileContents(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Repeats until the samples add up to this, so that millisecond writes are not one hiccup.
constexpr double kMinSampleSeconds = 0.25;

void RunWriteScalingBench(const BenchOptions &options, const WriteScalingArgs &args) {
    const size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
    std::vector<size_t> settings;
    for (size_t t : args.threads) {
        if (t >= 1 && t <= cores) {
            settings.push_back(t);
        }
    }
    std::sort(settings.begin(), settings.end());
    settings.erase(std::unique(settings.begin(), settings.end()), settings.end());
    if (settings.empty()) {
        throw std::runtime_error("no executor size in --threads fits this machine's cores");
    }
    TempDir dir(options.tmp_dir);
    std::vector<Table> tables;
    tables.push_back(options.quick ? NumericTable(2, 4096) : NumericTable(kNumericChunks, kNumericChunkRows));
    std::vector<std::string> files = args.files.empty() ? DefaultFiles(options.quick) : args.files;
    if (options.quick) {
        files.resize(std::min<size_t>(files.size(), 1));
    }
    for (const std::string &file : files) {
        tables.push_back(DataSetTable(file, options.quick));
    }

    std::vector<std::vector<std::string>> rows = {{"table", "rows", "MB"}};
    for (size_t t : settings) {
        rows[0].push_back(std::to_string(t) + "t s");
    }
    for (size_t k = 1; k < settings.size(); ++k) {
        rows[0].push_back(std::to_string(settings[k]) + "t speed-up");
    }
    for (size_t t : settings) {
        rows[0].push_back(std::to_string(t) + "t cores busy");
    }
    rows[0].push_back("same bytes");
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    int quiet_timeouts = 0;
    for (const Table &table : tables) {
        std::vector<double> medians, busy;
        std::vector<char> first_bytes;
        bool identical = true;
        nlohmann::ordered_json per_setting = nlohmann::ordered_json::array();
        for (size_t threads : settings) {
            Executor executor(threads);
            const std::string path = dir.File("t" + std::to_string(threads) + ".vortex");
            WriteTable(table, path, executor); // warm-up; also the bytes compared
            const std::vector<char> bytes = FileContents(path);
            if (first_bytes.empty()) {
                first_bytes = bytes;
            } else {
                identical = identical && bytes == first_bytes;
            }
            Samples seconds;
            double total = 0;
            const double cpu_start = CpuSeconds();
            for (int rep = 0; rep < options.reps || total < kMinSampleSeconds; ++rep) {
                quiet_timeouts += WaitQuiet(options) ? 0 : 1;
                const double start = NowSeconds();
                WriteTable(table, path, executor);
                const double elapsed = NowSeconds() - start;
                seconds.Add(elapsed);
                total += elapsed;
            }
            // Cores busy while writing: the executor's threads and the caller's (which cuts
            // batches and hands columns their chunks), so one executor thread can keep a little
            // more than one core busy.
            const double cores_busy = (CpuSeconds() - cpu_start) / total;
            busy.push_back(cores_busy);
            medians.push_back(seconds.Median());
            per_setting.push_back({{"threads", threads},
                                   {"median_seconds", seconds.Median()},
                                   {"min_seconds", seconds.Min()},
                                   {"samples", seconds.values.size()},
                                   {"cores_busy", cores_busy},
                                   {"speedup_vs_first", medians.front() / seconds.Median()}});
        }
        std::vector<std::string> row = {table.name, std::to_string(table.rows),
                                        Fmt(static_cast<double>(first_bytes.size()) / 1e6, 4)};
        for (double m : medians) {
            row.push_back(Fmt(m));
        }
        for (size_t k = 1; k < medians.size(); ++k) {
            row.push_back(Fmt(medians[0] / medians[k]));
        }
        for (double b : busy) {
            row.push_back(Fmt(b, 2));
        }
        row.push_back(identical ? "yes" : "NO");
        rows.push_back(std::move(row));
        results.push_back({{"table", table.name},
                           {"rows", table.rows},
                           {"bytes", first_bytes.size()},
                           {"identical_bytes", identical},
                           {"settings", per_setting}});
    }
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "write-scaling"},
                                      {"quick", options.quick},
                                      {"reps", options.reps},
                                      {"cores", cores},
                                      {"quiet_timeouts", quiet_timeouts},
                                      {"includes",
                                       "FileWriter::Open + Write of in-memory chunks + Finish to a "
                                       "local file, default compression"},
                                      {"results", results}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf("write-scaling: default write of in-memory chunks to a local file, median of at least %d "
                "(repeated to %.2f s), executor threads as headed, %zu cores%s\n",
                options.reps, kMinSampleSeconds, cores,
                quiet_timeouts > 0 ? vortex::format(", quiet.sh timed out {}x", quiet_timeouts).c_str() : "");
    PrintTable(rows);
}

} // namespace

void AddWriteScalingBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<WriteScalingArgs>();
    CLI::App *cmd = bench.add_subcommand(
        "write-scaling", "default write with executors of 1, 2, 4, 8 threads: speed-up and identical bytes");
    cmd->add_option("files", args->files,
                    "CSV/Parquet/JSON data sets besides the numeric table (default: every .csv.zst in "
                    "$VORTEX_REAL_DATA_DIR or " VX_REAL_DATA_DIR ")");
    cmd->add_option("--threads", args->threads, "executor sizes (those above the core count are skipped)")
        ->delimiter(',');
    cmd->callback([args, options] { RunWriteScalingBench(*options, *args); });
}

} // namespace vortex::cli::bench
