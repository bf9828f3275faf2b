// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/naive_compare.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fastlanes_metadata.pb.h"
#include "vortex/encodings/fastlanes/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Integers that mostly fit a small width (chosen from the seed), with a few wide outliers
// and, for signed types, a few negatives: the best width then leaves some patches.
ArrayRef SkewedIntArray(const DType &dtype, const RandomArrayOptions &options) {
    ArrayRef random = RandomArray(dtype, options);
    auto primitive = As<PrimitiveArray>(random);
    return VisitIntPType(dtype.ptype(), [&]<typename T>() -> ArrayRef {
        using U = std::make_unsigned_t<T>;
        std::mt19937_64 rng(options.seed * 31 + 7);
        const unsigned width = 1 + static_cast<unsigned>(rng() % (4 * sizeof(T)));
        std::vector<T> values(primitive->values_as<T>().begin(), primitive->values_as<T>().end());
        for (T &v : values) {
            if (rng() % 50 != 0) {
                v = static_cast<T>(static_cast<U>(v) & static_cast<U>((uint64_t{1} << width) - 1));
            }
        }
        return PrimitiveArray::FromValues(values, primitive->validity());
    });
}

namespace {

struct BitPackedConformance {
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(uint8_t width, fastlanes::BestBitWidth(canonical));
        return fastlanes::BitPackEncode(canonical, width);
    }
    static bool Supports(const DType &dtype) { return dtype.is_primitive() && IsInt(dtype.ptype()); }
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return SkewedIntArray(dtype, options);
    }
};

} // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(BitPacked, ArrayConformanceTest, BitPackedConformance);

namespace fastlanes {
namespace {

constexpr PType kIntPTypes[] = {PType::U8, PType::U16, PType::U32, PType::U64,
                                PType::I8, PType::I16, PType::I32, PType::I64};
constexpr size_t kLengths[] = {0, 1, 1023, 1024, 1025, 3000};

// Random values of `width` bits (non-negative), nulls at `null_fraction`.
template <typename T>
ArrayRef RandomOfWidth(size_t len, unsigned width, double null_fraction, uint64_t seed) {
    using U = std::make_unsigned_t<T>;
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution is_null(null_fraction);
    std::vector<T> values(len);
    std::vector<bool> valid(len);
    for (size_t i = 0; i < len; ++i) {
        const uint64_t r = rng();
        values[i] = static_cast<T>(static_cast<U>(width >= 64 ? r : r & ((uint64_t{1} << width) - 1)));
        valid[i] = !is_null(rng);
    }
    if (null_fraction == 0) {
        return PrimitiveArray::FromValues(values);
    }
    return PrimitiveArray::FromValues(values, Validity::FromBits(BitBuffer::FromBools(valid)));
}

std::shared_ptr<const BitPackedArray> AsBitPacked(const ArrayRef &array) {
    auto bitpacked = As<BitPackedArray>(array);
    EXPECT_NE(bitpacked, nullptr) << array->encoding_id();
    return bitpacked;
}

// Checks decode, point lookups, a few slices and a serde round trip of `encoded` against
// `input`.
void CheckEncoded(const ArrayRef &input, const ArrayRef &encoded) {
    ASSERT_EQ(encoded->encoding_id(), BitPackedEncoding::kId);
    ASSERT_EQ(encoded->dtype(), input->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(encoded));
    ASSERT_ARRAYS_EQUAL(input, decoded);
    const size_t len = input->len();
    for (size_t i : {size_t{0}, len / 3, len / 2, len - 1, size_t{1023}, size_t{1024}}) {
        if (i >= len) {
            continue;
        }
        ASSERT_OK_AND_ASSIGN(Scalar expected, ScalarAt(input, i));
        ASSERT_OK_AND_ASSIGN(Scalar actual, ScalarAt(encoded, i));
        ASSERT_TRUE(ScalarsEqual(expected, actual)) << "at " << i;
    }
    if (len >= 3) {
        for (auto [start, stop] :
             {std::pair{size_t{1}, len - 1}, std::pair{len / 2, len}, std::pair{size_t{0}, len / 3}}) {
            ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
            ASSERT_EQ(sliced->encoding_id(), BitPackedEncoding::kId);
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, start, stop));
            ASSERT_OK_AND_ASSIGN(ArrayRef sliced_decoded, Canonicalize(sliced));
            ASSERT_ARRAYS_EQUAL(expected, sliced_decoded);
            ASSERT_OK_AND_ASSIGN(ArrayRef sliced_serde,
                                 testing::SerdeRoundTrip(sliced, &RegisterFastLanesEncodings));
            ASSERT_ARRAYS_EQUAL(expected, sliced_serde);
        }
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef serde, testing::SerdeRoundTrip(encoded, &RegisterFastLanesEncodings));
    ASSERT_EQ(serde->encoding_id(), BitPackedEncoding::kId);
    ASSERT_ARRAYS_EQUAL(input, serde);
}

