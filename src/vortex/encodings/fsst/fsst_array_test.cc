// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/compute/length.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fsst/fsst_array.h"
#include "vortex/encodings/fsst/fsst_metadata.pb.h"
#include "vortex/encodings/fsst/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

struct FsstConformance {
    static bool Supports(const DType &dtype) { return dtype.is_utf8() || dtype.is_binary(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(auto array, fsst::FsstCompress(canonical));
        return ArrayRef(std::move(array));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Fsst, ArrayConformanceTest, FsstConformance);

namespace fsst {
namespace {

using namespace std::string_literals;

using Values = std::vector<std::optional<std::string>>;
const DType kUtf8Nullable = DType::Utf8(Nullability::Nullable);
const DType kUtf8 = DType::Utf8(Nullability::NonNullable);

ArrayRef Strings(const Values &values, DType dtype = kUtf8Nullable) {
    return VarBinViewArray::FromStrings(values, std::move(dtype));
}

std::shared_ptr<const FsstArray> Compress(const ArrayRef &input) {
    auto compressed = FsstCompress(input);
    VX_CHECK_MSG(compressed.ok(), "{}", compressed.status());
    return *std::move(compressed);
}

// Round trips through ToCanonical, RebuildFromParts and a serialized segment.
void ExpectRoundTrips(const ArrayRef &input) {
    auto fsst = Compress(input);
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(fsst));
    AssertArraysEqual(input, canonical);
    ASSERT_OK_AND_ASSIGN(ArrayRef read_back, testing::SerdeRoundTrip(fsst, &RegisterFsstEncodings));
    EXPECT_EQ(read_back->encoding_id(), FsstEncoding::kId);
    AssertArraysEqual(input, read_back);
}

TEST(FsstArrayTest, RoundTripsEdgeCases) {
    ExpectRoundTrips(Strings({}));
    ExpectRoundTrips(Strings({""}));
    ExpectRoundTrips(Strings({std::nullopt}));
    ExpectRoundTrips(Strings({std::nullopt, std::nullopt, std::nullopt}));
    ExpectRoundTrips(Strings({"", std::nullopt, "a", "", "grüße", "日本語のテキスト", "emoji 🎉🎉"}));
    ExpectRoundTrips(Strings(Values(1000, std::string("all identical values"))));
    Values distinct;
    for (int i = 0; i < 3000; ++i) {
        distinct.push_back("value-" + std::to_string(i * 7919));
    }
    ExpectRoundTrips(Strings(distinct));
    // Binary with every byte value, including 0xFF (the escape code).
    std::string all_bytes;
    for (int b = 0; b < 256; ++b) {
        all_bytes.push_back(static_cast<char>(b));
    }
    ExpectRoundTrips(
        Strings({all_bytes, all_bytes + all_bytes, std::nullopt}, DType::Binary(Nullability::Nullable)));
}

// Byte lengths come from the stored lengths (nothing decoded) and equal the canonical
// strings' lengths; code points decode and count.
TEST(FsstArrayTest, LengthsOfCompressedStrings) {
    const Values values = {"alpha", std::nullopt, "", "\xC3\xA9t\xC3\xA9 alpha alpha alpha", "beta beta"};
    const auto fsst = Compress(Strings(values));
    const std::pair<LengthUnit, std::vector<std::optional<int64_t>>> cases[] = {
        {LengthUnit::Bytes, {5, std::nullopt, 0, 23, 9}},
        {LengthUnit::CodePoints, {5, std::nullopt, 0, 21, 9}}};
    for (const auto &[unit, expected] : cases) {
        ASSERT_OK_AND_ASSIGN(ArrayRef lengths, Length(fsst, unit));
        for (size_t i = 0; i < expected.size(); ++i) {
            ASSERT_OK_AND_ASSIGN(Scalar length, ScalarAt(lengths, i));
            EXPECT_EQ(length.is_null(), !expected[i].has_value()) << i;
            if (expected[i]) {
                EXPECT_EQ(length, Scalar::Primitive<int64_t>(*expected[i], Nullability::Nullable)) << i;
            }
        }
    }
}

TEST(FsstArrayTest, RoundTripsMegabyteValues) {
    std::string big;
    for (size_t i = 0; big.size() < (1u << 20); ++i) {
        big += "line " + std::to_string(i % 977) + " of a large text value;";
    }
    ExpectRoundTrips(Strings({big, "small", big.substr(7), std::nullopt}));
}

TEST(FsstArrayTest, WritesTheReferenceLayout) {
    auto fsst = Compress(Strings({"hello", "world", "fsst encoded"}, kUtf8));
    ASSERT_EQ(fsst->nbuffers(), 3u);
    ASSERT_EQ(fsst->nchildren(), 2u); // no validity child without nulls
    EXPECT_EQ(fsst->uncompressed_lengths()->dtype(), DType::Primitive(PType::I32, Nullability::NonNullable));
    EXPECT_EQ(fsst->codes_offsets()->dtype(), DType::Primitive(PType::I32, Nullability::NonNullable));
    EXPECT_EQ(fsst->buffers()[0].size(), 8 * fsst->buffers()[1].size());
    ASSERT_OK_AND_ASSIGN(auto metadata, fsst->SerializeMetadata());
    EXPECT_EQ(metadata, (std::vector<uint8_t>{0x08, 0x06, 0x10, 0x06}));
}

// The reference's test_fsst_metadata: FSSTMetadata{uncompressed_lengths_ptype: U64,
// codes_offsets_ptype: I32}.
TEST(FsstArrayTest, GoldenMetadata) {
    std::ifstream file(std::string(VORTEX_GOLDEN_DIR) + "/fsst.metadata", std::ios::binary);
    ASSERT_TRUE(file.good());
    const std::vector<uint8_t> golden{std::istreambuf_iterator<char>(file), {}};
    vortex::encodings::FSSTMetadata proto;
    proto.set_uncompressed_lengths_ptype(vortex::dtype::PType::U64);
    proto.set_codes_offsets_ptype(vortex::dtype::PType::I32);
    const std::string ours = proto.SerializeAsString();
    EXPECT_EQ(std::vector<uint8_t>(ours.begin(), ours.end()), golden);
    vortex::encodings::FSSTMetadata parsed;
    ASSERT_TRUE(parsed.ParseFromArray(golden.data(), static_cast<int>(golden.size())));
    EXPECT_EQ(parsed.uncompressed_lengths_ptype(), vortex::dtype::PType::U64);
    EXPECT_EQ(parsed.codes_offsets_ptype(), vortex::dtype::PType::I32);
}

std::vector<uint8_t> Metadata(PType lengths, std::optional<PType> offsets) {
    vortex::encodings::FSSTMetadata proto;
    proto.set_uncompressed_lengths_ptype(static_cast<vortex::dtype::PType>(lengths));
    if (offsets) {
        proto.set_codes_offsets_ptype(static_cast<vortex::dtype::PType>(*offsets));
    }
    const std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

// The reference's test_back_compat, by hand: symbols "abc" and "defghijk", codes as a
// varbin child, metadata without field 2.
TEST(FsstArrayTest, ReadsTheLegacyTwoBufferForm) {
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols({"abc", "defghijk"}));
    // "abcabcab" = abc abc a(esc) b(esc); "defghijk" = code 1; then a null.
    auto codes = VarBinArray::Make(DType::Binary(Nullability::Nullable),
                                   PrimitiveArray::FromValues(std::vector<int32_t>{0, 6, 7, 7}),
                                   Buffer::CopyFrom(std::string_view("\x00\x00\xff"
                                                                     "a\xff"
                                                                     "b\x01",
                                                                     7)),
                                   Validity::FromMask(Mask::FromIndices(3, {0, 1})));
    auto lengths = PrimitiveArray::FromValues(std::vector<uint32_t>{8, 8, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef legacy, FsstEncoding::Instance().Build(
                                              kUtf8Nullable, 3, Metadata(PType::U32, std::nullopt),
                                              {table.symbols_buffer(), table.symbol_lengths_buffer()},
                                              std::vector<ArrayRef>{codes, lengths}));
    const ArrayRef expected = Strings({"abcabcab", "defghijk", std::nullopt});
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(legacy));
    AssertArraysEqual(expected, canonical);
    // Written back in the current form, through a real segment (the legacy child is varbin).
    ASSERT_OK_AND_ASSIGN(ArrayRef read_back, testing::SerdeRoundTrip(legacy, &RegisterFsstEncodings));
    EXPECT_EQ(read_back->nbuffers(), 3u);
    AssertArraysEqual(expected, read_back);
    // The compare kernel cannot trust foreign codes to be canonical, so it decodes.
    ASSERT_OK_AND_ASSIGN(
        ArrayRef equal,
        CompareScalar(legacy, Scalar::Utf8("defghijk", Nullability::NonNullable), CompareOp::Eq));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef expected_equal,
        CompareScalar(expected, Scalar::Utf8("defghijk", Nullability::NonNullable), CompareOp::Eq));
    AssertArraysEqual(expected_equal, equal);
}

TEST(FsstArrayTest, SerdeRoundTripsSlicedAndGatheredArrays) {
    Values values;
    for (int i = 0; i < 1500; ++i) {
        values.push_back(i % 7 == 0 ? std::nullopt
                                    : std::optional<std::string>("row " + std::to_string(i % 113)));
    }
    const ArrayRef input = Strings(values);
    auto fsst = Compress(input);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(fsst, 100, 1100));
    ASSERT_EQ(sliced->encoding_id(), FsstEncoding::kId);
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_slice, Slice(input, 100, 1100));
    ASSERT_OK_AND_ASSIGN(ArrayRef read_slice, testing::SerdeRoundTrip(sliced, &RegisterFsstEncodings));
    AssertArraysEqual(expected_slice, read_slice);
    auto indices =
        PrimitiveArray::FromOptionals(std::vector<std::optional<int64_t>>{5, std::nullopt, 1499, 5, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(fsst, indices));
    ASSERT_EQ(taken->encoding_id(), FsstEncoding::kId);
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_taken, Take(input, indices));
    ASSERT_OK_AND_ASSIGN(ArrayRef read_taken, testing::SerdeRoundTrip(taken, &RegisterFsstEncodings));
    AssertArraysEqual(expected_taken, read_taken);
}

