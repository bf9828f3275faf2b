// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/main/client_properties.hpp>
#include <duckdb/main/query_result.hpp>
#include <memory>
#include <optional>
#include <string>

#include "vortex/vortex.h"

namespace duckdb {
class Connection;
} // namespace duckdb

namespace vortex::duckdb_ext {

/// A query's result as our arrays, one per DuckDB chunk, through DuckDB's Arrow export (the
/// same mapping as COPY TO vortex). The connection's database should have read_vortex
/// registered when the query reads .vortex files.
class QueryArrays {
public:
    /// Starts `sql` (one statement) streaming on `connection`, which must outlive the reader.
    static Result<std::unique_ptr<QueryArrays>> Open(::duckdb::Connection &connection,
                                                     const std::string &sql);

    /// A struct dtype, one field per result column.
    const DType &dtype() const { return dtype_; }
    /// The next chunk, or nullopt at the end; a DuckDB error of the query is returned here.
    Result<std::optional<ArrayRef>> Next();

private:
    QueryArrays() = default;

    ::duckdb::unique_ptr<::duckdb::QueryResult> result_;
    ::duckdb::ClientProperties properties_;
    ImportedSchema schema_;
    DType dtype_;
    std::vector<size_t> uuid_columns_;
};

} // namespace vortex::duckdb_ext
