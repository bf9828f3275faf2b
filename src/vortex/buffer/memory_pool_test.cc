// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <cstring>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/buffer/memory_pool.h"
#include "vortex/buffer/pool_allocator.h"

namespace vortex {
namespace {

// Fills [data, data + size) with a pattern of `seed` and checks it back.
bool FillAndCheck(uint8_t *data, size_t size, uint8_t seed) {
    for (size_t i = 0; i < size; i += 997) {
        data[i] = static_cast<uint8_t>(seed + i);
    }
    data[size - 1] = seed;
    for (size_t i = 0; i < size - 1; i += 997) {
        if (data[i] != static_cast<uint8_t>(seed + i)) {
            return false;
        }
    }
    return data[size - 1] == seed;
}

// Page-backed large blocks (what Default() uses outside AddressSanitizer): sizes on both
// sides of the threshold and of a size class, alignment, accounting, and reuse of a freed
// block by the next buffer of its class.
TEST(MemoryPoolTest, LargeBlocksAreWholePagesAndRecycled) {
    MemoryPool pool(/*recycle_blocks=*/true);
    for (size_t size : {size_t{1}, size_t{4096}, (size_t{256} << 10) - 64, size_t{256} << 10,
                        (size_t{256} << 10) + 1, size_t{3} << 20, size_t{70} << 20}) {
        for (size_t alignment : {size_t{8}, size_t{64}, size_t{4096}, size_t{8192}}) {
            const int64_t before = pool.bytes_allocated();
            uint8_t *data = pool.Allocate(size, alignment);
            ASSERT_NE(data, nullptr);
            EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % alignment, 0u) << size << " " << alignment;
            EXPECT_GE(pool.bytes_allocated(), before + static_cast<int64_t>(size));
            EXPECT_TRUE(FillAndCheck(data, size, static_cast<uint8_t>(size + alignment)));
            pool.Free(data, size, alignment);
            EXPECT_EQ(pool.bytes_allocated(), before);
        }
    }
    // A freed 1 MiB block serves the next buffer of the same class.
    uint8_t *first = pool.Allocate(size_t{1} << 20, 64);
    pool.Free(first, size_t{1} << 20, 64);
    uint8_t *second = pool.Allocate((size_t{1} << 20) - 4096, 64);
    EXPECT_EQ(first, second);
    EXPECT_TRUE(FillAndCheck(second, (size_t{1} << 20) - 4096, 7));
    pool.Free(second, (size_t{1} << 20) - 4096, 64);
}

// True when every page of [data, data + size) is resident (touched and not given back).
bool Resident(const uint8_t *data, size_t size) {
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> pages((size + page - 1) / page);
    if (mincore(const_cast<uint8_t *>(data), size, pages.data()) != 0) {
        return false;
    }
    return std::all_of(pages.begin(), pages.end(), [](unsigned char p) { return (p & 1) != 0; });
}

// A cache full of one size class makes room for another: the freed block (its pages still
// touched) serves the next buffer of its class instead of a fresh mapping. The big blocks are
// never written, so they cost address space only.
TEST(MemoryPoolTest, AFullCacheEvictsOtherClassesForTheBlocksInUse) {
    MemoryPool pool(/*recycle_blocks=*/true);
    constexpr size_t kBig = size_t{64} << 20; // the largest cached class
    std::vector<uint8_t *> big;
    big.reserve(5);
    for (int i = 0; i < 5; ++i) { // 320 MiB: more than the cache holds on any machine
        big.push_back(pool.Allocate(kBig, 64));
    }
    for (uint8_t *block : big) {
        pool.Free(block, kBig, 64);
    }
    constexpr size_t kSize = size_t{96} << 10; // the 128 KiB class, under the old 256 KiB threshold
    uint8_t *first = pool.Allocate(kSize, 64);
    std::memset(first, 1, kSize);
    pool.Free(first, kSize, 64);
    uint8_t *second = pool.Allocate(kSize, 64);
    EXPECT_EQ(second, first);
    EXPECT_TRUE(Resident(second, kSize));
    pool.Free(second, kSize, 64);
}

// Vectors on the pool allocator: growth copies the contents, and memory returns to the pool.
TEST(MemoryPoolTest, PooledVectorsGrowAndGiveTheirMemoryBack) {
    const int64_t before = MemoryPool::Default().bytes_allocated();
    {
        PooledVector<uint64_t> values;
        for (uint64_t i = 0; i < 200000; ++i) { // through the small, carved and mapped classes
            values.push_back(i * 3);
        }
        EXPECT_GE(MemoryPool::Default().bytes_allocated(), before + int64_t{200000} * 8);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(values.data()) % kDefaultAlignment, 0u);
        for (uint64_t i = 0; i < values.size(); i += 1111) {
            ASSERT_EQ(values[i], i * 3);
        }
        const PooledVector<uint64_t> copy(values.begin() + 10, values.begin() + 20);
        EXPECT_EQ(copy.front(), 30u);
    }
    EXPECT_EQ(MemoryPool::Default().bytes_allocated(), before);
}