TEST(FsstArrayTest, ComparesAndMatchesPrefixesOnCodes) {
    Values values = {"apple",  "apricot",    std::nullopt, "apple",     "",
                     "banana", "applesauce", "app",        "pineapple", "crab apple pie"};
    const ArrayRef input = Strings(values);
    auto fsst = Compress(input);
    for (const std::string needle : {"apple", "", "app", "zzz", "ple", "e", "an"}) {
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq}) {
            const Scalar scalar = Scalar::Utf8(needle, Nullability::NonNullable);
            ASSERT_OK_AND_ASSIGN(ArrayRef ours, CompareScalar(fsst, scalar, op));
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(input, scalar, op));
            AssertArraysEqual(expected, ours);
        }
        for (const StringMatchKind kind :
             {StringMatchKind::Prefix, StringMatchKind::Suffix, StringMatchKind::Contains}) {
            ASSERT_OK_AND_ASSIGN(ArrayRef matched, MatchStrings(fsst, StringMatch{kind, needle}));
            for (size_t i = 0; i < values.size(); ++i) {
                ASSERT_EQ(matched->is_valid(i), values[i].has_value());
                if (values[i]) {
                    const bool expected = kind == StringMatchKind::Prefix ? values[i]->starts_with(needle)
                                          : kind == StringMatchKind::Suffix
                                              ? values[i]->ends_with(needle)
                                              : values[i]->find(needle) != std::string::npos;
                    ASSERT_OK_AND_ASSIGN(Scalar bit, ScalarAt(matched, i));
                    EXPECT_EQ(bit.as_bool(), expected) << i << " " << needle << " " << static_cast<int>(kind);
                }
            }
        }
    }
}

