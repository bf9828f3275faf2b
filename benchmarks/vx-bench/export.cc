// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench export`: peak RSS of exporting a large file through ScanBuilder::ExportArrow to a
// slow consumer, with executors of 1, 2, 8 and 16 threads (seed 002). Each setting runs in a
// fresh child process (this binary with a hidden flag), which reports its VmHWM.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unistd.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/arrow/c_abi.h"
#include "vortex/file/file_scan.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

struct ExportArgs {
    uint64_t rows = 8'000'000;
    std::vector<size_t> threads = {1, 2, 8, 16};
    int sleep_us = 200;
    // Hidden: run as the measured child on this file with this many threads.
    std::string child_file;
    size_t child_threads = 0;
};

// kB from a "Name:   123 kB" line of /proc/self/status.
uint64_t ProcStatusKb(const std::string &name) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind(name + ":", 0) == 0) {
            return std::stoull(line.substr(name.size() + 1));
        }
    }
    throw std::runtime_error("no " + name + " in /proc/self/status");
}

// The child: export the file, release every batch after a short sleep, report memory.
void RunChild(const ExportArgs &args) {
    auto file = ValueOrThrow(VortexFile::Open(args.child_file, DefaultSessionPtr()));
    const uint64_t base_kb = ProcStatusKb("VmRSS");
    uint64_t rows = 0;
    uint64_t batches = 0;
    {
        Executor executor(args.child_threads);
        ArrowArrayStream stream{};
        ThrowIfNotOk(Scan(file).WithExecutor(&executor).ExportArrow(&stream));
        rows = DrainArrowStream(stream, [&] {
            ++batches;
            std::this_thread::sleep_for(std::chrono::microseconds(args.sleep_us));
        });
    }
    if (rows != file->row_count()) {
        throw std::runtime_error("the export returned " + std::to_string(rows) + " rows of " +
                                 std::to_string(file->row_count()));
    }
    std::printf("%llu %llu %llu %llu\n", static_cast<unsigned long long>(ProcStatusKb("VmHWM")),
                static_cast<unsigned long long>(base_kb), static_cast<unsigned long long>(batches),
                static_cast<unsigned long long>(rows));
}

void WriteLargeFile(const std::string &path, uint64_t rows) {
    constexpr uint64_t kChunk = 65'536;
    std::mt19937_64 rng(3);
    DType dtype;
    std::unique_ptr<FileWriter> writer;
    for (uint64_t begin = 0; begin < rows; begin += kChunk) {
        const uint64_t len = std::min(kChunk, rows - begin);
        std::vector<int64_t> id(len), a(len), c(len);
        std::vector<double> b(len);
        for (uint64_t i = 0; i < len; ++i) {
            id[i] = static_cast<int64_t>(begin + i);
            a[i] = static_cast<int64_t>(rng() % 1'000'000'000);
            b[i] = static_cast<double>(rng() % 1'000'000) / 7.0;
            c[i] = static_cast<int64_t>(rng());
        }
        ArrayRef chunk = ValueOrThrow(
            StructArray::FromFields({"id", "a", "b", "c"},
                                    {PrimitiveArray::FromValues(id), PrimitiveArray::FromValues(a),
                                     PrimitiveArray::FromValues(b), PrimitiveArray::FromValues(c)},
                                    len));
        if (writer == nullptr) {
            writer = ValueOrThrow(FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), chunk->dtype(),
                                                   DefaultSessionPtr()));
        }
        ThrowIfNotOk(writer->Write(chunk));
    }
    ValueOrThrow(writer->Finish());
}

std::string SelfExe() {
    std::vector<char> buffer(4096);
    ssize_t n = ::readlink("/proc/self/exe", buffer.data(), buffer.size() - 1);
    if (n <= 0) {
        throw std::runtime_error("cannot find this executable through /proc/self/exe");
    }
    return std::string(buffer.data(), static_cast<size_t>(n));
}

struct ChildResult {
    uint64_t hwm_kb = 0;
    uint64_t base_kb = 0;
    uint64_t batches = 0;
};

