// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>

namespace vortex::internal {

// Returns the system's text for an errno value. Unlike strerror(3) this is thread-safe.
inline std::string ErrnoMessage(int errnum) {
    return std::generic_category().message(errnum);
}

// Returns the lowest set bit of `address` capped at `cap` (a power of two): the largest
// power-of-two alignment, up to `cap`, that the address has.
inline size_t AddressAlignment(const void *address, size_t cap) {
    const auto bits = reinterpret_cast<uintptr_t>(address);
    if (bits == 0) {
        return cap;
    }
    const uintptr_t lowest = bits & (~bits + 1);
    return lowest < cap ? static_cast<size_t>(lowest) : cap;
}

} // namespace vortex::internal
