// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Direct tests of the other canonical arrays (null, bool, decimal, struct, fixed-size list,
// extension) and the logical ones (chunked, constant, masked, and dict/list/list-view over
// constant integer children).
#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/extension/uuid_text.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/masked/masked_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"
#include "vortex/session/session.h"

namespace vortex {
namespace {

void ExpectSameScalars(const ArrayRef &expected, const ArrayRef &actual) {
    ASSERT_EQ(expected->dtype(), actual->dtype());
    ASSERT_EQ(expected->len(), actual->len());
    for (size_t i = 0; i < expected->len(); ++i) {
        EXPECT_EQ(*ScalarAt(expected, i), *ScalarAt(actual, i)) << "at " << i;
    }
}

TEST(NullArrayTest, Basics) {
    auto array = NullArray::Make(3);
    EXPECT_EQ(NullCount(array), 3u);
    EXPECT_TRUE(ScalarAt(array, 2)->is_null());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    EXPECT_EQ(rebuilt->len(), 3u);
    const std::vector<uint8_t> junk{0};
    EXPECT_RAISES(Serde, NullEncoding::Instance().Build(DType::Null(), 1, junk, {}, std::vector<ArrayRef>{}));
}

TEST(BoolArrayTest, OffsetMetadataAndValidation) {
    auto array =
        BoolArray::FromOptionals({true, false, std::nullopt, true, true, false, true, false, true, true});
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 3, 10));
    ASSERT_OK_AND_ASSIGN(auto metadata, sliced->SerializeMetadata());
    vortex::array::BoolMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(metadata.data(), static_cast<int>(metadata.size())));
    EXPECT_EQ(proto.offset(), 3u);
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(sliced));
    ExpectSameScalars(sliced, rebuilt);
    // A bit offset >= 8 and a too-short buffer are rejected.
    proto.set_offset(8);
    const std::string bad = proto.SerializeAsString();
    const std::vector<uint8_t> bad_bytes(bad.begin(), bad.end());
    const DType dtype = DType::Bool(Nullability::NonNullable);
    EXPECT_RAISES(Serde, BoolEncoding::Instance().Build(dtype, 1, bad_bytes, {Buffer::CopyFrom("ab")},
                                                        std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, BoolEncoding::Instance().Build(dtype, 17, {}, {Buffer::CopyFrom("ab")},
                                                        std::vector<ArrayRef>{}));
    EXPECT_OK(
        BoolEncoding::Instance().Build(dtype, 16, {}, {Buffer::CopyFrom("ab")}, std::vector<ArrayRef>{}));
}

TEST(BoolArrayTest, ABitOffsetOfAByteOrMoreIsWrittenBelowEight) {
    // Bits 19..29 of a buffer (what an Arrow import with offset 19 builds): the bytes before
    // the offset's byte are dropped, so the written offset is 3, as the reference requires.
    const Buffer bytes = Buffer::CopyFrom(std::string_view("\x0f\xf0\x5a\xa5", 4));
    auto array = BoolArray::Make(BitBuffer(bytes, 19, 10), Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(auto metadata, array->SerializeMetadata());
    vortex::array::BoolMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(metadata.data(), static_cast<int>(metadata.size())));
    EXPECT_EQ(proto.offset(), 3u);
    // LSB first, byte 2 (0x5a) holds bits 16..23 = 0,1,0,1,1,0,1,0 and byte 3 (0xa5) bits
    // 24..31 = 1,0,1,0,0,1,0,1; bits 19..28 are therefore:
    const std::vector<bool> expected = {true, true, false, true, false, true, false, true, false, false};
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(array->value(i), expected[i]) << i;
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
}

