// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "vortex/base/floor_div.h"
#include "vortex/base/int128.h"

namespace vortex {
namespace {

TEST(FloorDivTest, MatchesFloorOfTheRealQuotientForEverySignCombination) {
    for (int64_t a = -50; a <= 50; ++a) {
        for (int64_t b : {-7, -3, -1, 1, 2, 5, 86'400}) {
            const auto expected =
                static_cast<int64_t>(std::floor(static_cast<double>(a) / static_cast<double>(b)));
            EXPECT_EQ(FloorDiv(a, b), expected) << a << " / " << b;
            EXPECT_EQ(FloorDiv(a, b) * b + FloorMod(a, b), a) << a << " % " << b;
            if (b > 0) {
                EXPECT_GE(FloorMod(a, b), 0);
                EXPECT_LT(FloorMod(a, b), b);
            }
        }
    }
}

TEST(FloorDivTest, WorksAtTheExtremesAndOnWideIntegers) {
    EXPECT_EQ(FloorDiv<int64_t>(INT64_MIN, 1'000), INT64_MIN / 1'000 - 1); // INT64_MIN ends in ...808
    EXPECT_EQ(FloorDiv<int64_t>(INT64_MAX, 1'000), INT64_MAX / 1'000);
    const int128_t big = static_cast<int128_t>(INT64_MIN) * 10 - 1;
    EXPECT_EQ(FloorDiv<int128_t>(big, 10), static_cast<int128_t>(INT64_MIN) - 1);
    EXPECT_EQ(FloorMod<int128_t>(big, 10), 9);
}

} // namespace
} // namespace vortex
