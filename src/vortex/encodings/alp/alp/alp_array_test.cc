// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <numbers>
#include <random>
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
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp_metadata.pb.h"
#include "vortex/encodings/alp/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

struct ALPConformance {
    static bool Supports(const DType &dtype) {
        return dtype.is_primitive() && (dtype.ptype() == PType::F32 || dtype.ptype() == PType::F64);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return alp::ALPEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(ALP, ArrayConformanceTest, ALPConformance);

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
            std::bit_cast<T>(static_cast<U>(quiet | 0x2a)), // a NaN payload
            L::infinity(),
            -L::infinity(),
            L::denorm_min(),
            -L::denorm_min(),
            std::bit_cast<T>(U{0x12345}), // a subnormal
            L::min(),
            L::max(),
            L::lowest(),
            T(1.5),
            T(-2.25),
            T(0.1),
            T(123.456),
            T(1e10),
            T(-1e-10)};
}

template <typename T>
size_t NumPatches(const ArrayRef &encoded) {
    const auto *alp = As<ALPArray>(*encoded);
    return alp != nullptr && alp->patches() ? alp->patches()->num_patches() : 0;
}

TEST(ALPArrayTest, GoldenMetadata) {
    // The reference's test_alp_metadata: exponents and patch len/offset u32/u64::MAX, indices U64.
    std::ifstream file(VORTEX_GOLDEN_DIR "/alp.metadata", std::ios::binary);
    ASSERT_TRUE(file.good());
    const std::string golden((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    vortex::encodings::ALPMetadata metadata;
    metadata.set_exp_e(std::numeric_limits<uint32_t>::max());
    metadata.set_exp_f(std::numeric_limits<uint32_t>::max());
    metadata.mutable_patches()->set_len(std::numeric_limits<uint64_t>::max());
    metadata.mutable_patches()->set_offset(std::numeric_limits<uint64_t>::max());
    metadata.mutable_patches()->set_indices_ptype(vortex::dtype::U64);
    EXPECT_EQ(metadata.SerializeAsString(), golden);
    vortex::encodings::ALPMetadata parsed;
    ASSERT_TRUE(parsed.ParseFromString(golden));
    EXPECT_EQ(parsed.exp_e(), std::numeric_limits<uint32_t>::max());
    EXPECT_EQ(parsed.exp_f(), std::numeric_limits<uint32_t>::max());
    ASSERT_TRUE(parsed.has_patches());
    EXPECT_EQ(parsed.patches().len(), std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(parsed.patches().offset(), std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(parsed.patches().indices_ptype(), vortex::dtype::U64);
    EXPECT_FALSE(parsed.patches().has_chunk_offsets_ptype());
    // Through the encoding, the golden exponents are out of range: an error, not a crash.
    std::vector<uint8_t> bytes(golden.begin(), golden.end());
    EXPECT_NOT_OK(ALPEncoding::Instance().Build(DType::Primitive(PType::F64, Nullability::NonNullable), 0,
                                                bytes, {}, std::vector<ArrayRef>{}));
}

TEST(ALPArrayTest, TablesMatchDecimalLiterals) {
    // Spec 7.5: F10[k] = 10^k and IF10[k] = 10^-k rounded to the float type; strtod/strtof of
    // the literal is the correctly rounded value, independent of the constexpr tables.
    for (size_t k = 0; k < ALPTraits<double>::kF10.size(); ++k) {
        EXPECT_EQ(ALPTraits<double>::kF10[k], std::strtod(vortex::format("1e{}", k).c_str(), nullptr)) << k;
        EXPECT_EQ(ALPTraits<double>::kIF10[k], std::strtod(vortex::format("1e-{}", k).c_str(), nullptr)) << k;
    }
    for (size_t k = 0; k < ALPTraits<float>::kF10.size(); ++k) {
        EXPECT_EQ(ALPTraits<float>::kF10[k], std::strtof(vortex::format("1e{}", k).c_str(), nullptr)) << k;
        EXPECT_EQ(ALPTraits<float>::kIF10[k], std::strtof(vortex::format("1e-{}", k).c_str(), nullptr)) << k;
    }
    EXPECT_EQ(ALPTraits<double>::kF10.size(), 24u);
    EXPECT_EQ(ALPTraits<float>::kF10.size(), 11u);
}

template <typename T>
void ExpectDecodeAgreesAtEveryOutputOffset() {
    // The bulk decode peels values until its output is 64-byte aligned; every head length
    // and every tail must give the scalar result.
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int64_t> digits(-1'000'000, 1'000'000);
    std::vector<ALPInt<T>> encoded(100);
    for (ALPInt<T> &v : encoded) {
        v = static_cast<ALPInt<T>>(digits(rng));
    }
    const Exponents exponents{3, 1};
    alignas(64) T out[128];
    for (size_t offset = 0; offset < 64 / sizeof(T); ++offset) {
        for (size_t n : {size_t{0}, size_t{1}, size_t{5}, size_t{17}, size_t{100}}) {
            std::fill(std::begin(out), std::end(out), T(-1));
            DecodeALP(std::span<const ALPInt<T>>(encoded.data(), n), exponents, out + offset);
            for (size_t i = 0; i < n; ++i) {
                const T expected = static_cast<T>(encoded[i]) * ALPTraits<T>::kF10[exponents.f] *
                                   ALPTraits<T>::kIF10[exponents.e];
                ASSERT_EQ(std::bit_cast<ALPInt<T>>(out[offset + i]), std::bit_cast<ALPInt<T>>(expected))
                    << offset << " " << n << " " << i;
            }
            EXPECT_EQ(out[offset + n], T(-1)) << "wrote past the end";
        }
    }
}

TEST(ALPArrayTest, BulkDecodeAgreesAtEveryOutputOffset) {
    ExpectDecodeAgreesAtEveryOutputOffset<float>();
    ExpectDecodeAgreesAtEveryOutputOffset<double>();
}

TEST(ALPArrayTest, EncodesSimpleDecimals) {
    // Three-decimal values all round-trip at the chosen exponents: no patches, and every
    // encoded integer decodes to its input with the spec formula.
    auto input = PrimitiveArray::FromValues<double>({1.234, 2.345, 3.456, 4.567});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    const auto *alp = As<ALPArray>(*encoded);
    ASSERT_NE(alp, nullptr);
    EXPECT_FALSE(alp->patches().has_value());
    ASSERT_OK_AND_ASSIGN(ArrayRef ints, Canonicalize(alp->encoded()));
    const auto values = As<PrimitiveArray>(*ints)->values_as<int64_t>();
    for (size_t i = 0; i < values.size(); ++i) {
        EXPECT_EQ(DecodeSingle<double>(values[i], alp->exponents()),
                  As<PrimitiveArray>(*input)->values_as<double>()[i]);
    }
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
}

template <typename T>
void CheckSpecialValuesRoundTrip() {
    std::vector<T> values = SpecialValues<T>();
    // Mostly decimal-like values so the exponents fit them, with the specials in between.
    for (int i = 0; i < 100; ++i) {
        values.push_back(static_cast<T>(i) / T(4));
    }
    auto input = PrimitiveArray::FromValues<T>(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    EXPECT_EQ(encoded->encoding_id(), "vortex.alp");
    // -0.0, the five NaNs and both infinities can never round-trip through an integer.
    EXPECT_GE(NumPatches<T>(encoded), 8u);
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(encoded));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), decoded);
    for (size_t i = 0; i < values.size(); ++i) {
        ASSERT_OK_AND_ASSIGN(Scalar s, ScalarAt(encoded, i));
        EXPECT_TRUE(BitEqual(s.as<T>(), values[i])) << i;
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
    EXPECT_EQ(read->encoding_id(), "vortex.alp");
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), read);
}

TEST(ALPArrayTest, SpecialValuesRoundTripBitExactF32) {
    CheckSpecialValuesRoundTrip<float>();
}

TEST(ALPArrayTest, SpecialValuesRoundTripBitExactF64) {
    CheckSpecialValuesRoundTrip<double>();
}

TEST(ALPArrayTest, AllPatchedValuesRoundTrip) {
    // Nothing round-trips: every slot keeps its raw encoded value (no fill exists).
    auto input =
        PrimitiveArray::FromValues<double>({std::nan(""), -0.0, std::numeric_limits<double>::infinity(),
                                            -std::numeric_limits<double>::infinity()});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    EXPECT_EQ(NumPatches<double>(encoded), 4u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
}

TEST(ALPArrayTest, PatchedSlotsHoldTheFirstNonPatchedValue) {
    // As the reference's chunk-offset tests: 3072 ones with PI / E at 1023, 1024 and 1025.
    std::vector<double> values(3072, 1.0);
    values[1023] = std::numbers::pi;
    values[1024] = std::numbers::e;
    values[1025] = std::numbers::pi;
    values[0] = std::numbers::pi; // the fill must come from position 1, filled back into 0
    auto input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    const auto *alp = As<ALPArray>(*encoded);
    ASSERT_NE(alp, nullptr);
    ASSERT_TRUE(alp->patches().has_value());
    EXPECT_EQ(alp->patches()->num_patches(), 4u);
    ASSERT_OK_AND_ASSIGN(ArrayRef ints, Canonicalize(alp->encoded()));
    const auto encoded_values = As<PrimitiveArray>(*ints)->values_as<int64_t>();
    for (size_t i : {0u, 1023u, 1024u, 1025u}) {
        EXPECT_EQ(encoded_values[i], encoded_values[1]) << i;
    }
    // Children as the reference writes them: u64 indices, one u64 chunk offset per 1024.
    ASSERT_EQ(encoded->nchildren(), 4u);
    ASSERT_OK_AND_ASSIGN(ArrayRef offsets, Canonicalize(encoded->child(3)));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint64_t>({0, 2, 4})), offsets);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint64_t>({0, 1023, 1024, 1025})),
                        *Canonicalize(encoded->child(1)));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), read);
}

