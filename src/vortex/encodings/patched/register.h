// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::patched {

/// Registers vortex.patched (read only).
Status RegisterPatchedEncodings(SessionBuilder &builder);

} // namespace vortex::patched
