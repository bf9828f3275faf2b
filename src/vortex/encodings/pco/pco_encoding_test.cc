// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/encodings/pco/pco_metadata.pb.h"
#include "vortex/encodings/pco/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"

namespace vortex::pco {
namespace {

const DType kF64 = DType::Primitive(PType::F64, Nullability::NonNullable);

// PcoMetadata{header: [format version], chunks: [{pages: [{n_values}...]}...]}.
std::vector<uint8_t> Metadata(const std::vector<std::vector<uint32_t>> &chunks) {
    vortex::encodings::PcoMetadata proto;
    proto.set_header(std::string("\x03", 1));
    for (const auto &pages : chunks) {
        auto *chunk = proto.add_chunks();
        for (const uint32_t n_values : pages) {
            chunk->add_pages()->set_n_values(n_values);
        }
    }
    const std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

std::vector<Buffer> Opaque(size_t count) {
    return std::vector<Buffer>(count, Buffer::CopyFrom("opaque pco bytes"));
}

// A node shaped like the reference's PcoArray (one chunk meta and two pages), so that it can
// be written into a segment; its contents are never decoded.
class FakePcoArray final : public Array {
public:
    FakePcoArray() : Array(PcoEncoding::Instance(), kF64, 10, Opaque(3), {}) {}
    Result<std::vector<uint8_t>> SerializeMetadata() const override { return Metadata({{6, 4}}); }
    bool is_valid(size_t) const override { return true; }
    Mask validity_mask() const override { return Mask::AllTrue(len()); }
    Result<ArrayRef> ToCanonical() const override { return Status::NotImplemented("fake"); }
};

TEST(PcoEncodingTest, BytesThatAreNotPcoAreACorruptionError) {
    const auto built =
        PcoEncoding::Instance().Build(kF64, 10, Metadata({{6, 4}}), Opaque(3), std::vector<ArrayRef>{});
    ASSERT_RAISES(Serde, built);
    EXPECT_THAT(built.status().message(), ::testing::HasSubstr("vortex.pco"));
}

TEST(PcoEncodingTest, AFileWithCorruptPcoFailsWithTheMessage) {
    const ArrayRef fake = std::make_shared<const FakePcoArray>();
    const auto read = testing::SerdeRoundTrip(fake, &RegisterPcoEncodings);
    ASSERT_FALSE(read.ok());
    EXPECT_THAT(read.status().ToString(), ::testing::HasSubstr("vortex.pco"));
}

TEST(PcoEncodingTest, ChecksTheNodeStructureFirst) {
    const auto build = [](const DType &dtype, const std::vector<uint8_t> &metadata, size_t nbuffers) {
        return PcoEncoding::Instance().Build(dtype, 10, metadata, Opaque(nbuffers), std::vector<ArrayRef>{});
    };
    EXPECT_RAISES(Serde, build(kF64, {0xff, 0xff}, 3));
    EXPECT_RAISES(Serde, build(kF64, Metadata({{6, 4}}), 2));
    EXPECT_RAISES(Serde, build(kF64, Metadata({{6, 4}}), 4));
    EXPECT_RAISES(Serde, build(kF64, Metadata({{6, 5}}), 3)); // 11 values for 10 rows
    EXPECT_RAISES(Serde, build(DType::Primitive(PType::I8, Nullability::NonNullable), Metadata({{6, 4}}), 3));
    EXPECT_RAISES(Serde, build(DType::Utf8(Nullability::NonNullable), Metadata({{6, 4}}), 3));
}

} // namespace
} // namespace vortex::pco
