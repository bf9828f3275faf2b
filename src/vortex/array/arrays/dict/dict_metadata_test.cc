// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/dict/dict_array.h"

namespace vortex {
namespace {

std::vector<uint8_t> ReadGolden(const std::string &name) {
    std::ifstream file(std::string(VORTEX_GOLDEN_DIR) + "/" + name, std::ios::binary);
    EXPECT_TRUE(file.good()) << "missing golden file " << name;
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Mirrors the reference's `test_dict_metadata` (vortex-array/src/arrays/dict/array.rs):
// values_len = u32::MAX, codes_ptype = U64, no optional fields.
TEST(DictMetadataTest, MatchesGoldenBytesBothWays) {
    const std::vector<uint8_t> golden = ReadGolden("dict.metadata");
    ASSERT_FALSE(golden.empty());

    DictMetadata metadata;
    metadata.values_len = UINT32_MAX;
    metadata.codes_ptype = PType::U64;
    EXPECT_EQ(metadata.Serialize(), golden);

    auto parsed = DictMetadata::Parse(golden);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, metadata);
    EXPECT_FALSE(parsed->is_nullable_codes.has_value());
    EXPECT_FALSE(parsed->all_values_referenced.has_value());
}

TEST(DictMetadataTest, OptionalFieldsRoundTrip) {
    DictMetadata metadata{
        .values_len = 7, .codes_ptype = PType::U8, .is_nullable_codes = false, .all_values_referenced = true};
    auto parsed = DictMetadata::Parse(metadata.Serialize());
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, metadata);
}

TEST(DictMetadataTest, RejectsBadInput) {
    // codes_ptype = F32 (9) is not an integer.
    const std::vector<uint8_t> float_codes{0x08, 0x01, 0x10, 0x09};
    EXPECT_EQ(DictMetadata::Parse(float_codes).status().code(), StatusCode::Serde);
    // codes_ptype = 42 names no ptype.
    const std::vector<uint8_t> bad_tag{0x10, 0x2a};
    EXPECT_EQ(DictMetadata::Parse(bad_tag).status().code(), StatusCode::Serde);
    // Truncated varint.
    const std::vector<uint8_t> truncated{0x08, 0xff};
    EXPECT_EQ(DictMetadata::Parse(truncated).status().code(), StatusCode::Serde);
}

} // namespace
} // namespace vortex
