// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "e2e_test_util.h"

#include <atomic>
#include <cstdlib>
#include <unistd.h>

#include "vortex/default_session.h"
#include "vortex/io/write_sink.h"

namespace vortex::e2e {

namespace fs = std::filesystem;

TempDir::TempDir(const std::string &prefix) {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            (prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter.fetch_add(1)));
    fs::create_directories(path_);
}

TempDir::~TempDir() {
    fs::remove_all(path_);
}

std::vector<DataSetFile> SharedDataSets() {
    std::vector<DataSetFile> out;
    for (const char *name : {"us_babynames_by_state", "flights_3m", "asn_ipv4", "movielens_100k"}) {
        out.push_back({std::string(VORTEX_TEST_DATA_DIR) + "/" + name + "_sample.csv.zst", false});
        if (const char *real = std::getenv("VORTEX_REAL_DATA_DIR")) {
            out.push_back({std::string(real) + "/" + name + ".csv.zst", true});
        }
    }
    return out;
}

Status CsvToVortex(duckdb_bridge::DuckDB &db,
                   const std::string &csv,
                   const fs::path &out,
                   const WriteOptions &options) {
    VX_ASSIGN_OR_RETURN(std::string query, duckdb_bridge::SourceQuery(csv));
    VX_ASSIGN_OR_RETURN(auto reader, db.Query(query));
    VX_ASSIGN_OR_RETURN(auto sink, FileWriteSink::Open(out.string()));
    VX_ASSIGN_OR_RETURN(auto writer,
                        FileWriter::Open(std::move(sink), reader->dtype(), DefaultSessionPtr(), options));
    while (true) {
        VX_ASSIGN_OR_RETURN(auto batch, reader->Next());
        if (!batch) {
            break;
        }
        VX_RETURN_NOT_OK(writer->Write(*batch));
    }
    return writer->Finish().status();
}

} // namespace vortex::e2e
