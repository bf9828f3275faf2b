// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vortex/vortex.h"

#include "duckdb/bridge/array_reader.h"

namespace vortex::duckdb_bridge {

/// Streams rows [begin, end) of a Vortex file (all columns, or the named ones) as struct
/// arrays of about `batch_rows` rows, for DuckDB to consume.
std::unique_ptr<ArrayReader> MakeFileReader(std::shared_ptr<const VortexFile> file,
                                            std::vector<std::string> columns,
                                            uint64_t begin,
                                            uint64_t end,
                                            uint64_t batch_rows = 65536);

} // namespace vortex::duckdb_bridge
