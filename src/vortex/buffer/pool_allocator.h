// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <vector>

#include "vortex/buffer/memory_pool.h"

namespace vortex {

/// A standard allocator over MemoryPool::Default(), for scratch vectors of decoded data: large
/// ones reuse warm pooled blocks instead of freshly mapped pages (whose first touch dominates
/// decoding on some hosts; see memory_pool.cc).
template <typename T>
class PoolAllocator {
public:
    using value_type = T;

    PoolAllocator() noexcept = default;
    template <typename U>
    PoolAllocator(const PoolAllocator<U> & /*other*/) noexcept {} // NOLINT(google-explicit-constructor)

    T *allocate(size_t n) {
        return reinterpret_cast<T *>(MemoryPool::Default().Allocate(n * sizeof(T), kAlignment));
    }
    void deallocate(T *data, size_t n) noexcept {
        MemoryPool::Default().Free(reinterpret_cast<uint8_t *>(data), n * sizeof(T), kAlignment);
    }

    template <typename U>
    bool operator==(const PoolAllocator<U> & /*other*/) const noexcept {
        return true;
    }

private:
    static constexpr size_t kAlignment = alignof(T) > kDefaultAlignment ? alignof(T) : kDefaultAlignment;
};

template <typename T>
using PooledVector = std::vector<T, PoolAllocator<T>>;

} // namespace vortex
