// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include "vortex/base/format.h"

namespace vortex {

/// Classifies an error; mirrors the reference's `VortexError` kinds.
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

std::string_view StatusCodeName(StatusCode code);

/// Reports success or a failure with a code and a message. An OK status holds no allocation,
/// so returning success costs one null pointer.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(StatusCode code, std::string message);

    static Status OK() { return {}; }

#define VX_STATUS_FACTORY(NAME)                                                                              \
    template <typename... Args>                                                                              \
    static Status NAME(format_string<Args...> fmt_str, Args &&...args) {                                     \
        return Status(StatusCode::NAME, ::vortex::format(fmt_str, std::forward<Args>(args)...));             \
    }
    VX_STATUS_FACTORY(OutOfBounds)
    VX_STATUS_FACTORY(Compute)
    VX_STATUS_FACTORY(InvalidArgument)
    VX_STATUS_FACTORY(Serde)
    VX_STATUS_FACTORY(NotImplemented)
    VX_STATUS_FACTORY(MismatchedTypes)
    VX_STATUS_FACTORY(Io)
    VX_STATUS_FACTORY(Cancelled)
    VX_STATUS_FACTORY(Internal)
#undef VX_STATUS_FACTORY

    bool ok() const {
        return state_ == nullptr;
    }
    StatusCode code() const {
        return ok() ? StatusCode::OK : state_->code;
    }
    /// Returns the message without the code prefix; empty for OK.
    const std::string &message() const;
    /// Returns "Code: message", or "OK".
    std::string ToString() const;

    /// Returns a copy whose message is prefixed with `context` ("reading footer: ...").
    Status WithContext(std::string_view context) const;

    bool operator==(const Status &other) const {
        return code() == other.code() && message() == other.message();
    }

private:
    struct State {
        StatusCode code;
        std::string message;
    };
    // Shared so that copying an error is cheap; the state is never mutated once built.
    std::shared_ptr<const State> state_;
};

std::ostream &operator<<(std::ostream &os, const Status &status);

} // namespace vortex

template <>
struct fmt::formatter<vortex::Status> : fmt::formatter<std::string> {
    auto format(const vortex::Status &s, format_context &ctx) const {
        return fmt::formatter<std::string>::format(s.ToString(), ctx);
    }
};
