// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/base/status.h"

namespace vortex {

std::string_view StatusCodeName(StatusCode code) {
    switch (code) {
        case StatusCode::OK:
            return "OK";
        case StatusCode::OutOfBounds:
            return "OutOfBounds";
        case StatusCode::Compute:
            return "Compute";
        case StatusCode::InvalidArgument:
            return "InvalidArgument";
        case StatusCode::Serde:
            return "Serde";
        case StatusCode::NotImplemented:
            return "NotImplemented";
        case StatusCode::MismatchedTypes:
            return "MismatchedTypes";
        case StatusCode::Io:
            return "Io";
        case StatusCode::Cancelled:
            return "Cancelled";
        case StatusCode::Internal:
            return "Internal";
    }
    return "Unknown";
}

Status::Status(StatusCode code, std::string message) {
    if (code != StatusCode::OK) {
        state_ = std::make_shared<const State>(State{code, std::move(message)});
    }
}

const std::string &Status::message() const {
    static const std::string kEmpty;
    return ok() ? kEmpty : state_->message;
}

std::string Status::ToString() const {
    if (ok()) {
        return "OK";
    }
    return format("{}: {}", StatusCodeName(state_->code), state_->message);
}

Status Status::WithContext(std::string_view context) const {
    if (ok()) {
        return *this;
    }
    return Status(state_->code, format("{}: {}", context, state_->message));
}

std::ostream &operator<<(std::ostream &os, const Status &status) {
    return os << status.ToString();
}

} // namespace vortex
