// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>

#include "vortex/dtype/decimal.h"

namespace vortex {

/// Renders an unscaled decimal at `scale` exactly: "12.34", "-0.05", "1200" (negative scale).
std::string FormatDecimal(const I256 &value, int8_t scale);

} // namespace vortex
