// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/csv_stdout.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"

namespace vortex::cli {
namespace {

// A file in $TMPDIR (or /tmp), removed when this goes out of scope.
class TempFile {
public:
    explicit TempFile(const std::string &suffix) {
        const char *dir = std::getenv("TMPDIR");
        std::string pattern =
            std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/vx_XXXXXX" + suffix;
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        int fd = ::mkstemps(name.data(), static_cast<int>(suffix.size()));
        if (fd < 0) {
            throw std::runtime_error("cannot create a temporary file in " + pattern);
        }
        ::close(fd);
        path_ = name.data();
    }
    ~TempFile() { std::remove(path_.c_str()); }
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

void CopyFileToStdout(const std::string &path) {
    std::FILE *in = std::fopen(path.c_str(), "rb");
    if (in == nullptr) {
        throw std::runtime_error("cannot read " + path);
    }
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof(buffer), in)) > 0) {
        std::fwrite(buffer, 1, n, stdout);
    }
    std::fclose(in);
    std::fflush(stdout);
}

} // namespace

void PrintCsv(duckdb_bridge::ArrayReader &reader) {
    // DuckDB writes to a temporary file: handed /dev/stdout it would truncate a file stdout is
    // redirected to.
    TempFile csv(".csv");
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(1));
    ThrowIfNotOk(db.CopyTo(reader, csv.path(), duckdb_bridge::CopyFormat::Csv));
    CopyFileToStdout(csv.path());
}

} // namespace vortex::cli
