// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/mask.h"

#include <algorithm>
#include <bit>

namespace vortex {

Mask Mask::FromBits(BitBuffer bits) {
    const size_t len = bits.len();
    const size_t count = bits.CountSetBits();
    if (count == len) {
        return AllTrue(len);
    }
    if (count == 0) {
        return AllFalse(len);
    }
    return Mask(len, count, std::move(bits));
}

Mask Mask::FromIndices(size_t len, const std::vector<size_t> &indices) {
    if (indices.empty() || indices.size() == len) {
        return indices.empty() ? AllFalse(len) : AllTrue(len);
    }
    BitBufferMut out(len, false);
    size_t previous = 0;
    for (size_t k = 0; k < indices.size(); ++k) {
        const size_t i = indices[k];
        VX_CHECK_LT(i, len);
        VX_CHECK(k == 0 || i > previous); // sorted and unique: the count is the size
        out.Set(i, true);
        previous = i;
    }
    return Mask(len, indices.size(), std::move(out).Freeze());
}

BitBuffer Mask::ToBitBuffer() const {
    if (bits_) {
        return *bits_;
    }
    return BitBuffer::Full(len_, all_true());
}

std::vector<size_t> Mask::Indices() const {
    std::vector<size_t> out;
    out.reserve(true_count_);
    if (!bits_) {
        if (all_true()) {
            for (size_t i = 0; i < len_; ++i) {
                out.push_back(i);
            }
        }
        return out;
    }
    bits::ForEachSetBit(bits_->buffer().data(), bits_->offset(), len_, [&](size_t i) { out.push_back(i); });
    return out;
}

std::pair<size_t, size_t> Mask::TrueSpan() const {
    VX_CHECK(!all_false());
    if (!bits_) {
        return {0, len_};
    }
    const uint8_t *data = bits_->buffer().data();
    return {bits::FindFirstSet(data, bits_->offset(), len_),
            bits::FindLastSet(data, bits_->offset(), len_) + 1};
}

Mask Mask::Slice(size_t start, size_t length) const {
    VX_CHECK_LE(start, len_);
    VX_CHECK_LE(length, len_ - start);
    if (!bits_) {
        return all_true() ? AllTrue(length) : AllFalse(length);
    }
    return FromBits(bits_->Slice(start, length));
}

Mask Mask::And(const Mask &other) const {
    VX_CHECK_EQ(len_, other.len_);
    if (all_false() || other.all_true()) {
        return *this;
    }
    if (other.all_false() || all_true()) {
        return other;
    }
    const BitBuffer &a = *bits_, &b = *other.bits_;
    return FromBits(
        BitBuffer::FromWords(len_, [&](size_t i, size_t n) { return a.Word(i, n) & b.Word(i, n); }));
}

Mask Mask::Or(const Mask &other) const {
    VX_CHECK_EQ(len_, other.len_);
    if (all_true() || other.all_false()) {
        return *this;
    }
    if (other.all_true() || all_false()) {
        return other;
    }
    const BitBuffer &a = *bits_, &b = *other.bits_;
    return FromBits(
        BitBuffer::FromWords(len_, [&](size_t i, size_t n) { return a.Word(i, n) | b.Word(i, n); }));
}

Mask Mask::Not() const {
    if (!bits_) {
        return all_true() ? AllFalse(len_) : AllTrue(len_);
    }
    const BitBuffer &a = *bits_;
    // The count is known: no popcount over the result.
    return Mask(len_, len_ - true_count_,
                BitBuffer::FromWords(len_, [&](size_t i, size_t n) { return ~a.Word(i, n); }));
}

bool Mask::operator==(const Mask &other) const {
    if (len_ != other.len_ || true_count_ != other.true_count_) {
        return false;
    }
    if (!bits_ || !other.bits_) {
        return !bits_ && !other.bits_;
    }
    return *bits_ == *other.bits_;
}

} // namespace vortex
