// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/compute/date_part.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/runend/register.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/encodings/testing/serde_round_trip.h"

namespace vortex {
namespace {

// A random canonical array with real runs: random values, each repeated 1..8 times.
ArrayRef RunnyArray(const DType &dtype, const RandomArrayOptions &options) {
    RandomArrayOptions distinct = options;
    distinct.len = options.len / 2 + 1;
    ArrayRef values = RandomArray(dtype, distinct);
    std::vector<uint32_t> indices;
    uint64_t state = options.seed * 6364136223846793005ULL + 1442695040888963407ULL;
    uint32_t value = 0;
    while (indices.size() < options.len) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const size_t repeat = 1 + (state >> 60) % 8;
        for (size_t r = 0; r < repeat && indices.size() < options.len; ++r) {
            indices.push_back(value);
        }
        value = (value + 1) % static_cast<uint32_t>(distinct.len);
    }
    auto taken = Take(values, PrimitiveArray::FromValues(indices));
    VX_CHECK_MSG(taken.ok(), "{}", taken.status().ToString());
    auto canonical = Canonicalize(*taken);
    VX_CHECK_MSG(canonical.ok(), "{}", canonical.status().ToString());
    return *std::move(canonical);
}

} // namespace

struct RunEndConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive() || dtype.is_bool(); }
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return RunnyArray(dtype, options);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return runend::RunEndEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(RunEnd, ArrayConformanceTest, RunEndConformance);

// Random values (mostly runs of length one) exercise the many-runs paths.
struct RunEndRandomConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive() && dtype.ptype() == PType::I32; }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return runend::RunEndEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(RunEndRandom, ArrayConformanceTest, RunEndRandomConformance);

namespace runend {
namespace {

const DType kI32 = DType::Primitive(PType::I32, Nullability::NonNullable);

std::shared_ptr<const RunEndArray> AsRunEnd(const ArrayRef &array) {
    auto out = As<RunEndArray>(array);
    EXPECT_NE(out, nullptr) << array->encoding_id();
    return out;
}

TEST(RunEndArrayTest, EncodesLikeTheReference) {
    // Inputs and expected parts from the reference's compress.rs tests.
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded,
                         RunEndEncode(PrimitiveArray::FromValues<int32_t>({1, 1, 2, 2, 2, 3, 3, 3, 3, 3})));
    auto array = AsRunEnd(encoded);
    ASSERT_NE(array, nullptr);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint8_t>({2, 5, 10})), array->ends());
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 2, 3})), array->values());

    auto nullable = PrimitiveArray::FromOptionals<int32_t>(
        {1, 1, std::nullopt, std::nullopt, 2, 3, 3, 3, std::nullopt, std::nullopt});
    ASSERT_OK_AND_ASSIGN(encoded, RunEndEncode(nullable));
    array = AsRunEnd(encoded);
    ASSERT_NE(array, nullptr);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint8_t>({2, 4, 5, 8, 10})), array->ends());
    ASSERT_ARRAYS_EQUAL(
        ArrayRef(PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 2, 3, std::nullopt})),
        array->values());
    ASSERT_ARRAYS_EQUAL(ArrayRef(nullable), *Canonicalize(encoded));

    auto all_null = PrimitiveArray::FromOptionals<int32_t>({std::nullopt, std::nullopt, std::nullopt});
    ASSERT_OK_AND_ASSIGN(encoded, RunEndEncode(all_null));
    array = AsRunEnd(encoded);
    ASSERT_NE(array, nullptr);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint64_t>({3})), array->ends());
    EXPECT_EQ(array->values()->len(), 1u);
    EXPECT_FALSE(array->values()->is_valid(0));
    ASSERT_ARRAYS_EQUAL(ArrayRef(all_null), *Canonicalize(encoded));

    ASSERT_OK_AND_ASSIGN(encoded, RunEndEncode(PrimitiveArray::FromValues<int32_t>({})));
    array = AsRunEnd(encoded);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->ends()->dtype().ptype(), PType::U8);
    EXPECT_EQ(array->num_runs(), 0u);
}

TEST(RunEndArrayTest, NarrowsEndsToTheLength) {
    for (auto [len, ptype] : std::vector<std::pair<size_t, PType>>{
             {255, PType::U8}, {256, PType::U16}, {65535, PType::U16}, {65536, PType::U32}}) {
        std::vector<int8_t> values(len, 7);
        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(PrimitiveArray::FromValues(values)));
        EXPECT_EQ(AsRunEnd(encoded)->ends()->dtype().ptype(), ptype) << len;
    }
}

