// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The tANS table both directions share (pco ans/spec.rs): which symbol (bin) each state holds.

#include <cstdint>
#include <span>
#include <vector>

namespace vortex::pco {

/// Spreads each symbol's `weights[s]` states over a table of 2^size_log states with an odd
/// stride (a permutation of the table), in symbol order. The weights must sum to the table size.
inline std::vector<uint32_t> SpreadStateSymbols(std::span<const uint32_t> weights, unsigned size_log) {
    const uint32_t table_size = uint32_t{1} << size_log;
    uint32_t stride = 3 * table_size / 5;
    if (stride % 2 == 0) {
        ++stride;
    }
    const uint32_t mask = table_size - 1;
    std::vector<uint32_t> state_symbols(table_size);
    uint32_t step = 0;
    for (uint32_t symbol = 0; symbol < weights.size(); ++symbol) {
        for (uint32_t i = 0; i < weights[symbol]; ++i) {
            state_symbols[(stride * step) & mask] = symbol;
            ++step;
        }
    }
    return state_symbols;
}

} // namespace vortex::pco
