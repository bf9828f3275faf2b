// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx-bench: the benchmarks, apart from the shipped `vx`. `open`, `take`, `export`: the scan
// benchmarks of issue #7; `compress`: sizes and write/decode times against Parquet (issue #6);
// `sql` and `filters`: DuckDB queries over .vortex against Parquet (issues #8, #21);
// `write-scaling` and `wide`: the writer's threads (issue #28). Each prints a small table, or
// JSON with --json; --quick runs tiny sizes so CI proves the commands work.
#include <cstdlib>
#include <malloc.h>
#include <memory>
#include <string_view>

#include <CLI/CLI.hpp>

#include "commands/run_tool.h"
#include "vx-bench/bench_util.h"

namespace {

// The allocator policy for what does not go through MemoryPool, VX_MALLOC_POLICY=glibc
// (default) | arena1 | mmap128k: `export` compares them (seed 002's peak memory per thread).
void TuneAllocator() {
    const char *env = std::getenv("VX_MALLOC_POLICY");
    const std::string_view policy = env != nullptr ? env : "glibc";
    if (policy == "arena1") {
        mallopt(M_ARENA_MAX, 1);
    } else if (policy == "mmap128k") {
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    }
}

} // namespace

int main(int argc, char **argv) {
    namespace bench = vortex::cli::bench;
    TuneAllocator();
    return vortex::cli::RunTool(
        "vx-bench",
        "vx-bench: Vortex benchmarks against DuckDB and Parquet: open, take, export, compress, sql, filters, "
        "write-scaling, wide",
        argc, argv, [](CLI::App &app) {
            // The commands' callbacks share the options (they run once parsing set them).
            auto options = std::make_shared<bench::BenchOptions>();
            // Subcommands inherit fallthrough, so `vx-bench open --json` works as well as
            // `vx-bench --json open`.
            app.fallthrough();
            app.add_flag("--json", options->json, "print machine-readable results");
            app.add_flag("--quick", options->quick, "tiny sizes (a smoke run, not a measurement)");
            app.add_option("--reps", options->reps, "timed repetitions (min and median are reported)")
                ->check(CLI::PositiveNumber);
            app.add_option("--quiet-script", options->quiet_script,
                           "run before each timed repetition, e.g. shared/tools/quiet.sh (a non-zero exit is "
                           "reported)");
            app.add_option("--tmp-dir", options->tmp_dir, "where temporary files go (default: the system's)");
            bench::AddOpenBench(app, options);
            bench::AddTakeBench(app, options);
            bench::AddExportBench(app, options);
            bench::AddCompressBench(app, options);
            bench::AddSqlBench(app, options);
            bench::AddFilterBench(app, options);
            bench::AddWriteScalingBench(app, options);
            bench::AddWideBench(app, options);
        });
}
