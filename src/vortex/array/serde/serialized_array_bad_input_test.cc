// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/array/serde/test_session_internal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/base/endian.h"
#include "vortex/format/array_generated.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

namespace fba = fbs::array;
using testing_internal::CanonicalSession;

using testing_internal::CanonicalReadContext;
using testing_internal::CanonicalWriteContext;

DType TestDType() {
    return DType::Struct(
        {"s", "i", "l"},
        {DType::Utf8(Nullability::Nullable), DType::Primitive(PType::I64, Nullability::Nullable),
         DType::List(DType::Primitive(PType::I32, Nullability::Nullable), Nullability::Nullable)},
        Nullability::Nullable);
}

Buffer SerializedTestArray() {
    RandomArrayOptions options;
    options.len = 24;
    options.null_fraction = 0.3;
    options.seed = 7;
    const ArrayRef array = RandomArray(TestDType(), options);
    // Cached statistics make the stats tables non-empty, so they get mutated too.
    for (const Stat stat : {Stat::NullCount, Stat::IsConstant}) {
        VX_CHECK(array->statistics().Get(stat).ok());
    }
    auto serialized = SerializeArray(array, CanonicalWriteContext());
    VX_CHECK_MSG(serialized.ok(), "{}", serialized.status());
    return serialized->ToBuffer();
}

// Decodes untrusted bytes; an error is fine, and a decoded array must be fully usable.
void DecodeAndUse(const Buffer &segment, size_t len) {
    auto decoded = DeserializeArray(segment, TestDType(), len, CanonicalReadContext());
    if (!decoded.ok()) {
        EXPECT_NE(decoded.status().ToString(), "");
        return;
    }
    ASSERT_EQ((*decoded)->len(), len);
    auto canonical = Canonicalize(*decoded);
    if (!canonical.ok()) {
        return;
    }
    for (size_t i = 0; i < len; ++i) {
        (void)ScalarAt(*canonical, i);
    }
}

class SerializedArrayBadInputTest : public ::testing::Test {
protected:
    const std::vector<uint8_t> data_ = {1, 0, 0, 0, 2, 0, 0, 0};
    const DType dtype_ = DType::Primitive(PType::I32, Nullability::NonNullable);
    const uint16_t primitive_ = *CanonicalWriteContext().IndexOf("vortex.primitive");
};

TEST_F(SerializedArrayBadInputTest, EveryTruncationIsAnErrorOrAnArray) {
    const Buffer segment = SerializedTestArray();
    ASSERT_OK(DeserializeArray(segment, TestDType(), 24, CanonicalReadContext()));
    for (size_t size = 0; size < segment.size(); ++size) {
        SCOPED_TRACE("prefix " + std::to_string(size));
        // A copy of exactly `size` bytes, so ASan sees any read past the end.
        ASSERT_NO_FATAL_FAILURE(DecodeAndUse(Buffer::Copy(segment.bytes().first(size)), 24));
        SCOPED_TRACE("suffix " + std::to_string(size));
        ASSERT_NO_FATAL_FAILURE(DecodeAndUse(Buffer::Copy(segment.bytes().last(size)), 24));
    }
}

