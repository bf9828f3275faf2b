// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <bit>
#include <cstring>
#include <type_traits>

namespace vortex {

static_assert(std::endian::native == std::endian::little, "vortex-cpp supports little-endian hosts only");

/// Reads a little-endian value from possibly unaligned memory.
template <typename T>
requires std::is_trivially_copyable_v<T> T LoadLittleEndian(const void *data) {
    T value;
    std::memcpy(&value, data, sizeof(T));
    return value;
}

/// Writes a little-endian value to possibly unaligned memory.
template <typename T>
requires std::is_trivially_copyable_v<T>
void StoreLittleEndian(void *data, T value) {
    std::memcpy(data, &value, sizeof(T));
}

} // namespace vortex