TEST(UuidTextTest, ParsesAndPrintsTheSixteenBytes) {
    auto text = VarBinViewArray::FromStrings(
        std::vector<std::optional<std::string>>{"00112233-4455-6677-8899-aabbccddeeff", std::nullopt,
                                                "FFFFFFFF00000000ffffffff00000000"},
        DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef uuid, UuidFromText(text));
    EXPECT_TRUE(IsUuid(uuid->dtype()));
    EXPECT_TRUE(uuid->dtype().is_nullable());
    ASSERT_OK_AND_ASSIGN(Scalar first, ScalarAt(uuid, 0));
    const Scalar storage = first.StorageScalar();
    const auto &bytes = storage.elements();
    ASSERT_EQ(bytes.size(), 16u);
    for (size_t k = 0; k < 16; ++k) {
        EXPECT_EQ(bytes[k].as<uint8_t>(), static_cast<uint8_t>(0x11 * k)) << k;
    }
    EXPECT_FALSE(uuid->is_valid(1));
    ASSERT_OK_AND_ASSIGN(ArrayRef back, UuidToText(uuid));
    ASSERT_OK_AND_ASSIGN(Scalar a, ScalarAt(back, 0));
    ASSERT_OK_AND_ASSIGN(Scalar c, ScalarAt(back, 2));
    EXPECT_EQ(a.as_string_view(), "00112233-4455-6677-8899-aabbccddeeff");
    EXPECT_EQ(c.as_string_view(), "ffffffff-0000-0000-ffff-ffff00000000");
    EXPECT_FALSE(back->is_valid(1));
    for (const char *bad :
         {"0011", "00112233-4455-6677-8899-aabbccddeeff00", "g0112233-4455-6677-8899-aabbccddeeff"}) {
        SCOPED_TRACE(bad);
        EXPECT_RAISES(InvalidArgument,
                      UuidFromText(VarBinViewArray::FromStrings(std::vector<std::string>{bad},
                                                                DType::Utf8(Nullability::NonNullable))));
    }
}

TEST(DecimalArrayTest, ValuesTypeMetadataAndRoundTrip) {
    const std::vector<int64_t> raw{12345, -1, 0};
    auto array = DecimalArray::Make(DecimalDType{10, 2}, DecimalType::I64,
                                    Buffer::CopyFrom(std::span<const int64_t>(raw)), Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(auto metadata, array->SerializeMetadata());
    EXPECT_EQ(metadata, (std::vector<uint8_t>{0x08, 0x03})); // values_type = I64
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
    EXPECT_EQ(ScalarAt(array, 1)->as_decimal().value, I256::FromInt128(-1));
    const std::vector<uint8_t> bad_type{0x08, 0x09};
    EXPECT_RAISES(Serde, DecimalEncoding::Instance().Build(array->dtype(), 3, bad_type, {array->values()},
                                                           std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, DecimalEncoding::Instance().Build(array->dtype(), 4, metadata, {array->values()},
                                                           std::vector<ArrayRef>{}));
}

// Regression: a value outside the precision (as a corrupt buffer holds) made ScalarAt abort.
TEST(DecimalArrayTest, ValueBeyondPrecisionIsAnErrorNotAnAbort) {
    const std::vector<int8_t> raw{99, 112};
    ASSERT_OK_AND_ASSIGN(ArrayRef array,
                         DecimalEncoding::Instance().Build(DType::Decimal(2, 1, Nullability::NonNullable), 2,
                                                           std::vector<uint8_t>{0x08, 0x00},
                                                           {Buffer::CopyFrom(std::span<const int8_t>(raw))},
                                                           std::vector<ArrayRef>{}));
    EXPECT_EQ(ScalarAt(array, 0)->as_decimal().value, I256::FromInt128(99));
    EXPECT_NOT_OK(ScalarAt(array, 1));
}

TEST(StructArrayTest, ValidityChildIsFirstAndCountsAreChecked) {
    ArrayRef a = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    ArrayRef b = BoolArray::FromBools({true, false, true});
    const Validity validity = Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}));
    ASSERT_OK_AND_ASSIGN(auto array, StructArray::FromFields({"a", "b"}, {a, b}, 3, validity));
    EXPECT_EQ(array->nchildren(), 3u);
    EXPECT_EQ(array->child(1).get(), a.get());
    EXPECT_EQ(array->field_by_name("b").get(), b.get());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(array, PrimitiveArray::FromValues<uint64_t>({2, 1})));
    EXPECT_EQ(*ScalarAt(taken, 0), *ScalarAt(array, 2));
    EXPECT_TRUE(ScalarAt(taken, 1)->is_null());
    // Too few / too many children, and a field of the wrong length.
    const auto &encoding = StructEncoding::Instance();
    EXPECT_RAISES(Serde, encoding.Build(array->dtype(), 3, {}, {}, std::vector<ArrayRef>{a}));
    EXPECT_RAISES(Serde, encoding.Build(array->dtype(), 3, {}, {}, std::vector<ArrayRef>{a, a, b, b}));
    EXPECT_RAISES(Serde, encoding.Build(array->dtype(), 2, {}, {}, std::vector<ArrayRef>{a, b}));
    EXPECT_RAISES(InvalidArgument, StructArray::FromFields({"a"}, {a}, 2));
}

