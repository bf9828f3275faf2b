// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::pco {

/// Registers vortex.pco (read and written).
Status RegisterPcoEncodings(SessionBuilder &builder);

} // namespace vortex::pco
