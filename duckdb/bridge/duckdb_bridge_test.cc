// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// DuckDB is both the subject and the oracle here: every type case runs a query, checks the
// arrays we got against DuckDB's own rendering of each value, writes the arrays back out
// through DuckDB (CSV and Parquet) and has DuckDB compare what it reads back with the original
// rows, as multisets in both directions.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"

#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {
namespace {

namespace fs = std::filesystem;

constexpr auto kNullable = Nullability::Nullable;

Result<std::vector<ArrayRef>> ReadAll(ArrayReader &reader) {
    std::vector<ArrayRef> arrays;
    while (true) {
        VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> next, reader.Next());
        if (!next.has_value()) {
            return arrays;
        }
        VX_ENSURE((*next)->dtype().EqualsIgnoringNullability(reader.dtype()), Internal,
                  "batch dtype {} differs from reader dtype {}", (*next)->dtype().ToString(),
                  reader.dtype().ToString());
        arrays.push_back(std::move(*next));
    }
}

// Every row of a query as struct scalars (one element per column), in order.
Result<std::vector<Scalar>> QueryRows(DuckDB &db, std::string_view sql) {
    VX_ASSIGN_OR_RETURN(auto reader, db.Query(sql));
    VX_ASSIGN_OR_RETURN(auto arrays, ReadAll(*reader));
    std::vector<Scalar> rows;
    for (const ArrayRef &array : arrays) {
        for (size_t i = 0; i < array->len(); ++i) {
            VX_ASSIGN_OR_RETURN(Scalar row, ScalarAt(array, i));
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

// The single BIGINT a query returns.
Result<int64_t> QueryInt(DuckDB &db, std::string_view sql) {
    VX_ASSIGN_OR_RETURN(auto rows, QueryRows(db, sql));
    VX_ENSURE(rows.size() == 1 && rows[0].elements().size() == 1, Internal, "not a single value: {}", sql);
    VX_ASSIGN_OR_RETURN(Scalar value, Cast(rows[0].elements()[0], DType::Primitive(PType::I64, kNullable)));
    VX_ENSURE(!value.is_null(), Internal, "null from {}", sql);
    return value.as<int64_t>();
}

// DuckDB's text of every value of one column (std::nullopt for NULL).
Result<std::vector<std::optional<std::string>>> QueryTexts(DuckDB &db, std::string_view sql) {
    VX_ASSIGN_OR_RETURN(auto rows, QueryRows(db, sql));
    std::vector<std::optional<std::string>> texts;
    for (const Scalar &row : rows) {
        const Scalar &value = row.elements().at(0);
        texts.push_back(value.is_null() ? std::nullopt : std::optional<std::string>(value.as_string_view()));
    }
    return texts;
}

std::string Hex(std::span<const uint8_t> bytes) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string hex;
    for (const uint8_t b : bytes) {
        hex += kDigits[b >> 4];
        hex += kDigits[b & 15];
    }
    return hex;
}

std::string IntegerText(const Scalar &value) {
    return std::visit(
        [](auto v) -> std::string {
            if constexpr (std::is_integral_v<decltype(v)>) {
                return std::to_string(v);
            } else {
                return "not an integer";
            }
        },
        value.pvalue());
}

std::string DecimalText(const Scalar &value) {
    const int scale = value.dtype().decimal().scale;
    std::string digits = value.as_decimal().value.ToString();
    const bool negative = !digits.empty() && digits[0] == '-';
    if (negative) {
        digits.erase(0, 1);
    }
    if (scale > 0) {
        if (digits.size() <= static_cast<size_t>(scale)) {
            digits.insert(0, static_cast<size_t>(scale) + 1 - digits.size(), '0');
        }
        digits.insert(digits.size() - static_cast<size_t>(scale), ".");
    }
    return negative ? "-" + digits : digits;
}

// How one column is checked: DuckDB renders each value with `duck_sql` ({} = the column) and
// we render our scalar with `ours`; `equal` compares the two texts (exact by default).
struct ColumnCheck {
    std::string name;
    DType dtype;
    std::string duck_sql;
    std::function<std::string(const Scalar &)> ours;
    std::function<bool(const std::string &, const std::string &)> equal = {};
};

ColumnCheck IntegerColumn(std::string name, PType ptype) {
    return {std::move(name), DType::Primitive(ptype, kNullable), "{}::VARCHAR", IntegerText};
}

ColumnCheck FloatColumn(std::string name, PType ptype) {
    auto ours = [](const Scalar &value) {
        return value.dtype().ptype() == PType::F32 ? vortex::format("{}", value.as<float>())
                                                   : vortex::format("{}", value.as<double>());
    };
    // DuckDB prints the shortest text that round-trips, so parsing it gives the exact value.
    auto equal = [](const std::string &duck, const std::string &mine) {
        const double a = std::strtod(duck.c_str(), nullptr);
        const double b = std::strtod(mine.c_str(), nullptr);
        return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
    };
    return {std::move(name), DType::Primitive(ptype, kNullable), "{}::VARCHAR", ours, equal};
}

ColumnCheck StorageColumn(std::string name, DType dtype, std::string duck_sql) {
    return {std::move(name), std::move(dtype), std::move(duck_sql),
            [](const Scalar &value) { return IntegerText(value.StorageScalar()); }};
}

std::string Fmt(std::string_view pattern, std::string_view column) {
    return vortex::format(fmt::runtime(pattern), column);
}

class DuckDBBridgeTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "vortex_duckdb_bridge_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        auto db = DuckDB::Open(2);
        ASSERT_OK(db);
        db_.emplace(std::move(db).ValueOrDie());
    }
    void TearDown() override {
        db_.reset();
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    DuckDB &db() { return *db_; }
    std::string Path(std::string_view name) const { return (dir_ / name).string(); }

    // The columns of table `table` as (name, DuckDB type text).
    std::vector<std::pair<std::string, std::string>> Columns(std::string_view table) {
        auto rows = QueryRows(db(), vortex::format("SELECT column_name, data_type FROM duckdb_columns() "
                                                   "WHERE table_name = {} ORDER BY column_index",
                                                   QuoteSqlString(table)));
        EXPECT_OK(rows);
        std::vector<std::pair<std::string, std::string>> columns;
        for (const Scalar &row : *rows) {
            columns.emplace_back(row.elements()[0].as_string_view(), row.elements()[1].as_string_view());
        }
        return columns;
    }

    // Expects the two queries to return the same multiset of rows.
    void ExpectSameRows(const std::string &expected, const std::string &actual) {
        ASSERT_OK_AND_ASSIGN(int64_t expected_count,
                             QueryInt(db(), "SELECT count(*) FROM (" + expected + ")"));
        ASSERT_OK_AND_ASSIGN(int64_t actual_count, QueryInt(db(), "SELECT count(*) FROM (" + actual + ")"));
        EXPECT_EQ(expected_count, actual_count);
        ASSERT_OK_AND_ASSIGN(int64_t missing, QueryInt(db(), "SELECT count(*) FROM ((" + expected +
                                                                 ") EXCEPT ALL (" + actual + "))"));
        ASSERT_OK_AND_ASSIGN(int64_t extra, QueryInt(db(), "SELECT count(*) FROM ((" + actual +
                                                               ") EXCEPT ALL (" + expected + "))"));
        EXPECT_EQ(missing, 0) << "rows lost: " << actual;
        EXPECT_EQ(extra, 0) << "rows gained: " << actual;
    }

    // Writes table `table` through Query() + CopyTo() in `format` and expects DuckDB to read
    // back the same rows, each column cast back to its original type.
    void ExpectCopyRoundTrip(std::string_view table, CopyFormat format) {
        const auto columns = Columns(table);
        ASSERT_FALSE(columns.empty());
        const std::string path =
            Path(vortex::format("{}.{}", table, format == CopyFormat::Csv ? "csv" : "parquet"));
        ASSERT_OK_AND_ASSIGN(auto reader, db().Query(vortex::format("SELECT * FROM {}", table)));
        ASSERT_OK(db().CopyTo(*reader, path, format));

        std::string casts;
        std::string csv_columns;
        for (const auto &[name, type] : columns) {
            casts += vortex::format("{}CAST({} AS {}) AS {}", casts.empty() ? "" : ", ",
                                    QuoteSqlIdentifier(name), type, QuoteSqlIdentifier(name));
            csv_columns += vortex::format("{}{}: {}", csv_columns.empty() ? "" : ", ", QuoteSqlString(name),
                                          QuoteSqlString(type));
        }
        const std::string source =
            format == CopyFormat::Csv
                ? vortex::format("read_csv({}, header = true, delim = ',', quote = '\"', escape = '\"', "
                                 "allow_quoted_nulls = false, columns = {{{}}})",
                                 QuoteSqlString(path), csv_columns)
                : vortex::format("read_parquet({})", QuoteSqlString(path));
        ExpectSameRows(vortex::format("SELECT * FROM {}", table),
                       vortex::format("SELECT {} FROM {}", casts, source));
    }

    // The full check of one type case: dtypes, values against DuckDB's text, CSV and Parquet.
    void
    CheckTypeCase(std::string_view table, const std::string &select, const std::vector<ColumnCheck> &checks) {
        ASSERT_OK(db().Execute(vortex::format("CREATE TABLE {} AS {}", table, select)));
        ASSERT_OK_AND_ASSIGN(auto reader, db().Query(vortex::format("SELECT * FROM {}", table)));
        ASSERT_TRUE(reader->dtype().is_struct());
        const StructFields &fields = reader->dtype().struct_fields();
        ASSERT_EQ(fields.size(), checks.size());
        ASSERT_OK_AND_ASSIGN(auto arrays, ReadAll(*reader));
        std::vector<Scalar> rows;
        for (const ArrayRef &array : arrays) {
            for (size_t i = 0; i < array->len(); ++i) {
                ASSERT_OK_AND_ASSIGN(Scalar row, ScalarAt(array, i));
                rows.push_back(std::move(row));
            }
        }
        ASSERT_OK_AND_ASSIGN(int64_t count, QueryInt(db(), vortex::format("SELECT count(*) FROM {}", table)));
        ASSERT_EQ(rows.size(), static_cast<size_t>(count));

        for (size_t c = 0; c < checks.size(); ++c) {
            const ColumnCheck &check = checks[c];
            SCOPED_TRACE(check.name);
            EXPECT_EQ(fields.names[c], check.name);
            EXPECT_EQ(fields.dtypes[c], check.dtype)
                << fields.dtypes[c].ToString() << " vs " << check.dtype.ToString();
            if (check.duck_sql.empty()) {
                continue;
            }
            // rowid keeps DuckDB's rendering in the table's order, which the query had too.
            ASSERT_OK_AND_ASSIGN(
                auto texts,
                QueryTexts(db(), vortex::format("SELECT ({})::VARCHAR FROM {} ORDER BY rowid",
                                                Fmt(check.duck_sql, QuoteSqlIdentifier(check.name)), table)));
            ASSERT_EQ(texts.size(), rows.size());
            for (size_t r = 0; r < rows.size(); ++r) {
                const Scalar &value = rows[r].elements()[c];
                ASSERT_EQ(value.is_null(), !texts[r].has_value()) << "row " << r;
                if (value.is_null()) {
                    continue;
                }
                const std::string mine = check.ours(value);
                if (check.equal) {
                    EXPECT_TRUE(check.equal(*texts[r], mine))
                        << "row " << r << ": " << *texts[r] << " vs " << mine;
                } else {
                    EXPECT_EQ(*texts[r], mine) << "row " << r;
                }
            }
        }
        ExpectCopyRoundTrip(table, CopyFormat::Csv);
        ExpectCopyRoundTrip(table, CopyFormat::Parquet);
    }

    fs::path dir_;
    std::optional<DuckDB> db_;
};

TEST_F(DuckDBBridgeTest, Integers) {
    const std::string select = R"sql(
        SELECT v[1]::TINYINT AS i8, v[2]::SMALLINT AS i16, v[3]::INTEGER AS i32, v[4]::BIGINT AS i64,
               v[5]::UTINYINT AS u8, v[6]::USMALLINT AS u16, v[7]::UINTEGER AS u32, v[8]::UBIGINT AS u64
        FROM (VALUES
            (['-128', '-32768', '-2147483648', '-9223372036854775808', '0', '0', '0', '0']),
            (['127', '32767', '2147483647', '9223372036854775807', '255', '65535', '4294967295',
              '18446744073709551615']),
            (['0', '-1', '1', '-1', '1', '1', '1', '1']),
            ([NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL])) t(v))sql";
    CheckTypeCase("ints", select,
                  {IntegerColumn("i8", PType::I8), IntegerColumn("i16", PType::I16),
                   IntegerColumn("i32", PType::I32), IntegerColumn("i64", PType::I64),
                   IntegerColumn("u8", PType::U8), IntegerColumn("u16", PType::U16),
                   IntegerColumn("u32", PType::U32), IntegerColumn("u64", PType::U64)});
}

