// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Fuzz-style checks of the three untrusted-input parsers of this layer: dtype flatbuffers,
// dtype protobuf and scalar values. Every input must give an error or a valid value (which
// then round-trips); none may crash, read out of bounds or hit UB (run under ASan+UBSan).
#include <functional>
#include <random>

#include <gtest/gtest.h>

#include "vortex/dtype/dtype_serde.h"
#include "vortex/dtype/extension.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {
namespace {

constexpr auto kNull = Nullability::Nullable;
constexpr auto kNonNull = Nullability::NonNullable;
using Bytes = std::vector<uint8_t>;
using Parser = std::function<void(std::span<const uint8_t>)>;

constexpr int kRandomInputs = 10'000;

std::vector<DType> SampleDTypes() {
    const DType i32 = DType::Primitive(PType::I32, kNull);
    return {
        DType::Struct({"a", "bb", ""},
                      {i32, DType::List(DType::Utf8(kNull), kNonNull),
                       DType::FixedSizeList(DType::Decimal(40, -3, kNull), 4, kNull)},
                      kNonNull),
        *TimestampDType(TimeUnit::Nanoseconds, "Asia/Tokyo", kNull),
        DType::Extension("acme.x", DType::Struct({}, {}, kNull), {1, 2, 3}),
        DType::List(DType::List(DType::Primitive(PType::F16, kNonNull), kNull), kNull),
    };
}

// Feeds random strings, every truncation and every single-byte corruption of valid inputs.
void Hammer(const Parser &parse, const std::vector<Bytes> &valid, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_int_distribution<size_t> length(0, 96);
    for (int i = 0; i < kRandomInputs; ++i) {
        Bytes input(length(rng));
        for (auto &b : input) {
            b = static_cast<uint8_t>(byte(rng));
        }
        parse(input);
    }
    for (const Bytes &bytes : valid) {
        for (size_t len = 0; len <= bytes.size(); ++len) {
            parse(std::span<const uint8_t>(bytes).first(len));
        }
        for (size_t pos = 0; pos < bytes.size(); ++pos) {
            for (uint8_t value : {uint8_t{0x00}, uint8_t{0xff}, uint8_t{0x7f},
                                  static_cast<uint8_t>(bytes[pos] ^ 1), static_cast<uint8_t>(byte(rng))}) {
                Bytes mutated = bytes;
                mutated[pos] = value;
                parse(mutated);
            }
        }
    }
}

TEST(SerdeBadInputTest, DTypeFlatBuffer) {
    std::vector<Bytes> valid;
    for (const DType &dtype : SampleDTypes()) {
        valid.push_back(SerializeDTypeFlatBuffer(dtype));
    }
    int accepted = 0;
    Hammer(
        [&](std::span<const uint8_t> bytes) {
            auto result = DeserializeDTypeFlatBuffer(bytes);
            if (result.ok()) {
                ++accepted;
                auto again = DeserializeDTypeFlatBuffer(SerializeDTypeFlatBuffer(*result));
                ASSERT_TRUE(again.ok()) << again.status().ToString();
                EXPECT_EQ(*again, *result);
            }
        },
        valid, 1);
    EXPECT_GT(accepted, 0); // the untouched valid inputs at least
}

TEST(SerdeBadInputTest, DTypeProtobuf) {
    std::vector<Bytes> valid;
    for (const DType &dtype : SampleDTypes()) {
        valid.push_back(SerializeDTypeProto(dtype));
    }
    Hammer(
        [&](std::span<const uint8_t> bytes) {
            auto result = DeserializeDTypeProto(bytes);
            if (result.ok()) {
                auto again = DeserializeDTypeProto(SerializeDTypeProto(*result));
                ASSERT_TRUE(again.ok()) << again.status().ToString();
                EXPECT_EQ(*again, *result);
            }
        },
        valid, 2);
}

TEST(SerdeBadInputTest, ScalarValueForSeveralDTypes) {
    const DType i8 = DType::Primitive(PType::I8, kNonNull);
    const DType f16 = DType::Primitive(PType::F16, kNull);
    const DType dec = DType::Decimal(38, 2, kNull);
    const DType utf8 = DType::Utf8(kNonNull);
    const DType list = DType::List(DType::Primitive(PType::U32, kNull), kNull);
    const DType st = DType::Struct({"a", "b"}, {utf8, list}, kNull);
    const std::vector<std::pair<DType, Scalar>> cases = {
        {i8, Scalar::Primitive<int8_t>(-100, kNonNull)},
        {f16, Scalar::Primitive(Half{0x7e01}, kNull)},
        {dec, Scalar::Decimal(I256::FromInt128(-123456789012345), DecimalType::I128, dec)},
        {utf8, Scalar::Utf8("\xe2\x82\xac uro", kNonNull)},
        {list, Scalar::List(list, {Scalar::Primitive<uint32_t>(7, kNull),
                                   Scalar::Null(DType::Primitive(PType::U32, kNull))})},
        {st, Scalar::Struct(st, {Scalar::Utf8("s", kNonNull), Scalar::Null(list)})},
    };
    uint64_t seed = 3;
    for (const auto &[dtype, sample] : cases) {
        Hammer(
            [&](std::span<const uint8_t> bytes) {
                auto result = DeserializeScalarValue(bytes, dtype);
                if (result.ok()) {
                    EXPECT_EQ(result->dtype(), dtype);
                    auto again = DeserializeScalarValue(SerializeScalarValue(*result), dtype);
                    ASSERT_TRUE(again.ok()) << again.status().ToString();
                    EXPECT_EQ(*again, *result);
                }
            },
            {SerializeScalarValue(sample)}, seed++);
    }
    // The full Scalar message carries its own dtype.
    std::vector<Bytes> valid;
    for (const auto &[dtype, sample] : cases) {
        valid.push_back(SerializeScalar(sample));
    }
    Hammer(
        [&](std::span<const uint8_t> bytes) {
            auto result = DeserializeScalar(bytes);
            if (result.ok()) {
                auto again = DeserializeScalar(SerializeScalar(*result));
                ASSERT_TRUE(again.ok()) << again.status().ToString();
                EXPECT_EQ(*again, *result);
            }
        },
        valid, seed);
}

} // namespace
} // namespace vortex
