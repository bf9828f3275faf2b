// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Decodes pco pages: per latent variable the page's delta state and interleaved tANS states,
// then batches of 256 numbers (tANS-coded bins, then offsets, then delta decoding, then the
// mode's join of the latents into numbers). Every read is bounds-checked; corrupt input gives
// a Serde error, never an out-of-bounds access.

#include <cstddef>
#include <cstdint>
#include <span>

#include "vortex/base/result.h"
#include "vortex/encodings/pco/pco_bit_reader.h"
#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

/// Decodes a page of `n` numbers of `chunk`'s number type into `out` (`n` values in native
/// layout; f16 as its bits). `reader` starts at the page (a byte boundary) and ends past it.
Status DecodePage(const ChunkMeta &chunk, BitReader &reader, size_t n, void *out);

/// The same over a page held in its own buffer, which must hold exactly the page.
Status DecodePage(const ChunkMeta &chunk, std::span<const uint8_t> page, size_t n, void *out);

} // namespace vortex::pco