TEST_F(DuckDBBridgeTest, Floats) {
    const std::string select = R"sql(
        SELECT v::FLOAT AS f32, v::DOUBLE AS f64, w::DOUBLE AS f64_extreme
        FROM (VALUES ('0', '1.7976931348623157e308'), ('-0.0', '-1.7976931348623157e308'),
                     ('1.5', '4.9e-324'), ('3.4028235e38', '2.2250738585072014e-308'),
                     ('1.1754944e-38', '0.1'), ('inf', 'inf'), ('-inf', '-inf'), ('nan', 'nan'),
                     (NULL, NULL)) t(v, w))sql";
    CheckTypeCase("floats", select,
                  {FloatColumn("f32", PType::F32), FloatColumn("f64", PType::F64),
                   FloatColumn("f64_extreme", PType::F64)});
}

TEST_F(DuckDBBridgeTest, Decimals) {
    const std::string select = R"sql(
        SELECT a::DECIMAL(4,2) AS d4, b::DECIMAL(18,3) AS d18, c::DECIMAL(38,10) AS d38
        FROM (VALUES
            ('99.99', '999999999999999.999', '9999999999999999999999999999.9999999999'),
            ('-99.99', '-999999999999999.999', '-9999999999999999999999999999.9999999999'),
            ('0', '0', '0'), ('0.01', '-0.001', '0.0000000001'), ('-1.5', '12345.678', '-1'),
            (NULL, NULL, NULL)) t(a, b, c))sql";
    auto decimal = [](std::string name, uint8_t precision, int8_t scale) {
        return ColumnCheck{std::move(name), DType::Decimal(precision, scale, kNullable), "{}::VARCHAR",
                           DecimalText};
    };
    CheckTypeCase("decimals", select, {decimal("d4", 4, 2), decimal("d18", 18, 3), decimal("d38", 38, 10)});
}

