// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "vortex/buffer/bit_buffer.h"

namespace vortex {

/// A selection of rows: all, none, or a bitmap with its set-bit count cached. Filters take
/// a Mask; validity is reported as one (true = valid).
class Mask {
public:
    Mask() = default;
    static Mask AllTrue(size_t len) { return Mask(len, len, std::nullopt); }
    static Mask AllFalse(size_t len) { return Mask(len, 0, std::nullopt); }
    /// Wraps a bitmap; collapses to AllTrue/AllFalse when it is uniform.
    static Mask FromBits(BitBuffer bits);
    /// Selects the given sorted, unique indices out of `len` rows.
    static Mask FromIndices(size_t len, const std::vector<size_t> &indices);

    size_t len() const { return len_; }
    size_t true_count() const { return true_count_; }
    size_t false_count() const { return len_ - true_count_; }
    bool all_true() const { return true_count_ == len_; }
    bool all_false() const { return true_count_ == 0; }

    bool value(size_t i) const {
        VX_DCHECK_LT(i, len_);
        if (!bits_) {
            return all_true();
        }
        return bits_->value(i);
    }
    /// Returns the bitmap, materializing it for the uniform cases.
    BitBuffer ToBitBuffer() const;
    /// Returns the indices of the set bits, ascending.
    std::vector<size_t> Indices() const;
    /// First and one-past-last set position. The mask must select something.
    std::pair<size_t, size_t> TrueSpan() const;

    Mask Slice(size_t start, size_t length) const;
    Mask And(const Mask &other) const;
    Mask Or(const Mask &other) const;
    Mask Not() const;

    bool operator==(const Mask &other) const;

private:
    Mask(size_t len, size_t true_count, std::optional<BitBuffer> bits)
        : len_(len), true_count_(true_count), bits_(std::move(bits)) {}

    size_t len_ = 0;
    size_t true_count_ = 0;
    // Set only when the mask is neither all-true nor all-false.
    std::optional<BitBuffer> bits_;
};

} // namespace vortex
