// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

const DType kUtf8 = DType::Utf8(Nullability::Nullable);

TEST(VarBinViewArrayTest, InlinedAndOutlinedValues) {
    auto array =
        VarBinViewArray::FromStrings({"short", std::nullopt, "a value longer than twelve bytes", ""}, kUtf8);
    EXPECT_EQ(array->encoding_id(), "vortex.varbinview");
    EXPECT_EQ(array->bytes_at(0), "short");
    EXPECT_EQ(array->bytes_at(2), "a value longer than twelve bytes");
    EXPECT_EQ(array->bytes_at(3), "");
    EXPECT_FALSE(array->is_valid(1));
    EXPECT_EQ(array->data_buffers().size(), 1u);
    // Buffers: the data buffers, then the views last.
    EXPECT_EQ(array->buffers().back().data(), array->views().data());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    for (size_t i = 0; i < array->len(); ++i) {
        EXPECT_EQ(*ScalarAt(rebuilt, i), *ScalarAt(array, i));
    }
}

TEST(VarBinViewArrayTest, RejectsViewsOutsideData) {
    const std::string long_value = "0123456789abcdef";
    uint8_t view[16];
    BinaryView::Write(view, long_value, 0, 4); // offset 4 + 16 bytes > 16-byte buffer
    Buffer views = Buffer::Copy(view);
    Buffer data = Buffer::CopyFrom(long_value);
    const auto &encoding = VarBinViewEncoding::Instance();
    EXPECT_RAISES(Serde, encoding.Build(kUtf8, 1, {}, {data, views}, std::vector<ArrayRef>{}));
    // Unknown data buffer index.
    BinaryView::Write(view, long_value, 3, 0);
    EXPECT_RAISES(Serde, encoding.Build(kUtf8, 1, {}, {data, Buffer::Copy(view)}, std::vector<ArrayRef>{}));
    // A correct view is accepted.
    BinaryView::Write(view, long_value, 0, 0);
    EXPECT_OK(encoding.Build(kUtf8, 1, {}, {data, Buffer::Copy(view)}, std::vector<ArrayRef>{}));
    // Views buffer of the wrong size, and no buffers at all.
    EXPECT_RAISES(Serde, encoding.Build(kUtf8, 2, {}, {data, Buffer::Copy(view)}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kUtf8, 0, {}, {}, std::vector<ArrayRef>{}));
}

TEST(VarBinViewArrayTest, RejectsInvalidUtf8ButNotForBinary) {
    const std::string bad = "\xff\xfe";
    uint8_t view[16];
    BinaryView::Write(view, bad, 0, 0);
    const auto &encoding = VarBinViewEncoding::Instance();
    EXPECT_RAISES(Serde, encoding.Build(kUtf8, 1, {}, {Buffer::Copy(view)}, std::vector<ArrayRef>{}));
    EXPECT_OK(encoding.Build(DType::Binary(Nullability::NonNullable), 1, {}, {Buffer::Copy(view)},
                             std::vector<ArrayRef>{}));
}

TEST(VarBinViewArrayTest, CompareTakeFilter) {
    auto array = VarBinViewArray::FromStrings({"b", std::nullopt, "a", "c"}, kUtf8);
    ASSERT_OK_AND_ASSIGN(ArrayRef gt,
                         CompareScalar(array, Scalar::Utf8("a", Nullability::NonNullable), CompareOp::Gt));
    EXPECT_EQ(*ScalarAt(gt, 0), Scalar::Bool(true, Nullability::Nullable));
    EXPECT_TRUE(ScalarAt(gt, 1)->is_null());
    EXPECT_EQ(*ScalarAt(gt, 2), Scalar::Bool(false, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(array, PrimitiveArray::FromValues<uint8_t>({3, 0})));
    EXPECT_EQ(As<VarBinViewArray>(taken)->bytes_at(0), "c");
    ASSERT_OK_AND_ASSIGN(
        ArrayRef filtered,
        Filter(array, Mask::FromBits(BitBuffer::FromBools(std::vector<bool>{false, true, true, false}))));
    EXPECT_EQ(filtered->len(), 2u);
    EXPECT_FALSE(filtered->is_valid(0));
    EXPECT_EQ(As<VarBinViewArray>(filtered)->bytes_at(1), "a");
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(array));
    EXPECT_EQ(min.as_string_view(), "a");
    ASSERT_OK_AND_ASSIGN(Scalar max, Max(array));
    EXPECT_EQ(max.as_string_view(), "c");
}

TEST(VarBinViewArrayTest, MinAndMaxMatchByteOrderOnTrickyValues) {
    // Prefix comparisons must agree with plain byte order: zero bytes, bytes >= 0x80, values
    // that are prefixes of others, empty values, short and long values, nulls.
    std::mt19937_64 rng(5);
    const uint8_t alphabet[] = {0x00, 0x01, 'a', 'b', 0x7F, 0x80, 0xFF};
    for (int round = 0; round < 200; ++round) {
        std::vector<std::optional<std::string>> values;
        std::optional<std::string> min;
        std::optional<std::string> max;
        const size_t n = 1 + rng() % 40;
        for (size_t i = 0; i < n; ++i) {
            if (rng() % 5 == 0) {
                values.push_back(std::nullopt);
                continue;
            }
            std::string value(rng() % 18, '\0');
            for (char &c : value) {
                c = static_cast<char>(alphabet[rng() % std::size(alphabet)]);
            }
            min = !min || value < *min ? value : *min;
            max = !max || value > *max ? value : *max;
            values.push_back(std::move(value));
        }
        const ArrayRef array = VarBinViewArray::FromStrings(values, DType::Binary(Nullability::Nullable));
        ASSERT_OK_AND_ASSIGN(Scalar got_min, Min(array));
        ASSERT_OK_AND_ASSIGN(Scalar got_max, Max(array));
        if (!min) {
            EXPECT_TRUE(got_min.is_null());
            continue;
        }
        const auto bytes = [](const Scalar &scalar) {
            const std::span<const uint8_t> b = scalar.as_bytes();
            return std::string(b.begin(), b.end());
        };
        EXPECT_EQ(bytes(got_min), *min) << round;
        EXPECT_EQ(bytes(got_max), *max) << round;
    }
}

} // namespace
} // namespace vortex
