// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// read_vortex's virtual columns, as DuckDB's Parquet reader offers them: `filename`, the
// row's `file_row_number` and the file's `file_index` in the expanded list, hidden unless
// selected; and the row selections their filters become.

#include <cstdint>
#include <duckdb/common/table_column.hpp>
#include <duckdb/planner/table_filter.hpp>
#include <optional>
#include <vector>

namespace vortex::duckdb_ext {

enum class VirtualColumn : uint8_t {
    kFilename,
    kFileRowNumber,
    kFileIndex,
    /// A column of no values DuckDB reads when it needs rows but no column (COUNT(*)).
    kEmpty,
};

/// The virtual column a DuckDB column id names, if any.
std::optional<VirtualColumn> VirtualColumnOf(::duckdb::column_t id);

/// The DuckDB type of a virtual column.
::duckdb::LogicalType VirtualColumnType(VirtualColumn column);

/// The columns for TableFunction::get_virtual_columns; `filename` only when the named
/// parameter did not already add it as a real column.
::duckdb::virtual_column_map_t VirtualColumns(bool with_filename);

/// The rows (or files) a filter on file_row_number (or file_index) keeps: [begin, end), and
/// of those only `values` when set (ascending, distinct).
struct RowSelection {
    uint64_t begin = 0;
    uint64_t end = UINT64_MAX;
    std::optional<std::vector<uint64_t>> values;

    bool Contains(uint64_t row) const;
    /// Rows [begin, end) of a file of `rows` rows (begin <= end <= rows).
    std::pair<uint64_t, uint64_t> Clamp(uint64_t rows) const;
    /// The kept values below `rows`, when the selection is a list.
    std::vector<uint64_t> ValuesBelow(uint64_t rows) const;
    RowSelection Intersect(const RowSelection &other) const;
};

/// The exact row selection of `filter` on an integer virtual column, or nullopt when it is
/// not one (then DuckDB's executor evaluates it on the exported values). Optional filters,
/// which DuckDB lets a scan drop, select every row.
std::optional<RowSelection> ToRowSelection(const ::duckdb::TableFilter &filter);

} // namespace vortex::duckdb_ext
