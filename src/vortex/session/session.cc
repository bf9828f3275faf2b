// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/session/session.h"

namespace vortex {

SessionBuilder::SessionBuilder() : session_(new Session()) {}
SessionBuilder::~SessionBuilder() = default;
SessionBuilder::SessionBuilder(SessionBuilder &&) noexcept = default;
SessionBuilder &SessionBuilder::operator=(SessionBuilder &&) noexcept = default;

std::shared_ptr<const Session> SessionBuilder::Build() && {
    std::shared_ptr<const Session> out(std::move(session_));
    session_.reset(new Session());
    return out;
}

} // namespace vortex
