// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Bulk AppendArray and ConcatCanonical against element-by-element appends (ScalarAt +
// AppendScalar), over every dtype of the test kit and every physical form that matters.

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/bitmap_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

constexpr auto kN = Nullability::Nullable;
constexpr auto kNN = Nullability::NonNullable;

// The element-by-element reference: what ArrayBuilder::AppendArray did before bulk appends.
Result<ArrayRef> ConcatByScalars(const DType &dtype, const std::vector<ArrayRef> &arrays) {
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    for (const ArrayRef &array : arrays) {
        for (size_t i = 0; i < array->len(); ++i) {
            VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
            VX_RETURN_NOT_OK(builder->AppendScalar(value));
        }
    }
    return builder->Finish();
}

Result<ArrayRef> ConcatBulk(const DType &dtype, const std::vector<ArrayRef> &arrays) {
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    for (const ArrayRef &array : arrays) {
        VX_RETURN_NOT_OK(builder->AppendArray(array));
    }
    return builder->Finish();
}

RandomArrayOptions Options(size_t len, uint64_t seed, double null_fraction = 0.1) {
    RandomArrayOptions options;
    options.len = len;
    options.seed = seed;
    options.null_fraction = null_fraction;
    return options;
}

// Every view, null or not, must point inside its data buffer.
void ExpectViewsInBounds(const ArrayRef &array) {
    const auto strings = As<VarBinViewArray>(array);
    ASSERT_NE(strings, nullptr);
    for (size_t i = 0; i < strings->len(); ++i) {
        const BinaryView view = strings->view_at(i);
        if (view.is_inlined()) {
            continue;
        }
        ASSERT_LT(view.buffer_index(), strings->data_buffers().size()) << "view " << i;
        EXPECT_LE(size_t{view.offset()} + view.size(), strings->data_buffers()[view.buffer_index()].size())
            << "view " << i;
    }
}

// Checks bulk appends, ConcatCanonical and ChunkedArray::ToCanonical against the reference.
void ExpectConcatMatches(const DType &dtype, const std::vector<ArrayRef> &pieces) {
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, ConcatByScalars(dtype, pieces));
    ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(dtype, pieces));
    EXPECT_TRUE(bulk->is_canonical()) << bulk->encoding_id();
    EXPECT_ARRAYS_EQUAL(expected, bulk);
    if (dtype.is_utf8() || dtype.is_binary()) {
        ExpectViewsInBounds(bulk);
    }
    bool same_dtype = true;
    for (const ArrayRef &piece : pieces) {
        same_dtype = same_dtype && piece->dtype() == dtype;
    }
    if (same_dtype) { // ConcatCanonical and chunks need the exact dtype
        ASSERT_OK_AND_ASSIGN(ArrayRef concat, ConcatCanonical(pieces, dtype));
        EXPECT_ARRAYS_EQUAL(expected, concat);
        ASSERT_OK_AND_ASSIGN(auto chunked, ChunkedArray::TryMake(pieces, dtype));
        ASSERT_OK_AND_ASSIGN(ArrayRef canonical, chunked->ToCanonical());
        EXPECT_ARRAYS_EQUAL(expected, canonical);
    }
}

TEST(ConcatTest, EveryDTypeAndFormMatchesElementByElement) {
    uint64_t seed = 1;
    for (const DType &dtype : AllTestDTypes()) {
        std::vector<ArrayRef> pieces;
        for (size_t len : {0, 1, 1025}) {
            const ArrayRef canonical = RandomArray(dtype, Options(len, seed++));
            pieces.push_back(canonical);
            ASSERT_OK_AND_ASSIGN(ArrayRef sliced, ToSliced(canonical, seed++));
            pieces.push_back(sliced);
            ASSERT_OK_AND_ASSIGN(ArrayRef chunked, ToChunked(canonical, 3, seed++));
            pieces.push_back(chunked);
        }
        SCOPED_TRACE(dtype.ToString());
        ExpectConcatMatches(dtype, pieces);
        // One piece alone, and each form alone (several chunks from one array).
        ExpectConcatMatches(dtype, {pieces.back()});
        ExpectConcatMatches(dtype, {});
    }
}

TEST(ConcatTest, EncodedFormsAndAllNullPieces) {
    uint64_t seed = 100;
    for (const DType &dtype : AllTestDTypes()) {
        SCOPED_TRACE(dtype.ToString());
        std::vector<ArrayRef> pieces;
        RandomArrayOptions options = Options(200, seed++);
        options.max_depth = 2;
        pieces.push_back(RandomEncodedArray(dtype, options));
        pieces.push_back(RandomConstantArray(dtype, Options(50, seed++, 0.5)));
        pieces.push_back(RandomArray(dtype, Options(70, seed++, dtype.is_nullable() ? 1.0 : 0.0)));
        pieces.push_back(RandomArray(dtype, Options(70, seed++, 0.0)));
        ExpectConcatMatches(dtype, pieces);
    }
}

