// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/buffer/bit_buffer.h"
#include "vortex/buffer/mask.h"

namespace vortex {

/// The bits of `word` at the set positions of `keep`, packed into the low bits in order (what
/// x86's PEXT computes). Costs min(kept, dropped) steps without BMI2.
uint64_t CompressBits(uint64_t word, uint64_t keep);

/// The bits of `bits` (of mask.len() bits) at the set positions of `mask`, packed: a filter of
/// booleans or validity a word at a time instead of a bit at a time.
BitBuffer FilterBits(const BitBuffer &bits, const Mask &mask);

} // namespace vortex
