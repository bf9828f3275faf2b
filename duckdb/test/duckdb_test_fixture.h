// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// A fixture for tests of read_vortex through DuckDB's C++ API: a fresh in-memory database with
// read_vortex registered and a temporary directory, both per test.

#include <duckdb.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

#include "duckdb/extension/read_vortex.h"

namespace vortex::duckdb_ext {

class DuckDBTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("vortex_duckdb_test_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        db_ = std::make_unique<::duckdb::DuckDB>(nullptr);
        RegisterReadVortex(*db_->instance);
        con_ = std::make_unique<::duckdb::Connection>(*db_);
    }
    void TearDown() override {
        con_.reset();
        db_.reset();
        std::filesystem::remove_all(dir_);
    }

    std::string Path(const std::string &name) const { return (dir_ / name).string(); }

    /// Runs `sql`, failing the test on a DuckDB error.
    ::duckdb::unique_ptr<::duckdb::MaterializedQueryResult> Run(const std::string &sql) {
        auto result = con_->Query(sql);
        EXPECT_FALSE(result->HasError()) << sql << "\n" << result->GetError();
        return result;
    }

    /// The error of `sql`, failing the test when it succeeds.
    std::string Error(const std::string &sql) {
        auto result = con_->Query(sql);
        EXPECT_TRUE(result->HasError()) << sql;
        return result->HasError() ? result->GetError() : "";
    }

    int64_t Count(const std::string &sql) { return Run(sql)->GetValue(0, 0).GetValue<int64_t>(); }

    static std::string Quote(const std::string &text) {
        return ::duckdb::KeywordHelper::WriteQuoted(text, '\'');
    }

    std::filesystem::path dir_;
    std::unique_ptr<::duckdb::DuckDB> db_;
    std::unique_ptr<::duckdb::Connection> con_;
};

} // namespace vortex::duckdb_ext
