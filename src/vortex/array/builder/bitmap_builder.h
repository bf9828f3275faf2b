// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>

#include "vortex/base/bits.h"
#include "vortex/buffer/bit_buffer.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// A growable bitmap (LSB first) for the builders. Unlike BitBufferMut it appends a bit range
/// at any source and destination offset a 64-bit word at a time, which bulk appends need.
/// Invariant: the bits of the last byte above len() are zero.
class BitmapBuilder {
public:
    size_t len() const { return len_; }
    void Reserve(size_t bit_capacity) { bytes_.Reserve(bits::BytesForBits(bit_capacity)); }
    void Append(bool value) {
        if ((len_ & 7) == 0) {
            bytes_.Push<uint8_t>(0);
        }
        if (value) {
            bits::SetBit(bytes_.data(), len_);
        }
        ++len_;
    }
    void AppendN(bool value, size_t count);
    /// Appends every bit of `bits`.
    void AppendBits(const BitBuffer &bits);
    /// Returns the bitmap and resets to empty.
    BitBuffer Finish();

private:
    BufferMut bytes_;
    size_t len_ = 0;
};

} // namespace vortex
