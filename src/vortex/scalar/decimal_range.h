// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/dtype/decimal.h"

namespace vortex {

/// True when |value| < 10^precision, i.e. the unscaled value has at most `precision` digits.
bool DecimalFitsPrecision(const I256 &value, uint8_t precision);

} // namespace vortex
