// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/naive_compare.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/fastlanes/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {

struct FoRConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive() && IsInt(dtype.ptype()); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return fastlanes::FoREncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(FoR, ArrayConformanceTest, FoRConformance);

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

TEST(FoRArrayTest, RoundTripsEveryIntegerPType) {
    uint64_t seed = 1;
    for (PType ptype : kIntPTypes) {
        for (double nulls : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025, 5000}) {
                SCOPED_TRACE(std::string(PTypeName(ptype)) + " nulls " + std::to_string(nulls) + " len " +
                             std::to_string(len));
                const ArrayRef input = RandomInput(ptype, len, nulls, ++seed);
                ASSERT_OK_AND_ASSIGN(ArrayRef encoded, FoREncode(input));
                ASSERT_EQ(encoded->encoding_id(), "fastlanes.for");
                ASSERT_OK_AND_ASSIGN(ArrayRef decoded, encoded->ToCanonical());
                ASSERT_ARRAYS_EQUAL(input, decoded);
                ASSERT_OK_AND_ASSIGN(ArrayRef back,
                                     testing::SerdeRoundTrip(encoded, &RegisterFastLanesEncodings));
                ASSERT_ARRAYS_EQUAL(input, back);
                if (len > 2) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_input, Slice(input, 1, len - 1));
                    ASSERT_OK_AND_ASSIGN(ArrayRef from_sliced, FoREncode(sliced_input));
                    ASSERT_ARRAYS_EQUAL(sliced_input, from_sliced);
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 1, len - 1));
                    ASSERT_EQ(sliced->encoding_id(), "fastlanes.for");
                    ASSERT_OK_AND_ASSIGN(ArrayRef sliced_back,
                                         testing::SerdeRoundTrip(sliced, &RegisterFastLanesEncodings));
                    ASSERT_ARRAYS_EQUAL(sliced_input, sliced_back);
                }
            }
        }
    }
}

// The reference's test_overflow: i8 over its whole range has reference -128 and encodes
// value v as the u8 bits of v + 128.
TEST(FoRArrayTest, WrapsAroundTheWholeRange) {
    std::vector<int8_t> values;
    for (int v = -128; v <= 127; ++v) {
        values.push_back(static_cast<int8_t>(v));
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, FoREncode(PrimitiveArray::FromValues(values)));
    const auto *for_array = As<FoRArray>(*encoded);
    ASSERT_NE(for_array, nullptr);
    EXPECT_EQ(for_array->reference().as<int8_t>(), -128);
    ASSERT_OK_AND_ASSIGN(ArrayRef child, Canonicalize(for_array->encoded()));
    const auto raw = As<PrimitiveArray>(*child)->values().span<uint8_t>();
    for (size_t i = 0; i < raw.size(); ++i) {
        ASSERT_EQ(raw[i], i);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, encoded->ToCanonical());
    ASSERT_ARRAYS_EQUAL(PrimitiveArray::FromValues(values), decoded);
}

TEST(FoRArrayTest, EncodesNullsAsZero) {
    auto input = PrimitiveArray::FromOptionals<int32_t>({std::nullopt, 10, 12, std::nullopt});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, FoREncode(input));
    const auto *for_array = As<FoRArray>(*encoded);
    EXPECT_EQ(for_array->reference().as<int32_t>(), 10);
    ASSERT_OK_AND_ASSIGN(ArrayRef child, Canonicalize(for_array->encoded()));
    const auto raw = As<PrimitiveArray>(*child)->values().span<int32_t>();
    EXPECT_EQ(std::vector<int32_t>(raw.begin(), raw.end()), (std::vector<int32_t>{0, 0, 2, 0}));
}

