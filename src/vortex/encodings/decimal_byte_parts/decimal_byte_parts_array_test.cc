// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
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
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/encodings/decimal_byte_parts/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Decimals of up to 18 digits fit an i64 msp.
struct DecimalBytePartsConformance {
    static bool Supports(const DType &dtype) { return dtype.is_decimal() && dtype.decimal().precision <= 18; }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        return decimal_byte_parts::DecimalBytePartsEncode(canonical);
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(DecimalByteParts, ArrayConformanceTest, DecimalBytePartsConformance);

namespace decimal_byte_parts {
namespace {

const DecimalDType kDecimal{.precision = 10, .scale = 2};

ArrayRef Decimals(DecimalType type, const std::vector<std::optional<int64_t>> &values) {
    const size_t width = ByteWidth(type);
    BufferMut bytes = BufferMut::Zeroed(values.size() * width);
    std::vector<bool> valid(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        valid[i] = values[i].has_value();
        I256::FromInt128(values[i].value_or(0)).ToLittleEndian(bytes.data() + i * width, width);
    }
    return DecimalArray::Make(kDecimal, type, std::move(bytes).Freeze(),
                              Validity::FromBits(BitBuffer::FromBools(valid)));
}

Scalar DecimalScalar(int64_t value, Nullability nullability = Nullability::NonNullable) {
    return Scalar::Decimal(I256::FromInt128(value), DecimalType::I64,
                           DType::Decimal(kDecimal.precision, kDecimal.scale, nullability));
}

PType MspPType(const ArrayRef &array) {
    const auto *parts = As<DecimalBytePartsArray>(*array);
    VX_CHECK(parts != nullptr);
    return parts->msp()->dtype().ptype();
}

TEST(DecimalBytePartsArrayTest, PicksTheNarrowestSignedMsp) {
    // Bounds over every stored value, as the reference's narrowed_decimal.
    ASSERT_OK_AND_ASSIGN(ArrayRef i8, DecimalBytePartsEncode(Decimals(DecimalType::I128, {-128, 127})));
    EXPECT_EQ(MspPType(i8), PType::I8);
    ASSERT_OK_AND_ASSIGN(ArrayRef i16, DecimalBytePartsEncode(Decimals(DecimalType::I64, {-129, 5})));
    EXPECT_EQ(MspPType(i16), PType::I16);
    ASSERT_OK_AND_ASSIGN(ArrayRef i32, DecimalBytePartsEncode(Decimals(DecimalType::I32, {40'000, 1})));
    EXPECT_EQ(MspPType(i32), PType::I32);
    ASSERT_OK_AND_ASSIGN(ArrayRef i64,
                         DecimalBytePartsEncode(Decimals(DecimalType::I128, {int64_t{1} << 40, 0})));
    EXPECT_EQ(MspPType(i64), PType::I64);
    // A single element keeps its width (the reference does not narrow it) unless wider than i64.
    ASSERT_OK_AND_ASSIGN(ArrayRef single, DecimalBytePartsEncode(Decimals(DecimalType::I32, {3})));
    EXPECT_EQ(MspPType(single), PType::I32);
    ASSERT_OK_AND_ASSIGN(ArrayRef single_wide, DecimalBytePartsEncode(Decimals(DecimalType::I256, {3})));
    EXPECT_EQ(MspPType(single_wide), PType::I8);
    // Values beyond i64 cannot be encoded.
    const DType wide = DType::Decimal(38, 0, Nullability::NonNullable);
    BufferMut bytes = BufferMut::Zeroed(32);
    I256::FromInt128(int128_t{1} << 70).ToLittleEndian(bytes.data(), 16);
    ArrayRef big = DecimalArray::Make(wide.decimal(), DecimalType::I128, std::move(bytes).Freeze(),
                                      Validity::NonNullable());
    EXPECT_RAISES(InvalidArgument, DecimalBytePartsEncode(big));
    // Metadata: field 1 the msp ptype tag; a zero lower_part_count is a proto3 default, which
    // prost and protobuf both omit.
    ASSERT_OK_AND_ASSIGN(std::vector<uint8_t> metadata, i16->SerializeMetadata());
    EXPECT_EQ(metadata, (std::vector<uint8_t>{0x08, static_cast<uint8_t>(PType::I16)}));
}

TEST(DecimalBytePartsArrayTest, RandomRoundTripsWithNulls) {
    uint64_t seed = 11;
    for (uint8_t precision : {2, 4, 9, 18}) {
        for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
            for (double density : {0.0, 0.1, 0.5, 1.0}) {
                for (size_t len : {0, 1, 1023, 1024, 1025}) {
                    for (bool sliced : {false, true}) {
                        SCOPED_TRACE(::testing::Message() << "precision " << int{precision} << " len " << len
                                                          << " nulls " << density << " sliced " << sliced);
                        ArrayRef input = RandomArray(DType::Decimal(precision, 1, nullability),
                                                     {.len = len, .null_fraction = density, .seed = ++seed});
                        if (sliced) {
                            ASSERT_OK_AND_ASSIGN(input, ToSliced(input, seed));
                        }
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DecimalBytePartsEncode(input));
                        ASSERT_EQ(encoded->encoding_id(), DecimalBytePartsEncoding::kId);
                        ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
                        EXPECT_ARRAYS_EQUAL(input, canonical);
                        ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(
                                                                encoded, &RegisterDecimalBytePartsEncodings));
                        EXPECT_EQ(read->encoding_id(), DecimalBytePartsEncoding::kId);
                        EXPECT_ARRAYS_EQUAL(input, read);
                        if (len > 2) {
                            ASSERT_OK_AND_ASSIGN(ArrayRef part, Slice(encoded, 1, len - 1));
                            EXPECT_EQ(part->encoding_id(), DecimalBytePartsEncoding::kId);
                            ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, 1, len - 1));
                            ASSERT_OK_AND_ASSIGN(
                                ArrayRef part_read,
                                testing::SerdeRoundTrip(part, &RegisterDecimalBytePartsEncodings));
                            EXPECT_ARRAYS_EQUAL(expected, part_read);
                        }
                    }
                }
            }
        }
    }
}

TEST(DecimalBytePartsArrayTest, CompareMatchesCanonical) {
    ArrayRef input = Decimals(DecimalType::I64, {-5, std::nullopt, 0, 100, 7, -128, 127});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DecimalBytePartsEncode(input));
    ASSERT_EQ(MspPType(encoded), PType::I8);
    ArrayRef non_null = Decimals(DecimalType::I64, {-5, 3, 0, 100});
    ASSERT_OK_AND_ASSIGN(ArrayRef non_null_encoded, DecimalBytePartsEncode(non_null));
    // Constants inside the i8 range, on its edges and beyond it on both sides.
    for (int64_t constant : {-129, -128, -5, 0, 7, 127, 128, 1'000'000}) {
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Gt, CompareOp::Gte, CompareOp::Lt,
                             CompareOp::Lte}) {
            SCOPED_TRACE(::testing::Message() << constant << " " << CompareOpName(op));
            for (const auto &[plain, compressed] :
                 {std::pair{input, encoded}, std::pair{non_null, non_null_encoded}}) {
                for (Nullability n : {Nullability::NonNullable, Nullability::Nullable}) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef expected,
                                         CompareScalar(plain, DecimalScalar(constant, n), op));
                    ASSERT_OK_AND_ASSIGN(ArrayRef actual,
                                         CompareScalar(compressed, DecimalScalar(constant, n), op));
                    EXPECT_ARRAYS_EQUAL(expected, actual);
                }
            }
        }
    }
}

