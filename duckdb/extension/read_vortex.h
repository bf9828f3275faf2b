// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

namespace duckdb {
class DatabaseInstance;
class ExtensionLoader;
} // namespace duckdb

namespace vortex::duckdb_ext {

/// Registers `read_vortex(path_or_glob_or_list, filename := false)`, the replacement scan
/// that makes `SELECT ... FROM 'x.vortex'` read through it, and `COPY ... TO 'x.vortex'`.
///
/// read_vortex pushes projections and the table filters of columns it evaluates exactly
/// (AcceptsTableFilters) into our scan, which prunes zones with them; splits of every file are
/// handed to DuckDB's threads one at a time, in file and row order, with their index as the
/// batch index so that DuckDB can keep insertion order in parallel.
void RegisterReadVortex(::duckdb::ExtensionLoader &loader);

/// Registers read_vortex into a database opened through DuckDB's C++ API (tools and tests
/// that embed DuckDB rather than load the extension).
void RegisterReadVortex(::duckdb::DatabaseInstance &database);

} // namespace vortex::duckdb_ext
