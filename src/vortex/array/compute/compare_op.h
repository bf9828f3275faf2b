// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace vortex {

/// Binary comparison operators, as the reference's `Operator` comparison subset.
enum class CompareOp : uint8_t { Eq, NotEq, Gt, Gte, Lt, Lte };

std::string_view CompareOpName(CompareOp op);
/// Returns the operator that gives the same answer with the operands swapped (a < b == b > a).
CompareOp SwapCompareOp(CompareOp op);

/// Calls `fn` with the function object of `op` (std::equal_to<>, std::less<>, ...), so a loop
/// written once is instantiated per operator with no branch on `op` inside it. An operator
/// outside the enum gets one that is always false.
template <typename Fn>
decltype(auto) WithComparator(CompareOp op, Fn &&fn) {
    switch (op) {
        case CompareOp::Eq:
            return fn(std::equal_to<>{});
        case CompareOp::NotEq:
            return fn(std::not_equal_to<>{});
        case CompareOp::Gt:
            return fn(std::greater<>{});
        case CompareOp::Gte:
            return fn(std::greater_equal<>{});
        case CompareOp::Lt:
            return fn(std::less<>{});
        case CompareOp::Lte:
            return fn(std::less_equal<>{});
    }
    return fn([](const auto &, const auto &) { return false; });
}

} // namespace vortex
