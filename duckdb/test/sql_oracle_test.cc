// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// read_vortex's SQL oracle: every shared data set is converted from its CSV to .vortex (default
// write options, compression on) and SQL queries generated from the schema and the data run
// inside one DuckDB over view `v` (read_vortex on the .vortex file) and view `c` (the rows of
// DuckDB's own read_csv of the same CSV, the conversion's SELECT). Both must return the same
// rows, value for value.
//
// Queries are written from column kinds (integer, float, string, temporal, boolean) and
// constants drawn from `c` (quantiles, the most frequent string, a prefix of it), so they fit
// any data set: comparisons of every selectivity, conjunctions across columns, NULL tests,
// aggregates, GROUP BY on low- and high-cardinality strings with HAVING, top-N with ties broken
// by every column, a self-join on the most key-like column, IN/NOT IN/EXISTS/scalar subqueries
// and projections. Filter queries rotate what they return (whole rows, only the other columns,
// a count) so pushed filters meet every projection read_vortex plans for.
//
// Results compare as multisets (rows sorted by their rendered text) unless the query has a
// full ORDER BY. Float sums and averages compare with a relative tolerance of 1e-9, since
// DuckDB's parallel aggregation adds in varying order; every other value compares exactly.
// The committed samples run always; the full data sets run too when VORTEX_REAL_DATA_DIR is set.
#include <algorithm>
#include <cmath>
#include <duckdb.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"

#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/extension/read_vortex.h"
#include "tests/e2e/e2e_test_util.h"

