// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/run_tool.h"

#include <cstdio>
#include <exception>

namespace vortex::cli {

int RunTool(const std::string &name,
            const std::string &description,
            int argc,
            char **argv,
            const std::function<void(CLI::App &)> &add_commands) {
    // Setting up the commands may throw as well as running them: both end in one line.
    try {
        CLI::App app{description};
        app.require_subcommand(1);
        app.set_version_flag("--version", name + " 0.1.0 (vortex-cpp)");
        add_commands(app);
        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError &e) {
            return app.exit(e);
        }
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
    } catch (...) {
        std::fprintf(stderr, "%s: error: unknown exception\n", name.c_str());
    }
    return 1;
}

} // namespace vortex::cli