TEST(BitPackedArrayTest, RoundTripsEveryBitWidthOfEveryPType) {
    for (PType ptype : kIntPTypes) {
        VisitIntPType(ptype, [&]<typename T>() {
            const unsigned bits = 8 * sizeof(T);
            for (unsigned width = 0; width <= bits; ++width) {
                for (size_t len : kLengths) {
                    SCOPED_TRACE(::testing::Message()
                                 << PTypeName(ptype) << " width " << width << " len " << len);
                    const ArrayRef input = RandomOfWidth<T>(len, width, 0.0, uint64_t{width} * 7919 + len);
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, static_cast<uint8_t>(width)));
                    auto bitpacked = AsBitPacked(encoded);
                    ASSERT_EQ(bitpacked->bit_width(), width);
                    ASSERT_EQ(bitpacked->packed().size(), FastLanesBlockCount(len) * 128 * width);
                    // Signed at full width: negatives fit the width, so no patches either.
                    ASSERT_FALSE(bitpacked->patches().has_value());
                    CheckEncoded(input, encoded);
                    if (::testing::Test::HasFatalFailure()) {
                        return;
                    }
                }
            }
        });
    }
}

// Against a count of each value's bit length, at lengths around the four-way interleaving.
TEST(BitPackedArrayTest, BitWidthHistogramCountsEveryValue) {
    std::mt19937_64 rng(17);
    for (size_t len : {0, 1, 3, 4, 5, 8, 1027}) {
        std::vector<uint32_t> values(len);
        std::vector<size_t> expected(33, 0);
        for (auto &v : values) {
            v = static_cast<uint32_t>(rng() >> (rng() % 64));
            ++expected[32 - static_cast<size_t>(std::countl_zero(v))];
        }
        ASSERT_OK_AND_ASSIGN(auto histogram, BitWidthHistogram(PrimitiveArray::FromValues(values)));
        EXPECT_EQ(histogram, expected) << "len " << len;
    }
}

TEST(BitPackedArrayTest, EncodesSlicedInputs) {
    const ArrayRef base = RandomOfWidth<uint32_t>(5000, 11, 0.1, 5);
    ASSERT_OK_AND_ASSIGN(ArrayRef input, Slice(base, 1000, 4100));
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(input));
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(canonical, 11));
    CheckEncoded(canonical, encoded);
}

TEST(BitPackedArrayTest, NullDensities) {
    for (double null_fraction : {0.0, 0.1, 0.5, 1.0}) {
        for (PType ptype : {PType::U16, PType::I32, PType::U64}) {
            VisitIntPType(ptype, [&]<typename T>() {
                for (size_t len : kLengths) {
                    SCOPED_TRACE(::testing::Message()
                                 << PTypeName(ptype) << " nulls " << null_fraction << " len " << len);
                    ArrayRef input = RandomOfWidth<T>(len, 9, null_fraction, len + 17);
                    if (null_fraction == 0) {
                        // Nullable but all valid.
                        input = PrimitiveArray::Make(ptype, As<PrimitiveArray>(input)->values(),
                                                     Validity::AllValid());
                    }
                    ASSERT_OK_AND_ASSIGN(uint8_t width, BestBitWidth(input));
                    ASSERT_LE(width, 9);
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, width));
                    CheckEncoded(input, encoded);
                    if (::testing::Test::HasFatalFailure()) {
                        return;
                    }
                }
            });
        }
    }
}

