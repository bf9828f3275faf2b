// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx-bench open`: many small files, each opened and summed through the scan, sequentially and
// from concurrent clients, with and without the footer cache (seed 001). The per-file cost of
// the concurrent run is its wall time times the parallelism it could use, so a ratio near 1
// means clients do not slow each other beyond sharing the cores.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <thread>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/footer_cache.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {
namespace {

struct OpenArgs {
    size_t files = 40;
    size_t rows = 50'000;
    size_t ops = 500;
    size_t clients = 4;
};

struct Corpus {
    std::vector<std::string> paths;
    std::vector<int64_t> sums;
};

Corpus WriteCorpus(const TempDir &dir, const OpenArgs &args) {
    Corpus corpus;
    std::mt19937_64 rng(7);
    for (size_t f = 0; f < args.files; ++f) {
        std::vector<int64_t> keys(args.rows);
        std::vector<int64_t> values(args.rows);
        int64_t sum = 0;
        for (size_t i = 0; i < args.rows; ++i) {
            keys[i] = static_cast<int64_t>(f * args.rows + i);
            values[i] = static_cast<int64_t>(rng() % 1'000'000);
            sum += values[i];
        }
        ArrayRef table = ValueOrThrow(StructArray::FromFields(
            {"key", "value"}, {PrimitiveArray::FromValues(keys), PrimitiveArray::FromValues(values)},
            args.rows));
        std::string path = dir.File("part-" + std::to_string(f) + ".vortex");
        auto writer = ValueOrThrow(
            FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), table->dtype(), DefaultSessionPtr()));
        ThrowIfNotOk(writer->Write(table));
        ValueOrThrow(writer->Finish());
        corpus.paths.push_back(path);
        corpus.sums.push_back(sum);
    }
    return corpus;
}

// One query: open the file and SUM(value) through the scan.
Status OpenAndSum(const std::string &path, int64_t expected, const std::shared_ptr<FooterCache> &cache) {
    OpenOptions options;
    options.footer_cache = cache;
    VX_ASSIGN_OR_RETURN(auto file, VortexFile::Open(path, DefaultSessionPtr(), /*mmap=*/false, options));
    auto stream = Scan(file).Project({"value"}).IntoStream();
    int64_t sum = 0;
    while (true) {
        VX_ASSIGN_OR_RETURN(auto batch, stream->Next());
        if (!batch) {
            break;
        }
        VX_ASSIGN_OR_RETURN(ArrayRef values, Canonicalize((*batch)->child(0)));
        for (int64_t v : As<PrimitiveArray>(*values)->values_as<int64_t>()) {
            sum += v;
        }
    }
    VX_ENSURE(sum == expected, Internal, "SUM(value) of {} is {}, expected {}", path, sum, expected);
    return Status::OK();
}

struct RunResult {
    double wall = 0;
    double cpu = 0;
};

// `args.ops` queries over the corpus (query i reads file i mod files) from `clients` threads.
RunResult RunQueries(const Corpus &corpus, const OpenArgs &args, size_t clients, bool cached) {
    auto cache = cached ? std::make_shared<FooterCache>() : nullptr;
    std::atomic<size_t> next{0};
    std::vector<Status> errors(clients);
    auto client = [&](size_t c) {
        for (size_t i = next.fetch_add(1); i < args.ops; i = next.fetch_add(1)) {
            size_t f = i % corpus.paths.size();
            Status st = OpenAndSum(corpus.paths[f], corpus.sums[f], cache);
            if (!st.ok()) {
                errors[c] = st;
                return;
            }
        }
    };
    double cpu0 = CpuSeconds();
    double t0 = NowSeconds();
    if (clients == 1) {
        client(0);
    } else {
        std::vector<std::thread> threads;
        for (size_t c = 0; c < clients; ++c) {
            threads.emplace_back(client, c);
        }
        for (std::thread &t : threads) {
            t.join();
        }
    }
    RunResult out{NowSeconds() - t0, CpuSeconds() - cpu0};
    for (const Status &st : errors) {
        ThrowIfNotOk(st);
    }
    return out;
}

