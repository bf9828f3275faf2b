// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_bins.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace vortex::pco {

namespace {

// Quantiles cut before merging; pco's default level also starts from 2^8 bins.
constexpr size_t kInitialCuts = 256;
// The largest tANS table we aim for (pco caps it near 2^10-2^12 to stay in L1 cache).
constexpr unsigned kTargetAnsSizeLog = 10;
constexpr unsigned kMaxAnsSizeLog = 14;

unsigned CeilLog2(size_t n) {
    return n <= 1 ? 0 : static_cast<unsigned>(std::bit_width(n - 1));
}

// Integer weights summing to 2^size_log, each at least 1, close to the counts' shares.
std::vector<uint32_t> QuantizeWeights(std::span<const size_t> counts, size_t total, unsigned size_log) {
    const double table = std::ldexp(1.0, static_cast<int>(size_log));
    std::vector<double> ideal(counts.size());
    std::vector<uint32_t> weights(counts.size());
    int64_t sum = 0;
    for (size_t i = 0; i < counts.size(); ++i) {
        ideal[i] = static_cast<double>(counts[i]) * table / static_cast<double>(total);
        weights[i] = std::max<uint32_t>(1, static_cast<uint32_t>(ideal[i]));
        sum += weights[i];
    }
    const auto target = static_cast<int64_t>(uint64_t{1} << size_log);
    std::vector<size_t> order(counts.size());
    std::iota(order.begin(), order.end(), size_t{0});
    if (sum < target) {
        // Round up the bins that lost the most to flooring.
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return ideal[a] - weights[a] > ideal[b] - weights[b]; });
        for (size_t k = 0; sum < target; k = (k + 1) % order.size()) {
            ++weights[order[k]];
            ++sum;
        }
    } else if (sum > target) {
        // Take from the bins raised most above their share (the minimum of 1 raised them).
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return weights[a] - ideal[a] > weights[b] - ideal[b]; });
        for (size_t k = 0; sum > target; k = (k + 1) % order.size()) {
            if (weights[order[k]] > 1) {
                --weights[order[k]];
                --sum;
            }
        }
    }
    return weights;
}

} // namespace

size_t FindBin(std::span<const uint64_t> lowers, uint64_t latent) {
    return static_cast<size_t>(std::upper_bound(lowers.begin(), lowers.end(), latent) - lowers.begin()) - 1;
}

template <typename L>
BinChoice ChooseBins(std::span<const L> sorted, unsigned latent_bits) {
    BinChoice choice;
    choice.meta.latent_bits = latent_bits;
    const size_t n = sorted.size();
    if (n == 0) {
        return choice;
    }
    const double bin_meta_bits =
        latent_bits + static_cast<double>(std::bit_width(latent_bits)) + kTargetAnsSizeLog;

    // Cut points at value changes: every quantile's run of equal values becomes its own range.
    std::vector<size_t> cuts{0, n};
    const size_t quantiles = std::min(kInitialCuts, n);
    for (size_t j = 1; j < quantiles; ++j) {
        const L value = sorted[j * n / quantiles];
        cuts.push_back(
            static_cast<size_t>(std::lower_bound(sorted.begin(), sorted.end(), value) - sorted.begin()));
        cuts.push_back(
            static_cast<size_t>(std::upper_bound(sorted.begin(), sorted.end(), value) - sorted.begin()));
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());

    // best[j]: the cheapest bins over the ranges before cut j; from[j] where its last bin starts.
    const double log_n = std::log2(static_cast<double>(n));
    auto range_bits = [&](size_t begin, size_t end) {
        const size_t count = end - begin;
        const auto width = static_cast<uint64_t>(sorted[end - 1] - sorted[begin]);
        const auto offset_bits = static_cast<double>(std::bit_width(width));
        return static_cast<double>(count) * (offset_bits + log_n - std::log2(static_cast<double>(count))) +
               bin_meta_bits;
    };
    const size_t m = cuts.size();
    std::vector<double> best(m, std::numeric_limits<double>::infinity());
    std::vector<size_t> from(m, 0);
    best[0] = 0;
    for (size_t j = 1; j < m; ++j) {
        for (size_t i = 0; i < j; ++i) {
            const double bits = best[i] + range_bits(cuts[i], cuts[j]);
            if (bits < best[j]) {
                best[j] = bits;
                from[j] = i;
            }
        }
    }
    std::vector<size_t> starts;
    for (size_t j = m - 1; j > 0; j = from[j]) {
        starts.push_back(from[j]);
    }
    std::reverse(starts.begin(), starts.end());

    std::vector<size_t> counts;
    auto &bins = choice.meta.bins;
    for (size_t k = 0; k < starts.size(); ++k) {
        const size_t begin = cuts[starts[k]];
        const size_t end = k + 1 < starts.size() ? cuts[starts[k + 1]] : n;
        Bin bin;
        bin.lower = sorted[begin];
        bin.offset_bits =
            static_cast<unsigned>(std::bit_width(static_cast<uint64_t>(sorted[end - 1] - sorted[begin])));
        bins.push_back(bin);
        counts.push_back(end - begin);
    }

    // The table: big enough for every bin, at most the target unless the bins need more, and
    // no bigger than the latents can use; then reduced while every weight is even.
    unsigned size_log = 0;
    std::vector<uint32_t> weights{1};
    if (bins.size() > 1) {
        size_log = std::max(CeilLog2(bins.size()), std::min(kTargetAnsSizeLog, CeilLog2(n)));
        size_log = std::min(size_log, kMaxAnsSizeLog);
        weights = QuantizeWeights(counts, n, size_log);
        unsigned common = 31;
        for (uint32_t w : weights) {
            common = std::min(common, static_cast<unsigned>(std::countr_zero(w)));
        }
        size_log -= common;
        for (uint32_t &w : weights) {
            w >>= common;
        }
    }
    choice.meta.ans_size_log = size_log;
    choice.estimated_bits = static_cast<double>(bins.size()) * bin_meta_bits;
    for (size_t k = 0; k < bins.size(); ++k) {
        bins[k].weight = weights[k];
        const double symbol_bits = static_cast<double>(size_log) - std::log2(static_cast<double>(weights[k]));
        choice.estimated_bits += static_cast<double>(counts[k]) * (symbol_bits + bins[k].offset_bits);
    }
    return choice;
}

template BinChoice ChooseBins<uint8_t>(std::span<const uint8_t>, unsigned);
template BinChoice ChooseBins<uint16_t>(std::span<const uint16_t>, unsigned);
template BinChoice ChooseBins<uint32_t>(std::span<const uint32_t>, unsigned);
template BinChoice ChooseBins<uint64_t>(std::span<const uint64_t>, unsigned);

} // namespace vortex::pco
