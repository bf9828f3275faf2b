// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/dict/dict_encode.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

// Same dtype, length, validity and, at valid rows, the same bytes (floats bit for bit).
void ExpectBitEqual(const ArrayRef &expected, const ArrayRef &actual) {
    ASSERT_EQ(expected->len(), actual->len());
    ASSERT_EQ(expected->dtype(), actual->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef want, Canonicalize(expected));
    ASSERT_OK_AND_ASSIGN(ArrayRef got, Canonicalize(actual));
    for (size_t i = 0; i < want->len(); ++i) {
        ASSERT_EQ(want->is_valid(i), got->is_valid(i)) << "validity at " << i;
        if (!want->is_valid(i)) {
            continue;
        }
        if (const auto *prim = As<PrimitiveArray>(*want)) {
            const size_t width = ByteWidth(prim->ptype());
            const auto *got_prim = As<PrimitiveArray>(*got);
            ASSERT_NE(got_prim, nullptr);
            EXPECT_EQ(
                std::memcmp(prim->values().data() + i * width, got_prim->values().data() + i * width, width),
                0)
                << "value at " << i;
        } else {
            EXPECT_EQ(As<VarBinViewArray>(*want)->bytes_at(i), As<VarBinViewArray>(*got)->bytes_at(i))
                << "value at " << i;
        }
    }
}

std::shared_ptr<const DictArray> EncodeOk(const ArrayRef &input, const DictEncodeOptions &options = {}) {
    auto result = DictEncode(input, options);
    EXPECT_TRUE(result.ok()) << result.status();
    if (!result.ok() || !result->has_value()) {
        ADD_FAILURE() << "expected a dictionary";
        return nullptr;
    }
    auto dict = As<DictArray>(**result);
    EXPECT_NE(dict, nullptr);
    return dict;
}

std::vector<uint64_t> CodesOf(const DictArray &dict) {
    auto codes = As<PrimitiveArray>(dict.codes());
    std::vector<uint64_t> out;
    VisitPType(codes->ptype(), [&]<typename T>() {
        if constexpr (std::is_integral_v<T>) {
            for (T code : codes->values_as<T>()) {
                out.push_back(static_cast<uint64_t>(code));
            }
        }
    });
    return out;
}

template <typename T>
void RoundTripsPType() {
    // Eight distinct values repeated, every fifth row null.
    std::vector<std::optional<T>> values;
    for (size_t i = 0; i < 100; ++i) {
        if (i % 5 == 0) {
            values.push_back(std::nullopt);
        } else {
            // Distinct low bytes give distinct values of every type (tiny denormals for floats).
            unsigned char bytes[sizeof(T)] = {};
            bytes[0] = static_cast<unsigned char>(i % 8 + 1);
            T value{};
            std::memcpy(static_cast<void *>(&value), bytes, sizeof(T));
            values.push_back(value);
        }
    }
    ArrayRef input = PrimitiveArray::FromOptionals<T>(values);
    for (DictNulls nulls : {DictNulls::kInValues, DictNulls::kInCodes}) {
        auto dict = EncodeOk(input, {.nulls = nulls});
        ASSERT_NE(dict, nullptr);
        EXPECT_EQ(dict->values()->len(), nulls == DictNulls::kInValues ? 9u : 8u);
        EXPECT_EQ(dict->codes()->dtype().ptype(), PType::U8);
        EXPECT_EQ(dict->codes()->dtype().is_nullable(), nulls == DictNulls::kInCodes);
        EXPECT_TRUE(dict->all_values_referenced());
        ExpectBitEqual(input, dict);
    }
}

TEST(DictEncodeTest, RoundTripsEveryPType) {
    RoundTripsPType<uint8_t>();
    RoundTripsPType<uint16_t>();
    RoundTripsPType<uint32_t>();
    RoundTripsPType<uint64_t>();
    RoundTripsPType<int8_t>();
    RoundTripsPType<int16_t>();
    RoundTripsPType<int32_t>();
    RoundTripsPType<int64_t>();
    RoundTripsPType<Half>();
    RoundTripsPType<float>();
    RoundTripsPType<double>();
}

