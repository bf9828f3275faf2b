// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::decimal_byte_parts {

/// Registers vortex.decimal_byte_parts.
Status RegisterDecimalBytePartsEncodings(SessionBuilder &builder);

} // namespace vortex::decimal_byte_parts