TEST_F(DuckDBBridgeTest, StringsBlobsBooleans) {
    const std::string select = R"sql(
        SELECT * FROM (VALUES
            ('a', 'a'::BLOB, true),
            ('', ''::BLOB, false),
            ('exactly twelve', '\x00\xFF\x10 long enough to be out of line'::BLOB, true),
            ('ünïcødé ✓ 日本語 and more than twelve bytes', '\xC3\xA9'::BLOB, false),
            ('comma, "quotes" and ''single''', 'x'::BLOB, NULL),
            ('line' || chr(10) || 'break', NULL, true),
            (NULL, NULL, NULL)) t(s, b, flag))sql";
    CheckTypeCase("strings", select,
                  {ColumnCheck{"s", DType::Utf8(kNullable), "{}",
                               [](const Scalar &v) { return std::string(v.as_string_view()); }},
                   ColumnCheck{"b", DType::Binary(kNullable), "hex({})",
                               [](const Scalar &v) { return Hex(v.as_bytes()); }},
                   ColumnCheck{"flag", DType::Bool(kNullable), "{}::VARCHAR",
                               [](const Scalar &v) { return std::string(v.as_bool() ? "true" : "false"); }}});
}

TEST_F(DuckDBBridgeTest, Temporal) {
    const std::string select = R"sql(
        SELECT d::DATE AS d, t::TIME AS t, ts::TIMESTAMP AS ts, ts::TIMESTAMP_S AS ts_s,
               ts::TIMESTAMP_MS AS ts_ms, ts::TIMESTAMP_NS AS ts_ns, (ts || '+00')::TIMESTAMPTZ AS ts_tz
        FROM (VALUES
            ('1970-01-01', '00:00:00', '1970-01-01 00:00:00'),
            ('2024-02-29', '23:59:59.999999', '2024-02-29 12:34:56.789123'),
            ('0001-01-01', '12:00:00.5', '1900-01-01 00:00:01.001'),
            ('9999-12-31', '00:00:00.000001', '2262-04-11 23:47:16'),
            ('1969-12-31', '01:02:03', '1677-09-22 00:12:44'),
            (NULL, NULL, NULL)) v(d, t, ts))sql";
    const auto date = DateDType(TimeUnit::Days, kNullable);
    const auto time = TimeDType(TimeUnit::Microseconds, kNullable);
    const auto ts = TimestampDType(TimeUnit::Microseconds, std::nullopt, kNullable);
    const auto ts_s = TimestampDType(TimeUnit::Seconds, std::nullopt, kNullable);
    const auto ts_ms = TimestampDType(TimeUnit::Milliseconds, std::nullopt, kNullable);
    const auto ts_ns = TimestampDType(TimeUnit::Nanoseconds, std::nullopt, kNullable);
    ASSERT_TRUE(date.ok() && time.ok() && ts.ok() && ts_s.ok() && ts_ms.ok() && ts_ns.ok());
    // The zone DuckDB names for TIMESTAMPTZ is its TimeZone setting; read it, do not assume it.
    ASSERT_OK_AND_ASSIGN(auto zone, QueryTexts(db(), "SELECT current_setting('TimeZone')"));
    ASSERT_TRUE(zone.at(0).has_value());
    const auto ts_tz = TimestampDType(TimeUnit::Microseconds, *zone[0], kNullable);
    ASSERT_OK(ts_tz);
    CheckTypeCase(
        "temporal", select,
        {StorageColumn("d", *date, "{} - DATE '1970-01-01'"),
         StorageColumn("t", *time, "epoch_us(DATE '1970-01-01' + {})"),
         StorageColumn("ts", *ts, "epoch_us({})"), StorageColumn("ts_s", *ts_s, "epoch({})::BIGINT"),
         StorageColumn("ts_ms", *ts_ms, "epoch_ms({})"), StorageColumn("ts_ns", *ts_ns, "epoch_ns({})"),
         StorageColumn("ts_tz", *ts_tz, "epoch_us({})")});
}

