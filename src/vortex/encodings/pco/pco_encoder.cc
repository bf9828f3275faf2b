// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_encoder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <span>

#include "vortex/encodings/pco/pco_ans.h"
#include "vortex/encodings/pco/pco_bins.h"
#include "vortex/encodings/pco/pco_latent.h"

namespace vortex::pco {

namespace {

// Contiguous windows of the chunk sampled to choose the delta order.
constexpr size_t kSampleWindows = 8;
constexpr size_t kSampleWindowN = 1024;

// A page's consecutive delta encoding of order `order`: the first value of each difference
// level (the decoder's moments, zero where the page is too short) and the order-th differences
// with the center toggled, which pco bins.
template <typename L>
struct PageLatents {
    std::vector<L> moments;
    std::vector<L> body;
};

template <typename L>
PageLatents<L> DeltaEncode(std::span<const L> latents, unsigned order) {
    PageLatents<L> page;
    std::vector<L> level(latents.begin(), latents.end());
    for (unsigned k = 0; k < order; ++k) {
        page.moments.push_back(level.empty() ? L{0} : level.front());
        for (size_t i = 0; i + 1 < level.size(); ++i) {
            level[i] = WrapSub(level[i + 1], level[i]);
        }
        if (!level.empty()) {
            level.pop_back();
        }
    }
    if (order > 0) {
        for (L &delta : level) {
            delta = ToggleCenter(delta);
        }
    }
    page.body = std::move(level);
    return page;
}

// The delta order whose differences bin into the fewest bits, on sampled windows.
template <typename L>
unsigned ChooseDeltaOrder(std::span<const L> latents, size_t page_n, unsigned max_order) {
    std::vector<std::span<const L>> windows;
    if (latents.size() <= kSampleWindows * kSampleWindowN) {
        windows.push_back(latents);
    } else {
        const size_t stride = latents.size() / kSampleWindows;
        for (size_t w = 0; w < kSampleWindows; ++w) {
            windows.push_back(latents.subspan(w * stride, kSampleWindowN));
        }
    }
    unsigned best_order = 0;
    double best_bits_per_number = 0;
    for (unsigned order = 0; order <= max_order; ++order) {
        std::vector<L> body;
        size_t numbers = 0;
        for (auto window : windows) {
            auto page = DeltaEncode(window, order);
            body.insert(body.end(), page.body.begin(), page.body.end());
            numbers += window.size();
        }
        if (body.empty()) {
            break;
        }
        std::sort(body.begin(), body.end());
        const double bits = ChooseBins<L>(body, kBits<L>).estimated_bits;
        // Each page stores `order` moments in full width.
        const double per_number = bits / static_cast<double>(numbers) +
                                  static_cast<double>(order * kBits<L>) / static_cast<double>(page_n);
        // A higher order must pay for itself clearly (its bins are estimated on a sample).
        if (order == 0 || per_number < best_bits_per_number * 0.98) {
            best_order = order;
            best_bits_per_number = per_number;
        }
    }
    return best_order;
}

// What every page of a chunk encodes with: the bins' lower bounds and weights, and each
// symbol's tANS states in table order (state x in [w, 2w) moves to the (x - w)-th one).
struct PageTables {
    std::vector<uint64_t> lowers;
    std::vector<uint32_t> weights;
    std::vector<std::vector<uint32_t>> symbol_states;
    uint32_t table_size = 1;
};

PageTables BuildPageTables(const LatentVarMeta &var) {
    PageTables tables;
    tables.table_size = uint32_t{1} << var.ans_size_log;
    for (const Bin &bin : var.bins) {
        tables.lowers.push_back(bin.lower);
        tables.weights.push_back(bin.weight);
    }
    if (var.bins.size() > 1) {
        const std::vector<uint32_t> state_symbols = SpreadStateSymbols(tables.weights, var.ans_size_log);
        tables.symbol_states.resize(tables.weights.size());
        for (uint32_t state = 0; state < tables.table_size; ++state) {
            tables.symbol_states[state_symbols[state]].push_back(tables.table_size + state);
        }
    }
    return tables;
}

// One page: the moments and tANS states, then per batch the bins' tANS bits and the offsets.
template <typename L>
std::vector<uint8_t>
EncodePage(const LatentVarMeta &var, const PageTables &tables, const PageLatents<L> &page, size_t n) {
    const size_t n_body = page.body.size();
    std::vector<uint32_t> symbols(n_body);
    for (size_t i = 0; i < n_body; ++i) {
        symbols[i] = static_cast<uint32_t>(FindBin(tables.lowers, page.body[i]));
    }

    // tANS runs backwards: encode from the last latent, emitting each latent's renormalization
    // bits, which the decoder reads forwards. Encoder states live in [T, 2T).
    const uint32_t table_size = tables.table_size;
    std::array<uint32_t, kInterleaving> states;
    states.fill(table_size);
    std::vector<uint32_t> ans_bits(n_body);
    std::vector<uint8_t> ans_bit_counts(n_body, 0);
    if (var.bins.size() > 1) {
        for (size_t i = n_body; i-- > 0;) {
            uint32_t &state = states[i % kInterleaving];
            const uint32_t symbol = symbols[i];
            const uint32_t weight = tables.weights[symbol];
            auto shift = static_cast<unsigned>(std::bit_width(state) - std::bit_width(weight));
            if ((state >> shift) < weight) {
                --shift;
            }
            ans_bits[i] = state & ((uint32_t{1} << shift) - 1);
            ans_bit_counts[i] = static_cast<uint8_t>(shift);
            state = tables.symbol_states[symbol][(state >> shift) - weight];
        }
    }

    BitWriter writer;
    for (L moment : page.moments) {
        writer.Write(moment, kBits<L>);
    }
    for (uint32_t state : states) {
        writer.Write(state - table_size, var.ans_size_log);
    }
    writer.PadToByte();
    const size_t order = page.moments.size();
    size_t body_index = 0;
    for (size_t done = 0; done < n; done += kBatchN) {
        const size_t remaining = n - done;
        const size_t batch_body = std::min(kBatchN, remaining > order ? remaining - order : 0);
        const size_t stop = body_index + batch_body;
        for (size_t i = body_index; i < stop; ++i) {
            writer.Write(ans_bits[i], ans_bit_counts[i]);
        }
        for (size_t i = body_index; i < stop; ++i) {
            const Bin &bin = var.bins[symbols[i]];
            writer.Write(static_cast<uint64_t>(WrapSub(page.body[i], static_cast<L>(bin.lower))),
                         bin.offset_bits);
        }
        body_index = stop;
    }
    return std::move(writer).Finish();
}

template <typename L>
EncodedChunk EncodeChunk(NumberType type, std::span<const L> numbers, const EncodeOptions &options) {
    const Kind kind = KindOf(type);
    std::vector<L> latents(numbers.size());
    for (size_t i = 0; i < numbers.size(); ++i) {
        latents[i] = ToLatentOrdered(numbers[i], kind);
    }
    const std::vector<size_t> page_sizes = EqualPages(latents.size(), options.values_per_page);
    const unsigned order = ChooseDeltaOrder<L>(latents, page_sizes.front(), options.max_delta_order);

    std::vector<PageLatents<L>> pages;
    std::vector<L> sorted;
    size_t start = 0;
    for (size_t page_n : page_sizes) {
        pages.push_back(DeltaEncode(std::span<const L>(latents).subspan(start, page_n), order));
        sorted.insert(sorted.end(), pages.back().body.begin(), pages.back().body.end());
        start += page_n;
    }
    std::sort(sorted.begin(), sorted.end());

    ChunkMeta meta;
    meta.number_type = type;
    meta.mode.kind = ModeKind::Classic;
    meta.delta.kind = order == 0 ? DeltaKind::None : DeltaKind::Consecutive;
    meta.delta.order = order;
    meta.primary = ChooseBins<L>(sorted, kBits<L>).meta;

    EncodedChunk chunk;
    BitWriter meta_writer;
    WriteChunkMeta(meta_writer, meta);
    chunk.meta = std::move(meta_writer).Finish();
    const PageTables tables = BuildPageTables(meta.primary);
    for (size_t p = 0; p < pages.size(); ++p) {
        chunk.pages.push_back({EncodePage(meta.primary, tables, pages[p], page_sizes[p]), page_sizes[p]});
    }
    return chunk;
}

template <typename L>
EncodedNumbers EncodeTyped(NumberType type, const L *values, size_t n, const EncodeOptions &options) {
    EncodedNumbers encoded;
    BitWriter header;
    WriteHeader(header);
    encoded.header = std::move(header).Finish();
    for (size_t start = 0; start < n; start += options.values_per_chunk) {
        const size_t chunk_n = std::min(options.values_per_chunk, n - start);
        encoded.chunks.push_back(EncodeChunk<L>(type, std::span<const L>(values + start, chunk_n), options));
    }
    return encoded;
}

} // namespace

std::vector<size_t> EqualPages(size_t n, size_t max_page_n) {
    const size_t n_pages = (n + max_page_n - 1) / max_page_n;
    std::vector<size_t> sizes;
    size_t start = 0;
    for (size_t i = 0; i < n_pages; ++i) {
        const size_t end = (i + 1) * n / n_pages;
        sizes.push_back(end - start);
        start = end;
    }
    return sizes;
}

Result<EncodedNumbers>
EncodeNumbers(NumberType type, const void *values, size_t n, const EncodeOptions &options) {
    VX_ENSURE(options.values_per_chunk > 0 && options.values_per_page > 0, InvalidArgument,
              "vortex.pco: chunks and pages must hold at least one number");
    VX_ENSURE(options.max_delta_order <= 7, InvalidArgument, "vortex.pco: delta order {} exceeds 7",
              options.max_delta_order);
    switch (NumberBits(type)) {
        case 8:
            return EncodeTyped(type, static_cast<const uint8_t *>(values), n, options);
        case 16:
            return EncodeTyped(type, static_cast<const uint16_t *>(values), n, options);
        case 32:
            return EncodeTyped(type, static_cast<const uint32_t *>(values), n, options);
        default:
            return EncodeTyped(type, static_cast<const uint64_t *>(values), n, options);
    }
}

} // namespace vortex::pco
