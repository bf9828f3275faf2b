// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "vortex/array/array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// How ArraysEqual() compares values.
struct ArrayEqualOptions {
    /// When true, any NaN equals any NaN whatever its sign and payload. By default floats
    /// compare bit for bit, so -0.0 != 0.0 and NaN payloads must match (what a lossless
    /// encoding must preserve).
    bool nan_equal = false;
};

/// Compares two arrays logically: equal dtype, equal length, equal validity, and equal values
/// at every valid position. The encodings may differ; values at null positions are ignored.
/// The failure message names the first differing index and both values.
::testing::AssertionResult
ArraysEqual(const ArrayRef &expected, const ArrayRef &actual, const ArrayEqualOptions &options = {});

/// Compares two scalars: equal dtype and value; floats bit for bit unless options.nan_equal;
/// decimals by value whatever their storage width.
bool ScalarsEqual(const Scalar &expected, const Scalar &actual, const ArrayEqualOptions &options = {});

/// The predicate-formatter form of ArraysEqual (default options), for ASSERT_PRED_FORMAT2;
/// its message also names the two expressions.
::testing::AssertionResult ArraysEqual(const char *expected_expr,
                                       const char *actual_expr,
                                       const ArrayRef &expected,
                                       const ArrayRef &actual);

/// Renders a scalar for failure messages; floats also show their bits (to tell -0.0 and NaN
/// payloads apart).
std::string DescribeScalar(const Scalar &scalar);

} // namespace vortex

/// Asserts that two ArrayRefs are logically equal (see vortex::ArraysEqual).
#define ASSERT_ARRAYS_EQUAL(expected, actual) ASSERT_PRED_FORMAT2(::vortex::ArraysEqual, expected, actual)
#define EXPECT_ARRAYS_EQUAL(expected, actual) EXPECT_PRED_FORMAT2(::vortex::ArraysEqual, expected, actual)
/// The spelling STYLE.md uses; same as ASSERT_ARRAYS_EQUAL.
#define AssertArraysEqual(expected, actual) ASSERT_ARRAYS_EQUAL(expected, actual)