TEST(FixedSizeListArrayTest, SlicesFiltersAndChecksLength) {
    ArrayRef elements = PrimitiveArray::FromValues<int16_t>({1, 2, 3, 4, 5, 6});
    auto array = FixedSizeListArray::Make(elements, 2, 3, Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 1, 3));
    EXPECT_EQ(ScalarAt(sliced, 0)->elements()[1], Scalar::Primitive<int16_t>(4, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(
        ArrayRef filtered,
        Filter(array, Mask::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}))));
    EXPECT_EQ(ScalarAt(filtered, 1)->elements()[0], Scalar::Primitive<int16_t>(5, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
    EXPECT_RAISES(InvalidArgument, FixedSizeListArray::TryMake(elements, 4, 2, Validity()));
    EXPECT_RAISES(Serde, FixedSizeListEncoding::Instance().Build(
                             DType::FixedSizeList(elements->dtype(), 2, Nullability::NonNullable), 2, {}, {},
                             std::vector<ArrayRef>{elements}));
}

TEST(ExtensionArrayTest, WrapsStorage) {
    ArrayRef storage = PrimitiveArray::FromValues<int64_t>({10, 20});
    const DType ext = DType::Extension("test.ext", storage->dtype(), {1, 2});
    auto array = ExtensionArray::Make(ext, storage);
    EXPECT_EQ(array->encoding_id(), "vortex.ext");
    EXPECT_EQ(ScalarAt(array, 1)->StorageScalar(), *ScalarAt(storage, 1));
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
    EXPECT_RAISES(InvalidArgument, ExtensionArray::TryMake(ext, PrimitiveArray::FromValues<int32_t>({1})));
}

TEST(ChunkedArrayTest, ConcatenatesAndValidatesOffsets) {
    ArrayRef c0 = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt});
    ArrayRef c1 = PrimitiveArray::FromOptionals<int32_t>({});
    ArrayRef c2 = PrimitiveArray::FromOptionals<int32_t>({3, 4, 5});
    auto chunked = ChunkedArray::Make({c0, c1, c2}, c0->dtype());
    EXPECT_EQ(chunked->len(), 5u);
    EXPECT_EQ(chunked->chunk_offsets(), (std::vector<uint64_t>{0, 2, 2, 5}));
    EXPECT_EQ(*ScalarAt(chunked, 2), Scalar::Primitive<int32_t>(3, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(chunked));
    EXPECT_EQ(canonical->encoding_id(), "vortex.primitive");
    ExpectSameScalars(chunked, canonical);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(chunked, 1, 4));
    EXPECT_TRUE(ScalarAt(sliced, 0)->is_null());
    EXPECT_EQ(*ScalarAt(sliced, 2), Scalar::Primitive<int32_t>(4, Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(chunked));
    ExpectSameScalars(chunked, rebuilt);
    // Offsets that do not end at len, that decrease, or that do not start at 0.
    const auto &encoding = ChunkedEncoding::Instance();
    EXPECT_RAISES(Serde,
                  encoding.Build(c0->dtype(), 3, {}, {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<uint64_t>({0, 2}), c0}));
    EXPECT_RAISES(Serde,
                  encoding.Build(c0->dtype(), 2, {}, {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<uint64_t>({1, 2}), c0}));
    EXPECT_RAISES(Serde, encoding.Build(c0->dtype(), 0, {}, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(InvalidArgument,
                  ChunkedArray::TryMake({c0, PrimitiveArray::FromValues<int64_t>({1})}, c0->dtype()));
}

// An ArrayChildren that ignores the dtype and length it is asked for.
class UncheckedChildren final : public ArrayChildren {
public:
    explicit UncheckedChildren(std::vector<ArrayRef> children) : children_(std::move(children)) {}
    size_t size() const override { return children_.size(); }
    Result<ArrayRef> Get(size_t index, const DType &, size_t) const override { return children_.at(index); }

private:
    std::vector<ArrayRef> children_;
};

// Regression: chunk offsets of another integer type or length (from an ArrayChildren that
// breaks its contract) aborted in values_as<uint64_t> or were read out of bounds.
TEST(ChunkedArrayTest, OffsetsOfTheWrongTypeOrLengthAreRejected) {
    ArrayRef chunk = PrimitiveArray::FromValues<int32_t>({1, 2});
    const auto &encoding = ChunkedEncoding::Instance();
    const auto build = [&](ArrayRef offsets) {
        return encoding.Build(chunk->dtype(), 2, {}, {}, UncheckedChildren({std::move(offsets), chunk}));
    };
    EXPECT_RAISES(Serde, build(PrimitiveArray::FromValues<uint32_t>({0, 2})));
    EXPECT_RAISES(Serde, build(PrimitiveArray::FromValues<uint64_t>({0})));
    EXPECT_RAISES(Serde, build(PrimitiveArray::FromValues<uint64_t>({0, 2, 2})));
    EXPECT_OK(build(PrimitiveArray::FromValues<uint64_t>({0, 2})));
}

TEST(ConstantArrayTest, ExpandsAndRoundTrips) {
    auto array = ConstantArray::Make(Scalar::Utf8("hi", Nullability::Nullable), 3);
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
    EXPECT_EQ(canonical->encoding_id(), "vortex.varbinview");
    ExpectSameScalars(array, canonical);
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    ExpectSameScalars(array, rebuilt);
    auto nulls = ConstantArray::Make(Scalar::Null(DType::Primitive(PType::U8, Nullability::Nullable)), 4);
    EXPECT_EQ(NullCount(nulls), 4u);
    ASSERT_OK_AND_ASSIGN(ArrayRef nulls_canonical, Canonicalize(nulls));
    EXPECT_EQ(NullCount(nulls_canonical), 4u);
    EXPECT_TRUE(*IsConstant(array));
    ASSERT_OK_AND_ASSIGN(Scalar min, Min(array));
    EXPECT_EQ(min.as_string_view(), "hi");
    EXPECT_RAISES(Serde, ConstantEncoding::Instance().Build(array->dtype(), 1, {}, {Buffer::CopyFrom("\xff")},
                                                            std::vector<ArrayRef>{}));
}

// A file states a constant child of any length in a few bytes; these lengths would need
// terabytes if a constant code, offset or size were expanded anywhere below.
constexpr size_t kHugeLen = size_t{1} << 40;

ArrayRef ConstantU32(uint32_t value, size_t len) {
    return ConstantArray::Make(Scalar::Primitive<uint32_t>(value, Nullability::NonNullable), len);
}

TEST(DictArrayTest, ConstantCodesOfHugeLengthAreNotExpanded) {
    const ArrayRef values = PrimitiveArray::FromValues(std::vector<int32_t>{10, 20, 30});
    ASSERT_OK_AND_ASSIGN(auto dict, DictArray::TryMake(ConstantU32(2, kHugeLen), values));
    const ArrayRef array = dict;
    EXPECT_EQ(array->len(), kHugeLen);
    EXPECT_TRUE(array->is_valid(kHugeLen - 1));
    EXPECT_EQ(*ScalarAt(array, kHugeLen - 1), Scalar::Primitive<int32_t>(30, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(array, kHugeLen - 3, kHugeLen));
    ASSERT_OK_AND_ASSIGN(ArrayRef tail_canonical, Canonicalize(tail));
    ExpectSameScalars(PrimitiveArray::FromValues(std::vector<int32_t>{30, 30, 30}), tail_canonical);
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    EXPECT_EQ(rebuilt->len(), kHugeLen);
    EXPECT_EQ(*ScalarAt(rebuilt, 0), Scalar::Primitive<int32_t>(30, Nullability::NonNullable));

    // A null constant code makes every element null.
    const ArrayRef null_codes =
        ConstantArray::Make(Scalar::Null(DType::Primitive(PType::U8, Nullability::Nullable)), kHugeLen);
    ASSERT_OK_AND_ASSIGN(auto nulls, DictArray::TryMake(null_codes, values));
    EXPECT_TRUE(nulls->dtype().is_nullable());
    EXPECT_FALSE(nulls->is_valid(kHugeLen - 1));
    EXPECT_TRUE(ScalarAt(nulls, 7)->is_null());

    // An out-of-range or negative constant code is rejected, also through Build.
    EXPECT_RAISES(InvalidArgument, DictArray::TryMake(ConstantU32(3, kHugeLen), values));
    EXPECT_RAISES(
        Serde, // as for negative primitive codes
        DictArray::TryMake(
            ConstantArray::Make(Scalar::Primitive<int8_t>(-1, Nullability::NonNullable), kHugeLen), values));
    DictMetadata metadata;
    metadata.values_len = 3;
    metadata.codes_ptype = PType::U32;
    EXPECT_RAISES(Serde,
                  DictEncoding::Instance().Build(values->dtype(), kHugeLen, metadata.Serialize(), {},
                                                 std::vector<ArrayRef>{ConstantU32(3, kHugeLen), values}));
    // An empty constant holds no code, so any value is fine.
    ASSERT_OK_AND_ASSIGN(auto empty, DictArray::TryMake(ConstantU32(99, 0), values));
    EXPECT_EQ(empty->len(), 0u);
}

TEST(ListArrayTest, ConstantOffsetsDescribeEmptyLists) {
    const ArrayRef elements = PrimitiveArray::FromValues(std::vector<int32_t>{1, 2, 3});
    ASSERT_OK_AND_ASSIGN(auto list,
                         ListArray::TryMake(elements, ConstantU32(2, kHugeLen + 1), Validity::NonNullable()));
    const ArrayRef array = list;
    EXPECT_EQ(array->len(), kHugeLen);
    EXPECT_EQ(list->offset_at(kHugeLen), 2u);
    EXPECT_TRUE(ScalarAt(array, kHugeLen - 1)->elements().empty());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    EXPECT_EQ(rebuilt->len(), kHugeLen);
    // The canonical form keeps constant views, so even the huge list converts.
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(array));
    ASSERT_EQ(canonical->len(), kHugeLen);
    const auto *view = As<ListViewArray>(*canonical);
    ASSERT_NE(view, nullptr);
    EXPECT_EQ(view->size_at(kHugeLen - 1), 0u);
    ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(array, kHugeLen - 3, kHugeLen));
    ASSERT_OK_AND_ASSIGN(ArrayRef tail_canonical, Canonicalize(tail));
    ExpectSameScalars(tail, tail_canonical);

    EXPECT_RAISES(InvalidArgument,
                  ListArray::TryMake(elements, ConstantU32(4, kHugeLen), Validity::NonNullable()));
    EXPECT_RAISES(InvalidArgument, ListArray::TryMake(elements, ConstantU32(0, 0), Validity::NonNullable()));
}

TEST(ListViewArrayTest, ConstantOffsetsAndSizesRepeatOneView) {
    const ArrayRef elements = PrimitiveArray::FromValues(std::vector<int32_t>{1, 2, 3});
    ASSERT_OK_AND_ASSIGN(auto list_view,
                         ListViewArray::TryMake(elements, ConstantU32(1, kHugeLen), ConstantU32(2, kHugeLen),
                                                Validity::NonNullable()));
    const ArrayRef array = list_view;
    ASSERT_OK_AND_ASSIGN(Scalar last, ScalarAt(array, kHugeLen - 1));
    ASSERT_EQ(last.elements().size(), 2u);
    EXPECT_EQ(last.elements()[0].as<int32_t>(), 2);
    EXPECT_EQ(last.elements()[1].as<int32_t>(), 3);
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(array));
    EXPECT_EQ(rebuilt->len(), kHugeLen);

    // Small derived arrays still work through every per-view reader.
    ASSERT_OK_AND_ASSIGN(ArrayRef tail, Slice(array, kHugeLen - 3, kHugeLen));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(tail, PrimitiveArray::FromValues(std::vector<uint32_t>{2, 0})));
    EXPECT_EQ(*ScalarAt(taken, 1), last);
    ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(array->dtype()));
    ASSERT_OK(builder->AppendArray(tail));
    ExpectSameScalars(tail, builder->Finish());

    // One constant child and one primitive child: every view is checked.
    EXPECT_RAISES(InvalidArgument,
                  ListViewArray::TryMake(elements, ConstantU32(1, 2),
                                         PrimitiveArray::FromValues(std::vector<uint32_t>{2, 3}),
                                         Validity::NonNullable()));
    EXPECT_RAISES(InvalidArgument, ListViewArray::TryMake(elements, ConstantU32(2, kHugeLen),
                                                          ConstantU32(2, kHugeLen), Validity::NonNullable()));
}