TEST_F(DuckDBBridgeTest, Lists) {
    const std::string select = R"sql(
        SELECT * FROM (VALUES
            ([1, 2, 3]::INTEGER[], [[1, 2], [3]]::BIGINT[][], ['a', 'longer than twelve bytes', NULL]),
            ([]::INTEGER[], []::BIGINT[][], []::VARCHAR[]),
            ([NULL]::INTEGER[], [NULL, [], [NULL]]::BIGINT[][], ['ünï']),
            (NULL, NULL, NULL)) t(l, ll, ls))sql";
    auto length = [](const Scalar &v) { return std::to_string(v.elements().size()); };
    CheckTypeCase(
        "lists", select,
        {ColumnCheck{"l", DType::List(DType::Primitive(PType::I32, kNullable), kNullable), "len({})", length},
         ColumnCheck{"ll",
                     DType::List(DType::List(DType::Primitive(PType::I64, kNullable), kNullable), kNullable),
                     "len({})", length},
         ColumnCheck{"ls", DType::List(DType::Utf8(kNullable), kNullable), "len({})", length}});
}

TEST_F(DuckDBBridgeTest, Structs) {
    const std::string select = R"sql(
        SELECT * FROM (VALUES
            ({'a': 1, 'b': 'x'}, {'inner': {'c': 1.5::DOUBLE, 'l': [1, 2]}}),
            ({'a': NULL, 'b': NULL}, {'inner': NULL}),
            (NULL, NULL),
            ({'a': -7, 'b': 'ünïcødé beyond twelve'}, {'inner': {'c': NULL, 'l': []}})) t(s, nested))sql";
    const DType s = DType::Struct(
        {"a", "b"}, {DType::Primitive(PType::I32, kNullable), DType::Utf8(kNullable)}, kNullable);
    const DType inner = DType::Struct({"c", "l"},
                                      {DType::Primitive(PType::F64, kNullable),
                                       DType::List(DType::Primitive(PType::I32, kNullable), kNullable)},
                                      kNullable);
    const DType nested = DType::Struct({"inner"}, {inner}, kNullable);
    auto field_a = [](const Scalar &v) {
        const Scalar &a = v.elements()[0];
        return a.is_null() ? std::string("NULL") : IntegerText(a);
    };
    CheckTypeCase(
        "structs", select,
        {ColumnCheck{"s", s, "CASE WHEN {0} IS NOT NULL THEN coalesce({0}.a::VARCHAR, 'NULL') END", field_a},
         ColumnCheck{"nested", nested, "", nullptr}});
}

