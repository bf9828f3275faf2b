// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "vortex/dtype/extension.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/stat_dtype.h"

namespace vortex {
namespace {

constexpr auto kNull = Nullability::Nullable;
constexpr auto kNonNull = Nullability::NonNullable;

TEST(ScalarTest, ConstructsAndReadsEveryKind) {
    EXPECT_TRUE(Scalar().is_null());
    EXPECT_EQ(Scalar().dtype(), DType::Null());
    EXPECT_TRUE(Scalar::Bool(true, kNonNull).as_bool());
    EXPECT_EQ(Scalar::Primitive<int16_t>(-7, kNull).as<int16_t>(), -7);
    EXPECT_EQ(Scalar::Primitive<int16_t>(-7, kNull).dtype(), DType::Primitive(PType::I16, kNull));
    EXPECT_EQ(Scalar::Primitive<Half>(Half{0x3c00}, kNonNull).as<Half>().ToFloat(), 1.0f);
    EXPECT_EQ(Scalar::Utf8("héllo", kNonNull).as_string_view(), "héllo");
    const std::vector<uint8_t> bytes = {0, 1, 255};
    const Scalar binary = Scalar::Binary(bytes, kNull);
    EXPECT_EQ(std::vector<uint8_t>(binary.as_bytes().begin(), binary.as_bytes().end()), bytes);
    const DType dec = DType::Decimal(5, 2, kNonNull);
    const auto d = Scalar::Decimal(I256::FromInt128(-12345), DecimalType::I32, dec);
    EXPECT_EQ(d.as_decimal().value, I256::FromInt128(-12345));
    EXPECT_EQ(d.as_decimal().type, DecimalType::I32);
    EXPECT_EQ(d.ToString(), "-123.45");
    auto decimal_text = [](int64_t unscaled, uint8_t precision, int8_t scale) {
        return Scalar::Decimal(I256::FromInt128(unscaled), DecimalType::I64,
                               DType::Decimal(precision, scale, kNonNull))
            .ToString();
    };
    EXPECT_EQ(decimal_text(5, 5, 3), "0.005");
    EXPECT_EQ(decimal_text(-5, 5, 3), "-0.005");
    EXPECT_EQ(decimal_text(12345, 5, 5), "0.12345");
    EXPECT_EQ(decimal_text(0, 3, 2), "0.00");
    EXPECT_EQ(decimal_text(-7, 3, -2), "-700");

    const DType list = DType::List(DType::Primitive(PType::I32, kNull), kNonNull);
    const auto l = Scalar::List(
        list, {Scalar::Primitive<int32_t>(1, kNull), Scalar::Null(DType::Primitive(PType::I32, kNull))});
    ASSERT_EQ(l.elements().size(), 2u);
    EXPECT_TRUE(l.elements()[1].is_null());
    EXPECT_EQ(l.ToString(), "[1, null]");

    const DType st = DType::Struct({"a", "b"}, {DType::Utf8(kNonNull), DType::Bool(kNull)}, kNull);
    const auto s = Scalar::Struct(st, {Scalar::Utf8("x", kNonNull), Scalar::Null(DType::Bool(kNull))});
    EXPECT_EQ(s.ToString(), "{a: \"x\", b: null}");

    const DType ts = *TimestampDType(TimeUnit::Seconds, "UTC", kNonNull);
    const auto e = Scalar::Extension(ts, Scalar::Primitive<int64_t>(86400, kNonNull));
    EXPECT_EQ(e.dtype(), ts);
    EXPECT_EQ(e.as<int64_t>(), 86400);
    EXPECT_EQ(e.StorageScalar(), Scalar::Primitive<int64_t>(86400, kNonNull));
}

TEST(ScalarTest, TryNewChecksValueAgainstDType) {
    EXPECT_FALSE(Scalar::TryNew(DType::Bool(kNonNull), std::monostate{}).ok());
    EXPECT_TRUE(Scalar::TryNew(DType::Bool(kNull), std::monostate{}).ok());
    EXPECT_FALSE(Scalar::TryNew(DType::Primitive(PType::I32, kNull), PValue(int64_t{1})).ok());
    EXPECT_FALSE(Scalar::TryNew(DType::Utf8(kNull), std::string("\xc3\x28")).ok());
    EXPECT_FALSE(Scalar::TryNew(DType::Null(), true).ok());
    // 100 has three digits: too many for precision 2, fine for 3.
    EXPECT_FALSE(
        Scalar::TryNew(DType::Decimal(2, 0, kNull), DecimalValue{I256::FromInt128(100), DecimalType::I8})
            .ok());
    EXPECT_FALSE(
        Scalar::TryNew(DType::Decimal(2, 0, kNull), DecimalValue{I256::FromInt128(-100), DecimalType::I8})
            .ok());
    EXPECT_TRUE(
        Scalar::TryNew(DType::Decimal(3, 0, kNull), DecimalValue{I256::FromInt128(-100), DecimalType::I16})
            .ok());
    // 300 does not fit the I8 values type.
    EXPECT_FALSE(
        Scalar::TryNew(DType::Decimal(3, 0, kNull), DecimalValue{I256::FromInt128(300), DecimalType::I8})
            .ok());
    const DType fsl = DType::FixedSizeList(DType::Bool(kNonNull), 2, kNonNull);
    EXPECT_FALSE(Scalar::TryNew(fsl, std::vector<Scalar>{Scalar::Bool(true, kNonNull)}).ok());
    EXPECT_FALSE(
        Scalar::TryNew(fsl, std::vector<Scalar>{Scalar::Bool(true, kNonNull), Scalar::Bool(true, kNull)})
            .ok());
    EXPECT_TRUE(
        Scalar::TryNew(fsl, std::vector<Scalar>{Scalar::Bool(true, kNonNull), Scalar::Bool(false, kNonNull)})
            .ok());
}

TEST(ScalarTest, EqualityIsBitwiseForFloats) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(Scalar::Primitive(nan, kNonNull), Scalar::Primitive(nan, kNonNull));
    EXPECT_NE(Scalar::Primitive(0.0, kNonNull), Scalar::Primitive(-0.0, kNonNull));
    EXPECT_NE(Scalar::Primitive(1.0, kNonNull), Scalar::Primitive(1.0, kNull));
    EXPECT_NE(Scalar::Primitive<int32_t>(1, kNonNull), Scalar::Primitive<int64_t>(1, kNonNull));
}

TEST(ScalarTest, CompareUsesTotalOrder) {
    auto f = [](double v) { return Scalar::Primitive(v, kNull); };
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<Scalar> ascending = {Scalar::Null(DType::Primitive(PType::F64, kNull)),
                                           f(-nan),
                                           f(-inf),
                                           f(-1.5),
                                           f(-0.0),
                                           f(0.0),
                                           f(1e-300),
                                           f(inf),
                                           f(nan)};
    for (size_t i = 0; i < ascending.size(); ++i) {
        for (size_t j = 0; j < ascending.size(); ++j) {
            EXPECT_EQ(Compare(ascending[i], ascending[j]), i <=> j) << i << " vs " << j;
        }
    }
    auto h = [](uint16_t bits) { return Scalar::Primitive(Half{bits}, kNonNull); };
    EXPECT_EQ(Compare(h(0xbc00 /* -1 */), h(0x3c00 /* 1 */)), std::partial_ordering::less);
    EXPECT_EQ(Compare(h(0xc000 /* -2 */), h(0xbc00 /* -1 */)), std::partial_ordering::less);
    // Nullability is ignored, other dtypes are unordered.
    EXPECT_EQ(Compare(Scalar::Primitive<int8_t>(-1, kNull), Scalar::Primitive<int8_t>(3, kNonNull)),
              std::partial_ordering::less);
    EXPECT_EQ(Compare(Scalar::Primitive<int8_t>(1, kNull), Scalar::Primitive<int16_t>(1, kNull)),
              std::partial_ordering::unordered);
    // Bytes compare unsigned: 0xff sorts after 'a'.
    EXPECT_EQ(Compare(Scalar::Utf8("a", kNonNull), Scalar::Utf8("ÿ", kNonNull)), std::partial_ordering::less);
    EXPECT_EQ(Compare(Scalar::Utf8("ab", kNonNull), Scalar::Utf8("a", kNonNull)),
              std::partial_ordering::greater);
    const DType list = DType::List(DType::Primitive(PType::U8, kNonNull), kNonNull);
    auto u8 = [](uint8_t v) { return Scalar::Primitive(v, kNonNull); };
    EXPECT_EQ(Compare(Scalar::List(list, {u8(1), u8(2)}), Scalar::List(list, {u8(1), u8(3)})),
              std::partial_ordering::less);
    EXPECT_EQ(Compare(Scalar::List(list, {u8(1)}), Scalar::List(list, {u8(1), u8(0)})),
              std::partial_ordering::less);
    const DType dec = DType::Decimal(40, 0, kNonNull);
    EXPECT_EQ(Compare(Scalar::Decimal(I256::FromInt128(-5), DecimalType::I256, dec),
                      Scalar::Decimal(I256::FromInt128(2), DecimalType::I256, dec)),
              std::partial_ordering::less);
}

TEST(ScalarTest, CastsNumbersWithRangeChecks) {
    const auto i64_300 = Scalar::Primitive<int64_t>(300, kNonNull);
    EXPECT_FALSE(Cast(i64_300, DType::Primitive(PType::I8, kNonNull)).ok());
    EXPECT_FALSE(Cast(i64_300, DType::Primitive(PType::U8, kNonNull)).ok());
    auto widened = Cast(i64_300, DType::Primitive(PType::U16, kNull));
    ASSERT_TRUE(widened.ok()) << widened.status().ToString();
    EXPECT_EQ(*widened, Scalar::Primitive<uint16_t>(300, kNull));
    EXPECT_FALSE(Cast(Scalar::Primitive<int32_t>(-1, kNonNull), DType::Primitive(PType::U64, kNonNull)).ok());
    EXPECT_EQ(
        *Cast(Scalar::Primitive<uint64_t>(UINT64_MAX, kNonNull), DType::Primitive(PType::F64, kNonNull)),
        Scalar::Primitive(18446744073709551616.0, kNonNull));
    EXPECT_EQ(*Cast(Scalar::Primitive(-2.9, kNonNull), DType::Primitive(PType::I8, kNonNull)),
              Scalar::Primitive<int8_t>(-2, kNonNull));
    EXPECT_FALSE(Cast(Scalar::Primitive(128.0, kNonNull), DType::Primitive(PType::I8, kNonNull)).ok());
    EXPECT_FALSE(
        Cast(Scalar::Primitive(std::nan(""), kNonNull), DType::Primitive(PType::I32, kNonNull)).ok());
    EXPECT_EQ(*Cast(Scalar::Primitive(1e300, kNonNull), DType::Primitive(PType::F32, kNonNull)),
              Scalar::Primitive(std::numeric_limits<float>::infinity(), kNonNull));
    EXPECT_EQ(*Cast(Scalar::Primitive(1.5f, kNonNull), DType::Primitive(PType::F16, kNonNull)),
              Scalar::Primitive(Half{0x3e00}, kNonNull));
    EXPECT_EQ(*Cast(Scalar::Primitive(Half{0xc000}, kNonNull), DType::Primitive(PType::I32, kNonNull)),
              Scalar::Primitive<int32_t>(-2, kNonNull));
}

TEST(ScalarTest, CastsNullabilityAndNulls) {
    const DType nullable = DType::Utf8(kNull);
    EXPECT_EQ(*Cast(Scalar::Utf8("x", kNonNull), nullable), Scalar::Utf8("x", kNull));
    EXPECT_EQ(*Cast(Scalar::Utf8("x", kNull), DType::Utf8(kNonNull)), Scalar::Utf8("x", kNonNull));
    EXPECT_FALSE(Cast(Scalar::Null(nullable), DType::Utf8(kNonNull)).ok());
    const DType list = DType::List(DType::Bool(kNull), kNull);
    EXPECT_EQ(*Cast(Scalar(), list), Scalar::Null(list));
    EXPECT_FALSE(Cast(Scalar::Bool(true, kNonNull), DType::Utf8(kNonNull)).ok());
    // Decimal precision changes keep the value in range.
    const auto d = Scalar::Decimal(I256::FromInt128(999), DecimalType::I16, DType::Decimal(3, 1, kNonNull));
    auto wider = Cast(d, DType::Decimal(20, 1, kNonNull));
    ASSERT_TRUE(wider.ok()) << wider.status().ToString();
    EXPECT_EQ(wider->as_decimal().type, DecimalType::I128);
    EXPECT_FALSE(Cast(d, DType::Decimal(2, 1, kNonNull)).ok());
    // Extension to and from storage.
    const DType date = *DateDType(TimeUnit::Days, kNonNull);
    const auto days = Scalar::Primitive<int32_t>(19000, kNonNull);
    auto as_date = Cast(days, date);
    ASSERT_TRUE(as_date.ok()) << as_date.status().ToString();
    EXPECT_EQ(as_date->dtype(), date);
    EXPECT_EQ(*Cast(*as_date, DType::Primitive(PType::I64, kNonNull)),
              Scalar::Primitive<int64_t>(19000, kNonNull));
}

TEST(ScalarTest, SumDTypeFollowsTheStatisticsTable) {
    const auto u64 = DType::Primitive(PType::U64, kNull);
    const auto i64 = DType::Primitive(PType::I64, kNull);
    const auto f64 = DType::Primitive(PType::F64, kNull);
    EXPECT_EQ(SumDType(DType::Bool(kNonNull)), u64);
    for (PType p : {PType::U8, PType::U16, PType::U32, PType::U64}) {
        EXPECT_EQ(SumDType(DType::Primitive(p, kNonNull)), u64);
    }
    for (PType p : {PType::I8, PType::I16, PType::I32, PType::I64}) {
        EXPECT_EQ(SumDType(DType::Primitive(p, kNull)), i64);
    }
    for (PType p : {PType::F16, PType::F32, PType::F64}) {
        EXPECT_EQ(SumDType(DType::Primitive(p, kNonNull)), f64);
    }
    EXPECT_EQ(SumDType(DType::Decimal(10, -3, kNonNull)), DType::Decimal(20, -3, kNull));
    EXPECT_EQ(SumDType(DType::Decimal(70, 5, kNonNull)), DType::Decimal(76, 5, kNull));
    EXPECT_EQ(SumDType(DType::Null()), std::nullopt);
    EXPECT_EQ(SumDType(DType::Utf8(kNull)), std::nullopt);
    EXPECT_EQ(SumDType(DType::List(DType::Bool(kNull), kNull)), std::nullopt);
    EXPECT_EQ(SumDType(*DateDType(TimeUnit::Days, kNull)), std::nullopt);
}

} // namespace
} // namespace vortex