TEST(ALPArrayTest, NullPatchesAreDropped) {
    std::vector<std::optional<double>> values(2100, 10.125);
    values[5] = std::nullopt;
    values[6] = std::numbers::pi;
    values[1500] = std::nullopt;
    values[2000] = INFINITY;
    auto input = PrimitiveArray::FromOptionals(values);
    // Garbage under a null would be a patch; it is dropped and the chunk offsets recounted.
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    EXPECT_EQ(NumPatches<double>(encoded), 2u);
    EXPECT_TRUE(encoded->child(2)->dtype().is_nullable());
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    EXPECT_EQ(NullCount(encoded), 2u);
}

template <typename T>
void CheckDecimalLike(size_t len) {
    // Prices with two decimals, as a database column holds them.
    std::mt19937_64 rng(len);
    std::uniform_int_distribution<int64_t> cents(0, 10'000'000);
    std::vector<T> values(len);
    for (T &v : values) {
        v = static_cast<T>(cents(rng)) / T(100);
    }
    auto input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    const size_t patches = NumPatches<T>(encoded);
    EXPECT_LE(patches, len / 1000) << "exponents e=" << int(As<ALPArray>(*encoded)->exponents().e)
                                   << " f=" << int(As<ALPArray>(*encoded)->exponents().f);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
}

