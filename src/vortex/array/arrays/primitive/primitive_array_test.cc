// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

TEST(PrimitiveArrayTest, AccessorsAndScalarAt) {
    auto array = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 3});
    EXPECT_EQ(array->encoding_id(), "vortex.primitive");
    EXPECT_EQ(array->dtype(), DType::Primitive(PType::I32, Nullability::Nullable));
    EXPECT_EQ(array->len(), 3u);
    EXPECT_EQ(array->values_as<int32_t>()[2], 3);
    EXPECT_TRUE(array->is_valid(0));
    EXPECT_FALSE(array->is_valid(1));
    EXPECT_EQ(array->nchildren(), 1u); // the validity child
    ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(array, 0));
    EXPECT_EQ(first, Scalar::Primitive<int32_t>(1, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(Scalar null, ScalarAt(array, 1));
    EXPECT_TRUE(null.is_null());
    EXPECT_RAISES(OutOfBounds, ScalarAt(array, 3));
}

TEST(PrimitiveArrayTest, RebuildsFromParts) {
    for (const ArrayRef &array : {ArrayRef(PrimitiveArray::FromValues<uint16_t>({7, 8, 9})),
                                  ArrayRef(PrimitiveArray::FromOptionals<double>({1.5, std::nullopt})),
                                  ArrayRef(PrimitiveArray::FromValues<int64_t>({}))}) {
        ASSERT_OK_AND_ASSIGN(auto metadata, array->SerializeMetadata());
        EXPECT_TRUE(metadata.empty());
        ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
        EXPECT_EQ(rebuilt->dtype(), array->dtype());
        ASSERT_EQ(rebuilt->len(), array->len());
        for (size_t i = 0; i < array->len(); ++i) {
            EXPECT_EQ(*ScalarAt(rebuilt, i), *ScalarAt(array, i));
        }
    }
}

TEST(PrimitiveArrayTest, BuildRejectsBadParts) {
    const auto &encoding = PrimitiveEncoding::Instance();
    const DType i32 = DType::Primitive(PType::I32, Nullability::NonNullable);
    const Buffer eight_bytes = Buffer::CopyFrom(std::span<const int32_t>(std::vector<int32_t>{1, 2}));
    // Wrong buffer size for the length.
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, {}, {eight_bytes}, std::vector<ArrayRef>{}));
    // Missing buffer, extra buffer.
    EXPECT_RAISES(Serde, encoding.Build(i32, 2, {}, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 2, {}, {eight_bytes, eight_bytes}, std::vector<ArrayRef>{}));
    // Non-empty metadata.
    const std::vector<uint8_t> junk{1};
    EXPECT_RAISES(Serde, encoding.Build(i32, 2, junk, {eight_bytes}, std::vector<ArrayRef>{}));
    // Validity child on a non-nullable dtype, and with the wrong length.
    ArrayRef validity = PrimitiveArray::FromValues<uint8_t>({1, 1}); // not even bool
    EXPECT_RAISES(Serde, encoding.Build(i32, 2, {}, {eight_bytes}, std::vector<ArrayRef>{validity}));
    EXPECT_RAISES(Serde,
                  encoding.Build(i32.AsNullable(), 2, {}, {eight_bytes}, std::vector<ArrayRef>{validity}));
    // Wrong dtype kind.
    EXPECT_RAISES(Serde, encoding.Build(DType::Utf8(Nullability::NonNullable), 2, {}, {eight_bytes},
                                        std::vector<ArrayRef>{}));
}

TEST(PrimitiveArrayTest, TryMakeChecksSizes) {
    EXPECT_RAISES(InvalidArgument, PrimitiveArray::TryMake(PType::I64, Buffer::CopyFrom("abc"), Validity()));
    EXPECT_RAISES(
        InvalidArgument,
        PrimitiveArray::TryMake(PType::U8, Buffer::CopyFrom("abc"),
                                Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false}))));
}

// Values stored for valid rows only spread over the rows, zeros under nulls; all-valid input
// is taken as it is; a count that fits neither is refused.
TEST(PrimitiveArrayTest, FromValidValuesSpreadsOverTheValidRows) {
    const Validity validity =
        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{false, true, true, false, true}));
    ASSERT_OK_AND_ASSIGN(
        auto array, PrimitiveArray::FromValidValues(
                        PType::I32, Buffer::CopyFrom(std::span<const int32_t>(std::vector<int32_t>{7, 8, 9})),
                        validity, 5));
    EXPECT_EQ((std::vector<int32_t>(array->values_as<int32_t>().begin(), array->values_as<int32_t>().end())),
              (std::vector<int32_t>{0, 7, 8, 0, 9}));
    EXPECT_FALSE(array->is_valid(0));
    EXPECT_TRUE(array->is_valid(4));
    ASSERT_OK_AND_ASSIGN(auto all_valid,
                         PrimitiveArray::FromValidValues(
                             PType::I32,
                             Buffer::CopyFrom(std::span<const int32_t>(std::vector<int32_t>{1, 2})),
                             Validity::NonNullable(), 2));
    EXPECT_EQ(all_valid->values_as<int32_t>()[1], 2);
    EXPECT_RAISES(
        InvalidArgument,
        PrimitiveArray::FromValidValues(
            PType::I32, Buffer::CopyFrom(std::span<const int32_t>(std::vector<int32_t>{1, 2})), validity, 5));
}

TEST(PrimitiveArrayTest, SliceIsZeroCopy) {
    auto array = PrimitiveArray::FromValues<int32_t>({1, 2, 3, 4});
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 1, 3));
    auto primitive = As<PrimitiveArray>(sliced);
    ASSERT_NE(primitive, nullptr);
    EXPECT_EQ(primitive->values().data(), array->values().data() + 4);
    EXPECT_EQ(primitive->values_as<int32_t>()[1], 3);
    EXPECT_RAISES(OutOfBounds, Slice(array, 3, 5));
}

} // namespace
} // namespace vortex
