// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// Scalar functions of a column taken into read_vortex (projection_pushdown.h): every result
// equals DuckDB's own evaluation of the function over a table holding the same rows, and
// EXPLAIN names what the scan computes.
#include <duckdb.hpp>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/base/format.h"

#include "duckdb/test/duckdb_test_fixture.h"

namespace vortex::duckdb_ext {
namespace {

namespace dd = ::duckdb;

class ProjectionPushdownTest : public DuckDBTest {
protected:
    void SetUp() override {
        DuckDBTest::SetUp();
        // Strings with 1-4 byte code points and a combining accent, empty and NULL; lists with
        // NULL elements, empty and NULL; dates and timestamps on both sides of 1970, before
        // year 1, infinite and NULL; every timestamp unit. Chunks of 3 000 rows.
        Run("CREATE TABLE t AS SELECT i AS id, "
            "CASE WHEN i % 17 = 0 THEN NULL WHEN i % 19 = 0 THEN '' "
            "ELSE repeat(['a', chr(233), chr(26085), chr(128512), 'e' || chr(769)][i % 5 + 1], i % 9) || i "
            "END AS s, "
            "CASE WHEN i % 13 = 0 THEN NULL ELSE ('x' || i)::BLOB END AS b, "
            "CASE WHEN i % 11 = 0 THEN NULL ELSE [NULL, i, i + 1, NULL][1:(i % 5)] END AS li, "
            "[i, i % 3]::INTEGER[2] AS fl, "
            "CASE WHEN i % 23 = 0 THEN NULL WHEN i = 5 THEN 'infinity'::DATE WHEN i = 6 THEN "
            "'-infinity'::DATE "
            "WHEN i = 7 THEN DATE '0001-01-01' - 400 ELSE DATE '1900-02-27' + (i * 7)::INTEGER END AS d, "
            "TIMESTAMP '1969-12-31 22:00:00' + to_seconds(i * 3607) AS ts, "
            "(TIMESTAMP '1960-02-28 23:59:59' + to_seconds(i * 86401))::TIMESTAMP_MS AS ts_ms, "
            "(TIMESTAMP '1969-12-31 23:59:59' + to_seconds(i * 43201))::TIMESTAMP_S AS ts_s, "
            "(TIMESTAMP '1969-12-31 23:59:59' + to_microseconds(i * 43201000001))::TIMESTAMP_NS AS ts_ns "
            "FROM range(30000) r(i)");
        path_ = (dir_ / "t.vortex").string();
        Run("COPY t TO '" + path_ + "' (FORMAT vortex, ZONE_ROWS 3000)");
    }
    // Every row of `sql`, in order, as text.
    std::vector<std::string> Rows(const std::string &sql) {
        std::vector<std::string> rows;
        auto result = Run(sql);
        for (dd::idx_t r = 0; r < result->RowCount(); r++) {
            std::string row;
            for (dd::idx_t c = 0; c < result->ColumnCount(); c++) {
                row += result->GetValue(c, r).ToString() + "|";
            }
            rows.push_back(std::move(row));
        }
        return rows;
    }

    // `query`, with {} standing for the table, gives the same rows over the file as over the
    // DuckDB table; returns the file's EXPLAIN.
    std::string ExpectSameAsTable(const std::string &query) {
        const std::string over_file = vortex::format(fmt::runtime(query), "read_vortex('" + path_ + "')");
        const std::vector<std::string> expected = Rows(vortex::format(fmt::runtime(query), "t"));
        EXPECT_FALSE(expected.empty()) << query;
        EXPECT_EQ(Rows(over_file), expected) << query;
        return Run("EXPLAIN " + over_file)->GetValue(1, 0).ToString();
    }

    // What EXPLAIN lists under "Pushed Projections" (empty when nothing is pushed).
    static std::string Pushed(const std::string &plan) {
        const size_t begin = plan.find("Pushed Projections:");
        if (begin == std::string::npos) {
            return "";
        }
        const size_t end = plan.find("Projections:", begin + 19);
        return plan.substr(begin + 19, end == std::string::npos ? std::string::npos : end - begin - 19);
    }

