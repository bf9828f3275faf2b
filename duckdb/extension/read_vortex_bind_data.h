// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What read_vortex decides while DuckDB binds and plans a scan: the files, their columns and
// the expressions taken into the scan. Shared by the scan (read_vortex.cc) and the statistics
// it gives DuckDB's optimizer (read_vortex_statistics.cc).

#include <duckdb/function/table_function.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vortex/dtype/dtype.h"
#include "vortex/expr/expression.h"
#include "vortex/file/vortex_file.h"

#include "duckdb/extension/hive_partitions.h"

namespace vortex::duckdb_ext {

/// Opens `path` for read_vortex (through the process's footer cache), a struct of columns;
/// throws DuckDB's errors.
std::shared_ptr<const VortexFile> OpenStructFile(const std::string &path);

/// A function of a field that the scan returns in the field's place (projection_pushdown.h).
struct ComputedColumn {
    /// Over Col(field name).
    expr::ExprRef expr;
    /// The dtype `expr` evaluates to.
    DType dtype;
};

struct ReadVortexBindData final : ::duckdb::TableFunctionData {
    std::vector<std::string> paths;
    /// Each path's position in the expanded list (its file_index): hive partition filters drop
    /// paths while DuckDB plans (PrunePartitions).
    std::vector<size_t> file_numbers;
    /// The fields of the files' struct dtype (every file has the same).
    std::shared_ptr<const StructFields> fields;
    /// DuckDB's type of each field.
    ::duckdb::vector<::duckdb::LogicalType> types;
    /// Column index of the `filename` column, when asked for.
    std::optional<size_t> filename_column;
    /// Hive partition columns (hive_partitioning), from column index partition_start on.
    HivePartitions partitions;
    size_t partition_start = 0;
    bool hive_autocast = true;
    /// Filters taken while DuckDB plans, translated exactly: those on casts of a column that
    /// DuckDB would keep above the scan (ReadVortexPushdownComplexFilter), and the table filters
    /// of a column that then became a function of itself (PushFunction).
    std::vector<expr::ExprRef> cast_filters;
    /// Per field (empty, or nullopt: none): the function of it the scan returns in its place.
    std::vector<std::optional<ComputedColumn>> computed;

    const ComputedColumn *ComputedField(size_t field) const {
        return field < computed.size() && computed[field].has_value() ? &*computed[field] : nullptr;
    }

    /// The files of `paths`, opened on first use: a hive-partitioned read opens only the first
    /// at bind (for the columns), so that partition filters prune the list before the others
    /// are opened; any other read opens them all at bind. Every file must have the first one's
    /// columns.
    const std::vector<std::shared_ptr<const VortexFile>> &Files() const;
    /// Rows over all files (opens them).
    uint64_t Rows() const;

    /// One per path, null until opened (Files()).
    mutable std::vector<std::shared_ptr<const VortexFile>> files;
    std::shared_ptr<std::mutex> open_mutex = std::make_shared<std::mutex>();

    ::duckdb::unique_ptr<::duckdb::FunctionData> Copy() const override;
    bool Equals(const ::duckdb::FunctionData &other) const override;
};

} // namespace vortex::duckdb_ext
