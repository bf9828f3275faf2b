// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/encodings/datetime_parts/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

bool IsTimestamp(const DType &dtype) {
    return dtype.is_extension() && dtype.extension().id == kTimestampId;
}

struct DateTimePartsConformance {
    static bool Supports(const DType &dtype) { return IsTimestamp(dtype); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        return datetime_parts::DateTimePartsEncode(canonical);
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(DateTimeParts, ArrayConformanceTest, DateTimePartsConformance);

struct DateTimePartsNarrowedConformance {
    static bool Supports(const DType &dtype) { return IsTimestamp(dtype); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        return datetime_parts::DateTimePartsEncodeNarrowed(canonical);
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(DateTimePartsNarrowed, ArrayConformanceTest, DateTimePartsNarrowedConformance);

namespace datetime_parts {
namespace {

constexpr TimeUnit kUnits[] = {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds,
                               TimeUnit::Nanoseconds};

DType Timestamp(TimeUnit unit, Nullability nullability) {
    auto dtype = TimestampDType(unit, std::string("UTC"), nullability);
    VX_CHECK(dtype.ok());
    return *dtype;
}

ArrayRef Timestamps(TimeUnit unit, const std::vector<std::optional<int64_t>> &values) {
    return ExtensionArray::Make(Timestamp(unit, Nullability::Nullable),
                                PrimitiveArray::FromOptionals(values));
}

std::vector<uint8_t> ReadGolden(const std::string &name) {
    std::ifstream in(std::string(VORTEX_GOLDEN_DIR) + "/" + name, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const DateTimePartsArray &AsParts(const ArrayRef &array) {
    const auto *parts = As<DateTimePartsArray>(*array);
    VX_CHECK(parts != nullptr);
    return *parts;
}

// The reference test (encodings/datetime-parts/src/lib.rs, test_datetimeparts_metadata)
// writes the metadata of I64 days, seconds and subseconds: what an unnarrowed split gives.
TEST(DateTimePartsArrayTest, GoldenMetadata) {
    const std::vector<uint8_t> golden = ReadGolden("datetimeparts.metadata");
    ASSERT_FALSE(golden.empty());
    const DateTimePartsMetadata metadata{PType::I64, PType::I64, PType::I64};
    EXPECT_EQ(metadata.Serialize(), golden);
    ASSERT_OK_AND_ASSIGN(DateTimePartsMetadata parsed, DateTimePartsMetadata::Parse(golden));
    EXPECT_EQ(parsed, metadata);

    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DateTimePartsEncode(Timestamps(TimeUnit::Milliseconds, {1, 2})));
    ASSERT_OK_AND_ASSIGN(std::vector<uint8_t> bytes, encoded->SerializeMetadata());
    EXPECT_EQ(bytes, golden);
}

TEST(DateTimePartsArrayTest, SplitsWithTruncatingDivision) {
    const int64_t day_ms = 86'400'000;
    const int64_t value = (86'400 + 3'723) * 1'000 + 456;
    ArrayRef input = Timestamps(TimeUnit::Milliseconds, {value, -1, -day_ms - 1, std::nullopt, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DateTimePartsEncode(input));
    const DateTimePartsArray &parts = AsParts(encoded);
    ASSERT_OK_AND_ASSIGN(ArrayRef days, Canonicalize(parts.days()));
    ASSERT_OK_AND_ASSIGN(ArrayRef seconds, Canonicalize(parts.seconds()));
    ASSERT_OK_AND_ASSIGN(ArrayRef subseconds, Canonicalize(parts.subseconds()));
    EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromOptionals<int64_t>({1, 0, -1, std::nullopt, 0}), days);
    EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromValues<int64_t>({3'723, 0, 0, 0, 0}), seconds);
    EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromValues<int64_t>({456, -1, -1, 0, 0}), subseconds);
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
    EXPECT_ARRAYS_EQUAL(input, canonical);
    ASSERT_OK_AND_ASSIGN(Scalar third, ScalarAt(encoded, 2));
    EXPECT_EQ(third.StorageScalar().as<int64_t>(), -day_ms - 1);
    EXPECT_EQ(NullCount(encoded), 1u);
}

// Each unit divides by its own constant; every one must truncate as plain division does,
// at the extremes of int64 and on both sides of zero.
TEST(DateTimePartsArrayTest, SplitsEveryUnitLikePlainDivision) {
    const int64_t ticks[] = {1, 1'000, 1'000'000, 1'000'000'000};
    const std::vector<int64_t> values = {std::numeric_limits<int64_t>::min(),
                                         std::numeric_limits<int64_t>::min() + 1,
                                         -86'400'000'000'000 - 1,
                                         -1'000'000'001,
                                         -86'401,
                                         -1,
                                         0,
                                         1,
                                         86'399,
                                         86'400,
                                         1'700'000'000'123'456'789,
                                         std::numeric_limits<int64_t>::max()};
    for (size_t u = 0; u < 4; ++u) {
        SCOPED_TRACE(TimeUnitName(kUnits[u]));
        std::vector<std::optional<int64_t>> input(values.begin(), values.end());
        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DateTimePartsEncode(Timestamps(kUnits[u], input)));
        const DateTimePartsArray &parts = AsParts(encoded);
        ASSERT_OK_AND_ASSIGN(ArrayRef days, Canonicalize(parts.days()));
        ASSERT_OK_AND_ASSIGN(ArrayRef seconds, Canonicalize(parts.seconds()));
        ASSERT_OK_AND_ASSIGN(ArrayRef subseconds, Canonicalize(parts.subseconds()));
        const int64_t per_day = 86'400 * ticks[u];
        std::vector<int64_t> want_days, want_seconds, want_subseconds;
        for (int64_t v : values) {
            want_days.push_back(v / per_day);
            want_seconds.push_back(v % per_day / ticks[u]);
            want_subseconds.push_back(v % per_day % ticks[u]);
        }
        EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromValues(want_days, Validity::AllValid()), days);
        EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromValues(want_seconds), seconds);
        EXPECT_ARRAYS_EQUAL(PrimitiveArray::FromValues(want_subseconds), subseconds);
    }
}

TEST(DateTimePartsArrayTest, NarrowsLikeTheReferenceScheme) {
    const int64_t day_s = 86'400;
    // Non-negative parts become unsigned: days <= 255 -> U8, seconds up to 86399 -> U32,
    // subseconds 0 -> U8.
    ASSERT_OK_AND_ASSIGN(ArrayRef positive, DateTimePartsEncodeNarrowed(
                                                Timestamps(TimeUnit::Seconds, {0, 200 * day_s + 86'399})));
    EXPECT_EQ(AsParts(positive).metadata(), (DateTimePartsMetadata{PType::U8, PType::U32, PType::U8}));
    // A negative part becomes signed (subseconds -1..999: I16); days 0..300 need U16 and
    // seconds 0..70000 need U32.
    ASSERT_OK_AND_ASSIGN(ArrayRef negative,
                         DateTimePartsEncodeNarrowed(
                             Timestamps(TimeUnit::Milliseconds, {-1, (300 * day_s + 70'000) * 1'000 + 999})));
    EXPECT_EQ(AsParts(negative).metadata(), (DateTimePartsMetadata{PType::U16, PType::U32, PType::I16}));
    // All-null days become U8 zeros (the bounds ignore the values under nulls).
    ASSERT_OK_AND_ASSIGN(ArrayRef nulls, DateTimePartsEncodeNarrowed(Timestamps(
                                             TimeUnit::Nanoseconds, {std::nullopt, std::nullopt})));
    EXPECT_EQ(AsParts(nulls).metadata().days_ptype, PType::U8);
    // Days beyond u32 stay I64.
    const int64_t far = int64_t{5'000'000'000} * day_s;
    ASSERT_OK_AND_ASSIGN(ArrayRef wide, DateTimePartsEncodeNarrowed(Timestamps(TimeUnit::Seconds, {far, 0})));
    EXPECT_EQ(AsParts(wide).metadata().days_ptype, PType::I64);
    for (const ArrayRef &encoded : {positive, negative, nulls, wide}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef read,
                             testing::SerdeRoundTrip(encoded, &RegisterDateTimePartsEncodings));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Canonicalize(encoded));
        EXPECT_ARRAYS_EQUAL(expected, read);
    }
}

TEST(DateTimePartsArrayTest, RandomRoundTripsWithNulls) {
    uint64_t seed = 7;
    for (TimeUnit unit : kUnits) {
        for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
            for (double density : {0.0, 0.1, 0.5, 1.0}) {
                for (size_t len : {0, 1, 1023, 1024, 1025, 5000}) {
                    for (bool sliced : {false, true}) {
                        SCOPED_TRACE(::testing::Message() << TimeUnitName(unit) << " len " << len << " nulls "
                                                          << density << " sliced " << sliced);
                        ArrayRef input = RandomArray(Timestamp(unit, nullability),
                                                     {.len = len, .null_fraction = density, .seed = ++seed});
                        if (sliced) {
                            ASSERT_OK_AND_ASSIGN(input, ToSliced(input, seed));
                        }
                        for (auto encode : {&DateTimePartsEncode, &DateTimePartsEncodeNarrowed}) {
                            ASSERT_OK_AND_ASSIGN(ArrayRef encoded, encode(input));
                            ASSERT_EQ(encoded->encoding_id(), DateTimePartsEncoding::kId);
                            ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
                            EXPECT_ARRAYS_EQUAL(input, canonical);
                            ASSERT_OK_AND_ASSIGN(
                                ArrayRef read,
                                testing::SerdeRoundTrip(encoded, &RegisterDateTimePartsEncodings));
                            EXPECT_EQ(read->encoding_id(), DateTimePartsEncoding::kId);
                            EXPECT_ARRAYS_EQUAL(input, read);
                            if (len > 2) {
                                ASSERT_OK_AND_ASSIGN(ArrayRef part, Slice(encoded, 1, len - 1));
                                EXPECT_EQ(part->encoding_id(), DateTimePartsEncoding::kId);
                                ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, 1, len - 1));
                                ASSERT_OK_AND_ASSIGN(
                                    ArrayRef part_read,
                                    testing::SerdeRoundTrip(part, &RegisterDateTimePartsEncodings));
                                EXPECT_ARRAYS_EQUAL(expected, part_read);
                            }
                        }
                    }
                }
            }
        }
    }
}

TEST(DateTimePartsArrayTest, KernelsPushIntoTheParts) {
    ArrayRef input = Timestamps(TimeUnit::Microseconds, {10, std::nullopt, -20'000'000, 86'400'000'000, 5});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DateTimePartsEncodeNarrowed(input));

    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(encoded, Mask::FromIndices(5, {1, 3})));
    EXPECT_EQ(filtered->encoding_id(), DateTimePartsEncoding::kId);
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_filter, Filter(input, Mask::FromIndices(5, {1, 3})));
    EXPECT_ARRAYS_EQUAL(expected_filter, filtered);

    // Nullable indices: days become nullable, seconds and subseconds stay non-nullable.
    ArrayRef indices = PrimitiveArray::FromOptionals<uint8_t>({4, std::nullopt, 2, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, indices));
    EXPECT_EQ(taken->encoding_id(), DateTimePartsEncoding::kId);
    EXPECT_FALSE(AsParts(taken).seconds()->dtype().is_nullable());
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_take, Take(input, indices));
    EXPECT_ARRAYS_EQUAL(expected_take, taken);
    EXPECT_RAISES(OutOfBounds, Take(encoded, PrimitiveArray::FromValues<int32_t>({5})));

    // Non-nullable input and non-nullable indices keep a non-nullable result.
    ArrayRef dense = ExtensionArray::Make(Timestamp(TimeUnit::Seconds, Nullability::NonNullable),
                                          PrimitiveArray::FromValues<int64_t>({3, 1, 2}));
    ASSERT_OK_AND_ASSIGN(ArrayRef dense_encoded, DateTimePartsEncode(dense));
    ASSERT_OK_AND_ASSIGN(ArrayRef dense_taken,
                         Take(dense_encoded, PrimitiveArray::FromValues<uint32_t>({2, 2})));
    EXPECT_FALSE(dense_taken->dtype().is_nullable());
    ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(dense_taken, 1));
    EXPECT_EQ(value.StorageScalar().as<int64_t>(), 2);
}

TEST(DateTimePartsArrayTest, CompareEqualityMatchesCanonical) {
    const int64_t day_us = 86'400'000'000;
    ArrayRef input = Timestamps(TimeUnit::Microseconds, {10, std::nullopt, -20'000'000, day_us, 5, day_us,
                                                         -20'000'000, 300 * day_us + 7});
    ASSERT_OK_AND_ASSIGN(ArrayRef plain, DateTimePartsEncode(input));
    ASSERT_OK_AND_ASSIGN(ArrayRef narrowed, DateTimePartsEncodeNarrowed(input));
    // Present values, absent ones, and constants whose parts overflow the narrowed ptypes.
    for (int64_t constant : {int64_t{10}, int64_t{-20'000'000}, day_us, int64_t{11}, 1'000'000 * day_us,
                             int64_t{-1}, 300 * day_us + 7}) {
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Gte}) {
            for (Nullability n : {Nullability::NonNullable, Nullability::Nullable}) {
                SCOPED_TRACE(::testing::Message() << constant << " " << CompareOpName(op));
                const Scalar value = Scalar::Extension(Timestamp(TimeUnit::Microseconds, n),
                                                       Scalar::Primitive<int64_t>(constant, n));
                ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(input, value, op));
                for (const ArrayRef &encoded : {plain, narrowed}) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(encoded, value, op));
                    EXPECT_ARRAYS_EQUAL(expected, actual);
                }
            }
        }
    }
}