TEST(RunEndArrayTest, KeepsSignedZerosAndNaNPayloadsApart) {
    const double nan_a = std::bit_cast<double>(uint64_t{0x7FF8000000000001});
    const double nan_b = std::bit_cast<double>(uint64_t{0x7FF8000000000002});
    auto input = PrimitiveArray::FromValues<double>({0.0, -0.0, -0.0, nan_a, nan_a, nan_b});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(input));
    EXPECT_EQ(AsRunEnd(encoded)->num_runs(), 4u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
}

TEST(RunEndArrayTest, GoldenMetadata) {
    // The reference's test_runend_metadata: ends_ptype U64, num_runs and offset u64::MAX.
    std::ifstream file(VORTEX_GOLDEN_DIR "/runend.metadata", std::ios::binary);
    ASSERT_TRUE(file.good());
    const std::vector<uint8_t> golden((std::istreambuf_iterator<char>(file)),
                                      std::istreambuf_iterator<char>());
    const RunEndMetadata metadata{.ends_ptype = PType::U64,
                                  .num_runs = std::numeric_limits<uint64_t>::max(),
                                  .offset = std::numeric_limits<uint64_t>::max()};
    EXPECT_EQ(metadata.Serialize(), golden);
    ASSERT_OK_AND_ASSIGN(RunEndMetadata parsed, RunEndMetadata::Parse(golden));
    EXPECT_EQ(parsed, metadata);
}

TEST(RunEndArrayTest, RoundTripsRandomInputs) {
    std::vector<DType> dtypes;
    for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
        dtypes.push_back(DType::Primitive(static_cast<PType>(tag), Nullability::NonNullable));
    }
    dtypes.push_back(DType::Bool(Nullability::NonNullable));
    for (const DType &base : dtypes) {
        for (double null_fraction : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025}) {
                for (bool sliced : {false, true}) {
                    SCOPED_TRACE(
                        vortex::format("{} nulls={} len={} sliced={}", base, null_fraction, len, sliced));
                    const DType dtype = null_fraction > 0 ? base.AsNullable() : base;
                    ArrayRef input =
                        RunnyArray(dtype, {.len = len, .null_fraction = null_fraction, .seed = len + 3});
                    if (sliced) {
                        ASSERT_OK_AND_ASSIGN(input, ToSliced(input, len));
                        ASSERT_OK_AND_ASSIGN(input, Canonicalize(input));
                    }
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(input));
                    ASSERT_ARRAYS_EQUAL(input, *Canonicalize(encoded));
                    EXPECT_EQ(NullCount(encoded), NullCount(input));
                    ASSERT_OK_AND_ASSIGN(auto null_count, encoded->statistics().Get(Stat::NullCount));
                    ASSERT_TRUE(null_count.has_value());
                    EXPECT_EQ(null_count->as<uint64_t>(), NullCount(input));
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterRunEndEncodings));
                    ASSERT_ARRAYS_EQUAL(input, read);
                    if (len > 4) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 2, len - 1));
                        ASSERT_OK_AND_ASSIGN(
                            ArrayRef read_slice,
                            testing::SerdeRoundTrip(encoded_slice, &RegisterRunEndEncodings));
                        ASSERT_ARRAYS_EQUAL(*Slice(input, 2, len - 1), read_slice);
                    }
                }
            }
        }
    }
}

// Decoding writes runs in whole 32-byte stores that spill into the next run's place; each width
// with runs of every length from 1 to 40, sliced to begin and end at every place near the ends.
TEST(RunEndArrayTest, DecodesRunsOfEveryLengthAtEveryBoundary) {
    for (PType ptype : {PType::U8, PType::I16, PType::I32, PType::F32, PType::U64, PType::F64}) {
        SCOPED_TRACE(PTypeName(ptype));
        std::vector<int64_t> values;
        for (size_t run = 0; values.size() < 3000; ++run) {
            values.insert(values.end(), 1 + (run * 7) % 40, static_cast<int64_t>(run % 100));
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef plain, Cast(PrimitiveArray::FromValues(values),
                                                  DType::Primitive(ptype, Nullability::NonNullable)));
        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(plain));
        ASSERT_EQ(encoded->encoding_id(), "vortex.runend");
        const size_t len = values.size();
        for (size_t begin : {0, 1, 5, 31, 33}) {
            for (size_t cut = 0; cut < 40; ++cut) {
                ASSERT_OK_AND_ASSIGN(ArrayRef slice, Slice(encoded, begin, len - cut));
                ASSERT_ARRAYS_EQUAL(*Slice(plain, begin, len - cut), *Canonicalize(slice));
            }
        }
    }
}

