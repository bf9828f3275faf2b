// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The filter matrix's correctness (issue #21): the generated table of every dtype users filter
// on (benchmarks/workloads/filter_workload.h) is written with COPY ... (FORMAT vortex) and as
// Parquet by DuckDB; every predicate of `vx-bench filters` and at least 30 more per dtype
// (constants drawn from a seed, every comparison operator, BETWEEN, IN, NULL tests, IS [NOT]
// DISTINCT FROM, column against column, LIKE) must return exactly what DuckDB returns over the
// Parquet file. Each query returns the count, the sum of the row numbers and an XOR of hashes of
// (row, value), so a wrong row, a missing row or a wrong value all show.
//
// VORTEX_FILTER_ROWS and VORTEX_FILTER_SEED change the table (defaults: 70 000 rows, seed 7).
#include <cctype>
#include <cstdlib>
#include <duckdb.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/base/format.h"

#include "duckdb/extension/read_vortex.h"
#include "workloads/filter_workload.h"

namespace vortex::duckdb_ext {
namespace {

namespace dd = ::duckdb;
namespace fs = std::filesystem;

uint64_t EnvOr(const char *name, uint64_t fallback) {
    const char *value = std::getenv(name);
    return value != nullptr ? std::strtoull(value, nullptr, 10) : fallback;
}

std::string Render(dd::MaterializedQueryResult &result) {
    std::string text;
    for (dd::idx_t r = 0; r < result.RowCount(); r++) {
        for (dd::idx_t c = 0; c < result.ColumnCount(); c++) {
            text += result.GetValue(c, r).ToString() + "|";
        }
        text += "\n";
    }
    return text;
}

class FilterMatrixTest : public ::testing::TestWithParam<std::string> {
protected:
    static void SetUpTestSuite() {
        test_dir = new fs::path(fs::temp_directory_path() /
                                vortex::format("vortex-filter-matrix-{}", static_cast<long>(::getpid())));
        fs::create_directories(*test_dir);
        database = new dd::DuckDB(nullptr);
        RegisterReadVortex(*database->instance);
        connection = new dd::Connection(*database);
        const uint64_t rows = EnvOr("VORTEX_FILTER_ROWS", 70'000);
        const uint64_t seed = EnvOr("VORTEX_FILTER_SEED", 7);
        Exec(workload::CreateTableSql("t", rows, seed));
        const std::string vx = (*test_dir / "t.vortex").string(), pq = (*test_dir / "t.parquet").string();
        Exec("COPY t TO '" + vx + "' (FORMAT vortex)");
        Exec("COPY t TO '" + pq + "' (FORMAT parquet, COMPRESSION zstd)");
        vortex_source = new std::string("read_vortex('" + vx + "')");
        parquet_source = new std::string("read_parquet('" + pq + "')");
        predicates_by_dtype = new std::map<std::string, std::vector<workload::FilterPredicate>>();
        for (auto list : {workload::BenchPredicates(), workload::OraclePredicates(seed)}) {
            for (workload::FilterPredicate &p : list) {
                (*predicates_by_dtype)[p.dtype].push_back(std::move(p));
            }
        }
    }
    static void TearDownTestSuite() {
        delete connection;
        delete database;
        std::error_code ignored;
        fs::remove_all(*test_dir, ignored);
        delete test_dir;
        delete vortex_source;
        delete parquet_source;
        delete predicates_by_dtype;
    }
    static void Exec(const std::string &sql) {
        auto result = connection->Query(sql);
        ASSERT_FALSE(result->HasError()) << result->GetError() << "\n  in: " << sql.substr(0, 400);
    }

    static fs::path *test_dir;
    static dd::DuckDB *database;
    static dd::Connection *connection;
    static std::string *vortex_source;
    static std::string *parquet_source;
    static std::map<std::string, std::vector<workload::FilterPredicate>> *predicates_by_dtype;
};

fs::path *FilterMatrixTest::test_dir = nullptr;
dd::DuckDB *FilterMatrixTest::database = nullptr;
dd::Connection *FilterMatrixTest::connection = nullptr;
std::string *FilterMatrixTest::vortex_source = nullptr;
std::string *FilterMatrixTest::parquet_source = nullptr;
std::map<std::string, std::vector<workload::FilterPredicate>> *FilterMatrixTest::predicates_by_dtype =
    nullptr;

TEST_P(FilterMatrixTest, EveryPredicateReturnsWhatParquetReturns) {
    const auto &predicates = predicates_by_dtype->at(GetParam());
    ASSERT_GE(predicates.size(), 30u);
    size_t failures = 0, selective = 0;
    for (const workload::FilterPredicate &p : predicates) {
        const std::string sql_vx = p.Sql(*vortex_source), sql_pq = p.Sql(*parquet_source);
        auto expected = connection->Query(sql_pq);
        ASSERT_FALSE(expected->HasError()) << expected->GetError() << "\n  in: " << sql_pq;
        auto actual = connection->Query(sql_vx);
        if (actual->HasError()) {
            ADD_FAILURE() << "query: " << sql_vx << "\n  error: " << actual->GetError();
        } else if (Render(*actual) != Render(*expected)) {
            ADD_FAILURE() << "query: " << sql_vx << "\n  vortex:  " << Render(*actual)
                          << "  parquet: " << Render(*expected);
        } else {
            // A predicate that selects some rows but not all is one that tells formats apart.
            const auto count = expected->GetValue(0, 0).GetValue<int64_t>();
            selective += count > 0;
            continue;
        }
        if (++failures >= 10) {
            FAIL() << "stopping after 10 failures";
        }
    }
    // Most predicates select rows; a generator that drifted out of the data's domain would not.
    EXPECT_GE(selective * 2, predicates.size());
}

// The file keeps every column's DuckDB type, units and zones included.
TEST_F(FilterMatrixTest, ReadVortexKeepsEveryColumnsType) {
    auto expected = connection->Query("DESCRIBE t");
    auto actual = connection->Query("DESCRIBE SELECT * FROM " + *vortex_source);
    ASSERT_FALSE(actual->HasError()) << actual->GetError();
    ASSERT_EQ(actual->RowCount(), expected->RowCount());
    for (dd::idx_t r = 0; r < expected->RowCount(); r++) {
        EXPECT_EQ(actual->GetValue(0, r).ToString() + " " + actual->GetValue(1, r).ToString(),
                  expected->GetValue(0, r).ToString() + " " + expected->GetValue(1, r).ToString());
    }
}

std::vector<std::string> Dtypes() {
    std::vector<std::string> out;
    for (const workload::FilterColumn &c : workload::FilterColumns()) {
        out.push_back(c.dtype);
    }
    return out;
}

std::string TestName(const ::testing::TestParamInfo<std::string> &info) {
    std::string name;
    for (const char ch : info.param) {
        name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Dtypes, FilterMatrixTest, ::testing::ValuesIn(Dtypes()), TestName);

} // namespace
} // namespace vortex::duckdb_ext
