// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <array>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/serde/array_stats_serde.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/array/serde/test_session_internal.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/endian.h"
#include "vortex/format/array_generated.h"
#include "vortex/scalar/scalar_serde.h"
#include "vortex/serde/flatbuffer_verify.h"

namespace vortex {
namespace {

namespace fba = fbs::array;
using testing_internal::CanonicalSession;

using testing_internal::CanonicalReadContext;
using testing_internal::CanonicalWriteContext;

// Checks the byte layout of spec section 1.1 on the concatenated segment: parts add up,
// every buffer starts at a multiple of its declared alignment with zero padding before it,
// the flatbuffer starts at a multiple of 8 and is followed by its u32 LE length, and the
// segment alignment is max(8, largest buffer alignment).
void ExpectLayout(const SerializedArray &serialized, const Buffer &segment) {
    uint64_t parts_size = 0;
    for (const Buffer &part : serialized.parts) {
        parts_size += part.size();
    }
    ASSERT_EQ(parts_size, serialized.size);
    ASSERT_EQ(segment.size(), serialized.size);
    ASSERT_GE(segment.size(), 4u);
    const uint32_t fb_len = LoadLittleEndian<uint32_t>(segment.data() + segment.size() - 4);
    ASSERT_LE(fb_len + 4u, segment.size());
    const size_t fb_offset = segment.size() - 4 - fb_len;
    EXPECT_EQ(fb_offset % 8, 0u);

    const serde::AlignedBytes fb_bytes(segment.bytes().subspan(fb_offset, fb_len));
    ASSERT_OK_AND_ASSIGN(const fba::Array *fb, serde::VerifyFlatBuffer<fba::Array>(fb_bytes.span(), "test"));
    ASSERT_NE(fb->root(), nullptr);
    ASSERT_NE(fb->buffers(), nullptr);
    size_t offset = 0;
    size_t max_alignment = 8;
    for (const fba::Buffer *descriptor : *fb->buffers()) {
        const size_t alignment = size_t{1} << descriptor->alignment_exponent();
        max_alignment = std::max(max_alignment, alignment);
        EXPECT_EQ(descriptor->compression(), fba::Compression::None);
        EXPECT_LT(descriptor->padding(), alignment);
        for (size_t i = 0; i < descriptor->padding(); ++i) {
            EXPECT_EQ(segment.data()[offset + i], 0) << "padding byte " << offset + i;
        }
        offset += descriptor->padding();
        EXPECT_EQ(offset % alignment, 0u) << "buffer at " << offset << " declares alignment " << alignment;
        offset += descriptor->length();
    }
    ASSERT_LE(offset, fb_offset);
    EXPECT_LT(fb_offset - offset, 8u);
    for (size_t i = offset; i < fb_offset; ++i) {
        EXPECT_EQ(segment.data()[i], 0) << "padding byte " << i;
    }
    EXPECT_EQ(serialized.alignment, max_alignment);
}

// Serializes, checks the layout, decodes, compares, and checks that re-serializing the
// decoded array gives the same bytes.
void ExpectRoundTrip(const ArrayRef &array) {
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
    const Buffer segment = serialized.ToBuffer();
    ASSERT_NO_FATAL_FAILURE(ExpectLayout(serialized, segment));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(segment, array->dtype(), array->len(), CanonicalReadContext()));
    EXPECT_EQ(decoded->encoding_id(), array->encoding_id());
    ASSERT_OK_AND_ASSIGN(SerializedArray again, SerializeArray(decoded, CanonicalWriteContext()));
    EXPECT_TRUE(again.ToBuffer().ContentEquals(segment)) << "re-serialization changed the bytes";
    EXPECT_ARRAYS_EQUAL(array, decoded);
}

TEST(SerializedArrayTest, RoundTripsEveryDTypeDensityLengthAndForm) {
    uint64_t seed = 1;
    size_t round_trips = 0;
    for (const DType &dtype : AllTestDTypes()) {
        for (const double null_fraction : {0.0, 0.5, 1.0}) {
            for (const size_t len : {size_t{0}, size_t{1}, size_t{1000}}) {
                RandomArrayOptions options;
                options.len = len;
                options.null_fraction = null_fraction;
                options.seed = ++seed;
                const ArrayRef canonical = RandomArray(dtype, options);
                for (const ArrayForm form : {ArrayForm::Canonical, ArrayForm::Sliced, ArrayForm::Chunked,
                                             ArrayForm::Dict, ArrayForm::Constant, ArrayForm::Masked}) {
                    SCOPED_TRACE(dtype.ToString() + " nulls=" + std::to_string(null_fraction) +
                                 " len=" + std::to_string(len) + " form=" + std::string(ArrayFormName(form)));
                    ArrayRef array;
                    if (form == ArrayForm::Constant) {
                        array = RandomConstantArray(dtype, options);
                    } else {
                        auto formed = ToForm(canonical, form, seed);
                        if (!formed.ok()) {
                            continue; // the form does not apply to this dtype
                        }
                        array = *formed;
                    }
                    ASSERT_NO_FATAL_FAILURE(ExpectRoundTrip(array));
                    ++round_trips;
                }
            }
        }
    }
    EXPECT_GT(round_trips, 500u);
}

TEST(SerializedArrayTest, RoundTripsRandomNestedEncodedArrays) {
    for (uint64_t seed = 0; seed < 60; ++seed) {
        RandomArrayOptions options;
        options.len = seed % 3 == 0 ? 0 : 50 + seed;
        options.seed = seed;
        options.max_depth = 3;
        const DType dtype = RandomDType(seed, 3);
        SCOPED_TRACE(dtype.ToString() + " seed=" + std::to_string(seed));
        ASSERT_NO_FATAL_FAILURE(ExpectRoundTrip(RandomEncodedArray(dtype, options)));
    }
}

// Spec: arrays-encodings 1.1/1.2, derived by hand for vortex.primitive i32 [1, 2, 3] with the
// canonical session's dictionary (vortex.primitive is id 11 of the sorted 14). The
// flatbuffer bytes follow the FlatBuffers builder rules (back to front, vtables before
// their tables, default scalars omitted), built in the reference's creation order:
// metadata, children, buffer indices, stats, node, descriptors, Array.
TEST(SerializedArrayTest, GoldenPrimitiveI32) {
    const ArrayRef array = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
    EXPECT_EQ(serialized.alignment, 8u);
    const Buffer segment = serialized.ToBuffer();

    const std::vector<uint8_t> flatbuffer = {
        12, 0, 0,  0,                                   // root offset -> Array table at 12
        8,  0, 12, 0, 4,  0, 8, 0,                      // Array vtable: 8 bytes, table 12, root@4, buffers@8
        8,  0, 0,  0,                                   // Array table: vtable at 12 - 8
        36, 0, 0,  0,                                   // root -> node table at 52
        4,  0, 0,  0,                                   // buffers -> vector at 24
        1,  0, 0,  0,                                   // 1 descriptor:
        0,  0, 2,  0, 12, 0, 0, 0,                      //   padding 0, 2^2 alignment, None, 12 bytes
        0,  0,                                          // alignment padding
        14, 0, 24, 0, 6,  0, 8, 0, 12, 0, 16, 0, 20, 0, // node vtable: 5 fields, table 24 bytes
        14, 0, 0,  0,                                   // node table: vtable at 52 - 14
        0,  0,                                          // alignment padding
        11, 0,                                          // encoding 11
        36, 0, 0,  0,                                   // metadata -> 96
        28, 0, 0,  0,                                   // children -> 92
        16, 0, 0,  0,                                   // buffers -> 84
        8,  0, 0,  0,                                   // stats -> 80
        4,  0, 4,  0,                                   // stats vtable: no fields
        4,  0, 0,  0,                                   // stats table
        1,  0, 0,  0, 0,  0,                            // buffer indices [0]
        0,  0,                                          // alignment padding
        0,  0, 0,  0,                                   // children []
        0,  0, 0,  0,                                   // metadata []
    };
    std::vector<uint8_t> expected = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, /* pad to 16 */ 0, 0, 0, 0};
    expected.insert(expected.end(), flatbuffer.begin(), flatbuffer.end());
    expected.insert(expected.end(), {static_cast<uint8_t>(flatbuffer.size()), 0, 0, 0});
    ASSERT_EQ(std::vector<uint8_t>(segment.bytes().begin(), segment.bytes().end()), expected);

