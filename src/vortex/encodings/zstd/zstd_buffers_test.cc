// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// vortex.zstd_buffers through Encoding::Build, as the file reader calls it: the inner array
// comes back exactly, and untrusted metadata and frames give Serde errors, never a crash.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/zstd/register.h"
#include "vortex/encodings/zstd/zstd_buffers.h"
#include "vortex/encodings/zstd/zstd_metadata.pb.h"

namespace vortex::zstd {
namespace {

std::shared_ptr<const Session> ZstdSession() {
    SessionBuilder builder;
    VX_CHECK(RegisterCanonicalEncodings(builder).ok());
    VX_CHECK(RegisterZstdEncodings(builder).ok());
    return std::move(builder).Build();
}

const Encoding &ZstdBuffers(const Session &session) {
    const Encoding *encoding = session.encodings().Find(ZstdBuffersEncoding::kId);
    VX_CHECK(encoding != nullptr);
    return *encoding;
}

Result<ArrayRef> BuildFrom(const Session &session, const ArrayRef &inner, const ZstdBuffersParts &parts) {
    return ZstdBuffers(session).Build(inner->dtype(), inner->len(), parts.metadata, parts.buffers,
                                      parts.children);
}

std::vector<ArrayRef> Inners() {
    std::vector<ArrayRef> inners;
    std::vector<std::optional<int64_t>> ints;
    for (int64_t i = 0; i < 5000; ++i) {
        ints.push_back(i % 7 == 0 ? std::nullopt : std::optional<int64_t>(i * i - 3));
    }
    inners.push_back(PrimitiveArray::FromOptionals<int64_t>(ints));
    inners.push_back(PrimitiveArray::FromValues<uint8_t>({}));
    std::vector<std::optional<std::string>> strings;
    strings.reserve(300);
    for (int i = 0; i < 300; ++i) {
        strings.push_back(i % 5 == 0
                              ? std::nullopt
                              : std::optional<std::string>(std::string(static_cast<size_t>(i % 40), 'a') +
                                                           std::to_string(i)));
    }
    inners.push_back(VarBinViewArray::FromStrings(strings, DType::Utf8(Nullability::Nullable)));
    // An inner array with children of its own (their dtypes come from the metadata).
    inners.push_back(
        DictArray::TryMake(PrimitiveArray::FromValues<uint16_t>({2, 0, 1, 1, 2, 0}),
                           VarBinViewArray::FromStrings(std::vector<std::string>{"x", "yy", "zzz"},
                                                        DType::Utf8(Nullability::NonNullable)))
            .ValueOrDie());
    return inners;
}

TEST(ZstdBuffersTest, InnerArraysComeBackExactly) {
    const auto session = ZstdSession();
    for (const ArrayRef &inner : Inners()) {
        SCOPED_TRACE(inner->dtype().ToString() + " " + std::string(inner->encoding_id()));
        ASSERT_OK_AND_ASSIGN(ZstdBuffersParts parts, CompressBuffersOf(inner, 3));
        ASSERT_EQ(parts.buffers.size(), inner->nbuffers());
        ASSERT_OK_AND_ASSIGN(ArrayRef built, BuildFrom(*session, inner, parts));
        EXPECT_EQ(built->encoding_id(), inner->encoding_id());
        ASSERT_ARRAYS_EQUAL(inner, built);
    }
}

// The metadata fields by number, as the reference's prost message writes them.
TEST(ZstdBuffersTest, MetadataFieldNumbersAreTheReferences) {
    vortex::encodings::ZstdBuffersMetadata proto;
    proto.set_inner_encoding_id("vortex.primitive");
    proto.add_uncompressed_sizes(8);
    proto.add_buffer_alignments(4);
    proto.add_child_lens(2);
    const std::string bytes = proto.SerializeAsString();
    // 1: string, 3: packed uint64, 4: packed uint32, 6: packed uint64.
    const std::string expected = std::string("\x0a\x10vortex.primitive", 18) +
                                 std::string("\x1a\x01\x08", 3) + std::string("\x22\x01\x04", 3) +
                                 std::string("\x32\x01\x02", 3);
    EXPECT_EQ(bytes, expected);
}

TEST(ZstdBuffersTest, MalformedNodesAreSerdeErrors) {
    const auto session = ZstdSession();
    const ArrayRef inner = Inners()[0];
    ASSERT_OK_AND_ASSIGN(const ZstdBuffersParts good, CompressBuffersOf(inner, 3));
    vortex::encodings::ZstdBuffersMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(good.metadata.data(), static_cast<int>(good.metadata.size())));

    const auto with = [&](auto edit) {
        vortex::encodings::ZstdBuffersMetadata changed = proto;
        ZstdBuffersParts parts = good;
        edit(changed, parts);
        const std::string bytes = changed.SerializeAsString();
        parts.metadata.assign(bytes.begin(), bytes.end());
        return BuildFrom(*session, inner, parts);
    };
    using Proto = vortex::encodings::ZstdBuffersMetadata;
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_inner_encoding_id("vortex.nope"); }));
    EXPECT_RAISES(Serde,
                  with([](Proto &p, ZstdBuffersParts &) { p.set_inner_encoding_id("vortex.zstd_buffers"); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.add_uncompressed_sizes(1); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_uncompressed_sizes(0, 7); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_uncompressed_sizes(0, 1ull << 40); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_buffer_alignments(0, 3); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.clear_child_dtypes(); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_child_lens(0, 17); }));
    EXPECT_RAISES(Serde, with([](Proto &p, ZstdBuffersParts &) { p.set_inner_metadata("\xff\xff"); }));
    EXPECT_RAISES(Serde, with([](Proto &, ZstdBuffersParts &parts) { parts.buffers.pop_back(); }));
    EXPECT_RAISES(Serde, with([](Proto &, ZstdBuffersParts &parts) { parts.children.clear(); }));
    const std::vector<uint8_t> garbage = {0xff, 0x01, 0x02};
    EXPECT_RAISES(Serde, ZstdBuffers(*session).Build(inner->dtype(), inner->len(), garbage, good.buffers,
                                                     good.children));

    // Every truncation and bit flip of the compressed buffer is an error or the exact array.
    const Buffer &frame = good.buffers[good.buffers.size() - 1];
    for (size_t cut = 0; cut < frame.size(); cut += 1 + frame.size() / 64) {
        ZstdBuffersParts parts = good;
        parts.buffers.back() = frame.Slice(0, cut);
        EXPECT_NOT_OK(BuildFrom(*session, inner, parts));
    }
    for (size_t bit = 0; bit < frame.size() * 8; bit += 1 + frame.size() / 40) {
        std::vector<uint8_t> bytes(frame.data(), frame.data() + frame.size());
        bytes[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
        ZstdBuffersParts parts = good;
        parts.buffers.back() = Buffer::Copy(bytes);
        auto built = BuildFrom(*session, inner, parts);
        if (built.ok()) {
            ASSERT_OK_AND_ASSIGN(ArrayRef canonical, (*built)->ToCanonical());
            EXPECT_EQ(canonical->len(), inner->len());
        }
    }
}

} // namespace
} // namespace vortex::zstd
