// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/bridge/duckdb_database.h"

#include <string>
#include <utility>

#include "duckdb/bridge/duckdb_connection_internal.h"

namespace vortex::duckdb_bridge {

DuckDB::Instance::~Instance() {
    if (connection != nullptr) {
        duckdb_disconnect(&connection);
    }
    if (database != nullptr) {
        duckdb_close(&database);
    }
}

Result<Connection> Connection::Open(std::shared_ptr<DuckDB::Instance> instance) {
    duckdb_connection connection = nullptr;
    if (duckdb_connect(instance->database, &connection) == DuckDBError) {
        return Status::Io("DuckDB: cannot open a connection");
    }
    return Connection(std::move(instance), connection);
}

Connection::Connection(Connection &&other) noexcept
    : instance_(std::move(other.instance_)), connection_(std::exchange(other.connection_, nullptr)) {}

Connection &Connection::operator=(Connection &&other) noexcept {
    if (this != &other) {
        Reset();
        instance_ = std::move(other.instance_);
        connection_ = std::exchange(other.connection_, nullptr);
    }
    return *this;
}

Connection::~Connection() {
    Reset();
}

void Connection::Reset() {
    // The connection goes before the instance reference that keeps its database open.
    if (connection_ != nullptr) {
        duckdb_disconnect(&connection_);
    }
    instance_.reset();
}

Status RunSql(duckdb_connection connection, std::string_view sql) {
    const std::string statement(sql);
    duckdb_result result;
    const duckdb_state state = duckdb_query(connection, statement.c_str(), &result);
    Status status = Status::OK();
    if (state == DuckDBError) {
        const char *message = duckdb_result_error(&result);
        status = Status::Io("DuckDB: {}", message == nullptr ? "query failed" : message);
    }
    // Spec (duckdb.h): the result is destroyed even when the query failed.
    duckdb_destroy_result(&result);
    return status;
}

Result<DuckDB> DuckDB::Open(int threads) {
    VX_ENSURE(threads >= 0, InvalidArgument, "DuckDB::Open: negative thread count {}", threads);
    duckdb_config config = nullptr;
    if (duckdb_create_config(&config) == DuckDBError) {
        return Status::Io("DuckDB: cannot create a configuration");
    }
    if (threads > 0 && duckdb_set_config(config, "threads", std::to_string(threads).c_str()) == DuckDBError) {
        duckdb_destroy_config(&config);
        return Status::InvalidArgument("DuckDB: cannot set threads = {}", threads);
    }
    auto instance = std::make_shared<Instance>();
    char *error = nullptr;
    const duckdb_state state = duckdb_open_ext(nullptr, &instance->database, config, &error);
    duckdb_destroy_config(&config);
    if (state == DuckDBError) {
        Status status = Status::Io("DuckDB: cannot open an in-memory database: {}",
                                   error == nullptr ? "unknown error" : error);
        duckdb_free(error);
        instance->database = nullptr;
        return status;
    }
    if (duckdb_connect(instance->database, &instance->connection) == DuckDBError) {
        instance->connection = nullptr;
        return Status::Io("DuckDB: cannot open a connection");
    }
    return DuckDB(std::move(instance));
}

DuckDB::DuckDB(std::shared_ptr<Instance> instance) : instance_(std::move(instance)) {}
DuckDB::DuckDB(DuckDB &&) noexcept = default;
DuckDB &DuckDB::operator=(DuckDB &&) noexcept = default;
DuckDB::~DuckDB() = default;

Status DuckDB::Execute(std::string_view sql) {
    VX_ENSURE(instance_ != nullptr, InvalidArgument, "DuckDB: used after move");
    return RunSql(instance_->connection, sql);
}

std::string QuoteSqlString(std::string_view text) {
    std::string quoted = "'";
    for (const char c : text) {
        quoted += c;
        if (c == '\'') {
            quoted += '\'';
        }
    }
    quoted += '\'';
    return quoted;
}

std::string QuoteSqlIdentifier(std::string_view name) {
    std::string quoted = "\"";
    for (const char c : name) {
        quoted += c;
        if (c == '"') {
            quoted += '"';
        }
    }
    quoted += '"';
    return quoted;
}

} // namespace vortex::duckdb_bridge
