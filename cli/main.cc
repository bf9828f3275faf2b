// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx: the Vortex command-line tool. Parses arguments, calls the facade, prints; errors are
// one line on stderr and a non-zero exit.
#include <cstdio>
#include <exception>
#include <malloc.h>

#include <CLI/CLI.hpp>

#include "commands/commands.h"

namespace {

// glibc serves large blocks with fresh mmaps and trims freed heap memory back to the kernel,
// so every decoded batch page-faults its buffers in again; a CLI that streams hundreds of MB
// of short-lived batches keeps them instead (memory stays bounded by the scan's window).
void TuneAllocator() {
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
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