TEST(BitPackedArrayTest, AllNullPacksZeros) {
    const ArrayRef input =
        PrimitiveArray::FromValues<uint32_t>(std::vector<uint32_t>(2000, 0xFFFF), Validity::AllInvalid());
    ASSERT_OK_AND_ASSIGN(uint8_t width, BestBitWidth(input));
    EXPECT_EQ(width, 0);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, 3));
    auto bitpacked = AsBitPacked(encoded);
    EXPECT_FALSE(bitpacked->patches().has_value()) << "nulls never become patches";
    for (uint8_t byte : bitpacked->packed().bytes()) {
        ASSERT_EQ(byte, 0);
    }
    CheckEncoded(input, encoded);
}

TEST(BitPackedArrayTest, NegativesAndOutliersBecomePatches) {
    std::vector<int32_t> values(3000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<int32_t>(i % 100);
    }
    values[0] = -1;
    values[5] = 1 << 20;
    values[1024] = INT32_MIN;
    values[2999] = INT32_MAX;
    values[2000] = -7;
    const ArrayRef input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(uint8_t width, BestBitWidth(input));
    EXPECT_EQ(width, 7); // 0..99 needs 7 bits; 5 exceptions are cheaper than widening
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, width));
    auto bitpacked = AsBitPacked(encoded);
    ASSERT_TRUE(bitpacked->patches().has_value());
    const Patches &patches = *bitpacked->patches();
    EXPECT_EQ(patches.num_patches(), 5u);
    EXPECT_EQ(patches.indices_ptype(), PType::U16); // 3000 < u16::MAX
    EXPECT_EQ(bitpacked->nchildren(), 3u);          // indices, values, chunk offsets
    EXPECT_EQ(bitpacked->child(2)->len(), 3u);      // one chunk offset per 1024 values
    CheckEncoded(input, encoded);

    // Kernels on patched data.
    ASSERT_OK_AND_ASSIGN(Scalar at_1024, ScalarAt(encoded, 1024));
    EXPECT_TRUE(ScalarsEqual(Scalar::Primitive<int32_t>(INT32_MIN, Nullability::NonNullable), at_1024));
    std::vector<bool> keep(values.size());
    std::vector<int32_t> kept;
    for (size_t i = 0; i < values.size(); ++i) {
        keep[i] = i % 3 == 0 || i == 5 || i == 2999;
        if (keep[i]) {
            kept.push_back(values[i]);
        }
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(encoded, Mask::FromBits(BitBuffer::FromBools(keep))));
    ASSERT_ARRAYS_EQUAL(PrimitiveArray::FromValues(kept), filtered);
    const std::vector<uint64_t> take_indices = {2999, 0, 7, 1024, 5, 5, 2000};
    std::vector<int32_t> taken_expected;
    taken_expected.reserve(take_indices.size());
    for (uint64_t i : take_indices) {
        taken_expected.push_back(values[i]);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, PrimitiveArray::FromValues(take_indices)));
    ASSERT_ARRAYS_EQUAL(PrimitiveArray::FromValues(taken_expected), taken);
}

TEST(BitPackedArrayTest, NullablePatchedArray) {
    std::vector<std::optional<uint16_t>> values(1500);
    for (size_t i = 0; i < values.size(); ++i) {
        if (i % 7 != 3) {
            values[i] = static_cast<uint16_t>(i % 16);
        }
    }
    values[100] = 60000;
    values[1400] = 4096;
    const ArrayRef input = PrimitiveArray::FromOptionals(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, 4));
    auto bitpacked = AsBitPacked(encoded);
    ASSERT_TRUE(bitpacked->patches().has_value());
    EXPECT_EQ(bitpacked->patches()->num_patches(), 2u);
    EXPECT_EQ(bitpacked->patches()->values()->dtype(), input->dtype());
    CheckEncoded(input, encoded);
    // Slices without any patch lose their patches; with one keep it.
    ASSERT_OK_AND_ASSIGN(ArrayRef no_patch, Slice(encoded, 200, 1300));
    EXPECT_FALSE(AsBitPacked(no_patch)->patches().has_value());
    ASSERT_OK_AND_ASSIGN(ArrayRef one_patch, Slice(encoded, 1300, 1500));
    ASSERT_TRUE(AsBitPacked(one_patch)->patches().has_value());
    ASSERT_OK_AND_ASSIGN(Scalar patched, ScalarAt(one_patch, 100));
    EXPECT_TRUE(ScalarsEqual(Scalar::Primitive<uint16_t>(4096, Nullability::Nullable), patched));
    ASSERT_OK_AND_ASSIGN(uint64_t null_count, encoded->statistics().null_count());
    EXPECT_EQ(null_count, 1500u / 7 + (1500 % 7 > 3 ? 1 : 0));
}

