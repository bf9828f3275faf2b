// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

namespace vortex::sequence::internal {

/// base + (len - 1) * multiplier in T, or nullopt when len is 0, len - 1 is not
/// representable in T, or the product or the sum overflows: the reference's try_last.
template <typename T>
std::optional<T> CheckedLast(T base, T multiplier, size_t len) {
    if (len == 0 || static_cast<uint64_t>(len - 1) > static_cast<uint64_t>(std::numeric_limits<T>::max())) {
        return std::nullopt;
    }
    T product;
    T last;
    if (__builtin_mul_overflow(static_cast<T>(len - 1), multiplier, &product) ||
        __builtin_add_overflow(product, base, &last)) {
        return std::nullopt;
    }
    return last;
}

/// Element i of a validated sequence. The exact result is representable, so the wrapping
/// u64 computation gives it after conversion back to T.
template <typename T>
T ValueAt(T base, T multiplier, size_t i) {
    return static_cast<T>(static_cast<uint64_t>(base) +
                          static_cast<uint64_t>(i) * static_cast<uint64_t>(multiplier));
}

} // namespace vortex::sequence::internal
