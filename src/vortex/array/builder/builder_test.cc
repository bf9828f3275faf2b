// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/list_builder.h"
#include "vortex/array/builder/primitive_builder.h"
#include "vortex/array/builder/struct_builder.h"
#include "vortex/array/builder/varbinview_builder.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

constexpr auto kN = Nullability::Nullable;
constexpr auto kNN = Nullability::NonNullable;

TEST(BuilderTest, PrimitiveTypedAndScalar) {
    PrimitiveBuilder<int32_t> builder(kN);
    builder.Append(4);
    builder.AppendNull();
    ASSERT_OK(builder.AppendScalar(Scalar::Primitive<int32_t>(6, kNN)));
    EXPECT_RAISES(MismatchedTypes, builder.AppendScalar(Scalar::Primitive<int64_t>(6, kNN)));
    ArrayRef array = builder.Finish();
    EXPECT_EQ(array->len(), 3u);
    EXPECT_TRUE(ScalarAt(array, 1)->is_null());
    EXPECT_EQ(*ScalarAt(array, 2), Scalar::Primitive<int32_t>(6, kN));
    EXPECT_EQ(builder.len(), 0u);
}

TEST(BuilderTest, VarBinViewSplitsLongValuesIntoBuffers) {
    VarBinViewBuilder builder(DType::Binary(kNN));
    const std::string long_value(100, 'x');
    builder.Append("tiny");
    builder.Append(long_value);
    auto array = As<VarBinViewArray>(builder.Finish());
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->bytes_at(0), "tiny");
    EXPECT_EQ(array->bytes_at(1), long_value);
}

// Copying (not sharing) long values: blocks stay within kMaxBufferSize however the appended
// values fall, nulls and inline padding come out zero, and every value survives.
TEST(BuilderTest, VarBinViewCopiesAcrossBlocks) {
    const size_t big = VarBinViewBuilder::kMaxBufferSize / 3 + 7;
    std::vector<std::optional<std::string>> values;
    for (size_t i = 0; i < 8; ++i) {
        values.emplace_back(std::string(big, static_cast<char>('a' + i)));
        values.emplace_back(std::nullopt);
        values.emplace_back("short" + std::to_string(i));
        values.emplace_back(std::string(13 + i, static_cast<char>('A' + i)));
    }
    auto input = VarBinViewArray::FromStrings(values, DType::Binary(kN));
    // Garbage past an inlined value and in a null's view must not reach the copy.
    BufferMut views = BufferMut::Uninitialized(input->views().size());
    std::memcpy(views.data(), input->views().data(), views.size());
    views.data()[2 * BinaryView::kSize + 15] = 0xEE;
    views.data()[1 * BinaryView::kSize + 3] = 0xEE;
    auto dirty = std::make_shared<const VarBinViewArray>(VarBinViewArray::Token{}, input->dtype(),
                                                         std::move(views).Freeze(), input->data_buffers(),
                                                         input->validity());
    for (size_t first_cut : {size_t{0}, size_t{1}, size_t{5}}) {
        VarBinViewBuilder builder(DType::Binary(kN), /*share_buffers=*/false);
        if (first_cut > 0) {
            ASSERT_OK(builder.AppendArray(*Slice(dirty, 0, first_cut)));
        }
        ASSERT_OK(builder.AppendArray(*Slice(dirty, first_cut, dirty->len())));
        auto copy = As<VarBinViewArray>(builder.Finish());
        ASSERT_EQ(copy->len(), values.size());
        for (const Buffer &buffer : copy->data_buffers()) {
            EXPECT_LE(buffer.size(), VarBinViewBuilder::kMaxBufferSize);
            for (const Buffer &source : input->data_buffers()) {
                EXPECT_NE(buffer.data(), source.data());
            }
        }
        for (size_t i = 0; i < values.size(); ++i) {
            ASSERT_EQ(copy->is_valid(i), values[i].has_value()) << i;
            if (values[i].has_value()) {
                EXPECT_EQ(copy->bytes_at(i), *values[i]) << i;
            }
        }
        const uint8_t *out = copy->views().data();
        EXPECT_EQ(out[2 * BinaryView::kSize + 15], 0);
        EXPECT_EQ(out[1 * BinaryView::kSize + 3], 0);
    }
}

TEST(BuilderTest, NestedFromScalarsRoundTrip) {
    const DType element = DType::Primitive(PType::I64, kNN);
    const DType list = DType::List(element, kN);
    const DType dtype = DType::Struct({"id", "tags"}, {DType::Utf8(kNN), list}, kN);
    ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(dtype));
    std::vector<Scalar> rows{
        Scalar::Struct(dtype,
                       {Scalar::Utf8("a", kNN), Scalar::List(list, {Scalar::Primitive<int64_t>(1, kNN),
                                                                    Scalar::Primitive<int64_t>(2, kNN)})}),
        Scalar::Null(dtype),
        Scalar::Struct(dtype, {Scalar::Utf8("b", kNN), Scalar::Null(list)}),
    };
    for (const Scalar &row : rows) {
        ASSERT_OK(builder->AppendScalar(row));
    }
    ArrayRef array = builder->Finish();
    ASSERT_EQ(array->len(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(*ScalarAt(array, i), rows[i]) << i;
    }
    // AppendArray copies every row, including from slices.
    ASSERT_OK_AND_ASSIGN(auto copy, MakeBuilder(dtype));
    ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(array, 1, 3));
    ASSERT_OK(copy->AppendArray(tail));
    ArrayRef copied = copy->Finish();
    EXPECT_EQ(*ScalarAt(copied, 1), rows[2]);
}

TEST(BuilderTest, MakeBuilderForEveryKind) {
    const DType ext = DType::Extension("e", DType::Primitive(PType::U8, kN), {});
    for (const DType &dtype :
         {DType::Null(), DType::Bool(kN), DType::Primitive(PType::F16, kN), DType::Decimal(20, 3, kN),
          DType::Utf8(kN), DType::Binary(kN), DType::Struct({}, {}, kN), DType::List(DType::Bool(kNN), kN),
          DType::FixedSizeList(DType::Bool(kNN), 2, kN), ext}) {
        ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(dtype));
        builder->AppendNull();
        ArrayRef array = builder->Finish();
        EXPECT_EQ(array->dtype(), dtype);
        EXPECT_EQ(array->len(), 1u);
        EXPECT_EQ(NullCount(array), 1u) << dtype;
    }
}

} // namespace
} // namespace vortex
