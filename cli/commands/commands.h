// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <CLI/CLI.hpp>

namespace vortex::cli {

void AddDemoCommand(CLI::App &app);
void AddConvertCommand(CLI::App &app);
void AddInspectCommand(CLI::App &app);
void AddHeadCommand(CLI::App &app);
void AddScanCommand(CLI::App &app);
void AddSqlCommand(CLI::App &app);

} // namespace vortex::cli