    std::string path_;
};

TEST_F(ProjectionPushdownTest, LengthsAndDatePartsComputedInTheScanEqualDuckDBs) {
    const std::vector<std::pair<std::string, std::string>> pushed = {
        {"strlen(s)", "strlen(s)"},
        {"length(s)", "length(s)"},
        {"len(s)", "length(s)"},
        {"char_length(s)", "length(s)"},
        {"octet_length(b)", "strlen(b)"},
        {"len(li)", "len(li)"},
        {"array_length(li)", "len(li)"},
        {"len(fl)", "len(fl)"},
        {"year(d)", "year(d)"},
        {"month(d)", "month(d)"},
        {"day(d)", "day(d)"},
        {"dayofmonth(d)", "day(d)"},
        {"year(ts)", "year(ts)"},
        {"month(ts_ms)", "month(ts_ms)"},
        {"day(ts_s)", "day(ts_s)"},
        {"hour(ts)", "hour(ts)"},
        {"minute(ts_ms)", "minute(ts_ms)"},
        {"second(ts_s)", "second(ts_s)"},
    };
    for (const auto &[function, shown] : pushed) {
        const std::string plan = ExpectSameAsTable("SELECT id, " + function + " AS v FROM {} ORDER BY id");
        EXPECT_NE(Pushed(plan).find(shown), std::string::npos) << function << "\n" << plan;
    }
    // In aggregates, ORDER BY and GROUP BY the column reads as its function everywhere.
    ExpectSameAsTable("SELECT sum(strlen(s)), min(year(d)), max(len(li)) FROM {}");
    ExpectSameAsTable("SELECT year(ts), count(*) FROM {} GROUP BY year(ts) ORDER BY 1");
    ExpectSameAsTable("SELECT id, strlen(s) FROM {} ORDER BY strlen(s) DESC NULLS LAST, id LIMIT 20");
}

TEST_F(ProjectionPushdownTest, FiltersOnTheFunctionAndOnTheColumnStayExact) {
    // A filter on the function, then the function projected: the filter is on the values.
    ExpectSameAsTable("SELECT id, strlen(s) FROM {} WHERE strlen(s) BETWEEN 3 AND 6 ORDER BY id");
    ExpectSameAsTable("SELECT id, year(d) FROM {} WHERE year(d) IN (1901, 1950) ORDER BY id");
    ExpectSameAsTable("SELECT id, len(li) FROM {} WHERE len(li) >= 3 ORDER BY id");
    // A filter on the column itself that DuckDB pushed before the function was taken.
    ExpectSameAsTable("SELECT id, strlen(s) FROM {} WHERE s LIKE 'a%' ORDER BY id");
    ExpectSameAsTable("SELECT id, year(d) FROM {} WHERE d >= DATE '1950-01-01' ORDER BY id");
    ExpectSameAsTable("SELECT id, len(li) FROM {} WHERE li IS NULL ORDER BY id");
    // A join key: the join's dynamic filters arrive on the computed column.
    ExpectSameAsTable("SELECT count(*), sum(id) FROM {} JOIN (SELECT 4 AS k UNION ALL SELECT 7) o "
                      "ON strlen(s) = o.k");
}

// DuckDB keeps year() of a DATE above the scan (it marks it as able to throw); read_vortex
// takes it while DuckDB plans, and the zones' date bounds prune it.
TEST_F(ProjectionPushdownTest, DatePartFiltersPruneZones) {
    const std::string plan = ExpectSameAsTable("SELECT count(*), sum(id) FROM {} WHERE year(d) = 2200");
    EXPECT_EQ(plan.find("FILTER"), std::string::npos) << plan;
    const std::string analyzed =
        Run("EXPLAIN ANALYZE SELECT count(*) FROM read_vortex('" + path_ + "') WHERE year(d) = 2200")
            ->GetValue(1, 0)
            .ToString();
    const size_t at = analyzed.find("Rows Pruned: ");
    ASSERT_NE(at, std::string::npos) << analyzed;
    EXPECT_GT(std::stoll(analyzed.substr(at + 13)), 20'000) << analyzed;
    ExpectSameAsTable("SELECT count(*) FROM {} WHERE month(ts) = 2 AND year(ts) BETWEEN 1970 AND 1971");
}

TEST_F(ProjectionPushdownTest, ColumnsUsedOtherwiseAreLeftToDuckDB) {
    // The bare column too, two functions of one column, a function of two columns, and
    // TIMESTAMP_NS (whose cast to microseconds truncates): nothing computed in the scan.
    for (const std::string query :
         {"SELECT id, s, strlen(s) FROM {} ORDER BY id",
          "SELECT id, strlen(s), length(s) FROM {} ORDER BY id",
          "SELECT id, year(d), month(d) FROM {} ORDER BY id",
          "SELECT id, strlen(s || b::VARCHAR) FROM {} ORDER BY id",
          "SELECT id, year(ts_ns) FROM {} ORDER BY id", "SELECT id, upper(s) FROM {} ORDER BY id"}) {
        const std::string plan = ExpectSameAsTable(query);
        EXPECT_EQ(Pushed(plan), "") << query << "\n" << plan;
    }
    // One column computed, another of the same query not.
    const std::string plan = ExpectSameAsTable("SELECT id, strlen(s), year(d), month(d) FROM {} ORDER BY id");
    EXPECT_NE(Pushed(plan).find("strlen(s)"), std::string::npos) << plan;
    EXPECT_EQ(Pushed(plan).find("(d)"), std::string::npos) << plan;
}

TEST_F(ProjectionPushdownTest, FunctionsOfAViewsPassThroughColumnsAreComputedInTheScan) {
    Run("CREATE VIEW everything AS SELECT * FROM read_vortex('" + path_ + "')");
    Run("CREATE VIEW renamed AS SELECT id, s AS name, d AS day, b FROM (SELECT * FROM read_vortex('" + path_ +
        "'))");
    Run("CREATE VIEW t_renamed AS SELECT id, s AS name, d AS day, b FROM t");
    const auto same = [&](const std::string &over_view, const std::string &over_table) {
        EXPECT_EQ(Rows(over_view), Rows(over_table)) << over_view;
        return Pushed(Run("EXPLAIN " + over_view)->GetValue(1, 0).ToString());
    };
    std::string pushed = same("SELECT sum(strlen(s)), max(year(d)) FROM everything",
                              "SELECT sum(strlen(s)), max(year(d)) FROM t");
    EXPECT_NE(pushed.find("strlen(s)"), std::string::npos) << pushed;
    EXPECT_NE(pushed.find("year(d)"), std::string::npos) << pushed;
    pushed = same("SELECT id, strlen(name), month(day) FROM renamed WHERE id % 7 = 0 ORDER BY id",
                  "SELECT id, strlen(name), month(day) FROM t_renamed WHERE id % 7 = 0 ORDER BY id");
    EXPECT_NE(pushed.find("strlen(s)"), std::string::npos) << pushed;
    EXPECT_NE(pushed.find("month(d)"), std::string::npos) << pushed;
    // The column also read bare through the view, or through two functions: left to DuckDB.
    pushed = same("SELECT id, name, strlen(name) FROM renamed ORDER BY id",
                  "SELECT id, name, strlen(name) FROM t_renamed ORDER BY id");
    EXPECT_EQ(pushed, "");
    pushed = same("SELECT id, year(day), month(day) FROM renamed ORDER BY id",
                  "SELECT id, year(day), month(day) FROM t_renamed ORDER BY id");
    EXPECT_EQ(pushed, "");
    // Set operations and the query's result take columns by position: the view's columns stay.
    same("SELECT sum(strlen(x)) FROM (SELECT name AS x FROM renamed UNION ALL SELECT name FROM renamed)",
         "SELECT sum(strlen(x)) FROM (SELECT name AS x FROM t_renamed UNION ALL SELECT name FROM t_renamed)");
    same("SELECT name FROM renamed WHERE strlen(name) > 5 ORDER BY id",
         "SELECT name FROM t_renamed WHERE strlen(name) > 5 ORDER BY id");
}

TEST_F(ProjectionPushdownTest, TwoScansOfOneFileEachTakeTheirOwnFunction) {
    ExpectSameAsTable("SELECT a.id, strlen(a.s), year(b.d) FROM {0} a JOIN {0} b ON a.id = b.id + 1 "
                      "WHERE a.id < 500 ORDER BY a.id");
}

} // namespace
} // namespace vortex::duckdb_ext
