// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"

namespace vortex::fastlanes {
namespace {

// An independent bit-at-a-time encoder written from spec 5.1: lane L's words form a
// little-endian bit stream, the value at row r occupies stream bits [r*W, r*W + W) and is the
// block element at FastLanesIndex(r, L).
template <typename T>
std::vector<T> ReferencePack(const std::vector<T> &values, unsigned width) {
    constexpr unsigned kT = kBitsOf<T>;
    std::vector<T> packed(PackedBlockWords<T>(width), 0);
    for (size_t lane = 0; lane < kLanes<T>; ++lane) {
        for (size_t row = 0; row < kT; ++row) {
            const uint64_t value = values[FastLanesIndex(row, lane)];
            for (unsigned b = 0; b < width; ++b) {
                if ((value >> b) & 1) {
                    const size_t stream_bit = row * width + b;
                    packed[(stream_bit / kT) * kLanes<T> + lane] |= static_cast<T>(T{1} << (stream_bit % kT));
                }
            }
        }
    }
    return packed;
}

template <typename T>
std::vector<T> RandomValues(unsigned width, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> values(kFastLanesBlockLen);
    for (T &v : values) {
        const uint64_t r = rng();
        v = static_cast<T>(width >= 64 ? r : r & ((uint64_t{1} << width) - 1));
    }
    return values;
}

template <typename T>
void CheckEveryWidth() {
    std::vector<BitPackIsa> isas;
    for (BitPackIsa isa : {BitPackIsa::Portable, BitPackIsa::Avx2, BitPackIsa::Avx512}) {
        if (BitPackIsaSupported(isa)) {
            isas.push_back(isa);
        }
    }
    for (unsigned width = 0; width <= kBitsOf<T>; ++width) {
        SCOPED_TRACE(testing::Message() << "bits " << kBitsOf<T> << " width " << width);
        const std::vector<T> values = RandomValues<T>(width, width * 1000 + sizeof(T));
        const std::vector<T> expected_packed = ReferencePack(values, width);
        for (BitPackIsa isa : isas) {
            SCOPED_TRACE(BitPackIsaName(isa));
            // Start from garbage: the packer must not depend on zeroed output.
            std::vector<T> packed(expected_packed.size() + 1, static_cast<T>(0xA5A5A5A5A5A5A5A5ULL));
            PackBlockFn<T>(width, isa)(values.data(), packed.data());
            ASSERT_TRUE(std::equal(expected_packed.begin(), expected_packed.end(), packed.begin()));
            EXPECT_EQ(packed.back(), static_cast<T>(0xA5A5A5A5A5A5A5A5ULL)) << "wrote past the block";
            std::vector<T> unpacked(kFastLanesBlockLen, 7);
            UnpackBlockFn<T>(width, isa)(packed.data(), unpacked.data());
            ASSERT_EQ(unpacked, values);
        }
        for (size_t p = 0; p < kFastLanesBlockLen; p += 37) {
            ASSERT_EQ(UnpackSingle<T>(expected_packed.data(), width, p), values[p]) << "position " << p;
        }
        ASSERT_EQ(UnpackSingle<T>(expected_packed.data(), width, 1023), values[1023]);
    }
}

TEST(BitPackKernelsTest, EveryWidthU8) {
    CheckEveryWidth<uint8_t>();
}
TEST(BitPackKernelsTest, EveryWidthU16) {
    CheckEveryWidth<uint16_t>();
}
TEST(BitPackKernelsTest, EveryWidthU32) {
    CheckEveryWidth<uint32_t>();
}
TEST(BitPackKernelsTest, EveryWidthU64) {
    CheckEveryWidth<uint64_t>();
}

TEST(BitPackKernelsTest, PackMasksValuesWiderThanTheWidth) {
    std::vector<uint16_t> values(kFastLanesBlockLen);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<uint16_t>(0xFF00 | i);
    }
    std::vector<uint16_t> packed(PackedBlockWords<uint16_t>(5));
    PackBlockFn<uint16_t>(5)(values.data(), packed.data());
    std::vector<uint16_t> out(kFastLanesBlockLen);
    UnpackBlockFn<uint16_t>(5)(packed.data(), out.data());
    for (size_t i = 0; i < values.size(); ++i) {
        ASSERT_EQ(out[i], values[i] & 31);
    }
}

TEST(BitPackKernelsTest, TemplateEntryPointsMatchTheTable) {
    const std::vector<uint32_t> values = RandomValues<uint32_t>(12, 3);
    std::vector<uint32_t> packed(PackedBlockWords<uint32_t>(12));
    PackBlock<uint32_t, 12>(values.data(), packed.data());
    EXPECT_EQ(packed, ReferencePack(values, 12));
    std::vector<uint32_t> out(kFastLanesBlockLen);
    UnpackBlock<uint32_t, 12>(packed.data(), out.data());
    EXPECT_EQ(out, values);
}

TEST(BitPackKernelsTest, UnpackBlocksStreamingMatchesTheBlockLoop) {
    // Any packed bits are a valid block, so random words exercise every value position.
    constexpr unsigned kWidth = 7;
    constexpr size_t kBlocks = kStreamingUnpackBytes / (kFastLanesBlockLen * sizeof(uint32_t)) + 3;
    std::mt19937_64 rng(11);
    std::vector<uint32_t> packed(kBlocks * PackedBlockWords<uint32_t>(kWidth));
    for (uint32_t &word : packed) {
        word = static_cast<uint32_t>(rng());
    }
    std::vector<uint32_t> expected(kBlocks * kFastLanesBlockLen);
    for (size_t b = 0; b < kBlocks; ++b) {
        UnpackBlockFn<uint32_t>(kWidth)(packed.data() + b * PackedBlockWords<uint32_t>(kWidth),
                                        expected.data() + b * kFastLanesBlockLen);
    }
    // 64-byte aligned (streaming stores) and misaligned (ordinary stores) targets.
    std::vector<uint32_t> storage(expected.size() + 32);
    uint32_t *aligned = storage.data();
    while (reinterpret_cast<uintptr_t>(aligned) % 64 != 0) {
        ++aligned;
    }
    for (uint32_t *out : {aligned, aligned + 1}) {
        std::fill(storage.begin(), storage.end(), 0xDEADBEEF);
        UnpackBlocks<uint32_t>(packed.data(), kWidth, kBlocks, out);
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), out));
    }
}

} // namespace
} // namespace vortex::fastlanes
