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
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"

namespace vortex {

struct DeltaConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive() && IsInt(dtype.ptype()); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return fastlanes::DeltaEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Delta, ArrayConformanceTest, DeltaConformance);

namespace fastlanes {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr PType kIntPTypes[] = {PType::U8, PType::U16, PType::U32, PType::U64,
                                PType::I8, PType::I16, PType::I32, PType::I64};

Bytes ReadGolden(const std::string &name) {
    std::ifstream in(std::string(VORTEX_GOLDEN_DIR) + "/" + name, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

ArrayRef RandomInput(PType ptype, size_t len, double null_fraction, uint64_t seed) {
    RandomArrayOptions options;
    options.len = len;
    options.null_fraction = null_fraction;
    options.seed = seed;
    return RandomArray(
        DType::Primitive(ptype, null_fraction > 0 ? Nullability::Nullable : Nullability::NonNullable),
        options);
}

TEST(DeltaArrayTest, RoundTripsEveryIntegerPType) {
    uint64_t seed = 1;
    for (PType ptype : kIntPTypes) {
        for (double nulls : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025, 5000}) {
                SCOPED_TRACE(std::string(PTypeName(ptype)) + " nulls " + std::to_string(nulls) + " len " +
                             std::to_string(len));
                const ArrayRef input = RandomInput(ptype, len, nulls, ++seed);
                ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DeltaEncode(input));
                ASSERT_EQ(encoded->encoding_id(), "fastlanes.delta");
                EXPECT_EQ(encoded->child(1)->len() % kFastLanesBlockLen, 0u);
                ASSERT_OK_AND_ASSIGN(ArrayRef decoded, encoded->ToCanonical());
                ASSERT_ARRAYS_EQUAL(input, decoded);
                ASSERT_OK_AND_ASSIGN(ArrayRef back,
                                     testing::SerdeRoundTrip(encoded, &RegisterFastLanesEncodings));
                ASSERT_ARRAYS_EQUAL(input, back);
                if (len > 2) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_input, Slice(input, 1, len - 1));
                    ASSERT_OK_AND_ASSIGN(ArrayRef from_sliced, DeltaEncode(sliced_input));
                    ASSERT_ARRAYS_EQUAL(sliced_input, from_sliced);
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 1, len - 1));
                    ASSERT_EQ(sliced->encoding_id(), "fastlanes.delta");
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_back,
                                         testing::SerdeRoundTrip(sliced, &RegisterFastLanesEncodings));
                    ASSERT_ARRAYS_EQUAL(sliced_input, sliced_back);
                }
            }
        }
    }
}

// For x[i] = i every lane covers consecutive values, so each lane's base is its first value
// and every later delta is 1 (the spec's lane property, checked on the encoder's output).
TEST(DeltaArrayTest, EncodesLanesOfConsecutiveValues) {
    std::vector<uint32_t> values(2048);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<uint32_t>(i);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DeltaEncode(PrimitiveArray::FromValues(values)));
    const auto *delta = As<DeltaArray>(*encoded);
    ASSERT_OK_AND_ASSIGN(ArrayRef bases, Canonicalize(delta->bases()));
    ASSERT_OK_AND_ASSIGN(ArrayRef deltas, Canonicalize(delta->deltas()));
    const auto base_values = As<PrimitiveArray>(*bases)->values_as<uint32_t>();
    const auto delta_values = As<PrimitiveArray>(*deltas)->values_as<uint32_t>();
    ASSERT_EQ(base_values.size(), 2u * 32);
    std::vector<bool> seen(1024);
    for (size_t block = 0; block < 2; ++block) {
        for (size_t lane = 0; lane < 32; ++lane) {
            const uint32_t base = base_values[block * 32 + lane];
            EXPECT_EQ(base % 32, 0u); // a lane of 32 rows starts at a multiple of 32
            EXPECT_EQ(base / 1024, block);
            seen[base % 1024] = true;
            for (size_t row = 0; row < 32; ++row) {
                EXPECT_EQ(delta_values[block * 1024 + FastLanesIndex(row, lane)], row == 0 ? 0u : 1u);
            }
        }
    }
    for (size_t start = 0; start < 1024; start += 32) {
        EXPECT_TRUE(seen[start]) << start;
    }
}

