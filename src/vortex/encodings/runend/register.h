// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::runend {

/// Registers vortex.runend.
Status RegisterRunEndEncodings(SessionBuilder &builder);

} // namespace vortex::runend
