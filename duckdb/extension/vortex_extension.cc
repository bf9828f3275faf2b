// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The loadable form of read_vortex: `LOAD 'vortex.duckdb_extension'` calls this entry point
// (DuckDB's C++ extension ABI: the file name's stem + "_duckdb_cpp_init"). The C++ ABI binds
// the extension to the exact DuckDB version in its metadata footer (v1.4.4, appended by
// scripts/append-duckdb-metadata.sh), so it loads only into that DuckDB.
#include <duckdb/main/extension/extension_loader.hpp>

#include "duckdb/extension/read_vortex.h"

extern "C" {

DUCKDB_CPP_EXTENSION_ENTRY(vortex, loader) {
    loader.SetDescription("Read Vortex columnar files: read_vortex() and FROM 'x.vortex'");
    vortex::duckdb_ext::RegisterReadVortex(loader);
}
}