TEST(RunEndArrayTest, SliceKeepsRunsAndMovesTheOffset) {
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(PrimitiveArray::FromValues<int32_t>(
                                               {1, 1, 1, 4, 4, 4, 2, 2, 5, 5, 5, 5})));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 2, 7));
    auto array = AsRunEnd(sliced);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->offset(), 2u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint8_t>({3, 6, 8})), array->ends());
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 4, 4, 4, 2})),
                        *Canonicalize(sliced));
    // One run only: a constant.
    ASSERT_OK_AND_ASSIGN(ArrayRef inside, Slice(encoded, 3, 5));
    EXPECT_EQ(inside->encoding_id(), "vortex.constant");
    // The reference's filter_sliced_run_end: the runs survive, ends restart at zero.
    ASSERT_OK_AND_ASSIGN(
        ArrayRef filtered,
        Filter(sliced, Mask::FromBits(BitBuffer::FromBools({true, false, false, true, true}))));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 4, 2})), *Canonicalize(filtered));
}

TEST(RunEndArrayTest, DenseFilterKeepsRunEnd) {
    std::vector<int64_t> values;
    for (int64_t i = 0; i < 1000; ++i) {
        values.push_back(i / 10);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(PrimitiveArray::FromValues(values)));
    std::vector<bool> keep(values.size());
    std::vector<int64_t> expected;
    for (size_t i = 0; i < values.size(); ++i) {
        keep[i] = (i % 20) < 3; // every other run loses all its positions
        if (keep[i]) {
            expected.push_back(values[i]);
        }
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(encoded, Mask::FromBits(BitBuffer::FromBools(keep))));
    auto array = AsRunEnd(filtered);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->num_runs(), 50u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues(expected)), *Canonicalize(filtered));
}

TEST(RunEndArrayTest, ComparesTheValuesOnce) {
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(PrimitiveArray::FromValues<int32_t>(
                                               {1, 1, 1, 4, 4, 4, 2, 2, 5, 5, 5, 5})));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef eq,
        CompareScalar(encoded, Scalar::Primitive<int32_t>(5, Nullability::NonNullable), CompareOp::Eq));
    EXPECT_EQ(eq->encoding_id(), "vortex.runend");
    ASSERT_ARRAYS_EQUAL(ArrayRef(BoolArray::FromBools({false, false, false, false, false, false, false, false,
                                                       true, true, true, true})),
                        *Canonicalize(eq));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 4, 9));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef lt,
        CompareScalar(sliced, Scalar::Primitive<int32_t>(4, Nullability::NonNullable), CompareOp::Lt));
    ASSERT_ARRAYS_EQUAL(ArrayRef(BoolArray::FromBools({false, false, true, true, false})), *Canonicalize(lt));
}

TEST(RunEndArrayTest, SlicesAndComparisonsShareTheDecodedEnds) {
    std::vector<int64_t> values;
    for (int64_t i = 0; i < 1000; ++i) {
        values.push_back(i / 10);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(PrimitiveArray::FromValues(values)));
    auto parent = AsRunEnd(encoded);
    ASSERT_NE(parent, nullptr);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 95, 431));
    auto slice = AsRunEnd(sliced);
    ASSERT_NE(slice, nullptr);
    // Runs 9..43 of the parent, the same memory.
    ASSERT_EQ(slice->num_runs(), 35u);
    EXPECT_EQ(slice->run_ends().data(), parent->run_ends().data() + 9);
    EXPECT_EQ(slice->run_ends().back(), 440u);
    ASSERT_ARRAYS_EQUAL(*Slice(PrimitiveArray::FromValues(values), 95, 431), *Canonicalize(sliced));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef ge,
        CompareScalar(sliced, Scalar::Primitive<int64_t>(30, Nullability::NonNullable), CompareOp::Gte));
    auto compared = AsRunEnd(ge);
    ASSERT_NE(compared, nullptr);
    EXPECT_EQ(compared->run_ends().data(), slice->run_ends().data());
    std::vector<bool> expected;
    for (size_t i = 95; i < 431; ++i) {
        expected.push_back(values[i] >= 30);
    }
    ASSERT_ARRAYS_EQUAL(ArrayRef(BoolArray::FromBools(expected)), *Canonicalize(ge));
}

