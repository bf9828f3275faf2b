// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_decoder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <type_traits>
#include <vector>

#include "vortex/dtype/ptype.h"
#include "vortex/encodings/pco/pco_ans.h"
#include "vortex/encodings/pco/pco_latent.h"

namespace vortex::pco {

namespace {

// One latent variable's tANS decoding table: per state, the bin it decodes to and the next
// state's base (pco ans/spec.rs and ans/decoding.rs).
template <typename L>
struct LatentTables {
    struct Node {
        uint32_t next_state_base;
        uint8_t bits_to_read;
        uint8_t offset_bits;
        L lower;
    };
    std::vector<Node> nodes;
    size_t n_bins = 0;
    LatentDelta delta;
};

template <typename L>
Result<LatentTables<L>> BuildTables(const LatentVarMeta &meta, const LatentDelta &delta) {
    LatentTables<L> tables;
    tables.n_bins = meta.bins.size();
    tables.delta = delta;
    std::vector<uint32_t> weights;
    for (const Bin &bin : meta.bins) {
        weights.push_back(bin.weight);
    }
    if (weights.empty()) {
        weights.push_back(1);
    }
    const uint32_t table_size = uint32_t{1} << meta.ans_size_log;
    uint64_t total = 0;
    for (uint32_t w : weights) {
        total += w;
    }
    VX_ENSURE(total == table_size, Serde, "vortex.pco: bin weights sum to {}, the ANS table has {} states",
              total, table_size);
    const std::vector<uint32_t> state_symbols = SpreadStateSymbols(weights, meta.ans_size_log);
    tables.nodes.resize(table_size);
    std::vector<uint32_t> next = weights;
    for (uint32_t state = 0; state < table_size; ++state) {
        const uint32_t symbol = state_symbols[state];
        const uint32_t x = next[symbol]++;
        const unsigned bits = static_cast<unsigned>(std::countl_zero(x) - std::countl_zero(table_size));
        auto &node = tables.nodes[state];
        node.next_state_base = (x << bits) - table_size;
        node.bits_to_read = static_cast<uint8_t>(bits);
        const bool has_bin = symbol < meta.bins.size();
        node.offset_bits = has_bin ? static_cast<uint8_t>(meta.bins[symbol].offset_bits) : 0;
        node.lower = has_bin ? static_cast<L>(meta.bins[symbol].lower) : L{0};
    }
    return tables;
}

// One latent variable's state within a page, and the latents of the current batch.
template <typename L>
struct PageLatent {
    std::array<uint32_t, kInterleaving> ans{};
    // Consecutive: the moments; Conv1: the last `order` latents; Lookback: the window buffer.
    std::vector<L> state;
    size_t window_pos = 0;
    std::array<L, kBatchN> latents{};
    std::array<uint8_t, kBatchN> offset_bits{};
};

template <typename L>
PageLatent<L> ReadPageLatent(BitReader &reader, const LatentVarMeta &meta, const LatentDelta &delta) {
    PageLatent<L> page;
    std::vector<L> stored(delta.state_n());
    for (L &value : stored) {
        value = static_cast<L>(reader.Read(kBits<L>));
    }
    for (uint32_t &state : page.ans) {
        state = static_cast<uint32_t>(reader.Read(meta.ans_size_log));
    }
    if (delta.kind == DeltaKind::Lookback) {
        const size_t window_n = size_t{1} << delta.window_n_log;
        page.state.assign(std::max(window_n, kBatchN) * 2, L{0});
        std::copy(stored.begin(), stored.end(),
                  page.state.begin() + static_cast<ptrdiff_t>(window_n - stored.size()));
        page.window_pos = window_n;
    } else {
        page.state = std::move(stored);
    }
    return page;
}

// Decodes `n` latents' bins (tANS) and then their offsets.
template <typename L>
void ReadPreDelta(BitReader &reader, const LatentTables<L> &tables, PageLatent<L> &page, size_t n) {
    if (n == 0) {
        return;
    }
    if (tables.n_bins > 1) {
        for (size_t i = 0; i < n; ++i) {
            uint32_t &state = page.ans[i % kInterleaving];
            const auto &node = tables.nodes[state];
            page.latents[i] = node.lower;
            page.offset_bits[i] = node.offset_bits;
            state = node.next_state_base + static_cast<uint32_t>(reader.Read(node.bits_to_read));
        }
    } else {
        // One bin (or none): no tANS bits at all.
        const auto &node = tables.nodes[0];
        std::fill_n(page.latents.begin(), n, node.lower);
        std::fill_n(page.offset_bits.begin(), n, node.offset_bits);
    }
    for (size_t i = 0; i < n; ++i) {
        if (page.offset_bits[i] != 0) {
            page.latents[i] = WrapAdd(page.latents[i], static_cast<L>(reader.Read(page.offset_bits[i])));
        }
    }
}

template <typename L>
void DecodeConsecutive(PageLatent<L> &page, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        page.latents[i] = ToggleCenter(page.latents[i]);
    }
    for (auto moment = page.state.rbegin(); moment != page.state.rend(); ++moment) {
        for (size_t i = 0; i < n; ++i) {
            const L delta = page.latents[i];
            page.latents[i] = *moment;
            *moment = WrapAdd(*moment, delta);
        }
    }
}

template <typename L>
Status DecodeLookback(const LatentDelta &delta,
                      PageLatent<L> &page,
                      const std::array<uint32_t, kBatchN> &lookbacks,
                      size_t n) {
    for (size_t i = 0; i < n; ++i) {
        page.latents[i] = ToggleCenter(page.latents[i]);
    }
    const size_t window_n = size_t{1} << delta.window_n_log;
    const size_t state_n = size_t{1} << delta.state_n_log;
    std::vector<L> &window = page.state;
    size_t start = page.window_pos;
    if (start + n > window.size()) {
        std::copy(window.begin() + static_cast<ptrdiff_t>(start - window_n),
                  window.begin() + static_cast<ptrdiff_t>(start), window.begin());
        start = window_n;
    }
    bool out_of_window = false;
    for (size_t i = 0; i < n; ++i) {
        size_t lookback = lookbacks[i];
        if (lookback > window_n) {
            out_of_window = true;
            lookback = 1;
        }
        // start >= window_n >= lookback, so this never reads before the buffer.
        window[start + i] = WrapAdd(page.latents[i], window[start + i - lookback]);
    }
    std::copy_n(window.begin() + static_cast<ptrdiff_t>(start - state_n), n, page.latents.begin());
    page.window_pos = start + n;
    VX_ENSURE(!out_of_window, Serde, "vortex.pco: a delta lookback exceeds its window of {}", window_n);
    return Status::OK();
}

template <typename L>
void DecodeConv1(const LatentDelta &delta, PageLatent<L> &page, size_t n) {
    // Predictions in signed integers of twice the latent width; the chunk's validation keeps
    // them from overflowing, so int64_t gives the same values for every latent width.
    const size_t order = delta.weights.size();
    std::vector<L> residuals(order + n);
    std::copy(page.state.begin(), page.state.end(), residuals.begin());
    for (size_t i = 0; i < n; ++i) {
        residuals[order + i] = ToggleCenter(page.latents[i]);
    }
    for (size_t i = order; i < residuals.size(); ++i) {
        int64_t sum = delta.bias;
        for (size_t j = 0; j < order; ++j) {
            sum += delta.weights[j] * static_cast<int64_t>(residuals[i - order + j]);
        }
        const L prediction =
            static_cast<L>(static_cast<uint64_t>(std::max<int64_t>(sum, 0) >> delta.quantization));
        residuals[i] = WrapAdd(residuals[i], prediction);
    }
    std::copy_n(residuals.begin(), n, page.latents.begin());
    std::copy(residuals.begin() + static_cast<ptrdiff_t>(n), residuals.end(), page.state.begin());
}

template <typename L>
Status DecodeDelta(const LatentDelta &delta,
                   PageLatent<L> &page,
                   const std::array<uint32_t, kBatchN> *lookbacks,
                   size_t n) {
    switch (delta.kind) {
        case DeltaKind::None:
            return Status::OK();
        case DeltaKind::Consecutive:
            DecodeConsecutive(page, n);
            return Status::OK();
        case DeltaKind::Lookback:
            return DecodeLookback(delta, page, *lookbacks, n);
        case DeltaKind::Conv1:
            DecodeConv1(delta, page, n);
            return Status::OK();
    }
    return Status::OK();
}

// ---- Latents to numbers (the output is the number's bits in a latent-width integer) ----

// The float type of a latent width, for FloatMult's arithmetic (f16 computes through f32 and
// rounds, as the half crate does).
template <typename L>
L FloatMultiply(L a_bits, L b_bits) {
    if constexpr (sizeof(L) == 8) {
        return std::bit_cast<uint64_t>(std::bit_cast<double>(a_bits) * std::bit_cast<double>(b_bits));
    } else if constexpr (sizeof(L) == 4) {
        return std::bit_cast<uint32_t>(std::bit_cast<float>(a_bits) * std::bit_cast<float>(b_bits));
    } else {
        const float product = Half{a_bits}.ToFloat() * Half{b_bits}.ToFloat();
        return Half::FromFloat(product).bits;
    }
}

// int_float_from_latent: integers as floats, exact below 2^mantissa digits and counted in ULPs
// above.
template <typename L>
L IntFloatFromLatent(L latent) {
    constexpr unsigned kDigits = sizeof(L) == 8 ? 53 : sizeof(L) == 4 ? 24 : 11;
    constexpr L kSign = kMid<L>;
    const bool negative = latent < kMid<L>;
    const L abs_int = negative ? static_cast<L>(kMid<L> - 1 - latent) : static_cast<L>(latent - kMid<L>);
    constexpr uint64_t kGpi = uint64_t{1} << kDigits;
    L abs_bits;
    auto to_float_bits = [](uint64_t value) -> L {
        if constexpr (sizeof(L) == 8) {
            return std::bit_cast<uint64_t>(static_cast<double>(value));
        } else if constexpr (sizeof(L) == 4) {
            return std::bit_cast<uint32_t>(static_cast<float>(value));
        } else {
            return Half::FromFloat(static_cast<float>(value)).bits;
        }
    };
    if (abs_int < kGpi) {
        abs_bits = to_float_bits(abs_int);
    } else {
        abs_bits = WrapAdd(to_float_bits(kGpi), static_cast<L>(abs_int - kGpi));
    }
    return negative ? static_cast<L>(abs_bits ^ kSign) : abs_bits;
}

template <typename L, typename P>
Status Join(const ChunkMeta &meta,
            Kind kind,
            const std::array<P, kBatchN> &primary,
            const std::array<L, kBatchN> *secondary,
            size_t n,
            L *out) {
    const Mode &mode = meta.mode;
    // For Dict-only instantiations (P != L) the other arms are empty, hence identical.
    switch (mode.kind) { // NOLINT(bugprone-branch-clone)
        case ModeKind::Classic:
            if constexpr (std::is_same_v<L, P>) {
                for (size_t i = 0; i < n; ++i) {
                    out[i] = FromLatentOrdered(primary[i], kind);
                }
            }
            return Status::OK();
        case ModeKind::Dict:
            for (size_t i = 0; i < n; ++i) {
                VX_ENSURE(primary[i] < mode.dict.size(), Serde,
                          "vortex.pco: dictionary index {} of {} values", static_cast<uint64_t>(primary[i]),
                          mode.dict.size());
                out[i] = FromLatentOrdered(static_cast<L>(mode.dict[primary[i]]), kind);
            }
            return Status::OK();
        case ModeKind::IntMult: // NOLINT(bugprone-branch-clone)
            if constexpr (std::is_same_v<L, P>) {
                const L base = static_cast<L>(mode.base);
                for (size_t i = 0; i < n; ++i) {
                    out[i] = FromLatentOrdered(WrapAdd(WrapMul(primary[i], base), (*secondary)[i]), kind);
                }
            }
            return Status::OK();
        case ModeKind::FloatMult:
            if constexpr (std::is_same_v<L, P>) {
                const L base_bits = FromLatentOrdered(static_cast<L>(mode.base), Kind::Float);
                for (size_t i = 0; i < n; ++i) {
                    const L unadjusted = FloatMultiply(IntFloatFromLatent(primary[i]), base_bits);
                    const L latent = ToggleCenter(WrapAdd(FloatBitsToLatent(unadjusted), (*secondary)[i]));
                    out[i] = FromLatentOrdered(latent, Kind::Float);
                }
            }
            return Status::OK();
        case ModeKind::FloatQuant:
            if constexpr (std::is_same_v<L, P>) {
                const unsigned k = mode.k;
                const L sign_cutoff = static_cast<L>(kMid<L> >> k);
                const L low_max = static_cast<L>((uint64_t{1} << k) - 1);
                for (size_t i = 0; i < n; ++i) {
                    const L y = primary[i];
                    const L m = (*secondary)[i];
                    const L low = y >= sign_cutoff ? m : WrapSub(low_max, m);
                    out[i] = FromLatentOrdered(WrapAdd(static_cast<L>(static_cast<uint64_t>(y) << k), low),
                                               Kind::Float);
                }
            }
            return Status::OK();
    }
    return Status::Serde("vortex.pco: unknown mode");
}

template <typename L, typename P>
Status DecodePageTyped(const ChunkMeta &meta, BitReader &reader, size_t n, L *out) {
    const Kind kind = KindOf(meta.number_type);
    std::optional<LatentTables<uint32_t>> delta_tables;
    std::optional<LatentTables<L>> secondary_tables;
    if (meta.delta_var) {
        VX_ASSIGN_OR_RETURN(
            delta_tables, BuildTables<uint32_t>(*meta.delta_var, ForLatentVar(meta.delta, LatentVar::Delta)));
    }
    VX_ASSIGN_OR_RETURN(auto primary_tables,
                        BuildTables<P>(meta.primary, ForLatentVar(meta.delta, LatentVar::Primary)));
    if (meta.secondary) {
        VX_ASSIGN_OR_RETURN(secondary_tables,
                            BuildTables<L>(*meta.secondary, ForLatentVar(meta.delta, LatentVar::Secondary)));
    }

    // The page header: each latent variable's delta state and tANS states, then padding.
    std::optional<PageLatent<uint32_t>> delta_page;
    std::optional<PageLatent<L>> secondary_page;
    if (delta_tables) {
        delta_page = ReadPageLatent<uint32_t>(reader, *meta.delta_var, delta_tables->delta);
    }
    PageLatent<P> primary_page = ReadPageLatent<P>(reader, meta.primary, primary_tables.delta);
    if (secondary_tables) {
        secondary_page = ReadPageLatent<L>(reader, *meta.secondary, secondary_tables->delta);
    }
    VX_RETURN_NOT_OK(reader.DrainToByte("the page header"));

    const size_t primary_state_n = primary_tables.delta.state_n();
    const size_t n_in_body = n > primary_state_n ? n - primary_state_n : 0;
    const bool some_var_without_bins = primary_tables.n_bins == 0 ||
                                       (delta_tables && delta_tables->n_bins == 0) ||
                                       (secondary_tables && secondary_tables->n_bins == 0);
    VX_ENSURE(!(some_var_without_bins && n_in_body > 0), Serde,
              "vortex.pco: a chunk without bins holds {} latents", n_in_body);

    auto pre_delta_len = [](size_t remaining, size_t state_n) {
        return std::min(kBatchN, remaining > state_n ? remaining - state_n : 0);
    };
    for (size_t done = 0; done < n; done += kBatchN) {
        const size_t remaining = n - done;
        const size_t batch = std::min(kBatchN, remaining);
        if (delta_tables) {
            ReadPreDelta(reader, *delta_tables, *delta_page,
                         std::min(pre_delta_len(remaining, primary_state_n), batch));
        }
        const std::array<uint32_t, kBatchN> *lookbacks = delta_page ? &delta_page->latents : nullptr;
        ReadPreDelta(reader, primary_tables, primary_page, pre_delta_len(remaining, primary_state_n));
        VX_RETURN_NOT_OK(DecodeDelta(primary_tables.delta, primary_page, lookbacks, batch));
        if (secondary_tables) {
            ReadPreDelta(reader, *secondary_tables, *secondary_page,
                         pre_delta_len(remaining, secondary_tables->delta.state_n()));
            VX_RETURN_NOT_OK(DecodeDelta(secondary_tables->delta, *secondary_page, lookbacks, batch));
        }
        VX_RETURN_NOT_OK(reader.CheckInBounds("the page"));
        const auto *secondary = secondary_page ? &secondary_page->latents : nullptr;
        const Status joined = Join<L, P>(meta, kind, primary_page.latents, secondary, batch, out + done);
        VX_RETURN_NOT_OK(joined);
    }
    return reader.DrainToByte("the page");
}

template <typename L>
Status DecodePageFor(const ChunkMeta &meta, BitReader &reader, size_t n, void *out) {
    L *typed = static_cast<L *>(out);
    if (meta.mode.kind == ModeKind::Dict) {
        return DecodePageTyped<L, uint32_t>(meta, reader, n, typed);
    }
    return DecodePageTyped<L, L>(meta, reader, n, typed);
}

} // namespace

Status DecodePage(const ChunkMeta &chunk, BitReader &reader, size_t n, void *out) {
    switch (NumberBits(chunk.number_type)) {
        case 8:
            return DecodePageFor<uint8_t>(chunk, reader, n, out);
        case 16:
            return DecodePageFor<uint16_t>(chunk, reader, n, out);
        case 32:
            return DecodePageFor<uint32_t>(chunk, reader, n, out);
        default:
            return DecodePageFor<uint64_t>(chunk, reader, n, out);
    }
}

Status DecodePage(const ChunkMeta &chunk, std::span<const uint8_t> page, size_t n, void *out) {
    BitReader reader(page);
    VX_RETURN_NOT_OK(DecodePage(chunk, reader, n, out));
    VX_ENSURE(reader.byte_pos() == page.size(), Serde, "vortex.pco: page of {} bytes holds {} bytes of data",
              page.size(), reader.byte_pos());
    return Status::OK();
}

} // namespace vortex::pco
