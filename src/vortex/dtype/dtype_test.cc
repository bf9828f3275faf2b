// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cmath>

#include <gtest/gtest.h>

#include "vortex/dtype/dtype.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

TEST(DTypeTest, RendersAndCompares) {
    DType s = DType::Struct({"a", "b"},
                            {DType::Primitive(PType::I64, Nullability::NonNullable),
                             DType::List(DType::Utf8(Nullability::Nullable), Nullability::Nullable)},
                            Nullability::NonNullable);
    EXPECT_EQ(s.ToString(), "{a=i64, b=list(utf8?)?}");
    EXPECT_EQ(s.struct_fields().FindField("b"), 1u);
    EXPECT_FALSE(s.struct_fields().FindField("c").has_value());
    EXPECT_NE(s, s.AsNullable());
    EXPECT_TRUE(s.EqualsIgnoringNullability(s.AsNullable()));
    EXPECT_EQ(DType::Null().ToString(), "null");
    EXPECT_TRUE(DType::Null().is_nullable());
    EXPECT_EQ(DType::Decimal(10, 2, Nullability::Nullable).ToString(), "decimal(10,2)?");
}

TEST(DTypeTest, DecimalValidation) {
    EXPECT_TRUE(DType::TryDecimal(76, -5, Nullability::Nullable).ok());
    EXPECT_FALSE(DType::TryDecimal(0, 0, Nullability::Nullable).ok());
    EXPECT_FALSE(DType::TryDecimal(77, 0, Nullability::Nullable).ok());
    EXPECT_FALSE(DType::TryDecimal(5, 6, Nullability::Nullable).ok());
    EXPECT_EQ(MinDecimalTypeForPrecision(2), DecimalType::I8);
    EXPECT_EQ(MinDecimalTypeForPrecision(19), DecimalType::I128);
    EXPECT_EQ(MinDecimalTypeForPrecision(39), DecimalType::I256);
}

TEST(DTypeTest, ExtensionTakesStorageNullability) {
    auto ts = TimestampDType(TimeUnit::Microseconds, "UTC", Nullability::Nullable);
    ASSERT_TRUE(ts.ok());
    EXPECT_TRUE(ts->is_nullable());
    EXPECT_FALSE(ts->AsNonNullable().is_nullable());
    EXPECT_EQ(ts->AsNonNullable().extension().storage,
              DType::Primitive(PType::I64, Nullability::NonNullable));
    EXPECT_EQ(ts->extension().metadata, (std::vector<uint8_t>{1, 3, 0, 'U', 'T', 'C'}));
    auto parsed = ParseTemporalMetadata(ts->extension());
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(parsed->time_zone, "UTC");
    EXPECT_EQ(parsed->unit, TimeUnit::Microseconds);
}

TEST(DTypeTest, TemporalStorageRules) {
    EXPECT_EQ(DateDType(TimeUnit::Days, Nullability::NonNullable)->extension().storage.ptype(), PType::I32);
    EXPECT_EQ(DateDType(TimeUnit::Milliseconds, Nullability::NonNullable)->extension().storage.ptype(),
              PType::I64);
    EXPECT_FALSE(DateDType(TimeUnit::Seconds, Nullability::NonNullable).ok());
    EXPECT_EQ(TimeDType(TimeUnit::Seconds, Nullability::NonNullable)->extension().storage.ptype(),
              PType::I32);
    EXPECT_EQ(TimeDType(TimeUnit::Nanoseconds, Nullability::NonNullable)->extension().storage.ptype(),
              PType::I64);
    EXPECT_FALSE(TimeDType(TimeUnit::Days, Nullability::NonNullable).ok());
    EXPECT_FALSE(TimestampDType(TimeUnit::Days, std::nullopt, Nullability::NonNullable).ok());
    auto no_zone = TimestampDType(TimeUnit::Seconds, std::nullopt, Nullability::NonNullable);
    EXPECT_EQ(no_zone->extension().metadata, (std::vector<uint8_t>{3, 0, 0}));
    // Metadata whose zone length overruns its bytes is an error, not a read past the end.
    ExtDType bad{
        std::string(kTimestampId), DType::Primitive(PType::I64, Nullability::NonNullable), {1, 9, 0, 'U'}};
    EXPECT_FALSE(ParseTemporalMetadata(bad).ok());
    ExtDType wrong_storage{std::string(kDateId), DType::Primitive(PType::I64, Nullability::NonNullable), {4}};
    EXPECT_FALSE(ParseTemporalMetadata(wrong_storage).ok());
}

