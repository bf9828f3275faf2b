// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
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
#include "vortex/encodings/bytebool/bytebool_array.h"
#include "vortex/encodings/bytebool/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

struct ByteBoolConformance {
    static bool Supports(const DType &dtype) { return dtype.is_bool(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return bytebool::ByteBoolEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(ByteBool, ArrayConformanceTest, ByteBoolConformance);

namespace bytebool {
namespace {

ArrayRef BytesArray(std::vector<uint8_t> bytes, Validity validity) {
    auto array =
        ByteBoolArray::TryMake(Buffer::CopyFrom(std::span<const uint8_t>(bytes)), std::move(validity));
    VX_CHECK(array.ok());
    return *array;
}

std::vector<uint8_t> NoMetadata() {
    return {};
}

TEST(ByteBoolArrayTest, RandomRoundTripsWithNulls) {
    uint64_t seed = 1;
    for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
        for (double density : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025}) {
                for (bool sliced : {false, true}) {
                    SCOPED_TRACE(::testing::Message()
                                 << "len " << len << " nulls " << density << " sliced " << sliced
                                 << " nullable " << (nullability == Nullability::Nullable));
                    ArrayRef input = RandomArray(DType::Bool(nullability),
                                                 {.len = len, .null_fraction = density, .seed = ++seed});
                    if (sliced) {
                        ASSERT_OK_AND_ASSIGN(input, ToSliced(input, seed));
                    }
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ByteBoolEncode(input));
                    ASSERT_EQ(encoded->encoding_id(), ByteBoolEncoding::kId);
                    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
                    EXPECT_ARRAYS_EQUAL(input, canonical);
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterByteBoolEncodings));
                    EXPECT_EQ(read->encoding_id(), ByteBoolEncoding::kId);
                    EXPECT_ARRAYS_EQUAL(input, read);
                    if (len > 2) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef part, Slice(encoded, 1, len - 1));
                        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Slice(input, 1, len - 1));
                        ASSERT_OK_AND_ASSIGN(ArrayRef part_read,
                                             testing::SerdeRoundTrip(part, &RegisterByteBoolEncodings));
                        EXPECT_ARRAYS_EQUAL(expected, part_read);
                    }
                }
            }
        }
    }
}

TEST(ByteBoolArrayTest, AnyNonZeroByteIsTrue) {
    ArrayRef array = BytesArray({0, 1, 2, 255, 0, 128, 7, 0, 9}, Validity::NonNullable());
    const std::vector<bool> expected = {false, true, true, true, false, true, true, false, true};
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
    EXPECT_ARRAYS_EQUAL(BoolArray::FromBools(expected), canonical);
    for (size_t i = 0; i < expected.size(); ++i) {
        ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(array, i));
        EXPECT_EQ(value.as_bool(), expected[i]) << i;
    }
}

TEST(ByteBoolArrayTest, KernelsStayEncoded) {
    ArrayRef array = BytesArray({1, 0, 1, 1, 0},
                                Validity::FromBits(BitBuffer::FromBools({true, true, false, true, true})));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 1, 4));
    EXPECT_EQ(sliced->encoding_id(), ByteBoolEncoding::kId);
    EXPECT_ARRAYS_EQUAL(BoolArray::FromOptionals({false, std::nullopt, true}), sliced);

    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(array, Mask::FromIndices(5, {0, 2, 4})));
    EXPECT_EQ(filtered->encoding_id(), ByteBoolEncoding::kId);
    EXPECT_ARRAYS_EQUAL(BoolArray::FromOptionals({true, std::nullopt, false}), filtered);

    ArrayRef indices = PrimitiveArray::FromOptionals<uint16_t>({4, std::nullopt, 0, 3});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(array, indices));
    EXPECT_EQ(taken->encoding_id(), ByteBoolEncoding::kId);
    EXPECT_ARRAYS_EQUAL(BoolArray::FromOptionals({false, std::nullopt, true, true}), taken);

    EXPECT_RAISES(OutOfBounds, Take(array, PrimitiveArray::FromValues<uint32_t>({5})));
}

TEST(ByteBoolArrayTest, BuildRejectsBadParts) {
    const ByteBoolEncoding &encoding = ByteBoolEncoding::Instance();
    const DType nullable = DType::Bool(Nullability::Nullable);
    const DType non_nullable = DType::Bool(Nullability::NonNullable);
    auto bytes = [](size_t n) { return std::vector<Buffer>{Buffer::Copy(std::vector<uint8_t>(n, 1))}; };
    ArrayRef validity = BoolArray::FromBools({true, false, true});

    ASSERT_OK_AND_ASSIGN(ArrayRef good, encoding.Build(nullable, 3, NoMetadata(), bytes(3), {validity}));
    EXPECT_EQ(good->len(), 3u);
    EXPECT_FALSE(good->is_valid(1));

    EXPECT_RAISES(Serde, encoding.Build(non_nullable, 3, NoMetadata(), bytes(2), std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(non_nullable, 3, NoMetadata(), bytes(4), std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(non_nullable, 3, NoMetadata(), {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(
        Serde, encoding.Build(non_nullable, 3, std::vector<uint8_t>{1}, bytes(3), std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(DType::Primitive(PType::U8, Nullability::NonNullable), 3,
                                        NoMetadata(), bytes(3), std::vector<ArrayRef>{}));
    // A validity child for a non-nullable dtype, of the wrong length, or one too many.
    EXPECT_NOT_OK(encoding.Build(non_nullable, 3, NoMetadata(), bytes(3), {validity}));
    EXPECT_NOT_OK(encoding.Build(nullable, 2, NoMetadata(), bytes(2), {validity}));
    EXPECT_NOT_OK(encoding.Build(nullable, 3, NoMetadata(), bytes(3), {validity, validity}));
    EXPECT_NOT_OK(encoding.Build(nullable, 3, NoMetadata(), bytes(3),
                                 {PrimitiveArray::FromValues<uint8_t>({1, 1, 1})}));
}

} // namespace
} // namespace bytebool
} // namespace vortex
