// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/buffer/bit_filter.h"

namespace vortex {
namespace {

uint64_t NaiveCompress(uint64_t word, uint64_t keep) {
    uint64_t out = 0;
    unsigned k = 0;
    for (unsigned p = 0; p < 64; ++p) {
        if ((keep >> p) & 1) {
            out |= ((word >> p) & 1) << k++;
        }
    }
    return out;
}

TEST(BitFilterTest, CompressBitsMatchesBitByBitAtEveryDensity) {
    std::mt19937_64 rng(3);
    for (int round = 0; round < 4000; ++round) {
        const uint64_t word = rng();
        uint64_t keep = rng();
        // Densities from none to all: AND or OR several draws.
        for (int k = 0; k < round % 5; ++k) {
            keep = round % 2 == 0 ? keep & rng() : keep | rng();
        }
        ASSERT_EQ(CompressBits(word, keep), NaiveCompress(word, keep)) << word << " " << keep;
    }
    EXPECT_EQ(CompressBits(~uint64_t{0}, 0), 0u);
    EXPECT_EQ(CompressBits(0x8000000000000001u, 0x8000000000000001u), 3u);
    EXPECT_EQ(CompressBits(0xF0u, ~uint64_t{0}), 0xF0u);
}

TEST(BitFilterTest, FilterBitsKeepsTheSelectedBitsInOrder) {
    std::mt19937_64 rng(11);
    for (const size_t len : {0, 1, 63, 64, 65, 127, 1000, 4099}) {
        for (const double density : {0.0, 0.01, 0.5, 0.97, 1.0}) {
            for (const size_t offset : {0, 3}) {
                std::vector<bool> values(len + offset), keep(len);
                std::bernoulli_distribution kept(density), set(0.5);
                for (size_t i = 0; i < len + offset; ++i) {
                    values[i] = set(rng);
                }
                for (size_t i = 0; i < len; ++i) {
                    keep[i] = kept(rng);
                }
                // An offset slice: the filter must read from the buffer's offset.
                const BitBuffer bits = BitBuffer::FromBools(values).Slice(offset, len);
                const Mask mask = Mask::FromBits(BitBuffer::FromBools(keep));
                const BitBuffer filtered = FilterBits(bits, mask);
                std::vector<bool> expected;
                for (size_t i = 0; i < len; ++i) {
                    if (keep[i]) {
                        expected.push_back(values[offset + i]);
                    }
                }
                ASSERT_EQ(filtered.len(), expected.size()) << len << " " << density;
                for (size_t i = 0; i < expected.size(); ++i) {
                    ASSERT_EQ(filtered.value(i), expected[i]) << len << " " << density << " at " << i;
                }
            }
        }
    }
}

} // namespace
} // namespace vortex
