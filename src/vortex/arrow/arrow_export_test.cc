// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_export.h"
#include "vortex/base/bits.h"
#include "vortex/buffer/memory_pool.h"

namespace vortex {
namespace {

std::shared_ptr<const PrimitiveArray> Iota(size_t len) {
    std::vector<int64_t> values(len);
    std::iota(values.begin(), values.end(), 0);
    return PrimitiveArray::FromValues(values);
}

TEST(ArrowExportTest, KeepsBuffersAliveUntilRelease) {
    const int64_t baseline = MemoryPool::Default().bytes_allocated();
    ArrowArray exported{};
    std::weak_ptr<const void> owner;
    {
        ArrayRef array = Iota(100'000);
        owner = As<PrimitiveArray>(*array)->values().owner();
        ASSERT_OK(ExportArray(array, &exported));
        // Zero-copy: the consumer sees our values buffer.
        EXPECT_EQ(exported.buffers[1], As<PrimitiveArray>(*array)->values().data());
    }
    EXPECT_FALSE(owner.expired());
    EXPECT_GE(MemoryPool::Default().bytes_allocated() - baseline, int64_t{100'000 * 8});
    const auto *values = static_cast<const int64_t *>(exported.buffers[1]);
    EXPECT_EQ(values[99'999], 99'999);
    exported.release(&exported);
    EXPECT_EQ(exported.release, nullptr);
    EXPECT_TRUE(owner.expired());
    EXPECT_EQ(MemoryPool::Default().bytes_allocated(), baseline);
}

// Spec: a consumer may move a child out; releasing the parent must then leave it alone.
TEST(ArrowExportTest, ReleasesChildrenRecursivelyExceptMovedOnes) {
    std::weak_ptr<const void> a_owner;
    std::weak_ptr<const void> b_owner;
    ArrowArray exported{};
    {
        const auto a = Iota(10);
        const auto b = Iota(10);
        a_owner = a->values().owner();
        b_owner = b->values().owner();
        ASSERT_OK_AND_ASSIGN(auto array, StructArray::FromFields({"a", "b"}, {a, b}, 10));
        ASSERT_OK(ExportArray(array, &exported));
    }
    ASSERT_EQ(exported.n_children, 2);
    ArrowArray moved = *exported.children[1];
    exported.children[1]->release = nullptr;
    exported.release(&exported);
    EXPECT_EQ(exported.release, nullptr);
    EXPECT_TRUE(a_owner.expired());
    EXPECT_FALSE(b_owner.expired());
    ASSERT_NE(moved.release, nullptr);
    EXPECT_EQ(static_cast<const int64_t *>(moved.buffers[1])[9], 9);
    moved.release(&moved);
    EXPECT_EQ(moved.release, nullptr);
    EXPECT_TRUE(b_owner.expired());
}

TEST(ArrowExportTest, BoolSliceUsesTheArrowOffset) {
    std::vector<bool> bits(40);
    std::vector<bool> valid(40);
    for (size_t i = 0; i < bits.size(); ++i) {
        bits[i] = i % 3 == 0;
        valid[i] = i % 5 != 0;
    }
    const auto array =
        BoolArray::Make(BitBuffer::FromBools(bits), Validity::FromBits(BitBuffer::FromBools(valid)));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 11, 37));
    ArrowArray exported{};
    ASSERT_OK(ExportArray(sliced, &exported));
    EXPECT_EQ(exported.length, 26);
    EXPECT_EQ(exported.n_buffers, 2);
    size_t expected_nulls = 0;
    for (size_t i = 11; i < 37; ++i) {
        expected_nulls += valid[i] ? 0 : 1;
    }
    EXPECT_EQ(exported.null_count, static_cast<int64_t>(expected_nulls));
    const auto offset = static_cast<size_t>(exported.offset);
    const auto *values = static_cast<const uint8_t *>(exported.buffers[1]);
    const auto *validity = static_cast<const uint8_t *>(exported.buffers[0]);
    for (size_t i = 0; i < 26; ++i) {
        EXPECT_EQ(bits::GetBit(values, offset + i), bits[11 + i]) << i;
        EXPECT_EQ(bits::GetBit(validity, offset + i), valid[11 + i]) << i;
    }
    exported.release(&exported);
}

TEST(ArrowExportTest, NarrowDecimalsAreWidenedTo128Bits) {
    const std::vector<int16_t> raw = {-300, 0, 9999};
    const auto array = DecimalArray::Make(
        {4, 1}, DecimalType::I16, Buffer::CopyFrom(std::span<const int16_t>(raw)), Validity::NonNullable());
    ArrowArray exported{};
    ASSERT_OK(ExportArray(array, &exported));
    const auto *values = static_cast<const uint8_t *>(exported.buffers[1]);
    for (size_t i = 0; i < raw.size(); ++i) {
        int64_t low;
        int64_t high;
        std::memcpy(&low, values + 16 * i, 8);
        std::memcpy(&high, values + 16 * i + 8, 8);
        EXPECT_EQ(low, raw[i]);
        EXPECT_EQ(high, raw[i] < 0 ? -1 : 0);
    }
    exported.release(&exported);
}

TEST(ArrowExportTest, StringViewBuffersFollowTheSpec) {
    const auto array = VarBinViewArray::FromStrings(
        std::vector<std::string>{"a", std::string(100, 'b'), "", std::string(20, 'c')},
        DType::Utf8(Nullability::NonNullable));
    ArrowArray exported{};
    ASSERT_OK(ExportArray(array, &exported));
    const size_t ndata = array->data_buffers().size();
    ASSERT_EQ(exported.n_buffers, static_cast<int64_t>(2 + ndata + 1));
    EXPECT_EQ(exported.buffers[0], nullptr);
    EXPECT_EQ(exported.null_count, 0);
    EXPECT_EQ(exported.buffers[1], array->views().data());
    const auto *sizes = static_cast<const int64_t *>(exported.buffers[exported.n_buffers - 1]);
    for (size_t k = 0; k < ndata; ++k) {
        EXPECT_EQ(exported.buffers[2 + k], array->data_buffers()[k].data());
        EXPECT_EQ(sizes[k], static_cast<int64_t>(array->data_buffers()[k].size()));
    }
    exported.release(&exported);
}

TEST(ArrowExportTest, NullArrayHasNoBuffers) {
    ArrowArray exported{};
    ArrowSchema schema{};
    ASSERT_OK(ExportArrayWithSchema(NullArray::Make(5), &exported, &schema));
    EXPECT_EQ(exported.n_buffers, 0);
    EXPECT_EQ(exported.null_count, 5);
    EXPECT_STREQ(schema.format, "n");
    EXPECT_EQ(schema.flags & ARROW_FLAG_NULLABLE, ARROW_FLAG_NULLABLE);
    exported.release(&exported);
    schema.release(&schema);
}

TEST(ArrowExportTest, DictWithNonNullableCodesIsAnArrowDictionary) {
    const auto values = VarBinViewArray::FromStrings(std::vector<std::string>{"x", "yy"},
                                                     DType::Utf8(Nullability::NonNullable));
    const auto codes = PrimitiveArray::FromValues<uint16_t>({1, 1, 0});
    ArrowArray exported{};
    ArrowSchema schema{};
    ASSERT_OK(ExportArrayWithSchema(DictArray::Make(codes, values), &exported, &schema));
    EXPECT_STREQ(schema.format, "S");
    ASSERT_NE(schema.dictionary, nullptr);
    EXPECT_STREQ(schema.dictionary->format, "vu");
    ASSERT_NE(exported.dictionary, nullptr);
    EXPECT_EQ(exported.dictionary->length, 2);
    EXPECT_EQ(exported.buffers[1], codes->values().data());
    exported.release(&exported);
    schema.release(&schema);
}

TEST(ArrowExportTest, NullArgumentsAreErrors) {
    EXPECT_NOT_OK(ExportArray(Iota(3), nullptr));
    EXPECT_NOT_OK(ExportSchema(DType::Null(), nullptr));
}

} // namespace
} // namespace vortex
