// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::fsst {

/// Registers vortex.fsst (its legacy form needs vortex.varbin, a canonical-layer encoding).
Status RegisterFsstEncodings(SessionBuilder &builder);

} // namespace vortex::fsst
