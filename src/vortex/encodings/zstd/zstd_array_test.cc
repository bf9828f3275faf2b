// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <optional>
#include <string>
#include <vector>
#include <zstd.h>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/encodings/zstd/register.h"
#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

bool ZstdSupports(const DType &dtype) {
    return dtype.is_primitive() || dtype.is_utf8() || dtype.is_binary();
}

// The reference compressor's settings: one frame for all but the 65539-row cases.
struct ZstdConformance {
    static bool Supports(const DType &dtype) { return ZstdSupports(dtype); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(auto array, zstd::ZstdCompress(canonical));
        return ArrayRef(std::move(array));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Zstd, ArrayConformanceTest, ZstdConformance);

// Small frames, so that the kernels pick frames out of many.
struct ZstdSmallFramesConformance {
    static bool Supports(const DType &dtype) { return ZstdSupports(dtype); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(auto array, zstd::ZstdCompress(canonical, {.level = 1, .values_per_frame = 100}));
        return ArrayRef(std::move(array));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(ZstdSmallFrames, ArrayConformanceTest, ZstdSmallFramesConformance);

namespace zstd {
namespace {

using Strings = std::vector<std::optional<std::string>>;

std::shared_ptr<const ZstdArray> Compress(const ArrayRef &input, const ZstdOptions &options = {}) {
    auto compressed = ZstdCompress(input, options);
    VX_CHECK_MSG(compressed.ok(), "{}", compressed.status());
    return *std::move(compressed);
}

// Round trips through ToCanonical and a serialized segment; returns the encoded array.
std::shared_ptr<const ZstdArray> ExpectRoundTrips(const ArrayRef &input, const ZstdOptions &options = {}) {
    auto encoded = Compress(input, options);
    EXPECT_EQ(encoded->len(), input->len());
    auto canonical = Canonicalize(encoded);
    EXPECT_TRUE(canonical.ok()) << canonical.status();
    if (canonical.ok()) {
        EXPECT_ARRAYS_EQUAL(input, *canonical);
    }
    auto read_back = testing::SerdeRoundTrip(encoded, &RegisterZstdEncodings);
    EXPECT_TRUE(read_back.ok()) << read_back.status();
    if (read_back.ok()) {
        EXPECT_EQ((*read_back)->encoding_id(), ZstdEncoding::kId);
        EXPECT_ARRAYS_EQUAL(input, *read_back);
    }
    return encoded;
}

TEST(ZstdArrayTest, RoundTripsEveryLengthAndNullDensity) {
    const std::vector<DType> dtypes = {DType::Primitive(PType::I8, Nullability::Nullable),
                                       DType::Primitive(PType::U16, Nullability::Nullable),
                                       DType::Primitive(PType::I32, Nullability::Nullable),
                                       DType::Primitive(PType::F64, Nullability::Nullable),
                                       DType::Primitive(PType::F16, Nullability::Nullable),
                                       DType::Primitive(PType::U64, Nullability::NonNullable),
                                       DType::Utf8(Nullability::Nullable),
                                       DType::Binary(Nullability::Nullable)};
    for (const DType &dtype : dtypes) {
        for (const double nulls : {0.0, 0.1, 0.5, 1.0}) {
            if (nulls > 0 && !dtype.is_nullable()) {
                continue;
            }
            for (const size_t len : {0, 1, 1023, 1024, 1025}) {
                SCOPED_TRACE(vortex::format("{} nulls={} len={}", dtype, nulls, len));
                const ArrayRef input = RandomArray(dtype, {.len = len, .null_fraction = nulls, .seed = len});
                ExpectRoundTrips(input);
                ExpectRoundTrips(input, {.level = -1, .values_per_frame = 7});
                ASSERT_OK_AND_ASSIGN(ArrayRef sliced, ToSliced(input, len + 3));
                ExpectRoundTrips(sliced, {.values_per_frame = 100});
            }
        }
    }
}

TEST(ZstdArrayTest, AllNullHasNoFrames) {
    const ArrayRef input = PrimitiveArray::FromOptionals<int32_t>({std::nullopt, std::nullopt, std::nullopt});
    auto encoded = ExpectRoundTrips(input);
    EXPECT_TRUE(encoded->frames().empty());
    // Also with a single frame for everything, where the reference would divide by zero.
    encoded = ExpectRoundTrips(input, {.values_per_frame = 0});
    EXPECT_TRUE(encoded->frames().empty());
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    EXPECT_TRUE(metadata.empty());
    ExpectRoundTrips(VarBinViewArray::FromStrings(Strings{std::nullopt, std::nullopt},
                                                  DType::Utf8(Nullability::Nullable)));
}

TEST(ZstdArrayTest, RoundTripsMegabyteStrings) {
    std::string big;
    for (size_t i = 0; big.size() < (1u << 20); ++i) {
        big += "line " + std::to_string(i % 977) + " of a large text value;";
    }
    const ArrayRef input = VarBinViewArray::FromStrings(
        Strings{big, "small", std::nullopt, big.substr(5), ""}, DType::Utf8(Nullability::Nullable));
    auto encoded = ExpectRoundTrips(input, {.values_per_frame = 2});
    EXPECT_EQ(encoded->frames().size(), 2u);
    EXPECT_LT(encoded->nbytes(), big.size() / 10);
    ASSERT_OK_AND_ASSIGN(Scalar last_big, ScalarAt(ArrayRef(encoded), 3));
    EXPECT_EQ(last_big.as_string_view(), big.substr(5));
}

TEST(ZstdArrayTest, WritesOneFramePerValuesPerFrame) {
    std::vector<int32_t> values(1000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<int32_t>(i * 3);
    }
    auto encoded = ExpectRoundTrips(PrimitiveArray::FromValues(values), {.values_per_frame = 300});
    ASSERT_EQ(encoded->frames().size(), 4u);
    ASSERT_EQ(encoded->nbuffers(), 4u);
    EXPECT_EQ(encoded->nchildren(), 0u);
    const std::vector<uint64_t> expected_values{300, 300, 300, 100};
    for (size_t f = 0; f < 4; ++f) {
        EXPECT_EQ(encoded->frame_metadata()[f].n_values, expected_values[f]);
        EXPECT_EQ(encoded->frame_metadata()[f].uncompressed_size, expected_values[f] * 4);
        EXPECT_EQ(ZSTD_getFrameContentSize(encoded->frames()[f].data(), encoded->frames()[f].size()),
                  expected_values[f] * 4);
    }
}

// Golden metadata derived by hand from proto3 rules: ZstdMetadata{dictionary_size: 0 (not
// written), frames: [{uncompressed_size: 12, n_values: 3}]} for the i32 values [1, 2, 3] in
// one frame: field 2 (tag 0x12), length 4, then 0x08 0x0c (field 1 = 12), 0x10 0x03 (field 2 = 3).
TEST(ZstdArrayTest, GoldenMetadataPrimitive) {
    auto encoded =
        Compress(PrimitiveArray::FromValues(std::vector<int32_t>{1, 2, 3}), {.values_per_frame = 0});
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    EXPECT_EQ(metadata, (std::vector<uint8_t>{0x12, 0x04, 0x08, 0x0c, 0x10, 0x03}));
}

// ["ab", null, "xyz"] one value per frame: frames of 4 + 2 and 4 + 3 bytes, one value each.
TEST(ZstdArrayTest, GoldenMetadataStrings) {
    auto encoded = Compress(
        VarBinViewArray::FromStrings(Strings{"ab", std::nullopt, "xyz"}, DType::Utf8(Nullability::Nullable)),
        {.values_per_frame = 1});
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    EXPECT_EQ(metadata,
              (std::vector<uint8_t>{0x12, 0x04, 0x08, 0x06, 0x10, 0x01, 0x12, 0x04, 0x08, 0x07, 0x10, 0x01}));
    ASSERT_EQ(encoded->nchildren(), 1u); // validity
    EXPECT_EQ(encoded->child(0)->len(), 3u);
}

// dictionary_size 300 is field 1 as varint 0xac 0x02; the parser reads what we write.
TEST(ZstdArrayTest, GoldenMetadataDictionarySize) {
    vortex::encodings::ZstdMetadata proto;
    proto.set_dictionary_size(300);
    EXPECT_EQ(proto.SerializeAsString(), std::string("\x08\xac\x02", 3));
}

TEST(ZstdArrayTest, TrainsADictionaryForManyFrames) {
    Strings values;
    for (int i = 0; i < 20000; ++i) {
        values.push_back("customer-" + std::to_string(i % 613) + "@example.org/" +
                         std::to_string(i * 7 % 101));
    }
    const ArrayRef input = VarBinViewArray::FromStrings(values, DType::Utf8(Nullability::NonNullable));
    auto encoded = ExpectRoundTrips(input, {.values_per_frame = 1000, .use_dictionary = true});
    ASSERT_TRUE(encoded->has_dictionary());
    EXPECT_EQ(encoded->nbuffers(), encoded->frames().size() + 1);
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    vortex::encodings::ZstdMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(metadata.data(), static_cast<int>(metadata.size())));
    EXPECT_EQ(proto.dictionary_size(), encoded->dictionary().size());
    // Fewer than 8 frames: no dictionary, as the reference.
    EXPECT_FALSE(Compress(input, {.values_per_frame = 5000, .use_dictionary = true})->has_dictionary());
}

// The reference's test_zstd_with_validity_and_multi_frame: two valid values out of 200,
// 30 values per frame.
TEST(ZstdArrayTest, KernelsOnSparseValidityAcrossFrames) {
    std::vector<std::optional<int32_t>> values(200);
    values[3] = 3;
    values[177] = 177;
    const ArrayRef input = PrimitiveArray::FromOptionals(values);
    auto encoded = ExpectRoundTrips(input, {.values_per_frame = 30});
    ASSERT_EQ(encoded->frames().size(), 1u);
    ArrayRef array = encoded;
    ASSERT_OK_AND_ASSIGN(Scalar s3, ScalarAt(array, 3));
    EXPECT_EQ(s3, Scalar::Primitive<int32_t>(3, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(Scalar s10, ScalarAt(array, 10));
    EXPECT_TRUE(s10.is_null());
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 176, 179));
    AssertArraysEqual(PrimitiveArray::FromOptionals<int32_t>({std::nullopt, 177, std::nullopt}), sliced);
    ASSERT_OK_AND_ASSIGN(ArrayRef taken,
                         Take(array, PrimitiveArray::FromValues(std::vector<uint32_t>{177, 3, 5})));
    AssertArraysEqual(PrimitiveArray::FromOptionals<int32_t>({177, 3, std::nullopt}), taken);
}

TEST(ZstdArrayTest, SlicesDecompressOnlyTheirFrames) {
    std::vector<int64_t> values(10000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<int64_t>(i);
    }
    auto encoded = Compress(PrimitiveArray::FromValues(values), {.values_per_frame = 1000});
    // Truncate frame 0 (its header stays readable): rows of the other frames stay readable,
    // rows of frame 0 fail.
    std::vector<Buffer> frames(encoded->frames().begin(), encoded->frames().end());
    frames[0] = frames[0].Slice(0, frames[0].size() - 3);
    ASSERT_OK_AND_ASSIGN(
        auto corrupt, ZstdArray::TryMake(encoded->dtype(), encoded->len(), Buffer(), frames,
                                         {encoded->frame_metadata().begin(), encoded->frame_metadata().end()},
                                         Validity::NonNullable()));
    ArrayRef array = corrupt;
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 4500, 6200));
    AssertArraysEqual(
        PrimitiveArray::FromValues(std::vector<int64_t>(values.begin() + 4500, values.begin() + 6200)),
        sliced);
    ASSERT_OK_AND_ASSIGN(Scalar s, ScalarAt(array, 9999));
    EXPECT_EQ(s, Scalar::Primitive<int64_t>(9999, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken,
                         Take(array, PrimitiveArray::FromValues(std::vector<uint64_t>{9000, 1000})));
    AssertArraysEqual(PrimitiveArray::FromValues(std::vector<int64_t>{9000, 1000}), taken);
    EXPECT_RAISES(Serde, Slice(array, 0, 10));
    EXPECT_RAISES(Serde, Slice(array, 999, 1001));
    EXPECT_RAISES(Serde, Canonicalize(array));
    EXPECT_RAISES(Serde, ScalarAt(array, 999));
}

} // namespace
} // namespace zstd
} // namespace vortex
