# SPDX-License-Identifier: Apache-2.0
# DuckDB as a prebuilt shared library: headers and libduckdb.so come from the pinned,
# checksummed scripts/install-duckdb.sh into the git-ignored third_party/duckdb/ (DESIGN.md
# section 3). Nothing is downloaded at configure time.
#
# Defines the IMPORTED target duckdb::duckdb. Its include directories are SYSTEM, so DuckDB's
# headers do not trip our warning flags, and linking it adds libduckdb.so's directory to the
# build rpath, so test and tool binaries run from the build tree without LD_LIBRARY_PATH.

set(VORTEX_DUCKDB_DIR "${PROJECT_SOURCE_DIR}/third_party/duckdb" CACHE PATH
    "Where scripts/install-duckdb.sh put DuckDB (include/, lib/libduckdb.so)")

set(_vortex_duckdb_lib "${VORTEX_DUCKDB_DIR}/lib/libduckdb.so")
set(_vortex_duckdb_include "${VORTEX_DUCKDB_DIR}/include")
if(NOT EXISTS "${_vortex_duckdb_lib}" OR NOT EXISTS "${_vortex_duckdb_include}/duckdb.h"
   OR NOT EXISTS "${VORTEX_DUCKDB_DIR}/VERSION")
    message(FATAL_ERROR
        "VORTEX_BUILD_DUCKDB is ON but DuckDB is not installed in ${VORTEX_DUCKDB_DIR}.\n"
        "Run scripts/install-duckdb.sh (it fetches the pinned headers and libduckdb.so), "
        "or configure with -DVORTEX_BUILD_DUCKDB=OFF.")
endif()

if(NOT TARGET duckdb::duckdb)
    add_library(duckdb::duckdb SHARED IMPORTED GLOBAL)
    set_target_properties(duckdb::duckdb PROPERTIES
        IMPORTED_LOCATION "${_vortex_duckdb_lib}"
        INTERFACE_INCLUDE_DIRECTORIES "${_vortex_duckdb_include}"
        INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${_vortex_duckdb_include}")
    # CMake puts an imported library's directory into the build-tree RUNPATH of every binary
    # that links it; the install tree gets it explicitly, since libduckdb.so is not installed
    # into a system directory.
    list(APPEND CMAKE_INSTALL_RPATH "${VORTEX_DUCKDB_DIR}/lib")
endif()

file(STRINGS "${VORTEX_DUCKDB_DIR}/VERSION" _vortex_duckdb_version LIMIT_COUNT 1)
message(STATUS "DuckDB: ${_vortex_duckdb_version} from ${VORTEX_DUCKDB_DIR}")
