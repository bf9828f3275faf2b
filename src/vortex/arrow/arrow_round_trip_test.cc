// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_export.h"
#include "vortex/arrow/arrow_import.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

// Exports `array` with its schema and imports both back.
Result<ArrayRef> RoundTrip(const ArrayRef &array) {
    ArrowArray c_array{};
    ArrowSchema c_schema{};
    VX_RETURN_NOT_OK(ExportArrayWithSchema(array, &c_array, &c_schema));
    return ImportArray(&c_array, &c_schema);
}

// Exports only the array and imports it with the dtype (the layout ExportSchema implies).
Result<ArrayRef> RoundTripWithDType(const ArrayRef &array) {
    ArrowArray c_array{};
    VX_RETURN_NOT_OK(ExportArray(array, &c_array));
    return ImportArray(&c_array, array->dtype());
}

Result<DType> SchemaRoundTrip(const DType &dtype) {
    ArrowSchema c_schema{};
    VX_RETURN_NOT_OK(ExportSchema(dtype, &c_schema, "field"));
    return ImportSchema(&c_schema);
}

// The dtypes of the test kit plus the temporal variants it does not list.
std::vector<DType> DTypesUnderTest() {
    std::vector<DType> dtypes = AllTestDTypes();
    for (const Nullability n : {Nullability::NonNullable, Nullability::Nullable}) {
        dtypes.push_back(*DateDType(TimeUnit::Milliseconds, n));
        for (const TimeUnit unit : {TimeUnit::Seconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds}) {
            dtypes.push_back(*TimeDType(unit, n));
        }
        dtypes.push_back(*TimestampDType(TimeUnit::Nanoseconds, std::nullopt, n));
        dtypes.push_back(*TimestampDType(TimeUnit::Seconds, "Europe/Paris", n));
        dtypes.push_back(*TimestampDType(TimeUnit::Milliseconds, "+01:00", n));
        dtypes.push_back(
            DType::Extension("vortex.test_opaque", DType::Primitive(PType::I16, n), {0, 1, 0xFF, 'x'}));
        dtypes.push_back(UuidDType(n));
    }
    return dtypes;
}

TEST(ArrowRoundTripTest, SchemaOfEveryDType) {
    for (const DType &dtype : DTypesUnderTest()) {
        SCOPED_TRACE(dtype.ToString());
        ASSERT_OK_AND_ASSIGN(DType imported, SchemaRoundTrip(dtype));
        EXPECT_EQ(imported, dtype);
    }
}

TEST(ArrowRoundTripTest, EveryDTypeAndLength) {
    for (const DType &dtype : DTypesUnderTest()) {
        for (const size_t len : {size_t{0}, size_t{1}, size_t{257}}) {
            SCOPED_TRACE(dtype.ToString() + " len " + std::to_string(len));
            const ArrayRef array = RandomArray(dtype, {.len = len, .null_fraction = 0.2, .seed = len + 7});
            ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(array));
            ASSERT_ARRAYS_EQUAL(array, imported);
            ASSERT_OK_AND_ASSIGN(ArrayRef imported_by_dtype, RoundTripWithDType(array));
            ASSERT_ARRAYS_EQUAL(array, imported_by_dtype);
        }
    }
}

TEST(ArrowRoundTripTest, EveryPhysicalForm) {
    for (const DType &dtype : DTypesUnderTest()) {
        const ArrayRef array = RandomArray(dtype, {.len = 100, .null_fraction = 0.3, .seed = 3});
        for (const ArrayForm form :
             {ArrayForm::Sliced, ArrayForm::Chunked, ArrayForm::Dict, ArrayForm::Masked}) {
            SCOPED_TRACE(dtype.ToString() + " " + std::string(ArrayFormName(form)));
            auto shaped = ToForm(array, form, 11);
            if (!shaped.ok()) {
                continue; // The form does not apply (dict of Null, masked of non-nullable).
            }
            ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(*shaped));
            ASSERT_ARRAYS_EQUAL(array, imported);
        }
    }
}

