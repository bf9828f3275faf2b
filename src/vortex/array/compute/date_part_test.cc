// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/date_part.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

// A time of day written out, and the instant (in seconds) it names on 1970-01-01 + days.
struct Clock {
    int64_t days, hour, minute, second;
    int64_t seconds() const { return days * 86'400 + hour * 3'600 + minute * 60 + second; }
};

std::vector<std::optional<int64_t>> Parts(const ArrayRef &temporal, DatePartField field) {
    auto result = DatePart(temporal, field);
    EXPECT_TRUE(result.ok()) << result.status().ToString();
    auto canonical = Canonicalize(*result).ValueOrDie();
    const auto *primitive = As<PrimitiveArray>(*canonical);
    EXPECT_NE(primitive, nullptr);
    EXPECT_EQ(primitive->ptype(), PType::I64);
    std::vector<std::optional<int64_t>> out;
    for (size_t i = 0; i < primitive->len(); ++i) {
        out.push_back(primitive->is_valid(i) ? std::optional<int64_t>(primitive->values_as<int64_t>()[i])
                                             : std::nullopt);
    }
    return out;
}

ArrayRef Timestamps(TimeUnit unit,
                    const std::vector<std::optional<int64_t>> &values,
                    std::optional<std::string> zone = std::nullopt) {
    DType dtype = TimestampDType(unit, std::move(zone), Nullability::Nullable).ValueOrDie();
    return ExtensionArray::Make(dtype, PrimitiveArray::FromOptionals(values));
}