// Compares every op and a spread of constants (in and out of the child's range, the type's
// extremes) against the canonical kernel on the decoded values.
TEST(FoRArrayTest, CompareMatchesTheCanonicalKernel) {
    uint64_t seed = 100;
    for (PType ptype : kIntPTypes) {
        for (double nulls : {0.0, 0.3}) {
            const ArrayRef input = RandomInput(ptype, 700, nulls, ++seed);
            ASSERT_OK_AND_ASSIGN(ArrayRef encoded, FoREncode(input));
            std::vector<Scalar> constants;
            VisitIntPType(ptype, [&]<typename T>() {
                const auto values = As<PrimitiveArray>(*input)->values_as<T>();
                for (T c :
                     {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T{0}, T{1}, values[0],
                      values[1], static_cast<T>(values[2] - 1), static_cast<T>(values[3] + 1)}) {
                    constants.push_back(Scalar::Primitive<T>(c, Nullability::NonNullable));
                }
            });
            ASSERT_OK_AND_ASSIGN(Scalar min, Min(input));
            ASSERT_OK_AND_ASSIGN(Scalar max, Max(input));
            if (!min.is_null()) {
                constants.push_back(min);
                constants.push_back(max);
            }
            for (const Scalar &constant : constants) {
                for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Lte,
                                     CompareOp::Gt, CompareOp::Gte}) {
                    SCOPED_TRACE(std::string(PTypeName(ptype)) + " constant " + constant.ToString() + " op " +
                                 std::to_string(static_cast<int>(op)));
                    ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(input, constant, op));
                    ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(encoded, constant, op));
                    ASSERT_ARRAYS_EQUAL(expected, actual);
                }
            }
        }
    }
}

// A FoR array whose values wrap (reference + encoded overflows) must still compare right: the
// ordered kernel declines and the fallback decodes.
TEST(FoRArrayTest, CompareWithWrappingValues) {
    // Decoded: 100 + 0 = 100, 100 + 27 = 127, 100 + 28 = -128 (wraps), 100 + (-100) = 0.
    auto child = PrimitiveArray::FromValues<int8_t>({0, 27, 28, -100});
    ASSERT_OK_AND_ASSIGN(auto array,
                         FoRArray::TryMake(child, Scalar::Primitive<int8_t>(100, Nullability::NonNullable)));
    auto expected_values = PrimitiveArray::FromValues<int8_t>({100, 127, -128, 0});
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, array->ToCanonical());
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected_values), decoded);
    for (CompareOp op : {CompareOp::Eq, CompareOp::Lt, CompareOp::Gte}) {
        const Scalar constant = Scalar::Primitive<int8_t>(50, Nullability::NonNullable);
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(expected_values, constant, op));
        ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(array, constant, op));
        ASSERT_ARRAYS_EQUAL(expected, actual);
    }
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(array));
    EXPECT_EQ(min.as<int8_t>(), -128);
}

// FoR over bit-packed data, as the compressor writes it: the compare moves the range by the
// reference and tests the packed blocks. References near the type's ends make the decoded
// values wrap, which the range form handles without statistics.
TEST(FoRArrayTest, CompareOverBitPackedMatchesTheNaiveOracle) {
    uint64_t seed = 300;
    for (PType ptype : kIntPTypes) {
        VisitIntPType(ptype, [&]<typename T>() {
            for (T reference :
                 {T{0}, static_cast<T>(-3), std::numeric_limits<T>::max(), std::numeric_limits<T>::min()}) {
                const ArrayRef child = RandomInput(ptype, 2100, 0.2, ++seed);
                // Small non-negative encoded values, a few wide ones (patches).
                std::vector<std::optional<T>> encoded_values;
                for (size_t i = 0; i < child->len(); ++i) {
                    ASSERT_OK_AND_ASSIGN(Scalar s, ScalarAt(child, i));
                    encoded_values.push_back(
                        s.is_null() ? std::nullopt
                                    : std::optional<T>(i % 97 == 0 ? s.as<T>() : static_cast<T>(i % 50)));
                }
                const ArrayRef packed_input = PrimitiveArray::FromOptionals(encoded_values);
                ASSERT_OK_AND_ASSIGN(ArrayRef packed, BitPackEncode(packed_input, 6));
                ASSERT_OK_AND_ASSIGN(
                    auto array,
                    FoRArray::TryMake(packed, Scalar::Primitive<T>(reference, Nullability::NonNullable)));
                ASSERT_OK_AND_ASSIGN(const std::vector<Scalar> elements, ArrayToScalars(array));
                // reference + k, wrapping (unsigned arithmetic: no signed overflow).
                const auto shifted = [&](unsigned k) {
                    using U = std::make_unsigned_t<T>;
                    return static_cast<T>(static_cast<U>(static_cast<U>(reference) + k));
                };
                for (T c : {T{0}, shifted(10), shifted(49), std::numeric_limits<T>::max(),
                            std::numeric_limits<T>::min()}) {
                    const Scalar constant = Scalar::Primitive<T>(c, Nullability::NonNullable);
                    for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Lt, CompareOp::Lte,
                                         CompareOp::Gt, CompareOp::Gte}) {
                        SCOPED_TRACE(std::string(PTypeName(ptype)) + " reference " +
                                     std::to_string(int64_t(reference)) + " " + constant.ToString() + " " +
                                     std::string(CompareOpName(op)));
                        ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(array, constant, op));
                        ASSERT_OK_AND_ASSIGN(auto got, BoolValues(actual));
                        const auto expected = NaiveCompare(elements, constant, op);
                        ASSERT_EQ(got, expected);
                    }
                }
            }
        });
    }
}