TEST_F(SerializedArrayBadInputTest, RandomByteFlipsAreAnErrorOrAnArray) {
    const Buffer segment = SerializedTestArray();
    internal::TestRng rng(42);
    size_t decoded = 0;
    for (int round = 0; round < 10'000; ++round) {
        std::vector<uint8_t> bytes(segment.bytes().begin(), segment.bytes().end());
        const size_t flips = 1 + rng.Below(3);
        for (size_t i = 0; i < flips; ++i) {
            bytes[rng.Below(bytes.size())] ^= static_cast<uint8_t>(1 + rng.Below(255));
        }
        SCOPED_TRACE("round " + std::to_string(round));
        const Buffer mutated = Buffer::Copy(bytes);
        ASSERT_NO_FATAL_FAILURE(DecodeAndUse(mutated, 24));
        decoded += DeserializeArray(mutated, TestDType(), 24, CanonicalReadContext()).ok() ? 1 : 0;
    }
    // Flips inside data bytes still decode; flips in the structure mostly do not.
    EXPECT_GT(decoded, 0u);
    EXPECT_LT(decoded, 10'000u);
}

TEST_F(SerializedArrayBadInputTest, WrongDTypeOrLengthIsAnError) {
    const Buffer segment = SerializedTestArray();
    EXPECT_NOT_OK(DeserializeArray(segment, TestDType(), 23, CanonicalReadContext()));
    EXPECT_NOT_OK(DeserializeArray(segment, TestDType(), 25, CanonicalReadContext()));
    EXPECT_NOT_OK(DeserializeArray(segment, DType::Utf8(Nullability::Nullable), 24, CanonicalReadContext()));
}

TEST_F(SerializedArrayBadInputTest, FlatBufferLengthBeyondTheSegment) {
    const Buffer segment = SerializedTestArray();
    std::vector<uint8_t> bytes(segment.bytes().begin(), segment.bytes().end());
    for (const uint32_t fb_len :
         {static_cast<uint32_t>(bytes.size() - 3), static_cast<uint32_t>(bytes.size()), 0xFFFFFFFFu, 0u}) {
        SCOPED_TRACE(fb_len);
        StoreLittleEndian<uint32_t>(bytes.data() + bytes.size() - 4, fb_len);
        EXPECT_RAISES(Serde, DeserializeArray(Buffer::Copy(bytes), TestDType(), 24, CanonicalReadContext()));
    }
    EXPECT_RAISES(Serde,
                  DeserializeArray(Buffer::Copy(bytes).Slice(0, 3), TestDType(), 24, CanonicalReadContext()));
    EXPECT_RAISES(Serde, DeserializeArray(Buffer(), TestDType(), 24, CanonicalReadContext()));
}

// Builds a segment of `data` followed by a hand-made Array flatbuffer with one i32 primitive
// node over the given descriptors and node buffer indices.
Buffer HandMadeSegment(std::span<const uint8_t> data,
                       uint16_t encoding,
                       const std::vector<fba::Buffer> &descriptors,
                       const std::vector<uint16_t> &node_buffers) {
    flatbuffers::FlatBufferBuilder fbb;
    const auto metadata = fbb.CreateVector(std::vector<uint8_t>{});
    const auto children = fbb.CreateVector(std::vector<flatbuffers::Offset<fba::ArrayNode>>{});
    const auto buffers = fbb.CreateVector(node_buffers);
    const auto stats = fba::CreateArrayStats(fbb);
    const auto node = fba::CreateArrayNode(fbb, encoding, metadata, children, buffers, stats);
    const auto descriptor_offset = fbb.CreateVectorOfStructs(descriptors);
    fbb.Finish(fba::CreateArray(fbb, node, descriptor_offset));
    BufferMut out;
    out.Append(data.data(), data.size());
    while (out.size() % 8 != 0) {
        out.Push<uint8_t>(0);
    }
    out.Append(fbb.GetBufferPointer(), fbb.GetSize());
    out.Push<uint32_t>(fbb.GetSize());
    return std::move(out).Freeze();
}

TEST_F(SerializedArrayBadInputTest, HandMadeValidSegmentDecodes) {
    const Buffer segment =
        HandMadeSegment(data_, primitive_, {fba::Buffer(0, 2, fba::Compression::None, 8)}, {0});
    ASSERT_OK_AND_ASSIGN(ArrayRef array, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
    ASSERT_OK_AND_ASSIGN(Scalar second, ScalarAt(array, 1));
    EXPECT_EQ(second.as<int32_t>(), 2);
}

TEST_F(SerializedArrayBadInputTest, HandMadeNodeBufferIndexOutOfRange) {
    const Buffer segment =
        HandMadeSegment(data_, primitive_, {fba::Buffer(0, 2, fba::Compression::None, 8)}, {1});
    EXPECT_RAISES(Serde, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
    const Buffer no_descriptors = HandMadeSegment(data_, primitive_, {}, {0});
    EXPECT_RAISES(Serde, DeserializeArray(no_descriptors, dtype_, 2, CanonicalReadContext()));
}

TEST_F(SerializedArrayBadInputTest, HandMadeUnknownEncodingIndex) {
    const Buffer segment = HandMadeSegment(data_, 999, {fba::Buffer(0, 2, fba::Compression::None, 8)}, {0});
    EXPECT_RAISES(Serde, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
    // A known index whose id the session does not support.
    const ArrayReadContext with_unknown = ArrayReadContext::Resolve({"vortex.alp"}, CanonicalSession());
    const Buffer alp = HandMadeSegment(data_, 0, {fba::Buffer(0, 2, fba::Compression::None, 8)}, {0});
    const auto result = DeserializeArray(alp, dtype_, 2, with_unknown);
    ASSERT_RAISES(Serde, result);
    EXPECT_NE(result.status().ToString().find("unsupported encoding 'vortex.alp'"), std::string::npos);
}

TEST_F(SerializedArrayBadInputTest, HandMadeCompressedBuffersAreRejected) {
    const Buffer segment =
        HandMadeSegment(data_, primitive_, {fba::Buffer(0, 2, fba::Compression::LZ4, 8)}, {0});
    EXPECT_RAISES(Serde, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
}

TEST_F(SerializedArrayBadInputTest, HandMadeDescriptorsMustStayInsideTheDataBytes) {
    // 8 data bytes (no padding needed) before the flatbuffer.
    for (const fba::Buffer &descriptor :
         {fba::Buffer(0, 2, fba::Compression::None, 9), fba::Buffer(4, 2, fba::Compression::None, 8),
          fba::Buffer(65535, 2, fba::Compression::None, 0),
          fba::Buffer(0, 2, fba::Compression::None, 0xFFFFFFFF),
          fba::Buffer(0, 40, fba::Compression::None, 8)}) {
        SCOPED_TRACE(std::to_string(descriptor.padding()) + " " + std::to_string(descriptor.length()));
        const Buffer segment = HandMadeSegment(data_, primitive_, {descriptor}, {0});
        EXPECT_RAISES(Serde, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
    }
    // Two buffers that together overrun.
    const Buffer segment = HandMadeSegment(
        data_, primitive_,
        {fba::Buffer(0, 2, fba::Compression::None, 8), fba::Buffer(0, 0, fba::Compression::None, 1)}, {0});
    EXPECT_RAISES(Serde, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
}

TEST_F(SerializedArrayBadInputTest, HandMadeMisalignedBuffersAreCopiedToTheirDeclaredAlignment) {
    // One byte of padding puts the i32 values at offset 1.
    const std::vector<uint8_t> data = {0, 1, 0, 0, 0, 2, 0, 0, 0};
    const Buffer segment =
        HandMadeSegment(data, primitive_, {fba::Buffer(1, 2, fba::Compression::None, 8)}, {0});
    ASSERT_OK_AND_ASSIGN(ArrayRef array, DeserializeArray(segment, dtype_, 2, CanonicalReadContext()));
    EXPECT_TRUE(array->buffers()[0].IsAligned(4));
    ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(array, 0));
    EXPECT_EQ(first.as<int32_t>(), 1);
}

} // namespace
} // namespace vortex