TEST_F(DuckDBBridgeTest, HugeintBecomesDecimal38) {
    // DuckDB's own Arrow mapping (d:38,0); we keep it. Values need at most 38 digits.
    const std::string select = R"sql(
        SELECT v::HUGEINT AS h FROM (VALUES ('99999999999999999999999999999999999999'),
            ('-99999999999999999999999999999999999999'), ('0'), (NULL)) t(v))sql";
    ASSERT_OK(db().Execute(vortex::format("CREATE TABLE huge AS {}", select)));
    ASSERT_OK_AND_ASSIGN(auto reader, db().Query("SELECT * FROM huge"));
    EXPECT_EQ(reader->dtype().struct_fields().dtypes[0], DType::Decimal(38, 0, kNullable));
    ASSERT_OK_AND_ASSIGN(auto texts, QueryTexts(db(), "SELECT h::VARCHAR FROM huge ORDER BY rowid"));
    ASSERT_OK_AND_ASSIGN(auto rows, QueryRows(db(), "SELECT * FROM huge"));
    ASSERT_EQ(rows.size(), texts.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const Scalar &value = rows[i].elements()[0];
        ASSERT_EQ(value.is_null(), !texts[i].has_value());
        if (!value.is_null()) {
            EXPECT_EQ(DecimalText(value), *texts[i]);
        }
    }
}

TEST_F(DuckDBBridgeTest, HugeintBeyond38DigitsIsAnError) {
    // 10^38 and the extremes of HUGEINT do not fit DECIMAL(38,0); the bad row sits after
    // good rows and a NULL, in a later batch than the first.
    for (const char *value :
         {"100000000000000000000000000000000000000", "-100000000000000000000000000000000000000",
          "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728"}) {
        SCOPED_TRACE(value);
        ASSERT_OK_AND_ASSIGN(
            auto reader,
            db().Query(vortex::format("SELECT i AS k, CASE WHEN i = 3000 THEN '{}'::HUGEINT WHEN i = 5 "
                                      "THEN NULL ELSE i::HUGEINT END AS h FROM range(4000) t(i) "
                                      "ORDER BY i",
                                      value)));
        Status status = Status::OK();
        size_t rows = 0;
        while (status.ok()) {
            auto next = reader->Next();
            if (!next.ok()) {
                status = next.status();
            } else if (!next->has_value()) {
                break;
            } else {
                rows += (**next)->len();
            }
        }
        EXPECT_EQ(status.code(), StatusCode::InvalidArgument) << status.ToString();
        EXPECT_NE(status.ToString().find(value), std::string::npos) << status.ToString();
        EXPECT_EQ(rows, 2048u);
    }
    // Nested HUGEINTs are not checked value by value, so they are refused up front.
    for (const char *sql : {"SELECT [1::HUGEINT] AS l", "SELECT {'x': 1::HUGEINT} AS s"}) {
        SCOPED_TRACE(sql);
        auto reader = db().Query(sql);
        ASSERT_FALSE(reader.ok());
        EXPECT_EQ(reader.status().code(), StatusCode::NotImplemented);
        EXPECT_NE(reader.status().ToString().find("DECIMAL(38,0)"), std::string::npos)
            << reader.status().ToString();
    }
}