TEST(FoRArrayTest, MinMaxFromTheChild) {
    auto input = PrimitiveArray::FromOptionals<uint32_t>({1000005, std::nullopt, 1000000, 1000900});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, FoREncode(input));
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(encoded));
    ASSERT_OK_AND_ASSIGN(Scalar max, Max(encoded));
    EXPECT_EQ(min.as<uint32_t>(), 1000000u);
    EXPECT_EQ(max.as<uint32_t>(), 1000900u);
    EXPECT_EQ(NullCount(encoded), 1u);
}

TEST(FoRArrayTest, GoldenMetadata) {
    const Bytes golden = ReadGolden("for.metadata");
    ASSERT_FALSE(golden.empty());
    const DType i64 = DType::Primitive(PType::I64, Nullability::NonNullable);
    auto child = PrimitiveArray::FromValues<int64_t>({0, 1});
    ASSERT_OK_AND_ASSIGN(ArrayRef built, FoREncoding::Instance().Build(i64, 2, golden, {}, {child}));
    const auto *for_array = As<FoRArray>(*built);
    ASSERT_NE(for_array, nullptr);
    EXPECT_EQ(for_array->reference().as<int64_t>(), std::numeric_limits<int64_t>::max());
    ASSERT_OK_AND_ASSIGN(Bytes serialized, built->SerializeMetadata());
    EXPECT_EQ(serialized, golden);
}

TEST(FoRArrayTest, RejectsBadInput) {
    const auto &encoding = FoREncoding::Instance();
    const DType i32 = DType::Primitive(PType::I32, Nullability::NonNullable);
    const DType i32_nullable = DType::Primitive(PType::I32, Nullability::Nullable);
    auto child = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    const Bytes reference = SerializeScalarValue(Scalar::Primitive<int32_t>(7, Nullability::NonNullable));
    ASSERT_OK(encoding.Build(i32, 3, reference, {}, {child}));
    // A null reference.
    const Bytes null_reference = SerializeScalarValue(Scalar::Null(i32_nullable));
    auto nullable_child = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 3});
    EXPECT_RAISES(Serde, encoding.Build(i32_nullable, 3, null_reference, {}, {nullable_child}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, null_reference, {}, {child}));
    // A mistyped reference, no reference, garbage bytes.
    const Bytes text = SerializeScalarValue(Scalar::Utf8("x", Nullability::NonNullable));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, text, {}, {child}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, Bytes{}, {}, {child}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, Bytes{0xff, 0xff}, {}, {child}));
    // An out-of-range reference for the dtype.
    const Bytes big = SerializeScalarValue(Scalar::Primitive<int64_t>(1LL << 40, Nullability::NonNullable));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, big, {}, {child}));
    // Wrong child count, a buffer, a non-integer dtype, a child of the wrong length.
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, reference, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, reference, {}, {child, child}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, reference, {Buffer::CopyFrom("x")}, {child}));
    const DType f32 = DType::Primitive(PType::F32, Nullability::NonNullable);
    EXPECT_RAISES(Serde, encoding.Build(f32, 1, reference, {}, {PrimitiveArray::FromValues<float>({1})}));
    EXPECT_NOT_OK(encoding.Build(i32, 4, reference, {}, {child}));
    // TryMake with a reference of another ptype.
    EXPECT_RAISES(InvalidArgument,
                  FoRArray::TryMake(child, Scalar::Primitive<int64_t>(1, Nullability::NonNullable)));
}

} // namespace
} // namespace fastlanes
} // namespace vortex