TEST(BitPackedArrayTest, SliceKeepsBlocksAndOffset) {
    const ArrayRef input = RandomOfWidth<uint32_t>(5000, 12, 0.0, 1);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, 12));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 1500, 3000));
    auto bitpacked = AsBitPacked(sliced);
    EXPECT_EQ(bitpacked->offset(), 1500 - 1024);
    EXPECT_EQ(bitpacked->packed().size(), 2u * 128 * 12); // blocks 1 and 2
    ASSERT_OK_AND_ASSIGN(ArrayRef twice, Slice(sliced, 600, 1000));
    EXPECT_EQ(AsBitPacked(twice)->offset(), (476 + 600) % 1024);
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, 2100, 2500));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(twice));
    ASSERT_ARRAYS_EQUAL(expected, decoded);
}

TEST(BitPackedArrayTest, TakeFewRowsFromManyAndBlockRuns) {
    const ArrayRef input = RandomOfWidth<uint64_t>(100000, 37, 0.2, 9);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, 37));
    std::mt19937_64 rng(3);
    std::vector<uint32_t> indices;
    indices.reserve(120);
    for (int i = 0; i < 100; ++i) {
        indices.push_back(static_cast<uint32_t>(rng() % 100000));
    }
    for (uint32_t i = 5000; i < 5020; ++i) {
        indices.push_back(i); // a run inside one block: whole-block unpack path
    }
    std::vector<std::optional<uint32_t>> nullable(indices.begin(), indices.end());
    nullable[3] = std::nullopt;
    for (const ArrayRef &index_array :
         {ArrayRef(PrimitiveArray::FromValues(indices)), ArrayRef(PrimitiveArray::FromOptionals(nullable))}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, index_array));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(input, index_array));
        ASSERT_ARRAYS_EQUAL(expected, taken);
    }
    const std::vector<uint32_t> out_of_range = {1, 100000};
    EXPECT_FALSE(Take(encoded, PrimitiveArray::FromValues(out_of_range)).ok());
}

// Compares run on the packed blocks (and the patches): every operator and a range, against
// the value-by-value oracle, over patched, nullable and sliced (offset) arrays.
TEST(BitPackedArrayTest, CompareAndRangeMatchTheNaiveOracle) {
    uint64_t seed = 40;
    for (PType ptype : kIntPTypes) {
        for (double nulls : {0.0, 0.25}) {
            RandomArrayOptions options;
            options.len = 2600;
            options.null_fraction = nulls;
            options.seed = ++seed;
            const ArrayRef input = SkewedIntArray(
                DType::Primitive(ptype, nulls > 0 ? Nullability::Nullable : Nullability::NonNullable),
                options);
            ASSERT_OK_AND_ASSIGN(uint8_t width, BestBitWidth(input));
            ASSERT_OK_AND_ASSIGN(ArrayRef encoded, BitPackEncode(input, width));
            ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 1500, 2590)); // offset 476
            ASSERT_EQ(sliced->encoding_id(), BitPackedEncoding::kId);
            std::vector<Scalar> constants;
            VisitIntPType(ptype, [&]<typename T>() {
                const auto values = As<PrimitiveArray>(input)->values_as<T>();
                for (T c : {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T{0}, values[1600],
                            values[2000], static_cast<T>(values[7] + 1)}) {
                    constants.push_back(Scalar::Primitive<T>(c, Nullability::NonNullable));
                }
            });
            for (const ArrayRef &array : {encoded, sliced}) {
                ASSERT_OK_AND_ASSIGN(const std::vector<Scalar> elements, ArrayToScalars(array));
                for (const Scalar &constant : constants) {
                    for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Lte,
                                         CompareOp::Gt, CompareOp::Gte}) {
                        SCOPED_TRACE(std::string(PTypeName(ptype)) + " width " + std::to_string(width) +
                                     " len " + std::to_string(array->len()) + " " + constant.ToString() +
                                     " " + std::string(CompareOpName(op)));
                        ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(array, constant, op));
                        ASSERT_OK_AND_ASSIGN(auto got, BoolValues(actual));
                        const auto expected = NaiveCompare(elements, constant, op);
                        ASSERT_EQ(got, expected);
                    }
                }
                // A range between two of the constants: both comparisons at once.
                const int128_t lo =
                    VisitIntPType(ptype, [&]<typename T>() { return int128_t{constants[2].as<T>()}; });
                const int128_t hi =
                    VisitIntPType(ptype, [&]<typename T>() { return int128_t{constants[3].as<T>()}; });
                const auto range = ClippedIntRange(ptype, std::min(lo, hi), std::max(lo, hi));
                ASSERT_TRUE(range.has_value());
                ASSERT_OK_AND_ASSIGN(ArrayRef inside, InIntRange(array, *range, false));
                ASSERT_OK_AND_ASSIGN(auto got, BoolValues(inside));
                const auto at_least = NaiveCompare(
                    elements, std::min(lo, hi) == lo ? constants[2] : constants[3], CompareOp::Gte);
                const auto at_most = NaiveCompare(
                    elements, std::min(lo, hi) == lo ? constants[3] : constants[2], CompareOp::Lte);
                for (size_t i = 0; i < array->len(); ++i) {
                    ASSERT_EQ(got[i],
                              at_least[i] ? std::optional<bool>(*at_least[i] && *at_most[i]) : std::nullopt)
                        << "at " << i;
                }
            }
        }
    }
}

