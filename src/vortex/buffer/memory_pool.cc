// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/memory_pool.h"

#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <new>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "vortex/base/bits.h"
#include "vortex/base/check.h"

namespace vortex {
namespace {

size_t PaddedSize(size_t size, size_t alignment) {
    return bits::RoundUp(std::max<size_t>(size, 1), std::max(alignment, kDefaultAlignment));
}

// Large buffers (decoded columns, read segments) bypass malloc. glibc keeps freed large blocks
// in per-thread arenas once its mmap threshold has risen, so peak memory grew with the number
// of decoding threads (seed 002); a fixed low threshold instead page-faults every new buffer in.
// Here they are whole pages in power-of-two size classes, and a freed block waits in a
// process-wide cache (bounded in bytes, shared by all threads) for the next buffer of its class.
//
// Reuse matters more than it seems: on the virtual machines this runs on, the first write to a
// freshly mapped 4 KiB page costs about 10 us (a guest fault plus the hypervisor filling its own
// page tables; MAP_POPULATE saves only the first half), while rewriting a page already touched
// runs at memory speed. A scan of a list column decodes several 512 KiB buffers per chunk, and
// with a 64 MiB cache a third of them were fresh mappings (1 350 mmaps over four scans).
//
// From 64 KiB: glibc serves buffers between its small bins and its (risen) mmap threshold from
// the top of a heap that it trims again on free, so a scan reading 100-250 KiB segments (a
// dictionary's values) faulted every one of them in again on every query.
constexpr size_t kLargeBytes = size_t{64} << 10;
constexpr unsigned kMinClass = 16;       // 64 KiB
constexpr unsigned kMaxCachedClass = 26; // 64 MiB; larger blocks are always unmapped
constexpr int64_t kMaxCacheBytes = int64_t{256} << 20;

// Blocks of at least a huge page are mapped huge-page aligned and marked for transparent huge
// pages: filling a fresh block then faults once per 2 MiB instead of once per 4 KiB page.
// Smaller classes are carved from such a huge page (their siblings go to the cache), so they
// get the same single fault.
constexpr size_t kHugePageBytes = size_t{2} << 20;
constexpr unsigned kHugePageClass = 21;

// Freed blocks per size class, a stack under a lock: blocks this large are taken and given back
// a few thousand times per second at most, against tens of microseconds to fill each one.
struct LargeBlockCache {
    struct Class {
        std::mutex mutex;
        std::vector<void *> blocks;
    };
    std::array<Class, kMaxCachedClass - kMinClass + 1> classes;
    std::atomic<int64_t> bytes{0};
    // An eighth of physical memory, at most kMaxCacheBytes.
    const int64_t capacity = [] {
        const long pages = sysconf(_SC_PHYS_PAGES);
        const long page_size = sysconf(_SC_PAGESIZE);
        const int64_t physical = pages > 0 && page_size > 0 ? int64_t{pages} * page_size : 0;
        return std::clamp<int64_t>(physical / 8, int64_t{64} << 20, kMaxCacheBytes);
    }();
};

// Never destroyed: buffers held by other statics are freed into it during exit.
LargeBlockCache &Cache() {
    static auto *cache = new LargeBlockCache;
    return *cache;
}

unsigned SizeClass(size_t padded) {
    return std::max<unsigned>(kMinClass, static_cast<unsigned>(std::bit_width(padded - 1)));
}

bool IsLarge(size_t padded, size_t alignment) {
    return padded >= kLargeBytes && alignment <= 4096;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kRecycleBlocksByDefault = false;
#else
constexpr bool kRecycleBlocksByDefault = true;
#endif

void *TakeCached(unsigned size_class) {
    if (size_class > kMaxCachedClass) {
        return nullptr;
    }
    LargeBlockCache &cache = Cache();
    LargeBlockCache::Class &entry = cache.classes[size_class - kMinClass];
    std::lock_guard lock(entry.mutex);
    if (entry.blocks.empty()) {
        return nullptr;
    }
    void *block = entry.blocks.back();
    entry.blocks.pop_back();
    cache.bytes.fetch_sub(int64_t{1} << size_class, std::memory_order_relaxed);
    return block;
}

// Unmaps cached blocks of other classes, largest first, until `wanted` more bytes fit: the
// cache follows the sizes in use instead of holding on to those of an earlier workload (a scan
// of wide strings filled it with 8 MiB blocks; every later 1 MiB buffer was then mapped afresh).
void EvictOtherClasses(unsigned keep_class, int64_t wanted) {
    LargeBlockCache &cache = Cache();
    for (unsigned c = kMaxCachedClass; c >= kMinClass; --c) {
        if (c == keep_class) {
            continue;
        }
        LargeBlockCache::Class &entry = cache.classes[c - kMinClass];
        while (cache.bytes.load(std::memory_order_relaxed) + wanted > cache.capacity) {
            void *block = nullptr;
            {
                std::lock_guard lock(entry.mutex);
                if (entry.blocks.empty()) {
                    break;
                }
                block = entry.blocks.back();
                entry.blocks.pop_back();
            }
            cache.bytes.fetch_sub(int64_t{1} << c, std::memory_order_relaxed);
            munmap(block, size_t{1} << c);
        }
        if (cache.bytes.load(std::memory_order_relaxed) + wanted <= cache.capacity) {
            return;
        }
    }
}

bool PutCached(void *block, unsigned size_class) {
    if (size_class > kMaxCachedClass) {
        return false;
    }
    LargeBlockCache &cache = Cache();
    const int64_t block_bytes = int64_t{1} << size_class;
    if (cache.bytes.load(std::memory_order_relaxed) + block_bytes > cache.capacity) {
        EvictOtherClasses(size_class, block_bytes);
    }
    if (cache.bytes.fetch_add(block_bytes, std::memory_order_relaxed) + block_bytes > cache.capacity) {
        cache.bytes.fetch_sub(block_bytes, std::memory_order_relaxed);
        return false;
    }
    LargeBlockCache::Class &entry = cache.classes[size_class - kMinClass];
    try {
        std::lock_guard lock(entry.mutex);
        entry.blocks.push_back(block);
    } catch (const std::bad_alloc &) {
        cache.bytes.fetch_sub(block_bytes, std::memory_order_relaxed);
        return false;
    }
    return true;
}

// Maps `bytes` (a multiple of the huge page size) aligned to a huge page.
void *MapHugeAligned(size_t bytes) {
    const size_t span = bytes + kHugePageBytes;
    void *raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
        return raw;
    }
    const auto begin = reinterpret_cast<uintptr_t>(raw);
    const size_t skip = bits::RoundUp(begin, kHugePageBytes) - begin;
    auto *block = static_cast<uint8_t *>(raw) + skip;
    if (skip > 0) {
        munmap(raw, skip);
    }
    if (const size_t tail = span - skip - bytes; tail > 0) {
        munmap(block + bytes, tail);
    }
    (void)madvise(block, bytes, MADV_HUGEPAGE); // advice only: without THP, 4 KiB pages serve
    return block;
}

uint8_t *AllocateLarge(size_t padded) {
    const unsigned size_class = SizeClass(padded);
    if (void *cached = TakeCached(size_class)) {
        return static_cast<uint8_t *>(cached);
    }
    if (size_class >= kHugePageClass) {
        void *block = MapHugeAligned(size_t{1} << size_class);
        if (block == MAP_FAILED) {
            throw std::bad_alloc();
        }
        return static_cast<uint8_t *>(block);
    }
    // One huge page split into blocks of this class: the first is returned, the rest cached
    // (or unmapped one by one when the cache is full; the kernel then splits the huge page).
    auto *page = static_cast<uint8_t *>(MapHugeAligned(kHugePageBytes));
    if (page == MAP_FAILED) {
        throw std::bad_alloc();
    }
    const size_t block_bytes = size_t{1} << size_class;
    for (size_t at = block_bytes; at < kHugePageBytes; at += block_bytes) {
        if (!PutCached(page + at, size_class)) {
            munmap(page + at, block_bytes);
        }
    }
    return page;
}

void FreeLarge(uint8_t *data, size_t padded) {
    const unsigned size_class = SizeClass(padded);
    if (!PutCached(data, size_class)) {
        munmap(data, size_t{1} << size_class);
    }
}

// Small buffers (a take's few values, index arrays, validity of a small batch) come by the
// thousand per query. glibc serves an aligned request by over-allocating and splitting, which
// costs several times a plain malloc and fragments the heap. Freed small blocks of a size
// class (64 B to 4 KiB) instead wait in a few slots per thread for the next buffer of their
// class; a block may be freed on another thread than the one that allocated it.
constexpr unsigned kSmallMinClass = 6;  // 64 B
constexpr unsigned kSmallMaxClass = 12; // 4 KiB
constexpr size_t kSmallSlots = 16;

// Trivially destructible, so still usable while the thread's other thread_locals are destroyed.
struct SmallBlockCache {
    void *blocks[kSmallMaxClass - kSmallMinClass + 1][kSmallSlots];
    uint8_t counts[kSmallMaxClass - kSmallMinClass + 1];
    bool drain_registered;
    bool closed; // the thread is exiting: blocks go straight back to the heap
};
thread_local SmallBlockCache small_blocks{};

// Unsized: clang enables sized deallocation only with -fsized-deallocation.
void FreeSmallBlock(void *block, unsigned /*size_class*/) {
    ::operator delete (block, std::align_val_t{kDefaultAlignment});
}

// Returns the thread's cached blocks to the heap at thread exit.
struct SmallBlockDrain {
    ~SmallBlockDrain() {
        small_blocks.closed = true;
        for (unsigned c = kSmallMinClass; c <= kSmallMaxClass; ++c) {
            const unsigned k = c - kSmallMinClass;
            for (size_t i = 0; i < small_blocks.counts[k]; ++i) {
                FreeSmallBlock(small_blocks.blocks[k][i], c);
            }
            small_blocks.counts[k] = 0;
        }
    }
};
thread_local SmallBlockDrain small_block_drain;

bool IsSmall(size_t padded, size_t alignment) {
    return padded <= (size_t{1} << kSmallMaxClass) && alignment <= kDefaultAlignment;
}

unsigned SmallClass(size_t padded) {
    return std::max<unsigned>(kSmallMinClass, static_cast<unsigned>(std::bit_width(padded - 1)));
}

uint8_t *AllocateSmall(size_t padded) {
    const unsigned size_class = SmallClass(padded);
    const unsigned k = size_class - kSmallMinClass;
    if (small_blocks.counts[k] > 0) {
        return static_cast<uint8_t *>(small_blocks.blocks[k][--small_blocks.counts[k]]);
    }
    return static_cast<uint8_t *>(
        ::operator new (size_t{1} << size_class, std::align_val_t{kDefaultAlignment}));
}

void FreeSmall(uint8_t *data, size_t padded) {
    const unsigned size_class = SmallClass(padded);
    const unsigned k = size_class - kSmallMinClass;
    if (small_blocks.closed || small_blocks.counts[k] == kSmallSlots) {
        FreeSmallBlock(data, size_class);
        return;
    }
    if (!small_blocks.drain_registered) {
        small_blocks.drain_registered = true;
        (void)&small_block_drain; // constructs it, so its destructor runs at thread exit
    }
    small_blocks.blocks[k][small_blocks.counts[k]++] = data;
}

} // namespace

MemoryPool::MemoryPool(bool recycle_blocks) : recycle_blocks_(recycle_blocks) {}

MemoryPool &MemoryPool::Default() {
    static MemoryPool pool(kRecycleBlocksByDefault);
    return pool;
}

uint8_t *MemoryPool::Allocate(size_t size, size_t alignment) {
    VX_CHECK(bits::IsPowerOfTwo(alignment));
    const size_t padded = PaddedSize(size, alignment);
    uint8_t *data = nullptr;
    if (recycle_blocks_ && IsLarge(padded, alignment)) {
        data = AllocateLarge(padded);
    } else if (recycle_blocks_ && IsSmall(padded, alignment)) {
        data = AllocateSmall(padded);
    } else {
        data = static_cast<uint8_t *>(
            ::operator new (padded, std::align_val_t{std::max(alignment, kDefaultAlignment)}));
    }
    bytes_allocated_.fetch_add(static_cast<int64_t>(padded), std::memory_order_relaxed);
    return data;
}

void MemoryPool::Free(uint8_t *data, size_t size, size_t alignment) noexcept {
    if (data == nullptr) {
        return;
    }
    const size_t padded = PaddedSize(size, alignment);
    if (recycle_blocks_ && IsLarge(padded, alignment)) {
        FreeLarge(data, padded);
    } else if (recycle_blocks_ && IsSmall(padded, alignment)) {
        FreeSmall(data, padded);
    } else {
        ::operator delete (data, std::align_val_t{std::max(alignment, kDefaultAlignment)});
    }
    bytes_allocated_.fetch_sub(static_cast<int64_t>(padded), std::memory_order_relaxed);
}

} // namespace vortex
