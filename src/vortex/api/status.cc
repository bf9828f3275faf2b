// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/status.hpp"

#include "vortex/api/api_internal.h"
#include "vortex/version.hpp"

namespace vortex {

const char *Version() {
    return VORTEX_VERSION_STRING;
}

namespace api {

// The public codes are the internal ones, value for value.
static_assert(static_cast<int>(StatusCode::Internal) == static_cast<int>(vortex::StatusCode::Internal));
static_assert(static_cast<int>(StatusCode::Io) == static_cast<int>(vortex::StatusCode::Io));
static_assert(static_cast<int>(StatusCode::OutOfBounds) == static_cast<int>(vortex::StatusCode::OutOfBounds));

const char *StatusCodeName(StatusCode code) {
    return vortex::StatusCodeName(static_cast<vortex::StatusCode>(code)).data();
}

std::string Status::ToString() const {
    if (ok()) {
        return "OK";
    }
    return std::string(StatusCodeName(code_)) + ": " + message_;
}

Status ToPublic(const vortex::Status &status) {
    if (status.ok()) {
        return Status::OK();
    }
    return {static_cast<StatusCode>(status.code()), status.message()};
}

vortex::Status ToInternal(const Status &status) {
    if (status.ok()) {
        return vortex::Status::OK();
    }
    return {static_cast<vortex::StatusCode>(status.code()), status.message()};
}

} // namespace api
} // namespace vortex
