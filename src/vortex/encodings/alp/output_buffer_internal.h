// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "vortex/buffer/buffer.h"
#include "vortex/buffer/memory_pool.h"

namespace vortex::alp::internal {

/// Pool memory that a decoder overwrites completely before publishing it; unlike
/// BufferMut::Resize it is not zeroed first (that memset would be a whole extra pass).
/// Write `count` values of T through `data`, then publish `buffer`.
template <typename T>
struct OutputBuffer {
    T *data = nullptr;
    Buffer buffer;

    static OutputBuffer Allocate(size_t count) {
        const size_t size = count * sizeof(T);
        constexpr size_t kAlignment = kDefaultAlignment;
        uint8_t *bytes = MemoryPool::Default().Allocate(size, kAlignment);
        std::shared_ptr<const void> owner(bytes, [size](const void *p) {
            MemoryPool::Default().Free(static_cast<uint8_t *>(const_cast<void *>(p)), size, kAlignment);
        });
        return OutputBuffer{reinterpret_cast<T *>(bytes), Buffer::Wrap(bytes, size, std::move(owner))};
    }
};

} // namespace vortex::alp::internal
