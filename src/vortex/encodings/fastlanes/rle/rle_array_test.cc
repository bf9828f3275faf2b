// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fastlanes_metadata.pb.h"
#include "vortex/encodings/fastlanes/register.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"
#include "vortex/encodings/testing/serde_round_trip.h"

namespace vortex {

struct RLEConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return fastlanes::RLEEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(RLE, ArrayConformanceTest, RLEConformance);

namespace fastlanes {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr PType kPTypes[] = {PType::U8,  PType::U16, PType::U32, PType::U64, PType::I8, PType::I16,
                             PType::I32, PType::I64, PType::F16, PType::F32, PType::F64};

Bytes ReadGolden(const std::string &name) {
    std::ifstream in(std::string(VORTEX_GOLDEN_DIR) + "/" + name, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Random values with runs: each element repeats the previous one with probability 3/4.
ArrayRef RunInput(PType ptype, size_t len, double null_fraction, uint64_t seed) {
    RandomArrayOptions options;
    options.len = len;
    options.null_fraction = null_fraction;
    options.seed = seed;
    const DType dtype =
        DType::Primitive(ptype, null_fraction > 0 ? Nullability::Nullable : Nullability::NonNullable);
    const ArrayRef random = RandomArray(dtype, options);
    std::vector<uint64_t> take(len);
    uint64_t state = seed * 2654435761u + 1;
    for (size_t i = 1; i < len; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        take[i] = (state >> 62) == 0 ? i : take[i - 1];
    }
    auto taken = Take(random, PrimitiveArray::FromValues(take));
    VX_CHECK_MSG(taken.ok(), "{}", taken.status().ToString());
    auto canonical = Canonicalize(*taken);
    VX_CHECK_MSG(canonical.ok(), "{}", canonical.status().ToString());
    return *canonical;
}

TEST(RLEArrayTest, RoundTripsEveryPType) {
    uint64_t seed = 1;
    for (PType ptype : kPTypes) {
        for (double nulls : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025, 5000}) {
                SCOPED_TRACE(std::string(PTypeName(ptype)) + " nulls " + std::to_string(nulls) + " len " +
                             std::to_string(len));
                const ArrayRef input = RunInput(ptype, len, nulls, ++seed);
                ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RLEEncode(input));
                ASSERT_EQ(encoded->encoding_id(), "fastlanes.rle");
                ASSERT_OK_AND_ASSIGN(ArrayRef decoded, encoded->ToCanonical());
                ASSERT_ARRAYS_EQUAL(input, decoded);
                ASSERT_OK_AND_ASSIGN(ArrayRef back,
                                     testing::SerdeRoundTrip(encoded, &RegisterFastLanesEncodings));
                ASSERT_ARRAYS_EQUAL(input, back);
                if (len > 2) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_input, Slice(input, 1, len - 1));
                    ASSERT_OK_AND_ASSIGN(ArrayRef from_sliced, RLEEncode(sliced_input));
                    ASSERT_ARRAYS_EQUAL(sliced_input, from_sliced);
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 1, len - 1));
                    ASSERT_EQ(sliced->encoding_id(), "fastlanes.rle");
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_back,
                                         testing::SerdeRoundTrip(sliced, &RegisterFastLanesEncodings));
                    ASSERT_ARRAYS_EQUAL(sliced_input, sliced_back);
                }
            }
        }
    }
}