TEST(DictEncodeTest, ValuesInFirstOccurrenceOrderAndNullsInValues) {
    ArrayRef input = PrimitiveArray::FromOptionals<int32_t>({7, 7, std::nullopt, 3, 7, std::nullopt, 3});
    auto dict = EncodeOk(input);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(CodesOf(*dict), (std::vector<uint64_t>{0, 0, 1, 2, 0, 1, 2}));
    EXPECT_FALSE(dict->codes()->dtype().is_nullable());
    auto values = As<PrimitiveArray>(dict->values());
    ASSERT_EQ(values->len(), 3u);
    EXPECT_EQ(values->values_as<int32_t>()[0], 7);
    EXPECT_FALSE(values->is_valid(1));
    EXPECT_EQ(values->values_as<int32_t>()[2], 3);
    EXPECT_EQ(dict->dtype(), input->dtype());
}

TEST(DictEncodeTest, FloatsComparedBitForBit) {
    const double quiet_nan = std::numeric_limits<double>::quiet_NaN();
    const double payload_nan = std::bit_cast<double>(std::bit_cast<uint64_t>(quiet_nan) | 1);
    ArrayRef input =
        PrimitiveArray::FromValues<double>({0.0, -0.0, quiet_nan, payload_nan, 0.0, -0.0, payload_nan, 1.5});
    auto dict = EncodeOk(input);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->values()->len(), 5u);
    EXPECT_EQ(CodesOf(*dict), (std::vector<uint64_t>{0, 1, 2, 3, 0, 1, 3, 4}));
    ExpectBitEqual(input, dict);
}

TEST(DictEncodeTest, StringsWithEmptyNonAsciiLongAndNull) {
    const DType utf8 = DType::Utf8(Nullability::Nullable);
    const std::string long_value = "a value longer than twelve bytes";
    ArrayRef input = VarBinViewArray::FromStrings(
        {"", "grüße", std::nullopt, long_value, "", "日本語", long_value, std::nullopt, "grüße"}, utf8);
    for (DictNulls nulls : {DictNulls::kInValues, DictNulls::kInCodes}) {
        auto dict = EncodeOk(input, {.nulls = nulls});
        ASSERT_NE(dict, nullptr);
        EXPECT_EQ(dict->values()->len(), nulls == DictNulls::kInValues ? 5u : 4u);
        ExpectBitEqual(input, dict);
    }
    auto dict = EncodeOk(input);
    EXPECT_EQ(CodesOf(*dict), (std::vector<uint64_t>{0, 1, 2, 3, 0, 4, 3, 2, 1}));
}

TEST(DictEncodeTest, ShortStringsIgnoreBytesPastTheirSizeInTheView) {
    // Views from other writers may leave garbage after a short value's bytes; equal values
    // must still share an entry, and values of every length up to 12 stay distinct.
    std::vector<std::string> values;
    BufferMut views(16);
    for (size_t round = 0; round < 2; ++round) {
        for (size_t size = 0; size <= BinaryView::kMaxInlined; ++size) {
            const std::string value(size, 'x');
            uint8_t view[BinaryView::kSize];
            std::memset(view, round == 0 ? 0x00 : 0xA5, sizeof view);
            const auto size32 = static_cast<uint32_t>(size);
            std::memcpy(view, &size32, 4);
            std::memcpy(view + 4, value.data(), size);
            views.Append(view, sizeof view);
            values.push_back(value);
        }
    }
    ASSERT_OK_AND_ASSIGN(auto input,
                         VarBinViewArray::TryMake(DType::Utf8(Nullability::NonNullable),
                                                  std::move(views).Freeze(), {}, Validity::NonNullable()));
    auto dict = EncodeOk(input);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->values()->len(), BinaryView::kMaxInlined + 1);
    ExpectBitEqual(input, dict);
}

TEST(DictEncodeTest, Binary) {
    const DType binary = DType::Binary(Nullability::NonNullable);
    ArrayRef input =
        VarBinViewArray::FromStrings(std::vector<std::string>{std::string("\0\xff", 2), "x",
                                                              std::string("\0\xff", 2), std::string(40, 'z')},
                                     binary);
    auto dict = EncodeOk(input);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->values()->len(), 3u);
    ExpectBitEqual(input, dict);
}

