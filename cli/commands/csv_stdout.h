// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "duckdb/bridge/array_reader.h"

namespace vortex::cli {

/// Prints every array of `reader` (a struct dtype) to stdout as CSV with a header line, rendered
/// by DuckDB, so every command prints exactly what `vx convert` writes. Throws on error.
void PrintCsv(duckdb_bridge::ArrayReader &reader);

} // namespace vortex::cli