TEST(ALPArrayTest, DecimalLikePricesHaveFewPatches) {
    CheckDecimalLike<double>(100'000);
    // In f32, d * 0.01f (or d * 0.1f) differs from d / 100.0f in the last bit for about a
    // quarter of the values (the f32 constants are off by 1.5e-8..2.2e-8 relative, a large
    // part of half an ulp) for every exponent pair: those are patches, with the reference's
    // decode formula too. Only losslessness and a loose bound are asserted for f32.
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int32_t> digits(0, 99'999);
    std::vector<float> tenths(50'000);
    std::vector<float> cents(50'000);
    for (size_t i = 0; i < tenths.size(); ++i) {
        const int32_t d = digits(rng);
        tenths[i] = static_cast<float>(d) / 10.0f;
        cents[i] = static_cast<float>(d) / 100.0f;
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(PrimitiveArray::FromValues(tenths)));
    EXPECT_LE(NumPatches<float>(encoded), tenths.size() / 2);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues(tenths)), *Canonicalize(encoded));
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded_cents, ALPEncode(PrimitiveArray::FromValues(cents)));
    EXPECT_LE(NumPatches<float>(encoded_cents), cents.size() / 2);
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues(cents)), *Canonicalize(encoded_cents));
}

TEST(ALPArrayTest, RoundTripsRandomInputs) {
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
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
                    ASSERT_ARRAYS_EQUAL(input, *Canonicalize(encoded));
                    EXPECT_EQ(NullCount(encoded), NullCount(input));
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterAlpEncodings));
                    ASSERT_ARRAYS_EQUAL(input, read);
                    if (len > 2) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 1, len - 1));
                        EXPECT_EQ(encoded_slice->encoding_id(), "vortex.alp");
                        ASSERT_OK_AND_ASSIGN(ArrayRef read_slice,
                                             testing::SerdeRoundTrip(encoded_slice, &RegisterAlpEncodings));
                        ASSERT_ARRAYS_EQUAL(*Slice(input, 1, len - 1), read_slice);
                    }
                }
            }
        }
    }
}