TEST(DecimalBytePartsArrayTest, StatisticsComeFromTheMsp) {
    ArrayRef input = Decimals(DecimalType::I64, {-5, std::nullopt, 300, 100});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DecimalBytePartsEncode(input));
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(encoded));
    ASSERT_OK_AND_ASSIGN(Scalar max, Max(encoded));
    EXPECT_EQ(min.as_decimal().value, I256::FromInt128(-5));
    EXPECT_EQ(max.as_decimal().value, I256::FromInt128(300));
    EXPECT_EQ(min.dtype(), DType::Decimal(kDecimal.precision, kDecimal.scale, Nullability::NonNullable));
    EXPECT_EQ(NullCount(encoded), 1u);
    ASSERT_OK_AND_ASSIGN(ArrayRef all_null,
                         DecimalBytePartsEncode(Decimals(DecimalType::I32, {std::nullopt})));
    ASSERT_OK_AND_ASSIGN(Scalar none, Min(all_null));
    EXPECT_TRUE(none.is_null());
}

TEST(DecimalBytePartsArrayTest, KernelsStayEncoded) {
    ArrayRef input = Decimals(DecimalType::I64, {1, std::nullopt, 3, 4});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DecimalBytePartsEncode(input));
    ArrayRef indices = PrimitiveArray::FromOptionals<uint64_t>({3, std::nullopt, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, indices));
    EXPECT_EQ(taken->encoding_id(), DecimalBytePartsEncoding::kId);
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_take, Take(input, indices));
    EXPECT_ARRAYS_EQUAL(expected_take, taken);
    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(encoded, Mask::FromIndices(4, {0, 1})));
    EXPECT_EQ(filtered->encoding_id(), DecimalBytePartsEncoding::kId);
    ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(encoded, 2));
    EXPECT_EQ(value.as_decimal().value, I256::FromInt128(3));
}

