// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Encodes numbers in pco's wrapped format, version 4.1 (what the reference's pco 1.0 writes),
// so that pco's own decoder reads them: Classic mode, with consecutive delta encoding of order
// 0-3 where it is estimated smaller, bins chosen by pco_bins.h, 4-way interleaved tANS.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

struct EncodeOptions {
    /// Numbers per chunk: the reference's VALUES_PER_CHUNK (pco's DEFAULT_MAX_PAGE_N).
    size_t values_per_chunk = size_t{1} << 18;
    /// Pages of equal size up to this many numbers: the reference's BtrBlocks schemes use 8192.
    size_t values_per_page = 8192;
    /// The highest consecutive delta order tried (pco allows up to 7).
    unsigned max_delta_order = 3;
};

struct EncodedPage {
    std::vector<uint8_t> bytes;
    size_t n = 0;
};

struct EncodedChunk {
    std::vector<uint8_t> meta;
    std::vector<EncodedPage> pages;
};

struct EncodedNumbers {
    std::vector<uint8_t> header;
    std::vector<EncodedChunk> chunks;
};

/// Encodes `n` numbers of `type` (native layout; f16 as its bits). No chunk for n == 0.
Result<EncodedNumbers>
EncodeNumbers(NumberType type, const void *values, size_t n, const EncodeOptions &options = {});

/// How `n` numbers split into pages of at most `max_page_n` (pco's EqualPagesUpTo).
std::vector<size_t> EqualPages(size_t n, size_t max_page_n);

} // namespace vortex::pco