TEST(ALPArrayTest, RandomDecimalsRoundTrip) {
    for (size_t len : {0, 1, 1023, 1024, 1025}) {
        std::mt19937_64 rng(len);
        std::uniform_int_distribution<int64_t> digits(-1'000'000, 1'000'000);
        std::vector<double> values(len);
        for (double &v : values) {
            v = static_cast<double>(digits(rng)) / 1000.0;
        }
        auto input = PrimitiveArray::FromValues(values);
        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
        ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    }
}

// Compare on encoded data must agree with compare on the decoded values, for constants that
// are in the data, between values, special, or not representable with the exponents.
template <typename T>
void CheckCompare(const ArrayRef &encoded) {
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
    std::vector<T> constants = SpecialValues<T>();
    for (T c : {T(0.25), T(0.3), T(2.5), T(24.75), T(-1), T(1e6), T(1.0 / 3.0), T(99.999)}) {
        constants.push_back(c);
    }
    for (T c : constants) {
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Lte, CompareOp::Gt,
                             CompareOp::Gte}) {
            SCOPED_TRACE(
                vortex::format("c={} ({:#x}) op={}", c, std::bit_cast<ALPInt<T>>(c), CompareOpName(op)));
            const Scalar scalar = Scalar::Primitive<T>(c, Nullability::NonNullable);
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(canonical, scalar, op));
            auto actual = encoded->CompareScalarImpl(scalar, op);
            ASSERT_TRUE(actual.has_value());
            ASSERT_OK(actual->status());
            ASSERT_ARRAYS_EQUAL(expected, **actual);
        }
    }
}

TEST(ALPArrayTest, CompareOnEncodedDataMatchesDecoded) {
    std::vector<std::optional<double>> values;
    values.reserve(200 + SpecialValues<double>().size());
    for (int i = 0; i < 200; ++i) {
        values.push_back(i % 7 == 0 ? std::nullopt : std::optional<double>(i / 8.0));
    }
    for (double special : SpecialValues<double>()) {
        values.push_back(special);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(PrimitiveArray::FromOptionals(values)));
    ASSERT_GT(NumPatches<double>(encoded), 0u);
    CheckCompare<double>(encoded);

    std::vector<float> floats;
    floats.reserve(300 + SpecialValues<float>().size());
    for (int i = 0; i < 300; ++i) {
        floats.push_back(static_cast<float>(i) / 4.0f);
    }
    for (float special : SpecialValues<float>()) {
        floats.push_back(special);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded_floats, ALPEncode(PrimitiveArray::FromValues(floats)));
    CheckCompare<float>(encoded_floats);
}

