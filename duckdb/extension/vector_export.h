// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb.hpp>

#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// Writes the rows of `array` (any encoding; no more rows than `out` holds) into `out`, a
/// vector of ToLogicalType(array->dtype()).
///
/// A constant array becomes a constant vector. Primitive values whose bytes DuckDB keeps as
/// they are (integers, f32/f64, decimals of DuckDB's width, dates in days, times and
/// timestamps in DuckDB's unit) and every string are referenced, not copied, with the array
/// kept alive by the vector; other values are converted. Nested children are copied into the
/// child vectors DuckDB owns.
Status ExportVector(const ArrayRef &array, ::duckdb::Vector &out);

} // namespace vortex::duckdb_ext