    // The same bytes, read back through the generated accessors.
    const serde::AlignedBytes fb_bytes(segment.bytes().subspan(16, flatbuffer.size()));
    ASSERT_OK_AND_ASSIGN(const fba::Array *fb,
                         serde::VerifyFlatBuffer<fba::Array>(fb_bytes.span(), "golden"));
    ASSERT_EQ(fb->buffers()->size(), 1u);
    EXPECT_EQ(fb->buffers()->Get(0)->padding(), 0);
    EXPECT_EQ(fb->buffers()->Get(0)->alignment_exponent(), 2);
    EXPECT_EQ(fb->buffers()->Get(0)->length(), 12u);
    const fba::ArrayNode *root = fb->root();
    EXPECT_EQ(root->encoding(), *CanonicalWriteContext().IndexOf("vortex.primitive"));
    ASSERT_NE(root->metadata(), nullptr);
    EXPECT_EQ(root->metadata()->size(), 0u);
    ASSERT_NE(root->children(), nullptr);
    EXPECT_EQ(root->children()->size(), 0u);
    ASSERT_EQ(root->buffers()->size(), 1u);
    EXPECT_EQ(root->buffers()->Get(0), 0);
    ASSERT_NE(root->stats(), nullptr);
    EXPECT_EQ(root->stats()->min(), nullptr);
    EXPECT_FALSE(root->stats()->null_count().has_value());

    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(segment, array->dtype(), 3, CanonicalReadContext()));
    EXPECT_ARRAYS_EQUAL(array, decoded);
}

