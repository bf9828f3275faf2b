// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

const DType kI32 = DType::Primitive(PType::I32, Nullability::NonNullable);

ArrayRef Elements() {
    return PrimitiveArray::FromValues<int32_t>({1, 2, 3, 4, 5});
}

Scalar ListOf(std::vector<int32_t> values, Nullability n) {
    std::vector<Scalar> elements;
    for (int32_t v : values) {
        elements.push_back(Scalar::Primitive<int32_t>(v, Nullability::NonNullable));
    }
    return Scalar::List(DType::List(kI32, n), std::move(elements));
}

TEST(ListArrayTest, CanonicalizesToListView) {
    auto list =
        ListArray::Make(Elements(), PrimitiveArray::FromValues<uint32_t>({0, 2, 2, 5}),
                        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true})));
    EXPECT_EQ(list->encoding_id(), "vortex.list");
    EXPECT_EQ(list->len(), 3u);
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(list));
    EXPECT_EQ(canonical->encoding_id(), "vortex.listview");
    for (const ArrayRef &array : {ArrayRef(list), canonical}) {
        EXPECT_EQ(*ScalarAt(array, 0), ListOf({1, 2}, Nullability::Nullable));
        EXPECT_TRUE(ScalarAt(array, 1)->is_null());
        EXPECT_EQ(*ScalarAt(array, 2), ListOf({3, 4, 5}, Nullability::Nullable));
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(list, 2, 3));
    EXPECT_EQ(*ScalarAt(sliced, 0), ListOf({3, 4, 5}, Nullability::Nullable));
}

TEST(ListArrayTest, MetadataRoundTrip) {
    auto list =
        ListArray::Make(Elements(), PrimitiveArray::FromValues<uint16_t>({0, 5}), Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(auto metadata, list->SerializeMetadata());
    vortex::array::ListMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(metadata.data(), static_cast<int>(metadata.size())));
    EXPECT_EQ(proto.elements_len(), 5u);
    EXPECT_EQ(static_cast<int>(proto.offset_ptype()), static_cast<int>(PType::U16));
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(list));
    EXPECT_EQ(*ScalarAt(rebuilt, 0), ListOf({1, 2, 3, 4, 5}, Nullability::NonNullable));
}

TEST(ListArrayTest, RejectsBadOffsets) {
    EXPECT_RAISES(InvalidArgument,
                  ListArray::TryMake(Elements(), PrimitiveArray::FromValues<int32_t>({0, 3, 2}), Validity()));
    EXPECT_RAISES(InvalidArgument,
                  ListArray::TryMake(Elements(), PrimitiveArray::FromValues<int32_t>({0, 6}), Validity()));
    EXPECT_RAISES(Serde,
                  ListArray::TryMake(Elements(), PrimitiveArray::FromValues<int32_t>({-1, 2}), Validity()));
    EXPECT_RAISES(InvalidArgument,
                  ListArray::TryMake(Elements(), PrimitiveArray::FromValues<int32_t>({}), Validity()));
    // Through Build: non-monotonic offsets from "a file".
    vortex::array::ListMetadata proto;
    proto.set_elements_len(5);
    proto.set_offset_ptype(vortex::dtype::PType::I32);
    const std::string bytes = proto.SerializeAsString();
    const std::vector<uint8_t> metadata(bytes.begin(), bytes.end());
    const DType dtype = DType::List(kI32, Nullability::NonNullable);
    EXPECT_RAISES(Serde,
                  ListEncoding::Instance().Build(
                      dtype, 2, metadata, {},
                      std::vector<ArrayRef>{Elements(), PrimitiveArray::FromValues<int32_t>({0, 4, 1})}));
    // Wrong child count.
    EXPECT_RAISES(Serde,
                  ListEncoding::Instance().Build(dtype, 2, metadata, {}, std::vector<ArrayRef>{Elements()}));
    EXPECT_OK(ListEncoding::Instance().Build(
        dtype, 2, metadata, {},
        std::vector<ArrayRef>{Elements(), PrimitiveArray::FromValues<int32_t>({0, 4, 5})}));
}

TEST(ListViewArrayTest, OverlappingViewsTakeAndRebuild) {
    auto view = ListViewArray::Make(Elements(), PrimitiveArray::FromValues<uint8_t>({3, 0, 1}),
                                    PrimitiveArray::FromValues<uint8_t>({2, 5, 0}), Validity::NonNullable());
    EXPECT_EQ(*ScalarAt(view, 0), ListOf({4, 5}, Nullability::NonNullable));
    EXPECT_EQ(*ScalarAt(view, 1), ListOf({1, 2, 3, 4, 5}, Nullability::NonNullable));
    EXPECT_EQ(*ScalarAt(view, 2), ListOf({}, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken,
                         Take(view, PrimitiveArray::FromOptionals<int64_t>({2, std::nullopt, 0})));
    EXPECT_EQ(taken->dtype(), DType::List(kI32, Nullability::Nullable));
    EXPECT_EQ(*ScalarAt(taken, 2), ListOf({4, 5}, Nullability::Nullable));
    EXPECT_TRUE(ScalarAt(taken, 1)->is_null());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(view));
    EXPECT_EQ(*ScalarAt(rebuilt, 1), ListOf({1, 2, 3, 4, 5}, Nullability::NonNullable));
    // A view past the elements is rejected.
    EXPECT_RAISES(InvalidArgument,
                  ListViewArray::TryMake(Elements(), PrimitiveArray::FromValues<uint8_t>({4}),
                                         PrimitiveArray::FromValues<uint8_t>({2}), Validity()));
    // Mismatched offsets/sizes lengths.
    EXPECT_RAISES(InvalidArgument,
                  ListViewArray::TryMake(Elements(), PrimitiveArray::FromValues<uint8_t>({0, 1}),
                                         PrimitiveArray::FromValues<uint8_t>({1}), Validity()));
}

} // namespace
} // namespace vortex
