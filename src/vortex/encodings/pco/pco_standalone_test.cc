// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The decoder against files the pco crate wrote (tests/data/pco, see its README): one per mode,
// delta encoding, number width and format version. The expected numbers are rebuilt from the
// crate's compatibility test that wrote each file (pco/src/tests/compatibility.rs).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/ptype.h"
#include "vortex/encodings/pco/pco_standalone.h"

namespace vortex::pco {
namespace {

std::vector<uint8_t> ReadAsset(const std::string &name) {
    std::ifstream in(std::string(VORTEX_PCO_ASSETS_DIR) + "/" + name, std::ios::binary);
    EXPECT_TRUE(in.good()) << name;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <typename T>
std::vector<T> Decoded(const StandaloneNumbers &numbers) {
    std::vector<T> out(numbers.count);
    if (numbers.count != 0) {
        std::memcpy(out.data(), numbers.bytes.data(), numbers.count * sizeof(T));
    }
    return out;
}

// Compares by bits, as the crate's test does (to_latent_ordered equality).
template <typename T, typename Bits>
void ExpectBitsEqual(const std::vector<T> &expected, const std::vector<Bits> &actual) {
    ASSERT_EQ(expected.size(), actual.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        Bits want;
        std::memcpy(&want, &expected[i], sizeof(Bits));
        ASSERT_EQ(want, actual[i]) << "at " << i;
    }
}

template <typename T>
void ExpectAsset(const std::string &name, NumberType type, const std::vector<T> &expected) {
    SCOPED_TRACE(name);
    auto bytes = ReadAsset(name);
    ASSERT_OK_AND_ASSIGN(StandaloneNumbers numbers, DecodeStandalone(bytes));
    if (!expected.empty()) {
        ASSERT_TRUE(numbers.number_type.has_value());
        EXPECT_EQ(*numbers.number_type, type);
    }
    ASSERT_EQ(numbers.count, expected.size());
    if constexpr (std::is_floating_point_v<T>) {
        using Bits = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
        ExpectBitsEqual(expected, Decoded<Bits>(numbers));
    } else {
        EXPECT_EQ(Decoded<T>(numbers), expected);
    }
}

// The crate's generate_pseudorandom_f16s, in f32 arithmetic step by step (volatile keeps the
// compiler from fusing the multiply and add, which Rust does not do either).
std::vector<uint16_t> PseudorandomF16s() {
    std::vector<uint16_t> out;
    volatile float num = 0.1f;
    for (int i = 0; i < 2000; ++i) {
        volatile float product = num * 77.7f;
        volatile float sum = product + 0.1f;
        num = std::fmod(static_cast<float>(sum), 2.0f);
        const float value = num < 1.0f ? -1.0f - num : static_cast<float>(num);
        out.push_back(Half::FromFloat(value).bits);
    }
    return out;
}

TEST(PcoStandalone, ClassicI32FormatZero) {
    std::vector<int32_t> nums;
    nums.reserve(1000);
    for (int32_t i = 0; i < 1000; ++i) {
        nums.push_back(i);
    }
    for (int32_t i = 2000; i < 3000; ++i) {
        nums.push_back(i);
    }
    ExpectAsset("v0_0_0_classic.pco", NumberType::I32, nums);
}

TEST(PcoStandalone, FloatMultWithConsecutiveDelta) {
    std::vector<float> nums;
    nums.reserve(2000);
    for (int i = 0; i < 2000; ++i) {
        nums.push_back(static_cast<float>(i));
    }
    volatile float bumped = nums[1337] + 1.001f;
    nums[1337] = bumped;
    ExpectAsset("v0_0_0_delta_float_mult.pco", NumberType::F32, nums);
}

TEST(PcoStandalone, IntMultWithConsecutiveDelta) {
    std::vector<int32_t> nums;
    nums.reserve(2000);
    for (int32_t i = 0; i < 2000; ++i) {
        nums.push_back(i * 1000);
    }
    nums[1337] -= 1;
    ExpectAsset("v0_1_0_delta_int_mult.pco", NumberType::I32, nums);
}

TEST(PcoStandalone, EmptyFileWithStandaloneVersion) {
    ExpectAsset("v0_1_1_standalone_versioned.pco", NumberType::F32, std::vector<float>{});
}

TEST(PcoStandalone, HalfFloats) {
    auto bytes = ReadAsset("v0_3_0_f16.pco");
    ASSERT_OK_AND_ASSIGN(StandaloneNumbers numbers, DecodeStandalone(bytes));
    ASSERT_EQ(numbers.number_type, NumberType::F16);
    EXPECT_EQ(Decoded<uint16_t>(numbers), PseudorandomF16s());
}

TEST(PcoStandalone, FloatQuant) {
    std::vector<float> nums;
    for (uint16_t bits : PseudorandomF16s()) {
        const float x = Half{bits}.ToFloat();
        if (std::fabs(x) < 1.1f) {
            uint32_t raw;
            std::memcpy(&raw, &x, 4);
            ++raw;
            float bumped;
            std::memcpy(&bumped, &raw, 4);
            nums.push_back(bumped);
        } else {
            nums.push_back(x);
        }
    }
    ExpectAsset("v0_3_0_float_quant.pco", NumberType::F32, nums);
}

TEST(PcoStandalone, LookbackDelta) {
    const std::vector<uint32_t> block = {1121827092, 729032807,  3968137854, 2875434067, 3775328080,
                                         431649926,  1048116090, 1906978350, 14752788,   1180462487};
    std::vector<uint32_t> nums;
    for (int r = 0; r < 100; ++r) {
        nums.insert(nums.end(), block.begin(), block.end());
    }
    ExpectAsset("v0_4_0_lookback_delta.pco", NumberType::U32, nums);
}

TEST(PcoStandalone, UniformTypeOverTwoChunks) {
    ExpectAsset("v0_4_5_uniform_type.pco", NumberType::U32, std::vector<uint32_t>{1, 2, 3, 4, 5});
}

TEST(PcoStandalone, MinorVersionHeader) {
    ExpectAsset("v0_4_8_minor_version.pco", NumberType::U32, std::vector<uint32_t>{1, 2, 3, 4, 5});
}

TEST(PcoStandalone, DictMode) {
    std::vector<uint64_t> nums;
    for (int r = 0; r < 1000; ++r) {
        nums.insert(nums.end(), {8924659283ULL, 234897984367ULL, 9827358920ULL});
    }
    ExpectAsset("v1_0_0_dict.pco", NumberType::U64, nums);
}

TEST(PcoStandalone, Conv1Delta) {
    // A second-order oscillator in f32 plus a sawtooth, offset and truncated to i32.
    volatile float xm1 = 0.0f;
    volatile float xm2 = 0.0f;
    std::vector<int32_t> nums;
    for (int32_t i = 0; i < 2000; ++i) {
        volatile float scaled = xm1 * 1.99f;
        volatile float diff = scaled - xm2;
        volatile float x = diff + static_cast<float>((i * 47) % 77 - 38);
        volatile float shifted = x + 10000.0f;
        nums.push_back(static_cast<int32_t>(shifted));
        xm2 = static_cast<float>(xm1);
        xm1 = static_cast<float>(x);
    }
    ExpectAsset("v1_0_0_conv1.pco", NumberType::I32, nums);
}

TEST(PcoStandalone, EightBitTypes) {
    std::vector<uint8_t> u8;
    for (int v = 0; v <= 64; ++v) {
        u8.push_back(static_cast<uint8_t>(v));
    }
    for (int v = 192; v <= 255; ++v) {
        u8.push_back(static_cast<uint8_t>(v));
    }
    ExpectAsset("v1_0_0_u8.pco", NumberType::U8, u8);
    std::vector<int8_t> i8;
    for (int v = -128; v <= -64; ++v) {
        i8.push_back(static_cast<int8_t>(v));
    }
    for (int v = 64; v <= 127; ++v) {
        i8.push_back(static_cast<int8_t>(v));
    }
    ExpectAsset("v1_0_0_i8.pco", NumberType::I8, i8);
}

// Every truncation and many single-byte corruptions of every asset: an error or some numbers,
// never a crash or an out-of-bounds read (ASan and UBSan watch this test).
TEST(PcoStandalone, CorruptAndTruncatedInputFailsCleanly) {
    for (const char *name : {"v0_0_0_classic.pco", "v0_0_0_delta_float_mult.pco", "v0_1_0_delta_int_mult.pco",
                             "v0_3_0_f16.pco", "v0_3_0_float_quant.pco", "v0_4_0_lookback_delta.pco",
                             "v0_4_5_uniform_type.pco", "v0_4_8_minor_version.pco", "v1_0_0_conv1.pco",
                             "v1_0_0_dict.pco", "v1_0_0_u8.pco", "v1_0_0_i8.pco"}) {
        SCOPED_TRACE(name);
        const auto original = ReadAsset(name);
        size_t failures = 0;
        for (size_t cut = 0; cut < original.size(); ++cut) {
            std::vector<uint8_t> truncated(original.begin(), original.begin() + static_cast<ptrdiff_t>(cut));
            failures += DecodeStandalone(truncated).ok() ? 0 : 1;
        }
        // Every proper prefix lacks the termination byte at least.
        EXPECT_EQ(failures, original.size());
        uint32_t x = 12345;
        for (int trial = 0; trial < 300; ++trial) {
            x = x * 1103515245u + 12345u;
            std::vector<uint8_t> corrupt = original;
            corrupt[(x >> 8) % corrupt.size()] ^= static_cast<uint8_t>(1u << ((x >> 4) % 8));
            (void)DecodeStandalone(corrupt);
        }
    }
}

} // namespace
} // namespace vortex::pco
