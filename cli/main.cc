// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx: the Vortex command-line tool. Parses arguments, calls the facade, prints; errors are
// one line on stderr and a non-zero exit.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <malloc.h>
#include <string_view>

#include <CLI/CLI.hpp>

#include "commands/commands.h"

namespace {

// The allocator policy, VX_MALLOC_POLICY=arena1 (default) | glibc | mmap128k. glibc keeps one
// arena per thread and raises its mmap threshold after large frees, so freed batches stay
// cached per thread and peak memory grows with the executor size (seed 002: glibc 1.65x at 16
// threads). One arena shares that cache (1.28x) and keeps decoding at full speed; a fixed
// 128 KiB threshold returns every batch to the kernel (flat memory) but page-faults each new
// batch in again, which made full decodes about 4x slower. `vx bench export` compares them.
void TuneAllocator() {
    const char *env = std::getenv("VX_MALLOC_POLICY");
    const std::string_view policy = env != nullptr ? env : "arena1";
    if (policy == "arena1") {
        mallopt(M_ARENA_MAX, 1);
    } else if (policy == "mmap128k") {
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    }
}

} // namespace

int main(int argc, char **argv) {
    TuneAllocator();
    CLI::App app{"vx: read, write and inspect Vortex columnar files"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "vx 0.1.0 (vortex-cpp)");
    vortex::cli::AddDemoCommand(app);
    vortex::cli::AddInspectCommand(app);
#ifdef VX_HAVE_DUCKDB
    vortex::cli::AddConvertCommand(app);
    vortex::cli::AddHeadCommand(app);
    vortex::cli::AddBenchCommand(app);
    vortex::cli::AddScanCommand(app);
    vortex::cli::AddSqlCommand(app);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        return app.exit(e);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "vx: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
