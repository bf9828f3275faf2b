// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Errors of the public API: every fallible call returns a Status or a Result<T>; nothing
// throws. The codes mirror the reference implementation's error kinds.

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace vortex::api {

enum class StatusCode : uint8_t {
    OK = 0,
    OutOfBounds,
    Compute,
    InvalidArgument,
    Serde,
    NotImplemented,
    MismatchedTypes,
    Io,
    Cancelled,
    Internal,
};

/// Success, or a failure with a code and a message.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

    static Status OK() { return {}; }

    bool ok() const { return code_ == StatusCode::OK; }
    StatusCode code() const { return code_; }
    /// The message, empty for OK.
    const std::string &message() const { return message_; }
    /// "Code: message", or "OK".
    std::string ToString() const;

private:
    StatusCode code_ = StatusCode::OK;
    std::string message_;
};

/// The name of `code` ("InvalidArgument", ...).
const char *StatusCodeName(StatusCode code);

/// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value)
        : state_(std::in_place_index<1>, std::move(value)) {} // NOLINT(google-explicit-constructor)
    /// A failed status; an OK status here is turned into an Internal error.
    Result(Status status) // NOLINT(google-explicit-constructor)
        : state_(std::in_place_index<0>,
                 status.ok() ? Status(StatusCode::Internal, "OK status without a value")
                             : std::move(status)) {}

    bool ok() const { return state_.index() == 1; }
    /// OK when a value is held.
    Status status() const { return ok() ? Status::OK() : std::get<0>(state_); }

    /// The value; only when ok().
    T &value() & { return std::get<1>(state_); }
    const T &value() const & { return std::get<1>(state_); }
    T &&value() && { return std::get<1>(std::move(state_)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T &&operator*() && { return std::move(*this).value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    /// The value, or `fallback` on failure.
    T ValueOr(T fallback) const & { return ok() ? value() : std::move(fallback); }

private:
    std::variant<Status, T> state_;
};

} // namespace vortex::api
