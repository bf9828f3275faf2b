// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Untrusted vortex.zstd nodes through Encoding::Build: every problem is a Serde error from
// Build() or from decompression, never a crash.

#include <cstring>
#include <string>
#include <vector>
#include <zstd.h>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_metadata.pb.h"

namespace vortex::zstd {
namespace {

const DType kI32 = DType::Primitive(PType::I32, Nullability::NonNullable);
const DType kI32Nullable = DType::Primitive(PType::I32, Nullability::Nullable);
const DType kUtf8 = DType::Utf8(Nullability::NonNullable);

// Compresses raw bytes into one frame, with or without the content size in its header.
Buffer Frame(std::span<const uint8_t> bytes, bool content_size = true) {
    ZSTD_CCtx *context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, content_size ? 1 : 0);
    std::vector<uint8_t> out(ZSTD_compressBound(bytes.size()));
    const size_t size = ZSTD_compress2(context, out.data(), out.size(), bytes.data(), bytes.size());
    ZSTD_freeCCtx(context);
    VX_CHECK(!ZSTD_isError(size));
    out.resize(size);
    return Buffer::Copy(out);
}

std::vector<uint8_t> Int32Bytes(const std::vector<int32_t> &values) {
    std::vector<uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

std::vector<uint8_t> Metadata(uint32_t dictionary_size,
                              const std::vector<std::pair<uint64_t, uint64_t>> &frames) {
    vortex::encodings::ZstdMetadata proto;
    proto.set_dictionary_size(dictionary_size);
    for (const auto &[size, n_values] : frames) {
        auto *frame = proto.add_frames();
        frame->set_uncompressed_size(size);
        frame->set_n_values(n_values);
    }
    const std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

Result<ArrayRef> Build(const DType &dtype,
                       size_t len,
                       const std::vector<uint8_t> &metadata,
                       std::vector<Buffer> buffers,
                       std::vector<ArrayRef> children = {}) {
    return ZstdEncoding::Instance().Build(dtype, len, metadata, std::move(buffers), std::move(children));
}

// Builds and decodes; returns the first error.
Status BuildAndDecode(const DType &dtype,
                      size_t len,
                      const std::vector<uint8_t> &metadata,
                      std::vector<Buffer> buffers,
                      std::vector<ArrayRef> children = {}) {
    VX_ASSIGN_OR_RETURN(ArrayRef array, Build(dtype, len, metadata, std::move(buffers), std::move(children)));
    return Canonicalize(array).status();
}

const std::vector<int32_t> kValues{10, 20, 30, 40, 50, 60, 70, 80};

TEST(ZstdBadInputTest, AcceptsTheValidNode) {
    ASSERT_OK_AND_ASSIGN(ArrayRef array,
                         Build(kI32, 8, Metadata(0, {{32, 8}}), {Frame(Int32Bytes(kValues))}));
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
    EXPECT_EQ(As<PrimitiveArray>(canonical)->values_as<int32_t>()[7], 80);
    // Legacy metadata without n_values: 32 bytes / 4.
    EXPECT_OK(BuildAndDecode(kI32, 8, Metadata(0, {{32, 0}}), {Frame(Int32Bytes(kValues))}));
}

TEST(ZstdBadInputTest, RejectsTruncatedFrames) {
    const Buffer frame = Frame(Int32Bytes(kValues));
    for (size_t keep = 0; keep < frame.size(); ++keep) {
        SCOPED_TRACE(keep);
        EXPECT_RAISES(Serde, BuildAndDecode(kI32, 8, Metadata(0, {{32, 8}}), {frame.Slice(0, keep)}));
    }
}

TEST(ZstdBadInputTest, FlippedBytesFailCleanly) {
    std::vector<int32_t> values(3000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<int32_t>((i * 2654435761u) % 1000);
    }
    const Buffer frame = Frame(Int32Bytes(values));
    const auto metadata = Metadata(0, {{values.size() * 4, values.size()}});
    size_t failures = 0;
    for (size_t at = 0; at < frame.size(); ++at) {
        std::vector<uint8_t> bytes(frame.bytes().begin(), frame.bytes().end());
        bytes[at] ^= 0xa5;
        const Status status = BuildAndDecode(kI32, values.size(), metadata, {Buffer::Copy(bytes)});
        if (!status.ok()) {
            EXPECT_EQ(status.code(), StatusCode::Serde) << status;
            ++failures;
        }
    }
    EXPECT_GT(failures, 0u); // the header bytes at least
}

TEST(ZstdBadInputTest, RejectsAWrongUncompressedSize) {
    const Buffer frame = Frame(Int32Bytes(kValues));
    // The frame header knows its size.
    EXPECT_RAISES(Serde, Build(kI32, 9, Metadata(0, {{36, 9}}), {frame}));
    EXPECT_RAISES(Serde, Build(kI32, 7, Metadata(0, {{28, 7}}), {frame}));
    // Without a content size in the header, decompression finds the difference.
    const Buffer bare = Frame(Int32Bytes(kValues), false);
    EXPECT_OK(BuildAndDecode(kI32, 8, Metadata(0, {{32, 8}}), {bare}));
    EXPECT_RAISES(Serde, BuildAndDecode(kI32, 9, Metadata(0, {{36, 9}}), {bare}));
    EXPECT_RAISES(Serde, BuildAndDecode(kI32, 7, Metadata(0, {{28, 7}}), {bare}));
    // A huge declared size is rejected before anything is allocated.
    EXPECT_RAISES(Serde, Build(kI32, 1ull << 40, Metadata(0, {{4ull << 40, 1ull << 40}}), {bare}));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{~0ull, 8}}), {bare}));
    // Not a whole number of values.
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{33, 8}}), {bare}));
}

