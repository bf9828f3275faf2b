// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

#include "vortex/array/array.h"

namespace vortex {

/// A field of the time of day (hour, minute, second) or of the calendar date (year, month,
/// day of the month; proleptic Gregorian, as DuckDB).
enum class DatePartField : uint8_t { Hour, Minute, Second, Year, Month, Day };

/// Year, month and day: fields of a date, which times lack.
bool IsCalendarField(DatePartField field);

std::string_view DatePartName(DatePartField field);

/// The hour (0-23), minute or second (0-59) of each value of a time or a timestamp, or the
/// year, month (1-12) or day (1-31) of each value of a date or a timestamp, as nullable i64:
/// the time of day is taken with floor semantics, so an instant before 1970 has its proper
/// hour and date. A zoned timestamp's parts are those of its UTC instant (no zone database
/// here; what DuckDB gives for TIMESTAMPTZ in a UTC session). The two values DuckDB
/// uses for infinite timestamps (INT64_MAX and -INT64_MAX) give null, as DuckDB's date parts
/// do, and so do infinite dates (INT32_MAX and -INT32_MAX days). Runs on the storage integers;
/// an error for other dtypes.
Result<ArrayRef> DatePart(const ArrayRef &temporal, DatePartField field);

} // namespace vortex
