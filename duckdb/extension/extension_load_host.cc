// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Test host for the loadable extension: a DuckDB with unsigned extensions allowed runs each
// argument after the first as SQL and prints the results as CSV (a LOAD among them).
//   extension_load_host SQL...
#include <cstdio>
#include <duckdb.hpp>
#include <string>

int main(int argc, char **argv) {
    duckdb::DBConfig config;
    config.options.allow_unsigned_extensions = true;
    duckdb::DuckDB db(nullptr, &config);
    duckdb::Connection con(db);
    for (int i = 1; i < argc; ++i) {
        auto result = con.Query(argv[i]);
        if (result->HasError()) {
            std::fprintf(stderr, "error: %s\n", result->GetError().c_str());
            return 1;
        }
        for (duckdb::idx_t r = 0; r < result->RowCount(); ++r) {
            std::string line;
            for (duckdb::idx_t c = 0; c < result->ColumnCount(); ++c) {
                if (c > 0) {
                    line += ',';
                }
                line += result->GetValue(c, r).ToString();
            }
            std::printf("%s\n", line.c_str());
        }
    }
    return 0;
}
