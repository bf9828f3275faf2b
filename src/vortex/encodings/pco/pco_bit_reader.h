// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "vortex/base/int128.h"
#include "vortex/base/result.h"

namespace vortex::pco {

/// Reads pco's bit stream: integers packed least significant bit first, little-endian.
///
/// Reads never touch memory past the input: bits beyond the end read as zero and mark the
/// reader overrun, which the caller turns into an error after each step (pco's own reader
/// checks its position the same way, after a batch rather than per read).
class BitReader {
public:
    explicit BitReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

    /// Reads `n` <= 64 bits.
    uint64_t Read(unsigned n) {
        if (n == 0) {
            return 0;
        }
        const size_t byte = pos_ >> 3;
        const unsigned shift = static_cast<unsigned>(pos_ & 7);
        pos_ += n;
        uint128_t window = 0;
        if (byte + 16 <= bytes_.size()) {
            std::memcpy(&window, bytes_.data() + byte, 16);
        } else {
            // Near the end: only the bytes that exist.
            for (size_t i = 0; i < 16 && byte + i < bytes_.size(); ++i) {
                window |= static_cast<uint128_t>(bytes_[byte + i]) << (8 * i);
            }
        }
        const uint64_t value = static_cast<uint64_t>(window >> shift);
        return n == 64 ? value : value & ((uint64_t{1} << n) - 1);
    }
    bool ReadBool() { return Read(1) != 0; }

    size_t bit_pos() const { return pos_; }
    size_t byte_pos() const { return (pos_ + 7) >> 3; }
    bool overrun() const { return pos_ > bytes_.size() * 8; }

    Status CheckInBounds(std::string_view what) const {
        VX_ENSURE(!overrun(), Serde, "vortex.pco: {} runs past the end of its {} bytes", what, bytes_.size());
        return Status::OK();
    }

    /// Skips to the next byte boundary; the skipped bits must be zero (pco writes them so, and
    /// treats anything else as corruption).
    Status DrainToByte(std::string_view what) {
        VX_RETURN_NOT_OK(CheckInBounds(what));
        const unsigned used = static_cast<unsigned>(pos_ & 7);
        if (used != 0) {
            VX_ENSURE((bytes_[pos_ >> 3] >> used) == 0, Serde, "vortex.pco: nonzero padding bits after {}",
                      what);
            pos_ += 8 - used;
        }
        return Status::OK();
    }

    /// Reads `n` whole bytes at a byte boundary.
    Result<std::span<const uint8_t>> ReadAlignedBytes(size_t n, std::string_view what) {
        VX_ENSURE((pos_ & 7) == 0, Internal, "vortex.pco: {} is not byte aligned", what);
        const size_t byte = pos_ >> 3;
        VX_ENSURE(byte <= bytes_.size() && n <= bytes_.size() - byte, Serde,
                  "vortex.pco: {} needs {} bytes, {} left", what, n,
                  bytes_.size() - std::min(byte, bytes_.size()));
        pos_ += n * 8;
        return bytes_.subspan(byte, n);
    }

private:
    std::span<const uint8_t> bytes_;
    size_t pos_ = 0;
};

} // namespace vortex::pco
