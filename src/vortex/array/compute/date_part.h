// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

#include "vortex/array/array.h"

namespace vortex {

/// A field of the time of day.
enum class DatePartField : uint8_t { Hour, Minute, Second };

std::string_view DatePartName(DatePartField field);

/// The hour (0-23), minute or second (0-59) of each value of a time or a timestamp, as
/// nullable i64: the time of day is taken with floor semantics, so an instant before 1970 has
/// its proper hour. A zoned timestamp's parts are those of its UTC instant (no zone database
/// here; what DuckDB gives for TIMESTAMPTZ in a UTC session). The two values DuckDB
/// uses for infinite timestamps (INT64_MAX and -INT64_MAX) give null, as DuckDB's date parts
/// do. Runs on the storage integers; an error for other dtypes.
Result<ArrayRef> DatePart(const ArrayRef &temporal, DatePartField field);

} // namespace vortex