TEST(DateTimePartsArrayTest, ConstantSecondsAndSubsecondsFoldIntoEveryValue) {
    // The compressor writes constant parts for dates and whole seconds; decoding adds them
    // without materializing them, with the same wrap-around as the per-value passes.
    const std::vector<std::optional<int32_t>> days = {0, -1, std::nullopt, 19'000, 1};
    for (const auto &[seconds, subseconds] :
         {std::pair<int64_t, int64_t>{0, 0}, {3'600, 0}, {-5, 999}, {86'399, -1}}) {
        const ArrayRef parts = *DateTimePartsArray::TryMake(
            Timestamp(TimeUnit::Milliseconds, Nullability::Nullable), PrimitiveArray::FromOptionals(days),
            ConstantArray::Make(Scalar::Primitive(seconds, Nullability::NonNullable), days.size()),
            ConstantArray::Make(Scalar::Primitive(static_cast<int16_t>(subseconds), Nullability::NonNullable),
                                days.size()));
        std::vector<std::optional<int64_t>> expected;
        for (const std::optional<int32_t> day : days) {
            expected.push_back(
                day ? std::optional<int64_t>((*day * int64_t{86'400} + seconds) * 1'000 + subseconds)
                    : std::nullopt);
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(parts));
        EXPECT_TRUE(ArraysEqual(Timestamps(TimeUnit::Milliseconds, expected), canonical)) << seconds;
    }
}

TEST(DateTimePartsArrayTest, EncodeRejectsOtherDTypes) {
    EXPECT_NOT_OK(DateTimePartsEncode(PrimitiveArray::FromValues<int64_t>({1})));
    ASSERT_OK_AND_ASSIGN(DType date, DateDType(TimeUnit::Days, Nullability::NonNullable));
    EXPECT_NOT_OK(DateTimePartsEncode(ExtensionArray::Make(date, PrimitiveArray::FromValues<int32_t>({1}))));
}

TEST(DateTimePartsArrayTest, BuildRejectsBadParts) {
    const DateTimePartsEncoding &encoding = DateTimePartsEncoding::Instance();
    const DType nullable = Timestamp(TimeUnit::Milliseconds, Nullability::Nullable);
    const std::vector<uint8_t> i64s = DateTimePartsMetadata{}.Serialize();
    ArrayRef days = PrimitiveArray::FromOptionals<int64_t>({1, std::nullopt, 3});
    ArrayRef seconds = PrimitiveArray::FromValues<int64_t>({1, 2, 3});
    ArrayRef subseconds = PrimitiveArray::FromValues<int64_t>({4, 5, 6});

    ASSERT_OK_AND_ASSIGN(ArrayRef good, encoding.Build(nullable, 3, i64s, {}, {days, seconds, subseconds}));
    EXPECT_FALSE(good->is_valid(1));
    ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(good, 0));
    EXPECT_EQ(first.StorageScalar().as<int64_t>(), 86'400'000 + 1'000 + 4);

    // Wrong ptypes in the metadata (float, invalid tag) or children that do not match them.
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3,
                                        DateTimePartsMetadata{PType::F64, PType::I64, PType::I64}.Serialize(),
                                        {}, {days, seconds, subseconds}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, std::vector<uint8_t>{0x08, 0x7f}, {},
                                        {days, seconds, subseconds}));
    EXPECT_RAISES(Serde,
                  encoding.Build(nullable, 3, std::vector<uint8_t>{0xff}, {}, {days, seconds, subseconds}));
    EXPECT_NOT_OK(encoding.Build(nullable, 3,
                                 DateTimePartsMetadata{PType::I32, PType::I64, PType::I64}.Serialize(), {},
                                 {days, seconds, subseconds}));
    // Nullability: days must follow the dtype, seconds must be non-nullable.
    EXPECT_NOT_OK(encoding.Build(Timestamp(TimeUnit::Milliseconds, Nullability::NonNullable), 3, i64s, {},
                                 {days, seconds, subseconds}));
    EXPECT_NOT_OK(encoding.Build(nullable, 3, i64s, {},
                                 {days, PrimitiveArray::FromOptionals<int64_t>({1, 2, 3}), subseconds}));
    // Lengths, child count, buffers.
    EXPECT_NOT_OK(
        encoding.Build(nullable, 3, i64s, {}, {days, seconds, PrimitiveArray::FromValues<int64_t>({1, 2})}));
    EXPECT_NOT_OK(encoding.Build(nullable, 4, i64s, {}, {days, seconds, subseconds}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, i64s, {}, {days, seconds}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, i64s, {Buffer::Copy(std::vector<uint8_t>{1})},
                                        {days, seconds, subseconds}));
    // Not a timestamp: a plain I64, a date, a time.
    EXPECT_RAISES(Serde, encoding.Build(DType::Primitive(PType::I64, Nullability::Nullable), 3, i64s, {},
                                        {days, seconds, subseconds}));
    ASSERT_OK_AND_ASSIGN(DType time, TimeDType(TimeUnit::Microseconds, Nullability::Nullable));
    EXPECT_RAISES(Serde, encoding.Build(time, 3, i64s, {}, {days, seconds, subseconds}));
}

} // namespace
} // namespace datetime_parts
} // namespace vortex
