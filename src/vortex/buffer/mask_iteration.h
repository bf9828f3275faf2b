// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/base/bits.h"
#include "vortex/buffer/mask.h"

namespace vortex {

/// Calls fn(i) for every set position of `mask`, ascending, a word at a time, without building
/// the index vector Mask::Indices() returns (filters of dense masks need none).
template <typename Fn>
void ForEachKept(const Mask &mask, Fn &&fn) {
    if (mask.all_true()) {
        for (size_t i = 0; i < mask.len(); ++i) {
            fn(i);
        }
    } else if (!mask.all_false()) {
        const BitBuffer bits = mask.ToBitBuffer();
        bits::ForEachSetBit(bits.buffer().data(), bits.offset(), bits.len(), fn);
    }
}

} // namespace vortex
