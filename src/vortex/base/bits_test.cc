// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/base/bits.h"

namespace vortex::bits {
namespace {

TEST(BitsTest, CountSetBitsMatchesNaiveCountAtEveryOffset) {
    std::mt19937_64 rng(7);
    std::vector<uint8_t> bytes(64);
    for (auto &b : bytes) {
        b = static_cast<uint8_t>(rng());
    }
    for (size_t offset = 0; offset < 20; ++offset) {
        for (size_t length : {0, 1, 7, 8, 9, 63, 64, 65, 300, 400}) {
            size_t expected = 0;
            for (size_t i = offset; i < offset + length; ++i) {
                expected += (bytes[i / 8] >> (i % 8)) & 1;
            }
            EXPECT_EQ(CountSetBits(bytes.data(), offset, length), expected) << offset << "+" << length;
        }
    }
}

TEST(BitsTest, CopyBitsAtUnalignedOffsets) {
    std::mt19937_64 rng(11);
    std::vector<uint8_t> src(32);
    for (auto &b : src) {
        b = static_cast<uint8_t>(rng());
    }
    for (size_t so : {0, 3, 8}) {
        for (size_t d : {0, 5, 16}) {
            std::vector<uint8_t> dst(40, 0);
            CopyBits(src.data(), so, 200, dst.data(), d);
            for (size_t i = 0; i < 200; ++i) {
                ASSERT_EQ(GetBit(dst.data(), d + i), GetBit(src.data(), so + i));
            }
        }
    }
}

} // namespace
} // namespace vortex::bits