TEST(ALPArrayTest, CompareHandlesExtremeEncodedIntegers) {
    // Integers no encoder would write (near the i64 limits, beyond 2^53 where decode is not
    // injective): the encoded-domain compare must still equal the decoded compare.
    using L = std::numeric_limits<int64_t>;
    const std::vector<int64_t> ints = {
        L::min(),     L::min() + 1, -(int64_t{1} << 53) - 1, -5, 0, 1, 7, (int64_t{1} << 53) + 1,
        L::max() - 1, L::max()};
    for (Exponents exponents : {Exponents{0, 0}, Exponents{2, 0}, Exponents{18, 3}, Exponents{14, 12}}) {
        ASSERT_OK_AND_ASSIGN(auto alp,
                             ALPArray::TryMake(PrimitiveArray::FromValues(ints), exponents, std::nullopt));
        CheckCompare<double>(alp);
        ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(alp));
        for (size_t i = 0; i < ints.size(); ++i) {
            // Compare against each decoded value itself (equal, and its neighbours).
            const double v = As<PrimitiveArray>(*decoded)->values_as<double>()[i];
            for (double c : {v, std::nextafter(v, -INFINITY), std::nextafter(v, INFINITY)}) {
                for (CompareOp op : {CompareOp::Eq, CompareOp::Lt, CompareOp::Gte}) {
                    const Scalar scalar = Scalar::Primitive<double>(c, Nullability::NonNullable);
                    ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(decoded, scalar, op));
                    ASSERT_ARRAYS_EQUAL(expected, **alp->CompareScalarImpl(scalar, op));
                }
            }
        }
    }
    const std::vector<int32_t> ints32 = {std::numeric_limits<int32_t>::min(), -3, 0, 9,
                                         std::numeric_limits<int32_t>::max()};
    ASSERT_OK_AND_ASSIGN(auto alp32,
                         ALPArray::TryMake(PrimitiveArray::FromValues(ints32), {10, 1}, std::nullopt));
    CheckCompare<float>(alp32);
}

TEST(ALPArrayTest, TakeWithNullIndicesKeepsPatches) {
    auto input = PrimitiveArray::FromValues<double>({1.5, std::numbers::pi, 2.5, -0.0, 3.5});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ALPEncode(input));
    ASSERT_GT(NumPatches<double>(encoded), 0u);
    auto indices = PrimitiveArray::FromOptionals<uint32_t>({1, std::nullopt, 3, 0, 1});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, indices));
    EXPECT_EQ(taken->encoding_id(), "vortex.alp");
    ASSERT_ARRAYS_EQUAL(*Take(input, indices), *Canonicalize(taken));
}

// ---- bad input through Encoding::Build ----

