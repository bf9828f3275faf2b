// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "workloads/filter_workload.h"

#include <cmath>
#include <random>

#include "vortex/base/format.h"

namespace vortex::workload {
namespace {

constexpr int64_t kDomain = 1'000'000;
// The heavy hitters folded into v (see the header).
constexpr int64_t kHeavy10 = 500'000;
constexpr int64_t kHeavy01 = 700'000;
// The companion's offset from its column's r is uniform in [kCompanionLow, kCompanionLow + 1000):
// 10 % of the rows have r < r_b.
constexpr int64_t kCompanionLow = -899;

// The typed value of the nested columns' compared element.
constexpr const char *kInt32Of = "({v} * 2000 - 1000000000)::INTEGER";

std::string Replace(std::string text, const std::string &from, const std::string &to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

FilterColumn Column(std::string name,
                    std::string dtype,
                    std::string sql_type,
                    ColumnKind kind,
                    Shape shape,
                    double nulls,
                    std::string value_sql) {
    FilterColumn column;
    column.name = std::move(name);
    column.dtype = std::move(dtype);
    column.sql_type = std::move(sql_type);
    column.kind = kind;
    column.shape = shape;
    column.null_fraction = nulls;
    column.value_sql = std::move(value_sql);
    return column;
}

std::vector<FilterColumn> MakeColumns() {
    using K = ColumnKind;
    using S = Shape;
    // The instant every timestamp counts from (2000-01-01) in microseconds, and the step per v:
    // 10.5 minutes and 3 microseconds, so that every unit's values differ in their last digits.
    const std::string micros = "(946684800000000 + {v} * 630720003)";
    return {
        Column("i8", "i8", "TINYINT", K::kOrdered, S::kRandom, 0, "({v} // 4000 - 125)::TINYINT"),
        Column("u8", "u8", "UTINYINT", K::kOrdered, S::kRandom, 0.05, "({v} // 4000)::UTINYINT"),
        Column("i16", "i16", "SMALLINT", K::kOrdered, S::kClustered, 0.05, "({v} // 32 - 15625)::SMALLINT"),
        Column("u16", "u16", "USMALLINT", K::kOrdered, S::kRandom, 0, "({v} // 16)::USMALLINT"),
        Column("i32", "i32", "INTEGER", K::kOrdered, S::kRandom, 0.5, kInt32Of),
        Column("u32", "u32", "UINTEGER", K::kOrdered, S::kClustered, 0, "({v} * 4000)::UINTEGER"),
        Column("i64", "i64", "BIGINT", K::kOrdered, S::kSorted, 0,
               "({v} * 1000000007 - 500000000000000)::BIGINT"),
        Column("u64", "u64", "UBIGINT", K::kOrdered, S::kRandom, 0.05, "({v}::UBIGINT * 18000000000000)"),
        Column("f32", "f32", "FLOAT", K::kOrdered, S::kRandom, 0.05, "({v} / 8 - 50000)::FLOAT"),
        Column("f64", "f64", "DOUBLE", K::kOrdered, S::kClustered, 0, "({v} * 0.001 - 400)::DOUBLE"),
        Column("bool", "bool", "BOOLEAN", K::kBool, S::kRandom, 0.05, "({v} < 100000)"),
        Column("date_sorted", "date sorted", "DATE", K::kOrdered, S::kSorted, 0,
               "(DATE '1990-01-01' + ({v} // 50)::INTEGER)"),
        Column("date_random", "date random", "DATE", K::kOrdered, S::kRandom, 0.05,
               "(DATE '1990-01-01' + ({v} // 50)::INTEGER)"),
        Column("time", "time", "TIME", K::kOrdered, S::kRandom, 0,
               "(TIME '00:00:00' + to_microseconds({v} * 86399))"),
        Column("ts_us", "timestamp(us)", "TIMESTAMP", K::kOrdered, S::kClustered, 0,
               "make_timestamp(" + micros + ")"),
        Column("ts_ms", "timestamp(ms)", "TIMESTAMP_MS", K::kOrdered, S::kRandom, 0.05,
               "make_timestamp(" + micros + ")::TIMESTAMP_MS"),
        Column("ts_s", "timestamp(s)", "TIMESTAMP_S", K::kOrdered, S::kSorted, 0,
               "make_timestamp(" + micros + ")::TIMESTAMP_S"),
        Column("ts_ns", "timestamp(ns)", "TIMESTAMP_NS", K::kOrdered, S::kRandom, 0,
               "make_timestamp(" + micros + ")::TIMESTAMP_NS"),
        Column("ts_tz", "timestamptz(us)", "TIMESTAMPTZ", K::kOrdered, S::kClustered, 0.05,
               "to_timestamp(" + micros + " / 1000000)"),
        Column("dec4", "decimal(4,1)", "DECIMAL(4,1)", K::kOrdered, S::kRandom, 0,
               "(({v} // 100 - 5000) * 0.1)::DECIMAL(4,1)"),
        Column("dec9", "decimal(9,2)", "DECIMAL(9,2)", K::kOrdered, S::kClustered, 0.05,
               "(({v} * 100 - 50000000) * 0.01)::DECIMAL(9,2)"),
        Column("dec18", "decimal(18,3)", "DECIMAL(18,3)", K::kOrdered, S::kRandom, 0.5,
               "(({v} * 999999937 - 500000000000000) * 0.001)::DECIMAL(18,3)"),
        Column("dec38", "decimal(38,6)", "DECIMAL(38,6)", K::kOrdered, S::kSorted, 0,
               "({v}::HUGEINT * 10000000000000000000000 + 123456789)::DECIMAL(38,6)"),
        // Skewed: value k = floor(sqrt(v)) has a share proportional to 2k + 1.
        Column("str_low", "string low-card", "VARCHAR", K::kString, S::kRandom, 0,
               "('cat_' || lpad(floor(sqrt({v}))::INTEGER::VARCHAR, 4, '0'))"),
        Column("str_high", "string high-card", "VARCHAR", K::kString, S::kClustered, 0.05,
               "('https://ex.com/' || lpad({v}::VARCHAR, 6, '0') || '/' || left(md5({v}::VARCHAR), 10))"),
        Column("st", "struct field", "STRUCT(x INTEGER, y VARCHAR)", K::kStructField, S::kRandom, 0.05,
               Replace("struct_pack(x := {x}, y := 'n' || ({v} % 97)::VARCHAR)", "{x}", kInt32Of)),
        Column("fl", "fixed-size list", "INTEGER[2]", K::kFixedList, S::kRandom, 0,
               Replace("[{x}, ({v} % 1000)::INTEGER]::INTEGER[2]", "{x}", kInt32Of)),
        Column("li", "list", "INTEGER[]", K::kList, S::kRandom, 0.05,
               Replace("[{x}, 1, 2, 3][1:(({v} + 3) % 5)]", "{x}", kInt32Of)),
    };
}

// v as SQL from a raw position r in the domain: the heavy hitters folded in.
std::string FoldHeavy(const std::string &r) {
    return vortex::format(
        "CASE WHEN {0} >= {1} AND {0} < {2} THEN {1} WHEN {0} >= {3} AND {0} < {4} THEN {3} "
        "ELSE {0} END",
        r, kHeavy10, kHeavy10 + kDomain / 10, kHeavy01, kHeavy01 + kDomain / 1000);
}

std::string RawPosition(Shape shape, uint64_t rows, const std::string &salt) {
    switch (shape) {
        case Shape::kSorted:
            return vortex::format("(i * {} // {})", kDomain, rows);
        case Shape::kClustered:
            return vortex::format(
                "least({0}, greatest(0, i * {1} // {2} + (hash(i, {3}) % 20001)::BIGINT - 10000))",
                kDomain - 1, kDomain, rows, salt);
        case Shape::kRandom:
            break;
    }
    return vortex::format("(hash(i, {}) % {})::BIGINT", salt, kDomain);
}

std::string Percent(double share) {
    return vortex::format("{:g}%", share * 100);
}

FilterPredicate
Predicate(const FilterColumn &column, std::string kind, std::string nominal, std::string where) {
    FilterPredicate p;
    p.dtype = column.dtype;
    p.kind = std::move(kind);
    p.nominal = std::move(nominal);
    p.where = std::move(where);
    return p;
}

bool IsString(const FilterColumn &column) {
    return column.kind == ColumnKind::kString;
}

bool IsDate(const FilterColumn &column) {
    return column.sql_type == "DATE";
}

bool IsTimestamp(const FilterColumn &column) {
    return column.sql_type.starts_with("TIMESTAMP");
}

// The string predicates of the matrix: LIKE patterns designed per column.
void AddStringPredicates(const FilterColumn &c, std::vector<FilterPredicate> &out) {
    const std::string s = c.name;
    struct Pattern {
        const char *kind;
        const char *nominal;
        std::string like;
        bool negated;
    };
    std::vector<Pattern> patterns;
    if (c.name == "str_low") {
        patterns = {{"prefix", "0.1%", "cat_003%", false}, {"prefix", "10%", "cat_03%", false},
                    {"prefix", "90%", "cat_03%", true},    {"suffix", "10%", "%7", false},
                    {"contains", "0.1%", "%_001%", false}, {"contains", "10%", "%_07%", false},
                    {"contains", "90%", "%_07%", true}};
    } else {
        patterns = {{"prefix", "0.1%", "https://ex.com/000%", false},
                    {"prefix", "10%", "https://ex.com/1%", false},
                    {"prefix", "90%", "https://ex.com/1%", true},
                    {"suffix", "0.1%", "%abc", false},
                    {"suffix", "10%", "%a", false},
                    {"suffix", "90%", "%a", true},
                    {"contains", "0.1%", "%abc%", false},
                    {"contains", "10%", "%/5%", false},
                    {"contains", "90%", "%/5%", true}};
    }
    for (const Pattern &p : patterns) {
        out.push_back(Predicate(c, p.kind, p.nominal,
                                vortex::format("{} {}LIKE '{}'", s, p.negated ? "NOT " : "", p.like)));
    }
}

} // namespace

std::string FilterColumn::ValueAt(int64_t k) const {
    const std::string v = vortex::format("({}::BIGINT)", k);
    switch (kind) {
        case ColumnKind::kStructField:
        case ColumnKind::kFixedList:
        case ColumnKind::kList:
            return Replace(kInt32Of, "{v}", v);
        default:
            return Replace(value_sql, "{v}", v);
    }
}

std::string FilterColumn::Subject(const std::string &column) const {
    switch (kind) {
        case ColumnKind::kStructField:
            return column + ".x";
        case ColumnKind::kFixedList:
        case ColumnKind::kList:
            return column + "[1]";
        default:
            return column;
    }
}

std::string FilterPredicate::Sql(const std::string &source) const {
    std::string sql = "SELECT " + select + " FROM " + source;
    if (!where.empty()) {
        sql += " WHERE " + where;
    }
    return sql;
}

const std::vector<FilterColumn> &FilterColumns() {
    static const std::vector<FilterColumn> columns = MakeColumns();
    return columns;
}

std::string CreateTableSql(const std::string &table, uint64_t rows, uint64_t seed) {
    // Three levels: raw positions and null draws, then v (heavy hitters folded in), then values.
    std::string raw = "i", folded = "i", values = "i";
    const auto &columns = FilterColumns();
    for (size_t c = 0; c < columns.size(); c++) {
        const FilterColumn &col = columns[c];
        const auto salt = [&](int k) { return std::to_string(seed * 1'000'003 + c * 8 + k); };
        const std::string r = vortex::format("r{}", c);
        raw += vortex::format(", {} AS {}", RawPosition(col.shape, rows, salt(0)), r);
        raw += vortex::format(", (hash(i, {}) % 1000)::BIGINT + ({}) AS {}_b", salt(1), kCompanionLow, r);
        const int64_t null_per_mille = std::llround(col.null_fraction * 1000);
        raw += vortex::format(", hash(i, {}) % 1000 < {} AS n{}", salt(2), null_per_mille, c);
        raw += vortex::format(", hash(i, {}) % 1000 < {} AS nb{}", salt(3), null_per_mille, c);
        folded += vortex::format(", {} AS v{}", FoldHeavy(r), c);
        folded += vortex::format(
            ", {} AS vb{}", FoldHeavy(vortex::format("least({}, greatest(0, {} + {}_b))", kDomain - 1, r, r)),
            c);
        folded += vortex::format(", n{0}, nb{0}", c);
        for (const bool companion : {false, true}) {
            const std::string v = (companion ? "vb" : "v") + std::to_string(c);
            const std::string n = (companion ? "nb" : "n") + std::to_string(c);
            values += vortex::format(", CASE WHEN {} THEN NULL ELSE {} END::{} AS {}{}", n,
                                     Replace(col.value_sql, "{v}", v), col.sql_type, col.name,
                                     companion ? "_b" : "");
        }
    }
    return vortex::format(
        "CREATE TABLE {} AS SELECT {} FROM (SELECT {} FROM (SELECT {} FROM range({}) t(i)))", table, values,
        folded, raw, rows);
}

// A projection of functions of the column over every row (read_vortex computes them in the scan).
FilterPredicate Computed(const FilterColumn &c, std::string select) {
    FilterPredicate p = Predicate(c, "computed", "100%", "");
    p.select = std::move(select);
    return p;
}

std::vector<FilterPredicate> BenchPredicates() {
    std::vector<FilterPredicate> out;
    for (const FilterColumn &c : FilterColumns()) {
        const std::string s = c.Subject();
        const std::string b = c.Subject(c.name + "_b");
        const auto f = [&](int64_t k) { return c.ValueAt(k); };
        if (c.kind == ColumnKind::kBool) {
            out.push_back(Predicate(c, "eq", "10%", s + " = true"));
            out.push_back(Predicate(c, "eq", "90%", s + " = false"));
            out.push_back(Predicate(c, "distinct", "90%", s + " IS DISTINCT FROM true"));
            out.push_back(Predicate(c, "column", "", vortex::format("{} <> {}", s, b)));
        } else {
            out.push_back(Predicate(c, "eq", "0.1%", vortex::format("{} = {}", s, f(kHeavy01))));
            out.push_back(Predicate(c, "eq", "10%", vortex::format("{} = {}", s, f(kHeavy10))));
            out.push_back(Predicate(c, "eq", "90%", vortex::format("{} <> {}", s, f(kHeavy10))));
            out.push_back(Predicate(c, "range", "0.1%",
                                    vortex::format("{} BETWEEN {} AND {}", s, f(400'000), f(400'999))));
            out.push_back(Predicate(c, "range", "10%",
                                    vortex::format("{} BETWEEN {} AND {}", s, f(200'000), f(299'999))));
            out.push_back(Predicate(c, "range", "90%",
                                    vortex::format("{} BETWEEN {} AND {}", s, f(50'000), f(949'999))));
            const std::string others = vortex::format("{}, {}", f(123'457), f(876'543));
            out.push_back(
                Predicate(c, "in", "0.1%", vortex::format("{} IN ({}, {})", s, f(kHeavy01), others)));
            out.push_back(
                Predicate(c, "in", "10%", vortex::format("{} IN ({}, {})", s, f(kHeavy10), others)));
            out.push_back(
                Predicate(c, "in", "90%", vortex::format("{} NOT IN ({}, {})", s, f(kHeavy10), others)));
            out.push_back(Predicate(c, "distinct", "0.1%",
                                    vortex::format("{} IS NOT DISTINCT FROM {}", s, f(kHeavy01))));
            out.push_back(
                Predicate(c, "distinct", "90%", vortex::format("{} IS DISTINCT FROM {}", s, f(kHeavy10))));
            out.push_back(Predicate(c, "column", "10%", vortex::format("{} < {}", s, b)));
            out.push_back(Predicate(c, "column", "10%", vortex::format("{} = {}", s, b)));
            out.push_back(Predicate(c, "column", "90%", vortex::format("{} > {}", s, b)));
        }
        out.push_back(Predicate(c, "null", Percent(c.null_fraction), c.name + " IS NULL"));
        out.push_back(Predicate(c, "null", Percent(1 - c.null_fraction), c.name + " IS NOT NULL"));
        if (IsString(c)) {
            AddStringPredicates(c, out);
        }
        if (IsDate(c)) {
            // DuckDB compares a date with timestamps through a cast of the column.
            out.push_back(Predicate(c, "cast", "10%",
                                    vortex::format("{} >= ({})::TIMESTAMP AND {} < ({})::TIMESTAMP", s,
                                                   f(200'000), s, f(300'000))));
            // Calendar parts (the dates span 1990-2044, 10 % of them on 2017-05-20).
            out.push_back(Predicate(c, "function", "2%", vortex::format("year({}) = 2000", s)));
            out.push_back(Predicate(c, "function", "8%", vortex::format("month({}) = 3", s)));
            out.push_back(Predicate(c, "function", "10%", vortex::format("day({}) <= 3", s)));
            out.push_back(Computed(c, vortex::format("sum(year({0})), max(month({0}))", s)));
        }
        if (IsTimestamp(c)) {
            out.push_back(
                Predicate(c, "cast", "10%", vortex::format("{}::DATE = ({})::DATE", s, f(kHeavy10))));
            out.push_back(Predicate(c, "function", "4%", vortex::format("hour({}) = 7", s)));
            out.push_back(Predicate(c, "function", "2%", vortex::format("year({}) = 2000", s)));
            out.push_back(Computed(c, vortex::format("sum(hour({0})), min(hour({0}))", s)));
        }
        if (IsString(c)) {
            out.push_back(Computed(c, vortex::format("sum(strlen({0})), max(strlen({0}))", s)));
        }
        if (c.kind == ColumnKind::kList) {
            out.push_back(Predicate(c, "length", "40%", "len(" + c.name + ") >= 3"));
            out.push_back(Predicate(c, "length", "20%", "len(" + c.name + ") = 0"));
            out.push_back(Predicate(c, "contains", "0.1%",
                                    vortex::format("list_contains({}, {})", c.name, f(kHeavy01))));
        }
        FilterPredicate project = Predicate(c, "project", "100%", "");
        project.select = c.kind == ColumnKind::kList ? vortex::format("count({0}), max(len({0}))", c.name)
                                                     : vortex::format("count({0}), min({0}), max({0})", s);
        out.push_back(std::move(project));
    }
    return out;
}

std::vector<FilterPredicate> OraclePredicates(uint64_t seed, size_t per_column) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> any(0, kDomain - 1);
    std::vector<FilterPredicate> out;
    const char *ops[] = {"=", "<>", "<", "<=", ">", ">="};
    for (const FilterColumn &c : FilterColumns()) {
        const std::string s = c.Subject();
        const std::string b = c.Subject(c.name + "_b");
        const auto f = [&](int64_t k) { return c.ValueAt(k); };
        std::vector<FilterPredicate> mine;
        const auto add = [&](std::string where) {
            mine.push_back(Predicate(c, "oracle", "", std::move(where)));
        };
        while (mine.size() < per_column) {
            const int64_t k1 = any(rng), k2 = any(rng);
            const int64_t lo = std::min(k1, k2), hi = std::max(k1, k2);
            for (const int64_t k : {int64_t{0}, kDomain - 1, kHeavy10, kHeavy01, k1}) {
                for (const char *op : ops) {
                    add(vortex::format("{} {} {}", s, op, f(k)));
                }
            }
            add(vortex::format("{} BETWEEN {} AND {}", s, f(lo), f(hi)));
            add(vortex::format("{} NOT BETWEEN {} AND {}", s, f(lo), f(hi)));
            add(vortex::format("{} IN ({}, {}, {})", s, f(kHeavy10), f(k1), f(k2)));
            add(vortex::format("{} IN ({}, NULL)", s, f(kHeavy01)));
            add(vortex::format("{} NOT IN ({}, {})", s, f(kHeavy10), f(k1)));
            add(c.name + " IS NULL");
            add(c.name + " IS NOT NULL");
            add(vortex::format("{} IS DISTINCT FROM {}", s, f(k1)));
            add(vortex::format("{} IS NOT DISTINCT FROM {}", s, f(kHeavy10)));
            for (const char *op : ops) {
                add(vortex::format("{} {} {}", s, op, b));
            }
            add(vortex::format("{} IS DISTINCT FROM {}", s, b));
            add(vortex::format("{} < {} OR {} > {}", s, f(lo), s, f(hi)));
            add(vortex::format("{} >= {} AND i % 3 = 0", s, f(lo)));
            add(vortex::format("{} >= {} AND {} IS NOT NULL", s, f(lo), b));
            if (IsString(c)) {
                // Patterns cut from real values, so they match.
                const std::string value = vortex::format("({})", f(k1));
                const int64_t cut = 1 + k2 % 12;
                add(vortex::format("{} LIKE left({}, {}) || '%'", s, value, cut));
                add(vortex::format("{} NOT LIKE left({}, {}) || '%'", s, value, cut));
                add(vortex::format("{} LIKE '%' || right({}, {})", s, value, 1 + k2 % 3));
                add(vortex::format("{} LIKE '%' || substr({}, 5, {}) || '%'", s, value, 1 + k2 % 4));
                add(vortex::format("{} LIKE 'cat\\_0_0%' ESCAPE '\\'", s));
                add(vortex::format("starts_with({}, left({}, {}))", s, value, cut));
                add(vortex::format("{} ILIKE upper(left({}, {})) || '%'", s, value, cut));
                add(vortex::format("{} LIKE '%'", s));
                add(vortex::format("{} = ''", s));
            }
            if (IsDate(c)) {
                // Timestamps at midnight and within a day, on both sides of the comparison.
                for (const char *op : ops) {
                    add(vortex::format("{} {} ({})::TIMESTAMP", s, op, f(k1)));
                    add(vortex::format("({})::TIMESTAMP + INTERVAL 7 HOUR {} {}", f(k2), op, s));
                    add(vortex::format("{} {} ({})::TIMESTAMP_NS - INTERVAL 1 MICROSECOND", s, op, f(k1)));
                }
                add(vortex::format("{} BETWEEN ({})::TIMESTAMP_S AND ({})::TIMESTAMP + INTERVAL 1 HOUR", s,
                                   f(lo), f(hi)));
                add(vortex::format("year({}) = {}", s, 1990 + k1 % 56));
                add(vortex::format("month({}) {} {}", s, ops[static_cast<size_t>(k1) % std::size(ops)],
                                   1 + k2 % 12));
                add(vortex::format("day({}) BETWEEN {} AND {}", s, 1 + k1 % 28, 3 + k1 % 28));
            }
            if (IsTimestamp(c)) {
                for (const char *op : ops) {
                    add(vortex::format("{}::DATE {} ({})::DATE", s, op, f(k1)));
                }
                add(vortex::format("{}::DATE BETWEEN ({})::DATE AND ({})::DATE", s, f(lo), f(hi)));
                add(vortex::format("{} >= ({})::DATE", s, f(k2)));
                add(vortex::format("hour({}) = {}", s, k1 % 24));
                add(vortex::format("year({}) {} {}", s, ops[static_cast<size_t>(k2) % std::size(ops)],
                                   1990 + k1 % 56));
                if (c.sql_type != "TIMESTAMPTZ") { // DuckDB has no zoned nanosecond type
                    add(vortex::format("{}::TIMESTAMP_NS > ({})::TIMESTAMP_NS", s, f(k1)));
                }
            }
            if (c.kind == ColumnKind::kList) {
                add(vortex::format("len({}) >= {}", c.name, k1 % 5));
                add(vortex::format("list_contains({}, {})", c.name, f(k1)));
            }
            if (c.kind == ColumnKind::kStructField) {
                add(vortex::format("{}.y = 'n{}'", c.name, k1 % 97));
                add(vortex::format("{}.x + 1 > {}", c.name, f(k1)));
            }
            if (c.kind == ColumnKind::kFixedList) {
                add(vortex::format("{}[2] IN ({}, {})", c.name, k1 % 1000, k2 % 1000));
                add(vortex::format("{}[1] + {}[2] > {}", c.name, c.name, f(k1)));
            }
        }
        for (FilterPredicate &p : mine) {
            // Values hash as text: Parquet has no seconds unit and reads TIMESTAMP_S back in another type.
            p.select = vortex::format("count(*), sum(i), bit_xor(hash(i, {}::VARCHAR))", c.name);
            out.push_back(std::move(p));
        }
    }
    return out;
}

} // namespace vortex::workload
