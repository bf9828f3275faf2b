// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace vortex {

/// Every allocation is at least this aligned and padded to a multiple of it, so SIMD loops
/// may read whole vectors past the logical end of a buffer.
inline constexpr size_t kDefaultAlignment = 64;

/// Allocates aligned, padded memory and counts the bytes it has outstanding.
class MemoryPool {
public:
    /// `recycle_blocks`: buffers of 64 KiB and more are whole pages (huge-page backed where
    /// the kernel allows) recycled through a bounded process-wide cache instead of malloc, and
    /// buffers of at most 4 KiB are recycled through a small cache per thread (see
    /// memory_pool.cc). Default() does so except under
    /// AddressSanitizer, which checks only memory it allocates itself.
    explicit MemoryPool(bool recycle_blocks);

    /// Returns the process-wide pool.
    static MemoryPool &Default();

    /// Allocates at least `size` bytes aligned to `alignment` (a power of two); aborts on
    /// exhaustion like operator new. `size` 0 returns a valid unique pointer.
    uint8_t *Allocate(size_t size, size_t alignment);
    /// Frees memory from Allocate; `size` and `alignment` must be those it was given.
    void Free(uint8_t *data, size_t size, size_t alignment) noexcept;

    /// Bytes currently allocated (after padding).
    int64_t bytes_allocated() const { return bytes_allocated_.load(std::memory_order_relaxed); }

private:
    bool recycle_blocks_;
    std::atomic<int64_t> bytes_allocated_{0};
};

} // namespace vortex
