// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <nlohmann/json.hpp>

#include "vx-bench/bench_util.h"

namespace vortex::cli::bench {

/// (d) of `vx-bench sql`: a shared data set (US baby names by state) written by DuckDB's
/// partitioned COPY as hive-partitioned .vortex and Parquet-ZSTD files (by state and sex), and
/// as one file of each; queries on partition columns, file_row_number and file_index lookups,
/// timed against DuckDB's Parquet reader over the same layout.
nlohmann::ordered_json RunLayoutBench(const BenchOptions &options, int threads, const TempDir &dir);

} // namespace vortex::cli::bench