void RunOpenBench(const BenchOptions &options, OpenArgs args) {
    if (options.quick) {
        args = OpenArgs{4, 2'000, 40, 4};
    }
    TempDir dir(options.tmp_dir);
    Corpus corpus = WriteCorpus(dir, args);
    // The concurrent run can use at most this many cores at once.
    const size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
    const double parallelism = static_cast<double>(std::min(args.clients, cores));
    const double ops = static_cast<double>(args.ops);

    // Warm the page cache and the allocator once.
    RunQueries(corpus, args, 1, false);
    int quiet_timeouts = 0;
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    std::vector<std::vector<std::string>> table = {{"footer cache", "seq us/file",
                                                    "conc us/file x" + Fmt(parallelism), "ratio",
                                                    "seq cpu us/file", "conc cpu us/file", "cpu ratio"}};
    for (bool cached : {false, true}) {
        Samples seq_wall, conc_wall, seq_cpu, conc_cpu;
        for (int rep = 0; rep < options.reps; ++rep) {
            quiet_timeouts += WaitQuiet(options) ? 0 : 1;
            RunResult seq = RunQueries(corpus, args, 1, cached);
            quiet_timeouts += WaitQuiet(options) ? 0 : 1;
            RunResult conc = RunQueries(corpus, args, args.clients, cached);
            seq_wall.Add(seq.wall / ops * 1e6);
            seq_cpu.Add(seq.cpu / ops * 1e6);
            conc_wall.Add(conc.wall * parallelism / ops * 1e6);
            conc_cpu.Add(conc.cpu / ops * 1e6);
        }
        double ratio = conc_wall.Median() / seq_wall.Median();
        double cpu_ratio = conc_cpu.Median() / seq_cpu.Median();
        table.push_back({cached ? "on" : "off", Fmt(seq_wall.Median()) + " (min " + Fmt(seq_wall.Min()) + ")",
                         Fmt(conc_wall.Median()) + " (min " + Fmt(conc_wall.Min()) + ")", Fmt(ratio),
                         Fmt(seq_cpu.Median()), Fmt(conc_cpu.Median()), Fmt(cpu_ratio)});
        results.push_back({{"footer_cache", cached},
                           {"seq_us_per_file_median", seq_wall.Median()},
                           {"seq_us_per_file_min", seq_wall.Min()},
                           {"conc_us_per_file_median", conc_wall.Median()},
                           {"conc_us_per_file_min", conc_wall.Min()},
                           {"ratio", ratio},
                           {"seq_cpu_us_per_file", seq_cpu.Median()},
                           {"conc_cpu_us_per_file", conc_cpu.Median()},
                           {"cpu_ratio", cpu_ratio}});
    }
    if (options.json) {
        nlohmann::ordered_json out = {{"bench", "open"},
                                      {"files", args.files},
                                      {"rows_per_file", args.rows},
                                      {"ops", args.ops},
                                      {"clients", args.clients},
                                      {"parallelism", parallelism},
                                      {"reps", options.reps},
                                      {"quiet_timeouts", quiet_timeouts},
                                      {"results", results}};
        std::printf("%s\n", out.dump(2).c_str());
        return;
    }
    std::printf("open + SUM(value): %zu files x %zu rows, %zu queries, %zu clients (x%s = cores usable), "
                "median of %d%s\n",
                args.files, args.rows, args.ops, args.clients, Fmt(parallelism).c_str(), options.reps,
                quiet_timeouts > 0 ? vortex::format(", quiet.sh timed out {}x", quiet_timeouts).c_str() : "");
    PrintTable(table);
}

} // namespace

void AddOpenBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options) {
    auto args = std::make_shared<OpenArgs>();
    CLI::App *cmd =
        bench.add_subcommand("open", "open + SUM(value) over many small files, sequential vs concurrent");
    cmd->add_option("--files", args->files, "files in the corpus");
    cmd->add_option("--rows", args->rows, "rows per file");
    cmd->add_option("--ops", args->ops, "queries per run");
    cmd->add_option("--clients", args->clients, "concurrent clients");
    cmd->callback([args, options] { RunOpenBench(*options, *args); });
}

} // namespace vortex::cli::bench