TEST(RunEndArrayTest, RunEndIndicesTakeOncePerRun) {
    const ArrayRef source = PrimitiveArray::FromOptionals<int32_t>({10, std::nullopt, 30, 40});
    // Indices 3,3,3,3,0,0,0,0,null,null,null,null,2,2,2,2 (nullable runs).
    ASSERT_OK_AND_ASSIGN(
        auto indices, RunEndArray::TryMake(PrimitiveArray::FromValues<uint8_t>({4, 8, 12, 16}),
                                           PrimitiveArray::FromOptionals<uint16_t>({3, 0, std::nullopt, 2})));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(source, indices));
    EXPECT_EQ(taken->encoding_id(), "vortex.runend");
    ASSERT_OK_AND_ASSIGN(ArrayRef plain_indices, Canonicalize(indices));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(source, plain_indices));
    ASSERT_ARRAYS_EQUAL(expected, *Canonicalize(taken));
    EXPECT_EQ(taken->dtype(), expected->dtype());
    // A slice of the indices takes too (a null source value stays null).
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_indices, Slice(indices, 2, 14));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_taken, Take(source, sliced_indices));
    ASSERT_ARRAYS_EQUAL(*Slice(expected, 2, 14), *Canonicalize(sliced_taken));
    // Out of bounds run values fail as a plain take does.
    ASSERT_OK_AND_ASSIGN(auto bad, RunEndArray::TryMake(PrimitiveArray::FromValues<uint8_t>({8, 16}),
                                                        PrimitiveArray::FromValues<uint16_t>({1, 4})));
    EXPECT_RAISES(OutOfBounds, Take(source, bad));
    // A run past the array's end is never asked for, whatever index it holds.
    ASSERT_OK_AND_ASSIGN(auto clipped,
                         RunEndArray::TryMake(PrimitiveArray::FromValues<uint8_t>({4, 8, 12}),
                                              PrimitiveArray::FromValues<uint16_t>({3, 0, 99}), 0, 8));
    ASSERT_OK_AND_ASSIGN(ArrayRef clipped_taken, Take(source, clipped));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals<int32_t>({40, 40, 40, 40, 10, 10, 10, 10})),
                        *Canonicalize(clipped_taken));
}

TEST(RunEndArrayTest, DictionaryOverRunCodesDecodesAndCompares) {
    std::vector<int64_t> dictionary;
    for (int64_t v = 0; v < 100; ++v) {
        dictionary.push_back(v * 3 - 50);
    }
    std::vector<uint64_t> ends;
    std::vector<uint16_t> run_codes;
    for (uint16_t k = 0; k < 100; ++k) {
        ends.push_back(static_cast<uint64_t>(k + 1) * 7);
        run_codes.push_back(static_cast<uint16_t>((k * 37) % 100));
    }
    ASSERT_OK_AND_ASSIGN(auto codes, RunEndArray::TryMake(PrimitiveArray::FromValues(ends),
                                                          PrimitiveArray::FromValues(run_codes)));
    ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(codes, PrimitiveArray::FromValues(dictionary)));
    ASSERT_OK_AND_ASSIGN(ArrayRef plain_codes, Canonicalize(codes));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(PrimitiveArray::FromValues(dictionary), plain_codes));
    ASSERT_ARRAYS_EQUAL(expected, *Canonicalize(dict));
    // A slice holds fewer rows than the dictionary has values: it compares what its codes take.
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(dict, 30, 80));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_slice, Slice(expected, 30, 80));
    for (const CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Gte}) {
        const Scalar pivot = Scalar::Primitive<int64_t>(61, Nullability::NonNullable);
        ASSERT_OK_AND_ASSIGN(ArrayRef got, CompareScalar(sliced, pivot, op));
        ASSERT_OK_AND_ASSIGN(ArrayRef want, CompareScalar(expected_slice, pivot, op));
        ASSERT_ARRAYS_EQUAL(*Canonicalize(want), *Canonicalize(got));
    }
}