// Children as the reference writes them, derived by hand for a short input.
TEST(RLEArrayTest, EncodesRunsPerBlock) {
    // Block 0: 1024 values 5,5,7,7,...,7 then block 1: 9 (null), 9, 3 padded with 3.
    std::vector<std::optional<int32_t>> values(1027, 7);
    values[0] = values[1] = 5;
    values[1024] = std::nullopt;
    values[1025] = 9;
    values[1026] = 3;
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RLEEncode(PrimitiveArray::FromOptionals(values)));
    const auto *rle = As<RLEArray>(*encoded);
    ASSERT_NE(rle, nullptr);
    EXPECT_EQ(rle->values()->dtype(), DType::Primitive(PType::I32, Nullability::NonNullable));
    EXPECT_EQ(rle->indices()->dtype(), DType::Primitive(PType::U16, Nullability::Nullable));
    EXPECT_EQ(rle->values_idx_offsets()->dtype(), DType::Primitive(PType::U64, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef run_values, Canonicalize(rle->values()));
    const auto v = As<PrimitiveArray>(*run_values)->values_as<int32_t>();
    // The null at the start of block 1 fills as 0 (no earlier valid value in the block).
    EXPECT_EQ(std::vector<int32_t>(v.begin(), v.end()), (std::vector<int32_t>{5, 7, 0, 9, 3}));
    ASSERT_OK_AND_ASSIGN(ArrayRef offsets, Canonicalize(rle->values_idx_offsets()));
    const auto o = As<PrimitiveArray>(*offsets)->values_as<uint64_t>();
    EXPECT_EQ(std::vector<uint64_t>(o.begin(), o.end()), (std::vector<uint64_t>{0, 2}));
    ASSERT_OK_AND_ASSIGN(ArrayRef indices, Canonicalize(rle->indices()));
    const auto *idx = As<PrimitiveArray>(*indices);
    ASSERT_EQ(idx->len(), 2048u);
    const auto ix = idx->values_as<uint16_t>();
    EXPECT_EQ(ix[0], 0);
    EXPECT_EQ(ix[1], 0);
    EXPECT_EQ(ix[2], 1);
    EXPECT_EQ(ix[1023], 1);
    EXPECT_EQ(ix[1024], 0);
    EXPECT_EQ(ix[1025], 1);
    EXPECT_EQ(ix[1026], 2);
    EXPECT_EQ(ix[2047], 2);
    EXPECT_FALSE(idx->is_valid(1024));
    EXPECT_TRUE(idx->is_valid(1025));
    EXPECT_FALSE(idx->is_valid(1027)); // padding is null
    const RLEMetadata metadata = rle->metadata();
    EXPECT_EQ(metadata, (RLEMetadata{.values_len = 5,
                                     .indices_len = 2048,
                                     .indices_ptype = PType::U16,
                                     .values_idx_offsets_len = 2,
                                     .values_idx_offsets_ptype = PType::U64,
                                     .offset = 0}));
}

// Floats form runs by bits: -0.0 and 0.0 differ, equal NaNs repeat.
TEST(RLEArrayTest, FloatRunsCompareBits) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> values = {0.0, -0.0, -0.0, nan, nan, 1.5};
    auto input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RLEEncode(input));
    EXPECT_EQ(As<RLEArray>(*encoded)->values()->len(), 4u);
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, encoded->ToCanonical());
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), decoded);
}

ArrayRef U16(const std::vector<uint16_t> &values, std::optional<std::vector<bool>> validity = std::nullopt) {
    return PrimitiveArray::FromValues(values, validity ? Validity::FromBits(BitBuffer::FromBools(*validity))
                                                       : Validity::NonNullable());
}

