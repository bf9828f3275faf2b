// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Re-encodes a canonical Utf8/Binary input as varbin with a non-zero first offset (a few
// junk bytes before the first value) to exercise absolute offsets.
struct VarBinConformance {
    static bool Supports(const DType &dtype) { return dtype.is_utf8() || dtype.is_binary(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        const auto *view = As<VarBinViewArray>(*canonical);
        VX_ENSURE(view != nullptr, InvalidArgument, "expected a varbinview input");
        BufferMut bytes;
        bytes.Append("xyz", 3);
        std::vector<int64_t> offsets = {3};
        for (size_t i = 0; i < view->len(); ++i) {
            if (view->is_valid(i)) {
                const std::string_view value = view->bytes_at(i);
                bytes.Append(value.data(), value.size());
            }
            offsets.push_back(static_cast<int64_t>(bytes.size()));
        }
        const Validity validity = canonical->dtype().is_nullable()
                                      ? Validity::FromMask(canonical->validity_mask())
                                      : Validity::NonNullable();
        VX_ASSIGN_OR_RETURN(auto array,
                            VarBinArray::TryMake(canonical->dtype(), PrimitiveArray::FromValues(offsets),
                                                 std::move(bytes).Freeze(), validity));
        return ArrayRef(std::move(array));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(VarBin, ArrayConformanceTest, VarBinConformance);

namespace {

const DType kUtf8 = DType::Utf8(Nullability::NonNullable);
const DType kBinaryNullable = DType::Binary(Nullability::Nullable);

std::vector<uint8_t> Metadata(PType ptype) {
    vortex::array::VarBinMetadata proto;
    proto.set_offsets_ptype(static_cast<vortex::dtype::PType>(ptype));
    std::string bytes = proto.SerializeAsString();
    return {bytes.begin(), bytes.end()};
}

Result<ArrayRef> BuildVarBin(
    const DType &dtype, std::vector<uint8_t> metadata, std::string_view bytes, ArrayRef offsets, size_t len) {
    return VarBinEncoding::Instance().Build(dtype, len, metadata, {Buffer::CopyFrom(bytes)},
                                            std::vector<ArrayRef>{std::move(offsets)});
}

TEST(VarBinArrayTest, ReadsAbsoluteOffsetsOfAnyIntegerPType) {
    // Values "bc", "", "def" stored after one junk byte.
    ASSERT_OK_AND_ASSIGN(auto u8,
                         BuildVarBin(kUtf8, Metadata(PType::U8), "abcdef",
                                     PrimitiveArray::FromValues(std::vector<uint8_t>{1, 3, 3, 6}), 3));
    ASSERT_OK_AND_ASSIGN(auto i64,
                         BuildVarBin(kUtf8, Metadata(PType::I64), "abcdef",
                                     PrimitiveArray::FromValues(std::vector<int64_t>{1, 3, 3, 6}), 3));
    for (const ArrayRef &array : {u8, i64}) {
        ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(array, 0));
        EXPECT_EQ(first.as_string_view(), "bc");
        ASSERT_OK_AND_ASSIGN(Scalar second, ScalarAt(array, 1));
        EXPECT_EQ(second.as_string_view(), "");
        ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
        ASSERT_OK_AND_ASSIGN(Scalar third, ScalarAt(canonical, 2));
        EXPECT_EQ(third.as_string_view(), "def");
        ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
        AssertArraysEqual(canonical, rebuilt);
    }
}

TEST(VarBinArrayTest, SliceSharesTheBytes) {
    auto array = VarBinArray::FromStrings({"alpha", std::nullopt, "gamma-long-value", "d"}, kBinaryNullable);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 1, 3));
    auto varbin = As<VarBinArray>(sliced);
    ASSERT_NE(varbin, nullptr);
    EXPECT_EQ(varbin->bytes().data(), array->bytes().data());
    EXPECT_EQ(varbin->offset_at(0), 5u);
    EXPECT_FALSE(varbin->is_valid(0));
    EXPECT_EQ(varbin->bytes_at(1), "gamma-long-value");
    // The sliced array serializes with its absolute offsets and reads back.
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(sliced));
    AssertArraysEqual(sliced, rebuilt);
}