TEST(RunEndArrayTest, StatisticsIgnoreClippedRuns) {
    // Logical values [1, 5] out of runs 1, 5, 9: the clipped run 9 must not be the max.
    ASSERT_OK_AND_ASSIGN(auto array,
                         RunEndArray::TryMake(PrimitiveArray::FromValues<uint16_t>({2, 4, 5}),
                                              PrimitiveArray::FromValues<int32_t>({1, 5, 9}), 1, 2));
    ArrayRef ref = array;
    ASSERT_OK_AND_ASSIGN(Scalar max, Max(ref));
    EXPECT_EQ(max, Scalar::Primitive<int32_t>(5, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(ref));
    EXPECT_EQ(min, Scalar::Primitive<int32_t>(1, Nullability::NonNullable));
    // Take and scalar_at through the runs.
    ASSERT_OK_AND_ASSIGN(ArrayRef taken,
                         Take(ref, PrimitiveArray::FromOptionals<uint8_t>({1, std::nullopt, 0})));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals<int32_t>({5, std::nullopt, 1})), taken);
    EXPECT_RAISES(OutOfBounds, Take(ref, PrimitiveArray::FromValues<uint8_t>({2})));
}

TEST(RunEndArrayTest, BuildRejectsBadParts) {
    const RunEndEncoding &encoding = RunEndEncoding::Instance();
    auto build = [&](const RunEndMetadata &metadata, ArrayRef ends, ArrayRef values, size_t len) {
        return encoding.Build(kI32, len, metadata.Serialize(), {},
                              std::vector<ArrayRef>{std::move(ends), std::move(values)});
    };
    ArrayRef values = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    const RunEndMetadata u16_meta{.ends_ptype = PType::U16, .num_runs = 3, .offset = 0};
    ASSERT_OK_AND_ASSIGN(ArrayRef good,
                         build(u16_meta, PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values, 10));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 1, 2, 2, 2, 3, 3, 3, 3, 3})),
                        *Canonicalize(good));
    // Sliced form: offset 3, len 5 covers positions 3..8.
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, build({.ends_ptype = PType::U16, .num_runs = 3, .offset = 3},
                                                PrimitiveArray::FromValues<uint16_t>({4, 5, 10}), values, 5));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 2, 3, 3, 3})),
                        *Canonicalize(sliced));

    // An empty array may keep runs it cannot see (the reference skips the range checks).
    ASSERT_OK_AND_ASSIGN(ArrayRef empty, build({.ends_ptype = PType::U16, .num_runs = 3, .offset = 20},
                                               PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values, 0));
    EXPECT_EQ((*Canonicalize(empty))->len(), 0u);
    EXPECT_TRUE(Max(empty)->is_null());
    // Ends not increasing, repeated, last end too small, first end below the offset.
    EXPECT_RAISES(Serde, build(u16_meta, PrimitiveArray::FromValues<uint16_t>({5, 2, 10}), values, 10));
    EXPECT_RAISES(Serde, build(u16_meta, PrimitiveArray::FromValues<uint16_t>({2, 2, 10}), values, 10));
    EXPECT_RAISES(Serde, build(u16_meta, PrimitiveArray::FromValues<uint16_t>({2, 5, 9}), values, 10));
    EXPECT_RAISES(Serde, build({.ends_ptype = PType::U16, .num_runs = 3, .offset = 3},
                               PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values, 5));
    // Offset + len overflowing.
    EXPECT_RAISES(
        Serde,
        build({.ends_ptype = PType::U64, .num_runs = 3, .offset = std::numeric_limits<uint64_t>::max()},
              PrimitiveArray::FromValues<uint64_t>({2, 5, 10}), values, 5));
    // Signed and float ends, as declared in the metadata and as a mismatching child.
    EXPECT_RAISES(Serde, build({.ends_ptype = PType::I32, .num_runs = 3, .offset = 0},
                               PrimitiveArray::FromValues<int32_t>({2, 5, 10}), values, 10));
    EXPECT_RAISES(Serde, build({.ends_ptype = PType::F32, .num_runs = 3, .offset = 0},
                               PrimitiveArray::FromValues<float>({2, 5, 10}), values, 10));
    EXPECT_NOT_OK(build(u16_meta, PrimitiveArray::FromValues<int16_t>({2, 5, 10}), values, 10));
    // num_runs disagreeing with the children, a huge num_runs, no runs for a non-empty array.
    EXPECT_NOT_OK(build({.ends_ptype = PType::U16, .num_runs = 2, .offset = 0},
                        PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values, 10));
    EXPECT_NOT_OK(
        build({.ends_ptype = PType::U16, .num_runs = std::numeric_limits<uint64_t>::max(), .offset = 0},
              PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values, 10));
    EXPECT_RAISES(Serde, build({.ends_ptype = PType::U16, .num_runs = 0, .offset = 0},
                               PrimitiveArray::FromValues<uint16_t>({}),
                               PrimitiveArray::FromValues<int32_t>({}), 4));
    // Corrupt metadata, bad ptype tag, buffers, wrong child count.
    const std::vector<uint8_t> corrupt = {0x08, 0xFF};
    EXPECT_RAISES(Serde, encoding.Build(kI32, 10, corrupt, {}, std::vector<ArrayRef>{}));
    const std::vector<uint8_t> bad_tag = {0x08, 0x63};
    EXPECT_RAISES(Serde, encoding.Build(kI32, 10, bad_tag, {},
                                        std::vector<ArrayRef>{
                                            PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 10, u16_meta.Serialize(), {Buffer::CopyFrom("x")},
                                        std::vector<ArrayRef>{
                                            PrimitiveArray::FromValues<uint16_t>({2, 5, 10}), values}));
    EXPECT_RAISES(Serde,
                  encoding.Build(kI32, 10, u16_meta.Serialize(), {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<uint16_t>({2, 5, 10})}));
    // TryMake reports the same problems as InvalidArgument.
    EXPECT_RAISES(InvalidArgument,
                  RunEndArray::TryMake(PrimitiveArray::FromValues<int32_t>({2, 5, 10}), values));
    EXPECT_RAISES(InvalidArgument, RunEndArray::TryMake(PrimitiveArray::FromValues<uint8_t>({2, 5}), values));
}

} // namespace
} // namespace runend
} // namespace vortex

