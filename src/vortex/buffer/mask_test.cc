// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/buffer/mask.h"

namespace vortex {
namespace {

TEST(MaskTest, UniformBitmapsCollapse) {
    EXPECT_TRUE(Mask::FromBits(BitBuffer::Full(10, true)).all_true());
    EXPECT_TRUE(Mask::FromBits(BitBuffer::Full(10, false)).all_false());
    EXPECT_TRUE(Mask::AllTrue(0).all_true());
}

TEST(MaskTest, IndicesAndBooleanAlgebra) {
    Mask a = Mask::FromIndices(10, {1, 3, 5, 7});
    Mask b = Mask::FromIndices(10, {3, 4, 5});
    EXPECT_EQ(a.true_count(), 4u);
    EXPECT_EQ(a.And(b).Indices(), (std::vector<size_t>{3, 5}));
    EXPECT_EQ(a.Or(b).Indices(), (std::vector<size_t>{1, 3, 4, 5, 7}));
    EXPECT_EQ(a.Not().true_count(), 6u);
    EXPECT_EQ(a.And(Mask::AllTrue(10)), a);
    EXPECT_TRUE(a.And(Mask::AllFalse(10)).all_false());
    EXPECT_EQ(a.Slice(3, 4).Indices(), (std::vector<size_t>{0, 2}));
    EXPECT_EQ(Mask::AllTrue(3).Indices(), (std::vector<size_t>{0, 1, 2}));
}

TEST(MaskTest, TrueSpanAndIndicesOfSlicedBitmaps) {
    // Far-apart bits across many words, seen through slices at odd offsets.
    std::vector<size_t> set = {3, 64, 200, 201, 999};
    Mask mask = Mask::FromIndices(1000, set);
    EXPECT_EQ(mask.Indices(), set);
    EXPECT_EQ(mask.TrueSpan(), (std::pair<size_t, size_t>{3, 1000}));
    Mask sliced = mask.Slice(5, 990);
    EXPECT_EQ(sliced.Indices(), (std::vector<size_t>{59, 195, 196}));
    EXPECT_EQ(sliced.TrueSpan(), (std::pair<size_t, size_t>{59, 197}));
    Mask one = Mask::FromIndices(130, {129});
    EXPECT_EQ(one.TrueSpan(), (std::pair<size_t, size_t>{129, 130}));
    EXPECT_EQ(Mask::AllTrue(7).TrueSpan(), (std::pair<size_t, size_t>{0, 7}));
}

} // namespace
} // namespace vortex
