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

TEST(DatePartTest, RejectsDatesAndOtherTypes) {
    DType days = DateDType(TimeUnit::Days, Nullability::NonNullable).ValueOrDie();
    const ArrayRef dates = ExtensionArray::Make(days, PrimitiveArray::FromValues(std::vector<int32_t>{1}));
    EXPECT_FALSE(DatePart(dates, DatePartField::Hour).ok());
    EXPECT_FALSE(DatePart(PrimitiveArray::FromValues(std::vector<int64_t>{1}), DatePartField::Hour).ok());
}

} // namespace
} // namespace vortex