// Instants on both sides of 1970 (floor semantics: one second before the epoch is 23:59:59
// of the day before), in every unit, with sub-second parts that must not round up.
TEST(DatePartTest, TimeOfDayOfTimestampsInEveryUnit) {
    const std::vector<Clock> clocks = {{0, 0, 0, 0},      {0, 7, 8, 9},      {-1, 23, 59, 59},
                                       {-1, 0, 0, 0},     {-365, 12, 30, 1}, {11'000, 6, 45, 30},
                                       {-30'000, 1, 2, 3}};
    const std::pair<TimeUnit, int64_t> units[] = {{TimeUnit::Seconds, 1},
                                                  {TimeUnit::Milliseconds, 1'000},
                                                  {TimeUnit::Microseconds, 1'000'000},
                                                  {TimeUnit::Nanoseconds, 1'000'000'000}};
    for (const auto &[unit, per_second] : units) {
        const int64_t fraction = per_second - 1; // the last tick of the second
        std::vector<std::optional<int64_t>> values;
        values.reserve(clocks.size() + 1);
        for (const Clock &clock : clocks) {
            values.emplace_back(clock.seconds() * per_second + fraction);
        }
        values.emplace_back(std::nullopt);
        const ArrayRef array = Timestamps(unit, values);
        std::vector<std::optional<int64_t>> hours, minutes, seconds;
        hours.reserve(clocks.size() + 1);
        minutes.reserve(clocks.size() + 1);
        seconds.reserve(clocks.size() + 1);
        for (const Clock &clock : clocks) {
            hours.emplace_back(clock.hour);
            minutes.emplace_back(clock.minute);
            seconds.emplace_back(clock.second);
        }
        hours.emplace_back(std::nullopt);
        minutes.emplace_back(std::nullopt);
        seconds.emplace_back(std::nullopt);
        EXPECT_EQ(Parts(array, DatePartField::Hour), hours) << TimeUnitName(unit);
        EXPECT_EQ(Parts(array, DatePartField::Minute), minutes) << TimeUnitName(unit);
        EXPECT_EQ(Parts(array, DatePartField::Second), seconds) << TimeUnitName(unit);
    }
}

TEST(DatePartTest, InfiniteTimestampsHaveNoParts) {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    const ArrayRef array = Timestamps(TimeUnit::Microseconds, {kMax, -kMax, int64_t{3'600'000'000}});
    const std::vector<std::optional<int64_t>> expected = {std::nullopt, std::nullopt, 1};
    EXPECT_EQ(Parts(array, DatePartField::Hour), expected);
}

TEST(DatePartTest, TimesOfEveryStorageWidth) {
    const Clock clock{0, 13, 14, 15};
    DType ms = TimeDType(TimeUnit::Milliseconds, Nullability::NonNullable).ValueOrDie();
    const ArrayRef as_i32 =
        ExtensionArray::Make(ms, PrimitiveArray::FromValues(std::vector<int32_t>{
                                     static_cast<int32_t>(clock.seconds() * 1'000 + 999), 0}));
    EXPECT_EQ(Parts(as_i32, DatePartField::Hour), (std::vector<std::optional<int64_t>>{13, 0}));
    EXPECT_EQ(Parts(as_i32, DatePartField::Second), (std::vector<std::optional<int64_t>>{15, 0}));
    DType ns = TimeDType(TimeUnit::Nanoseconds, Nullability::NonNullable).ValueOrDie();
    const ArrayRef as_i64 = ExtensionArray::Make(
        ns, PrimitiveArray::FromValues(std::vector<int64_t>{clock.seconds() * 1'000'000'000}));
    EXPECT_EQ(Parts(as_i64, DatePartField::Minute), (std::vector<std::optional<int64_t>>{14}));
}

TEST(DatePartTest, ZonedTimestampsGiveThePartsOfTheirUtcInstant) {
    // 1999-12-31 23:30:15 UTC and 1969-12-31 22:59:59 UTC, whatever zone the column names.
    const int64_t late = (int64_t{946684800} - 1800 + 15) * 1'000'000;
    const ArrayRef zoned =
        Timestamps(TimeUnit::Microseconds, {late, int64_t{-3'601'000'000}}, "Europe/Lisbon");
    EXPECT_EQ(Parts(zoned, DatePartField::Hour), (std::vector<std::optional<int64_t>>{23, 22}));
    EXPECT_EQ(Parts(zoned, DatePartField::Minute), (std::vector<std::optional<int64_t>>{30, 59}));
    EXPECT_EQ(Parts(zoned, DatePartField::Second), (std::vector<std::optional<int64_t>>{15, 59}));
}

// A calendar walked one day at a time from 1970-01-01 in either direction, with the leap
// rule written out: the reference the day-number arithmetic is checked against.
struct WalkedDate {
    int64_t year = 1970, month = 1, day = 1;

    static bool Leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
    static int64_t DaysIn(int64_t y, int64_t m) {
        static constexpr int64_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        return m == 2 && Leap(y) ? 29 : kDays[m - 1];
    }
    void Next() {
        if (++day > DaysIn(year, month)) {
            day = 1;
            if (++month > 12) {
                month = 1;
                ++year;
            }
        }
    }
    void Previous() {
        if (--day < 1) {
            if (--month < 1) {
                month = 12;
                --year;
            }
            day = DaysIn(year, month);
        }
    }
};

// Every day from about 1570 to 2370 (four leap centuries, both sides of 1970), as dates in
// days and as timestamps in every unit at the day's last tick (floor, not round).
TEST(DatePartTest, YearMonthDayOfEveryDayOverEightCenturies) {
    constexpr int64_t kSpan = 146'097; // 400 years
    std::vector<std::optional<int32_t>> days;
    std::vector<int64_t> years, months, day_of_month;
    WalkedDate back;
    std::vector<WalkedDate> before;
    for (int64_t d = 0; d < kSpan; ++d) {
        back.Previous();
        before.push_back(back);
    }
    for (int64_t i = kSpan; i-- > 0;) {
        days.push_back(static_cast<int32_t>(-(i + 1)));
        years.push_back(before[i].year);
        months.push_back(before[i].month);
        day_of_month.push_back(before[i].day);
    }
    WalkedDate forward;
    for (int64_t d = 0; d < kSpan; ++d, forward.Next()) {
        days.push_back(static_cast<int32_t>(d));
        years.push_back(forward.year);
        months.push_back(forward.month);
        day_of_month.push_back(forward.day);
    }
    // Days [first, first + got.size()) of the walk.
    const auto expect = [&](const ArrayRef &array, size_t first, const std::string &what) {
        const std::pair<DatePartField, const std::vector<int64_t> *> fields[] = {
            {DatePartField::Year, &years},
            {DatePartField::Month, &months},
            {DatePartField::Day, &day_of_month}};
        for (const auto &[field, expected] : fields) {
            const std::vector<std::optional<int64_t>> got = Parts(array, field);
            ASSERT_EQ(got.size(), array->len());
            for (size_t i = 0; i < got.size(); ++i) {
                ASSERT_EQ(got[i], std::optional<int64_t>((*expected)[first + i]))
                    << what << " " << DatePartName(field) << " of day " << *days[first + i];
            }
        }
    };
    DType date_dtype = DateDType(TimeUnit::Days, Nullability::Nullable).ValueOrDie();
    expect(ExtensionArray::Make(date_dtype, PrimitiveArray::FromOptionals(days)), 0, "date");
    const std::pair<TimeUnit, int64_t> units[] = {{TimeUnit::Seconds, 86'400},
                                                  {TimeUnit::Milliseconds, 86'400'000},
                                                  {TimeUnit::Microseconds, 86'400'000'000},
                                                  {TimeUnit::Nanoseconds, 86'400'000'000'000}};
    for (const auto &[unit, per_day] : units) {
        // Nanoseconds in an i64 reach only 1677-2262: those take the middle of the walk.
        const size_t first = unit == TimeUnit::Nanoseconds ? days.size() / 2 - 106'000 : 0;
        const size_t count = unit == TimeUnit::Nanoseconds ? 212'000 : days.size();
        std::vector<std::optional<int64_t>> instants;
        for (size_t i = first; i < first + count; ++i) {
            instants.push_back(int64_t{*days[i]} * per_day + per_day - 1);
        }
        expect(Timestamps(unit, instants), first, "timestamp");
    }
}

TEST(DatePartTest, InfiniteAndNullDatesHaveNoParts) {
    DType dtype = DateDType(TimeUnit::Days, Nullability::Nullable).ValueOrDie();
    const ArrayRef dates =
        ExtensionArray::Make(dtype, PrimitiveArray::FromOptionals(std::vector<std::optional<int32_t>>{
                                        std::numeric_limits<int32_t>::max(),
                                        -std::numeric_limits<int32_t>::max(), std::nullopt, 19'000}));
    EXPECT_EQ(Parts(dates, DatePartField::Year),
              (std::vector<std::optional<int64_t>>{std::nullopt, std::nullopt, std::nullopt, 2022}));
    EXPECT_EQ(Parts(dates, DatePartField::Month),
              (std::vector<std::optional<int64_t>>{std::nullopt, std::nullopt, std::nullopt, 1}));
    EXPECT_EQ(Parts(dates, DatePartField::Day),
              (std::vector<std::optional<int64_t>>{std::nullopt, std::nullopt, std::nullopt, 8}));
}

TEST(DatePartTest, CalendarPartsOfTimesAreRejected) {
    DType time = TimeDType(TimeUnit::Microseconds, Nullability::NonNullable).ValueOrDie();
    const ArrayRef times = ExtensionArray::Make(time, PrimitiveArray::FromValues(std::vector<int64_t>{1}));
    EXPECT_FALSE(DatePart(times, DatePartField::Year).ok());
    EXPECT_FALSE(DatePart(times, DatePartField::Day).ok());
    EXPECT_TRUE(DatePart(times, DatePartField::Hour).ok());
}

TEST(DatePartTest, RejectsDatesAndOtherTypes) {
    DType days = DateDType(TimeUnit::Days, Nullability::NonNullable).ValueOrDie();
    const ArrayRef dates = ExtensionArray::Make(days, PrimitiveArray::FromValues(std::vector<int32_t>{1}));
    EXPECT_FALSE(DatePart(dates, DatePartField::Hour).ok());
    EXPECT_FALSE(DatePart(PrimitiveArray::FromValues(std::vector<int64_t>{1}), DatePartField::Hour).ok());
}

} // namespace
} // namespace vortex