TEST_F(DuckDBBridgeTest, UnsupportedTypesAreClearErrors) {
    for (const char *sql :
         {"SELECT INTERVAL 1 DAY AS iv", "SELECT 1::UHUGEINT AS u", "SELECT [INTERVAL 1 DAY] AS l",
          "SELECT {'x': '101'::BIT} AS s", "SELECT union_value(k := 1) AS un"}) {
        SCOPED_TRACE(sql);
        auto reader = db().Query(sql);
        ASSERT_FALSE(reader.ok());
        EXPECT_EQ(reader.status().code(), StatusCode::NotImplemented);
        EXPECT_NE(reader.status().ToString().find("CAST"), std::string::npos) << reader.status().ToString();
    }
}

TEST_F(DuckDBBridgeTest, UuidEnumMapArrayAndTimeTz) {
    // Types DuckDB exports in layouts we read: UUID as text (which becomes vortex.uuid), ENUM
    // as a dictionary, MAP as a list of key/value structs, ARRAY as a fixed-size list; TIMETZ as
    // a plain time ("ttu").
    ASSERT_OK_AND_ASSIGN(
        auto reader,
        db().Query("SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::UUID AS u, 'b'::ENUM('a', 'b') AS e, "
                   "MAP {1: 'x'} AS m, [1, 2]::INTEGER[2] AS arr, '01:02:03+05'::TIMETZ AS ttz"));
    const StructFields &fields = reader->dtype().struct_fields();
    ASSERT_EQ(fields.size(), 5u);
    EXPECT_EQ(fields.dtypes[0], UuidDType(Nullability::Nullable));
    EXPECT_TRUE(fields.dtypes[1].is_utf8());
    EXPECT_TRUE(fields.dtypes[2].is_list() && fields.dtypes[2].element_type().is_struct());
    EXPECT_TRUE(fields.dtypes[3].is_fixed_size_list());
    EXPECT_TRUE(fields.dtypes[4].is_extension());
    ASSERT_OK_AND_ASSIGN(auto arrays, ReadAll(*reader));
    ASSERT_EQ(arrays.size(), 1u);
    ASSERT_OK_AND_ASSIGN(Scalar row, ScalarAt(arrays[0], 0));
    // The 16 bytes in text order.
    const uint8_t expected[16] = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                  0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
    const Scalar uuid_bytes = row.elements()[0].StorageScalar();
    ASSERT_EQ(uuid_bytes.elements().size(), 16u);
    for (size_t k = 0; k < 16; ++k) {
        EXPECT_EQ(uuid_bytes.elements()[k].as<uint8_t>(), expected[k]) << k;
    }
    EXPECT_EQ(row.elements()[1].as_string_view(), "b");
    ASSERT_EQ(row.elements()[3].elements().size(), 2u);
    // DuckDB 1.4.4 exports a TIMETZ as its local time of day ("ttu"): 01:02:03+05 arrives
    // as 01:02:03 and the offset is lost.
    EXPECT_EQ(row.elements()[4].StorageScalar().as<int64_t>(), int64_t{1 * 3600 + 2 * 60 + 3} * 1000000);
}

TEST_F(DuckDBBridgeTest, ReaderOutlivesTheDatabaseObject) {
    ASSERT_OK(db().Execute("CREATE TABLE kept AS SELECT i FROM range(5000) t(i)"));
    ASSERT_OK_AND_ASSIGN(auto reader, db().Query("SELECT i FROM kept ORDER BY i"));
    db_.reset();
    int64_t rows = 0;
    while (true) {
        ASSERT_OK_AND_ASSIGN(auto batch, reader->Next());
        if (!batch.has_value()) {
            break;
        }
        ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(*batch, 0));
        EXPECT_EQ(first.elements()[0].as<int64_t>(), rows);
        rows += static_cast<int64_t>((*batch)->len());
    }
    EXPECT_EQ(rows, 5000);
}

TEST_F(DuckDBBridgeTest, EmptyResultKeepsSchema) {
    ASSERT_OK(db().Execute("CREATE TABLE empty AS SELECT 1::INTEGER AS a, 'x' AS b, [1.5] AS c WHERE false"));
    ASSERT_OK_AND_ASSIGN(auto reader, db().Query("SELECT * FROM empty"));
    EXPECT_EQ(reader->dtype().struct_fields().names, (std::vector<std::string>{"a", "b", "c"}));
    ASSERT_OK_AND_ASSIGN(auto arrays, ReadAll(*reader));
    EXPECT_TRUE(arrays.empty());
    for (const CopyFormat format : {CopyFormat::Csv, CopyFormat::Parquet}) {
        const std::string path = Path(format == CopyFormat::Csv ? "empty.csv" : "empty.parquet");
        ASSERT_OK_AND_ASSIGN(auto source, db().Query("SELECT * FROM empty"));
        ASSERT_OK(db().CopyTo(*source, path, format));
        ASSERT_TRUE(fs::exists(path));
        ASSERT_OK_AND_ASSIGN(auto back, db().Query(*SourceQuery(path)));
        EXPECT_EQ(back->dtype().struct_fields().names, (std::vector<std::string>{"a", "b", "c"}));
        ASSERT_OK_AND_ASSIGN(auto back_arrays, ReadAll(*back));
        EXPECT_TRUE(back_arrays.empty());
    }
}