TEST(ConcatTest, NullabilityRules) {
    uint64_t seed = 500;
    for (const DType &dtype : AllTestDTypes()) {
        if (dtype.is_null() || !dtype.is_nullable()) {
            continue;
        }
        SCOPED_TRACE(dtype.ToString());
        const DType non_nullable = dtype.AsNonNullable();
        // Nullable arrays without nulls go into a non-nullable builder...
        const ArrayRef no_nulls = RandomArray(dtype, Options(300, seed++, 0.0));
        const ArrayRef strict = RandomArray(non_nullable, Options(30, seed++));
        ExpectConcatMatches(non_nullable, {strict, no_nulls});
        // ...and non-nullable arrays into a nullable one.
        ExpectConcatMatches(dtype, {strict, RandomArray(dtype, Options(30, seed++)), no_nulls});
        // Nulls into a non-nullable builder fail both ways.
        const ArrayRef with_nulls = RandomArray(dtype, Options(300, seed++, 0.5));
        EXPECT_RAISES(InvalidArgument, ConcatByScalars(non_nullable, {with_nulls}));
        ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(non_nullable));
        EXPECT_RAISES(InvalidArgument, builder->AppendArray(with_nulls));
        EXPECT_EQ(builder->len(), 0u);
        ASSERT_OK_AND_ASSIGN(ArrayRef chunked, ToChunked(with_nulls, 3, seed++));
        EXPECT_RAISES(InvalidArgument, builder->AppendArray(chunked));
    }
}

TEST(ConcatTest, MismatchedDTypeIsAnError) {
    ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(DType::Primitive(PType::I32, kN)));
    EXPECT_RAISES(MismatchedTypes,
                  builder->AppendArray(RandomArray(DType::Primitive(PType::I64, kN), Options(3, 1))));
    EXPECT_RAISES(MismatchedTypes, builder->AppendArray(RandomArray(DType::Utf8(kN), Options(3, 1))));
    ASSERT_OK_AND_ASSIGN(auto null_builder, MakeBuilder(DType::Null()));
    EXPECT_RAISES(MismatchedTypes, null_builder->AppendArray(RandomArray(DType::Bool(kN), Options(3, 1))));
}

ArrayRef
DecimalOf(const DType &dtype, DecimalType type, const std::vector<int64_t> &values, Validity validity) {
    const size_t width = ByteWidth(type);
    BufferMut bytes = BufferMut::Zeroed(values.size() * width);
    for (size_t i = 0; i < values.size(); ++i) {
        I256::FromInt128(values[i]).ToLittleEndian(bytes.data() + i * width, width);
    }
    return DecimalArray::Make(dtype.decimal(), type, std::move(bytes).Freeze(), std::move(validity));
}

TEST(ConcatTest, DecimalWidensLikeScalars) {
    const DType dtype = DType::Decimal(30, 2, kN);
    const auto some_nulls = Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}));
    const std::vector<std::vector<ArrayRef>> cases = {
        {DecimalOf(dtype, DecimalType::I8, {1, -2, 3}, Validity::AllValid()),
         DecimalOf(dtype, DecimalType::I64, {-400000, 5, 6}, some_nulls),
         DecimalOf(dtype, DecimalType::I16, {-300, 7, 8}, Validity::AllValid())},
        // An all-null piece of a wide type does not widen (its values are not appended).
        {DecimalOf(dtype, DecimalType::I8, {-1, 2}, Validity::AllValid()),
         DecimalOf(dtype, DecimalType::I256, {9, 9}, Validity::AllInvalid())},
        {DecimalOf(dtype, DecimalType::I256, {1, 2}, Validity::AllInvalid())},
        {DecimalOf(dtype, DecimalType::I128, {-5, 6, 7}, some_nulls),
         DecimalOf(dtype, DecimalType::I32, {100, -100}, Validity::AllValid())},
    };
    for (const auto &pieces : cases) {
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, ConcatByScalars(dtype, pieces));
        ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(dtype, pieces));
        EXPECT_ARRAYS_EQUAL(expected, bulk);
        EXPECT_EQ(As<DecimalArray>(bulk)->values_type(), As<DecimalArray>(expected)->values_type());
    }
}

