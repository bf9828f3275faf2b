// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/virtual_columns.h"

#include <algorithm>
#include <duckdb/common/constants.hpp>
#include <duckdb/common/multi_file/multi_file_reader.hpp>
#include <duckdb/planner/filter/conjunction_filter.hpp>
#include <duckdb/planner/filter/constant_filter.hpp>
#include <duckdb/planner/filter/in_filter.hpp>
#include <duckdb/planner/filter/optional_filter.hpp>

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

std::optional<VirtualColumn> VirtualColumnOf(dd::column_t id) {
    switch (id) {
        case dd::MultiFileReader::COLUMN_IDENTIFIER_FILENAME:
            return VirtualColumn::kFilename;
        case dd::MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER:
            return VirtualColumn::kFileRowNumber;
        case dd::MultiFileReader::COLUMN_IDENTIFIER_FILE_INDEX:
            return VirtualColumn::kFileIndex;
        default:
            break;
    }
    if (id == dd::COLUMN_IDENTIFIER_EMPTY) {
        return VirtualColumn::kEmpty;
    }
    return std::nullopt;
}

dd::LogicalType VirtualColumnType(VirtualColumn column) {
    // The types DuckDB's Parquet reader gives them.
    switch (column) {
        case VirtualColumn::kFilename:
            return dd::LogicalType::VARCHAR;
        case VirtualColumn::kFileRowNumber:
            return dd::LogicalType::BIGINT;
        case VirtualColumn::kFileIndex:
            return dd::LogicalType::UBIGINT;
        case VirtualColumn::kEmpty:
            break;
    }
    return dd::LogicalType::BOOLEAN;
}

dd::virtual_column_map_t VirtualColumns(bool with_filename) {
    dd::virtual_column_map_t columns;
    if (with_filename) {
        columns.emplace(dd::MultiFileReader::COLUMN_IDENTIFIER_FILENAME,
                        dd::TableColumn("filename", VirtualColumnType(VirtualColumn::kFilename)));
    }
    columns.emplace(dd::MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER,
                    dd::TableColumn("file_row_number", VirtualColumnType(VirtualColumn::kFileRowNumber)));
    columns.emplace(dd::MultiFileReader::COLUMN_IDENTIFIER_FILE_INDEX,
                    dd::TableColumn("file_index", VirtualColumnType(VirtualColumn::kFileIndex)));
    columns.emplace(dd::COLUMN_IDENTIFIER_EMPTY,
                    dd::TableColumn("", VirtualColumnType(VirtualColumn::kEmpty)));
    return columns;
}

bool RowSelection::Contains(uint64_t row) const {
    return row >= begin && row < end && (!values || std::binary_search(values->begin(), values->end(), row));
}

std::pair<uint64_t, uint64_t> RowSelection::Clamp(uint64_t rows) const {
    const uint64_t stop = std::min(end, rows);
    return {std::min(begin, stop), stop};
}

std::vector<uint64_t> RowSelection::ValuesBelow(uint64_t rows) const {
    std::vector<uint64_t> out;
    for (const uint64_t value : values.value_or(std::vector<uint64_t>{})) {
        if (value < rows && Contains(value)) {
            out.push_back(value);
        }
    }
    return out;
}

RowSelection RowSelection::Intersect(const RowSelection &other) const {
    RowSelection out;
    out.begin = std::max(begin, other.begin);
    out.end = std::max(out.begin, std::min(end, other.end));
    if (values || other.values) {
        out.values.emplace();
        const std::vector<uint64_t> &list = values ? *values : *other.values;
        for (const uint64_t value : list) {
            if (Contains(value) && other.Contains(value)) {
                out.values->push_back(value);
            }
        }
    }
    return out;
}

namespace {

// A comparison constant as a row number: nullopt for NULL or a non-integer; negative values
// clamp to -1 (no row is below 0).
std::optional<int64_t> RowConstant(const dd::Value &value) {
    if (value.IsNull() || !value.type().IsIntegral()) {
        return std::nullopt;
    }
    const dd::hugeint_t wide = value.GetValue<dd::hugeint_t>();
    if (wide < dd::hugeint_t(-1)) {
        return -1;
    }
    if (wide > dd::hugeint_t(INT64_MAX)) {
        return INT64_MAX;
    }
    return dd::Hugeint::Cast<int64_t>(wide);
}

uint64_t Bound(int64_t value) {
    return value < 0 ? 0 : static_cast<uint64_t>(value);
}

std::optional<RowSelection> FromComparison(const dd::ConstantFilter &filter) {
    const std::optional<int64_t> constant = RowConstant(filter.constant);
    if (!constant) {
        return std::nullopt;
    }
    const int64_t c = *constant;
    RowSelection rows;
    switch (filter.comparison_type) {
        case dd::ExpressionType::COMPARE_EQUAL:
            rows.begin = Bound(c);
            rows.end = c < 0 ? 0 : Bound(c) + 1;
            return rows;
        case dd::ExpressionType::COMPARE_GREATERTHAN:
            rows.begin = Bound(c) + (c < 0 ? 0 : 1);
            return rows;
        case dd::ExpressionType::COMPARE_GREATERTHANOREQUALTO:
            rows.begin = Bound(c);
            return rows;
        case dd::ExpressionType::COMPARE_LESSTHAN:
            rows.end = Bound(c);
            return rows;
        case dd::ExpressionType::COMPARE_LESSTHANOREQUALTO:
            rows.end = c < 0 ? 0 : Bound(c) + 1;
            return rows;
        default:
            return std::nullopt;
    }
}

} // namespace

std::optional<RowSelection> ToRowSelection(const dd::TableFilter &filter) {
    switch (filter.filter_type) {
        case dd::TableFilterType::CONSTANT_COMPARISON:
            return FromComparison(filter.Cast<dd::ConstantFilter>());
        case dd::TableFilterType::IS_NOT_NULL:
            return RowSelection{};
        case dd::TableFilterType::OPTIONAL_FILTER: {
            // Implied by a filter DuckDB keeps above the scan: its selection, where exact, may
            // narrow the rows read; otherwise every row.
            const auto &child = filter.Cast<dd::OptionalFilter>().child_filter;
            const std::optional<RowSelection> rows = child ? ToRowSelection(*child) : std::nullopt;
            return rows.value_or(RowSelection{});
        }
        case dd::TableFilterType::IN_FILTER: {
            RowSelection rows;
            rows.values.emplace();
            for (const dd::Value &value : filter.Cast<dd::InFilter>().values) {
                const std::optional<int64_t> row = RowConstant(value);
                if (!row) {
                    return std::nullopt;
                }
                if (*row >= 0) {
                    rows.values->push_back(static_cast<uint64_t>(*row));
                }
            }
            std::sort(rows.values->begin(), rows.values->end());
            rows.values->erase(std::unique(rows.values->begin(), rows.values->end()), rows.values->end());
            return rows;
        }
        case dd::TableFilterType::CONJUNCTION_AND: {
            RowSelection rows;
            for (const auto &child : filter.Cast<dd::ConjunctionAndFilter>().child_filters) {
                const std::optional<RowSelection> part = ToRowSelection(*child);
                if (!part) {
                    return std::nullopt;
                }
                rows = rows.Intersect(*part);
            }
            return rows;
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex::duckdb_ext