TEST(SerializedArrayTest, BuffersAreAssignedInPreOrderAndAlignedInTheSegment) {
    // struct{a: utf8 (nullable, long values in a data buffer), b: i64}: pre-order buffers are
    // a's data buffer(s), a's views, a's validity bits, then b's values.
    const ArrayRef strings = VarBinViewArray::FromStrings(
        std::vector<std::optional<std::string>>{"a value longer than twelve bytes", std::nullopt,
                                                "another long value, also not inlined"},
        DType::Utf8(Nullability::Nullable));
    const ArrayRef numbers = PrimitiveArray::FromOptionals<int64_t>({1, std::nullopt, 3});
    ASSERT_OK_AND_ASSIGN(auto array, StructArray::FromFields({"a", "b"}, {strings, numbers}, 3));
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
    EXPECT_EQ(serialized.alignment, 16u);
    const Buffer segment = serialized.ToBuffer();
    ASSERT_NO_FATAL_FAILURE(ExpectLayout(serialized, segment));

    const uint32_t fb_len = LoadLittleEndian<uint32_t>(segment.data() + segment.size() - 4);
    const serde::AlignedBytes fb_bytes(segment.bytes().subspan(segment.size() - 4 - fb_len, fb_len));
    ASSERT_OK_AND_ASSIGN(const fba::Array *fb, serde::VerifyFlatBuffer<fba::Array>(fb_bytes.span(), "test"));
    std::vector<uint8_t> exponents;
    for (const fba::Buffer *descriptor : *fb->buffers()) {
        exponents.push_back(descriptor->alignment_exponent());
    }
    // Expected from the arrays themselves: every node's buffers, depth first.
    std::vector<uint8_t> expected_exponents;
    std::vector<std::vector<uint16_t>> expected_indices;
    uint16_t next = 0;
    const auto visit = [&](const auto &self, const Array &node) -> void {
        std::vector<uint16_t> own;
        for (size_t i = 0; i < node.nbuffers(); ++i) {
            expected_exponents.push_back(static_cast<uint8_t>(std::countr_zero(node.buffer_alignment(i))));
            own.push_back(next++);
        }
        expected_indices.push_back(own);
        for (const ArrayRef &child : node.children()) {
            self(self, *child);
        }
    };
    visit(visit, *array);
    EXPECT_EQ(exponents, expected_exponents);
    std::vector<std::vector<uint16_t>> indices;
    const auto collect = [&](const auto &self, const fba::ArrayNode *node) -> void {
        indices.emplace_back(node->buffers()->begin(), node->buffers()->end());
        for (const fba::ArrayNode *child : *node->children()) {
            self(self, child);
        }
    };
    collect(collect, fb->root());
    EXPECT_EQ(indices, expected_indices);
    // The views buffer of the strings and the i64 values are typed buffers.
    EXPECT_NE(std::find(exponents.begin(), exponents.end(), 4), exponents.end());
    EXPECT_NE(std::find(exponents.begin(), exponents.end(), 3), exponents.end());

    // Decoding from a segment that starts at an odd address copies to restore alignment.
    BufferMut shifted_bytes = BufferMut::WithCapacity(segment.size() + 1);
    shifted_bytes.Push<uint8_t>(0);
    shifted_bytes.Append(segment.data(), segment.size());
    const Buffer shifted = std::move(shifted_bytes).Freeze().Slice(1, segment.size());
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(shifted, array->dtype(), 3, CanonicalReadContext()));
    EXPECT_ARRAYS_EQUAL(array, decoded);
}