TEST(ConcatTest, DecimalBeyondPrecisionFailsLikeScalarAt) {
    const DType dtype = DType::Decimal(3, 0, kN);
    for (const DecimalType type : {DecimalType::I16, DecimalType::I32, DecimalType::I256}) {
        const ArrayRef bad = DecimalOf(dtype, type, {1, -1000}, Validity::AllValid());
        EXPECT_NOT_OK(ConcatByScalars(dtype, {bad}));
        EXPECT_RAISES(InvalidArgument, ConcatBulk(dtype, {bad}));
        // Under a null the value is not looked at.
        const ArrayRef hidden =
            DecimalOf(dtype, type, {1, -1000},
                      Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false})));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, ConcatByScalars(dtype, {hidden}));
        ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(dtype, {hidden}));
        EXPECT_ARRAYS_EQUAL(expected, bulk);
    }
}

// A VarBinViewArray over two data buffers; its null slot keeps a long view into buffer 1.
ArrayRef TwoBufferStrings() {
    const std::string first = "first buffer holds a long value and another long value";
    const std::string second = "second buffer: one more long value here";
    std::vector<Buffer> buffers = {Buffer::CopyFrom(first), Buffer::CopyFrom(second)};
    BufferMut views = BufferMut::Zeroed(5 * BinaryView::kSize);
    BinaryView::Write(views.data(), std::string_view(first).substr(0, 20), 0, 0);
    BinaryView::Write(views.data() + 16, std::string_view(second).substr(15, 22), 1, 15);
    BinaryView::Write(views.data() + 32, "short", 0, 0);
    BinaryView::Write(views.data() + 48, std::string_view(first).substr(30, 20), 0, 30);
    BinaryView::Write(views.data() + 64, std::string_view(second).substr(0, 30), 1, 0);
    return VarBinViewArray::Make(
        DType::Utf8(kN), std::move(views).Freeze(), std::move(buffers),
        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, true, true, true, false})));
}

TEST(ConcatTest, VarBinViewRebasesSeveralBuffers) {
    const ArrayRef strings = TwoBufferStrings();
    ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(strings, 1, 5));
    const ArrayRef other = RandomArray(DType::Utf8(kN), Options(40, 3));
    ExpectConcatMatches(DType::Utf8(kN), {other, strings, tail, strings});
    ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(DType::Utf8(kN), {strings, strings}));
    ExpectViewsInBounds(bulk);
    const auto views = As<VarBinViewArray>(bulk);
    // The same two buffers, shared once.
    EXPECT_EQ(views->data_buffers().size(), 2u);
    EXPECT_EQ(views->bytes_at(6), "one more long value he");
}

TEST(ConcatTest, VarBinViewCopiesSmallSlicesOfBigBuffers) {
    const ArrayRef big = RandomArray(DType::Binary(kN), [] {
        RandomArrayOptions options = Options(5000, 9, 0.0);
        options.max_string_len = 200;
        return options;
    }());
    size_t big_bytes = 0;
    for (const Buffer &buffer : As<VarBinViewArray>(big)->data_buffers()) {
        big_bytes += buffer.size();
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef small, Slice(big, 100, 110));
    ExpectConcatMatches(DType::Binary(kN), {small, small});
    ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(DType::Binary(kN), {small}));
    size_t bulk_bytes = 0;
    for (const Buffer &buffer : As<VarBinViewArray>(bulk)->data_buffers()) {
        bulk_bytes += buffer.size();
    }
    EXPECT_LE(bulk_bytes, 10u * 200u);
    EXPECT_GT(big_bytes, 100u * bulk_bytes);
}

ArrayRef I32s(const std::vector<int32_t> &values) {
    return PrimitiveArray::FromValues(values);
}

TEST(ConcatTest, ListViewsOutOfOrderOverlappingAndSparse) {
    // Elements 0..9; views out of order, overlapping, empty and null (with a wild range).
    std::vector<int32_t> elements(10);
    for (int32_t i = 0; i < 10; ++i) {
        elements[static_cast<size_t>(i)] = i * 11;
    }
    const auto valid =
        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, true, true, false, true, true}));
    const ArrayRef shuffled = ListViewArray::Make(
        I32s(elements), PrimitiveArray::FromValues(std::vector<uint32_t>{5, 0, 2, 1, 9, 3}),
        PrimitiveArray::FromValues(std::vector<uint16_t>{2, 3, 3, 9, 0, 4}), valid);
    // In order but with big gaps (one element of ten used).
    std::vector<int32_t> many(1000);
    for (size_t i = 0; i < many.size(); ++i) {
        many[i] = static_cast<int32_t>(i);
    }
    std::vector<int64_t> sparse_offsets;
    std::vector<int64_t> sparse_sizes;
    for (int64_t k = 0; k < 100; ++k) {
        sparse_offsets.push_back(k * 10);
        sparse_sizes.push_back(1);
    }
    const ArrayRef sparse =
        ListViewArray::Make(I32s(many), PrimitiveArray::FromValues(sparse_offsets),
                            PrimitiveArray::FromValues(sparse_sizes), Validity::AllValid());
    const DType dtype = shuffled->dtype();
    ASSERT_EQ(sparse->dtype(), dtype);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(shuffled, 1, 5));
    ExpectConcatMatches(dtype, {shuffled, sparse, sliced, shuffled});
    ASSERT_OK_AND_ASSIGN(ArrayRef bulk, ConcatBulk(dtype, {sparse}));
    // The gathered elements only: the 900 unreferenced ones are not copied.
    EXPECT_EQ(As<ListViewArray>(bulk)->elements()->len(), 100u);
}