// Hand-built arrays: a single-value block ignores its indices; garbage under nulls is clamped;
// a valid index past the block's values is an error, never a read out of bounds.
TEST(RLEArrayTest, DecodesUntrustedIndicesSafely) {
    const DType i64 = DType::Primitive(PType::I64, Nullability::NonNullable);
    const DType i64_nullable = DType::Primitive(PType::I64, Nullability::Nullable);
    auto values = PrimitiveArray::FromValues<int64_t>({42, 1, 2});
    auto offsets = PrimitiveArray::FromValues<uint32_t>({10, 11}); // absolute: block 0 owns 1 value
    std::vector<uint16_t> raw(2048, 0);
    raw[5] = 900;          // block 0 has one value: ignored
    raw[1024 + 1] = 1;     // block 1: values {1, 2}
    raw[1024 + 2] = 60000; // garbage under a null
    std::vector<bool> valid(2048, true);
    valid[1024 + 2] = false;
    const Bytes metadata = RLEMetadata{.values_len = 3,
                                       .indices_len = 2048,
                                       .indices_ptype = PType::U16,
                                       .values_idx_offsets_len = 2,
                                       .values_idx_offsets_ptype = PType::U32,
                                       .offset = 3}
                               .Serialize();
    ASSERT_OK_AND_ASSIGN(ArrayRef array, RLEEncoding::Instance().Build(i64_nullable, 2000, metadata, {},
                                                                       {values, U16(raw, valid), offsets}));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, array->ToCanonical());
    const auto *primitive = As<PrimitiveArray>(*decoded);
    EXPECT_EQ(primitive->values_as<int64_t>()[2], 42);   // physical 5
    EXPECT_EQ(primitive->values_as<int64_t>()[1021], 1); // physical 1024
    EXPECT_EQ(primitive->values_as<int64_t>()[1022], 2); // physical 1025
    EXPECT_FALSE(primitive->is_valid(1023));
    ASSERT_OK_AND_ASSIGN(Scalar at, ScalarAt(array, 2));
    EXPECT_EQ(at.as<int64_t>(), 42);
    ASSERT_OK_AND_ASSIGN(Scalar at_null, ScalarAt(array, 1023));
    EXPECT_TRUE(at_null.is_null());

    raw[1024 + 3] = 2; // valid and past block 1's two values
    ASSERT_OK_AND_ASSIGN(ArrayRef bad,
                         RLEEncoding::Instance().Build(i64, 2000, metadata, {}, {values, U16(raw), offsets}));
    EXPECT_RAISES(Serde, bad->ToCanonical());
    EXPECT_RAISES(Serde, ScalarAt(bad, 1024));
    ASSERT_OK(ScalarAt(bad, 1022));
}

TEST(RLEArrayTest, SliceKeepsBlocks) {
    const ArrayRef input = RunInput(PType::U32, 5000, 0.2, 77);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RLEEncode(input));
    for (auto [start, stop] : std::vector<std::pair<size_t, size_t>>{{10, 250}, {1000, 3100}, {4095, 5000}}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
        const auto *rle = As<RLEArray>(*sliced);
        ASSERT_NE(rle, nullptr);
        EXPECT_EQ(rle->offset(), start % 1024);
        EXPECT_EQ(rle->indices()->len(), FastLanesBlockCount(stop) * 1024 - start / 1024 * 1024);
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, start, stop));
        ASSERT_OK_AND_ASSIGN(ArrayRef decoded, sliced->ToCanonical());
        ASSERT_ARRAYS_EQUAL(expected, decoded);
        ASSERT_OK_AND_ASSIGN(ArrayRef again, Slice(sliced, 3, stop - start - 3));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected_again, Slice(input, start + 3, stop - 3));
        ASSERT_OK_AND_ASSIGN(ArrayRef decoded_again, again->ToCanonical());
        ASSERT_ARRAYS_EQUAL(expected_again, decoded_again);
    }
}

TEST(RLEArrayTest, GoldenMetadata) {
    const Bytes golden = ReadGolden("rle.metadata");
    ASSERT_FALSE(golden.empty());
    // The reference's test writes u64 maxima and i32::MAX ptype tags, which name no PType: the
    // proto keeps them, our parser rejects them.
    vortex::encodings::RLEMetadata proto;
    constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
    proto.set_values_len(kMax);
    proto.set_indices_len(kMax);
    proto.set_indices_ptype(static_cast<vortex::dtype::PType>(std::numeric_limits<int32_t>::max()));
    proto.set_values_idx_offsets_len(kMax);
    proto.set_values_idx_offsets_ptype(
        static_cast<vortex::dtype::PType>(std::numeric_limits<int32_t>::max()));
    proto.set_offset(kMax);
    std::string bytes;
    ASSERT_TRUE(proto.SerializeToString(&bytes));
    EXPECT_EQ(Bytes(bytes.begin(), bytes.end()), golden);
    vortex::encodings::RLEMetadata parsed;
    ASSERT_TRUE(parsed.ParseFromArray(golden.data(), static_cast<int>(golden.size())));
    std::string again;
    ASSERT_TRUE(parsed.SerializeToString(&again));
    EXPECT_EQ(again, bytes);
    EXPECT_RAISES(Serde, RLEMetadata::Parse(golden));
    // Our own serializer writes the same fields with real ptypes.
    const RLEMetadata real{.values_len = kMax,
                           .indices_len = kMax,
                           .indices_ptype = PType::U8,
                           .values_idx_offsets_len = kMax,
                           .values_idx_offsets_ptype = PType::U32,
                           .offset = kMax};
    ASSERT_OK_AND_ASSIGN(RLEMetadata back, RLEMetadata::Parse(real.Serialize()));
    EXPECT_EQ(back, real);
}

