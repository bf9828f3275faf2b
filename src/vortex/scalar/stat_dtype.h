// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

#include "vortex/dtype/dtype.h"

namespace vortex {

/// Returns the dtype of the Sum statistic of a column of `dtype`, or nullopt when the dtype
/// has no sum. Spec: dtypes-scalars, section 4.1: Bool and unsigned → U64, signed → I64,
/// floats → F64, Decimal(p, s) → Decimal(min(76, p + 10), s); always nullable. Extension
/// columns have no sum here (legacy files may hold one over the storage dtype).
std::optional<DType> SumDType(const DType &dtype);

} // namespace vortex
