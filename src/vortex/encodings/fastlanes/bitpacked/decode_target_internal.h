// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "vortex/buffer/buffer.h"
#include "vortex/buffer/memory_pool.h"

namespace vortex::fastlanes::internal {

/// Pool memory that a decoder overwrites completely before sharing it. Unlike
/// BufferMut::Resize it is not zeroed first: for a 1 GiB column that memset is a whole extra
/// pass over memory. Write through `data`, then publish `buffer`.
struct DecodeTarget {
    uint8_t *data = nullptr;
    Buffer buffer;

    static DecodeTarget Allocate(size_t size, size_t alignment) {
        uint8_t *data = MemoryPool::Default().Allocate(size, alignment);
        std::shared_ptr<const void> owner(data, [size, alignment](const void *p) {
            MemoryPool::Default().Free(static_cast<uint8_t *>(const_cast<void *>(p)), size, alignment);
        });
        return DecodeTarget{data, Buffer::Wrap(data, size, std::move(owner))};
    }
};

} // namespace vortex::fastlanes::internal