// The stored validity follows the reference's bit transpose, written here in its byte form:
// stored byte 64h + 8p + g, bit m = logical byte 2 * FL_ORDER[g] + h + 16m, bit p.
TEST(DeltaArrayTest, StoresValidityBitTransposed) {
    std::vector<std::optional<int16_t>> values(1500);
    for (size_t i = 0; i < values.size(); ++i) {
        if ((i * 7919) % 5 != 0) {
            values[i] = static_cast<int16_t>(i);
        }
    }
    auto input = PrimitiveArray::FromOptionals(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DeltaEncode(input));
    const ArrayRef &deltas = encoded->child(1);
    ASSERT_EQ(deltas->len(), 2048u);
    for (size_t stored = 0; stored < 2048; ++stored) {
        const size_t block = stored / 1024;
        const size_t byte = (stored % 1024) / 8;
        const size_t m = stored % 8;
        const size_t h = byte / 64, p = (byte % 64) / 8, g = byte % 8;
        const size_t logical = block * 1024 + (2 * kFastLanesOrder[g] + h + 16 * m) * 8 + p;
        const bool expected = logical < values.size() && values[logical].has_value();
        ASSERT_EQ(deltas->is_valid(stored), expected) << stored;
    }
}

TEST(DeltaArrayTest, SlicesAndScalarAt) {
    std::vector<uint32_t> values(4000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<uint32_t>(i * 3);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, DeltaEncode(PrimitiveArray::FromValues(values)));
    for (auto [start, stop] : std::vector<std::pair<size_t, size_t>>{
             {10, 250}, {1034, 1274}, {1000, 1048}, {2040, 2050}, {0, 4000}, {3999, 4000}, {1024, 1024}}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
        ASSERT_EQ(sliced->len(), stop - start);
        for (size_t i = 0; i < sliced->len(); i += 7) {
            ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(sliced, i));
            ASSERT_EQ(value.as<uint32_t>(), values[start + i]);
        }
        if (sliced->len() > 20) {
            ASSERT_OK_AND_ASSIGN(ArrayRef again, Slice(sliced, 5, 20));
            ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(again, 3));
            EXPECT_EQ(value.as<uint32_t>(), values[start + 8]);
            if (const auto *delta = As<DeltaArray>(*again)) {
                EXPECT_LT(delta->offset(), 1024u);
                EXPECT_LE(delta->deltas()->len(), 2048u);
            }
        }
    }
}

// The legacy form: one whole block as today, then a partial block coded sequentially from one
// extra base, with untransposed validity.
TEST(DeltaArrayTest, DecodesTheLegacyPartialBlock) {
    std::vector<std::optional<uint16_t>> values(1500);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<uint16_t>(i * i);
    }
    values[1100] = std::nullopt;
    values[10] = std::nullopt;
    std::vector<std::optional<uint16_t>> head(values.begin(), values.begin() + 1024);
    ASSERT_OK_AND_ASSIGN(ArrayRef head_encoded, DeltaEncode(PrimitiveArray::FromOptionals(head)));
    const auto *head_delta = As<DeltaArray>(*head_encoded);
    ASSERT_OK_AND_ASSIGN(ArrayRef head_bases, Canonicalize(head_delta->bases()));
    ASSERT_OK_AND_ASSIGN(ArrayRef head_deltas, Canonicalize(head_delta->deltas()));

    std::vector<uint16_t> bases(As<PrimitiveArray>(*head_bases)->values_as<uint16_t>().begin(),
                                As<PrimitiveArray>(*head_bases)->values_as<uint16_t>().end());
    std::vector<uint16_t> deltas(As<PrimitiveArray>(*head_deltas)->values_as<uint16_t>().begin(),
                                 As<PrimitiveArray>(*head_deltas)->values_as<uint16_t>().end());
    std::vector<bool> validity(1500);
    for (size_t i = 0; i < 1500; ++i) {
        validity[i] = values[i].has_value();
    }
    bases.push_back(7); // the extra base; deltas count from it
    uint16_t previous = 7;
    for (size_t i = 1024; i < 1500; ++i) {
        const uint16_t v = values[i].value_or(previous);
        deltas.push_back(static_cast<uint16_t>(v - previous));
        previous = v;
    }
    const DType dtype = DType::Primitive(PType::U16, Nullability::Nullable);
    auto bases_array = PrimitiveArray::FromValues(bases, Validity::AllValid());
    auto deltas_array =
        PrimitiveArray::FromValues(deltas, Validity::FromBits(BitBuffer::FromBools(validity)));
    const Bytes metadata = DeltaMetadata{.deltas_len = 1500, .offset = 0}.Serialize();
    ASSERT_OK_AND_ASSIGN(ArrayRef legacy, DeltaEncoding::Instance().Build(dtype, 1500, metadata, {},
                                                                          {bases_array, deltas_array}));
    ASSERT_TRUE(As<DeltaArray>(*legacy)->is_legacy());
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, legacy->ToCanonical());
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals(values)), decoded);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(legacy, 1000, 1200));
    ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(sliced, 150));
    EXPECT_EQ(value.as<uint16_t>(), *values[1150]);
    ASSERT_OK_AND_ASSIGN(Scalar null_value, ScalarAt(legacy, 1100));
    EXPECT_TRUE(null_value.is_null());
}