TEST(VarBinArrayTest, CanonicalViewsPointIntoTheBytes) {
    auto array =
        VarBinArray::FromStrings({"a-value-longer-than-twelve", "short"}, DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
    auto view = As<VarBinViewArray>(canonical);
    ASSERT_NE(view, nullptr);
    ASSERT_EQ(view->data_buffers().size(), 1u);
    EXPECT_EQ(view->data_buffers()[0].data(), array->bytes().data());
    EXPECT_EQ(view->bytes_at(0), "a-value-longer-than-twelve");
    EXPECT_EQ(view->bytes_at(1), "short");
}

TEST(VarBinArrayTest, RejectsBadInput) {
    auto offsets = [](std::vector<int32_t> v) { return PrimitiveArray::FromValues(v); };
    // Decreasing offsets.
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::I32), "abcd", offsets({0, 3, 2}), 2).ok());
    // Past the bytes.
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::I32), "abcd", offsets({0, 2, 5}), 2).ok());
    // Wrong count (len + 1 expected).
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::I32), "abcd", offsets({0, 2, 4}), 3).ok());
    // Negative offset.
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::I32), "abcd", offsets({-1, 2, 4}), 2).ok());
    // Invalid UTF-8 for Utf8 (a lone continuation byte), accepted as Binary.
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::I32), "ab\x80", offsets({0, 2, 3}), 2).ok());
    EXPECT_OK(BuildVarBin(DType::Binary(Nullability::NonNullable), Metadata(PType::I32), "ab\x80",
                          offsets({0, 2, 3}), 2)
                  .status());
    // Metadata: float offsets ptype, garbage bytes; buffer count.
    EXPECT_FALSE(BuildVarBin(kUtf8, Metadata(PType::F32), "abcd", offsets({0, 2, 4}), 2).ok());
    EXPECT_FALSE(BuildVarBin(kUtf8, {0xff, 0xff, 0xff}, "abcd", offsets({0, 2, 4}), 2).ok());
    EXPECT_FALSE(VarBinEncoding::Instance()
                     .Build(kUtf8, 2, Metadata(PType::I32), {}, std::vector<ArrayRef>{offsets({0, 2, 4})})
                     .ok());
    // A validity child on a non-nullable dtype.
    EXPECT_FALSE(VarBinEncoding::Instance()
                     .Build(kUtf8, 2, Metadata(PType::I32), {Buffer::CopyFrom(std::string_view("abcd"))},
                            std::vector<ArrayRef>{offsets({0, 2, 4}),
                                                  PrimitiveArray::FromValues(std::vector<int32_t>{1, 1})})
                     .ok());
}

TEST(VarBinArrayTest, NullValuesMayHoldInvalidUtf8) {
    // Only non-null values must be UTF-8 (as the canonical array requires).
    auto array = VarBinArray::TryMake(
        DType::Utf8(Nullability::Nullable), PrimitiveArray::FromValues(std::vector<int32_t>{0, 1, 2}),
        Buffer::CopyFrom(std::string_view("\x80z")), Validity::FromMask(Mask::FromIndices(2, {1})));
    ASSERT_OK(array.status());
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(*array));
    EXPECT_EQ(As<VarBinViewArray>(canonical)->bytes_at(1), "z");
}

