// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <CLI/CLI.hpp>

namespace vortex::cli {

/// Registers `vx demo`: builds an in-memory table and walks it through the core layers.
void AddDemoCommand(CLI::App &app);

} // namespace vortex::cli
