// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/canonical.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/base/check.h"
#include "vortex/session/session.h"

namespace vortex::testing_internal {

// The session the serde tests read and write with: every encoding of the array module.
inline const Session &CanonicalSession() {
    static const std::shared_ptr<const Session> session = [] {
        SessionBuilder builder;
        const Status status = RegisterCanonicalEncodings(builder);
        VX_CHECK_MSG(status.ok(), "registering the canonical encodings failed: {}", status);
        return std::move(builder).Build();
    }();
    return *session;
}

// The dictionary the serde tests write with: every canonical encoding, sorted.
inline const ArrayWriteContext &CanonicalWriteContext() {
    static const ArrayWriteContext context = ArrayWriteContext::FromSession(CanonicalSession());
    return context;
}

// The same dictionary as a reader resolves it from a footer.
inline const ArrayReadContext &CanonicalReadContext() {
    static const ArrayReadContext context = [] {
        const auto ids = CanonicalWriteContext().ids();
        return ArrayReadContext::Resolve(std::vector<std::string>(ids.begin(), ids.end()),
                                         CanonicalSession());
    }();
    return context;
}

} // namespace vortex::testing_internal