TEST(SerializedArrayTest, CachedStatisticsRoundTrip) {
    const ArrayRef array = PrimitiveArray::FromOptionals<int32_t>({5, std::nullopt, -3, 9, 9});
    std::vector<std::pair<Stat, Scalar>> expected;
    for (const Stat stat : {Stat::Min, Stat::Max, Stat::Sum, Stat::NullCount, Stat::IsConstant,
                            Stat::IsSorted, Stat::IsStrictSorted, Stat::UncompressedSizeInBytes}) {
        ASSERT_OK_AND_ASSIGN(std::optional<Scalar> value, array->statistics().Get(stat));
        ASSERT_TRUE(value.has_value()) << StatName(stat);
        expected.emplace_back(stat, *value);
    }
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, DeserializeArray(serialized.ToBuffer(), array->dtype(),
                                                            array->len(), CanonicalReadContext()));
    for (const auto &[stat, value] : expected) {
        const std::optional<Scalar> read = decoded->statistics().GetIfComputed(stat);
        ASSERT_TRUE(read.has_value()) << StatName(stat);
        EXPECT_EQ(*read, value) << StatName(stat) << ": " << read->ToString() << " vs " << value.ToString();
    }
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::NanCount), std::nullopt);
    EXPECT_EQ(CachedStatistics(*decoded).size(), expected.size());
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Min)->as<int32_t>(), -3);
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Max)->as<int32_t>(), 9);
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::NullCount)->as<uint64_t>(), 1u);
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Sum)->as<int64_t>(), 20);
}

TEST(SerializedArrayTest, LongStringBoundsAreNotWritten) {
    const std::string long_value(kMaxSerializedStatBytes + 1, 'z');
    const ArrayRef array = VarBinViewArray::FromStrings(std::vector<std::string>{"abc", long_value, "b"},
                                                        DType::Utf8(Nullability::NonNullable));
    ASSERT_OK(array->statistics().Get(Stat::Min));
    ASSERT_OK(array->statistics().Get(Stat::Max));
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(serialized.ToBuffer(), array->dtype(), 3, CanonicalReadContext()));
    ASSERT_TRUE(decoded->statistics().GetIfComputed(Stat::Min).has_value());
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Min)->as_string_view(), "abc");
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Max), std::nullopt);
}

