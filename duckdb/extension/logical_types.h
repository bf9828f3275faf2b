// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/types/value.hpp>
#include <vector>

#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// The DuckDB type a column of `dtype` is read as. Integers, floats, bools, strings, blobs,
/// structs, lists and fixed-size lists (ARRAY) map one to one; f16 widens to FLOAT; decimals
/// of up to 38 digits keep precision and scale; temporal extensions become DATE, TIME,
/// TIMESTAMP_S/MS/(US)/NS, or TIMESTAMP WITH TIME ZONE when a zone is set; other extensions
/// read as their storage. Decimals wider than 38 digits or with a negative scale are
/// NotImplemented (DuckDB has no such type).
Result<::duckdb::LogicalType> ToLogicalType(const DType &dtype);

/// The positions of the UUID columns among `types`: DuckDB exports UUID to Arrow as text, and
/// these columns are written as vortex.uuid (UuidFieldsFromText, uuid_text.h).
std::vector<size_t> UuidColumns(const ::duckdb::vector<::duckdb::LogicalType> &types);

/// How a stored temporal value of `temporal` becomes DuckDB's: duck = stored * multiply, or
/// floor(stored / divide); at most one of them is not 1. DATE is days, TIME and TIMESTAMP WITH
/// TIME ZONE are microseconds, TIME_NS and the plain timestamps keep their unit.
struct TemporalScale {
    int64_t multiply = 1;
    int64_t divide = 1;
    /// DuckDB keeps the stored unit as it is.
    bool identity() const { return multiply == 1 && divide == 1; }
};
TemporalScale DuckDBScale(const TemporalMetadata &temporal);

/// `value` as a scalar of `dtype` (the column's dtype), exactly, or nullopt when the value has
/// no exact counterpart there (another type, a fraction of the column's time unit, an f16
/// column). Float constants convert bit for bit; DuckDB's float comparison semantics differ
/// from ours, so comparisons with them go through FloatComparison (float_filters.h).
std::optional<Scalar> ToScalar(const ::duckdb::Value &value, const DType &dtype);

} // namespace vortex::duckdb_ext
