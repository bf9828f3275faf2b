// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace vortex::cli {

/// What main() of a command-line tool does: makes the app (`add_commands` adds its
/// subcommands), parses `argv` and runs the chosen command. Usage errors print CLI11's message;
/// any other error is one line on stderr, "NAME: error: ...", and exit status 1.
int RunTool(const std::string &name,
            const std::string &description,
            int argc,
            char **argv,
            const std::function<void(CLI::App &)> &add_commands);

} // namespace vortex::cli
