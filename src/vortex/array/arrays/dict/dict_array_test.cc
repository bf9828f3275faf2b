// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

const DType kUtf8 = DType::Utf8(Nullability::NonNullable);

// Same dtype, length and element scalars (this target cannot link the array_equal test kit).
void ExpectSameScalars(const ArrayRef &expected, const ArrayRef &actual) {
    ASSERT_EQ(expected->len(), actual->len());
    EXPECT_EQ(expected->dtype(), actual->dtype());
    for (size_t i = 0; i < expected->len(); ++i) {
        ASSERT_OK_AND_ASSIGN(Scalar want, ScalarAt(expected, i));
        ASSERT_OK_AND_ASSIGN(Scalar got, ScalarAt(actual, i));
        EXPECT_EQ(want, got) << "at " << i;
    }
}

TEST(DictArrayTest, DecodesAndRoundTrips) {
    ArrayRef values = VarBinViewArray::FromStrings(std::vector<std::string>{"x", "y"}, kUtf8);
    auto dict = DictArray::Make(PrimitiveArray::FromOptionals<uint8_t>({1, 0, std::nullopt, 1}), values);
    EXPECT_EQ(dict->encoding_id(), "vortex.dict");
    EXPECT_EQ(dict->dtype(), kUtf8.AsNullable());
    EXPECT_FALSE(dict->is_valid(2));
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(dict));
    EXPECT_EQ(As<VarBinViewArray>(canonical)->bytes_at(0), "y");
    EXPECT_EQ(As<VarBinViewArray>(canonical)->bytes_at(1), "x");
    EXPECT_FALSE(canonical->is_valid(2));
    EXPECT_EQ(NullCount(dict), 1u);

    ASSERT_OK_AND_ASSIGN(auto metadata_bytes, dict->SerializeMetadata());
    ASSERT_OK_AND_ASSIGN(DictMetadata metadata, DictMetadata::Parse(metadata_bytes));
    EXPECT_EQ(metadata.values_len, 2u);
    EXPECT_EQ(metadata.codes_ptype, PType::U8);
    EXPECT_EQ(metadata.is_nullable_codes, true);
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(dict));
    for (size_t i = 0; i < dict->len(); ++i) {
        EXPECT_EQ(*ScalarAt(rebuilt, i), *ScalarAt(dict, i));
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(dict, 1, 3));
    EXPECT_EQ(*ScalarAt(sliced, 0), Scalar::Utf8("x", Nullability::Nullable));
}

TEST(DictArrayTest, RejectsCodesOutOfRange) {
    ArrayRef values = PrimitiveArray::FromValues<double>({1.0, 2.0});
    EXPECT_RAISES(InvalidArgument, DictArray::TryMake(PrimitiveArray::FromValues<uint32_t>({0, 2}), values));
    EXPECT_RAISES(Serde, DictArray::TryMake(PrimitiveArray::FromValues<int8_t>({0, -1}), values));
    EXPECT_RAISES(InvalidArgument, DictArray::TryMake(PrimitiveArray::FromValues<float>({0}), values));
    // A null code may hold any value.
    auto codes = PrimitiveArray::Make(PType::U8, Buffer::CopyFrom("\x09"),
                                      Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{false})));
    EXPECT_OK(DictArray::TryMake(codes, values));
    // Through Build.
    DictMetadata metadata{.values_len = 2,
                          .codes_ptype = PType::U32,
                          .is_nullable_codes = false,
                          .all_values_referenced = std::nullopt};
    EXPECT_RAISES(Serde, DictEncoding::Instance().Build(
                             values->dtype(), 2, metadata.Serialize(), {},
                             std::vector<ArrayRef>{PrimitiveArray::FromValues<uint32_t>({0, 7}), values}));
    EXPECT_RAISES(Serde, DictEncoding::Instance().Build(values->dtype(), 2, metadata.Serialize(), {},
                                                        std::vector<ArrayRef>{values}));
    EXPECT_OK(DictEncoding::Instance().Build(
        values->dtype(), 2, metadata.Serialize(), {},
        std::vector<ArrayRef>{PrimitiveArray::FromValues<uint32_t>({1, 0}), values}));
}

