// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string_view>

namespace vortex {

/// Binary comparison operators, as the reference's `Operator` comparison subset.
enum class CompareOp : uint8_t { Eq, NotEq, Gt, Gte, Lt, Lte };

std::string_view CompareOpName(CompareOp op);
/// Returns the operator that gives the same answer with the operands swapped (a < b == b > a).
CompareOp SwapCompareOp(CompareOp op);

} // namespace vortex
