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

} // namespace
} // namespace vortex
