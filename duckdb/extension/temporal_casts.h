// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/types/value.hpp>
#include <optional>
#include <string_view>

#include "vortex/expr/expression.h"
#include "vortex/vortex.h"

namespace duckdb {
class ClientContext;
} // namespace duckdb

namespace vortex::duckdb_ext {

/// `CAST(column AS target) op value` as comparisons on the column itself, so they run on its
/// storage and prune with its zone maps: what DuckDB asks for when a date column meets a
/// timestamp constant (`d >= TIMESTAMP '2001-03-01'`), or a timestamp column a date constant
/// (`ts::DATE = DATE '2001-03-01'`).
///
/// Only casts that are exact monotone maps of the stored ticks are translated: from a coarser
/// unit to a finer one (DATE, TIMESTAMP_S, _MS, (US), _NS: the column's ticks times a whole
/// factor) and from TIMESTAMP_S/_MS/(US) to DATE (floor to whole days, as DuckDB's cast does).
/// TIMESTAMP WITH TIME ZONE (µs) takes part only when `utc_session` (the session's TimeZone
/// has offset zero, SessionIsUtc): its casts are then those of a plain timestamp. Everything
/// else (casts that depend on a zone or truncate towards zero) gives nullopt, as do bounds the
/// column's storage cannot hold; the caller then leaves the filter to DuckDB.
std::optional<expr::ExprRef> TranslateTemporalCast(CompareOp op,
                                                   const expr::ExprRef &column,
                                                   const DType &dtype,
                                                   const ::duckdb::LogicalType &column_type,
                                                   const ::duckdb::LogicalType &target,
                                                   const ::duckdb::Value &value,
                                                   bool utc_session);

/// Whether DuckDB's TimeZone setting `zone` names a zone whose offset is always zero ("UTC",
/// "Etc/UTC", "GMT", ...): zoned timestamps then cast and split into parts as plain ones.
bool IsUtcZone(std::string_view zone);

/// Whether the session's TimeZone setting is a UTC zone (false when there is no such setting:
/// without ICU, DuckDB's zoned functions are not ones we model).
bool SessionIsUtc(::duckdb::ClientContext &context);

} // namespace vortex::duckdb_ext
