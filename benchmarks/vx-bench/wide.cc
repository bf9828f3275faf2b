// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench wide` (#28): a table of many columns (20 000 by default). The write must use no
// more threads than its executor has, and opening the file and scanning two of its columns
// must cost a small fraction of a full scan: in proportion to the projected columns, not to
// the schema.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/base/thread_count.h"
#include "vortex/file/file_scan.h"
#include "vortex/io/executor.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

struct WideArgs {
    size_t columns = 20'000;
    size_t rows = 4096;
    size_t threads = 2;
    std::string keep;
};

// `columns` i64 columns of `rows` rows, a few shapes so the compressor has work.
ArrayRef WideTable(size_t columns, size_t rows) {
    std::vector<std::string> names;
    std::vector<ArrayRef> fields;
    for (size_t c = 0; c < columns; ++c) {
        names.push_back("c" + std::to_string(c));
        std::vector<int64_t> v(rows);
        for (size_t r = 0; r < rows; ++r) {
            const auto i = static_cast<int64_t>(r);
            const auto k = static_cast<int64_t>(c);
            v[r] = c % 3 == 0 ? k + i : c % 3 == 1 ? (i * 7919 + k) % 1000 : i / 100;
        }
        fields.push_back(PrimitiveArray::FromValues(v));
    }
    return ValueOrThrow(StructArray::FromFields(names, fields, rows));
}

struct OpenScan {
    uint64_t rows = 0;
    double open_seconds = 0;
};

// Scans `projection` (empty: every column) of the file at `path`, opening it first; returns
// the rows read and the time the open took.
OpenScan OpenAndScan(const std::string &path, const std::vector<std::string> &projection) {
    const double start = NowSeconds();
    auto file = ValueOrThrow(VortexFile::Open(path, DefaultSessionPtr()));
    OpenScan out;
    out.open_seconds = NowSeconds() - start;
    auto builder = Scan(file);
    if (!projection.empty()) {
        builder.Project(projection);
    }
    auto stream = builder.IntoStream();
    while (auto batch = ValueOrThrow(stream->Next())) {
        out.rows += (*batch)->len();
    }
    return out;
}

void RunWideBench(const BenchOptions &options, const WideArgs &args) {
    TempDir dir(options.tmp_dir);
    const size_t columns = options.quick ? std::min<size_t>(args.columns, 2000) : args.columns;
    const size_t rows = options.quick ? std::min<size_t>(args.rows, 1024) : args.rows;
    const ArrayRef table = WideTable(columns, rows);
    const std::string path = args.keep.empty() ? dir.File("wide.vortex") : args.keep;

    Executor executor(args.threads);
    const size_t threads_before = ProcessThreadCount(); // this thread and the executor's
    ThreadCountPeak peak;
    const double write_start = NowSeconds();
    {
        WriteOptions write;
        write.executor = &executor;
        auto writer = ValueOrThrow(FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), table->dtype(),
                                                    DefaultSessionPtr(), write));
        const size_t batch = std::max<size_t>(1, rows / 4);
        for (size_t offset = 0; offset < rows; offset += batch) {
            ThrowIfNotOk(writer->Write(ValueOrThrow(Slice(table, offset, std::min(rows, offset + batch)))));
        }
        ValueOrThrow(writer->Finish());
    }
    const double write_seconds = NowSeconds() - write_start;
    // The sampler is one thread beyond those counted before it started.
    const size_t write_threads = peak.Stop() - 1;

    const std::vector<std::string> two = {"c0", "c" + std::to_string(columns / 2)};
    Samples projected, full, open;
    for (int rep = 0; rep < std::max(1, options.reps); ++rep) {
        WaitQuiet(options);
        double start = NowSeconds();
        const OpenScan scanned = OpenAndScan(path, two);
        if (scanned.rows != rows) {
            throw std::runtime_error("the projected scan lost rows");
        }
        projected.Add(NowSeconds() - start);
        open.Add(scanned.open_seconds);
        WaitQuiet(options);
        start = NowSeconds();
        if (OpenAndScan(path, {}).rows != rows) {
            throw std::runtime_error("the full scan lost rows");
        }
        full.Add(NowSeconds() - start);
    }
    const double ratio = projected.Median() / full.Median();
    const auto file_bytes = std::filesystem::file_size(path);
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "wide"},
                                      {"quick", options.quick},
                                      {"reps", options.reps},
                                      {"columns", columns},
                                      {"rows", rows},
                                      {"file_bytes", file_bytes},
                                      {"executor_threads", args.threads},
                                      {"threads_before_write", threads_before},
                                      {"peak_threads_during_write", write_threads},
                                      {"write_seconds", write_seconds},
                                      {"open_seconds", open.Median()},
                                      {"open_scan_2_columns_seconds", projected.Median()},
                                      {"open_scan_all_seconds", full.Median()},
                                      {"projected_over_full", ratio}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf("wide: %zu i64 columns x %zu rows (%.1f MB file), executor of %zu threads\n", columns, rows,
                static_cast<double>(file_bytes) / 1e6, args.threads);
    PrintTable({{"measure", "value"},
                {"threads before the write (this one + executor)", std::to_string(threads_before)},
                {"peak threads during the write", std::to_string(write_threads)},
                {"write s", Fmt(write_seconds)},
                {"open s (median)", Fmt(open.Median(), 4)},
                {"open + scan 2 columns s (median)", Fmt(projected.Median(), 4)},
                {"open + scan all columns s (median)", Fmt(full.Median())},
                {"2 columns / all", Fmt(ratio, 4)}});
}

} // namespace

void AddWideBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<WideArgs>();
    CLI::App *cmd = bench.add_subcommand(
        "wide", "a table of 20 000 columns: threads of the write, open + 2-column scan vs a full scan");
    cmd->add_option("--columns", args->columns, "number of columns")->check(CLI::Range(1, 1'000'000));
    cmd->add_option("--rows", args->rows, "rows per column")->check(CLI::Range(1, 100'000'000));
    cmd->add_option("--threads", args->threads, "write executor threads")->check(CLI::Range(1, 256));
    cmd->add_option("--keep", args->keep, "write the table to this path and keep it (to compare readers)");
    cmd->callback([args, options] { RunWideBench(*options, *args); });
}

} // namespace vortex::cli::bench
