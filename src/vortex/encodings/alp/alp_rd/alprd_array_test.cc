// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/encodings/alp/alp_metadata.pb.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/encodings/alp/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

struct ALPRDConformance {
    static bool Supports(const DType &dtype) {
        return dtype.is_primitive() && (dtype.ptype() == PType::F32 || dtype.ptype() == PType::F64);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return alp::ALPRDEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(ALPRD, ArrayConformanceTest, ALPRDConformance);

namespace alp {
namespace {

template <typename T>
std::vector<T> SpecialValues() {
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    using L = std::numeric_limits<T>;
    constexpr U kSign = U{1} << (8 * sizeof(T) - 1);
    const U quiet = std::bit_cast<U>(L::quiet_NaN());
    const U signalling = std::bit_cast<U>(L::signaling_NaN());
    return {T(0.0),
            T(-0.0),
            std::bit_cast<T>(quiet),
            std::bit_cast<T>(static_cast<U>(quiet | kSign)),
            std::bit_cast<T>(signalling),
            std::bit_cast<T>(static_cast<U>(signalling | kSign)),
            L::infinity(),
            -L::infinity(),
            L::denorm_min(),
            -L::denorm_min(),
            L::min(),
            L::max(),
            L::lowest(),
            T(0.1),
            T(123.456)};
}

TEST(ALPRDArrayTest, GoldenMetadata) {
    // The reference's test_alprd_metadata: right_bit_width u32::MAX, dict_len 8, empty dict,
    // left_parts_ptype U64, patches with len/offset u64::MAX and U64 indices.
    std::ifstream file(VORTEX_GOLDEN_DIR "/alprd.metadata", std::ios::binary);
    ASSERT_TRUE(file.good());
    const std::string golden((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    vortex::encodings::ALPRDMetadata metadata;
    metadata.set_right_bit_width(std::numeric_limits<uint32_t>::max());
    metadata.set_dict_len(8);
    metadata.set_left_parts_ptype(vortex::dtype::U64);
    metadata.mutable_patches()->set_len(std::numeric_limits<uint64_t>::max());
    metadata.mutable_patches()->set_offset(std::numeric_limits<uint64_t>::max());
    metadata.mutable_patches()->set_indices_ptype(vortex::dtype::U64);
    EXPECT_EQ(metadata.SerializeAsString(), golden);
    vortex::encodings::ALPRDMetadata parsed;
    ASSERT_TRUE(parsed.ParseFromString(golden));
    EXPECT_EQ(parsed.right_bit_width(), std::numeric_limits<uint32_t>::max());
    EXPECT_EQ(parsed.dict_len(), 8u);
    EXPECT_EQ(parsed.dict_size(), 0);
    EXPECT_EQ(parsed.left_parts_ptype(), vortex::dtype::U64);
    EXPECT_EQ(parsed.patches().len(), std::numeric_limits<uint64_t>::max());
    // Through the encoding: dict_len 8 with no entries is corrupt.
    std::vector<uint8_t> bytes(golden.begin(), golden.end());
    EXPECT_RAISES(Serde,
                  ALPRDEncoding::Instance().Build(DType::Primitive(PType::F64, Nullability::NonNullable), 0,
                                                  bytes, {}, std::vector<ArrayRef>{}));
}

TEST(ALPRDArrayTest, DictionaryIsPackedOnTheWire) {
    vortex::encodings::ALPRDMetadata metadata;
    metadata.add_dict(1);
    metadata.add_dict(300);
    // Field 3, wire type 2 (packed): 0x1a, length 3, varints 01 ac 02.
    const std::string bytes = metadata.SerializeAsString();
    EXPECT_EQ(bytes, std::string("\x1a\x03\x01\xac\x02", 5));
}

template <typename T>
void CheckReferenceExceptionCase(T seed) {
    // The reference's test_array_encode_with_nulls_and_patches: 1024 x next_up(0.1) with nulls
    // at 1, 5 and 900, encoded with a dictionary built from seed^-2 so that every value's
    // left part is an exception.
    std::vector<std::optional<T>> values(1024, std::nextafter(T(0.1), T(1)));
    values[1] = std::nullopt;
    values[5] = std::nullopt;
    values[900] = std::nullopt;
    auto input = PrimitiveArray::FromOptionals(values);
    const T sample[] = {std::pow(seed, T(-2))};
    const RDEncoder encoder = RDEncoder::FromSample(std::span<const T>(sample));
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, encoder.Encode(input));
    const auto *rd = As<ALPRDArray>(*encoded);
    ASSERT_NE(rd, nullptr);
    ASSERT_TRUE(rd->left_parts_patches().has_value());
    // Exceptions are kept at null positions too, as the reference does.
    EXPECT_EQ(rd->left_parts_patches()->num_patches(), 1024u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), read);
}

TEST(ALPRDArrayTest, ReferenceExceptionCase) {
    CheckReferenceExceptionCase<float>(1.123848f);
    CheckReferenceExceptionCase<double>(1.123848591110992);
}

template <typename T>
void CheckSpecialValues() {
    std::vector<T> values = SpecialValues<T>();
    for (int i = 0; i < 500; ++i) {
        values.push_back(T(1) + static_cast<T>(i) * T(0.001));
    }
    auto input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPRDEncode(input));
    EXPECT_EQ(encoded->encoding_id(), "vortex.alprd");
    const auto *rd = As<ALPRDArray>(*encoded);
    EXPECT_LE(rd->dict().size(), kMaxALPRDDictLen);
    EXPECT_GE(rd->right_bit_width(), 8 * sizeof(T) - 16);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    for (size_t i = 0; i < values.size(); i += 7) {
        ASSERT_OK_AND_ASSIGN(Scalar s, ScalarAt(encoded, i));
        using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
        EXPECT_EQ(std::bit_cast<U>(s.as<T>()), std::bit_cast<U>(values[i])) << i;
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), read);
}

TEST(ALPRDArrayTest, SpecialValuesRoundTripBitExact) {
    CheckSpecialValues<float>();
    CheckSpecialValues<double>();
}

TEST(ALPRDArrayTest, RoundTripsRandomInputs) {
    for (PType ptype : {PType::F32, PType::F64}) {
        for (double null_fraction : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025}) {
                for (bool sliced : {false, true}) {
                    SCOPED_TRACE(vortex::format("{} nulls={} len={} sliced={}", PTypeName(ptype),
                                                null_fraction, len, sliced));
                    const DType dtype = DType::Primitive(ptype, null_fraction > 0 ? Nullability::Nullable
                                                                                  : Nullability::NonNullable);
                    ArrayRef input =
                        RandomArray(dtype, {.len = len, .null_fraction = null_fraction, .seed = len});
                    if (sliced) {
                        ASSERT_OK_AND_ASSIGN(input, ToSliced(input, len + 1));
                    }
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPRDEncode(input));
                    ASSERT_ARRAYS_EQUAL(input, *Canonicalize(encoded));
                    EXPECT_EQ(NullCount(encoded), NullCount(input));
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
                    ASSERT_ARRAYS_EQUAL(input, read);
                    if (len > 2) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 1, len - 1));
                        EXPECT_EQ(encoded_slice->encoding_id(), "vortex.alprd");
                        ASSERT_OK_AND_ASSIGN(ArrayRef read_slice,
                                             testing::SerdeRoundTrip(encoded_slice, &RegisterAlpEncodings));
                        ASSERT_ARRAYS_EQUAL(*Slice(input, 1, len - 1), read_slice);
                    }
                }
            }
        }
    }
}

