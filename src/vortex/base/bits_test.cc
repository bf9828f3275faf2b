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

TEST(BitsTest, SetBitScansMatchNaiveScanAtEveryOffset) {
    std::mt19937_64 rng(11);
    // Sparse and dense bytes, so whole clear words are skipped and full words visited.
    std::vector<uint8_t> bytes(80);
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = i < 40 ? static_cast<uint8_t>(rng() % 13 == 0 ? 1u << (rng() % 8) : 0)
                          : static_cast<uint8_t>(rng());
    }
    for (size_t offset = 0; offset < 20; ++offset) {
        for (size_t length : {0, 1, 7, 63, 64, 65, 127, 128, 300, 600}) {
            std::vector<size_t> expected;
            for (size_t i = 0; i < length; ++i) {
                if ((bytes[(offset + i) / 8] >> ((offset + i) % 8)) & 1) {
                    expected.push_back(i);
                }
            }
            std::vector<size_t> seen;
            ForEachSetBit(bytes.data(), offset, length, [&](size_t i) { seen.push_back(i); });
            EXPECT_EQ(seen, expected) << offset << "+" << length;
            EXPECT_EQ(FindFirstSet(bytes.data(), offset, length),
                      expected.empty() ? length : expected.front())
                << offset << "+" << length;
            EXPECT_EQ(FindLastSet(bytes.data(), offset, length), expected.empty() ? length : expected.back())
                << offset << "+" << length;
        }
    }
}

TEST(BitsTest, LoadBitsReadsOnlyTheBytesItNeeds) {
    // The last byte of the allocation holds bit 71: a 64-bit load at bit 8 must not read past it.
    std::vector<uint8_t> bytes = {0, 0xff, 0, 0, 0, 0, 0, 0, 0x80};
    EXPECT_EQ(LoadBits(bytes.data(), 8, 64), 0x80000000000000ffull);
    EXPECT_EQ(LoadBits(bytes.data(), 71, 1), 1u);
    EXPECT_EQ(LoadBits(bytes.data(), 12, 8), 0x0fu);
    std::vector<uint8_t> zeros(40, 0);
    EXPECT_EQ(FindFirstSet(zeros.data(), 3, 300), 300u);
    EXPECT_EQ(FindLastSet(zeros.data(), 3, 300), 300u);
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