// Blocks under a huge page are carved several to a huge page: many live at once never
// overlap, and once freed they are the ones the next buffers of their class get back.
TEST(MemoryPoolTest, CarvedLargeBlocksAreDistinctAndReused) {
    MemoryPool pool(/*recycle_blocks=*/true);
    constexpr size_t kSize = size_t{300} << 10; // the 512 KiB class
    std::vector<uint8_t *> blocks;
    blocks.reserve(9);
    for (int i = 0; i < 9; ++i) {
        blocks.push_back(pool.Allocate(kSize, 64));
        std::memset(blocks.back(), i + 1, kSize);
    }
    std::vector<uint8_t *> sorted = blocks;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 1; i < sorted.size(); ++i) {
        EXPECT_GE(sorted[i] - sorted[i - 1], static_cast<std::ptrdiff_t>(kSize)) << "blocks overlap";
    }
    for (size_t i = 0; i < blocks.size(); ++i) { // every fill survived the later ones
        const auto expected = static_cast<uint8_t>(i + 1);
        EXPECT_TRUE(std::all_of(blocks[i], blocks[i] + kSize, [&](uint8_t b) { return b == expected; }));
    }
    for (uint8_t *block : blocks) {
        pool.Free(block, kSize, 64);
    }
    std::vector<uint8_t *> again;
    again.reserve(blocks.size());
    for (size_t i = 0; i < blocks.size(); ++i) {
        again.push_back(pool.Allocate(kSize - 4096, 64));
    }
    std::sort(again.begin(), again.end());
    EXPECT_EQ(again, sorted);
    for (uint8_t *block : again) {
        pool.Free(block, kSize - 4096, 64);
    }
    EXPECT_EQ(pool.bytes_allocated(), 0);
}

// Blocks of at most 4 KiB are recycled per thread by size class; a block freed on another
// thread serves that thread; accounting stays by the requested size.
TEST(MemoryPoolTest, SmallBlocksAreRecycledPerThread) {
    MemoryPool pool(/*recycle_blocks=*/true);
    for (size_t size : {size_t{0}, size_t{1}, size_t{64}, size_t{65}, size_t{1000}, size_t{4096}}) {
        for (size_t alignment : {size_t{1}, size_t{8}, size_t{64}, size_t{128}}) {
            uint8_t *data = pool.Allocate(size, alignment);
            EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % alignment, 0u) << size << " " << alignment;
            EXPECT_TRUE(FillAndCheck(data, std::max<size_t>(size, 1), static_cast<uint8_t>(size)));
            pool.Free(data, size, alignment);
        }
    }
    EXPECT_EQ(pool.bytes_allocated(), 0);
    // 600 and 1000 bytes share the 1 KiB class: the freed block serves the next request.
    uint8_t *first = pool.Allocate(600, 64);
    pool.Free(first, 600, 64);
    uint8_t *second = pool.Allocate(1000, 64);
    EXPECT_EQ(first, second);
    EXPECT_TRUE(FillAndCheck(second, 1000, 3));
    // Live blocks are distinct, also beyond the slots a class keeps.
    std::vector<uint8_t *> live = {second};
    for (int i = 0; i < 40; ++i) {
        live.push_back(pool.Allocate(1000, 64));
        std::memset(live.back(), i, 1000);
    }
    for (size_t i = 1; i < live.size(); ++i) {
        EXPECT_EQ(live[i][999], static_cast<uint8_t>(i - 1));
    }
    // Freed on another thread, which then exits (its cache goes back to the heap).
    std::thread other([&] {
        for (uint8_t *data : live) {
            pool.Free(data, 1000, 64);
        }
    });
    other.join();
    EXPECT_EQ(pool.bytes_allocated(), 0);
}

// Threads allocating and freeing large blocks at once never share a live block.
TEST(MemoryPoolTest, ConcurrentLargeBlocksStayDistinct) {
    MemoryPool pool(/*recycle_blocks=*/true);
    std::vector<std::thread> threads;
    threads.reserve(4);
    std::vector<int> failures(4, 0);
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 200; ++round) {
                const size_t size = (size_t{256} << 10) * (1 + (round + t) % 5);
                uint8_t *data = pool.Allocate(size, 64);
                std::memset(data, t + 1, size);
                for (size_t i = 0; i < size; i += 4093) {
                    failures[t] += data[i] != t + 1;
                }
                pool.Free(data, size, 64);
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures, std::vector<int>(4, 0));
    EXPECT_EQ(pool.bytes_allocated(), 0);
}

} // namespace
} // namespace vortex
