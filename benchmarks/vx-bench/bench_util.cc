// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vx-bench/bench_util.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vortex/base/format.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"

namespace vortex::cli::bench {

std::vector<std::string> FilesIn(const std::string &dir) {
    std::vector<std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.is_regular_file()) {
            files.push_back(entry.path().string());
        }
    }
    return files;
}

PinnedFiles::PinnedFiles(const std::vector<std::string> &paths) {
    for (const std::string &path : paths) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        struct stat st {};
        if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size == 0) {
            if (fd >= 0) {
                ::close(fd);
            }
            continue;
        }
        const auto size = static_cast<size_t>(st.st_size);
        void *data = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
        ::close(fd);
        if (data == MAP_FAILED) {
            continue;
        }
        if (::mlock(data, size) != 0) {
            std::fprintf(stderr, "bench: cannot keep %s in memory (%s); timings may include cold reads\n",
                         path.c_str(), std::strerror(errno));
        }
        mappings_.emplace_back(data, size);
    }
}

PinnedFiles::~PinnedFiles() {
    for (const auto &[data, size] : mappings_) {
        ::munlock(data, size);
        ::munmap(data, size);
    }
}

namespace fs = std::filesystem;

// The shared real data sets: $VORTEX_REAL_DATA_DIR, else the folder beside the repository.
std::string RealDataDir() {
    if (const char *dir = std::getenv("VORTEX_REAL_DATA_DIR"); dir != nullptr && *dir != '\0') {
        return dir;
    }
    return VX_REAL_DATA_DIR;
}

std::vector<std::string> DefaultFiles(bool quick) {
    const std::string real = RealDataDir();
    if (quick) {
        // One data set; the committed sample keeps CI independent of the shared folder.
        std::string full = real + "/flights_3m.csv.zst";
        return {fs::exists(full) ? full : std::string(VX_TEST_DATA_DIR) + "/flights_3m_sample.csv.zst"};
    }
    std::vector<std::string> files;
    std::error_code error;
    for (const auto &entry : fs::directory_iterator(real, error)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > 8 && name.substr(name.size() - 8) == ".csv.zst") {
            files.push_back(entry.path().string());
        }
    }
    if (files.empty()) {
        throw std::runtime_error("no .csv.zst data sets in " + real +
                                 "; set VORTEX_REAL_DATA_DIR or name the files to compare");
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string DataSetName(const std::string &path) {
    std::string name = fs::path(path).filename().string();
    for (const char *suffix : {".zst", ".gz", ".csv", ".parquet", ".json"}) {
        const std::string s = suffix;
        if (name.size() > s.size() && name.substr(name.size() - s.size()) == s) {
            name.resize(name.size() - s.size());
        }
    }
    return name;
}

void CopyParquet(duckdb_bridge::DuckDB &db, const std::string &path, const char *codec) {
    ThrowIfNotOk(db.Execute(vortex::format("COPY t TO {} (FORMAT parquet, COMPRESSION {})",
                                           duckdb_bridge::QuoteSqlString(path), codec)));
}

// Reads the loaded table through the bridge and writes it with our FileWriter: what
// `vx convert` does, so the time is what a user pays for a table already in DuckDB.
void WriteVortex(duckdb_bridge::DuckDB &db,
                 const std::string &path,
                 Compression compression,
                 Executor *executor) {
    auto reader = ValueOrThrow(db.Query("SELECT * FROM t"));
    WriteOptions options;
    options.compression = compression;
    options.executor = executor;
    auto writer = ValueOrThrow(FileWriter::Open(ValueOrThrow(FileWriteSink::Open(path)), reader->dtype(),
                                                DefaultSessionPtr(), options));
    while (auto batch = ValueOrThrow(reader->Next())) {
        ThrowIfNotOk(writer->Write(*batch));
    }
    ValueOrThrow(writer->Finish());
}

uint64_t DrainArrowStream(ArrowArrayStream &stream, const std::function<void()> &per_batch) {
    uint64_t rows = 0;
    while (true) {
        ArrowArray array{};
        if (stream.get_next(&stream, &array) != 0) {
            const std::string error = stream.get_last_error(&stream);
            stream.release(&stream);
            throw std::runtime_error("arrow stream failed: " + error);
        }
        if (array.release == nullptr) {
            break;
        }
        rows += static_cast<uint64_t>(array.length);
        if (per_batch) {
            per_batch();
        }
        array.release(&array);
    }
    stream.release(&stream);
    return rows;
}

double NowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double CpuSeconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval &tv) {
        return static_cast<double>(tv.tv_sec) + 1e-6 * static_cast<double>(tv.tv_usec);
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

bool WaitQuiet(const BenchOptions &options) {
    if (options.quiet_script.empty()) {
        return true;
    }
    std::string command = "'" + options.quiet_script + "' 60 >/dev/null 2>&1";
    return std::system(command.c_str()) == 0;
}

double Samples::Min() const {
    return values.empty() ? 0 : *std::min_element(values.begin(), values.end());
}

double Samples::Median() const {
    if (values.empty()) {
        return 0;
    }
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

TempDir::TempDir(const std::string &base) {
    std::string root = base.empty() ? std::filesystem::temp_directory_path().string() : base;
    std::string pattern = root + "/vx_bench_XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
        throw std::runtime_error("cannot create a temporary directory under " + root);
    }
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

void PrintTable(const std::vector<std::vector<std::string>> &rows) {
    std::vector<size_t> widths;
    for (const auto &row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t i = 0; i < row.size(); ++i) {
            widths[i] = std::max(widths[i], row[i].size());
        }
    }
    for (const auto &row : rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            // The first column (a label) is left-aligned, numbers right-aligned.
            line += i == 0 ? vortex::format("{:<{}}", row[i], widths[i])
                           : vortex::format("  {:>{}}", row[i], widths[i]);
        }
        std::printf("%s\n", line.c_str());
    }
}

std::string Fmt(double value, int precision) {
    return vortex::format("{:.{}g}", value, precision);
}

} // namespace vortex::cli::bench
