// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>

#include <gtest/gtest.h>

#include "vortex/dtype/extension.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {
namespace {

constexpr auto kNull = Nullability::Nullable;
constexpr auto kNonNull = Nullability::NonNullable;
using Bytes = std::vector<uint8_t>;

I256 Limbs(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3) {
    I256 out;
    out.limbs[0] = l0;
    out.limbs[1] = l1;
    out.limbs[2] = l2;
    out.limbs[3] = l3;
    return out;
}

std::vector<Scalar> AllScalars() {
    std::vector<Scalar> out;
    for (auto n : {kNull, kNonNull}) {
        out.push_back(Scalar::Bool(false, n));
        out.push_back(Scalar::Bool(true, n));
        out.push_back(Scalar::Primitive<uint8_t>(255, n));
        out.push_back(Scalar::Primitive<uint16_t>(0, n));
        out.push_back(Scalar::Primitive<uint32_t>(UINT32_MAX, n));
        out.push_back(Scalar::Primitive<uint64_t>(UINT64_MAX, n));
        out.push_back(Scalar::Primitive<int8_t>(INT8_MIN, n));
        out.push_back(Scalar::Primitive<int16_t>(-1, n));
        out.push_back(Scalar::Primitive<int32_t>(INT32_MAX, n));
        out.push_back(Scalar::Primitive<int64_t>(INT64_MIN, n));
        out.push_back(Scalar::Utf8("", n));
        out.push_back(Scalar::Binary({}, n));
    }
    // Floats: signed zeros, infinities, and NaNs with payloads must keep every bit.
    for (uint16_t bits : {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e01, 0xfd55, 0x0001, 0x3555}) {
        out.push_back(Scalar::Primitive(Half{bits}, kNonNull));
    }
    for (uint32_t bits : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xff812345u, 1u}) {
        out.push_back(Scalar::Primitive(std::bit_cast<float>(bits), kNull));
    }
    for (uint64_t bits : {0x0ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                          0x7ff8000000000001ull, 0xfff4000000000abcull, 0x3fb999999999999aull}) {
        out.push_back(Scalar::Primitive(std::bit_cast<double>(bits), kNonNull));
    }
    // Decimals of every values width, including negative I256 beyond int128.
    out.push_back(Scalar::Decimal(I256::FromInt128(-99), DecimalType::I8, DType::Decimal(2, 1, kNull)));
    out.push_back(Scalar::Decimal(I256::FromInt128(9999), DecimalType::I16, DType::Decimal(4, -2, kNonNull)));
    out.push_back(
        Scalar::Decimal(I256::FromInt128(-123456789), DecimalType::I32, DType::Decimal(9, 3, kNull)));
    out.push_back(Scalar::Decimal(I256::FromInt128(int64_t{-999999999999999999}), DecimalType::I64,
                                  DType::Decimal(18, 0, kNull)));
    out.push_back(Scalar::Decimal(I256::FromInt128(-(int128_t{1} << 120)), DecimalType::I128,
                                  DType::Decimal(38, 10, kNonNull)));
    // -(2^200): limbs 0, 0, 0, then the sign-extended high limb.
    out.push_back(
        Scalar::Decimal(Limbs(0, 0, 0, ~uint64_t{0} << 8), DecimalType::I256, DType::Decimal(76, -5, kNull)));
    // A small value stored in a wide values type keeps its width.
    out.push_back(Scalar::Decimal(I256::FromInt128(7), DecimalType::I256, DType::Decimal(76, 0, kNull)));
    out.push_back(Scalar::Utf8("h\xc3\xa9llo \xe4\xb8\x96\xe7\x95\x8c \xf0\x9f\x98\x80", kNonNull));
    out.push_back(Scalar::Binary({0x00, 0xff, 0xc3, 0x28}, kNonNull));

    const DType i32n = DType::Primitive(PType::I32, kNull);
    const DType list = DType::List(i32n, kNull);
    out.push_back(Scalar::List(list, {}));
    out.push_back(Scalar::List(list, {Scalar::Primitive<int32_t>(1, kNull), Scalar::Null(i32n),
                                      Scalar::Primitive<int32_t>(-3, kNull)}));
    const DType nested = DType::List(list, kNonNull);
    out.push_back(Scalar::List(nested, {Scalar::Null(list), Scalar::List(list, {Scalar::Null(i32n)})}));
    for (auto n : {kNull, kNonNull}) {
        out.push_back(Scalar::Null(DType::Primitive(PType::F16, kNull)));
        out.push_back(Scalar::Null(DType::Struct({"a"}, {DType::Bool(n)}, kNull)));
    }
    out.push_back(Scalar());
    // Spec: struct and fixed-size list scalars are written as list_value.
    const DType st = DType::Struct({"s", "n"}, {DType::Utf8(kNonNull), i32n}, kNonNull);
    out.push_back(Scalar::Struct(st, {Scalar::Utf8("x", kNonNull), Scalar::Null(i32n)}));
    out.push_back(Scalar::Struct(DType::Struct({}, {}, kNull), {}));
    const DType fsl = DType::FixedSizeList(DType::Primitive(PType::F64, kNonNull), 2, kNull);
    out.push_back(Scalar::List(fsl, {Scalar::Primitive(-0.0, kNonNull), Scalar::Primitive(2.5, kNonNull)}));
    const DType ts = *TimestampDType(TimeUnit::Microseconds, "Europe/Paris", kNull);
    out.push_back(Scalar::Extension(ts, Scalar::Primitive<int64_t>(-1, kNull)));
    out.push_back(Scalar::Null(ts));
    out.push_back(Scalar::Extension(DType::Extension("acme.blob", DType::Binary(kNonNull), {1, 2}),
                                    Scalar::Binary({9}, kNonNull)));
    return out;
}

