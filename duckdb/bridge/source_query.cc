// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {
namespace {

struct SourceReader {
    std::string_view extension;
    std::string_view function;
    std::string_view arguments;
};

// Each extension is matched as a whole, case-insensitive suffix of the path.
constexpr std::array kSourceReaders = {
    SourceReader{".csv", "read_csv", ""},
    SourceReader{".csv.gz", "read_csv", ""},
    SourceReader{".csv.zst", "read_csv", ""},
    SourceReader{".tsv", "read_csv", ", delim = '\\t'"},
    SourceReader{".tsv.gz", "read_csv", ", delim = '\\t'"},
    SourceReader{".tsv.zst", "read_csv", ", delim = '\\t'"},
    SourceReader{".parquet", "read_parquet", ""},
    SourceReader{".json", "read_json_auto", ""},
    SourceReader{".jsonl", "read_json_auto", ""},
    SourceReader{".ndjson", "read_json_auto", ""},
};

std::string Lowercase(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

} // namespace

Result<std::string> SourceQuery(std::string_view path) {
    VX_ENSURE(path.find('\0') == std::string_view::npos, InvalidArgument, "path contains a NUL byte");
    const std::string lower = Lowercase(path);
    for (const SourceReader &reader : kSourceReaders) {
        if (lower.size() > reader.extension.size() && lower.ends_with(reader.extension)) {
            return vortex::format("SELECT * FROM {}({}{})", reader.function, QuoteSqlString(path),
                                  reader.arguments);
        }
    }
    return Status::InvalidArgument(
        "cannot read '{}': unsupported extension (expected .csv, .csv.gz, .csv.zst, "
        ".tsv, .parquet, .json, .jsonl or .ndjson)",
        path);
}

} // namespace vortex::duckdb_bridge
