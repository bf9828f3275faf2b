// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"
#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/bridge/file_array_reader.h"

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

void AddHeadCommand(CLI::App &app) {
    struct Args {
        std::string path;
        uint64_t rows = 10;
        std::vector<std::string> columns;
    };
    auto args = std::make_shared<Args>();
    CLI::App *cmd = app.add_subcommand("head", "Print the first rows of a .vortex file as CSV");
    cmd->add_option("file", args->path, ".vortex file")->required();
    cmd->add_option("-n,--rows", args->rows, "number of rows (default 10)");
    cmd->add_option("--columns", args->columns, "columns to print, comma-separated")->delimiter(',');
    cmd->callback([args] {
        auto file = ValueOrThrow(VortexFile::Open(args->path, DefaultSessionPtr(), /*mmap=*/true));
        if (!args->columns.empty()) {
            if (!file->dtype().is_struct()) {
                throw std::runtime_error("--columns needs a file of a struct dtype");
            }
            const auto &names = file->dtype().struct_fields().names;
            for (const std::string &name : args->columns) {
                if (std::find(names.begin(), names.end(), name) == names.end()) {
                    throw std::runtime_error("no column named '" + name + "'");
                }
            }
        }
        uint64_t end = std::min(args->rows, file->row_count());
        auto reader = duckdb_bridge::MakeFileReader(file, args->columns, 0, end);
        // DuckDB renders the CSV, so `head` prints exactly what `convert` writes. It writes to a
        // temporary file: handed /dev/stdout it would truncate a file stdout is redirected to.
        TempFile csv(".csv");
        auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(1));
        ThrowIfNotOk(db.CopyTo(*reader, csv.path(), duckdb_bridge::CopyFormat::Csv));
        CopyFileToStdout(csv.path());
    });
}

} // namespace vortex::cli
