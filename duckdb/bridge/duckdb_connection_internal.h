// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb.h>
#include <memory>
#include <string_view>

#include "vortex/vortex.h"

#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {

/// The shared state behind a DuckDB: the database and the connection Execute() uses.
struct DuckDB::Instance {
    Instance() = default;
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;
    ~Instance();

    duckdb_database database = nullptr;
    duckdb_connection connection = nullptr;
};

/// A connection of its own to an Instance, which it keeps alive. Disconnects on destruction.
class Connection {
public:
    static Result<Connection> Open(std::shared_ptr<DuckDB::Instance> instance);

    Connection(Connection &&other) noexcept;
    Connection &operator=(Connection &&other) noexcept;
    ~Connection();

    duckdb_connection get() const { return connection_; }

private:
    Connection(std::shared_ptr<DuckDB::Instance> instance, duckdb_connection connection)
        : instance_(std::move(instance)), connection_(connection) {}
    void Reset();

    std::shared_ptr<DuckDB::Instance> instance_;
    duckdb_connection connection_ = nullptr;
};

/// Runs `sql` (one or more statements) on `connection`; a DuckDB error becomes Status::Io
/// with DuckDB's message.
Status RunSql(duckdb_connection connection, std::string_view sql);

} // namespace vortex::duckdb_bridge
