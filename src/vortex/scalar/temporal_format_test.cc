// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <climits>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/scalar/scalar.h"
#include "vortex/scalar/temporal_format.h"

namespace vortex {
namespace {

using Kind = TemporalMetadata::Kind;

TEST(TemporalFormatTest, CivilDatesAroundTheEpochAndLeapYears) {
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Days, {}}, 0), "1970-01-01");
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Days, {}}, -1), "1969-12-31");
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Days, {}}, 11'016), "2000-02-29");
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Days, {}}, 19'782), "2024-02-29");
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Days, {}}, -719'162), "0001-01-01");
    EXPECT_EQ(FormatTemporal({Kind::Date, TimeUnit::Milliseconds, {}}, -1), "1969-12-31");
    // Walk 1600..2400 day by day and check the calendar never skips or repeats a day.
    CivilDate previous = CivilFromDays(-135'140 - 1);
    for (int64_t days = -135'140; days < 157'000; ++days) {
        const CivilDate d = CivilFromDays(days);
        const bool next_day =
            d.year == previous.year && d.month == previous.month && d.day == previous.day + 1;
        const bool next_month = d.year == previous.year && d.month == previous.month + 1 && d.day == 1;
        const bool next_year =
            d.year == previous.year + 1 && d.month == 1 && d.day == 1 && previous.month == 12;
        ASSERT_TRUE(next_day || next_month || next_year) << days;
        previous = d;
    }
}

// The inverse, by year and month arithmetic (independent of CivilFromDays' formulas).
int64_t DaysFromCivil(int64_t year, unsigned month, unsigned day) {
    const int64_t y = year - (month <= 2 ? 1 : 0);
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t year_of_era = y - era * 400;
    const int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146'097 + day_of_era - 719'468;
}

unsigned DaysInMonth(int64_t year, unsigned month) {
    const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && leap ? 29 : kDays[month - 1];
}

TEST(TemporalFormatTest, CivilDatesAreValidAndInvertEverywhere) {
    std::mt19937_64 rng(20261206);
    std::vector<int64_t> days;
    // Every range a timestamp of any unit reaches, and the edges of the fast path's range.
    for (const int64_t scale : {int64_t{100'000}, int64_t{100'000'000}, int64_t{110'000'000'000'000}}) {
        std::uniform_int_distribution<int64_t> any(-scale, scale);
        for (int i = 0; i < 100'000; ++i) {
            days.push_back(any(rng));
        }
    }
    for (const int64_t edge :
         {int64_t{110'000'000'000'000}, int64_t{-110'000'000'000'000}, INT64_MAX / 86'400, INT64_MIN / 86'400,
          int64_t{INT32_MAX}, int64_t{INT32_MIN}}) {
        for (int64_t d = edge - 3; d <= edge + 3; ++d) {
            days.push_back(d);
        }
    }
    for (const int64_t d : days) {
        const CivilDate date = CivilFromDays(d);
        ASSERT_GE(date.month, 1u) << d;
        ASSERT_LE(date.month, 12u) << d;
        ASSERT_GE(date.day, 1u) << d;
        ASSERT_LE(date.day, DaysInMonth(date.year, date.month)) << d;
        ASSERT_EQ(DaysFromCivil(date.year, date.month, date.day), d) << d;
    }
}

TEST(TemporalFormatTest, TimesAndTimestamps) {
    EXPECT_EQ(FormatTemporal({Kind::Time, TimeUnit::Seconds, {}}, 49'507), "13:45:07");
    EXPECT_EQ(FormatTemporal({Kind::Time, TimeUnit::Milliseconds, {}}, 49'507'250), "13:45:07.250");
    EXPECT_EQ(FormatTemporal({Kind::Time, TimeUnit::Nanoseconds, {}}, 1), "00:00:00.000000001");
    EXPECT_EQ(FormatTemporal({Kind::Timestamp, TimeUnit::Microseconds, {}}, -1),
              "1969-12-31 23:59:59.999999");
    EXPECT_EQ(FormatTemporal({Kind::Timestamp, TimeUnit::Seconds, "Europe/Paris"}, 1'709'214'307),
              "2024-02-29 13:45:07 UTC");
}

TEST(TemporalFormatTest, ScalarToStringRendersTemporalExtensions) {
    const DType date = *DateDType(TimeUnit::Days, Nullability::Nullable);
    EXPECT_EQ(Scalar::Extension(date, Scalar::Primitive<int32_t>(19'782, Nullability::Nullable)).ToString(),
              "2024-02-29");
    EXPECT_EQ(Scalar::Null(date).ToString(), "null");
}

} // namespace
} // namespace vortex

namespace vortex {
namespace {

TEST(TemporalFormatTest, ExtremeValuesDoNotOverflow) {
    // Microseconds: the last representable instant before 1970 and INT64_MIN itself.
    EXPECT_EQ(FormatTemporal({TemporalMetadata::Kind::Timestamp, TimeUnit::Microseconds, {}}, -1),
              "1969-12-31 23:59:59.999999");
    for (TimeUnit unit :
         {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds}) {
        for (int64_t value : {INT64_MIN, INT64_MIN + 1, INT64_MAX}) {
            std::string text = FormatTemporal({TemporalMetadata::Kind::Timestamp, unit, {}}, value);
            EXPECT_FALSE(text.empty());
            if (unit != TimeUnit::Seconds) {
                EXPECT_FALSE(FormatTemporal({TemporalMetadata::Kind::Time, unit, {}}, value).empty());
            }
        }
    }
    EXPECT_EQ(FormatTemporal({TemporalMetadata::Kind::Timestamp, TimeUnit::Nanoseconds, {}}, INT64_MIN),
              "1677-09-21 00:12:43.145224192");
}

} // namespace
} // namespace vortex
