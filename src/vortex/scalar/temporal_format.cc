// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar/temporal_format.h"

#include "vortex/base/floor_div.h"
#include "vortex/base/format.h"

namespace vortex {
namespace {

constexpr int64_t kSecondsPerDay = 86'400;

// Units per second, and the number of fraction digits that unit shows.
struct UnitScale {
    int64_t per_second;
    int digits;
};

UnitScale ScaleOf(TimeUnit unit) {
    switch (unit) {
        case TimeUnit::Nanoseconds:
            return {1'000'000'000, 9};
        case TimeUnit::Microseconds:
            return {1'000'000, 6};
        case TimeUnit::Milliseconds:
            return {1'000, 3};
        case TimeUnit::Seconds:
        case TimeUnit::Days:
            return {1, 0};
    }
    return {1, 0};
}

std::string FormatDate(int64_t days) {
    const CivilDate d = CivilFromDays(days);
    return format("{:04}-{:02}-{:02}", d.year, d.month, d.day);
}

// Formats a time of day given as whole seconds since midnight plus a sub-second fraction.
std::string FormatTimeOfDay(int64_t seconds, int64_t fraction, int digits) {
    std::string out = format("{:02}:{:02}:{:02}", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if (digits > 0) {
        out += format(".{:0{}}", fraction, digits);
    }
    return out;
}

} // namespace

namespace {

// Any day count: counted in 400-year eras from 0000-03-01, so that leap days fall at the end of
// each year (for counts beyond CivilFromDays' fast range).
CivilDate CivilFromDaysByEras(int64_t days) {
    // Shift the epoch to 0000-03-01 so leap days fall at the end of a 400-year era.
    const int64_t z = days + 719'468;
    const int64_t era = FloorDiv(z, 146'097);
    const int64_t day_of_era = z - era * 146'097;
    const int64_t year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36'524 - day_of_era / 146'096) / 365;
    const int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const int64_t shifted_month = (5 * day_of_year + 2) / 153; // March = 0
    const auto day = static_cast<unsigned>(day_of_year - (153 * shifted_month + 2) / 5 + 1);
    const auto month = static_cast<unsigned>(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
    const int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
    return {year, month, day};
}

// CivilFromDays' fast path shifts day counts by this many 400-year eras, so that every count a
// timestamp of any unit can hold (|days| < 1.07e14) is non-negative and each division is an
// unsigned one by a constant (a multiplication).
constexpr uint64_t kShiftEras = 800'000'000;
constexpr int64_t kShiftDays = 719'468 + static_cast<int64_t>(146'097 * kShiftEras); // to 0000-03-01
constexpr int64_t kFastDays = 110'000'000'000'000;

} // namespace

CivilDate CivilFromDays(int64_t days) {
    if (days < -kFastDays || days > kFastDays) {
        return CivilFromDaysByEras(days);
    }
    // Neri and Schneider's Euclidean affine formulation ("Euclidean affine functions and their
    // application to calendar algorithms", 2022) over a March-based year: centuries, then the
    // year of the century and day of the year, then month and day, each from one product.
    const uint64_t n = static_cast<uint64_t>(days + kShiftDays);
    const uint64_t n1 = 4 * n + 3;
    const uint64_t century = n1 / 146'097;
    const uint64_t day_of_century = n1 % 146'097 / 4;
    const uint64_t p2 = 2'939'745 * (4 * day_of_century + 3);
    const uint64_t year_of_century = p2 >> 32;
    const uint64_t day_of_year = (p2 & 0xFFFF'FFFF) / 2'939'745 / 4; // 0 = March 1st
    const uint64_t n3 = 2'141 * day_of_year + 197'913;
    const auto month = static_cast<unsigned>(n3 >> 16); // 3..14
    const auto day = static_cast<unsigned>((n3 & 0xFFFF) / 2'141 + 1);
    const bool next_year = day_of_year >= 306; // January or February
    const int64_t year = static_cast<int64_t>(100 * century + year_of_century) -
                         static_cast<int64_t>(400 * kShiftEras) + (next_year ? 1 : 0);
    return {year, next_year ? month - 12 : month, day};
}

std::string FormatTemporal(const TemporalMetadata &metadata, int64_t value) {
    const UnitScale scale = ScaleOf(metadata.unit);
    switch (metadata.kind) {
        case TemporalMetadata::Kind::Date:
            if (metadata.unit == TimeUnit::Days) {
                return FormatDate(value);
            }
            return FormatDate(FloorDiv(value, scale.per_second * kSecondsPerDay));
        case TemporalMetadata::Kind::Time: {
            const int64_t seconds = FloorDiv(value, scale.per_second);
            return FormatTimeOfDay(seconds, FloorMod(value, scale.per_second), scale.digits);
        }
        case TemporalMetadata::Kind::Timestamp: {
            const int64_t seconds = FloorDiv(value, scale.per_second);
            // Not value - seconds * per_second: near INT64_MIN that product overflows.
            const int64_t fraction = FloorMod(value, scale.per_second);
            const int64_t days = FloorDiv(seconds, kSecondsPerDay);
            std::string out = FormatDate(days) + " " +
                              FormatTimeOfDay(FloorMod(seconds, kSecondsPerDay), fraction, scale.digits);
            if (metadata.time_zone) {
                out += " UTC";
            }
            return out;
        }
    }
    return format("{}", value);
}

} // namespace vortex
