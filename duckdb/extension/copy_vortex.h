// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

namespace duckdb {
class ExtensionLoader;
} // namespace duckdb

namespace vortex::duckdb_ext {

/// Registers `COPY ... TO 'x.vortex' (FORMAT vortex [, COMPRESSION default|compact|none])`:
/// DuckDB's chunks cross into our arrays through the Arrow C Data Interface and are written by
/// our FileWriter, in the query's row order (the sink runs on one thread).
void RegisterCopyVortex(::duckdb::ExtensionLoader &loader);

} // namespace vortex::duckdb_ext