TEST(RLEArrayTest, RejectsBadInput) {
    const auto &encoding = RLEEncoding::Instance();
    const DType i32 = DType::Primitive(PType::I32, Nullability::NonNullable);
    auto values = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    auto indices = U16(std::vector<uint16_t>(2048, 0));
    auto offsets = PrimitiveArray::FromValues<uint64_t>({0, 2});
    RLEMetadata metadata{.values_len = 3,
                         .indices_len = 2048,
                         .indices_ptype = PType::U16,
                         .values_idx_offsets_len = 2,
                         .values_idx_offsets_ptype = PType::U64,
                         .offset = 0};
    ASSERT_OK(encoding.Build(i32, 2048, metadata.Serialize(), {}, {values, indices, offsets}));
    // Offsets not increasing, or leaving the last block without values.
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, metadata.Serialize(), {},
                                        {values, indices, PrimitiveArray::FromValues<uint64_t>({2, 2})}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, metadata.Serialize(), {},
                                        {values, indices, PrimitiveArray::FromValues<uint64_t>({2, 0})}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, metadata.Serialize(), {},
                                        {values, indices, PrimitiveArray::FromValues<uint64_t>({0, 3})}));
    // Offset >= 1024, offset + len past the indices.
    RLEMetadata bad = metadata;
    bad.offset = 1024;
    EXPECT_RAISES(Serde, encoding.Build(i32, 10, bad.Serialize(), {}, {values, indices, offsets}));
    bad.offset = 100;
    EXPECT_RAISES(Serde, encoding.Build(i32, 2000, bad.Serialize(), {}, {values, indices, offsets}));
    // Wrong child counts and buffers.
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, metadata.Serialize(), {}, {values, indices}));
    EXPECT_RAISES(Serde,
                  encoding.Build(i32, 2048, metadata.Serialize(), {}, {values, indices, offsets, offsets}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, metadata.Serialize(), {Buffer::CopyFrom("x")},
                                        {values, indices, offsets}));
    // Index and offset ptypes the format does not allow; lengths that disagree.
    bad = metadata;
    bad.indices_ptype = PType::U32;
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, bad.Serialize(), {}, {values, indices, offsets}));
    bad = metadata;
    bad.values_idx_offsets_ptype = PType::I64;
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, bad.Serialize(), {}, {values, indices, offsets}));
    bad = metadata;
    bad.values_idx_offsets_len = 3;
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, bad.Serialize(), {}, {values, indices, offsets}));
    bad = metadata;
    bad.indices_len = 2000;
    bad.values_idx_offsets_len = 1;
    EXPECT_NOT_OK(encoding.Build(
        i32, 2000, bad.Serialize(), {},
        {values, U16(std::vector<uint16_t>(2000, 0)), PrimitiveArray::FromValues<uint64_t>({0})}));
    bad = metadata;
    bad.values_len = 5000;
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, bad.Serialize(), {}, {values, indices, offsets}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 2048, Bytes{0x08}, {}, {values, indices, offsets}));
    EXPECT_RAISES(Serde, encoding.Build(DType::Utf8(Nullability::NonNullable), 2048, metadata.Serialize(), {},
                                        {values, indices, offsets}));
}

} // namespace
} // namespace fastlanes
} // namespace vortex