TEST(BitPackedArrayTest, BestBitWidthMinimizesBytes) {
    // Histogram: 1000 values of width 3 and 10 of width 20 (u32: 8 bytes per exception):
    // width 3 costs 375 + 80 bytes, width 20 costs 2525 bytes.
    std::vector<size_t> histogram(33, 0);
    histogram[3] = 1000;
    histogram[20] = 10;
    EXPECT_EQ(BestBitWidth(PType::U32, histogram), 3);
    // Half of the values wide: widening wins.
    histogram[20] = 1000;
    EXPECT_EQ(BestBitWidth(PType::U32, histogram), 20);
    // Empty and all-zero arrays pack at width 0.
    std::vector<size_t> zeros(9, 0);
    EXPECT_EQ(BestBitWidth(PType::U8, zeros), 0);
    zeros[0] = 50;
    EXPECT_EQ(BestBitWidth(PType::U8, zeros), 0);
}

TEST(BitPackedArrayTest, EncodeRejectsBadInput) {
    const ArrayRef ints = PrimitiveArray::FromValues<uint8_t>({1, 2, 3});
    EXPECT_FALSE(BitPackEncode(ints, 9).ok());
    const ArrayRef floats = PrimitiveArray::FromValues<float>({1.0f});
    EXPECT_FALSE(BitPackEncode(floats, 4).ok());
    EXPECT_FALSE(BestBitWidth(floats).ok());
}

// ---- Build() on untrusted parts ----

std::vector<uint8_t> Metadata(uint32_t bit_width, uint32_t offset) {
    vortex::encodings::BitPackedMetadata proto;
    proto.set_bit_width(bit_width);
    proto.set_offset(offset);
    const std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

Result<ArrayRef> BuildBitPacked(const DType &dtype,
                                size_t len,
                                const std::vector<uint8_t> &metadata,
                                size_t packed_bytes,
                                std::vector<ArrayRef> children = {}) {
    std::vector<Buffer> buffers;
    buffers.push_back(Buffer::Copy(std::vector<uint8_t>(packed_bytes, 0), 8));
    return BitPackedEncoding::Instance().Build(dtype, len, metadata, std::move(buffers), std::move(children));
}

TEST(BitPackedArrayTest, BuildChecksBitWidthOffsetAndBufferSize) {
    const DType u32 = DType::Primitive(PType::U32, Nullability::NonNullable);
    ASSERT_OK(BuildBitPacked(u32, 1500, Metadata(5, 0), size_t{2} * 128 * 5));
    ASSERT_OK(BuildBitPacked(u32, 1500, Metadata(5, 600), size_t{3} * 128 * 5));
    ASSERT_OK(BuildBitPacked(u32, 0, Metadata(5, 0), 0));
    ASSERT_OK(BuildBitPacked(u32, 10, Metadata(32, 0), size_t{128} * 32));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 10, Metadata(33, 0), size_t{128} * 33));
    EXPECT_RAISES(Serde, BuildBitPacked(DType::Primitive(PType::I8, Nullability::NonNullable), 10,
                                        Metadata(9, 0), size_t{128} * 9));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 1500, Metadata(5, 0), size_t{2} * 128 * 5 - 1));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 1500, Metadata(5, 0), size_t{2} * 128 * 5 + 640));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 1500, Metadata(5, 1024), size_t{3} * 128 * 5));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, SIZE_MAX, Metadata(5, 1), 0));
    EXPECT_RAISES(Serde, BuildBitPacked(DType::Primitive(PType::F32, Nullability::NonNullable), 10,
                                        Metadata(5, 0), size_t{128} * 5));
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 10, {0xFF, 0xFF}, size_t{128} * 5)); // corrupt proto
    // Wrong number of buffers.
    EXPECT_RAISES(Serde, BitPackedEncoding::Instance().Build(u32, 0, Metadata(0, 0), std::vector<Buffer>{},
                                                             std::vector<ArrayRef>{}));
    // A stray child without patches, on a non-nullable dtype and on a nullable one.
    const ArrayRef bools = PrimitiveArray::FromValues<uint8_t>({1});
    EXPECT_RAISES(Serde, BuildBitPacked(u32, 1, Metadata(1, 0), 128, {bools}));
    EXPECT_RAISES(Serde, BuildBitPacked(u32.AsNullable(), 1, Metadata(1, 0), 128, {bools, bools}));
}

