// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx: the Vortex command-line tool. Parses arguments, calls the facade, prints; errors are
// one line on stderr and a non-zero exit.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "commands/commands.h"

namespace {

int Run(int argc, char **argv) {
    CLI::App app{"vx: read, write and inspect Vortex columnar files"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "vx 0.1.0 (vortex-cpp)");
    vortex::cli::AddDemoCommand(app);
    vortex::cli::AddInspectCommand(app);
#ifdef VX_HAVE_DUCKDB
    vortex::cli::AddConvertCommand(app);
    vortex::cli::AddHeadCommand(app);
    vortex::cli::AddScanCommand(app);
    vortex::cli::AddSqlCommand(app);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        return app.exit(e);
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    // Setting up the commands may throw too (an allocation); every error is one line.
    try {
        return Run(argc, argv);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "vx: error: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "vx: error: unknown exception\n");
    }
    return 1;
}
