// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// GoogleTest assertions for Status and Result<T> expressions [Arrow's testing/gtest_util.h].
//
//   ASSERT_OK(array->SerializeMetadata());
//   ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 1, 3));
//   ASSERT_RAISES(OutOfBounds, ScalarAt(array, array->len()));
//
// Every macro accepts either a Status or a Result<T>; the failure message prints the status.
// The ASSERT_* forms return from the enclosing function, so they can only be used in
// functions returning void (as every gtest ASSERT_*).

#include <utility>

#include <gtest/gtest.h>

#include "vortex/base/result.h"
#include "vortex/base/status.h"

namespace vortex::testing_internal {

// Evaluates to a copy of the Status of a Status or Result expression.
inline Status StatusOf(const Status &status) {
    return status;
}
template <typename T>
Status StatusOf(const Result<T> &result) {
    return result.status();
}

} // namespace vortex::testing_internal

#define VX_TESTING_CHECK_OK(ASSERTION, expr)                                                                 \
    do {                                                                                                     \
        const ::vortex::Status vx_testing_status = ::vortex::testing_internal::StatusOf(expr);               \
        ASSERTION(vx_testing_status.ok()) << "'" #expr "' failed with " << vx_testing_status.ToString();     \
    } while (false)

/// Fails the test (and returns) unless the Status or Result expression is OK.
#define ASSERT_OK(expr) VX_TESTING_CHECK_OK(ASSERT_TRUE, expr)
/// Fails the test (and continues) unless the Status or Result expression is OK.
#define EXPECT_OK(expr) VX_TESTING_CHECK_OK(EXPECT_TRUE, expr)

#define VX_TESTING_CHECK_NOT_OK(ASSERTION, expr)                                                             \
    do {                                                                                                     \
        const ::vortex::Status vx_testing_status = ::vortex::testing_internal::StatusOf(expr);               \
        ASSERTION(!vx_testing_status.ok()) << "'" #expr "' succeeded but an error was expected";             \
    } while (false)

/// Fails the test unless the Status or Result expression is an error (any code).
#define ASSERT_NOT_OK(expr) VX_TESTING_CHECK_NOT_OK(ASSERT_TRUE, expr)
#define EXPECT_NOT_OK(expr) VX_TESTING_CHECK_NOT_OK(EXPECT_TRUE, expr)

#define VX_TESTING_CHECK_RAISES(ASSERTION, CODE, expr)                                                       \
    do {                                                                                                     \
        const ::vortex::Status vx_testing_status = ::vortex::testing_internal::StatusOf(expr);               \
        ASSERTION(vx_testing_status.code() == ::vortex::StatusCode::CODE)                                    \
            << "'" #expr "' returned " << vx_testing_status.ToString() << ", expected a " #CODE " error";    \
    } while (false)

/// Fails the test unless the expression is an error with StatusCode::CODE, e.g.
/// ASSERT_RAISES(OutOfBounds, Take(array, indices)).
#define ASSERT_RAISES(CODE, expr) VX_TESTING_CHECK_RAISES(ASSERT_TRUE, CODE, expr)
#define EXPECT_RAISES(CODE, expr) VX_TESTING_CHECK_RAISES(EXPECT_TRUE, CODE, expr)

// NOLINTBEGIN(bugprone-macro-parentheses): `lhs` is a declaration, `result_name` an identifier.
#define VX_TESTING_ASSIGN_OR_FAIL_IMPL(result_name, lhs, rexpr)                                              \
    auto result_name = (rexpr);                                                                              \
    ASSERT_TRUE(result_name.ok()) << "'" #rexpr "' failed with " << result_name.status().ToString();         \
    lhs = std::move(result_name).ValueOrDie()
// NOLINTEND(bugprone-macro-parentheses)

/// Evaluates a Result expression; fails the test (and returns) on error, else assigns the
/// value to `lhs`, which may declare a variable: ASSERT_OK_AND_ASSIGN(auto x, F()).
#define ASSERT_OK_AND_ASSIGN(lhs, rexpr)                                                                     \
    VX_TESTING_ASSIGN_OR_FAIL_IMPL(VX_CONCAT(vx_testing_result_, __LINE__), lhs, rexpr)
