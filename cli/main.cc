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

// The allocator policy for what does not go through MemoryPool, VX_MALLOC_POLICY=glibc
// (default) | arena1 | mmap128k. Large buffers (decoded columns, segments) are MemoryPool's:
// whole pages recycled through a small cache shared by all threads, so they no longer pile up
// in glibc's per-thread arenas (seed 002: 1.06x peak memory at 16 threads vs 1, was 1.65x).
// arena1 (one arena) and mmap128k (a fixed mmap threshold) remain for comparison; `vx bench
// export` measures all three.
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
