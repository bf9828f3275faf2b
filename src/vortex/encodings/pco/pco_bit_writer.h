// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vortex/base/int128.h"

namespace vortex::pco {

/// Writes pco's bit stream, the inverse of BitReader: integers packed least significant bit
/// first, little-endian; padding bits are zero.
class BitWriter {
public:
    /// Writes the low `n` <= 64 bits of `value`.
    void Write(uint64_t value, unsigned n) {
        if (n == 0) {
            return;
        }
        if (n < 64) {
            value &= (uint64_t{1} << n) - 1;
        }
        pending_ |= static_cast<uint128_t>(value) << pending_bits_;
        pending_bits_ += n;
        if (pending_bits_ >= 64) {
            const auto low = static_cast<uint64_t>(pending_);
            for (unsigned i = 0; i < 8; ++i) {
                bytes_.push_back(static_cast<uint8_t>(low >> (8 * i)));
            }
            pending_ >>= 64;
            pending_bits_ -= 64;
        }
    }
    void WriteBool(bool value) { Write(value ? 1 : 0, 1); }

    /// Zero bits up to the next byte boundary.
    void PadToByte() {
        while (pending_bits_ > 0) {
            bytes_.push_back(static_cast<uint8_t>(pending_));
            pending_ >>= 8;
            pending_bits_ = pending_bits_ >= 8 ? pending_bits_ - 8 : 0;
        }
    }

    void WriteAlignedBytes(std::span<const uint8_t> bytes) {
        PadToByte();
        bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    }

    size_t bit_size() const { return bytes_.size() * 8 + pending_bits_; }

    /// The bytes written, padded to a byte boundary.
    std::vector<uint8_t> Finish() && {
        PadToByte();
        return std::move(bytes_);
    }

private:
    std::vector<uint8_t> bytes_;
    uint128_t pending_ = 0;
    unsigned pending_bits_ = 0;
};

} // namespace vortex::pco