TEST(DTypeTest, UuidStorageAndMetadataRules) {
    const DType u8 = DType::Primitive(PType::U8, Nullability::NonNullable);
    const DType uuid = UuidDType(Nullability::Nullable);
    EXPECT_TRUE(IsUuid(uuid));
    EXPECT_TRUE(uuid.is_nullable());
    EXPECT_TRUE(ValidateExtension(uuid.extension()).ok());
    // One version byte (4: random) is fine, two bytes or an unknown version are not.
    const DType storage = DType::FixedSizeList(u8, 16, Nullability::NonNullable);
    EXPECT_TRUE(ValidateExtension(DType::Extension("vortex.uuid", storage, {4}).extension()).ok());
    EXPECT_FALSE(ValidateExtension(DType::Extension("vortex.uuid", storage, {4, 4}).extension()).ok());
    EXPECT_FALSE(ValidateExtension(DType::Extension("vortex.uuid", storage, {9}).extension()).ok());
    // The storage must be 16 non-nullable u8.
    EXPECT_FALSE(
        ValidateExtension(
            DType::Extension("vortex.uuid", DType::FixedSizeList(u8, 15, Nullability::NonNullable), {})
                .extension())
            .ok());
    EXPECT_FALSE(ValidateExtension(
                     DType::Extension("vortex.uuid",
                                      DType::FixedSizeList(DType::Primitive(PType::U8, Nullability::Nullable),
                                                           16, Nullability::NonNullable),
                                      {})
                         .extension())
                     .ok());
    EXPECT_FALSE(ValidateExtension(
                     DType::Extension("vortex.uuid", DType::Binary(Nullability::NonNullable), {}).extension())
                     .ok());
}

TEST(HalfTest, ConvertsExactlyAndRoundsToNearestEven) {
    EXPECT_EQ(Half{0x3C00}.ToFloat(), 1.0f);
    EXPECT_EQ(Half{0xC000}.ToFloat(), -2.0f);
    EXPECT_EQ(Half{0x0001}.ToFloat(), std::ldexp(1.0f, -24));
    EXPECT_EQ(Half{0x7BFF}.ToFloat(), 65504.0f);
    EXPECT_TRUE(std::isinf(Half{0x7C00}.ToFloat()));
    EXPECT_TRUE(std::isnan(Half{0x7E00}.ToFloat()));
    EXPECT_EQ(std::bit_cast<uint32_t>(Half{0x8000}.ToFloat()), 0x80000000u);
    // Every half survives a trip through float.
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const Half h{static_cast<uint16_t>(bits)};
        if (std::isnan(h.ToFloat())) {
            continue;
        }
        ASSERT_EQ(Half::FromFloat(h.ToFloat()).bits, h.bits) << bits;
    }
    EXPECT_EQ(Half::FromFloat(1e6f).bits, 0x7C00);
    EXPECT_EQ(Half::FromFloat(1.0f + std::ldexp(1.0f, -11)).bits, 0x3C00); // tie → even
}

TEST(I256Test, RoundTripsBytesAndPrints) {
    I256 v = I256::FromInt128(-12345);
    uint8_t bytes[32];
    v.ToLittleEndian(bytes, 32);
    EXPECT_EQ(I256::FromLittleEndian(bytes, 32), v);
    EXPECT_EQ(I256::FromLittleEndian(bytes, 4), v);
    EXPECT_TRUE(v.FitsIn(2));
    EXPECT_FALSE(I256::FromInt128(200).FitsIn(1));
    EXPECT_EQ(v.ToString(), "-12345");
    EXPECT_EQ(I256::FromInt128(0).ToString(), "0");
    int128_t big = int128_t{1} << 100;
    EXPECT_EQ(I256::FromInt128(big).ToString(), "1267650600228229401496703205376");
    EXPECT_LT(I256::FromInt128(-1), I256::FromInt128(0));
    EXPECT_LT(I256::FromInt128(3), I256::FromInt128(big));
}

TEST(I256Test, CheckedAddCarriesAcrossLimbsAndDetectsOverflow) {
    I256 sum;
    ASSERT_TRUE(I256::CheckedAdd(I256::FromInt128(-5), I256::FromInt128(3), &sum));
    EXPECT_EQ(sum, I256::FromInt128(-2));
    const int128_t low_max = static_cast<int128_t>(~uint128_t{0} >> 1);
    ASSERT_TRUE(I256::CheckedAdd(I256::FromInt128(low_max), I256::FromInt128(low_max), &sum));
    EXPECT_FALSE(sum.FitsIn(16));
    EXPECT_EQ(sum.ToString(), "340282366920938463463374607431768211454");
    I256 max;
    for (auto &limb : max.limbs) {
        limb = ~uint64_t{0};
    }
    max.limbs[3] >>= 1; // 2^255 - 1
    EXPECT_FALSE(I256::CheckedAdd(max, I256::FromInt128(1), &sum));
    EXPECT_TRUE(I256::CheckedAdd(max, I256::FromInt128(-1), &sum));
}

} // namespace
} // namespace vortex