TEST(ZstdBadInputTest, RejectsAWrongValueCount) {
    const Buffer frame = Frame(Int32Bytes(kValues));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{32, 7}}), {frame}));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{32, 9}}), {frame}));
    // The values must match the validity's valid rows: 8 values, 10 rows of which 9 valid.
    std::vector<bool> valid(10, true);
    valid[4] = false;
    const ArrayRef validity = BoolArray::FromBools(valid);
    EXPECT_RAISES(Serde, Build(kI32Nullable, 10, Metadata(0, {{32, 8}}), {frame}, {validity}));
    valid[5] = false;
    EXPECT_OK(
        BuildAndDecode(kI32Nullable, 10, Metadata(0, {{32, 8}}), {frame}, {BoolArray::FromBools(valid)}));
    // A validity child of the wrong length, or for a non-nullable dtype.
    EXPECT_NOT_OK(Build(kI32Nullable, 9, Metadata(0, {{32, 8}}), {frame}, {BoolArray::FromBools(valid)}));
    EXPECT_NOT_OK(Build(kI32, 10, Metadata(0, {{32, 8}}), {frame}, {BoolArray::FromBools(valid)}));
}

TEST(ZstdBadInputTest, RejectsBadDictionaries) {
    const Buffer frame = Frame(Int32Bytes(kValues));
    const Buffer dictionary = Buffer::Copy(std::vector<uint8_t>(300, 7));
    // dictionary_size larger or smaller than the buffer.
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(301, {{32, 8}}), {dictionary, frame}));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(299, {{32, 8}}), {dictionary, frame}));
    // A dictionary declared but only the frame present.
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(32, {{32, 8}}), {frame}));
    // A raw-content dictionary the frame was not made with still decodes the frame (it
    // references no dictionary).
    EXPECT_OK(BuildAndDecode(kI32, 8, Metadata(300, {{32, 8}}), {dictionary, frame}));
}

TEST(ZstdBadInputTest, RejectsMissingOrExtraBuffersAndChildren) {
    const Buffer frame = Frame(Int32Bytes(kValues));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{32, 8}}), {}));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{16, 4}, {16, 4}}), {frame}));
    EXPECT_RAISES(Serde, Build(kI32, 8, Metadata(0, {{32, 8}}), {frame, frame}));
    EXPECT_RAISES(Serde, Build(kI32, 8, {0xff, 0xff}, {frame}));
    EXPECT_RAISES(Serde, Build(DType::Bool(Nullability::NonNullable), 8, Metadata(0, {{32, 8}}), {frame}));
    const ArrayRef validity = BoolArray::FromBools(std::vector<bool>(8, true));
    EXPECT_RAISES(Serde, Build(kI32Nullable, 8, Metadata(0, {{32, 8}}), {frame}, {validity, validity}));
}

// Strings: u32 LE length + bytes per value.
std::vector<uint8_t> StringBytes(const std::vector<std::pair<uint32_t, std::string>> &values) {
    std::vector<uint8_t> bytes;
    for (const auto &[length, text] : values) {
        uint8_t prefix[4];
        std::memcpy(prefix, &length, 4);
        bytes.insert(bytes.end(), prefix, prefix + 4);
        bytes.insert(bytes.end(), text.begin(), text.end());
    }
    return bytes;
}

TEST(ZstdBadInputTest, RejectsBadStringFrames) {
    const auto good = StringBytes({{2, "ab"}, {3, "xyz"}});
    EXPECT_OK(BuildAndDecode(kUtf8, 2, Metadata(0, {{good.size(), 2}}), {Frame(good)}));
    // A length running past the frame.
    const auto overrun = StringBytes({{2, "ab"}, {100, "xyz"}});
    EXPECT_RAISES(Serde, BuildAndDecode(kUtf8, 2, Metadata(0, {{overrun.size(), 2}}), {Frame(overrun)}));
    const auto huge = StringBytes({{0xffffffffu, "ab"}});
    EXPECT_RAISES(Serde, BuildAndDecode(kUtf8, 1, Metadata(0, {{huge.size(), 1}}), {Frame(huge)}));
    // A truncated length prefix, trailing bytes, too few bytes for the values.
    auto truncated = good;
    truncated.push_back(1);
    EXPECT_RAISES(Serde, BuildAndDecode(kUtf8, 3, Metadata(0, {{truncated.size(), 3}}), {Frame(truncated)}));
    EXPECT_RAISES(Serde, BuildAndDecode(kUtf8, 1, Metadata(0, {{good.size(), 1}}), {Frame(good)}));
    EXPECT_RAISES(Serde, Build(kUtf8, 5, Metadata(0, {{good.size(), 5}}), {Frame(good)}));
    // Invalid UTF-8 in a Utf8 array (fine as Binary).
    const auto invalid = StringBytes({{2, "\xff\xfe"}});
    EXPECT_RAISES(Serde, BuildAndDecode(kUtf8, 1, Metadata(0, {{invalid.size(), 1}}), {Frame(invalid)}));
    EXPECT_OK(BuildAndDecode(DType::Binary(Nullability::NonNullable), 1, Metadata(0, {{invalid.size(), 1}}),
                             {Frame(invalid)}));
}

} // namespace
} // namespace vortex::zstd
