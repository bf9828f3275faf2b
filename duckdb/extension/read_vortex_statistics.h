// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What read_vortex tells DuckDB's optimizer from the files' footers: row counts (cardinality,
// and exact per-file counts that answer count(*) without a scan) and per-column statistics.

#include <duckdb/function/partition_stats.hpp>
#include <duckdb/function/table_function.hpp>
#include <duckdb/storage/statistics/base_statistics.hpp>

namespace vortex::duckdb_ext {

::duckdb::unique_ptr<::duckdb::NodeStatistics> ReadVortexCardinality(::duckdb::ClientContext &context,
                                                                     const ::duckdb::FunctionData *bind_data);

/// Each file's exact row count, unless filters DuckDB no longer sees were taken into the scan.
::duckdb::vector<::duckdb::PartitionStatistics>
ReadVortexPartitionStats(::duckdb::ClientContext &context, ::duckdb::GetPartitionStatsInput &input);

/// Column statistics: whether NULLs occur for every flat column, and min and max for integer,
/// decimal, date, time and timestamp columns.
::duckdb::unique_ptr<::duckdb::BaseStatistics> ReadVortexStatistics(::duckdb::ClientContext &context,
                                                                    const ::duckdb::FunctionData *bind_data,
                                                                    ::duckdb::column_t column);

} // namespace vortex::duckdb_ext
