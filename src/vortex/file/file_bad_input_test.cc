// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <fstream>
#include <iterator>
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/testing/file_test_util.h"

namespace vortex {
namespace {

using testing::OpenBuffer;
using testing::WriteToBuffer;

// Opens and reads everything, then touches values (every row when `stride` is 1) so a bad
// decode would be caught by ASan.
Status OpenAndReadAll(const Buffer &bytes, size_t stride = 1) {
    VX_ASSIGN_OR_RETURN(auto file, OpenBuffer(bytes));
    VX_ASSIGN_OR_RETURN(ArrayRef all, file->ReadAll());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(all));
    for (size_t i = 0; i < canonical->len(); i += stride) {
        VX_RETURN_NOT_OK(ScalarAt(canonical, i).status());
    }
    return Status::OK();
}

Buffer SampleFile() {
    DType dtype = DType::Struct(
        {"i", "s", "l", "d"},
        {DType::Primitive(PType::I64, Nullability::Nullable), DType::Utf8(Nullability::Nullable),
         DType::List(DType::Primitive(PType::I16, Nullability::Nullable), Nullability::Nullable),
         DType::Primitive(PType::F64, Nullability::NonNullable)},
        Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 80, .null_fraction = 0.2, .seed = 99, .max_string_len = 20});
    WriteOptions options;
    options.zone_len = 32;
    options.block_bytes = 1024;
    options.buffer_bytes = 512;
    return *WriteToBuffer(dtype, {data}, options);
}

TEST(FileBadInput, SampleIsReadable) {
    ASSERT_OK(OpenAndReadAll(SampleFile()));
}

TEST(FileBadInput, EveryTruncationIsAnError) {
    Buffer bytes = SampleFile();
    for (size_t len = 0; len < bytes.size(); ++len) {
        Status status = OpenAndReadAll(bytes.Slice(0, len));
        EXPECT_FALSE(status.ok()) << "truncated to " << len << " bytes";
    }
}

TEST(FileBadInput, EveryMissingPrefixIsAnError) {
    Buffer bytes = SampleFile();
    for (size_t start = 1; start < bytes.size(); ++start) {
        Status status = OpenAndReadAll(bytes.Slice(start, bytes.size() - start));
        EXPECT_FALSE(status.ok()) << "first " << start << " bytes missing";
    }
}

TEST(FileBadInput, RandomByteFlipsNeverCrash) {
    Buffer bytes = SampleFile();
    std::mt19937_64 rng(2024);
    size_t errors = 0;
    for (int round = 0; round < 10000; ++round) {
        std::vector<uint8_t> copy(bytes.data(), bytes.data() + bytes.size());
        size_t at = rng() % copy.size();
        copy[at] ^= static_cast<uint8_t>(1 + rng() % 255);
        Status status = OpenAndReadAll(Buffer::Copy(copy), 1 + round % 13);
        errors += status.ok() ? 0 : 1;
    }
    // Flips inside data values or padding read back as other values; the footer and the
    // array trees must reject the rest.
    EXPECT_GT(errors, 1000u);
}

TEST(FileBadInput, WrongMagicVersionAndTinyFiles) {
    Buffer bytes = SampleFile();
    std::vector<uint8_t> copy(bytes.data(), bytes.data() + bytes.size());
    copy[copy.size() - 1] = 'Y';
    ASSERT_RAISES(Serde, OpenBuffer(Buffer::Copy(copy)));
    copy = std::vector<uint8_t>(bytes.data(), bytes.data() + bytes.size());
    copy[copy.size() - 8] = 2;
    ASSERT_RAISES(NotImplemented, OpenBuffer(Buffer::Copy(copy)));
    ASSERT_RAISES(Serde, OpenBuffer(Buffer::Copy(std::vector<uint8_t>{'V', 'T', 'X', 'F'})));
    ASSERT_RAISES(Serde, OpenBuffer(Buffer()));
}

// Three damaged bytes in a reference-written file move its segment map to an address that is
// 4- but not 8-byte aligned; the flatbuffer verifier accepts that, so the footer reader must
// refuse it before reading the 8-byte offsets (UBSan caught the misaligned access).
TEST(FileBadInput, MisalignedSegmentMapIsAnError) {
    std::ifstream in(VORTEX_DAMAGED_DIR "/misaligned-segment-specs.vortex", std::ios::binary);
    ASSERT_TRUE(in.good());
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_EQ(bytes.size(), 15740u);
    auto opened = OpenBuffer(Buffer::Copy(bytes));
    ASSERT_FALSE(opened.ok());
    EXPECT_EQ(opened.status().code(), StatusCode::Serde) << opened.status().ToString();
    EXPECT_NE(opened.status().message().find("segment map"), std::string::npos) << opened.status().ToString();
}

} // namespace
} // namespace vortex