TEST(DecimalBytePartsArrayTest, BuildRejectsBadParts) {
    const DecimalBytePartsEncoding &encoding = DecimalBytePartsEncoding::Instance();
    const DType nullable = DType::Decimal(kDecimal.precision, kDecimal.scale, Nullability::Nullable);
    const std::vector<uint8_t> i32 = DecimalBytePartsMetadata{.zeroth_child_ptype = PType::I32}.Serialize();
    ArrayRef msp = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, -3});

    ASSERT_OK_AND_ASSIGN(ArrayRef good, encoding.Build(nullable, 3, i32, {}, {msp}));
    EXPECT_FALSE(good->is_valid(1));
    ASSERT_OK_AND_ASSIGN(Scalar last, ScalarAt(good, 2));
    EXPECT_EQ(last.as_decimal().value, I256::FromInt128(-3));

    EXPECT_RAISES(
        Serde,
        encoding.Build(
            nullable, 3,
            DecimalBytePartsMetadata{.zeroth_child_ptype = PType::I32, .lower_part_count = 1}.Serialize(), {},
            {msp}));
    EXPECT_RAISES(Serde,
                  encoding.Build(nullable, 3,
                                 DecimalBytePartsMetadata{.zeroth_child_ptype = PType::U32}.Serialize(), {},
                                 {PrimitiveArray::FromOptionals<uint32_t>({1, 2, 3})}));
    EXPECT_RAISES(Serde,
                  encoding.Build(nullable, 3,
                                 DecimalBytePartsMetadata{.zeroth_child_ptype = PType::F32}.Serialize(), {},
                                 {msp}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, std::vector<uint8_t>{0x08, 0x63}, {}, {msp}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, std::vector<uint8_t>{0x10}, {}, {msp}));
    // Child dtype, nullability and length must match the metadata and the array.
    EXPECT_NOT_OK(encoding.Build(
        nullable, 3, DecimalBytePartsMetadata{.zeroth_child_ptype = PType::I64}.Serialize(), {}, {msp}));
    EXPECT_NOT_OK(encoding.Build(DType::Decimal(kDecimal.precision, kDecimal.scale, Nullability::NonNullable),
                                 3, i32, {}, {msp}));
    EXPECT_NOT_OK(encoding.Build(nullable, 2, i32, {}, {msp}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, i32, {}, {msp, msp}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, i32, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(nullable, 3, i32, {Buffer::Copy(std::vector<uint8_t>{1})}, {msp}));
    EXPECT_RAISES(Serde,
                  encoding.Build(DType::Primitive(PType::I32, Nullability::Nullable), 3, i32, {}, {msp}));
    // A value beyond the precision is an error when read, not an abort.
    ArrayRef too_big = PrimitiveArray::FromValues<int64_t>({int64_t{1} << 50});
    ASSERT_OK_AND_ASSIGN(ArrayRef big, encoding.Build(DType::Decimal(3, 0, Nullability::NonNullable), 1,
                                                      DecimalBytePartsMetadata{}.Serialize(), {}, {too_big}));
    EXPECT_NOT_OK(ScalarAt(big, 0));
}

} // namespace
} // namespace decimal_byte_parts
} // namespace vortex
