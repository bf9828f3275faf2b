// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/status.h"

namespace vortex {
class SessionBuilder;
} // namespace vortex

namespace vortex::zstd {

/// Registers vortex.zstd and vortex.zstd_buffers (read only).
Status RegisterZstdEncodings(SessionBuilder &builder);

} // namespace vortex::zstd
