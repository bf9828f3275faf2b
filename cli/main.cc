// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx: the Vortex command-line tool. Parses arguments, calls the facade, prints; errors are
// one line on stderr and a non-zero exit.
#include "commands/commands.h"
#include "commands/run_tool.h"

int main(int argc, char **argv) {
    return vortex::cli::RunTool("vx", "vx: read, write and inspect Vortex columnar files", argc, argv,
                                [](CLI::App &app) {
                                    vortex::cli::AddDemoCommand(app);
                                    vortex::cli::AddInspectCommand(app);
#ifdef VX_HAVE_DUCKDB
                                    vortex::cli::AddConvertCommand(app);
                                    vortex::cli::AddHeadCommand(app);
                                    vortex::cli::AddScanCommand(app);
                                    vortex::cli::AddSqlCommand(app);
#endif
                                });
}
