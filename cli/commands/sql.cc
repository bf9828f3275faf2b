// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vx sql: DuckDB with read_vortex registered (and `FROM 'x.vortex'`), printing the last
// statement's result as a table, CSV or JSON lines. CSV and JSON stream chunk by chunk, so a
// large result never sits in memory.
#include <cstdio>
#include <duckdb.hpp>
#include <duckdb/common/box_renderer.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "commands/commands.h"
#include "duckdb/extension/read_vortex.h"

namespace vortex::cli {

namespace {

namespace dd = ::duckdb;

std::string CsvField(const std::string &text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text) {
        quoted += c;
        if (c == '"') {
            quoted += '"';
        }
    }
    return quoted + "\"";
}

nlohmann::ordered_json JsonValue(const dd::Value &value) {
    if (value.IsNull()) {
        return nullptr;
    }
    switch (value.type().id()) {
        case dd::LogicalTypeId::BOOLEAN:
            return value.GetValue<bool>();
        case dd::LogicalTypeId::TINYINT:
        case dd::LogicalTypeId::SMALLINT:
        case dd::LogicalTypeId::INTEGER:
        case dd::LogicalTypeId::BIGINT:
            return value.GetValue<int64_t>();
        case dd::LogicalTypeId::UTINYINT:
        case dd::LogicalTypeId::USMALLINT:
        case dd::LogicalTypeId::UINTEGER:
        case dd::LogicalTypeId::UBIGINT:
            return value.GetValue<uint64_t>();
        case dd::LogicalTypeId::FLOAT:
        case dd::LogicalTypeId::DOUBLE: {
            const double d = value.GetValue<double>();
            // JSON has no NaN or infinity: those are written as their text.
            return std::isfinite(d) ? nlohmann::ordered_json(d) : nlohmann::ordered_json(value.ToString());
        }
        default:
            return value.ToString();
    }
}

// Streams `result` as CSV (with a header) or JSON lines (one object per row).
void PrintStreaming(dd::QueryResult &result, bool json) {
    if (!json) {
        std::string header;
        for (size_t c = 0; c < result.names.size(); c++) {
            header += (c ? "," : "") + CsvField(result.names[c]);
        }
        std::printf("%s\n", header.c_str());
    }
    while (auto chunk = result.Fetch()) {
        if (chunk->size() == 0) {
            break;
        }
        std::string out;
        for (dd::idx_t row = 0; row < chunk->size(); row++) {
            if (json) {
                nlohmann::ordered_json object = nlohmann::ordered_json::object();
                for (dd::idx_t c = 0; c < chunk->ColumnCount(); c++) {
                    object[result.names[c]] = JsonValue(chunk->GetValue(c, row));
                }
                out += object.dump() + "\n";
            } else {
                for (dd::idx_t c = 0; c < chunk->ColumnCount(); c++) {
                    const dd::Value value = chunk->GetValue(c, row);
                    out += (c ? "," : "") + (value.IsNull() ? std::string() : CsvField(value.ToString()));
                }
                out += "\n";
            }
        }
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    if (result.HasError()) {
        throw std::runtime_error(result.GetError());
    }
}

struct SqlArgs {
    std::string query;
    std::string file;
    bool csv = false;
    bool json = false;
    int threads = 0;
};

void RunSql(const SqlArgs &args) {
    std::string sql = args.query;
    if (!args.file.empty()) {
        std::ifstream in(args.file);
        if (!in) {
            throw std::runtime_error("cannot read " + args.file);
        }
        std::stringstream text;
        text << in.rdbuf();
        sql = text.str() + (sql.empty() ? "" : ";\n" + sql);
    }
    if (sql.empty()) {
        throw std::runtime_error("no SQL given: pass a query or -f FILE.sql");
    }
    dd::DBConfig config;
    if (args.threads > 0) {
        config.options.maximum_threads = static_cast<dd::idx_t>(args.threads);
    }
    dd::DuckDB db(nullptr, &config);
    duckdb_ext::RegisterReadVortex(*db.instance);
    dd::Connection con(db);
    // Every statement but the last runs to completion; the last one is printed.
    auto statements = con.ExtractStatements(sql);
    if (statements.empty()) {
        throw std::runtime_error("no SQL statement found");
    }
    for (size_t i = 0; i + 1 < statements.size(); i++) {
        auto result = con.Query(std::move(statements[i]));
        if (result->HasError()) {
            throw std::runtime_error(result->GetError());
        }
    }
    if (args.csv || args.json) {
        auto result = con.SendQuery(statements.back()->ToString());
        if (result->HasError()) {
            throw std::runtime_error(result->GetError());
        }
        PrintStreaming(*result, args.json);
        return;
    }
    auto result = con.Query(std::move(statements.back()));
    if (result->HasError()) {
        throw std::runtime_error(result->GetError());
    }
    const std::string box = result->ToBox(*con.context, dd::BoxRendererConfig());
    std::fwrite(box.data(), 1, box.size(), stdout);
}

} // namespace

void AddSqlCommand(CLI::App &app) {
    auto args = std::make_shared<SqlArgs>();
    CLI::App *cmd = app.add_subcommand("sql", "Run SQL in DuckDB with read_vortex (and FROM 'x.vortex')");
    cmd->add_option("query", args->query, "SQL statements; the last one's result is printed");
    cmd->add_option("-f,--file", args->file, "read the SQL from this file");
    auto *csv = cmd->add_flag("--csv", args->csv, "print CSV with a header line");
    cmd->add_flag("--json", args->json, "print one JSON object per row")->excludes(csv);
    cmd->add_option("--threads", args->threads, "DuckDB threads (default: all cores)");
    cmd->callback([args] {
        try {
            RunSql(*args);
        } catch (const dd::Exception &e) {
            // DuckDB's exceptions carry JSON; users get its message.
            throw std::runtime_error(dd::ErrorData(e).Message());
        }
    });
}

} // namespace vortex::cli
