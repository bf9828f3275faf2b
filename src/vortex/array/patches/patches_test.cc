// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/patches/patches.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/format/array_metadata.pb.h"

namespace vortex {
namespace {

ArrayRef U32s(const std::vector<uint32_t> &values) {
    return PrimitiveArray::FromValues(values);
}

ArrayRef I64s(const std::vector<int64_t> &values) {
    return PrimitiveArray::FromValues(values);
}

// Reads patch j as (position, value) for an i64 patch set.
std::vector<std::pair<size_t, int64_t>> Contents(const Patches &patches) {
    std::vector<std::pair<size_t, int64_t>> out;
    auto values = As<PrimitiveArray>(patches.values());
    for (size_t j = 0; j < patches.num_patches(); ++j) {
        out.emplace_back(patches.position(j), values->values_as<int64_t>()[j]);
    }
    return out;
}

TEST(PatchesTest, RejectsBadIndices) {
    EXPECT_FALSE(Patches::TryMake(10, 0, U32s({3, 3}), I64s({1, 2})).ok()) << "duplicate";
    EXPECT_FALSE(Patches::TryMake(10, 0, U32s({5, 3}), I64s({1, 2})).ok()) << "unsorted";
    EXPECT_FALSE(Patches::TryMake(10, 0, U32s({10}), I64s({1})).ok()) << "past the end";
    EXPECT_FALSE(Patches::TryMake(10, 5, U32s({4}), I64s({1})).ok()) << "before the offset";
    EXPECT_FALSE(Patches::TryMake(10, 0, I64s({1}), I64s({1})).ok()) << "signed";
    EXPECT_FALSE(Patches::TryMake(10, 0, U32s({1, 2}), I64s({1})).ok()) << "length mismatch";
    EXPECT_FALSE(Patches::TryMake(10, 0, PrimitiveArray::FromOptionals<uint32_t>({1}), I64s({1})).ok())
        << "nullable";
    EXPECT_OK(Patches::TryMake(10, 5, U32s({5, 14}), I64s({1, 2})).status());
}

TEST(PatchesTest, FindsAndApplies) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(8, 2, U32s({3, 6, 9}), I64s({-1, -2, -3})));
    EXPECT_EQ(patches.Find(1), std::optional<size_t>(0));
    EXPECT_EQ(patches.Find(4), std::optional<size_t>(1));
    EXPECT_EQ(patches.Find(7), std::optional<size_t>(2));
    EXPECT_EQ(patches.Find(0), std::nullopt);
    EXPECT_EQ(patches.Range(2, 8), (std::pair<size_t, size_t>(1, 3)));

    std::vector<int64_t> out(8, 0);
    BitBufferMut validity(8, false);
    ASSERT_OK(patches.ApplyTo(std::span<int64_t>(out), &validity));
    EXPECT_EQ(out, (std::vector<int64_t>{0, -1, 0, 0, -2, 0, 0, -3}));
    EXPECT_TRUE(validity.value(4));
    EXPECT_FALSE(validity.value(3));

    std::vector<int32_t> wrong_width(8);
    EXPECT_FALSE(patches.ApplyTo(std::span<int32_t>(wrong_width), nullptr).ok());
}

TEST(PatchesTest, NullValuesClearValidity) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(4, 0, U32s({1, 2}),
                                                           PrimitiveArray::FromOptionals<int64_t>({7, {}})));
    std::vector<int64_t> out(4, 0);
    BitBufferMut validity(4, true);
    ASSERT_OK(patches.ApplyTo(std::span<int64_t>(out), &validity));
    EXPECT_EQ(out[1], 7);
    EXPECT_TRUE(validity.value(1));
    EXPECT_FALSE(validity.value(2));
}

TEST(PatchesTest, SliceMovesTheOffset) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(10, 0, U32s({1, 4, 8}), I64s({10, 40, 80})));
    ASSERT_OK_AND_ASSIGN(auto sliced, patches.Slice(3, 9));
    ASSERT_TRUE(sliced.has_value());
    EXPECT_EQ(sliced->offset(), 3u);
    EXPECT_EQ(sliced->array_len(), 6u);
    EXPECT_EQ(Contents(*sliced), (std::vector<std::pair<size_t, int64_t>>{{1, 40}, {5, 80}}));
    ASSERT_OK_AND_ASSIGN(auto twice, sliced->Slice(2, 6));
    EXPECT_EQ(Contents(*twice), (std::vector<std::pair<size_t, int64_t>>{{3, 80}}));
    ASSERT_OK_AND_ASSIGN(auto none, patches.Slice(5, 8));
    EXPECT_FALSE(none.has_value());
    EXPECT_FALSE(patches.Slice(4, 11).ok());
}

TEST(PatchesTest, FilterRenumbersByRank) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(6, 0, U32s({0, 2, 5}), I64s({1, 2, 3})));
    const Mask mask = Mask::FromIndices(6, {0, 1, 4, 5});
    ASSERT_OK_AND_ASSIGN(auto filtered, patches.Filter(mask));
    ASSERT_TRUE(filtered.has_value());
    EXPECT_EQ(filtered->array_len(), 4u);
    EXPECT_EQ(Contents(*filtered), (std::vector<std::pair<size_t, int64_t>>{{0, 1}, {3, 3}}));
    ASSERT_OK_AND_ASSIGN(auto none, patches.Filter(Mask::FromIndices(6, {1, 3})));
    EXPECT_FALSE(none.has_value());
}