// Builds a current-form array from parts for the bad-input tests.
Result<ArrayRef> BuildCurrent(const std::vector<std::string> &symbols,
                              const std::string &codes,
                              const std::vector<int32_t> &offsets,
                              const std::vector<int32_t> &lengths,
                              const DType &dtype = kUtf8) {
    VX_ASSIGN_OR_RETURN(SymbolTable table, SymbolTable::FromSymbols(symbols));
    const size_t len = lengths.size();
    return FsstEncoding::Instance().Build(
        dtype, len, Metadata(PType::I32, PType::I32),
        {table.symbols_buffer(), table.symbol_lengths_buffer(), Buffer::CopyFrom(std::string_view(codes))},
        std::vector<ArrayRef>{PrimitiveArray::FromValues(lengths), PrimitiveArray::FromValues(offsets)});
}

// Decoding the whole array must fail cleanly.
void ExpectDecodeFails(const Result<ArrayRef> &built) {
    if (!built.ok()) {
        return; // rejected at construction, also fine
    }
    EXPECT_FALSE(Canonicalize(*built).ok());
    EXPECT_FALSE(ScalarAt(*built, (*built)->len() - 1).ok());
}

TEST(FsstArrayTest, RejectsBadInput) {
    ASSERT_OK(BuildCurrent({"ab"},
                           "\x00\xff"
                           "c"s,
                           {0, 3}, {3})
                  .status());
    // Code past the table; escape at the end; decoded size differs from the length.
    ExpectDecodeFails(BuildCurrent({"ab"}, "\x00\x07"s, {0, 2}, {4}));
    ExpectDecodeFails(BuildCurrent({"ab"}, "\x00\xff"s, {0, 2}, {3}));
    ExpectDecodeFails(BuildCurrent({"ab"}, "\x00\x00"s, {0, 2}, {3}));
    ExpectDecodeFails(BuildCurrent({"ab"}, "\x00\x00"s, {0, 2}, {5}));
    // Invalid UTF-8 for a Utf8 array (fine as Binary).
    ExpectDecodeFails(BuildCurrent({"ab"}, "\xff\x80"s, {0, 2}, {1}));
    // Valid UTF-8 as a whole ("é"), but each value holds half of the character.
    ExpectDecodeFails(BuildCurrent({"ab"}, "\xff\xc3\xff\xa9"s, {0, 2, 4}, {1, 1}));
    ASSERT_OK_AND_ASSIGN(ArrayRef binary, BuildCurrent({"ab"}, "\xff\x80"s, {0, 2}, {1},
                                                       DType::Binary(Nullability::NonNullable)));
    EXPECT_OK(Canonicalize(binary).status());
    // Offsets decreasing or past the codes; wrong count; lengths a code cannot produce.
    EXPECT_FALSE(BuildCurrent({"ab"}, "\x00\x00"s, {0, 2, 1}, {2, 0}).ok());
    EXPECT_FALSE(BuildCurrent({"ab"}, "\x00\x00"s, {0, 3}, {2}).ok());
    EXPECT_FALSE(BuildCurrent({"ab"}, "\x00\x00"s, {0, 1, 2}, {2}).ok());
    EXPECT_FALSE(BuildCurrent({"ab"}, "\x00"s, {0, 1}, {1 << 30}).ok());
    EXPECT_FALSE(BuildCurrent({"ab"}, "\x00"s, {0, 1}, {-1}).ok());
    // Bad symbol tables through the buffers.
    const auto build_with = [](Buffer symbols, Buffer lengths) {
        return FsstEncoding::Instance().Build(
            kUtf8, 1, Metadata(PType::I32, PType::I32),
            {std::move(symbols), std::move(lengths), Buffer::CopyFrom(std::string_view("\x00", 1))},
            std::vector<ArrayRef>{PrimitiveArray::FromValues(std::vector<int32_t>{1}),
                                  PrimitiveArray::FromValues(std::vector<int32_t>{0, 1})});
    };
    const Buffer one_symbol = Buffer::CopyFrom(std::span<const uint64_t>(std::vector<uint64_t>{0x61}));
    EXPECT_OK(build_with(one_symbol, Buffer::CopyFrom(std::string_view("\x01", 1))).status());
    EXPECT_FALSE(build_with(one_symbol, Buffer::CopyFrom(std::string_view("\x00", 1))).ok());
    EXPECT_FALSE(build_with(one_symbol, Buffer::CopyFrom(std::string_view("\x09", 1))).ok());
    EXPECT_FALSE(build_with(one_symbol, Buffer::CopyFrom(std::string_view("\x01\x01", 2))).ok());
    EXPECT_FALSE(build_with(Buffer::CopyFrom(std::span<const uint64_t>(std::vector<uint64_t>(256, 0x61))),
                            Buffer::CopyFrom(std::string(256, '\x01')))
                     .ok());
    // Metadata and structure.
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols({"ab"}));
    const std::vector<ArrayRef> children{PrimitiveArray::FromValues(std::vector<int32_t>{2}),
                                         PrimitiveArray::FromValues(std::vector<int32_t>{0, 1})};
    const Buffer codes = Buffer::CopyFrom(std::string_view("\x00", 1));
    EXPECT_FALSE(FsstEncoding::Instance()
                     .Build(kUtf8, 1, Metadata(PType::F32, PType::I32),
                            {table.symbols_buffer(), table.symbol_lengths_buffer(), codes}, children)
                     .ok());
    EXPECT_FALSE(FsstEncoding::Instance()
                     .Build(kUtf8, 1, std::vector<uint8_t>{0xff, 0x01},
                            {table.symbols_buffer(), table.symbol_lengths_buffer(), codes}, children)
                     .ok());
    EXPECT_FALSE(FsstEncoding::Instance()
                     .Build(kUtf8, 1, Metadata(PType::I32, PType::I32), {table.symbols_buffer()}, children)
                     .ok());
    EXPECT_FALSE(FsstEncoding::Instance()
                     .Build(DType::Primitive(PType::I32, Nullability::NonNullable), 1,
                            Metadata(PType::I32, PType::I32),
                            {table.symbols_buffer(), table.symbol_lengths_buffer(), codes}, children)
                     .ok());
    // Legacy form whose codes child is not varbin.
    EXPECT_FALSE(FsstEncoding::Instance()
                     .Build(kUtf8, 1, Metadata(PType::I32, std::nullopt),
                            {table.symbols_buffer(), table.symbol_lengths_buffer()},
                            std::vector<ArrayRef>{Strings({"x"}, DType::Binary(Nullability::NonNullable)),
                                                  PrimitiveArray::FromValues(std::vector<int32_t>{2})})
                     .ok());
}

} // namespace
} // namespace fsst
} // namespace vortex