TEST(ArrowRoundTripTest, SlicedAtEveryBitOffset) {
    const DType dtype = DType::Struct({"b", "i", "s"},
                                      {DType::Bool(Nullability::Nullable),
                                       DType::Primitive(PType::I64, Nullability::Nullable),
                                       DType::Utf8(Nullability::Nullable)},
                                      Nullability::Nullable);
    const ArrayRef array = RandomArray(dtype, {.len = 50, .null_fraction = 0.3, .seed = 5});
    for (size_t start = 0; start < 17; ++start) {
        SCOPED_TRACE(start);
        ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, start, 50 - start / 2));
        ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(sliced));
        ASSERT_ARRAYS_EQUAL(sliced, imported);
    }
}

TEST(ArrowRoundTripTest, StringsLongEmptyAndNull) {
    const std::vector<std::optional<std::string>> values = {
        "", std::nullopt,        "short",     "exactly12byt", "thirteen byte", std::string(1000, 'x'),
        "", "\xC3\xA9t\xC3\xA9", std::nullopt};
    const auto array = VarBinViewArray::FromStrings(values, DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(array));
    ASSERT_ARRAYS_EQUAL(ArrayRef(array), imported);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 3, 8));
    ASSERT_OK_AND_ASSIGN(ArrayRef imported_slice, RoundTrip(sliced));
    ASSERT_ARRAYS_EQUAL(sliced, imported_slice);
}

TEST(ArrowRoundTripTest, StructNestedTwoDeepWithNullsAtBothLevels) {
    const auto inner_field = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 3, 4});
    ASSERT_OK_AND_ASSIGN(auto inner,
                         StructArray::FromFields({"x"}, {inner_field}, 4,
                                                 Validity::FromBits(BitBuffer::FromBools(
                                                     std::vector<bool>{true, true, false, true}))));
    ASSERT_OK_AND_ASSIGN(auto outer,
                         StructArray::FromFields({"inner"}, {inner}, 4,
                                                 Validity::FromBits(BitBuffer::FromBools(
                                                     std::vector<bool>{true, true, true, false}))));
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(outer));
    ASSERT_ARRAYS_EQUAL(ArrayRef(outer), imported);
    EXPECT_FALSE(imported->is_valid(3));
    EXPECT_TRUE(imported->is_valid(2));
}

// List views that overlap and come out of order cannot share the elements as an Arrow list;
// the export gathers them.
TEST(ArrowRoundTripTest, ListViewOutOfOrderAndOverlapping) {
    const auto elements = PrimitiveArray::FromValues<int32_t>({10, 11, 12, 13, 14});
    const auto offsets = PrimitiveArray::FromValues<uint8_t>({3, 0, 1, 4, 0});
    const auto sizes = PrimitiveArray::FromValues<uint16_t>({2, 3, 0, 1, 5});
    const auto list = ListViewArray::Make(
        elements, offsets, sizes,
        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, true, true, false, true})));
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(list));
    ASSERT_ARRAYS_EQUAL(ArrayRef(list), imported);
}

TEST(ArrowRoundTripTest, ChunkedInput) {
    const DType dtype = DType::List(DType::Utf8(Nullability::Nullable), Nullability::Nullable);
    const ArrayRef array = RandomArray(dtype, {.len = 90, .null_fraction = 0.2, .seed = 9});
    ASSERT_OK_AND_ASSIGN(ArrayRef chunked, ToChunked(array, 5, 1));
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, RoundTrip(chunked));
    ASSERT_ARRAYS_EQUAL(array, imported);
}