void ExpectBitIdentical(const Scalar &a, const Scalar &b) {
    EXPECT_EQ(a, b) << a << " vs " << b;
    if (!a.is_null() && a.dtype().is_decimal()) {
        EXPECT_EQ(a.as_decimal().type, b.as_decimal().type);
    }
}

TEST(ScalarSerdeTest, RoundTripsEveryKindAsBareValue) {
    for (const Scalar &scalar : AllScalars()) {
        const Bytes bytes = SerializeScalarValue(scalar);
        auto back = DeserializeScalarValue(bytes, scalar.dtype());
        ASSERT_TRUE(back.ok()) << scalar << " (" << scalar.dtype() << "): " << back.status().ToString();
        ExpectBitIdentical(*back, scalar);
    }
}

TEST(ScalarSerdeTest, RoundTripsEveryKindAsFullScalar) {
    for (const Scalar &scalar : AllScalars()) {
        const Bytes bytes = SerializeScalar(scalar);
        auto back = DeserializeScalar(bytes);
        ASSERT_TRUE(back.ok()) << scalar << " (" << scalar.dtype() << "): " << back.status().ToString();
        ExpectBitIdentical(*back, scalar);
    }
}

Bytes ReadGolden(const std::string &name) {
    std::ifstream in(std::string(VORTEX_GOLDEN_DIR) + "/" + name, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(ScalarSerdeTest, MatchesTheReferenceGoldenBytes) {
    // The FoR reference of the reference's golden test is i64::MAX as a bare ScalarValue.
    const Bytes golden = ReadGolden("for.metadata");
    const Scalar max = Scalar::Primitive<int64_t>(INT64_MAX, kNonNull);
    ASSERT_FALSE(golden.empty());
    EXPECT_EQ(SerializeScalarValue(max), golden);
    EXPECT_EQ(golden, (Bytes{0x18, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
    auto back = DeserializeScalarValue(golden, max.dtype());
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_EQ(*back, max);
}

TEST(ScalarSerdeTest, WritesTheSpecKinds) {
    EXPECT_EQ(SerializeScalarValue(Scalar::Null(DType::Utf8(kNull))), (Bytes{0x08, 0x00}));
    // Zero values are still emitted because kind is a oneof.
    EXPECT_EQ(SerializeScalarValue(Scalar::Bool(false, kNonNull)), (Bytes{0x10, 0x00}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive<uint64_t>(0, kNonNull)), (Bytes{0x20, 0x00}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive<uint8_t>(0, kNonNull)), (Bytes{0x20, 0x00}));
    // Zig-zag: -1 → 1, 1 → 2.
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive<int8_t>(-1, kNonNull)), (Bytes{0x18, 0x01}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive<int32_t>(1, kNonNull)), (Bytes{0x18, 0x02}));
    // f16 raw bits under tag 10 as a varint: 0x3c00 = 1.0.
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive(Half{0x3c00}, kNonNull)), (Bytes{0x50, 0x80, 0x78}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Primitive(1.0f, kNonNull)), (Bytes{0x2d, 0x00, 0x00, 0x80, 0x3f}));
    // Decimal: the unscaled value in exactly the width of its values type.
    EXPECT_EQ(SerializeScalarValue(
                  Scalar::Decimal(I256::FromInt128(-2), DecimalType::I16, DType::Decimal(4, 0, kNonNull))),
              (Bytes{0x42, 0x02, 0xfe, 0xff}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Utf8("ab", kNonNull)), (Bytes{0x3a, 0x02, 'a', 'b'}));
    EXPECT_EQ(SerializeScalarValue(Scalar::Binary({7}, kNonNull)), (Bytes{0x42, 0x01, 0x07}));
    const DType list = DType::List(DType::Bool(kNull), kNonNull);
    EXPECT_EQ(SerializeScalarValue(Scalar::List(list, {Scalar::Null(DType::Bool(kNull))})),
              (Bytes{0x4a, 0x04, 0x0a, 0x02, 0x08, 0x00}));
}

TEST(ScalarSerdeTest, AcceptsLegacyAlternatives) {
    const DType u8 = DType::Primitive(PType::U8, kNonNull);
    const DType i16 = DType::Primitive(PType::I16, kNonNull);
    const DType f16 = DType::Primitive(PType::F16, kNonNull);
    // int64_value 5 (zig-zag 10) for an unsigned dtype; uint64_value 7 for a signed dtype.
    EXPECT_EQ(*DeserializeScalarValue(Bytes{0x18, 0x0a}, u8), Scalar::Primitive<uint8_t>(5, kNonNull));
    EXPECT_EQ(*DeserializeScalarValue(Bytes{0x20, 0x07}, i16), Scalar::Primitive<int16_t>(7, kNonNull));
    // f16 as raw bits in uint64_value.
    EXPECT_EQ(*DeserializeScalarValue(Bytes{0x20, 0x80, 0x78}, f16),
              Scalar::Primitive(Half{0x3c00}, kNonNull));
    // bytes_value for utf8 (validated) and string_value for binary.
    EXPECT_EQ(*DeserializeScalarValue(Bytes{0x42, 0x01, 'z'}, DType::Utf8(kNonNull)),
              Scalar::Utf8("z", kNonNull));
    EXPECT_FALSE(DeserializeScalarValue(Bytes{0x42, 0x01, 0xff}, DType::Utf8(kNonNull)).ok());
    EXPECT_EQ(*DeserializeScalarValue(Bytes{0x3a, 0x01, 'z'}, DType::Binary(kNonNull)),
              Scalar::Binary({'z'}, kNonNull));
    // Decimal bytes of any of the six widths.
    auto wide = DeserializeScalarValue(Bytes{0x42, 0x08, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
                                       DType::Decimal(3, 0, kNonNull));
    ASSERT_TRUE(wide.ok()) << wide.status().ToString();
    EXPECT_EQ(wide->as_decimal().value, I256::FromInt128(-2));
    EXPECT_EQ(wide->as_decimal().type, DecimalType::I64);
}

TEST(ScalarSerdeTest, RejectsWrongAndOutOfRangeValues) {
    auto error = [](const Bytes &bytes, const DType &dtype) {
        auto result = DeserializeScalarValue(bytes, dtype);
        EXPECT_FALSE(result.ok()) << "decoded " << *result << " as " << dtype;
        return result.ok() ? StatusCode::OK : result.status().code();
    };
    // int64 300 (zig-zag 600 = d8 04) into I8 and U8.
    const Bytes i64_300 = {0x18, 0xd8, 0x04};
    EXPECT_EQ(error(i64_300, DType::Primitive(PType::I8, kNonNull)), StatusCode::Serde);
    error(i64_300, DType::Primitive(PType::U8, kNonNull));
    EXPECT_TRUE(DeserializeScalarValue(i64_300, DType::Primitive(PType::I16, kNonNull)).ok());
    // Negative int64 into unsigned, u64 max into I64.
    error(Bytes{0x18, 0x01}, DType::Primitive(PType::U64, kNonNull));
    error(Bytes{0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
          DType::Primitive(PType::I64, kNull));
    // f16 bits wider than 16, float kinds for the wrong widths, ints for floats.
    error(Bytes{0x50, 0x80, 0x80, 0x04}, DType::Primitive(PType::F16, kNonNull));
    error(Bytes{0x2d, 0, 0, 0x80, 0x3f}, DType::Primitive(PType::F64, kNonNull));
    error(Bytes{0x18, 0x02}, DType::Primitive(PType::F32, kNonNull));
    // Empty bytes: kind missing. Null for a non-nullable dtype.
    error(Bytes{}, DType::Primitive(PType::I32, kNull));
    error(Bytes{0x08, 0x00}, DType::Primitive(PType::I32, kNonNull));
    // Decimal: bad width, and a value beyond the precision.
    error(Bytes{0x42, 0x03, 1, 2, 3}, DType::Decimal(5, 0, kNonNull));
    error(Bytes{0x42, 0x01, 100}, DType::Decimal(2, 0, kNonNull));
    // Kinds for the wrong dtype.
    error(Bytes{0x10, 0x01}, DType::Utf8(kNonNull));
    error(Bytes{0x10, 0x01}, DType::Null());
    error(Bytes{0x3a, 0x00}, DType::Bool(kNonNull));
    // Struct and fixed-size list need the right number of values.
    const DType fsl = DType::FixedSizeList(DType::Bool(kNull), 2, kNonNull);
    error(Bytes{0x4a, 0x04, 0x0a, 0x02, 0x08, 0x00}, fsl);
    EXPECT_TRUE(
        DeserializeScalarValue(Bytes{0x4a, 0x08, 0x0a, 0x02, 0x08, 0x00, 0x0a, 0x02, 0x10, 0x01}, fsl).ok());
    // An extension validates against its storage dtype.
    error(Bytes{0x3a, 0x00}, *DateDType(TimeUnit::Days, kNonNull));
    // Full scalar: missing dtype or value.
    EXPECT_FALSE(DeserializeScalar(Bytes{}).ok());
    EXPECT_FALSE(DeserializeScalar(Bytes{0x12, 0x02, 0x08, 0x00}).ok()); // value only
    EXPECT_FALSE(DeserializeScalar(Bytes{0x0a, 0x00}).ok());             // empty dtype
}

} // namespace
} // namespace vortex
