// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the end-to-end tests share: temporary directories, the data sets, and CSV -> .vortex
// through the DuckDB bridge and the file writer (as `vx convert` does).

#include <filesystem>
#include <string>
#include <vector>

#include "vortex/file/file_writer.h"

#include "duckdb/bridge/duckdb_database.h"

namespace vortex::e2e {

/// A fresh directory under the system's temporary directory, removed with its contents.
class TempDir {
public:
    explicit TempDir(const std::string &prefix);
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::filesystem::path &path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// A data set: a CSV file, and whether it is a full shared data set (not a committed sample).
struct DataSetFile {
    std::string csv;
    bool full = false;
};

/// The committed samples of the four shared data sets, each followed by the full set when
/// VORTEX_REAL_DATA_DIR names the shared data folder.
std::vector<DataSetFile> SharedDataSets();

/// Converts `csv` (any file SourceQuery reads) to a .vortex file at `out` with `options`.
Status CsvToVortex(duckdb_bridge::DuckDB &db,
                   const std::string &csv,
                   const std::filesystem::path &out,
                   const WriteOptions &options);

} // namespace vortex::e2e