TEST(SerializedArrayTest, StructAndFixedSizeListBoundsAreNotWritten) {
    // The reference cannot decode struct or fixed-size-list values, so their min and max stay
    // out of the stats table; counts are written as for any array.
    const ArrayRef elements = PrimitiveArray::FromValues<int32_t>({3, 1, 2, 0});
    ASSERT_OK_AND_ASSIGN(auto fsl, FixedSizeListArray::TryMake(elements, 2, 2, Validity::NonNullable()));
    // Bounds a producer cached (we do not compute them for lists, but nothing forbids a cache).
    const DType pair = DType::FixedSizeList(elements->dtype(), 2, Nullability::NonNullable);
    const auto value = [&](int32_t a, int32_t b) {
        return Scalar::List(pair, {Scalar::Primitive<int32_t>(a, Nullability::NonNullable),
                                   Scalar::Primitive<int32_t>(b, Nullability::NonNullable)});
    };
    fsl->statistics().Set(Stat::Min, value(2, 0));
    fsl->statistics().Set(Stat::Max, value(3, 1));
    ASSERT_OK(fsl->statistics().Get(Stat::NullCount));
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(fsl, CanonicalWriteContext()));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(serialized.ToBuffer(), fsl->dtype(), 2, CanonicalReadContext()));
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Min), std::nullopt);
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::Max), std::nullopt);
    ASSERT_TRUE(decoded->statistics().GetIfComputed(Stat::NullCount).has_value());
    EXPECT_EQ(decoded->statistics().GetIfComputed(Stat::NullCount)->as<uint64_t>(), 0u);
    EXPECT_FALSE(ScalarValueReadableByReference(fsl->dtype()));
    EXPECT_FALSE(
        ScalarValueReadableByReference(DType::Struct({"a"}, {elements->dtype()}, Nullability::NonNullable)));
    EXPECT_FALSE(ScalarValueReadableByReference(DType::List(fsl->dtype(), Nullability::Nullable)));
    EXPECT_TRUE(ScalarValueReadableByReference(DType::List(elements->dtype(), Nullability::Nullable)));
}

TEST(SerializedArrayTest, StatsTableKeepsOnlyExactNonNullValues) {
    const DType dtype = DType::Primitive(PType::I64, Nullability::Nullable);
    flatbuffers::FlatBufferBuilder fbb;
    const auto min =
        fbb.CreateVector(SerializeScalarValue(Scalar::Primitive<int64_t>(-7, Nullability::NonNullable)));
    const auto max =
        fbb.CreateVector(SerializeScalarValue(Scalar::Primitive<int64_t>(70, Nullability::NonNullable)));
    const auto sum = fbb.CreateVector(SerializeScalarValue(Scalar::Null(dtype)));
    fbb.Finish(fba::CreateArrayStats(fbb, min, fba::Precision::Inexact, max, fba::Precision::Exact, sum,
                                     flatbuffers::Optional<bool>(true), flatbuffers::nullopt,
                                     flatbuffers::Optional<bool>(false), flatbuffers::Optional<uint64_t>(4)));
    const auto *fb = flatbuffers::GetRoot<fba::ArrayStats>(fbb.GetBufferPointer());
    ASSERT_OK_AND_ASSIGN(auto stats, ReadArrayStats(fb, dtype));
    std::vector<Stat> names;
    for (const auto &[stat, value] : stats) {
        names.push_back(stat);
        EXPECT_FALSE(value.is_null());
    }
    EXPECT_EQ(names, (std::vector<Stat>{Stat::IsConstant, Stat::IsSorted, Stat::Max, Stat::NullCount}));

    // Written back, the set reads the same.
    flatbuffers::FlatBufferBuilder again;
    again.Finish(WriteArrayStats(again, dtype, stats));
    const auto *fb_again = flatbuffers::GetRoot<fba::ArrayStats>(again.GetBufferPointer());
    ASSERT_OK_AND_ASSIGN(auto stats_again, ReadArrayStats(fb_again, dtype));
    ASSERT_EQ(stats_again.size(), stats.size());
    for (size_t i = 0; i < stats.size(); ++i) {
        EXPECT_EQ(stats_again[i].first, stats[i].first);
        EXPECT_EQ(stats_again[i].second, stats[i].second);
    }
}

