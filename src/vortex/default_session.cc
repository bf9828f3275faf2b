// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/default_session.h"

#include "vortex/array/canonical.h"
#include "vortex/encodings/encoding_families.h"
#include "vortex/layout/builtin_layouts.h"

namespace vortex {

Result<SessionBuilder> DefaultSessionBuilder() {
    SessionBuilder builder;
    VX_RETURN_NOT_OK(RegisterCanonicalEncodings(builder));
    // Every family src/vortex/encodings/ declares with vortex_add_encoding(), in its order.
    VX_RETURN_NOT_OK(internal::RegisterEncodingFamilies(builder));
    VX_RETURN_NOT_OK(RegisterBuiltinLayouts(builder));
    return builder;
}

const Session &DefaultSession() {
    return *DefaultSessionPtr();
}

const std::shared_ptr<const Session> &DefaultSessionPtr() {
    // Thread-safe static initialization; afterwards the session is immutable.
    static const std::shared_ptr<const Session> session = [] {
        Result<SessionBuilder> builder = DefaultSessionBuilder();
        VX_CHECK_MSG(builder.ok(), "registering the built-in encodings failed: {}", builder.status());
        return std::move(*builder).Build();
    }();
    return session;
}

} // namespace vortex
