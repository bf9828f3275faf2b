// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// `vx bench open|take|export`: the scan benchmarks of issue #7; `vx bench compress`: sizes and
// write/decode times against Parquet (issue #6); `sql` and `filters`: DuckDB queries over .vortex
// against Parquet (issues #8, #21). Each prints a small table, or JSON with --json;
// --quick runs tiny sizes so CI proves the commands work.
#include <memory>

#include "commands/bench_util.h"
#include "commands/commands.h"

namespace vortex::cli {

void AddBenchCommand(CLI::App &app) {
    auto options = std::make_shared<bench::BenchOptions>();
    CLI::App *cmd = app.add_subcommand(
        "bench", "Benchmarks: open, take, export, compress, sql, filters, write-scaling, wide");
    cmd->require_subcommand(1);
    // Subcommands inherit fallthrough, so `vx bench open --json` works as well as `vx bench --json open`.
    cmd->fallthrough();
    cmd->add_flag("--json", options->json, "print machine-readable results");
    cmd->add_flag("--quick", options->quick, "tiny sizes (a smoke run, not a measurement)");
    cmd->add_option("--reps", options->reps, "timed repetitions (min and median are reported)")
        ->check(CLI::PositiveNumber);
    cmd->add_option(
        "--quiet-script", options->quiet_script,
        "run before each timed repetition, e.g. shared/tools/quiet.sh (a non-zero exit is reported)");
    cmd->add_option("--tmp-dir", options->tmp_dir, "where temporary files go (default: the system's)");
    bench::AddOpenBench(*cmd, options);
    bench::AddTakeBench(*cmd, options);
    bench::AddExportBench(*cmd, options);
    bench::AddCompressBench(*cmd, options);
    bench::AddSqlBench(*cmd, options);
    bench::AddFilterBench(*cmd, options);
    bench::AddWriteScalingBench(*cmd, options);
    bench::AddWideBench(*cmd, options);
}

} // namespace vortex::cli
