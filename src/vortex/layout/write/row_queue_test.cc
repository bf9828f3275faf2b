// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/layout/write/row_queue.h"

namespace vortex {
namespace {

TEST(RowQueue, CutsAcrossChunksAndCompacts) {
    DType dtype = DType::Utf8(Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 100, .null_fraction = 0.3, .seed = 5});
    RowQueue queue;
    for (auto [start, stop] :
         std::vector<std::pair<size_t, size_t>>{{0, 10}, {10, 11}, {11, 60}, {60, 100}}) {
        queue.Push(*Slice(data, start, stop));
    }
    EXPECT_EQ(queue.rows(), 100u);
    ASSERT_OK_AND_ASSIGN(ArrayRef front, queue.CompactFront(35, dtype));
    EXPECT_TRUE(ArraysEqual(*Slice(data, 0, 35), front));
    ASSERT_OK(queue.Pop(35));
    EXPECT_EQ(queue.rows(), 65u);
    ASSERT_OK_AND_ASSIGN(auto parts, queue.Front(65));
    ASSERT_OK_AND_ASSIGN(ArrayRef rest, ConcatCanonical(parts, dtype));
    EXPECT_TRUE(ArraysEqual(*Slice(data, 35, 100), rest));
    ASSERT_RAISES(OutOfBounds, queue.Front(66));
    ASSERT_RAISES(OutOfBounds, queue.Pop(66));
    ASSERT_OK(queue.Pop(65));
    EXPECT_TRUE(queue.empty());
}

} // namespace
} // namespace vortex
