// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/format/array_generated.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/serde/proto_message.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex::serde {
namespace {

using Bytes = std::vector<uint8_t>;

TEST(SerdeSchemaTest, DictMetadataMatchesTheReferenceGoldenBytes) {
    std::ifstream in(std::string(VORTEX_GOLDEN_DIR) + "/dict.metadata", std::ios::binary);
    const Bytes golden((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(golden.empty());
    // The reference's test input: values_len = u32::MAX, codes_ptype = U64, optionals unset.
    vortex::array::DictMetadata metadata;
    metadata.set_values_len(UINT32_MAX);
    metadata.set_codes_ptype(vortex::dtype::U64);
    EXPECT_EQ(SerializeProtoMessage(metadata), golden);

    vortex::array::DictMetadata parsed;
    ASSERT_TRUE(ParseProtoMessage(golden, parsed, "dict metadata").ok());
    EXPECT_EQ(parsed.values_len(), UINT32_MAX);
    EXPECT_EQ(parsed.codes_ptype(), vortex::dtype::U64);
    EXPECT_FALSE(parsed.has_is_nullable_codes());
    EXPECT_FALSE(parsed.has_all_values_referenced());
}

TEST(SerdeSchemaTest, OptionalFieldsKeepPresence) {
    // proto3 `optional`: an explicit false is written (18 00) and read back as present.
    vortex::array::DictMetadata metadata;
    metadata.set_is_nullable_codes(false);
    EXPECT_EQ(SerializeProtoMessage(metadata), (Bytes{0x18, 0x00}));
    vortex::array::PatchesMetadata patches;
    patches.set_len(3);
    patches.set_indices_ptype(vortex::dtype::U32);
    patches.set_chunk_offsets_ptype(vortex::dtype::U8);
    // len 3, indices_ptype U32 (2), chunk_offsets_ptype U8 (0, present).
    EXPECT_EQ(SerializeProtoMessage(patches), (Bytes{0x08, 0x03, 0x18, 0x02, 0x28, 0x00}));
}

TEST(SerdeSchemaTest, ArrayBufferStructIsEightBytes) {
    static_assert(sizeof(vortex::fbs::array::Buffer) == 8);
    const vortex::fbs::array::Buffer buffer(3, 6, vortex::fbs::array::Compression::None, 1000);
    const auto *raw = reinterpret_cast<const uint8_t *>(&buffer);
    // padding u16 LE, alignment_exponent, compression, length u32 LE.
    EXPECT_EQ(Bytes(raw, raw + 8), (Bytes{3, 0, 6, 0, 0xe8, 0x03, 0, 0}));
}

TEST(SerdeSchemaTest, ParseRejectsMalformedProtobuf) {
    vortex::array::ListMetadata metadata;
    EXPECT_FALSE(ParseProtoMessage(Bytes{0x08}, metadata, "list").ok());          // truncated varint
    EXPECT_FALSE(ParseProtoMessage(Bytes{0x0a, 0x05, 1}, metadata, "list").ok()); // length past the end
    EXPECT_TRUE(ParseProtoMessage(Bytes{}, metadata, "list").ok());               // all defaults
}

TEST(SerdeSchemaTest, Utf8Validation) {
    EXPECT_TRUE(IsValidUtf8(""));
    EXPECT_TRUE(IsValidUtf8("plain"));
    EXPECT_TRUE(IsValidUtf8("\xc3\xa9\xe4\xb8\x96\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf"));
    EXPECT_FALSE(IsValidUtf8("\xc3"));             // truncated
    EXPECT_FALSE(IsValidUtf8("\xc0\xaf"));         // overlong
    EXPECT_FALSE(IsValidUtf8("\xe0\x80\xaf"));     // overlong 3-byte
    EXPECT_FALSE(IsValidUtf8("\xed\xa0\x80"));     // surrogate
    EXPECT_FALSE(IsValidUtf8("\xf4\x90\x80\x80")); // above U+10FFFF
    EXPECT_FALSE(IsValidUtf8("\xff"));
    EXPECT_FALSE(IsValidUtf8("\xe2\x82"));
    EXPECT_FALSE(IsValidUtf8("a\x80"));
}

// ASCII is skipped 32 and 8 bytes at a time: a bad byte, a good character or a truncated one
// must be found at every position of a long text, next to every block boundary.
TEST(SerdeSchemaTest, Utf8ValidationAtEveryPositionOfLongText) {
    for (size_t len : {31, 32, 33, 71, 100}) {
        for (size_t at = 0; at < len; ++at) {
            std::string text(len, 'a');
            text[at] = '\xff';
            EXPECT_FALSE(IsValidUtf8(text)) << len << " " << at;
            text[at] = '\x80';
            EXPECT_FALSE(IsValidUtf8(text)) << len << " " << at;
            if (at + 1 < len) {
                text.replace(at, 2, "\xc3\xa9");
                EXPECT_TRUE(IsValidUtf8(text)) << len << " " << at;
                EXPECT_FALSE(IsValidUtf8(std::string_view(text).substr(0, at + 1))) << len << " " << at;
            }
        }
    }
}

} // namespace
} // namespace vortex::serde
