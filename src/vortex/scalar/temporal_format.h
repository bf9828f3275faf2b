// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>

#include "vortex/dtype/extension.h"

namespace vortex {

/// Renders a temporal value as ISO 8601 text in the proleptic Gregorian calendar:
/// dates "2024-02-29", times "13:45:07.250", timestamps "2024-02-29 13:45:07.250". A
/// timestamp with a time zone is an instant; it is shown in UTC with a " UTC" suffix (the
/// zone name is not applied, which needs a time zone database).
std::string FormatTemporal(const TemporalMetadata &metadata, int64_t value);

/// Converts days since 1970-01-01 to a civil date.
struct CivilDate {
    int64_t year;
    unsigned month; // 1..12
    unsigned day;   // 1..31
};
CivilDate CivilFromDays(int64_t days);

} // namespace vortex
