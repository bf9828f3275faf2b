// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex {

struct CompressorOptions {
    /// Adds zstd for strings and binaries and pco (and zstd) for numbers: smaller files, slower
    /// decoding (the reference's "compact" compressor). Read by the scheme sets' builders.
    bool compact = false;
    /// Dictionary-encodes integer arrays at the top of a cascade. The file writer turns it off
    /// for column data (the dict layout does that job there) and keeps it for zone tables, as the
    /// reference does. Below the top (a delta's deltas, a run-end's values) dictionaries are
    /// always tried: the dict layout never sees those.
    bool integer_dict = true;
    /// How many encodings may be stacked on one value (the reference's cascade depth).
    int max_depth = 3;
};

namespace compressor {
struct SchemeSet;

/// Compresses one array (any dtype, any encoding) with the schemes of `schemes`, BtrBlocks
/// style: for each leaf array the applicable schemes are tried on a sample of a few runs of
/// contiguous values, the one giving the smallest result wins (ties go to the one listed first),
/// and the children it produces (codes, run ends, encoded integers, ...) are compressed the same
/// way, up to `max_depth` levels. Structs, lists and extensions compress their parts. Deterministic:
/// the same input gives the same array whatever thread runs it. Returns the input's canonical
/// form when nothing pays. The default schemes and `vortex::Compress` are in btrblocks/.
Result<ArrayRef>
CompressWith(const ArrayRef &array, const SchemeSet &schemes, const CompressorOptions &options = {});

} // namespace compressor
} // namespace vortex
