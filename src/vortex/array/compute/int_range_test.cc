// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/int_range_kernels_internal.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/naive_compare.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

using internal::IntRangeIsa;

constexpr PType kIntPTypes[] = {PType::U8, PType::U16, PType::U32, PType::U64,
                                PType::I8, PType::I16, PType::I32, PType::I64};
constexpr CompareOp kOps[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                              CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};

// The definition, one value at a time.
template <typename U>
std::vector<uint64_t> ExpectedWords(const std::vector<U> &values, IntRange range) {
    std::vector<uint64_t> words((values.size() + 63) / 64, 0);
    for (size_t i = 0; i < values.size(); ++i) {
        if (static_cast<U>(values[i] - static_cast<U>(range.base)) <= static_cast<U>(range.span)) {
            words[i / 64] |= uint64_t{1} << (i % 64);
        }
    }
    return words;
}

template <typename U>
void CheckEveryIsa() {
    std::mt19937_64 rng(sizeof(U));
    const U kMax = std::numeric_limits<U>::max();
    for (IntRangeIsa isa : {IntRangeIsa::Portable, IntRangeIsa::Avx2, IntRangeIsa::Avx512}) {
        if (!internal::IntRangeIsaSupported(isa)) {
            continue;
        }
        for (size_t n : {0, 1, 63, 64, 65, 127, 128, 200, 1024, 1031}) {
            // Values clustered around a few centres, so ranges cut through them.
            std::vector<U> values(n);
            const U centre = static_cast<U>(rng());
            for (U &v : values) {
                v = rng() % 4 == 0 ? static_cast<U>(rng())
                                   : static_cast<U>(centre + static_cast<U>(rng() % 16) - 8);
            }
            const std::vector<IntRange> ranges = {
                {centre, 0},                                             // one value
                {static_cast<U>(centre - 3), 6},                         // around the centre
                {0, kMax},                                               // everything
                {kMax, 0},                                               // the largest value only
                {static_cast<U>(centre + 5), static_cast<U>(kMax - 20)}, // wraps past the top
                {static_cast<U>(rng()), static_cast<U>(rng())},
            };
            for (const IntRange &range : ranges) {
                SCOPED_TRACE("bytes " + std::to_string(sizeof(U)) + " isa " +
                             std::to_string(static_cast<int>(isa)) + " n " + std::to_string(n) + " base " +
                             std::to_string(range.base) + " span " + std::to_string(range.span));
                std::vector<uint64_t> words((n + 63) / 64, 0xdeadbeef);
                internal::IntRangeWordsWith<U>(isa, values.data(), n, range, words.data());
                // Bits past n in the last word are not part of the contract.
                if (n % 64 != 0) {
                    words.back() &= (uint64_t{1} << (n % 64)) - 1;
                }
                EXPECT_EQ(words, ExpectedWords(values, range));
            }
        }
    }
}

TEST(IntRangeTest, EveryIsaMatchesTheDefinition) {
    CheckEveryIsa<uint8_t>();
    CheckEveryIsa<uint16_t>();
    CheckEveryIsa<uint32_t>();
    CheckEveryIsa<uint64_t>();
}

TEST(IntRangeTest, ClippedIntRangeClipsToTheType) {
    auto i8 = ClippedIntRange(PType::I8, -1000, 1000);
    ASSERT_TRUE(i8.has_value());
    EXPECT_EQ(static_cast<uint8_t>(i8->base), 0x80); // -128
    EXPECT_EQ(i8->span, 255u);
    auto u8 = ClippedIntRange(PType::U8, -5, 3);
    ASSERT_TRUE(u8.has_value());
    EXPECT_EQ(u8->base, 0u);
    EXPECT_EQ(u8->span, 3u);
    EXPECT_FALSE(ClippedIntRange(PType::U8, 256, 1000).has_value());
    EXPECT_FALSE(ClippedIntRange(PType::I32, 5, 4).has_value());
    auto i64 =
        ClippedIntRange(PType::I64, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
    ASSERT_TRUE(i64.has_value());
    EXPECT_EQ(i64->span, std::numeric_limits<uint64_t>::max());
}

// Primitive integer comparisons run through the range kernel: every operator, constants at
// the type's ends and among the data, nulls, lengths around word boundaries and slices that
// start mid-word.
TEST(IntRangeTest, PrimitiveCompareMatchesTheNaiveOracle) {
    uint64_t seed = 7;
    for (PType ptype : kIntPTypes) {
        for (size_t len : {0, 1, 64, 65, 300}) {
            RandomArrayOptions options;
            options.len = len;
            options.null_fraction = 0.2;
            options.seed = ++seed;
            const ArrayRef nullable = RandomArray(DType::Primitive(ptype, Nullability::Nullable), options);
            options.seed = ++seed;
            const ArrayRef plain = RandomArray(DType::Primitive(ptype, Nullability::NonNullable), options);
            std::vector<ArrayRef> inputs = {nullable, plain};
            if (len > 10) {
                ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(plain, 3, len - 2));
                inputs.push_back(sliced);
            }
            for (const ArrayRef &input : inputs) {
                ASSERT_OK_AND_ASSIGN(const std::vector<Scalar> elements, ArrayToScalars(input));
                std::vector<Scalar> constants;
                VisitIntPType(ptype, [&]<typename T>() {
                    std::vector<T> picks = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                                            T{0}, T{1}};
                    const auto values = As<PrimitiveArray>(plain)->values_as<T>();
                    for (size_t i = 0; i < values.size() && i < 3; ++i) {
                        picks.push_back(values[i]);
                    }
                    for (T c : picks) {
                        constants.push_back(Scalar::Primitive<T>(c, Nullability::NonNullable));
                    }
                });
                for (const Scalar &constant : constants) {
                    for (CompareOp op : kOps) {
                        SCOPED_TRACE(std::string(PTypeName(ptype)) + " len " + std::to_string(input->len()) +
                                     " " + constant.ToString() + " op " + std::string(CompareOpName(op)));
                        ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(input, constant, op));
                        EXPECT_EQ(actual->dtype().is_nullable(), input->dtype().is_nullable());
                        const auto expected = NaiveCompare(elements, constant, op);
                        ASSERT_OK_AND_ASSIGN(auto got, BoolValues(actual));
                        ASSERT_EQ(got, expected);
                    }
                }
            }
        }
    }
}

TEST(IntRangeTest, InIntRangeAndItsErrors) {
    auto values = PrimitiveArray::FromOptionals<int16_t>({-5, std::nullopt, 0, 7, 300});
    auto range = ClippedIntRange(PType::I16, -5, 7);
    ASSERT_TRUE(range.has_value());
    ASSERT_OK_AND_ASSIGN(ArrayRef inside, InIntRange(values, *range, false));
    ASSERT_OK_AND_ASSIGN(auto got, BoolValues(inside));
    EXPECT_EQ(got, (std::vector<std::optional<bool>>{true, std::nullopt, true, true, false}));
    auto floats = PrimitiveArray::FromValues<double>({1.0});
    EXPECT_RAISES(InvalidArgument, InIntRange(floats, *range, false));
}

} // namespace
} // namespace vortex