// Inlined views take a fixed-width path when 12 bytes are readable, the exact copy near the
// end of the bytes; both must give the same views (zero padding included). Values start at
// offset 0 or after a skipped prefix, and the data buffers start empty (the branch-free path)
// or already hold one (the general path, indices after it).
TEST(BuildViewsOverBytesTest, EveryLengthAtEveryDistanceFromTheEnd) {
    for (size_t skipped : {0, 5}) {
        for (bool existing_buffer : {false, true}) {
            SCOPED_TRACE(::testing::Message() << "skipped " << skipped << " existing " << existing_buffer);
            std::string bytes(skipped, '#');
            std::vector<uint64_t> offsets{skipped};
            std::vector<std::string> expected;
            for (size_t length = 0; length <= 20; ++length) {
                for (size_t k = 0; k < 3; ++k) {
                    std::string value;
                    for (size_t i = 0; i < length; ++i) {
                        value.push_back(static_cast<char>('a' + (i + k + length) % 26));
                    }
                    bytes += value;
                    offsets.push_back(bytes.size());
                    expected.push_back(value);
                }
            }
            for (size_t length = 12; length-- > 0;) { // short values last, at the very end
                bytes += std::string(length, 'z');
                offsets.push_back(bytes.size());
                expected.emplace_back(length, 'z');
            }
            const Buffer buffer = Buffer::CopyFrom(std::string_view(bytes));
            std::vector<Buffer> data_buffers;
            if (existing_buffer) {
                data_buffers.push_back(Buffer::CopyFrom(std::string_view("elsewhere")));
            }
            const Buffer views = BuildViewsOverBytes(buffer, offsets, data_buffers);
            for (size_t i = 0; i < expected.size(); ++i) {
                const BinaryView view{views.data() + i * BinaryView::kSize};
                if (view.is_inlined()) {
                    uint8_t want[BinaryView::kSize];
                    BinaryView::Write(want, expected[i], 0, 0);
                    EXPECT_EQ(std::memcmp(view.raw, want, BinaryView::kSize), 0) << i;
                } else {
                    EXPECT_EQ(view.buffer_index(), existing_buffer ? 1u : 0u) << i;
                }
            }
            ASSERT_OK_AND_ASSIGN(
                auto array, VarBinViewArray::TryMake(kUtf8, views, data_buffers, Validity::NonNullable()));
            for (size_t i = 0; i < expected.size(); ++i) {
                EXPECT_EQ(array->bytes_at(i), expected[i]) << i;
            }
        }
    }
    // Only short values: no data buffer.
    std::vector<Buffer> none;
    const std::vector<uint64_t> short_offsets{0, 3, 3, 15, 20};
    BuildViewsOverBytes(Buffer::CopyFrom(std::string_view("abcdefghijklmnopqrst")), short_offsets, none);
    EXPECT_TRUE(none.empty());
}

TEST(CheckUtf8ValuesTest, DecidesPerValueWhereTheWholeCannot) {
    const auto check = [](std::string_view bytes, std::vector<uint64_t> offsets, Validity validity) {
        return CheckUtf8Values(Buffer::CopyFrom(bytes), offsets, validity);
    };
    EXPECT_OK(check("", {0}, Validity::NonNullable()));
    EXPECT_OK(check("ab\xc3\xa9\xe2\x82\xac", {0, 2, 4, 7}, Validity::NonNullable()));
    // Valid as a whole, but two values split one character.
    EXPECT_NOT_OK(check("a\xc3\xa9"
                        "b",
                        {0, 2, 4}, Validity::NonNullable()));
    // Invalid bytes under a null are fine; under a valid value they are not.
    const std::string_view garbage_in_middle("ab\xff"
                                             "cd",
                                             5);
    EXPECT_OK(check(garbage_in_middle, {0, 2, 3, 5}, Validity::FromMask(Mask::FromIndices(3, {0, 2}))));
    EXPECT_NOT_OK(check(garbage_in_middle, {0, 2, 3, 5}, Validity::NonNullable()));
    // Offsets need not start at 0: only the values' bytes count.
    EXPECT_OK(check("\xff"
                    "abc",
                    {1, 2, 4}, Validity::NonNullable()));
}

} // namespace
} // namespace vortex
