// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::datetime_parts {

/// Registers vortex.datetimeparts.
Status RegisterDateTimePartsEncodings(SessionBuilder &builder);

} // namespace vortex::datetime_parts