TEST(DictEncodeTest, AllNullEmptyAndOneRow) {
    ArrayRef all_null = PrimitiveArray::FromOptionals<int64_t>({std::nullopt, std::nullopt, std::nullopt});
    auto dict = EncodeOk(all_null);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->values()->len(), 1u);
    ExpectBitEqual(all_null, dict);
    auto in_codes = EncodeOk(all_null, {.nulls = DictNulls::kInCodes});
    ASSERT_NE(in_codes, nullptr);
    EXPECT_EQ(in_codes->values()->len(), 0u);
    ExpectBitEqual(all_null, in_codes);

    ArrayRef strings_all_null =
        VarBinViewArray::FromStrings({std::nullopt, std::nullopt}, DType::Utf8(Nullability::Nullable));
    ExpectBitEqual(strings_all_null, EncodeOk(strings_all_null));

    ArrayRef empty = PrimitiveArray::FromValues<float>({});
    auto empty_dict = EncodeOk(empty);
    ASSERT_NE(empty_dict, nullptr);
    EXPECT_EQ(empty_dict->len(), 0u);
    EXPECT_EQ(empty_dict->values()->len(), 0u);
    EXPECT_EQ(empty_dict->codes()->dtype().ptype(), PType::U8);
    ArrayRef empty_strings =
        VarBinViewArray::FromStrings(std::vector<std::string>{}, DType::Utf8(Nullability::NonNullable));
    ExpectBitEqual(empty_strings, EncodeOk(empty_strings));

    ArrayRef one = PrimitiveArray::FromValues<uint64_t>({42});
    ExpectBitEqual(one, EncodeOk(one));
}

TEST(DictEncodeTest, CodesAreNarrowest) {
    std::vector<uint32_t> values;
    for (uint32_t i = 0; i < 600; ++i) {
        values.push_back(i % 300);
    }
    ArrayRef wide = PrimitiveArray::FromValues<uint32_t>(values);
    auto dict = EncodeOk(wide);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->codes()->dtype().ptype(), PType::U16);
    ExpectBitEqual(wide, dict);

    // 256 distinct values still fit u8 codes (0..255).
    std::vector<uint8_t> bytes;
    for (int i = 0; i < 512; ++i) {
        bytes.push_back(static_cast<uint8_t>(i));
    }
    ArrayRef all_bytes = PrimitiveArray::FromValues<uint8_t>(bytes);
    auto byte_dict = EncodeOk(all_bytes);
    ASSERT_NE(byte_dict, nullptr);
    EXPECT_EQ(byte_dict->values()->len(), 256u);
    EXPECT_EQ(byte_dict->codes()->dtype().ptype(), PType::U8);
    ExpectBitEqual(all_bytes, byte_dict);
}