std::vector<uint8_t>
PatchedMetadata(uint32_t bit_width, uint64_t num_patches, PType indices_ptype, uint64_t offset = 0) {
    vortex::encodings::BitPackedMetadata proto;
    proto.set_bit_width(bit_width);
    auto *patches = proto.mutable_patches();
    patches->set_len(num_patches);
    patches->set_offset(offset);
    patches->set_indices_ptype(static_cast<vortex::dtype::PType>(indices_ptype));
    const std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

TEST(BitPackedArrayTest, BuildChecksPatches) {
    const DType u16 = DType::Primitive(PType::U16, Nullability::NonNullable);
    const ArrayRef values = PrimitiveArray::FromValues<uint16_t>({500, 600});
    const ArrayRef good_indices = PrimitiveArray::FromValues<uint8_t>({3, 9});
    ASSERT_OK_AND_ASSIGN(ArrayRef good, BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256,
                                                       {good_indices, values}));
    ASSERT_OK_AND_ASSIGN(Scalar patched, ScalarAt(good, 9));
    EXPECT_TRUE(ScalarsEqual(Scalar::Primitive<uint16_t>(600, Nullability::NonNullable), patched));

    const ArrayRef out_of_range = PrimitiveArray::FromValues<uint8_t>({3, 10});
    EXPECT_RAISES(Serde,
                  BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256, {out_of_range, values}));
    const ArrayRef unsorted = PrimitiveArray::FromValues<uint8_t>({9, 3});
    EXPECT_RAISES(Serde, BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256, {unsorted, values}));
    const ArrayRef below_offset = PrimitiveArray::FromValues<uint8_t>({3, 9});
    EXPECT_RAISES(Serde,
                  BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8, 4), 256, {below_offset, values}));
    const ArrayRef signed_indices = PrimitiveArray::FromValues<int8_t>({3, 9});
    EXPECT_RAISES(Serde,
                  BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::I8), 256, {signed_indices, values}));
    // Patches declared but their children missing, or a stray extra child.
    EXPECT_RAISES(Serde, BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256, {good_indices}));
    EXPECT_RAISES(Serde, BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256,
                                        {good_indices, values, values, values}));
    // Patch values of another ptype.
    const ArrayRef wrong_values = PrimitiveArray::FromValues<uint32_t>({500, 600});
    EXPECT_NOT_OK(
        BuildBitPacked(u16, 10, PatchedMetadata(2, 2, PType::U8), 256, {good_indices, wrong_values}));
    // More patches than elements.
    EXPECT_RAISES(Serde,
                  BuildBitPacked(u16, 1, PatchedMetadata(2, 2, PType::U8), 128, {good_indices, values}));
}

TEST(BitPackedArrayTest, RegistersItsId) {
    SessionBuilder builder;
    ASSERT_OK(RegisterFastLanesEncodings(builder));
    EXPECT_EQ(BitPackedEncoding::Instance().id(), "fastlanes.bitpacked");
}

} // namespace
} // namespace fastlanes
} // namespace vortex