TEST(SerializedArrayTest, WritingRequiresEveryEncodingInTheContext) {
    const ArrayRef array = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt});
    ASSERT_OK_AND_ASSIGN(ArrayWriteContext only_primitive, ArrayWriteContext::FromIds({"vortex.primitive"}));
    // The validity child is a vortex.bool array.
    EXPECT_RAISES(InvalidArgument, SerializeArray(array, only_primitive));
    ASSERT_OK_AND_ASSIGN(ArrayWriteContext both,
                         ArrayWriteContext::FromIds({"vortex.primitive", "vortex.bool"}));
    EXPECT_OK(SerializeArray(array, both));
}

TEST(SerializedArrayTest, RejectsMoreThan65535Buffers) {
    const ArrayRef chunk = PrimitiveArray::FromValues<uint8_t>({});
    const DType dtype = chunk->dtype();
    // Each empty chunk holds one buffer; the chunk offsets add one more.
    ASSERT_OK_AND_ASSIGN(auto fits, ChunkedArray::TryMake(std::vector<ArrayRef>(65534, chunk), dtype));
    ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(fits, CanonicalWriteContext()));
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded,
                         DeserializeArray(serialized.ToBuffer(), dtype, 0, CanonicalReadContext()));
    EXPECT_EQ(decoded->nchildren(), 65535u);
    ASSERT_OK_AND_ASSIGN(auto too_many, ChunkedArray::TryMake(std::vector<ArrayRef>(65535, chunk), dtype));
    EXPECT_RAISES(InvalidArgument, SerializeArray(too_many, CanonicalWriteContext()));
}

TEST(SerializedArrayTest, RejectsBuffersOf4GiB) {
    // The buffer's bytes are never read: the size check comes first.
    static const uint8_t byte = 0;
    const Buffer huge = Buffer::Wrap(&byte, size_t{1} << 32, nullptr);
    ASSERT_OK_AND_ASSIGN(auto array, PrimitiveArray::TryMake(PType::U8, huge, Validity::NonNullable()));
    EXPECT_RAISES(InvalidArgument, SerializeArray(array, CanonicalWriteContext()));
}

// Nesting depth is bounded by the flatbuffer verifier, so a deep tree is an error before the
// recursive decoder runs.
TEST(SerializedArrayTest, DeepTreesAreBoundedByTheVerifier) {
    const auto nested = [](size_t depth) {
        ArrayRef array = PrimitiveArray::FromValues<int8_t>({1});
        for (size_t i = 0; i < depth; ++i) {
            array = *StructArray::FromFields({"f"}, {array}, 1);
        }
        return array;
    };
    size_t deepest_readable = 0;
    for (const size_t depth : {10, 60, 100, 120, 124, 125, 126, 127, 200}) {
        const ArrayRef array = nested(depth);
        ASSERT_OK_AND_ASSIGN(SerializedArray serialized, SerializeArray(array, CanonicalWriteContext()));
        auto decoded = DeserializeArray(serialized.ToBuffer(), array->dtype(), 1, CanonicalReadContext());
        if (decoded.ok()) {
            EXPECT_ARRAYS_EQUAL(array, *decoded);
            deepest_readable = depth;
        } else {
            EXPECT_EQ(decoded.status().code(), StatusCode::Serde) << decoded.status().ToString();
        }
    }
    EXPECT_GE(deepest_readable, 60u);
    EXPECT_LT(deepest_readable, 200u);
    std::cout << "deepest readable struct nesting: " << deepest_readable << "\n";
}

} // namespace
} // namespace vortex