TEST(DictEncodeTest, LimitsExceededGiveNullopt) {
    ArrayRef input = PrimitiveArray::FromValues<int32_t>({1, 2, 3, 1, 2, 3});
    ASSERT_OK_AND_ASSIGN(auto too_many, DictEncode(input, {.max_values = 2}));
    EXPECT_FALSE(too_many.has_value());
    ASSERT_OK_AND_ASSIGN(auto exact, DictEncode(input, {.max_values = 3}));
    EXPECT_TRUE(exact.has_value());
    ASSERT_OK_AND_ASSIGN(auto too_big, DictEncode(input, {.max_value_bytes = 8}));
    EXPECT_FALSE(too_big.has_value());

    // The null entry counts against the limit.
    ArrayRef with_null = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 2});
    ASSERT_OK_AND_ASSIGN(auto null_counts, DictEncode(with_null, {.max_values = 2}));
    EXPECT_FALSE(null_counts.has_value());

    // Strings: 16 bytes per view plus out-of-line bytes.
    ArrayRef strings = VarBinViewArray::FromStrings(std::vector<std::string>{"short", std::string(20, 'x')},
                                                    DType::Utf8(Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(auto strings_too_big, DictEncode(strings, {.max_value_bytes = 16 + 16 + 19}));
    EXPECT_FALSE(strings_too_big.has_value());
    ASSERT_OK_AND_ASSIGN(auto strings_fit, DictEncode(strings, {.max_value_bytes = 16 + 16 + 20}));
    EXPECT_TRUE(strings_fit.has_value());

    // One value larger than the byte limit: DictEncode refuses, a builder still progresses.
    ArrayRef huge = VarBinViewArray::FromStrings(std::vector<std::string>{std::string(100, 'h'), "y"},
                                                 DType::Utf8(Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(auto huge_dict, DictEncode(huge, {.max_value_bytes = 64}));
    EXPECT_FALSE(huge_dict.has_value());
    ASSERT_OK_AND_ASSIGN(auto builder, DictBuilder::Make(huge->dtype(), {.max_value_bytes = 64}));
    ASSERT_OK_AND_ASSIGN(ArrayRef huge_codes, builder->Append(huge));
    EXPECT_EQ(huge_codes->len(), 1u);
}

TEST(DictEncodeTest, SlicedInputs) {
    std::vector<std::optional<int16_t>> values;
    for (int i = 0; i < 50; ++i) {
        values.push_back(i % 7 == 0 ? std::nullopt : std::optional<int16_t>(static_cast<int16_t>(i % 4)));
    }
    ArrayRef input = PrimitiveArray::FromOptionals<int16_t>(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(input, 3, 41));
    ExpectBitEqual(sliced, EncodeOk(sliced));

    std::vector<std::optional<std::string>> strings;
    for (int i = 0; i < 40; ++i) {
        strings.push_back(i % 9 == 0 ? std::nullopt
                                     : std::optional<std::string>("value number " + std::to_string(i % 3)));
    }
    ArrayRef string_input = VarBinViewArray::FromStrings(strings, DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef string_slice, Slice(string_input, 5, 33));
    ExpectBitEqual(string_slice, EncodeOk(string_slice));
}

TEST(DictEncodeTest, RejectsUnsupportedDTypes) {
    ArrayRef structs = EmptyArray(DType::Bool(Nullability::NonNullable));
    EXPECT_RAISES(InvalidArgument, DictEncode(structs));
}

TEST(DictBuilderTest, AccumulatesAcrossChunksAndSignalsFull) {
    ASSERT_OK_AND_ASSIGN(auto builder, DictBuilder::Make(DType::Primitive(PType::I64, Nullability::Nullable),
                                                         {.max_values = 4}));
    EXPECT_EQ(builder->codes_ptype(), PType::U8);
    EXPECT_EQ(builder->codes_dtype(), DType::Primitive(PType::U8, Nullability::NonNullable));

    ArrayRef first = PrimitiveArray::FromOptionals<int64_t>({10, 20, std::nullopt, 10});
    ASSERT_OK_AND_ASSIGN(ArrayRef first_codes, builder->Append(first));
    EXPECT_EQ(first_codes->len(), 4u);
    // A non-nullable chunk into a nullable dictionary is fine.
    ArrayRef second = PrimitiveArray::FromValues<int64_t>({20, 30, 40, 30});
    ASSERT_OK_AND_ASSIGN(ArrayRef second_codes, builder->Append(second));
    EXPECT_EQ(second_codes->len(), 2u); // 40 does not fit: full
    EXPECT_EQ(second_codes->dtype(), builder->codes_dtype());
    ArrayRef values = builder->Finish();
    EXPECT_EQ(values->len(), 4u);
    EXPECT_EQ(values->dtype(), DType::Primitive(PType::I64, Nullability::Nullable));

    ASSERT_OK_AND_ASSIGN(auto first_dict, DictArray::TryMake(first_codes, values));
    ExpectBitEqual(first, first_dict);
    ASSERT_OK_AND_ASSIGN(ArrayRef second_head, Slice(second, 0, 2));
    ASSERT_OK_AND_ASSIGN(auto second_dict, DictArray::TryMake(second_codes, values));
    ASSERT_OK_AND_ASSIGN(ArrayRef second_head_nullable, Cast(second_head, values->dtype()));
    ExpectBitEqual(second_head_nullable, second_dict);

    // After Finish the builder starts a new, empty dictionary.
    EXPECT_EQ(builder->values_len(), 0u);
    ASSERT_OK_AND_ASSIGN(ArrayRef rest, Slice(second, 2, 4));
    ASSERT_OK_AND_ASSIGN(ArrayRef rest_codes, builder->Append(rest));
    EXPECT_EQ(rest_codes->len(), 2u);
    ArrayRef rest_values = builder->Finish();
    EXPECT_EQ(rest_values->len(), 2u);
    EXPECT_EQ(CodesOf(*DictArray::Make(rest_codes, rest_values)), (std::vector<uint64_t>{0, 1}));
}

TEST(DictBuilderTest, RunsOfOneValueAcrossFinishAndFullDictionaries) {
    // The builders remember the previous value's code to skip the table on runs; a new
    // dictionary (after Finish) and a full one must not reuse a stale code.
    for (const DType &dtype :
         {DType::Primitive(PType::I32, Nullability::NonNullable), DType::Utf8(Nullability::NonNullable)}) {
        SCOPED_TRACE(dtype.ToString());
        const auto column = [&](std::vector<int32_t> values) -> ArrayRef {
            if (dtype.is_primitive()) {
                return PrimitiveArray::FromValues(values);
            }
            std::vector<std::optional<std::string>> strings;
            for (int32_t v : values) {
                strings.push_back(std::to_string(v) + "v");
            }
            return VarBinViewArray::FromStrings(strings, dtype);
        };
        ASSERT_OK_AND_ASSIGN(auto builder, DictBuilder::Make(dtype, {.max_values = 2}));
        ArrayRef first = column({7, 7, 8, 8, 8, 9, 9});
        ASSERT_OK_AND_ASSIGN(ArrayRef codes, builder->Append(first));
        EXPECT_EQ(codes->len(), 5u); // 9 does not fit
        ArrayRef values = builder->Finish();
        EXPECT_EQ(CodesOf(*DictArray::Make(codes, values)), (std::vector<uint64_t>{0, 0, 1, 1, 1}));
        ArrayRef second = column({8, 8, 9, 9, 8});
        ASSERT_OK_AND_ASSIGN(ArrayRef second_codes, builder->Append(second));
        ArrayRef second_values = builder->Finish();
        ASSERT_EQ(second_values->len(), 2u);
        ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(second_codes, second_values));
        ExpectBitEqual(second, dict);
        EXPECT_EQ(CodesOf(*dict), (std::vector<uint64_t>{0, 0, 1, 1, 0}));
    }
}

// Narrow integer ranges are looked up by offset from the first chunk's minimum; later chunks
// reach below and above that range, and a new dictionary after Finish takes a new range. Every
// value must still get one entry, in first-occurrence order, at every integer width's extremes.
template <typename T>
void CheckNarrowRangeChunks() {
    const auto lo = std::numeric_limits<T>::min();
    const auto hi = std::numeric_limits<T>::max();
    const std::vector<std::vector<T>> chunks = {
        {static_cast<T>(lo + 5), static_cast<T>(lo + 9), static_cast<T>(lo + 5), static_cast<T>(lo + 7)},
        {static_cast<T>(lo + 9), lo, hi, static_cast<T>(lo + 100), static_cast<T>(lo + 6), lo, hi},
        {static_cast<T>(hi - 1), static_cast<T>(lo + 6), static_cast<T>(lo + 5)},
    };
    ASSERT_OK_AND_ASSIGN(auto builder,
                         DictBuilder::Make(DType::Primitive(kPTypeOf<T>, Nullability::NonNullable), {}));
    std::vector<T> seen;
    std::vector<ArrayRef> codes;
    for (const auto &chunk : chunks) {
        ASSERT_OK_AND_ASSIGN(ArrayRef chunk_codes, builder->Append(PrimitiveArray::FromValues(chunk)));
        ASSERT_EQ(chunk_codes->len(), chunk.size());
        codes.push_back(chunk_codes);
        for (T v : chunk) {
            if (std::find(seen.begin(), seen.end(), v) == seen.end()) {
                seen.push_back(v);
            }
        }
    }
    ArrayRef values = builder->Finish();
    ExpectBitEqual(PrimitiveArray::FromValues(seen), values);
    for (size_t k = 0; k < chunks.size(); ++k) {
        ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(codes[k], values));
        ExpectBitEqual(PrimitiveArray::FromValues(chunks[k]), dict);
    }
    // A new dictionary whose first chunk lies elsewhere.
    const std::vector<T> next = {hi, static_cast<T>(hi - 3), hi, static_cast<T>(lo + 5)};
    ASSERT_OK_AND_ASSIGN(ArrayRef next_codes, builder->Append(PrimitiveArray::FromValues(next)));
    ArrayRef next_values = builder->Finish();
    EXPECT_EQ(next_values->len(), 3u);
    ASSERT_OK_AND_ASSIGN(auto next_dict, DictArray::TryMake(next_codes, next_values));
    ExpectBitEqual(PrimitiveArray::FromValues(next), next_dict);
}

TEST(DictBuilderTest, NarrowRangesBelowAndAboveTheFirstChunkAtEveryWidth) {
    CheckNarrowRangeChunks<int8_t>();
    CheckNarrowRangeChunks<uint8_t>();
    CheckNarrowRangeChunks<int16_t>();
    CheckNarrowRangeChunks<uint32_t>();
    CheckNarrowRangeChunks<int64_t>();
    CheckNarrowRangeChunks<uint64_t>();
}

TEST(DictBuilderTest, NarrowRangeSignalsFullAtTheRowThatDoesNotFit) {
    ASSERT_OK_AND_ASSIGN(
        auto builder,
        DictBuilder::Make(DType::Primitive(PType::I16, Nullability::NonNullable), {.max_values = 3}));
    ArrayRef chunk = PrimitiveArray::FromValues<int16_t>({-2, -1, -2, 0, -1, 1, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef codes, builder->Append(chunk));
    EXPECT_EQ(codes->len(), 5u); // 1 would be a fourth entry
    ArrayRef values = builder->Finish();
    EXPECT_EQ(CodesOf(*DictArray::Make(codes, values)), (std::vector<uint64_t>{0, 1, 0, 2, 1}));
}

TEST(DictBuilderTest, StringsAcrossChunksKeepEarlierEntriesAfterGrowth) {
    ASSERT_OK_AND_ASSIGN(auto builder, DictBuilder::Make(DType::Utf8(Nullability::NonNullable)));
    EXPECT_EQ(builder->codes_ptype(), PType::U16);
    std::vector<std::string> first_values;
    for (int i = 0; i < 3000; ++i) {
        first_values.push_back("a somewhat long string value #" + std::to_string(i % 1000));
    }
    ArrayRef first = VarBinViewArray::FromStrings(first_values, DType::Utf8(Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef first_codes, builder->Append(first));
    ASSERT_EQ(first_codes->len(), 3000u);
    ArrayRef second = VarBinViewArray::FromStrings(std::vector<std::string>{first_values[5], "new"},
                                                   DType::Utf8(Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef second_codes, builder->Append(second));
    EXPECT_EQ(builder->values_len(), 1001u);
    ArrayRef values = builder->Finish();
    ExpectBitEqual(first, DictArray::Make(first_codes, values));
    ExpectBitEqual(second, DictArray::Make(second_codes, values));
}

TEST(DictBuilderTest, RejectsMismatchedChunks) {
    ASSERT_OK_AND_ASSIGN(auto builder,
                         DictBuilder::Make(DType::Primitive(PType::I32, Nullability::NonNullable)));
    EXPECT_RAISES(MismatchedTypes, builder->Append(PrimitiveArray::FromValues<int64_t>({1})));
    EXPECT_RAISES(MismatchedTypes, builder->Append(PrimitiveArray::FromOptionals<int32_t>({1})));
}

} // namespace
} // namespace vortex
