// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Hive partitioning for read_vortex: `key=value` directories in each file's path become
// columns of constant value per file, typed as DuckDB types them (BIGINT, DATE, TIMESTAMP,
// else VARCHAR), so that `COPY ... (PARTITION_BY ...)` output reads back with its columns and
// filters on them skip whole files.

#include <duckdb/common/types/value.hpp>
#include <map>
#include <string>
#include <vector>

#include "vortex/base/result.h"

namespace vortex::duckdb_ext {

struct HivePartitions {
    std::vector<std::string> names;
    std::vector<::duckdb::LogicalType> types;
    /// values[file][k]: the k-th partition column's value for that file (NULL for `key=NULL`).
    std::vector<std::vector<::duckdb::Value>> values;
};

/// Whether `path` has a `key=value` directory (read_vortex then partitions by default, as
/// DuckDB's readers do).
bool HasHivePartitions(const std::string &path);

/// The partition columns of `paths`: every path must name the same keys in the same order.
/// Values are percent-decoded. A column named in `types` (hive_types) has that type, and each
/// of its values must cast to it; the others are typed from their values, unless `autocast` is
/// false (VARCHAR). A name in `types` that no path has is an error.
Result<HivePartitions> ParseHivePartitions(const std::vector<std::string> &paths,
                                           bool autocast,
                                           const std::map<std::string, ::duckdb::LogicalType> &types = {});

} // namespace vortex::duckdb_ext