std::vector<uint8_t>
Metadata(uint32_t e, uint32_t f, const vortex::array::PatchesMetadata *patches = nullptr) {
    vortex::encodings::ALPMetadata metadata;
    metadata.set_exp_e(e);
    metadata.set_exp_f(f);
    if (patches != nullptr) {
        *metadata.mutable_patches() = *patches;
    }
    const std::string bytes = metadata.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

const DType kF64 = DType::Primitive(PType::F64, Nullability::NonNullable);
const DType kF32 = DType::Primitive(PType::F32, Nullability::NonNullable);

TEST(ALPArrayTest, BuildRejectsBadInput) {
    const ArrayRef ints64 = PrimitiveArray::FromValues<int64_t>({1, 2, 3});
    const ArrayRef ints32 = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    const ALPEncoding &encoding = ALPEncoding::Instance();
    ASSERT_OK(encoding.Build(kF64, 3, Metadata(2, 1), {}, std::vector<ArrayRef>{ints64}).status());
    ASSERT_OK(encoding.Build(kF64, 3, Metadata(18, 18), {}, std::vector<ArrayRef>{ints64}).status());
    // Exponents beyond the table / MAX_EXPONENT, and f > e.
    EXPECT_RAISES(Serde, encoding.Build(kF64, 3, Metadata(19, 0), {}, std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(Serde, encoding.Build(kF32, 3, Metadata(11, 0), {}, std::vector<ArrayRef>{ints32}));
    EXPECT_RAISES(Serde, encoding.Build(kF64, 3, Metadata(300, 0), {}, std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(Serde, encoding.Build(kF64, 3, Metadata(1, 2), {}, std::vector<ArrayRef>{ints64}));
    // Wrong child ptype, nullability, length; wrong dtype; extra buffer; corrupt metadata.
    EXPECT_NOT_OK(encoding.Build(kF64, 3, Metadata(2, 1), {}, std::vector<ArrayRef>{ints32}));
    EXPECT_NOT_OK(encoding.Build(kF64.AsNullable(), 3, Metadata(2, 1), {}, std::vector<ArrayRef>{ints64}));
    EXPECT_NOT_OK(encoding.Build(kF64, 4, Metadata(2, 1), {}, std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(Serde, encoding.Build(DType::Primitive(PType::I64, Nullability::NonNullable), 3,
                                        Metadata(2, 1), {}, std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(Serde, encoding.Build(kF64, 3, Metadata(2, 1), {Buffer::CopyFrom(std::string_view("x"))},
                                        std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(
        Serde, encoding.Build(kF64, 3, std::vector<uint8_t>{0xff, 0xff}, {}, std::vector<ArrayRef>{ints64}));
    EXPECT_RAISES(Serde, encoding.Build(kF64, 3, Metadata(2, 1), {}, std::vector<ArrayRef>{}));

    // Patches: values of the wrong dtype, indices out of range, missing children.
    vortex::array::PatchesMetadata patches;
    patches.set_len(1);
    patches.set_offset(0);
    patches.set_indices_ptype(vortex::dtype::U8);
    const ArrayRef index = PrimitiveArray::FromValues<uint8_t>({2});
    ASSERT_OK(encoding
                  .Build(kF64, 3, Metadata(2, 1, &patches), {},
                         std::vector<ArrayRef>{ints64, index, PrimitiveArray::FromValues<double>({0.5})})
                  .status());
    EXPECT_NOT_OK(
        encoding.Build(kF64, 3, Metadata(2, 1, &patches), {},
                       std::vector<ArrayRef>{ints64, index, PrimitiveArray::FromValues<float>({0.5f})}));
    EXPECT_NOT_OK(
        encoding.Build(kF64, 3, Metadata(2, 1, &patches), {},
                       std::vector<ArrayRef>{ints64, index, PrimitiveArray::FromValues<int64_t>({5})}));
    EXPECT_NOT_OK(encoding.Build(kF64, 3, Metadata(2, 1, &patches), {},
                                 std::vector<ArrayRef>{ints64, PrimitiveArray::FromValues<uint8_t>({3}),
                                                       PrimitiveArray::FromValues<double>({0.5})}));
    EXPECT_NOT_OK(
        encoding.Build(kF64, 3, Metadata(2, 1, &patches), {}, std::vector<ArrayRef>{ints64, index}));
    // TryMake rejects patch values whose nullability differs from the array's.
    ASSERT_OK_AND_ASSIGN(Patches nullable_values,
                         Patches::TryMake(3, 0, index, PrimitiveArray::FromOptionals<double>({0.5})));
    EXPECT_NOT_OK(ALPArray::TryMake(ints64, {2, 1}, nullable_values));
}

} // namespace
} // namespace alp
} // namespace vortex
