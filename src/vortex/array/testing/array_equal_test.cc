// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

using ::testing::HasSubstr;

ArrayRef F64(const std::vector<double> &values) {
    return PrimitiveArray::FromValues(values);
}

TEST(ArrayEqualTest, EqualAcrossEncodings) {
    const ArrayRef flat = PrimitiveArray::FromValues<int32_t>({1, 2, 3, 4});
    const ArrayRef chunked = ChunkedArray::Make(
        {PrimitiveArray::FromValues<int32_t>({1}), PrimitiveArray::FromValues<int32_t>({2, 3, 4})},
        flat->dtype());
    EXPECT_TRUE(ArraysEqual(flat, chunked));
    AssertArraysEqual(flat, chunked);
}

TEST(ArrayEqualTest, DetectsChangedValue) {
    const auto result = ArraysEqual(PrimitiveArray::FromValues<int64_t>({1, 2, 3}),
                                    PrimitiveArray::FromValues<int64_t>({1, 7, 3}));
    ASSERT_FALSE(result);
    EXPECT_THAT(result.message(), HasSubstr("index 1"));
    EXPECT_THAT(result.message(), HasSubstr("expected 2"));
    EXPECT_THAT(result.message(), HasSubstr("actual 7"));
}

TEST(ArrayEqualTest, DetectsChangedNull) {
    const auto result = ArraysEqual(PrimitiveArray::FromOptionals<uint8_t>({1, std::nullopt, 3}),
                                    PrimitiveArray::FromOptionals<uint8_t>({1, 2, 3}));
    ASSERT_FALSE(result);
    EXPECT_THAT(result.message(), HasSubstr("validity differs at index 1"));
}

TEST(ArrayEqualTest, IgnoresValuesUnderNulls) {
    const Validity validity = Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}));
    EXPECT_TRUE(ArraysEqual(PrimitiveArray::FromValues<int16_t>({1, 2, 3}, validity),
                            PrimitiveArray::FromValues<int16_t>({1, -9, 3}, validity)));
}

TEST(ArrayEqualTest, FloatsCompareBitExactly) {
    const auto zeros = ArraysEqual(F64({1.0, 0.0}), F64({1.0, -0.0}));
    ASSERT_FALSE(zeros);
    EXPECT_THAT(zeros.message(), HasSubstr("index 1"));
    EXPECT_THAT(zeros.message(), HasSubstr("0x8000000000000000"));

    const double nan_a = std::bit_cast<double>(uint64_t{0x7ff8000000000001});
    const double nan_b = std::bit_cast<double>(uint64_t{0x7ff8000000000002});
    EXPECT_TRUE(ArraysEqual(F64({nan_a}), F64({nan_a})));
    EXPECT_FALSE(ArraysEqual(F64({nan_a}), F64({nan_b})));
    EXPECT_TRUE(ArraysEqual(F64({nan_a}), F64({nan_b}), {.nan_equal = true}));
    EXPECT_FALSE(ArraysEqual(F64({nan_a}), F64({1.0}), {.nan_equal = true}));
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_FALSE(ArraysEqual(F64({inf}), F64({-inf})));
}

TEST(ArrayEqualTest, DetectsDTypeAndLengthDifferences) {
    const auto dtype =
        ArraysEqual(PrimitiveArray::FromValues<int32_t>({1}), PrimitiveArray::FromValues<uint32_t>({1}));
    ASSERT_FALSE(dtype);
    EXPECT_THAT(dtype.message(), HasSubstr("dtypes differ"));
    const auto nullability = ArraysEqual(PrimitiveArray::FromValues<int32_t>({1}),
                                         PrimitiveArray::FromValues<int32_t>({1}, Validity::AllValid()));
    EXPECT_FALSE(nullability);
    const auto len =
        ArraysEqual(PrimitiveArray::FromValues<int32_t>({1}), PrimitiveArray::FromValues<int32_t>({1, 2}));
    ASSERT_FALSE(len);
    EXPECT_THAT(len.message(), HasSubstr("lengths differ"));
}

TEST(ArrayEqualTest, ComparesStringsAndNestedValues) {
    const DType utf8 = DType::Utf8(Nullability::NonNullable);
    const std::vector<std::string> words = {"a", "a string longer than twelve bytes", ""};
    std::vector<std::string> changed = words;
    changed[1].back() = 'S';
    const auto strings =
        ArraysEqual(VarBinViewArray::FromStrings(words, utf8), VarBinViewArray::FromStrings(changed, utf8));
    ASSERT_FALSE(strings);
    EXPECT_THAT(strings.message(), HasSubstr("index 1"));

    auto make_struct = [&](const std::vector<std::string> &names) {
        auto result = StructArray::FromFields(
            {"n", "s"},
            {PrimitiveArray::FromValues<int8_t>({1, 2, 3}), VarBinViewArray::FromStrings(names, utf8)}, 3);
        return ArrayRef(std::move(result).ValueOrDie());
    };
    EXPECT_TRUE(ArraysEqual(make_struct(words), make_struct(words)));
    const auto nested = ArraysEqual(make_struct(words), make_struct(changed));
    ASSERT_FALSE(nested);
    EXPECT_THAT(nested.message(), HasSubstr("index 1"));
}

TEST(ArrayEqualTest, ScalarsEqualIsBitExact) {
    const Scalar pos = Scalar::Primitive(0.0F, Nullability::NonNullable);
    const Scalar neg = Scalar::Primitive(-0.0F, Nullability::NonNullable);
    EXPECT_TRUE(ScalarsEqual(pos, pos));
    EXPECT_FALSE(ScalarsEqual(pos, neg));
    EXPECT_FALSE(ScalarsEqual(pos, Scalar::Primitive(0.0F, Nullability::Nullable)));
}

} // namespace
} // namespace vortex
