// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"
#include "commands/csv_stdout.h"
#include "duckdb/bridge/file_array_reader.h"

namespace vortex::cli {

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
        auto file = OpenVortexFile(args->path);
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
        // DuckDB renders the CSV, so `head` prints exactly what `convert` writes.
        PrintCsv(*reader);
    });
}

} // namespace vortex::cli