TEST(DictArrayTest, EncodedCodesAreCheckedWhereTheyAreDecoded) {
    // Chunked codes stand for any encoded codes: building does not decode them, so a bad code
    // surfaces when it is read, as an error, never as a read past the values.
    ArrayRef values = PrimitiveArray::FromValues<double>({1.0, 2.0});
    const DType u32 = DType::Primitive(PType::U32, Nullability::NonNullable);
    ArrayRef codes = ChunkedArray::Make(
        {PrimitiveArray::FromValues<uint32_t>({1, 0}), PrimitiveArray::FromValues<uint32_t>({5})}, u32);
    ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(codes, values));
    EXPECT_EQ(*ScalarAt(dict, 0), Scalar::Primitive<double>(2.0, Nullability::NonNullable));
    EXPECT_FALSE(ScalarAt(dict, 2).ok());
    EXPECT_FALSE(dict->ToCanonical().ok());
    EXPECT_FALSE(dict->is_valid(2));
    EXPECT_TRUE(dict->is_valid(1));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(dict, 0, 2));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(sliced));
    EXPECT_EQ(*ScalarAt(decoded, 1), Scalar::Primitive<double>(1.0, Nullability::NonNullable));

    // Good encoded codes with nullable values and null codes decode and report validity.
    ArrayRef nullable_values = PrimitiveArray::FromOptionals<int32_t>({7, std::nullopt});
    ArrayRef nullable_codes = ChunkedArray::Make({PrimitiveArray::FromOptionals<uint8_t>({0, std::nullopt}),
                                                  PrimitiveArray::FromOptionals<uint8_t>({1})},
                                                 DType::Primitive(PType::U8, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(auto nullable, DictArray::TryMake(nullable_codes, nullable_values));
    EXPECT_TRUE(nullable->is_valid(0));
    EXPECT_FALSE(nullable->is_valid(1));
    EXPECT_FALSE(nullable->is_valid(2));
    EXPECT_EQ(nullable->validity_mask().true_count(), 1u);
    EXPECT_TRUE(ScalarAt(nullable, 1)->is_null());
    EXPECT_EQ(*ScalarAt(nullable, 0), Scalar::Primitive<int32_t>(7, Nullability::Nullable));
}

TEST(DictArrayTest, CompareScalarComparesValuesOnceAndTakesByCodes) {
    ArrayRef values = PrimitiveArray::FromOptionals<int32_t>({10, 20, std::nullopt, 30});
    ArrayRef codes = PrimitiveArray::FromOptionals<uint8_t>({0, 3, std::nullopt, 1, 2, 0});
    ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(codes, values));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef greater,
        CompareScalar(dict, Scalar::Primitive<int32_t>(15, Nullability::NonNullable), CompareOp::Gt));
    ExpectSameScalars(BoolArray::FromOptionals({false, true, std::nullopt, true, std::nullopt, false}),
                      greater);

    // Every operator and a nullable scalar agree with the canonical kernel; so does a slice
    // holding fewer codes than values (which takes the canonical path).
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(dict));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(dict, 1, 3));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_canonical, Slice(canonical, 1, 3));
    for (CompareOp op :
         {CompareOp::Eq, CompareOp::NotEq, CompareOp::Gt, CompareOp::Gte, CompareOp::Lt, CompareOp::Lte}) {
        for (Nullability n : {Nullability::NonNullable, Nullability::Nullable}) {
            const Scalar constant = Scalar::Primitive<int32_t>(20, n);
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(canonical, constant, op));
            ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(dict, constant, op));
            ExpectSameScalars(expected, actual);
            ASSERT_OK_AND_ASSIGN(ArrayRef expected_slice, CompareScalar(sliced_canonical, constant, op));
            ASSERT_OK_AND_ASSIGN(ArrayRef actual_slice, CompareScalar(sliced, constant, op));
            ExpectSameScalars(expected_slice, actual_slice);
        }
    }

    // Non-nullable codes and values with a non-nullable scalar give a non-nullable result.
    auto dense = DictArray::Make(PrimitiveArray::FromValues<uint16_t>({1, 0, 1}),
                                 PrimitiveArray::FromValues<int32_t>({5, 6}));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef equal,
        CompareScalar(dense, Scalar::Primitive<int32_t>(6, Nullability::NonNullable), CompareOp::Eq));
    ExpectSameScalars(BoolArray::FromBools({true, false, true}), equal);
}

TEST(DictArrayTest, StatisticsUseTheValuesWhenCheap) {
    ArrayRef values = PrimitiveArray::FromValues<int64_t>({-4, 9, 2});
    ArrayRef codes = PrimitiveArray::FromOptionals<uint32_t>({2, 0, std::nullopt, 1, 2});
    ASSERT_OK_AND_ASSIGN(auto referenced, DictArray::TryMake(codes, values, /*all_values_referenced=*/true));
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(referenced));
    ASSERT_OK_AND_ASSIGN(Scalar max, Max(referenced));
    EXPECT_EQ(min.as<int64_t>(), -4);
    EXPECT_EQ(max.as<int64_t>(), 9);
    EXPECT_EQ(min.dtype(), DType::Primitive(PType::I64, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(uint64_t nulls, referenced->statistics().null_count());
    EXPECT_EQ(nulls, 1u);

    // all_values_referenced is a promise the kernel relies on: the bounds are the values',
    // even where the codes skip one (here value 9), whereas without it they are computed.
    ArrayRef skipping = PrimitiveArray::FromValues<uint32_t>({0, 2});
    ASSERT_OK_AND_ASSIGN(auto promised, DictArray::TryMake(skipping, values, true));
    ASSERT_OK_AND_ASSIGN(auto honest, DictArray::TryMake(skipping, values, false));
    ASSERT_OK_AND_ASSIGN(Scalar promised_max, Max(promised));
    ASSERT_OK_AND_ASSIGN(Scalar honest_max, Max(honest));
    EXPECT_EQ(promised_max.as<int64_t>(), 9);
    EXPECT_EQ(honest_max.as<int64_t>(), 2);

    // Null values referenced by codes count as nulls (the canonical path).
    auto null_values = DictArray::Make(PrimitiveArray::FromValues<uint8_t>({0, 1, 1}),
                                       PrimitiveArray::FromOptionals<int64_t>({1, std::nullopt}));
    ASSERT_OK_AND_ASSIGN(uint64_t value_nulls, null_values->statistics().null_count());
    EXPECT_EQ(value_nulls, 2u);
}

} // namespace
} // namespace vortex
