// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/take_bytes.h"

#include "vortex/array/array.h"

namespace vortex {

void TakeByteSink::WholeTree(const Array &array) {
    for (const Buffer &buffer : array.buffers()) {
        Whole(buffer);
    }
    for (const ArrayRef &child : array.children()) {
        WholeTree(*child);
    }
}

void TakeByteSink::Elements(const Buffer &buffer, size_t width, std::span<const uint64_t> positions) {
    for (const uint64_t position : positions) {
        Bytes(buffer, position * width, width);
    }
}

void TakeByteSink::Bits(const Buffer &buffer, size_t bit_offset, std::span<const uint64_t> positions) {
    for (const uint64_t position : positions) {
        Bytes(buffer, (bit_offset + position) / 8, 1);
    }
}

} // namespace vortex
