// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>

#include <gtest/gtest.h>

#include "vortex/buffer/bit_buffer.h"

namespace vortex {
namespace {

std::vector<bool> RandomBools(size_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<bool> out(n);
    for (size_t i = 0; i < n; ++i) {
        out[i] = (rng() & 3) != 0;
    }
    return out;
}

TEST(BitBufferTest, RoundTripsBools) {
    for (size_t n : {0, 1, 7, 8, 9, 1023, 1024, 1025}) {
        auto bools = RandomBools(n, n);
        BitBuffer bits = BitBuffer::FromBools(bools);
        ASSERT_EQ(bits.len(), n);
        size_t expected_count = 0;
        for (size_t i = 0; i < n; ++i) {
            ASSERT_EQ(bits.value(i), bools[i]);
            expected_count += bools[i];
        }
        EXPECT_EQ(bits.CountSetBits(), expected_count);
    }
}

TEST(BitBufferTest, SliceKeepsValuesAndSmallOffset) {
    auto bools = RandomBools(300, 3);
    BitBuffer bits = BitBuffer::FromBools(bools);
    for (size_t start : {0, 1, 8, 13, 299}) {
        BitBuffer s = bits.Slice(start, 300 - start);
        EXPECT_LT(s.offset(), 8u);
        for (size_t i = 0; i < s.len(); ++i) {
            ASSERT_EQ(s.value(i), bools[start + i]);
        }
        BitBuffer c = s.Compact();
        EXPECT_EQ(c.offset(), 0u);
        EXPECT_EQ(c, s);
    }
}

TEST(BitBufferTest, AppendNAndAppendBits) {
    BitBufferMut m;
    m.Append(true);
    m.AppendN(true, 20);
    m.AppendN(false, 5);
    m.AppendBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}).Slice(1, 2));
    BitBuffer b = std::move(m).Freeze();
    ASSERT_EQ(b.len(), 28u);
    EXPECT_EQ(b.CountSetBits(), 22u);
    EXPECT_FALSE(b.value(21));
    EXPECT_FALSE(b.value(26));
    EXPECT_TRUE(b.value(27));
}

} // namespace
} // namespace vortex