ChildResult RunChildProcess(const std::string &exe,
                            const std::string &path,
                            size_t threads,
                            int sleep_us,
                            const std::string &policy) {
    std::string command = "VX_MALLOC_POLICY=" + policy + " '" + exe + "' export --child-file '" + path +
                          "' --child-threads " + std::to_string(threads) + " --sleep-us " +
                          std::to_string(sleep_us);
    std::FILE *pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) {
        throw std::runtime_error("cannot start " + command);
    }
    char line[256] = {};
    bool got = std::fgets(line, sizeof(line), pipe) != nullptr;
    int rc = ::pclose(pipe);
    ChildResult out;
    unsigned long long hwm = 0, base = 0, batches = 0, rows = 0;
    if (!got || rc != 0 || std::sscanf(line, "%llu %llu %llu %llu", &hwm, &base, &batches, &rows) != 4) {
        throw std::runtime_error("the export child failed: " + command);
    }
    return {hwm, base, batches};
}

void RunExportBench(const BenchOptions &options, ExportArgs args) {
    if (!args.child_file.empty()) {
        RunChild(args);
        return;
    }
    if (options.quick) {
        args.rows = 200'000;
    }
    TempDir dir(options.tmp_dir);
    const std::string path = dir.File("export.vortex");
    WriteLargeFile(path, args.rows);
    const std::string exe = SelfExe();
    // Warm the page cache.
    RunChildProcess(exe, path, 1, 0, "glibc");

    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    std::vector<std::vector<std::string>> table = {
        {"malloc", "threads", "peak RSS MiB (median)", "min", "above open MiB", "batches", "x vs first"}};
    int quiet_timeouts = 0;
    // The allocator policies vx knows (see cli/main.cc), vx's default first.
    for (const std::string policy : {"glibc", "arena1", "mmap128k"}) {
        double first = 0;
        double first_above = 0;
        for (size_t threads : args.threads) {
            Samples hwm, above;
            uint64_t batches = 0;
            for (int rep = 0; rep < options.reps; ++rep) {
                quiet_timeouts += WaitQuiet(options) ? 0 : 1;
                ChildResult r = RunChildProcess(exe, path, threads, args.sleep_us, policy);
                hwm.Add(static_cast<double>(r.hwm_kb) / 1024);
                above.Add(static_cast<double>(r.hwm_kb - std::min(r.hwm_kb, r.base_kb)) / 1024);
                batches = r.batches;
            }
            if (first == 0) {
                first = hwm.Median();
                first_above = above.Median();
            }
            const std::string malloc_mode = policy == "glibc" ? "glibc (vx default)" : policy;
            double ratio = hwm.Median() / first;
            table.push_back({malloc_mode, std::to_string(threads), Fmt(hwm.Median(), 4), Fmt(hwm.Min(), 4),
                             Fmt(above.Median(), 4), std::to_string(batches), Fmt(ratio)});
            results.push_back(
                {{"malloc", malloc_mode},
                 {"threads", threads},
                 {"peak_rss_mib_median", hwm.Median()},
                 {"peak_rss_mib_min", hwm.Min()},
                 {"above_open_mib_median", above.Median()},
                 {"above_open_ratio_vs_first", first_above > 0 ? above.Median() / first_above : 0},
                 {"batches", batches},
                 {"ratio_vs_first", ratio}});
        }
    }
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "export"},
                                      {"rows", args.rows},
                                      {"sleep_us_per_batch", args.sleep_us},
                                      {"reps", options.reps},
                                      {"quiet_timeouts", quiet_timeouts},
                                      {"results", results}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf(
        "export %llu rows x 4 columns (i64, i64, f64, i64) through ExportArrow, consumer sleeps %d us "
        "per batch; peak RSS (VmHWM) of a fresh process per setting, median of %d%s\n",
        static_cast<unsigned long long>(args.rows), args.sleep_us, options.reps,
        quiet_timeouts > 0 ? vortex::format(", quiet.sh timed out {}x", quiet_timeouts).c_str() : "");
    PrintTable(table);
}

} // namespace

void AddExportBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App *cmd =
        bench.add_subcommand("export", "peak RSS of an Arrow export with 1, 2, 8, 16 executor threads");
    cmd->add_option("--rows", args->rows, "rows of the generated file");
    cmd->add_option("--executor-threads", args->threads, "executor sizes to measure")->delimiter(',');
    cmd->add_option("--sleep-us", args->sleep_us, "consumer pause per batch (microseconds)");
    cmd->add_option("--child-file", args->child_file)->group("");
    cmd->add_option("--child-threads", args->child_threads)->group("");
    cmd->callback([args, options] { RunExportBench(*options, *args); });
}

} // namespace vortex::cli::bench
