// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/exception.hpp>
#include <string_view>

#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// Our errors inside DuckDB callbacks become DuckDB exceptions, which fail the query with the
/// message and leave the database running: "`what`: <status>".
[[noreturn]] inline void ThrowStatus(std::string_view what, const Status &status) {
    throw ::duckdb::IOException("%s: %s", std::string(what), status.ToString());
}

/// The value of `result`, or ThrowStatus(what, its error).
template <typename T>
T ValueOrThrow(std::string_view what, Result<T> result) {
    if (!result.ok()) {
        ThrowStatus(what, result.status());
    }
    return *std::move(result);
}

} // namespace vortex::duckdb_ext
