// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/memory_pool.h"

#include <algorithm>
#include <new>

#include "vortex/base/bits.h"
#include "vortex/base/check.h"

namespace vortex {
namespace {

size_t PaddedSize(size_t size, size_t alignment) {
    return bits::RoundUp(std::max<size_t>(size, 1), std::max(alignment, kDefaultAlignment));
}

} // namespace

MemoryPool &MemoryPool::Default() {
    static MemoryPool pool;
    return pool;
}

uint8_t *MemoryPool::Allocate(size_t size, size_t alignment) {
    VX_CHECK(bits::IsPowerOfTwo(alignment));
    const size_t padded = PaddedSize(size, alignment);
    const std::align_val_t align{std::max(alignment, kDefaultAlignment)};
    auto *data = static_cast<uint8_t *>(::operator new(padded, align));
    bytes_allocated_.fetch_add(static_cast<int64_t>(padded), std::memory_order_relaxed);
    return data;
}

void MemoryPool::Free(uint8_t *data, size_t size, size_t alignment) noexcept {
    if (data == nullptr) {
        return;
    }
    const size_t padded = PaddedSize(size, alignment);
    ::operator delete (data, std::align_val_t{std::max(alignment, kDefaultAlignment)});
    bytes_allocated_.fetch_sub(static_cast<int64_t>(padded), std::memory_order_relaxed);
}

} // namespace vortex