TEST_F(DuckDBBridgeTest, LargeResultStreamsInOrder) {
    constexpr int64_t kRows = 200000;
    const std::string select =
        vortex::format("SELECT i, 'row ' || i AS s FROM range({}) t(i) ORDER BY i", kRows);
    ASSERT_OK_AND_ASSIGN(auto reader, db().Query(select));
    int64_t expected = 0;
    size_t batches = 0;
    while (true) {
        ASSERT_OK_AND_ASSIGN(auto batch, reader->Next());
        if (!batch.has_value()) {
            break;
        }
        ++batches;
        ASSERT_LE((*batch)->len(), 2048u);
        // Spot-check the first and last row of every batch; together they cover the order.
        for (const size_t i : {size_t{0}, (*batch)->len() - 1}) {
            ASSERT_OK_AND_ASSIGN(Scalar row, ScalarAt(*batch, i));
            const int64_t value = expected + static_cast<int64_t>(i);
            ASSERT_EQ(row.elements()[0].as<int64_t>(), value);
            ASSERT_EQ(row.elements()[1].as_string_view(), vortex::format("row {}", value));
        }
        expected += static_cast<int64_t>((*batch)->len());
    }
    EXPECT_EQ(expected, kRows);
    EXPECT_GT(batches, 50u);

    // Out through Parquet, streaming from a second query, and back in the same order.
    const std::string path = Path("large.parquet");
    ASSERT_OK_AND_ASSIGN(auto source, db().Query(select));
    ASSERT_OK(db().CopyTo(*source, path, CopyFormat::Parquet));
    ASSERT_OK_AND_ASSIGN(int64_t count, QueryInt(db(), vortex::format("SELECT count(*) FROM read_parquet({})",
                                                                      QuoteSqlString(path))));
    EXPECT_EQ(count, kRows);
    ASSERT_OK_AND_ASSIGN(
        int64_t out_of_order,
        QueryInt(db(), vortex::format("SELECT count(*) FROM (SELECT i, s, row_number() OVER () - 1 "
                                      "AS r FROM read_parquet({})) WHERE i <> r OR s <> 'row ' || r",
                                      QuoteSqlString(path))));
    EXPECT_EQ(out_of_order, 0);
}

TEST_F(DuckDBBridgeTest, ReadsQuotedNonAsciiCsv) {
    const std::string path = Path("it's input.csv");
    {
        std::ofstream out(path, std::ios::binary);
        out << "id,name,note\n"
            << "1,\"Smith, John\",\"He said \"\"hi\"\"\"\n"
            << "2,Zoë,日本語 テキスト\n"
            << "3,,\"multi\nline\"\n";
    }
    ASSERT_OK_AND_ASSIGN(std::string query, SourceQuery(path));
    ASSERT_OK_AND_ASSIGN(auto rows, QueryRows(db(), query));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].elements()[1].as_string_view(), "Smith, John");
    EXPECT_EQ(rows[0].elements()[2].as_string_view(), "He said \"hi\"");
    EXPECT_EQ(rows[1].elements()[1].as_string_view(), "Zoë");
    EXPECT_EQ(rows[1].elements()[2].as_string_view(), "日本語 テキスト");
    EXPECT_TRUE(rows[2].elements()[1].is_null());
    EXPECT_EQ(rows[2].elements()[2].as_string_view(), "multi\nline");
    EXPECT_TRUE(rows[0].elements()[0].dtype().is_primitive());
}

