// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Choosing a latent variable's bins: contiguous ranges of the sorted latents, each coded as a
// tANS symbol plus an offset of the bin's width. Our own method (pco's bin_optimization.rs
// works differently): cut at a few hundred quantiles, isolate the values that fill a whole
// quantile, then merge neighbouring ranges by dynamic programming on the estimated bits.

#include <cstddef>
#include <span>

#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

struct BinChoice {
    /// Bins sorted by lower bound, weights quantized to the tANS table of ans_size_log.
    LatentVarMeta meta;
    /// The estimated size in bits of the latents coded with them, metadata included.
    double estimated_bits = 0;
};

/// Bins for `sorted` latents (ascending) of `latent_bits` bits. Every latent falls into the
/// last bin whose lower bound is not above it, within its offset bits.
template <typename L>
BinChoice ChooseBins(std::span<const L> sorted, unsigned latent_bits);

/// The bin of `latent` among bins sorted by lower bound.
size_t FindBin(std::span<const uint64_t> lowers, uint64_t latent);

} // namespace vortex::pco