TEST(PatchesTest, TakeFollowsPositionsAndSkipsNullIndices) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(6, 0, U32s({0, 2, 5}), I64s({1, 2, 3})));
    const std::vector<size_t> positions = {5, 5, 1, 2, 0};
    const Mask valid = Mask::FromIndices(5, {0, 2, 3, 4});
    ASSERT_OK_AND_ASSIGN(auto taken, patches.Take(positions, valid));
    ASSERT_TRUE(taken.has_value());
    EXPECT_EQ(taken->array_len(), 5u);
    EXPECT_EQ(Contents(*taken), (std::vector<std::pair<size_t, int64_t>>{{0, 3}, {3, 2}, {4, 1}}));
    const std::vector<size_t> out_of_range = {6};
    EXPECT_FALSE(patches.Take(out_of_range, Mask::AllTrue(1)).ok());
}

TEST(PatchesTest, MetadataAndChildrenRoundTrip) {
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(2000, 7, U32s({7, 1500}), I64s({1, 2})));
    vortex::array::PatchesMetadata metadata;
    patches.ToMetadata(&metadata);
    EXPECT_EQ(metadata.len(), 2u);
    EXPECT_EQ(metadata.offset(), 7u);
    EXPECT_FALSE(metadata.has_chunk_offsets_ptype());
    std::vector<ArrayRef> children;
    patches.AppendChildren(children);
    ASSERT_EQ(children.size(), Patches::ChildCount(metadata));

    // With a chunk-offsets child, which is kept for re-serialization.
    metadata.set_chunk_offsets_len(2);
    metadata.set_chunk_offsets_ptype(vortex::dtype::PType::U64);
    children.push_back(PrimitiveArray::FromValues(std::vector<uint64_t>{0, 1}));
    ASSERT_OK_AND_ASSIGN(Patches read,
                         Patches::FromChildren(metadata, 2000,
                                               DType::Primitive(PType::I64, Nullability::NonNullable),
                                               VectorArrayChildren(children), 0));
    EXPECT_EQ(read.num_children(), 3u);
    EXPECT_EQ(Contents(read), Contents(patches));
    vortex::array::PatchesMetadata again;
    read.ToMetadata(&again);
    EXPECT_EQ(again.SerializeAsString(), metadata.SerializeAsString());
}

TEST(PatchesTest, FromChildrenRejectsBadMetadata) {
    const DType i64 = DType::Primitive(PType::I64, Nullability::NonNullable);
    std::vector<ArrayRef> children = {U32s({1, 2}), I64s({1, 2})};
    vortex::array::PatchesMetadata metadata;
    metadata.set_len(2);
    metadata.set_indices_ptype(vortex::dtype::PType::U32);
    EXPECT_OK(Patches::FromChildren(metadata, 4, i64, VectorArrayChildren(children), 0).status());

    auto signed_ptype = metadata;
    signed_ptype.set_indices_ptype(vortex::dtype::PType::I32);
    EXPECT_EQ(Patches::FromChildren(signed_ptype, 4, i64, VectorArrayChildren(children), 0).status().code(),
              StatusCode::Serde);
    auto too_many = metadata;
    too_many.set_len(5);
    EXPECT_FALSE(Patches::FromChildren(too_many, 4, i64, VectorArrayChildren(children), 0).ok());
    auto bad_offset = metadata;
    bad_offset.set_offset(3);
    EXPECT_EQ(Patches::FromChildren(bad_offset, 4, i64, VectorArrayChildren(children), 0).status().code(),
              StatusCode::Serde);
    EXPECT_FALSE(Patches::FromChildren(metadata, 2, i64, VectorArrayChildren(children), 0).ok())
        << "index 2 past an array of 2";
    EXPECT_FALSE(Patches::FromChildren(metadata, 4, i64, VectorArrayChildren(children), 1).ok())
        << "missing children";
    auto bad_tag = metadata;
    bad_tag.set_indices_ptype(static_cast<vortex::dtype::PType>(99));
    EXPECT_FALSE(Patches::FromChildren(bad_tag, 4, i64, VectorArrayChildren(children), 0).ok());
}

TEST(PatchesTest, TakeKeepsWideValueIndicesWhateverTheirOrder) {
    // 300 patches: a take that reads them in reverse needs value indices up to 299, which the
    // index array must not narrow to the last (smallest) one's width.
    std::vector<uint32_t> indices(300);
    std::vector<int64_t> values(300);
    for (uint32_t j = 0; j < 300; ++j) {
        indices[j] = j;
        values[j] = 1000 + j;
    }
    ASSERT_OK_AND_ASSIGN(Patches patches, Patches::TryMake(300, 0, U32s(indices), I64s(values)));
    std::vector<size_t> positions = {299, 256, 3};
    ASSERT_OK_AND_ASSIGN(auto taken, patches.Take(positions, Mask::AllTrue(3)));
    EXPECT_EQ(Contents(*taken), (std::vector<std::pair<size_t, int64_t>>{{0, 1299}, {1, 1256}, {2, 1003}}));
}

} // namespace
} // namespace vortex