// ---- bad input ----

std::vector<uint8_t> Metadata(uint32_t right_bit_width,
                              uint32_t dict_len,
                              const std::vector<uint32_t> &dict,
                              vortex::dtype::PType left_ptype = vortex::dtype::U16) {
    vortex::encodings::ALPRDMetadata metadata;
    metadata.set_right_bit_width(right_bit_width);
    metadata.set_dict_len(dict_len);
    for (uint32_t entry : dict) {
        metadata.add_dict(entry);
    }
    metadata.set_left_parts_ptype(left_ptype);
    const std::string bytes = metadata.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

TEST(ALPRDArrayTest, BuildRejectsBadInput) {
    const DType f64 = DType::Primitive(PType::F64, Nullability::NonNullable);
    const ArrayRef codes = PrimitiveArray::FromValues<uint16_t>({0, 1, 0});
    const ArrayRef rights = PrimitiveArray::FromValues<uint64_t>({1, 2, 3});
    const ALPRDEncoding &encoding = ALPRDEncoding::Instance();
    auto build = [&](std::vector<uint8_t> metadata, std::vector<ArrayRef> children) {
        return encoding.Build(f64, 3, metadata, {}, std::move(children));
    };
    ASSERT_OK_AND_ASSIGN(ArrayRef good, build(Metadata(52, 2, {0x3ff, 0x400}), {codes, rights}));
    ASSERT_OK(Canonicalize(good).status());
    // dict_len > 8, dict_len > entries, entry wider than u16 or than the left part.
    EXPECT_RAISES(Serde, build(Metadata(52, 9, std::vector<uint32_t>(9, 1)), {codes, rights}));
    EXPECT_RAISES(Serde, build(Metadata(52, 3, {1, 2}), {codes, rights}));
    EXPECT_RAISES(Serde, build(Metadata(48, 2, {1, 0x10000}), {codes, rights}));
    EXPECT_RAISES(Serde, build(Metadata(52, 2, {1, 0x1000}), {codes, rights}));
    // right_bit_width outside [48, 63] for f64.
    EXPECT_RAISES(Serde, build(Metadata(47, 2, {0, 1}), {codes, rights}));
    EXPECT_RAISES(Serde, build(Metadata(64, 2, {0, 1}), {codes, rights}));
    EXPECT_RAISES(Serde, build(Metadata(1000, 2, {0, 1}), {codes, rights}));
    // left_parts_ptype other than u16; wrong child dtypes; missing children.
    EXPECT_RAISES(Serde, build(Metadata(52, 2, {0, 1}, vortex::dtype::U32), {codes, rights}));
    EXPECT_NOT_OK(build(Metadata(52, 2, {0, 1}), {codes, PrimitiveArray::FromValues<uint32_t>({1, 2, 3})}));
    EXPECT_NOT_OK(build(Metadata(52, 2, {0, 1}), {PrimitiveArray::FromValues<uint8_t>({0, 1, 0}), rights}));
    EXPECT_NOT_OK(build(Metadata(52, 2, {0, 1}), {codes}));
    // A code >= dict_len is an error when decoding, never an out-of-bounds read.
    ASSERT_OK_AND_ASSIGN(
        ArrayRef bad_codes,
        build(Metadata(52, 2, {0, 1}), {PrimitiveArray::FromValues<uint16_t>({0, 7, 1}), rights}));
    EXPECT_RAISES(Serde, Canonicalize(bad_codes));
    EXPECT_NOT_OK(ScalarAt(bad_codes, 1));
    ASSERT_OK(ScalarAt(bad_codes, 0).status());
    // Patch values must be non-null u16.
    vortex::encodings::ALPRDMetadata with_patches;
    with_patches.set_right_bit_width(52);
    with_patches.set_dict_len(1);
    with_patches.add_dict(0);
    with_patches.set_left_parts_ptype(vortex::dtype::U16);
    with_patches.mutable_patches()->set_len(1);
    with_patches.mutable_patches()->set_indices_ptype(vortex::dtype::U8);
    const std::string patched = with_patches.SerializeAsString();
    const std::vector<uint8_t> patched_bytes(patched.begin(), patched.end());
    const ArrayRef zero_codes = PrimitiveArray::FromValues<uint16_t>({0, 0, 0});
    const ArrayRef index = PrimitiveArray::FromValues<uint8_t>({1});
    ASSERT_OK_AND_ASSIGN(
        ArrayRef patched_ok,
        build(patched_bytes, {zero_codes, rights, index, PrimitiveArray::FromValues<uint16_t>({5})}));
    ASSERT_OK_AND_ASSIGN(Scalar patched_value, ScalarAt(patched_ok, 1));
    EXPECT_EQ(std::bit_cast<uint64_t>(patched_value.as<double>()), (uint64_t{5} << 52) | 2);
    EXPECT_NOT_OK(
        build(patched_bytes, {zero_codes, rights, index, PrimitiveArray::FromValues<uint32_t>({5})}));
    EXPECT_NOT_OK(build(patched_bytes,
                        {zero_codes, rights, index, PrimitiveArray::FromOptionals<uint16_t>({uint16_t{5}})}));
}

} // namespace
} // namespace alp
} // namespace vortex
