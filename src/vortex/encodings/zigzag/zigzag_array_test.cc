// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
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
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/encodings/zigzag/register.h"
#include "vortex/encodings/zigzag/zigzag_array.h"

namespace vortex {

struct ZigZagConformance {
    static bool Supports(const DType &dtype) { return dtype.is_primitive() && IsSignedInt(dtype.ptype()); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return zigzag::ZigZagEncode(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(ZigZag, ArrayConformanceTest, ZigZagConformance);

namespace zigzag {
namespace {

const PType kSignedPTypes[] = {PType::I8, PType::I16, PType::I32, PType::I64};

TEST(ZigZagArrayTest, MapsSmallMagnitudesToSmallValues) {
    auto input = PrimitiveArray::FromValues<int32_t>(
        {0, -1, 1, -2, 2, std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min()});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ZigZagEncode(input));
    EXPECT_EQ(encoded->encoding_id(), "vortex.zigzag");
    const auto *array = As<ZigZagArray>(*encoded);
    ASSERT_NE(array, nullptr);
    ASSERT_OK_AND_ASSIGN(ArrayRef child, Canonicalize(array->encoded()));
    // The zigzag sequence 0, -1, 1, -2, 2 maps to 0, 1, 2, 3, 4; the extremes to the top values.
    const std::vector<uint32_t> expected = {0, 1, 2, 3, 4, 0xFFFFFFFEu, 0xFFFFFFFFu};
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues(expected)), child);
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(encoded));
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), decoded);
    ASSERT_OK_AND_ASSIGN(Scalar last, ScalarAt(encoded, 6));
    EXPECT_EQ(last,
              Scalar::Primitive<int32_t>(std::numeric_limits<int32_t>::min(), Nullability::NonNullable));
}

TEST(ZigZagArrayTest, RoundTripsRandomInputs) {
    for (PType ptype : kSignedPTypes) {
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
                    ASSERT_OK_AND_ASSIGN(ArrayRef encoded, ZigZagEncode(input));
                    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Canonicalize(encoded));
                    ASSERT_ARRAYS_EQUAL(input, decoded);
                    EXPECT_EQ(NullCount(encoded), NullCount(input));
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterZigZagEncodings));
                    EXPECT_EQ(read->encoding_id(), "vortex.zigzag");
                    ASSERT_ARRAYS_EQUAL(input, read);
                    if (len > 2) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 1, len - 1));
                        EXPECT_EQ(encoded_slice->encoding_id(), "vortex.zigzag");
                        ASSERT_OK_AND_ASSIGN(
                            ArrayRef read_slice,
                            testing::SerdeRoundTrip(encoded_slice, &RegisterZigZagEncodings));
                        ASSERT_OK_AND_ASSIGN(ArrayRef input_slice, Slice(input, 1, len - 1));
                        ASSERT_ARRAYS_EQUAL(input_slice, read_slice);
                    }
                }
            }
        }
    }
}

TEST(ZigZagArrayTest, RejectsNonSignedInput) {
    EXPECT_RAISES(InvalidArgument, ZigZagEncode(PrimitiveArray::FromValues<uint32_t>({1, 2})));
    EXPECT_RAISES(InvalidArgument, ZigZagEncode(PrimitiveArray::FromValues<double>({1.0})));
    EXPECT_RAISES(InvalidArgument, ZigZagArray::TryMake(PrimitiveArray::FromValues<int32_t>({1})));
}

TEST(ZigZagArrayTest, BuildRejectsBadParts) {
    const ZigZagEncoding &encoding = ZigZagEncoding::Instance();
    const DType i32 = DType::Primitive(PType::I32, Nullability::NonNullable);
    ArrayRef good_child = PrimitiveArray::FromValues<uint32_t>({1, 2, 3});
    ASSERT_OK_AND_ASSIGN(ArrayRef built, encoding.Build(i32, 3, {}, {}, std::vector<ArrayRef>{good_child}));
    ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(built, 0));
    EXPECT_EQ(first, Scalar::Primitive<int32_t>(-1, Nullability::NonNullable));

    // A signed child, a child of another width, and an unsigned array dtype.
    EXPECT_NOT_OK(encoding.Build(i32, 3, {}, {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<int32_t>({1, 2, 3})}));
    EXPECT_NOT_OK(encoding.Build(i32, 3, {}, {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<uint64_t>({1, 2, 3})}));
    EXPECT_RAISES(Serde, encoding.Build(DType::Primitive(PType::U32, Nullability::NonNullable), 3, {}, {},
                                        std::vector<ArrayRef>{good_child}));
    EXPECT_RAISES(Serde, encoding.Build(DType::Primitive(PType::F32, Nullability::NonNullable), 3, {}, {},
                                        std::vector<ArrayRef>{good_child}));
    // Wrong length, metadata bytes, buffers, child counts.
    EXPECT_NOT_OK(encoding.Build(i32, 4, {}, {}, std::vector<ArrayRef>{good_child}));
    const std::vector<uint8_t> junk = {1};
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, junk, {}, std::vector<ArrayRef>{good_child}));
    EXPECT_RAISES(Serde,
                  encoding.Build(i32, 3, {}, {Buffer::CopyFrom("x")}, std::vector<ArrayRef>{good_child}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, {}, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(i32, 3, {}, {}, std::vector<ArrayRef>{good_child, good_child}));
}

} // namespace
} // namespace zigzag
} // namespace vortex