namespace vortex::duckdb_ext {
namespace {

namespace dd = ::duckdb;
namespace fs = std::filesystem;

constexpr double kRelativeTolerance = 1e-9;
// Larger results (only the full data sets have them) compare by their row count and an
// order-independent sum of row hashes, which keeps memory bounded.
constexpr uint64_t kMaxComparedRows = 250'000;

// ---- Running a query and comparing results ---------------------------------------------------

// One query over `v` and its twin over `c`.
struct Query {
    std::string sql;
    // A full ORDER BY: rows compare in order, not as multisets.
    bool ordered = false;
    // Computes float sums or averages: FLOAT and DOUBLE values compare with a tolerance.
    bool approximate = false;
};

struct QueryRows {
    std::string error;
    std::vector<dd::LogicalType> types;
    std::vector<std::vector<dd::Value>> rows;
};

QueryRows Run(dd::Connection &con, const std::string &sql) {
    QueryRows out;
    auto result = con.Query(sql);
    if (result->HasError()) {
        out.error = result->GetError();
        return out;
    }
    out.types = result->types;
    for (auto &chunk : result->Collection().Chunks()) {
        for (dd::idx_t row = 0; row < chunk.size(); row++) {
            std::vector<dd::Value> values;
            for (dd::idx_t column = 0; column < chunk.ColumnCount(); column++) {
                values.push_back(chunk.GetValue(column, row));
            }
            out.rows.push_back(std::move(values));
        }
    }
    return out;
}

bool IsFloat(const dd::LogicalType &type) {
    return type.id() == dd::LogicalTypeId::FLOAT || type.id() == dd::LogicalTypeId::DOUBLE;
}

std::string RenderRow(const std::vector<dd::Value> &row) {
    std::string out;
    for (const dd::Value &value : row) {
        out += (out.empty() ? "" : " | ") + (value.IsNull() ? std::string("NULL") : value.ToString());
    }
    return out;
}

// The text rows sort by. Nulls cannot collide with the string 'NULL'; approximate floats are
// rounded so that both sides' rows land in the same order (they follow group keys anyway).
std::string SortKey(const std::vector<dd::Value> &row, bool approximate) {
    std::string out;
    for (const dd::Value &value : row) {
        if (value.IsNull()) {
            out += "\x01";
        } else if (approximate && IsFloat(value.type())) {
            out += "\x02" + vortex::format("{:.6g}", value.GetValue<double>());
        } else {
            out += "\x02" + value.ToString();
        }
        out += "\x1f";
    }
    return out;
}

void SortRows(std::vector<std::vector<dd::Value>> &rows, bool approximate) {
    std::vector<std::pair<std::string, size_t>> keys;
    for (size_t i = 0; i < rows.size(); i++) {
        keys.emplace_back(SortKey(rows[i], approximate), i);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::vector<dd::Value>> sorted;
    sorted.reserve(rows.size());
    for (const auto &[key, index] : keys) {
        sorted.push_back(std::move(rows[index]));
    }
    rows = std::move(sorted);
}

bool SameValue(const dd::Value &a, const dd::Value &b, bool approximate) {
    if (a.IsNull() || b.IsNull()) {
        return a.IsNull() == b.IsNull();
    }
    if (approximate && IsFloat(a.type())) {
        const auto x = a.GetValue<double>();
        const auto y = b.GetValue<double>();
        return x == y || std::abs(x - y) <= kRelativeTolerance * std::max(std::abs(x), std::abs(y));
    }
    // The text is exact: DuckDB prints floats in their shortest round-trip form.
    return a.ToString() == b.ToString();
}

dd::Value One(dd::Connection &con, const std::string &sql) {
    auto result = con.Query(sql);
    EXPECT_FALSE(result->HasError()) << sql << "\n" << result->GetError();
    return result->HasError() || result->RowCount() == 0 ? dd::Value() : result->GetValue(0, 0);
}

// Runs `vortex` and `csv` (the same query over `v` and `c`) and compares their results; with
// `bounded`, results of over kMaxComparedRows rows compare by fingerprint. Returns the number
// of rows of the expected result.
size_t ExpectSameResult(dd::Connection &con, Query vortex, Query csv, bool bounded) {
    if (bounded && !vortex.ordered && !vortex.approximate) {
        const dd::Value rows = One(con, "SELECT count(*) FROM (" + csv.sql + ")");
        if (!rows.IsNull() && rows.GetValue<uint64_t>() > kMaxComparedRows) {
            for (Query *query : {&vortex, &csv}) {
                query->sql = "SELECT count(*), sum(hash(r)) FROM (" + query->sql + ") r";
            }
        }
    }
    QueryRows actual = Run(con, vortex.sql);
    QueryRows expected = Run(con, csv.sql);
    if (!actual.error.empty() || !expected.error.empty()) {
        ADD_FAILURE() << "query: " << vortex.sql << "\n  vortex error: " << actual.error
                      << "\n  csv error: " << expected.error;
        return 0;
    }
    if (actual.types != expected.types) {
        std::string a;
        std::string e;
        for (const auto &type : actual.types) {
            a += type.ToString() + " ";
        }
        for (const auto &type : expected.types) {
            e += type.ToString() + " ";
        }
        ADD_FAILURE() << "query: " << vortex.sql << "\n  vortex types: " << a << "\n  csv types: " << e;
        return 0;
    }
    if (!vortex.ordered) {
        SortRows(actual.rows, vortex.approximate);
        SortRows(expected.rows, vortex.approximate);
    }
    const size_t rows = std::max(actual.rows.size(), expected.rows.size());
    for (size_t i = 0; i < rows; i++) {
        bool same = i < actual.rows.size() && i < expected.rows.size();
        for (size_t column = 0; same && column < actual.types.size(); column++) {
            same = SameValue(actual.rows[i][column], expected.rows[i][column], vortex.approximate);
        }
        if (!same) {
            ADD_FAILURE() << "query: " << vortex.sql << "\n  rows: " << actual.rows.size() << " from vortex, "
                          << expected.rows.size() << " from csv; first difference at "
                          << (vortex.ordered ? "row " : "sorted row ") << i
                          << "\n  vortex: " << (i < actual.rows.size() ? RenderRow(actual.rows[i]) : "<none>")
                          << "\n  csv:    "
                          << (i < expected.rows.size() ? RenderRow(expected.rows[i]) : "<none>");
            break;
        }
    }
    return expected.rows.size();
}

// ---- The schema and constants drawn from the data --------------------------------------------

enum class Kind { Integer, Float, Decimal, String, Temporal, Boolean, Other };

Kind KindOf(const dd::LogicalType &type) {
    if (type.IsIntegral()) {
        return Kind::Integer;
    }
    switch (type.id()) {
        case dd::LogicalTypeId::FLOAT:
        case dd::LogicalTypeId::DOUBLE:
            return Kind::Float;
        case dd::LogicalTypeId::DECIMAL:
            return Kind::Decimal;
        case dd::LogicalTypeId::VARCHAR:
            return Kind::String;
        case dd::LogicalTypeId::DATE:
        case dd::LogicalTypeId::TIME:
        case dd::LogicalTypeId::TIMESTAMP:
        case dd::LogicalTypeId::TIMESTAMP_SEC:
        case dd::LogicalTypeId::TIMESTAMP_MS:
        case dd::LogicalTypeId::TIMESTAMP_NS:
        case dd::LogicalTypeId::TIMESTAMP_TZ:
            return Kind::Temporal;
        case dd::LogicalTypeId::BOOLEAN:
            return Kind::Boolean;
        default:
            return Kind::Other;
    }
}

std::string QuoteString(const std::string &text) {
    return dd::KeywordHelper::WriteQuoted(text, '\'');
}

std::string QuoteName(const std::string &name) {
    return dd::KeywordHelper::WriteQuoted(name, '"');
}

// `value` as SQL. Integers are written bare, as a user types them (DuckDB casts the constant
// to the column's type before pushing the filter); other values are cast from their text to
// their exact type, so no decimal literal is rounded on the way.
std::string Literal(const dd::Value &value) {
    if (value.IsNull()) {
        return "NULL";
    }
    switch (KindOf(value.type())) {
        case Kind::Integer:
            return value.ToString();
        case Kind::String:
            return QuoteString(value.ToString());
        default:
            return "CAST(" + QuoteString(value.ToString()) + " AS " + value.type().ToString() + ")";
    }
}

struct Column {
    std::string name; // quoted
    Kind kind = Kind::Other;
    uint64_t distinct = 0;
    uint64_t nulls = 0;
    // Literals of values of the column: min, the 10%, 50% and 90% quantiles, max. Empty when
    // the column has no order or no value.
    std::string min, q10, q50, q90, max;
    // Strings: the most frequent value, and a LIKE pattern matching a prefix of it (empty when
    // the prefix would hold a wildcard).
    std::string frequent, like_prefix;

    bool ordered() const { return !q50.empty(); }
};

struct Schema {
    std::vector<Column> columns;
    // Indices into `columns`, -1 when there is none of the kind.
    int low_string = -1;  // the string with the fewest distinct values
    int high_string = -1; // the string with the most
    int key = -1;         // the ordered non-float column with the most distinct values
    int measure = -1;     // what aggregates sum: a float if any, else the most varied number but the key
    // The median number of rows per value of `low_string`, for HAVING.
    std::string low_string_median_group;
};

// The first `count` code points of `text`, cut before any LIKE wildcard or escape character.
std::string Prefix(const std::string &text, size_t count) {
    std::string out;
    size_t points = 0;
    for (const char ch : text) {
        const bool starts_point = (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
        if (starts_point && (points++ == count || ch == '%' || ch == '_' || ch == '\\')) {
            break;
        }
        out += ch;
    }
    return out;
}

// Describes the columns of `c` with statistics and constants computed by DuckDB over the CSV.
Schema DrawSchema(dd::Connection &con) {
    Schema schema;
    auto types = con.Query("SELECT * FROM c LIMIT 0");
    for (dd::idx_t i = 0; i < types->ColumnCount(); i++) {
        Column column;
        column.name = QuoteName(types->ColumnName(i));
        column.kind = KindOf(types->types[i]);
        const std::string &n = column.name;
        const bool has_order = column.kind != Kind::Boolean && column.kind != Kind::Other;
        auto stats = con.Query(vortex::format(
            "SELECT count(DISTINCT {0}), count(*) - count({0}){1} FROM c", n,
            has_order ? vortex::format(", min({0}), quantile_disc({0}, 0.1), quantile_disc({0}, 0.5), "
                                       "quantile_disc({0}, 0.9), max({0})",
                                       n)
                      : ""));
        if (stats->HasError()) {
            ADD_FAILURE() << stats->GetError();
            continue;
        }
        column.distinct = stats->GetValue(0, 0).GetValue<uint64_t>();
        column.nulls = stats->GetValue(1, 0).GetValue<uint64_t>();
        if (has_order && !stats->GetValue(4, 0).IsNull()) {
            column.min = Literal(stats->GetValue(2, 0));
            column.q10 = Literal(stats->GetValue(3, 0));
            column.q50 = Literal(stats->GetValue(4, 0));
            column.q90 = Literal(stats->GetValue(5, 0));
            column.max = Literal(stats->GetValue(6, 0));
        }
        if (column.kind == Kind::String && column.ordered()) {
            const dd::Value frequent =
                One(con, vortex::format("SELECT {0} FROM c WHERE {0} IS NOT NULL GROUP BY {0} "
                                        "ORDER BY count(*) DESC, {0} LIMIT 1",
                                        n));
            column.frequent = Literal(frequent);
            const std::string prefix = Prefix(frequent.ToString(), 2);
            if (!prefix.empty()) {
                column.like_prefix = QuoteString(prefix + "%");
            }
        }
        schema.columns.push_back(std::move(column));
    }
    uint64_t key_distinct = 0;
    uint64_t measure_distinct = 0;
    for (size_t i = 0; i < schema.columns.size(); i++) {
        const Column &column = schema.columns[i];
        const int index = static_cast<int>(i);
        if (column.kind == Kind::String && column.ordered()) {
            if (schema.low_string < 0 || column.distinct < schema.columns[schema.low_string].distinct) {
                schema.low_string = index;
            }
            if (schema.high_string < 0 || column.distinct > schema.columns[schema.high_string].distinct) {
                schema.high_string = index;
            }
        }
        if (column.ordered() && column.kind != Kind::Float && column.distinct > key_distinct) {
            schema.key = index;
            key_distinct = column.distinct;
        }
    }
    for (size_t i = 0; i < schema.columns.size(); i++) {
        const Column &column = schema.columns[i];
        const bool number =
            column.kind == Kind::Integer || column.kind == Kind::Decimal || column.kind == Kind::Float;
        if (!number) {
            continue;
        }
        // A float wins over any other number, then any number but the key; among equals, the
        // most varied.
        const uint64_t rank = column.distinct + (column.kind == Kind::Float ? (uint64_t{1} << 62) : 0) +
                              (static_cast<int>(i) != schema.key ? (uint64_t{1} << 61) : 0);
        if (rank > measure_distinct) {
            schema.measure = static_cast<int>(i);
            measure_distinct = rank;
        }
    }
    if (schema.low_string >= 0) {
        const std::string &low = schema.columns[schema.low_string].name;
        schema.low_string_median_group = Literal(One(
            con, vortex::format("SELECT quantile_disc(n, 0.5) FROM (SELECT count(*) AS n FROM c GROUP BY {})",
                                low)));
    }
    return schema;
}

// ---- Queries written from the schema -----------------------------------------------------------

// Writes the query list over one table (`v` or `c`); both calls write the same queries in the
// same order, apart from the table name.
class QueryWriter {
public:
    QueryWriter(const Schema &schema, std::string table) : schema_(schema), t_(std::move(table)) {
        for (const Column &column : schema_.columns) {
            if (column.ordered()) {
                ordered_.push_back(&column);
            }
        }
        // Without a number, aggregates sum the lengths of another column's text.
        measure_ = schema_.measure >= 0 ? schema_.columns[schema_.measure].name
                   : ordered_.empty()   ? std::string("1")
                                        : "length(CAST(" + ordered_[0]->name + " AS VARCHAR))";
    }

    std::vector<Query> Write() {
        Projections();
        Comparisons();
        Conjunctions();
        Nulls();
        Aggregates();
        GroupBys();
        TopN();
        SelfJoins();
        Subqueries();
        return std::move(queries_);
    }

private:
    void Add(std::string sql, bool ordered = false, bool approximate = false) {
        queries_.push_back(Query{std::move(sql), ordered, approximate});
    }

    // Every column but `except`, comma-separated.
    std::string Others(const Column *except) const {
        std::string out;
        for (const Column &column : schema_.columns) {
            if (&column != except) {
                out += (out.empty() ? "" : ", ") + column.name;
            }
        }
        return out;
    }

    // ORDER BY `first` (with `direction`), then every other column: a total order of rows.
    std::string OrderBy(const Column &first, const std::string &direction) const {
        const std::string others = Others(&first);
        return "ORDER BY " + first.name + " " + direction + (others.empty() ? "" : ", " + others);
    }

    // A column other than `column`, preferring ordered ones (the next in the list).
    const Column &Other(const Column &column) const {
        for (size_t i = 0; i < ordered_.size(); i++) {
            if (ordered_[i] == &column) {
                return *ordered_[(i + 1) % ordered_.size()];
            }
        }
        return ordered_.empty() ? schema_.columns[0] : *ordered_[0];
    }

    // A filter query on `column`, rotating what it returns: whole rows; the other columns
    // only (the filter column is read for the filter, then pruned from the output); a bare
    // count (no column is output); aggregates of another column.
    void Filter(const Column &column, const std::string &condition) {
        const Column &other = Other(column);
        std::string select;
        switch (rotation_++ % 4) {
            case 0:
                select = "*";
                break;
            case 1:
                select = Others(&column);
                break;
            case 2:
                select = "count(*)";
                break;
            default:
                select = vortex::format("count(*), count({0}), min({0}), max({0}), count(DISTINCT {0})",
                                        other.name);
                break;
        }
        if (select.empty()) {
            select = "count(*)";
        }
        Add(vortex::format("SELECT {} FROM {} WHERE {}", select, t_, condition));
    }

    void Projections() {
        Add("SELECT * FROM " + t_);
        const Column &first = schema_.columns.front();
        const Column &last = schema_.columns.back();
        Add(vortex::format("SELECT {}, {} FROM {}", last.name, first.name, t_));
        std::string as_text;
        for (const Column &column : schema_.columns) {
            as_text += (as_text.empty() ? "" : ", ") + vortex::format("CAST({} AS VARCHAR)", column.name);
        }
        Add(vortex::format("SELECT {} FROM {}", as_text, t_));
        for (const Column *column : ordered_) {
            if (column->kind == Kind::String) {
                Add(vortex::format("SELECT upper({0}), length({0}), {0} || '!' FROM {1}", column->name, t_));
                break;
            }
        }
        if (schema_.low_string >= 0) {
            Add(vortex::format("SELECT DISTINCT {} FROM {}", schema_.columns[schema_.low_string].name, t_));
        }
        Add(vortex::format("SELECT count(*) FROM (SELECT * FROM {} LIMIT 100)", t_));
    }

    // Each comparison of each ordered column, with constants of every selectivity.
    void Comparisons() {
        for (const Column *column : ordered_) {
            const Column &c = *column;
            const std::string &n = c.name;
            Filter(c, vortex::format("{} = {}", n, c.q50));
            Filter(c, vortex::format("{} <> {}", n, c.q50));
            Filter(c, vortex::format("{} < {}", n, c.q10));
            Filter(c, vortex::format("{} <= {}", n, c.q10));
            Filter(c, vortex::format("{} > {}", n, c.q90));
            Filter(c, vortex::format("{} >= {}", n, c.q90));
            Filter(c, vortex::format("{} BETWEEN {} AND {}", n, c.q10, c.q90));
            Filter(c, vortex::format("{} IN ({}, {}, {})", n, c.q10, c.q50, c.q90));
            Filter(c, vortex::format("{} NOT IN ({}, {})", n, c.min, c.q50));
            Filter(c, vortex::format("{} > {}", n, c.max));  // selects nothing
            Filter(c, vortex::format("{} >= {}", n, c.min)); // selects every non-null
            Filter(c, vortex::format("{} = {}", c.q50, n));  // the constant on the left
            if (c.kind == Kind::Integer) {
                // A fractional constant: the comparison is not in the column's own type.
                Filter(c, vortex::format("{} <= {}.5", n, c.q50));
            }
            if (c.kind == Kind::String) {
                Filter(c, vortex::format("{} = {}", n, c.frequent));
                if (!c.like_prefix.empty()) {
                    Filter(c, vortex::format("{} LIKE {}", n, c.like_prefix));
                    Filter(c, vortex::format("{} NOT LIKE {}", n, c.like_prefix));
                }
                Filter(c, vortex::format("length({}) > length({})", n, c.q50));
            }
            if (c.kind == Kind::Integer || c.kind == Kind::Float || c.kind == Kind::Decimal) {
                Filter(c, vortex::format("{} + 1 > {}", n, c.q50)); // an expression: never pushed
            }
        }
        for (const Column &c : schema_.columns) {
            if (c.kind == Kind::Boolean) {
                Filter(c, c.name);
                Filter(c, "NOT " + c.name);
                Filter(c, c.name + " = TRUE OR " + c.name + " IS NULL");
            }
        }
    }

    // AND, OR and NOT across neighbouring ordered columns.
    void Conjunctions() {
        if (ordered_.size() < 2) {
            return;
        }
        for (size_t i = 0; i < ordered_.size(); i++) {
            const Column &a = *ordered_[i];
            const Column &b = *ordered_[(i + 1) % ordered_.size()];
            const Column &c = *ordered_[(i + 2) % ordered_.size()];
            Filter(a, vortex::format("{} >= {} AND {} < {}", a.name, a.q50, b.name, b.q90));
            Filter(a, vortex::format("{} < {} OR {} = {}", a.name, a.q10, b.name, b.q50));
            Filter(a, vortex::format("NOT ({} BETWEEN {} AND {}) AND ({} IS NOT NULL OR {} > {})", a.name,
                                     a.q10, a.q50, b.name, c.name, c.q90));
            Filter(a, vortex::format("({} IN ({}, {}) OR {} <= {}) AND NOT {} = {}", a.name, a.q10, a.q90,
                                     b.name, b.q10, c.name, c.q50));
        }
    }

    void Nulls() {
        for (const Column &c : schema_.columns) {
            Add(vortex::format("SELECT * FROM {} WHERE {} IS NULL", t_, c.name));
            Add(vortex::format("SELECT count(*) FROM {} WHERE {} IS NOT NULL", t_, c.name));
            if (c.nulls == 0 || !c.ordered()) {
                continue;
            }
            Add(vortex::format("SELECT {} IS NULL AS missing, count(*) FROM {} GROUP BY ALL", c.name, t_));
            Add(vortex::format("SELECT * FROM {} WHERE {} IS DISTINCT FROM {}", t_, c.name, c.q50));
            Add(vortex::format("SELECT * FROM {} WHERE {} IS NULL OR {} < {}", t_, c.name, c.name, c.q10));
            Add(vortex::format("SELECT coalesce({}, {}) AS x, count(*) AS n FROM {} GROUP BY x "
                               "ORDER BY n DESC, x LIMIT 10",
                               c.name, c.q50, t_),
                true);
        }
    }

    void Aggregates() {
        std::string counts = "count(*)";
        for (const Column &c : schema_.columns) {
            counts += vortex::format(", count({})", c.name);
        }
        Add(vortex::format("SELECT {} FROM {}", counts, t_));
        for (const Column *column : ordered_) {
            const std::string &n = column->name;
            switch (column->kind) {
                case Kind::Integer:
                case Kind::Decimal:
                case Kind::Float:
                    Add(vortex::format(
                            "SELECT count({0}), sum({0}), min({0}), max({0}), avg({0}), count(DISTINCT {0}) "
                            "FROM {1}",
                            n, t_),
                        false, true);
                    break;
                case Kind::String:
                    Add(vortex::format("SELECT count(DISTINCT {0}), min({0}), max({0}), max(length({0})), "
                                       "sum(length({0})) FROM {1}",
                                       n, t_));
                    break;
                default:
                    Add(vortex::format("SELECT count(DISTINCT {0}), min({0}), max({0}) FROM {1}", n, t_));
                    break;
            }
        }
        if (!ordered_.empty()) {
            const Column &a = *ordered_.front();
            const Column &b = *ordered_.back();
            Add(vortex::format("SELECT count(*), sum({0}), avg({0}) FROM {1} WHERE {2} > {3}", measure_, t_,
                               a.name, a.q50),
                false, true);
            Add(vortex::format("SELECT sum({0}) FILTER (WHERE {1} = {2}), count(*) FILTER (WHERE {3} < {4}) "
                               "FROM {5}",
                               measure_, a.name, a.q50, b.name, b.q50, t_),
                false, true);
        }
    }

    void GroupBys() {
        const std::string &m = measure_;
        if (schema_.low_string >= 0) {
            const Column &low = schema_.columns[schema_.low_string];
            Add(vortex::format("SELECT {0}, count(*), count({1}), sum({1}), min({1}), max({1}), avg({1}) "
                               "FROM {2} GROUP BY {0}",
                               low.name, m, t_),
                false, true);
            Add(vortex::format("SELECT {0}, count(*) FROM {1} GROUP BY {0} HAVING count(*) >= {2}", low.name,
                               t_, schema_.low_string_median_group));
            Add(vortex::format("SELECT {0}, count(*) AS n FROM {1} GROUP BY {0} ORDER BY n DESC, {0} LIMIT 5",
                               low.name, t_),
                true);
            // The least varied other non-float column as a second key.
            const Column *second = nullptr;
            for (const Column *c : ordered_) {
                if (c != &low && c->kind != Kind::Float &&
                    (second == nullptr || c->distinct < second->distinct)) {
                    second = c;
                }
            }
            if (second != nullptr) {
                Add(vortex::format("SELECT {0}, {1}, count(*), min({2}) FROM {3} GROUP BY ALL", low.name,
                                   second->name, m, t_));
                Add(vortex::format("SELECT {0}, count(*) FROM {1} WHERE {0} IS NOT NULL GROUP BY {0} HAVING "
                                   "count(DISTINCT {2}) > 1",
                                   second->name, t_, low.name));
            }
        }
        if (schema_.high_string >= 0) {
            const Column &high = schema_.columns[schema_.high_string];
            Add(vortex::format("SELECT {0}, count(*), min({1}), max({1}) FROM {2} "
                               "GROUP BY {0} HAVING count(*) > 1",
                               high.name, m, t_));
            Add(vortex::format("SELECT {0}, count(*) AS n FROM {1} GROUP BY {0} "
                               "ORDER BY n DESC, {0} NULLS LAST LIMIT 10",
                               high.name, t_),
                true);
            if (!ordered_.empty()) {
                const Column &a = *ordered_.front();
                Add(vortex::format("SELECT {0}, count(*) FROM {1} WHERE {2} >= {3} GROUP BY {0} HAVING "
                                   "max({2}) <> min({2})",
                                   high.name, t_, a.name, a.q50));
            }
        }
        if (schema_.low_string >= 0 && schema_.high_string >= 0) {
            Add(vortex::format("SELECT count(*) FROM (SELECT DISTINCT {}, {} FROM {})",
                               schema_.columns[schema_.low_string].name,
                               schema_.columns[schema_.high_string].name, t_));
        }
    }

    void TopN() {
        for (const Column *column : ordered_) {
            Add(vortex::format("SELECT * FROM {} {} LIMIT 17", t_, OrderBy(*column, "DESC NULLS LAST")),
                true);
            if (column->nulls > 0) {
                Add(vortex::format("SELECT * FROM {} {} LIMIT 10", t_, OrderBy(*column, "ASC NULLS FIRST")),
                    true);
            }
        }
        Add(vortex::format("SELECT * FROM {} ORDER BY ALL LIMIT 20 OFFSET 40", t_), true);
        if (ordered_.size() >= 2) {
            const Column &a = *ordered_[0];
            const Column &b = *ordered_[1];
            const Column &c = *ordered_.back();
            Add(vortex::format("SELECT {0}, {1} FROM {2} WHERE {3} > {4} ORDER BY {0} DESC, {1} LIMIT 25",
                               a.name, b.name, t_, c.name, c.q10),
                true);
        }
    }

    void SelfJoins() {
        if (schema_.key < 0) {
            return;
        }
        const Column &key = schema_.columns[schema_.key];
        const Column &other = Other(key);
        const std::string first = vortex::format("(SELECT * FROM {} WHERE {} IS NOT NULL {} LIMIT 100)", t_,
                                                 key.name, OrderBy(key, "ASC"));
        Add(vortex::format("SELECT a.*, b.* FROM {0} a JOIN {1} b ON a.{2} = b.{2}", first, t_, key.name));
        Add(vortex::format(
            "SELECT a.{0}, count(b.{0}), min(b.{1}) FROM (SELECT DISTINCT {0} FROM {2} "
            "ORDER BY {0} LIMIT 50) a LEFT JOIN {2} b ON a.{0} = b.{0} AND b.{1} > {3} GROUP BY a.{0}",
            key.name, other.name, t_, other.q50));
        Add(vortex::format("SELECT a.* FROM {0} a WHERE EXISTS (SELECT 1 FROM {1} b WHERE b.{2} = a.{2} AND "
                           "b.{3} IS DISTINCT FROM a.{3})",
                           first, t_, key.name, other.name));
    }

    void Subqueries() {
        if (ordered_.empty()) {
            return;
        }
        const Column &a = *ordered_.front();
        if (schema_.low_string >= 0) {
            const std::string &low = schema_.columns[schema_.low_string].name;
            Add(vortex::format("SELECT * FROM {0} WHERE {1} IN (SELECT {1} FROM {0} WHERE {2} > {3})", t_,
                               low, a.name, a.q90));
        }
        if (schema_.key >= 0) {
            const Column &key = schema_.columns[schema_.key];
            const Column &other = Other(key);
            // NOT IN meets NULLs: a row with a NULL key never qualifies, and a NULL key in the subquery
            // would leave no row at all.
            Add(vortex::format("SELECT count(*), count({1}) FROM {0} "
                               "WHERE {1} NOT IN (SELECT {1} FROM {0} WHERE {2} < {3})",
                               t_, key.name, other.name, other.q10));
        }
        Add(vortex::format("SELECT * FROM {0} WHERE {1} >= (SELECT quantile_disc({1}, 0.75) FROM {0})", t_,
                           a.name));
        for (const Column *column : ordered_) {
            // An average of integers divides an exact sum, so both sides compare with the same bound.
            if (column->kind == Kind::Integer) {
                Add(vortex::format(
                    "SELECT count(*), min({1}) FROM {0} WHERE {1} > (SELECT avg({1}) FROM {0})", t_,
                    column->name));
                break;
            }
        }
    }

    const Schema &schema_;
    const std::string t_;
    std::vector<const Column *> ordered_;
    std::string measure_;
    size_t rotation_ = 0;
    std::vector<Query> queries_;
};

// ---- The test ----------------------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> Describe(dd::Connection &con, const std::string &view) {
    std::vector<std::pair<std::string, std::string>> out;
    auto result = con.Query("DESCRIBE " + view);
    EXPECT_FALSE(result->HasError()) << result->GetError();
    for (dd::idx_t row = 0; !result->HasError() && row < result->RowCount(); row++) {
        out.emplace_back(result->GetValue(0, row).ToString(), result->GetValue(1, row).ToString());
    }
    return out;
}

void CheckDataSet(duckdb_bridge::DuckDB &bridge, const e2e::DataSetFile &data, const fs::path &dir) {
    SCOPED_TRACE(data.csv);
    const fs::path file = dir / (fs::path(data.csv).stem().stem().string() + ".vortex");
    ASSERT_OK(e2e::CsvToVortex(bridge, data.csv, file, WriteOptions{}));
    ASSERT_OK_AND_ASSIGN(const std::string source, duckdb_bridge::SourceQuery(data.csv));

    dd::DuckDB db(nullptr);
    RegisterReadVortex(*db.instance);
    dd::Connection con(db);
    // `c` reads the CSV's rows once, through the conversion's own SELECT, into a table: parsing
    // the CSV again for every query took three quarters of the run time under ASan.
    for (const std::string &sql :
         {"CREATE VIEW v AS SELECT * FROM read_vortex(" + QuoteString(file.string()) + ")",
          "CREATE TABLE csv_rows AS " + source, std::string("CREATE VIEW c AS SELECT * FROM csv_rows")}) {
        auto result = con.Query(sql);
        ASSERT_FALSE(result->HasError()) << sql << "\n" << result->GetError();
    }
    // The same names and types on both sides: every comparison below is then value for value.
    const auto columns = Describe(con, "v");
    ASSERT_EQ(columns, Describe(con, "c"));
    ASSERT_FALSE(columns.empty());

    const Schema schema = DrawSchema(con);
    const std::vector<Query> over_vortex = QueryWriter(schema, "v").Write();
    const std::vector<Query> over_csv = QueryWriter(schema, "c").Write();
    ASSERT_EQ(over_vortex.size(), over_csv.size());
    EXPECT_GE(over_vortex.size(), 50u);
    size_t non_empty = 0;
    for (size_t i = 0; i < over_vortex.size(); i++) {
        non_empty += ExpectSameResult(con, over_vortex[i], over_csv[i], data.full) > 0 ? 1 : 0;
    }
    // The constants come from the data, so most queries return something.
    EXPECT_GE(non_empty, over_vortex.size() * 3 / 4);
    std::cout << data.csv << ": " << over_vortex.size() << " queries, " << non_empty << " with rows\n";
}

TEST(SqlOracleTest, QueriesOverVortexMatchQueriesOverCsv) {
    ASSERT_OK_AND_ASSIGN(duckdb_bridge::DuckDB bridge, duckdb_bridge::DuckDB::Open());
    e2e::TempDir dir("vortex_sql_oracle");
    for (const e2e::DataSetFile &data : e2e::SharedDataSets()) {
        CheckDataSet(bridge, data, dir.path());
    }
}

} // namespace
} // namespace vortex::duckdb_ext
