// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <type_traits>
#include <utility>
#include <variant>

#include "vortex/base/check.h"
#include "vortex/base/status.h"

namespace vortex {

/// Holds either a value or an error Status; our own because g++ 12 has no std::expected.
template <typename T>
class [[nodiscard]] Result {
    static_assert(!std::is_same_v<T, Status>, "Result<Status> is meaningless");

public:
    using ValueType = T;

    // Implicit on purpose: `return value;` and `return Status::Serde(...);` both work.
    Result(T value) : storage_(std::in_place_index<1>, std::move(value)) {}       // NOLINT
    Result(Status status) : storage_(std::in_place_index<0>, std::move(status)) { // NOLINT
        VX_CHECK_MSG(!std::get<0>(storage_).ok(), "a Result cannot hold an OK status without a value");
    }
    template <typename U>
    requires(std::is_convertible_v<U &&, T> && !std::is_same_v<std::decay_t<U>, T> &&
             !std::is_same_v<std::decay_t<U>, Status> && !std::is_same_v<std::decay_t<U>, Result>)
        // Implicit like the two above; it never takes a Result or Status (the requires clause).
        // NOLINTNEXTLINE(google-explicit-constructor,bugprone-forwarding-reference-overload)
        Result(U &&value)
        : storage_(std::in_place_index<1>, T(std::forward<U>(value))) {}

    /// Converts from a Result of a convertible type, e.g. Result<shared_ptr<const Derived>>
    /// into Result<shared_ptr<const Base>>, so `return Derived::TryMake(...);` works.
    template <typename U>
    requires(std::is_convertible_v<U &&, T> && !std::is_same_v<U, T>)
        Result(Result<U> &&other) // NOLINT(google-explicit-constructor)
        : storage_(std::in_place_index<0>, Status()) {
        if (other.ok()) {
            storage_.template emplace<1>(other.MoveValueUnsafe());
        } else {
            storage_.template emplace<0>(other.status());
        }
    }

    bool ok() const { return storage_.index() == 1; }

    /// Returns the error, or OK when a value is held.
    Status status() const { return ok() ? Status::OK() : std::get<0>(storage_); }

    const T &ValueOrDie() const & {
        CheckOk();
        return std::get<1>(storage_);
    }
    T &ValueOrDie() & {
        CheckOk();
        return std::get<1>(storage_);
    }
    T ValueOrDie() && {
        CheckOk();
        return std::move(std::get<1>(storage_));
    }
    /// Moves the value out; the caller has checked ok().
    T MoveValueUnsafe() { return std::move(std::get<1>(storage_)); }

    const T &operator*() const & { return ValueOrDie(); }
    T &operator*() & { return ValueOrDie(); }
    T operator*() && { return std::move(*this).ValueOrDie(); }
    const T *operator->() const { return &ValueOrDie(); }
    T *operator->() { return &ValueOrDie(); }

    T ValueOr(T alternative) && { return ok() ? MoveValueUnsafe() : std::move(alternative); }

private:
    void CheckOk() const {
        if (!ok()) [[unlikely]] {
            internal::CheckFailed(__FILE__, __LINE__, "Result::ok()", std::get<0>(storage_).ToString());
        }
    }

    std::variant<Status, T> storage_;
};

namespace internal {

inline const Status &ToStatus(const Status &status) {
    return status;
}
template <typename T>
Status ToStatus(const Result<T> &result) {
    return result.status();
}

} // namespace internal

} // namespace vortex

#define VX_CONCAT_IMPL(a, b) a##b
#define VX_CONCAT(a, b) VX_CONCAT_IMPL(a, b)

/// Returns the error of a Status or Result expression from the enclosing function.
#define VX_RETURN_NOT_OK(expr)                                                                               \
    do {                                                                                                     \
        const auto &vx_status_expr = (expr);                                                                 \
        if (!vx_status_expr.ok()) [[unlikely]] {                                                             \
            return ::vortex::internal::ToStatus(vx_status_expr);                                             \
        }                                                                                                    \
    } while (false)

// `lhs` is a declaration or an lvalue and `result_name` an identifier: neither can be parenthesized.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define VX_ASSIGN_OR_RETURN_IMPL(result_name, lhs, rexpr)                                                    \
    auto result_name = (rexpr);                                                                              \
    if (!result_name.ok()) [[unlikely]] {                                                                    \
        return result_name.status();                                                                         \
    }                                                                                                        \
    lhs = result_name.MoveValueUnsafe()
// NOLINTEND(bugprone-macro-parentheses)

/// Evaluates a Result expression; on error returns it, else assigns the value to `lhs`.
#define VX_ASSIGN_OR_RETURN(lhs, rexpr) VX_ASSIGN_OR_RETURN_IMPL(VX_CONCAT(vx_result_, __LINE__), lhs, rexpr)

/// Returns Status::CODE(fmt, args...) from the enclosing function unless `condition` holds.
#define VX_ENSURE(condition, CODE, ...)                                                                      \
    do {                                                                                                     \
        if (!(condition)) [[unlikely]] {                                                                     \
            return ::vortex::Status::CODE(__VA_ARGS__);                                                      \
        }                                                                                                    \
    } while (false)
