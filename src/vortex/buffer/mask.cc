// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/mask.h"

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
    BitBufferMut out(len, false);
    for (size_t i : indices) {
        VX_CHECK_LT(i, len);
        out.Set(i, true);
    }
    return FromBits(std::move(out).Freeze());
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
    for (size_t i = 0; i < len_; ++i) {
        if (bits_->value(i)) {
            out.push_back(i);
        }
    }
    return out;
}

Mask Mask::Slice(size_t start, size_t length) const {
    VX_CHECK_LE(start, len_);
    VX_CHECK_LE(length, len_ - start);
    if (!bits_) {
        return all_true() ? AllTrue(length) : AllFalse(length);
    }
    return FromBits(bits_->Slice(start, length));
}

namespace {

template <typename Op>
BitBuffer CombineBits(const BitBuffer &a, const BitBuffer &b, Op op) {
    BitBufferMut out(a.len(), false);
    for (size_t i = 0; i < a.len(); ++i) {
        if (op(a.value(i), b.value(i))) {
            out.Set(i, true);
        }
    }
    return std::move(out).Freeze();
}

} // namespace

Mask Mask::And(const Mask &other) const {
    VX_CHECK_EQ(len_, other.len_);
    if (all_false() || other.all_true()) {
        return *this;
    }
    if (other.all_false() || all_true()) {
        return other;
    }
    return FromBits(CombineBits(*bits_, *other.bits_, [](bool x, bool y) { return x && y; }));
}

Mask Mask::Or(const Mask &other) const {
    VX_CHECK_EQ(len_, other.len_);
    if (all_true() || other.all_false()) {
        return *this;
    }
    if (other.all_true() || all_false()) {
        return other;
    }
    return FromBits(CombineBits(*bits_, *other.bits_, [](bool x, bool y) { return x || y; }));
}

Mask Mask::Not() const {
    if (!bits_) {
        return all_true() ? AllFalse(len_) : AllTrue(len_);
    }
    BitBufferMut out(len_, false);
    for (size_t i = 0; i < len_; ++i) {
        if (!bits_->value(i)) {
            out.Set(i, true);
        }
    }
    return FromBits(std::move(out).Freeze());
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
