// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// CopyTo() with arrays that did not come from DuckDB: random arrays of every test dtype, in
// every physical form (sliced, chunked, dict, constant, masked), written to Parquet and read
// back through Query(). DuckDB widens every column to nullable, so the expected arrays are
// cast to the dtype that came back before they are compared.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"

#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {
namespace {

namespace fs = std::filesystem;

// The dtypes DuckDB has no column type for, which CopyTo() must refuse with a Status.
bool DuckDBLacks(const DType &dtype) {
    if (dtype.is_null()) {
        return false; // DuckDB has a NULL type ("n"), see below.
    }
    if (dtype.is_primitive()) {
        return dtype.ptype() == PType::F16;
    }
    if (dtype.is_decimal()) {
        return dtype.decimal().precision > 38 || dtype.decimal().scale < 0;
    }
    if (dtype.is_struct()) {
        for (const DType &field : dtype.struct_fields().dtypes) {
            if (DuckDBLacks(field)) {
                return true;
            }
        }
        return false;
    }
    if (dtype.is_list() || dtype.is_fixed_size_list()) {
        return DuckDBLacks(dtype.element_type());
    }
    return false;
}

// DuckDB's name of `dtype`, for the few dtypes a FixedSizeList test dtype holds: Parquet
// stores a DuckDB ARRAY as a LIST, so such columns are cast back when they are read.
std::optional<std::string> DuckDBTypeName(const DType &dtype) {
    if (dtype.is_utf8()) {
        return "VARCHAR";
    }
    if (dtype.is_primitive() && dtype.ptype() == PType::F32) {
        return "FLOAT";
    }
    if (dtype.is_fixed_size_list()) {
        const auto element = DuckDBTypeName(dtype.element_type());
        if (element.has_value()) {
            return vortex::format("{}[{}]", *element, dtype.list_size());
        }
    }
    return std::nullopt;
}

Result<ArrayRef> WrapAsTable(const ArrayRef &column) {
    const DType dtype = DType::Struct({"c"}, {column->dtype()}, Nullability::NonNullable);
    VX_ASSIGN_OR_RETURN(auto table,
                        StructArray::TryMake(dtype, {column}, column->len(), Validity::NonNullable()));
    return ArrayRef(table);
}

class CopyToRandomTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "vortex_duckdb_random_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        auto db = DuckDB::Open(2);
        ASSERT_OK(db);
        db_.emplace(std::move(db).ValueOrDie());
        // TIMESTAMPTZ comes back in the session's zone; make it the one the test dtype names.
        ASSERT_OK(db_->Execute("SET GLOBAL TimeZone = 'UTC'"));
    }
    void TearDown() override {
        db_.reset();
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    fs::path dir_;
    std::optional<DuckDB> db_;
};

TEST_F(CopyToRandomTest, EveryDTypeAndFormRoundTripsThroughParquet) {
    const std::vector<DType> dtypes = AllTestDTypes();
    size_t compared = 0;
    for (size_t d = 0; d < dtypes.size(); ++d) {
        const DType &dtype = dtypes[d];
        for (const ArrayForm form : {ArrayForm::Canonical, ArrayForm::Sliced, ArrayForm::Chunked,
                                     ArrayForm::Dict, ArrayForm::Constant, ArrayForm::Masked}) {
            SCOPED_TRACE(vortex::format("{} as {}", dtype.ToString(), ArrayFormName(form)));
            const RandomArrayOptions options{.len = 700, .seed = d * 7 + static_cast<uint64_t>(form)};
            const ArrayRef canonical = form == ArrayForm::Constant ? RandomConstantArray(dtype, options)
                                                                   : RandomArray(dtype, options);
            auto shaped = ToForm(canonical, form, options.seed);
            if (!shaped.ok()) {
                continue; // The form does not apply to this dtype (e.g. Masked of a non-nullable one).
            }
            ASSERT_OK_AND_ASSIGN(ArrayRef table, WrapAsTable(*shaped));
            // Two batches, the second one a slice, so the stream's order and offsets matter.
            const size_t half = table->len() / 3;
            ASSERT_OK_AND_ASSIGN(ArrayRef head, Slice(table, 0, half));
            ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(table, half, table->len()));
            auto reader = MakeArrayReader(table->dtype(), {head, tail});
            const std::string path =
                (dir_ / vortex::format("t{}_{}.parquet", d, static_cast<int>(form))).string();
            const Status written = db_->CopyTo(*reader, path, CopyFormat::Parquet);
            if (DuckDBLacks(dtype)) {
                EXPECT_EQ(written.code(), StatusCode::NotImplemented) << written.ToString();
                continue;
            }
            ASSERT_OK(written);

            std::string column = "c";
            ArrayRef expected_table = table;
            if (dtype.is_fixed_size_list()) {
                const auto type = DuckDBTypeName(dtype);
                ASSERT_TRUE(type.has_value());
                column = vortex::format("CAST(c AS {}) AS c", *type);
            } else if (dtype.is_extension() && dtype.extension().storage.ptype() == PType::I32 &&
                       dtype.extension().id == kTimeId) {
                // DuckDB's TIME is in microseconds: compare the milliseconds we wrote.
                column = "(epoch_us(DATE '1970-01-01' + c) // 1000)::INTEGER AS c";
                ASSERT_OK_AND_ASSIGN(ArrayRef ext, (*shaped)->ToCanonical());
                ASSERT_OK_AND_ASSIGN(expected_table, WrapAsTable(As<ExtensionArray>(ext)->storage()));
            }
            ASSERT_OK_AND_ASSIGN(auto back, db_->Query(vortex::format("SELECT {} FROM read_parquet({})",
                                                                      column, QuoteSqlString(path))));
            std::vector<ArrayRef> batches;
            while (true) {
                ASSERT_OK_AND_ASSIGN(std::optional<ArrayRef> next, back->Next());
                if (!next.has_value()) {
                    break;
                }
                batches.push_back(std::move(*next));
            }
            ASSERT_OK_AND_ASSIGN(auto actual, ChunkedArray::TryMake(std::move(batches), back->dtype()));
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, Cast(expected_table, back->dtype()));
            EXPECT_TRUE(ArraysEqual(expected, actual)) << back->dtype().ToString();
            ++compared;
        }
    }
    EXPECT_GT(compared, 100u);
}

} // namespace
} // namespace vortex::duckdb_bridge