TEST(DeltaArrayTest, GoldenMetadata) {
    const Bytes golden = ReadGolden("delta.metadata");
    ASSERT_FALSE(golden.empty());
    const DeltaMetadata maxima{.deltas_len = std::numeric_limits<uint64_t>::max(),
                               .offset = std::numeric_limits<uint32_t>::max()};
    EXPECT_EQ(maxima.Serialize(), golden);
    ASSERT_OK_AND_ASSIGN(DeltaMetadata parsed, DeltaMetadata::Parse(golden));
    EXPECT_EQ(parsed, maxima);
    // As an array node these maxima are out of range.
    const DType u32 = DType::Primitive(PType::U32, Nullability::NonNullable);
    EXPECT_RAISES(Serde, DeltaEncoding::Instance().Build(u32, 0, golden, {}, std::vector<ArrayRef>{}));
}

TEST(DeltaArrayTest, RejectsBadInput) {
    const auto &encoding = DeltaEncoding::Instance();
    const DType u32 = DType::Primitive(PType::U32, Nullability::NonNullable);
    std::vector<uint32_t> values(1024, 5);
    ASSERT_OK_AND_ASSIGN(ArrayRef good, DeltaEncode(PrimitiveArray::FromValues(values)));
    const ArrayRef bases = good->child(0);
    const ArrayRef deltas = good->child(1);
    const Bytes metadata = DeltaMetadata{.deltas_len = 1024, .offset = 0}.Serialize();
    ASSERT_OK(encoding.Build(u32, 1000, metadata, {}, {bases, deltas}));
    // Bases of the wrong length.
    ASSERT_OK_AND_ASSIGN(ArrayRef short_bases, Slice(bases, 0, 31));
    EXPECT_NOT_OK(encoding.Build(u32, 1000, metadata, {}, {short_bases, deltas}));
    EXPECT_RAISES(InvalidArgument, DeltaArray::TryMake(short_bases, deltas, 0, 1000));
    // deltas_len that disagrees with the child, offset too large, offset + len too large.
    EXPECT_NOT_OK(
        encoding.Build(u32, 1000, DeltaMetadata{.deltas_len = 2048}.Serialize(), {}, {bases, deltas}));
    EXPECT_RAISES(Serde,
                  encoding.Build(u32, 10, DeltaMetadata{.deltas_len = 1024, .offset = 1024}.Serialize(), {},
                                 {bases, deltas}));
    EXPECT_RAISES(Serde,
                  encoding.Build(u32, 1000, DeltaMetadata{.deltas_len = 1024, .offset = 100}.Serialize(), {},
                                 {bases, deltas}));
    // Wrong child counts, buffers, dtypes, metadata bytes.
    EXPECT_RAISES(Serde, encoding.Build(u32, 1000, metadata, {}, {bases}));
    EXPECT_RAISES(Serde, encoding.Build(u32, 1000, metadata, {}, {bases, deltas, deltas}));
    EXPECT_RAISES(Serde, encoding.Build(u32, 1000, metadata, {Buffer::CopyFrom("x")}, {bases, deltas}));
    const DType f32 = DType::Primitive(PType::F32, Nullability::NonNullable);
    EXPECT_RAISES(Serde, encoding.Build(f32, 1000, metadata, {}, {bases, deltas}));
    EXPECT_NOT_OK(encoding.Build(DType::Primitive(PType::I32, Nullability::NonNullable), 1000, metadata, {},
                                 {bases, deltas}));
    EXPECT_RAISES(Serde, encoding.Build(u32, 1000, Bytes{0xff}, {}, {bases, deltas}));
    EXPECT_RAISES(Serde, encoding.Build(u32, 0, DeltaMetadata{.deltas_len = 1ULL << 62}.Serialize(), {},
                                        {bases, deltas}));
}

} // namespace
} // namespace fastlanes
} // namespace vortex
