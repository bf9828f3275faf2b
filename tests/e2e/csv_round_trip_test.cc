// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// End to end, with DuckDB as the oracle: CSV -> .vortex -> CSV must equal DuckDB's own
// CSV -> CSV re-export byte for byte (values, NULLs, row order), and writing the same input
// with 1 or 8 threads must give the same file.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/vortex.h"

#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/bridge/file_array_reader.h"
#include "e2e_test_util.h"

namespace vortex {
namespace {

namespace fs = std::filesystem;
using duckdb_bridge::CopyFormat;
using duckdb_bridge::DuckDB;

std::string ReadFile(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream out;
    out << in.rdbuf();
    return out.str();
}

void CheckRoundTrip(const std::string &csv) {
    SCOPED_TRACE(csv);
    e2e::TempDir dir("vortex_e2e");
    ASSERT_OK_AND_ASSIGN(DuckDB db, DuckDB::Open(2));

    // DuckDB's own re-export is the reference.
    ASSERT_OK_AND_ASSIGN(std::string query, duckdb_bridge::SourceQuery(csv));
    ASSERT_OK_AND_ASSIGN(auto direct, db.Query(query));
    ASSERT_OK(db.CopyTo(*direct, (dir.path() / "reference.csv").string(), CopyFormat::Csv));

    Executor one_thread(1);
    Executor eight_threads(8);
    WriteOptions one_options;
    one_options.executor = &one_thread;
    WriteOptions eight_options;
    eight_options.executor = &eight_threads;
    ASSERT_OK(e2e::CsvToVortex(db, csv, dir.path() / "one.vortex", one_options));
    ASSERT_OK(e2e::CsvToVortex(db, csv, dir.path() / "eight.vortex", eight_options));
    if (ReadFile(dir.path() / "one.vortex") != ReadFile(dir.path() / "eight.vortex")) {
        fs::copy_file(dir.path() / "one.vortex", "/tmp/e2e_one.vortex", fs::copy_options::overwrite_existing);
        fs::copy_file(dir.path() / "eight.vortex", "/tmp/e2e_eight.vortex",
                      fs::copy_options::overwrite_existing);
    }
    EXPECT_TRUE(ReadFile(dir.path() / "one.vortex") == ReadFile(dir.path() / "eight.vortex"))
        << "1 and 8 threads wrote different bytes";

    // Compact compression (pco for numbers, zstd for strings) must read back the same.
    WriteOptions compact_options = one_options;
    compact_options.compression = Compression::kCompact;
    ASSERT_OK(e2e::CsvToVortex(db, csv, dir.path() / "compact.vortex", compact_options));

    for (const auto &[name, mmap] :
         {std::pair{"one", false}, std::pair{"one", true}, std::pair{"compact", false}}) {
        SCOPED_TRACE(std::string(name) + (mmap ? " (mmap)" : ""));
        ASSERT_OK_AND_ASSIGN(auto file,
                             VortexFile::Open((dir.path() / (std::string(name) + ".vortex")).string(),
                                              DefaultSessionPtr(), mmap));
        auto reader = duckdb_bridge::MakeFileReader(file, {}, 0, file->row_count());
        fs::path back = dir.path() / (std::string(name) + (mmap ? "_back_mmap.csv" : "_back.csv"));
        ASSERT_OK(db.CopyTo(*reader, back.string(), CopyFormat::Csv));
        std::string expected = ReadFile(dir.path() / "reference.csv");
        std::string actual = ReadFile(back);
        EXPECT_GT(expected.size(), 0u);
        EXPECT_TRUE(expected == actual) << "CSV -> .vortex -> CSV differs from DuckDB's CSV -> CSV ("
                                        << expected.size() << " vs " << actual.size() << " bytes)";
    }
}

std::vector<std::string> DataSets() {
    std::vector<std::string> out;
    for (const e2e::DataSetFile &data : e2e::SharedDataSets()) {
        out.push_back(data.csv);
    }
    out.push_back(std::string(VORTEX_EXAMPLES_DIR) + "/cities.csv");
    return out;
}

TEST(CsvRoundTrip, EveryDataSetEqualsDuckDBsOwnReExport) {
    for (const std::string &csv : DataSets()) {
        CheckRoundTrip(csv);
    }
}

// Every type `vx convert` maps, from DuckDB into a .vortex file and back, value for value.
TEST(DuckDBTypes, SurviveAVortexFile) {
    const std::string select = R"sql(
        SELECT (i - 50)::TINYINT AS i8, i::SMALLINT AS i16, i::INTEGER AS i32, i::BIGINT AS i64,
               i::UTINYINT AS u8, i::USMALLINT AS u16, i::UINTEGER AS u32, i::UBIGINT AS u64,
               i / 7.0 AS f64, (i / 3)::FLOAT AS f32,
               (i * 0.25)::DECIMAL(4, 2) AS d4, (i * 1000.125)::DECIMAL(18, 3) AS d18,
               (i * 123456789.0123456789)::DECIMAL(38, 10) AS d38,
               CASE WHEN i % 5 = 0 THEN NULL ELSE repeat('ü', i % 20) END AS s,
               ('x' || i)::BLOB AS b, i % 2 = 0 AS flag,
               DATE '2000-01-01' + i::INTEGER AS day, TIME '00:00:00' + INTERVAL (i) SECOND AS tod,
               TIMESTAMP '2001-02-03 04:05:06' + INTERVAL (i) MINUTE AS ts,
               TIMESTAMPTZ '2001-02-03 04:05:06+00' + INTERVAL (i) HOUR AS tstz,
               CASE WHEN i % 7 = 0 THEN NULL ELSE [i, i + 1, NULL] END AS l,
               CASE WHEN i % 11 = 0 THEN NULL ELSE {'a': i, 'b': 'n' || i} END AS st
        FROM range(0, 100) t(i)
        UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                         NULL, NULL, NULL, NULL, NULL, NULL, NULL)sql";
    e2e::TempDir dir("vortex_e2e");
    ASSERT_OK_AND_ASSIGN(DuckDB db, DuckDB::Open(2));
    ASSERT_OK_AND_ASSIGN(auto reader, db.Query(select));
    std::vector<ArrayRef> batches;
    while (true) {
        ASSERT_OK_AND_ASSIGN(auto batch, reader->Next());
        if (!batch) {
            break;
        }
        batches.push_back(*batch);
    }
    ASSERT_OK_AND_ASSIGN(auto sink, FileWriteSink::Open((dir.path() / "types.vortex").string()));
    ASSERT_OK_AND_ASSIGN(auto writer,
                         FileWriter::Open(std::move(sink), reader->dtype(), DefaultSessionPtr()));
    for (const ArrayRef &batch : batches) {
        ASSERT_OK(writer->Write(batch));
    }
    ASSERT_OK(writer->Finish().status());
    ASSERT_OK_AND_ASSIGN(auto file,
                         VortexFile::Open((dir.path() / "types.vortex").string(), DefaultSessionPtr()));
    EXPECT_EQ(file->dtype(), reader->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, ConcatCanonical(batches, reader->dtype()));
    EXPECT_TRUE(ArraysEqual(expected, back));
}

} // namespace
} // namespace vortex
