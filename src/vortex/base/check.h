// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string>

#include "vortex/base/format.h"

// Invariant checks for programmer errors. They are always on, abort the process and print
// both operands. Never use them for user input or file bytes: those return a Status.

namespace vortex::internal {

[[noreturn]] void CheckFailed(const char *file, int line, const char *condition, const std::string &detail);

template <typename A, typename B>
std::string FormatOperands(const A &a, const B &b) {
    if constexpr (fmt::is_formattable<A>::value && fmt::is_formattable<B>::value) {
        return ::vortex::format("({} vs {})", a, b);
    } else {
        return {};
    }
}

} // namespace vortex::internal

#define VX_CHECK(condition)                                                                                  \
    do {                                                                                                     \
        if (!(condition)) [[unlikely]] {                                                                     \
            ::vortex::internal::CheckFailed(__FILE__, __LINE__, #condition, {});                             \
        }                                                                                                    \
    } while (false)

#define VX_CHECK_MSG(condition, ...)                                                                         \
    do {                                                                                                     \
        if (!(condition)) [[unlikely]] {                                                                     \
            ::vortex::internal::CheckFailed(__FILE__, __LINE__, #condition, ::vortex::format(__VA_ARGS__));  \
        }                                                                                                    \
    } while (false)

#define VX_CHECK_OP(a, b, op)                                                                                \
    do {                                                                                                     \
        const auto &vx_check_a = (a);                                                                        \
        const auto &vx_check_b = (b);                                                                        \
        if (!(vx_check_a op vx_check_b)) [[unlikely]] {                                                      \
            ::vortex::internal::CheckFailed(__FILE__, __LINE__, #a " " #op " " #b,                           \
                                            ::vortex::internal::FormatOperands(vx_check_a, vx_check_b));     \
        }                                                                                                    \
    } while (false)

#define VX_CHECK_EQ(a, b) VX_CHECK_OP(a, b, ==)
#define VX_CHECK_NE(a, b) VX_CHECK_OP(a, b, !=)
#define VX_CHECK_LT(a, b) VX_CHECK_OP(a, b, <)
#define VX_CHECK_LE(a, b) VX_CHECK_OP(a, b, <=)
#define VX_CHECK_GT(a, b) VX_CHECK_OP(a, b, >)
#define VX_CHECK_GE(a, b) VX_CHECK_OP(a, b, >=)

// Debug-only forms for hot loops.
#ifdef NDEBUG
#define VX_DCHECK(condition) ((void)0)
#define VX_DCHECK_EQ(a, b) ((void)0)
#define VX_DCHECK_LT(a, b) ((void)0)
#define VX_DCHECK_LE(a, b) ((void)0)
#else
#define VX_DCHECK(condition) VX_CHECK(condition)
#define VX_DCHECK_EQ(a, b) VX_CHECK_EQ(a, b)
#define VX_DCHECK_LT(a, b) VX_CHECK_LT(a, b)
#define VX_DCHECK_LE(a, b) VX_CHECK_LE(a, b)
#endif