TEST_F(DuckDBBridgeTest, ReadsCompressedCsvAndJson) {
    const std::string select = "SELECT i, 'name ' || i AS name, i / 4 AS q FROM range(5000) t(i)";
    ASSERT_OK(db().Execute("CREATE TABLE source AS " + select));
    const std::string zst = Path("data.csv.zst");
    const std::string json = Path("data.jsonl");
    ASSERT_OK(db().Execute(
        vortex::format("COPY source TO {} (FORMAT csv, COMPRESSION zstd)", QuoteSqlString(zst))));
    ASSERT_OK(db().Execute(vortex::format("COPY source TO {} (FORMAT json)", QuoteSqlString(json))));
    // Really zstd: the frame magic number 28 B5 2F FD.
    std::ifstream in(zst, std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    EXPECT_EQ(std::memcmp(magic, "\x28\xB5\x2F\xFD", 4), 0);
    for (const std::string &path : {zst, json}) {
        SCOPED_TRACE(path);
        ASSERT_OK_AND_ASSIGN(std::string query, SourceQuery(path));
        ExpectSameRows("SELECT * FROM source", query);
    }
}

TEST_F(DuckDBBridgeTest, SourceQueryPicksReaderAndQuotes) {
    EXPECT_EQ(*SourceQuery("/d/a.CSV"), "SELECT * FROM read_csv('/d/a.CSV')");
    EXPECT_EQ(*SourceQuery("x.tsv"), "SELECT * FROM read_csv('x.tsv', delim = '\\t')");
    EXPECT_EQ(*SourceQuery("it's.parquet"), "SELECT * FROM read_parquet('it''s.parquet')");
    EXPECT_EQ(*SourceQuery("a.ndjson"), "SELECT * FROM read_json_auto('a.ndjson')");
    EXPECT_EQ(*SourceQuery("a.csv.gz"), "SELECT * FROM read_csv('a.csv.gz')");
    EXPECT_RAISES(InvalidArgument, SourceQuery("a.txt"));
    EXPECT_RAISES(InvalidArgument, SourceQuery(".csv"));
    EXPECT_RAISES(InvalidArgument, SourceQuery(std::string_view("a\0.csv", 6)));
}

TEST_F(DuckDBBridgeTest, ErrorsAreStatuses) {
    ASSERT_OK_AND_ASSIGN(std::string missing, SourceQuery(Path("does_not_exist.csv")));
    EXPECT_NOT_OK(db().Query(missing));
    EXPECT_NOT_OK(db().Query("SELEC 1"));
    EXPECT_NOT_OK(db().Execute("SELECT * FROM no_such_table"));
    EXPECT_NOT_OK(db().Query("SELECT 1; SELECT 2"));
    ASSERT_OK_AND_ASSIGN(auto source, db().Query("SELECT 1 AS a"));
    EXPECT_NOT_OK(db().CopyTo(*source, Path("no_such_dir/out.parquet"), CopyFormat::Parquet));
    ASSERT_OK_AND_ASSIGN(auto source2, db().Query("SELECT 1 AS a"));
    EXPECT_RAISES(InvalidArgument, db().CopyTo(*source2, Path("x.parquet"), CopyFormat::Parquet,
                                               CopyOptions{.compression = "zstd'"}));
    // A runtime error half-way through a streamed result surfaces from Query() or from Next(),
    // depending on how far DuckDB's threads ran ahead.
    auto failing =
        db().Query("SELECT CASE WHEN i < 100000 THEN i ELSE error('boom') END AS v FROM range(200000) t(i)");
    Status status = failing.status();
    while (status.ok()) {
        auto next = (*failing)->Next();
        if (!next.ok()) {
            status = next.status();
        } else if (!next->has_value()) {
            break;
        }
    }
    ASSERT_NOT_OK(status);
    EXPECT_NE(status.ToString().find("boom"), std::string::npos) << status.ToString();
}

// A reader that yields one batch and then fails.
class FailingReader final : public ArrayReader {
public:
    explicit FailingReader(std::unique_ptr<ArrayReader> inner) : inner_(std::move(inner)) {}
    const DType &dtype() const override { return inner_->dtype(); }
    Result<std::optional<ArrayRef>> Next() override {
        if (calls_++ == 0) {
            return inner_->Next();
        }
        return Status::Compute("source broke after {} batch", calls_ - 1);
    }

private:
    std::unique_ptr<ArrayReader> inner_;
    int calls_ = 0;
};

TEST_F(DuckDBBridgeTest, CopyToReturnsTheSourceError) {
    ASSERT_OK_AND_ASSIGN(auto inner, db().Query("SELECT i FROM range(10000) t(i)"));
    FailingReader reader(std::move(inner));
    const Status status = db().CopyTo(reader, Path("broken.csv"), CopyFormat::Csv);
    EXPECT_EQ(status.code(), StatusCode::Compute) << status.ToString();
    EXPECT_NE(status.ToString().find("source broke"), std::string::npos);

    // A reader that is not a struct is rejected before DuckDB sees it.
    auto not_struct = MakeArrayReader(DType::Primitive(PType::I32, kNullable), {});
    EXPECT_RAISES(InvalidArgument, db().CopyTo(*not_struct, Path("x.csv"), CopyFormat::Csv));
}

TEST_F(DuckDBBridgeTest, CopyToCsvOptions) {
    ASSERT_OK_AND_ASSIGN(auto source, db().Query("SELECT 1 AS a, 'x;y' AS b"));
    const std::string path = Path("opts.csv.gz");
    ASSERT_OK(db().CopyTo(*source, path, CopyFormat::Csv,
                          CopyOptions{.csv_header = false, .csv_delimiter = ';', .compression = "gzip"}));
    ASSERT_OK_AND_ASSIGN(auto rows,
                         QueryRows(db(), vortex::format("SELECT * FROM read_csv({}, header = false, "
                                                        "delim = ';', all_varchar = true)",
                                                        QuoteSqlString(path))));
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].elements()[0].as_string_view(), "1");
    EXPECT_EQ(rows[0].elements()[1].as_string_view(), "x;y");
}

} // namespace
} // namespace vortex::duckdb_bridge