TEST(MaskedArrayTest, AppliesValidity) {
    ArrayRef child = PrimitiveArray::FromValues<uint32_t>({5, 6, 7});
    auto masked = MaskedArray::Make(
        child, Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true})));
    EXPECT_EQ(masked->dtype(), child->dtype().AsNullable());
    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(masked));
    EXPECT_EQ(*ScalarAt(canonical, 0), Scalar::Primitive<uint32_t>(5, Nullability::Nullable));
    EXPECT_TRUE(ScalarAt(canonical, 1)->is_null());
    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(masked));
    ExpectSameScalars(masked, rebuilt);
    EXPECT_RAISES(InvalidArgument, MaskedArray::TryMake(child, Validity::NonNullable()));
    auto all_null = MaskedArray::Make(child, Validity::AllInvalid());
    EXPECT_EQ(all_null->nchildren(), 2u);
    EXPECT_EQ(all_null->child(1)->encoding_id(), "vortex.constant");
    ASSERT_OK_AND_ASSIGN(ArrayRef all_null_rebuilt, RebuildFromParts(all_null));
    EXPECT_EQ(NullCount(all_null_rebuilt), 3u);
}

TEST(RegisterCanonicalEncodingsTest, RegistersEveryId) {
    SessionBuilder builder;
    ASSERT_OK(RegisterCanonicalEncodings(builder));
    auto session = std::move(builder).Build();
    for (std::string_view id :
         {"vortex.null", "vortex.bool", "vortex.primitive", "vortex.decimal", "vortex.varbinview",
          "vortex.struct", "vortex.list", "vortex.listview", "vortex.fixed_size_list", "vortex.ext",
          "vortex.chunked", "vortex.constant", "vortex.dict", "vortex.masked"}) {
        const Encoding *encoding = session->encodings().Find(id);
        ASSERT_NE(encoding, nullptr) << id;
        EXPECT_EQ(encoding->id(), id);
    }
}

} // namespace
} // namespace vortex
