// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/result.h"

namespace vortex {

class SessionBuilder;

/// Registers vortex.flat, vortex.chunked, vortex.struct, vortex.dict, vortex.stats and
/// vortex.zoned.
Status RegisterBuiltinLayouts(SessionBuilder &builder);

} // namespace vortex
