// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"
#include "vortex/session/session.h"

namespace vortex::fastlanes {

/// Registers every fastlanes.* encoding with `builder`.
Status RegisterFastLanesEncodings(SessionBuilder &builder);

} // namespace vortex::fastlanes