namespace vortex::runend {
namespace {

// MapValues over runs equals the map over the decoded rows, sliced, with null runs, and under a
// date extension (a date part of a sorted date column evaluates once per run).
TEST(RunEndArrayTest, MapValuesMapsEachRunOnceAndKeepsTheRuns) {
    std::vector<std::optional<int32_t>> rows;
    for (int32_t day = -800; day < 900; day += 37) {
        for (int r = 0; r < 1 + (day & 7); ++r) {
            rows.push_back(day % 5 == 0 ? std::nullopt : std::optional<int32_t>(day));
        }
    }
    const ArrayRef canonical = PrimitiveArray::FromOptionals(rows);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, RunEndEncode(canonical));
    ASSERT_NE(As<RunEndArray>(encoded), nullptr);
    size_t calls_rows = 0;
    const ValueMap plus_one_or_null_to_zero = [&](const ArrayRef &values) -> Result<ArrayRef> {
        calls_rows += values->len();
        VX_ASSIGN_OR_RETURN(ArrayRef flat, Canonicalize(values));
        const auto &primitive = static_cast<const PrimitiveArray &>(*flat);
        std::vector<int64_t> out(flat->len());
        for (size_t i = 0; i < out.size(); ++i) {
            out[i] = primitive.is_valid(i) ? primitive.values_as<int32_t>()[i] + 1 : 0;
        }
        return ArrayRef(PrimitiveArray::FromValues(out));
    };
    for (const auto &[start, stop] :
         {std::pair<size_t, size_t>{0, rows.size()}, {3, rows.size() - 5}, {7, 8}}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected_rows, Slice(canonical, start, stop));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, plus_one_or_null_to_zero(expected_rows));
        calls_rows = 0;
        ASSERT_OK_AND_ASSIGN(ArrayRef mapped, MapValues(sliced, plus_one_or_null_to_zero));
        ASSERT_PRED_FORMAT2(ArraysEqual, expected, mapped);
        if (As<RunEndArray>(sliced) != nullptr) {
            EXPECT_EQ(calls_rows, As<RunEndArray>(sliced)->num_runs()) << start;
        }
    }

    // Under a date dtype: every date part equals the part of the decoded dates.
    ASSERT_OK_AND_ASSIGN(DType date, DateDType(TimeUnit::Days, Nullability::Nullable));
    const ArrayRef dates = ExtensionArray::Make(date, encoded);
    const ArrayRef flat_dates = ExtensionArray::Make(date, canonical);
    for (const DatePartField field : {DatePartField::Year, DatePartField::Month, DatePartField::Day}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, DatePart(flat_dates, field));
        ASSERT_OK_AND_ASSIGN(ArrayRef parts, DatePart(dates, field));
        EXPECT_NE(As<RunEndArray>(parts), nullptr) << "the runs are kept";
        ASSERT_PRED_FORMAT2(ArraysEqual, expected, parts);
    }
}

} // namespace
} // namespace vortex::runend