// BitmapBuilder::AppendBits at every source and destination bit offset.
TEST(ConcatTest, BitmapAppendsAtEveryOffset) {
    std::vector<bool> source(300);
    uint64_t state = 12345;
    for (size_t i = 0; i < source.size(); ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        source[i] = (state >> 33) & 1;
    }
    const BitBuffer bits = BitBuffer::FromBools(source);
    for (size_t prefix = 0; prefix < 9; ++prefix) {
        for (size_t offset = 0; offset < 9; ++offset) {
            for (size_t len : {0, 1, 7, 63, 64, 65, 129, 200}) {
                BitmapBuilder builder;
                builder.AppendN(true, prefix);
                builder.AppendBits(bits.Slice(offset, len));
                builder.Append(true);
                const BitBuffer out = builder.Finish();
                ASSERT_EQ(out.len(), prefix + len + 1);
                for (size_t i = 0; i < out.len(); ++i) {
                    const bool expected = i < prefix || i == prefix + len || source[offset + i - prefix];
                    ASSERT_EQ(out.value(i), expected)
                        << format("prefix {} offset {} len {} bit {}", prefix, offset, len, i);
                }
            }
        }
    }
}

} // namespace
} // namespace vortex

namespace vortex {
namespace {

// Slices of one array, appended in different cuts, must give identical buffers in compact
// mode: the writer's files depend on it.
TEST(BuilderTest, CompactModeDependsOnlyOnTheRows) {
    DType dtype = DType::Struct(
        {"i", "b", "s", "d", "l"},
        {DType::Primitive(PType::I64, Nullability::Nullable), DType::Bool(Nullability::Nullable),
         DType::Utf8(Nullability::Nullable), DType::Decimal(38, 2, Nullability::Nullable),
         DType::List(DType::Primitive(PType::I8, Nullability::Nullable), Nullability::Nullable)},
        Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 300, .null_fraction = 0.4, .seed = 3, .max_string_len = 30});
    auto build = [&](std::vector<size_t> cuts) {
        auto builder = *MakeBuilder(dtype, BuilderOptions{.share_buffers = false});
        size_t start = 0;
        cuts.push_back(data->len());
        for (size_t stop : cuts) {
            EXPECT_TRUE(builder->AppendArray(*Slice(data, start, stop)).ok());
            start = stop;
        }
        return builder->Finish();
    };
    ArrayRef whole = build({});
    ArrayRef cut = build({1, 2, 50, 51, 200});
    // Same bytes in every buffer of every node (values under nulls included).
    std::function<void(const ArrayRef &, const ArrayRef &)> same = [&](const ArrayRef &a, const ArrayRef &b) {
        ASSERT_EQ(a->nbuffers(), b->nbuffers());
        for (size_t i = 0; i < a->nbuffers(); ++i) {
            ASSERT_EQ(a->buffers()[i].size(), b->buffers()[i].size());
            EXPECT_EQ(0, std::memcmp(a->buffers()[i].data(), b->buffers()[i].data(), a->buffers()[i].size()));
        }
        ASSERT_EQ(a->nchildren(), b->nchildren());
        for (size_t i = 0; i < a->nchildren(); ++i) {
            same(a->child(i), b->child(i));
        }
    };
    same(whole, cut);
    // Nothing is shared with the input: the strings' data is a fresh copy.
    auto strings = As<VarBinViewArray>(As<StructArray>(whole)->field(2));
    auto source = As<VarBinViewArray>(*Canonicalize(As<StructArray>(data)->field(2)));
    for (const Buffer &buffer : strings->data_buffers()) {
        for (const Buffer &input : source->data_buffers()) {
            EXPECT_NE(buffer.data(), input.data());
        }
    }
}

} // namespace
} // namespace vortex
