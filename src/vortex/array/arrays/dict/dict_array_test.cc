// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

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

} // namespace
} // namespace vortex