// The exported formats, checked against the Arrow C data interface's format table.
TEST(ArrowRoundTripTest, FormatStringsFollowTheSpec) {
    const auto format_of = [](const DType &dtype) {
        ArrowSchema schema{};
        EXPECT_OK(ExportSchema(dtype, &schema));
        std::string format = schema.format;
        schema.release(&schema);
        return format;
    };
    constexpr auto kN = Nullability::NonNullable;
    EXPECT_EQ(format_of(DType::Null()), "n");
    EXPECT_EQ(format_of(DType::Bool(kN)), "b");
    EXPECT_EQ(format_of(DType::Primitive(PType::U8, kN)), "C");
    EXPECT_EQ(format_of(DType::Primitive(PType::I64, kN)), "l");
    EXPECT_EQ(format_of(DType::Primitive(PType::F16, kN)), "e");
    EXPECT_EQ(format_of(DType::Primitive(PType::F64, kN)), "g");
    EXPECT_EQ(format_of(DType::Decimal(9, 3, kN)), "d:9,3");
    EXPECT_EQ(format_of(DType::Decimal(18, -2, kN)), "d:18,-2");
    EXPECT_EQ(format_of(DType::Decimal(76, 20, kN)), "d:76,20,256");
    EXPECT_EQ(format_of(DType::Utf8(kN)), "vu");
    EXPECT_EQ(format_of(DType::Binary(kN)), "vz");
    EXPECT_EQ(format_of(DType::List(DType::Bool(kN), kN)), "+L");
    EXPECT_EQ(format_of(DType::FixedSizeList(DType::Bool(kN), 3, kN)), "+w:3");
    EXPECT_EQ(format_of(DType::Struct({"a"}, {DType::Bool(kN)}, kN)), "+s");
    EXPECT_EQ(format_of(*DateDType(TimeUnit::Days, kN)), "tdD");
    EXPECT_EQ(format_of(*DateDType(TimeUnit::Milliseconds, kN)), "tdm");
    EXPECT_EQ(format_of(*TimeDType(TimeUnit::Seconds, kN)), "tts");
    EXPECT_EQ(format_of(*TimeDType(TimeUnit::Nanoseconds, kN)), "ttn");
    EXPECT_EQ(format_of(*TimestampDType(TimeUnit::Nanoseconds, "UTC", kN)), "tsn:UTC");
    EXPECT_EQ(format_of(*TimestampDType(TimeUnit::Microseconds, std::nullopt, kN)), "tsu:");
}

TEST(ArrowRoundTripTest, ExtensionMetadataIsInTheSchema) {
    const DType dtype = DType::Extension("vortex.test_opaque",
                                         DType::Primitive(PType::I16, Nullability::Nullable), {0, 1, 0xFF});
    ArrowSchema schema{};
    ASSERT_OK(ExportSchema(dtype, &schema, "col"));
    EXPECT_STREQ(schema.format, "s");
    EXPECT_STREQ(schema.name, "col");
    EXPECT_EQ(schema.flags, ARROW_FLAG_NULLABLE);
    ASSERT_OK_AND_ASSIGN(auto metadata, DecodeArrowMetadata(schema.metadata));
    schema.release(&schema);
    EXPECT_EQ(schema.release, nullptr);
    ASSERT_EQ(metadata.size(), 2u);
    EXPECT_EQ(metadata[0], ArrowMetadataEntry("ARROW:extension:name", "vortex.test_opaque"));
    EXPECT_EQ(metadata[1], ArrowMetadataEntry("ARROW:extension:metadata", std::string("\x00\x01\xFF", 3)));
}

// Spec example: [('key1', 'value1')] is 01 00 00 00 04 00 00 00 "key1" 06 00 00 00 "value1".
// Arrow's canonical UUID (spec: "Canonical Extension Types", UUID): w:16, no metadata.
TEST(ArrowRoundTripTest, UuidExportsAsArrowUuid) {
    ArrowSchema schema{};
    ASSERT_OK(ExportSchema(UuidDType(Nullability::Nullable), &schema, "id"));
    EXPECT_STREQ(schema.format, "w:16");
    EXPECT_EQ(schema.flags, ARROW_FLAG_NULLABLE);
    EXPECT_EQ(schema.n_children, 0);
    ASSERT_OK_AND_ASSIGN(auto metadata, DecodeArrowMetadata(schema.metadata));
    schema.release(&schema);
    ASSERT_EQ(metadata.size(), 1u);
    EXPECT_EQ(metadata[0], ArrowMetadataEntry("ARROW:extension:name", "arrow.uuid"));
}

TEST(ArrowRoundTripTest, MetadataEncodingMatchesTheSpecExample) {
    const std::string encoded = EncodeArrowMetadata({{"key1", "value1"}});
    const std::string expected("\x01\x00\x00\x00\x04\x00\x00\x00key1\x06\x00\x00\x00value1", 22);
    EXPECT_EQ(encoded, expected);
    ASSERT_OK_AND_ASSIGN(auto decoded, DecodeArrowMetadata(encoded.data()));
    ASSERT_EQ(decoded.size(), 1u);
    EXPECT_EQ(decoded[0], ArrowMetadataEntry("key1", "value1"));
}

} // namespace
} // namespace vortex
