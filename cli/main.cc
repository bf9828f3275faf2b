// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx: the Vortex command-line tool. Parses arguments, calls the facade, prints; errors are
// one line on stderr and a non-zero exit.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <malloc.h>

#include <CLI/CLI.hpp>

#include "commands/commands.h"

namespace {

// glibc raises its mmap threshold after each large free, so freed batches then stay cached in
// per-thread arenas and peak memory grows with the thread count (seed 002). A fixed threshold
// returns large buffers to the kernel on release, so memory follows what the scan holds.
// VX_GLIBC_MALLOC_DEFAULTS=1 keeps glibc's own policy (vx bench export compares both).
void TuneAllocator() {
    if (std::getenv("VX_GLIBC_MALLOC_DEFAULTS") == nullptr) {
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
