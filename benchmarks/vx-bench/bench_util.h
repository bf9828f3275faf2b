// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Helpers shared by the `vx-bench` commands: options, timers, samples, temp dirs, tables.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "vortex/arrow/c_abi.h"
#include "vortex/file/file_writer.h"

namespace vortex {
class Executor;
} // namespace vortex

namespace vortex::duckdb_bridge {
class DuckDB;
} // namespace vortex::duckdb_bridge

namespace vortex::cli::bench {

/// Options every benchmark takes.
struct BenchOptions {
    bool json = false;
    /// Tiny sizes, for CI: proves the command runs, measures nothing.
    bool quick = false;
    /// Timed repetitions; min and median are reported.
    int reps = 3;
    /// Run before each timed repetition (e.g. shared/tools/quiet.sh); a non-zero exit is
    /// counted as a timeout and reported.
    std::string quiet_script;
    /// Where temporary files go (a fresh directory under it, removed at the end).
    std::string tmp_dir;
};

/// Seconds on a monotonic clock.
double NowSeconds();
/// User + system CPU seconds of this process so far.
double CpuSeconds();

/// Runs the quiet script if one is set; returns false when it reported a timeout.
bool WaitQuiet(const BenchOptions &options);

/// Sorted copies of timing samples.
struct Samples {
    std::vector<double> values;
    void Add(double v) { values.push_back(v); }
    double Min() const;
    double Median() const;
};

/// A fresh directory, removed with its contents on destruction.
class TempDir {
public:
    explicit TempDir(const std::string &base);
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return path_; }
    std::string File(const std::string &name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

/// The regular files directly inside `dir`.
std::vector<std::string> FilesIn(const std::string &dir);

/// Keeps files resident in the page cache while it lives (mapped and locked), so every timed
/// query of either format reads warm pages: on these machines the host reclaims guest page
/// cache in the background, which made some repetitions cold at random. A file that cannot be
/// locked (a memlock limit) is reported once on stderr and measured as it is.
class PinnedFiles {
public:
    explicit PinnedFiles(const std::vector<std::string> &paths);
    ~PinnedFiles();
    PinnedFiles(const PinnedFiles &) = delete;
    PinnedFiles &operator=(const PinnedFiles &) = delete;

private:
    std::vector<std::pair<void *, size_t>> mappings_;
};

/// Reads every batch of an Arrow stream, calls `per_batch` on each before releasing it, then
/// releases the stream; returns the rows seen. A stream error is thrown with its message.
uint64_t DrainArrowStream(ArrowArrayStream &stream, const std::function<void()> &per_batch = {});

/// Prints rows of cells as an aligned text table (first row is the header).
void PrintTable(const std::vector<std::vector<std::string>> &rows);

/// "%.3g"-style short numbers for tables.
std::string Fmt(double value, int precision = 3);

/// The shared real data sets' folder: $VORTEX_REAL_DATA_DIR, else the one beside the repository.
std::string RealDataDir();
/// Every .csv.zst data set there, sorted; with `quick`, one (flights, or its committed sample).
std::vector<std::string> DefaultFiles(bool quick);
/// "flights_3m" for ".../flights_3m.csv.zst".
std::string DataSetName(const std::string &path);
/// Writes DuckDB table `t` to `path` as Parquet with `codec`.
void CopyParquet(duckdb_bridge::DuckDB &db, const std::string &path, const char *codec);
/// Writes DuckDB table `t` to `path` as .vortex through our FileWriter (what `vx convert` does).
void WriteVortex(duckdb_bridge::DuckDB &db,
                 const std::string &path,
                 Compression compression,
                 Executor *executor);

/// The subcommands of `vx-bench`; each reads the shared options when it runs.
void AddOpenBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddTakeBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddExportBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddCompressBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddSqlBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddFilterBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddWriteScalingBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);
void AddWideBench(CLI::App &bench, const std::shared_ptr<const BenchOptions> &options);

} // namespace vortex::cli::bench
