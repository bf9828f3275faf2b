// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <vector>

#include <gtest/gtest.h>

#include "vortex/buffer/buffer.h"

namespace vortex {
namespace {

TEST(BufferTest, CopiesAreAlignedAndOwnTheirBytes) {
    std::vector<int32_t> values{1, 2, 3, 4, 5};
    Buffer b = Buffer::CopyFrom<int32_t>(values);
    values[0] = 99;
    EXPECT_EQ(b.size(), 20u);
    EXPECT_TRUE(b.IsAligned(kDefaultAlignment));
    EXPECT_EQ(b.span<int32_t>()[0], 1);
    EXPECT_EQ(b.span<int32_t>()[4], 5);
}

TEST(BufferTest, SlicesShareTheAllocationAndOutliveTheParent) {
    std::weak_ptr<const void> owner;
    Buffer slice;
    {
        Buffer b = Buffer::CopyFrom(std::string_view("hello world"));
        owner = b.owner();
        slice = b.Slice(6, 5);
        EXPECT_EQ(slice.data(), b.data() + 6);
    }
    EXPECT_FALSE(owner.expired());
    EXPECT_EQ(slice.AsStringView(), "world");
    slice = Buffer();
    EXPECT_TRUE(owner.expired());
}

TEST(BufferTest, MemoryReturnsToThePool) {
    const int64_t before = MemoryPool::Default().bytes_allocated();
    {
        BufferMut m = BufferMut::Zeroed(10'000);
        EXPECT_GE(MemoryPool::Default().bytes_allocated(), before + 10'000);
        Buffer frozen = std::move(m).Freeze();
        EXPECT_EQ(frozen.size(), 10'000u);
    }
    EXPECT_EQ(MemoryPool::Default().bytes_allocated(), before);
}

TEST(BufferTest, GrowsAndKeepsContents) {
    BufferMut m;
    for (uint32_t i = 0; i < 1000; ++i) {
        m.Push(i);
    }
    Buffer b = std::move(m).Freeze();
    ASSERT_EQ(b.size(), 4000u);
    for (uint32_t i = 0; i < 1000; ++i) {
        ASSERT_EQ(b.span<uint32_t>()[i], i);
    }
}

TEST(BufferTest, EnsureAlignedCopiesOnlyWhenNeeded) {
    Buffer b = Buffer::CopyFrom(std::string_view("0123456789abcdef"));
    EXPECT_EQ(b.EnsureAligned(8).data(), b.data());
    Buffer odd = b.Slice(1, 8);
    Buffer fixed = odd.EnsureAligned(8);
    EXPECT_NE(fixed.data(), odd.data());
    EXPECT_TRUE(fixed.IsAligned(8));
    EXPECT_TRUE(fixed.ContentEquals(odd));
}

TEST(BufferTest, WrapKeepsForeignOwnerAlive) {
    auto storage = std::make_shared<std::vector<uint8_t>>(std::vector<uint8_t>{1, 2, 3});
    std::weak_ptr<std::vector<uint8_t>> weak = storage;
    Buffer b = Buffer::Wrap(storage->data(), storage->size(), storage);
    storage.reset();
    EXPECT_FALSE(weak.expired());
    EXPECT_EQ(b.data()[2], 3);
    b = Buffer();
    EXPECT_TRUE(weak.expired());
}

} // namespace
} // namespace vortex
