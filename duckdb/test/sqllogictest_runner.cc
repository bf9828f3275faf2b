// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// A runner for the sqllogictest files under duckdb/test/sql/, in DuckDB's dialect of the
// format, with read_vortex registered:
//
//   statement ok|error          then the SQL (up to a blank line); for `error`, an optional
//                               `----` line and a substring the error message must contain
//   query <types> [rowsort]     then the SQL, `----`, and the expected rows, columns separated
//                               by tabs; NULL prints as NULL; `rowsort` compares sorted rows
//
// `__TEST_DIR__` in SQL becomes a fresh directory per file and `__PROJECT_DIR__` the source
// tree's root (for the repository's data files); lines starting with `#` are
// comments. Each file is one test case (parameterized over the directory's *.test files).
#include <algorithm>
#include <cctype>
#include <duckdb.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "duckdb/extension/read_vortex.h"

namespace vortex::duckdb_ext {
namespace {

namespace fs = std::filesystem;

struct Record {
    enum class Kind { StatementOk, StatementError, Query } kind;
    size_t line = 0;
    std::string sql;
    bool rowsort = false;
    std::vector<std::string> expected; // rows (or, for an error, one message substring)
};

std::vector<Record> Parse(const std::string &path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    std::vector<Record> records;
    for (size_t i = 0; i < lines.size();) {
        const std::string &head = lines[i];
        if (head.empty() || head[0] == '#') {
            ++i;
            continue;
        }
        Record record{Record::Kind::StatementOk, i + 1, "", false, {}};
        if (head == "statement ok") {
            record.kind = Record::Kind::StatementOk;
        } else if (head == "statement error") {
            record.kind = Record::Kind::StatementError;
        } else if (head.rfind("query ", 0) == 0) {
            record.kind = Record::Kind::Query;
            record.rowsort = head.find("rowsort") != std::string::npos;
        } else {
            ADD_FAILURE() << path << ":" << i + 1 << ": unknown record '" << head << "'";
            return records;
        }
        ++i;
        for (; i < lines.size() && !lines[i].empty() && lines[i] != "----"; ++i) {
            if (!record.sql.empty()) {
                record.sql += '\n';
            }
            record.sql += lines[i];
        }
        if (i < lines.size() && lines[i] == "----") {
            for (++i; i < lines.size() && !lines[i].empty(); ++i) {
                record.expected.push_back(lines[i]);
            }
        }
        records.push_back(std::move(record));
    }
    return records;
}

std::string Render(const duckdb::Value &value) {
    return value.IsNull() ? "NULL" : value.ToString();
}

class SqlLogicTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SqlLogicTest, Run) {
    const std::string path = GetParam();
    const fs::path dir = fs::temp_directory_path() /
                         ("vortex_slt_" + std::to_string(::getpid()) + "_" + fs::path(path).stem().string());
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        duckdb::DuckDB db(nullptr);
        RegisterReadVortex(*db.instance);
        duckdb::Connection con(db);
        for (Record &record : Parse(path)) {
            for (size_t at; (at = record.sql.find("__TEST_DIR__")) != std::string::npos;) {
                record.sql.replace(at, 12, dir.string());
            }
            const std::string project = std::string(VORTEX_SQL_TEST_DIR) + "/../../..";
            for (size_t at; (at = record.sql.find("__PROJECT_DIR__")) != std::string::npos;) {
                record.sql.replace(at, 15, project);
            }
            const std::string where = path + ":" + std::to_string(record.line);
            auto result = con.Query(record.sql);
            if (record.kind == Record::Kind::StatementError) {
                EXPECT_TRUE(result->HasError()) << where << ": expected an error\n" << record.sql;
                if (result->HasError() && !record.expected.empty()) {
                    EXPECT_NE(result->GetError().find(record.expected[0]), std::string::npos)
                        << where << ": error '" << result->GetError() << "' lacks '" << record.expected[0]
                        << "'";
                }
                continue;
            }
            ASSERT_FALSE(result->HasError()) << where << "\n" << record.sql << "\n" << result->GetError();
            if (record.kind == Record::Kind::StatementOk) {
                continue;
            }
            std::vector<std::string> rows;
            for (duckdb::idx_t r = 0; r < result->RowCount(); ++r) {
                std::string row;
                for (duckdb::idx_t c = 0; c < result->ColumnCount(); ++c) {
                    if (c > 0) {
                        row += '\t';
                    }
                    row += Render(result->GetValue(c, r));
                }
                rows.push_back(std::move(row));
            }
            std::vector<std::string> expected = record.expected;
            if (record.rowsort) {
                std::sort(rows.begin(), rows.end());
                std::sort(expected.begin(), expected.end());
            }
            EXPECT_EQ(rows, expected) << where << "\n" << record.sql;
        }
    }
    fs::remove_all(dir);
}

std::vector<std::string> TestFiles() {
    std::vector<std::string> files;
    for (const auto &entry : fs::directory_iterator(VORTEX_SQL_TEST_DIR)) {
        if (entry.path().extension() == ".test") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

INSTANTIATE_TEST_SUITE_P(Files, SqlLogicTest, ::testing::ValuesIn(TestFiles()), [](const auto &param_info) {
    std::string name = fs::path(param_info.param).stem().string();
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
});

} // namespace
} // namespace vortex::duckdb_ext
