// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_import.h"
#include "vortex/arrow/arrow_metadata.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

// A hand-made producer. Its memory lives in the test; `release` counts calls in the int that
// private_data points to and releases the children (spec: the parent's release does that).
void CountingRelease(ArrowArray *array) {
    ++*static_cast<int *>(array->private_data);
    for (int64_t i = 0; i < array->n_children; ++i) {
        if (array->children[i]->release != nullptr) {
            array->children[i]->release(array->children[i]);
        }
    }
    array->release = nullptr;
}

void CountingSchemaRelease(ArrowSchema *schema) {
    ++*static_cast<int *>(schema->private_data);
    for (int64_t i = 0; i < schema->n_children; ++i) {
        if (schema->children[i]->release != nullptr) {
            schema->children[i]->release(schema->children[i]);
        }
    }
    schema->release = nullptr;
}

ArrowArray MakeArray(int64_t length,
                     int64_t offset,
                     int64_t null_count,
                     std::vector<const void *> &buffers,
                     int *releases,
                     std::vector<ArrowArray *> *children = nullptr) {
    ArrowArray array{};
    array.length = length;
    array.offset = offset;
    array.null_count = null_count;
    array.n_buffers = static_cast<int64_t>(buffers.size());
    array.buffers = buffers.data();
    array.n_children = children == nullptr ? 0 : static_cast<int64_t>(children->size());
    array.children = children == nullptr ? nullptr : children->data();
    array.release = &CountingRelease;
    array.private_data = releases;
    return array;
}

ArrowSchema
MakeSchema(const char *format, int64_t flags, int *releases, std::vector<ArrowSchema *> *children = nullptr) {
    ArrowSchema schema{};
    schema.format = format;
    schema.name = "";
    schema.flags = flags;
    schema.n_children = children == nullptr ? 0 : static_cast<int64_t>(children->size());
    schema.children = children == nullptr ? nullptr : children->data();
    schema.release = &CountingSchemaRelease;
    schema.private_data = releases;
    return schema;
}

uint8_t Bitmap(std::initializer_list<int> set_bits) {
    uint8_t byte = 0;
    for (const int bit : set_bits) {
        byte = static_cast<uint8_t>(byte | (1u << bit));
    }
    return byte;
}

TEST(ArrowImportTest, ReleasesOnceWhenTheLastBufferDies) {
    const std::vector<int32_t> values = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    std::vector<const void *> buffers = {nullptr, values.data()};
    int releases = 0;
    ArrowArray array = MakeArray(5, 3, -1, buffers, &releases);
    ArrayRef sliced;
    {
        ASSERT_OK_AND_ASSIGN(ArrayRef imported,
                             ImportArray(&array, DType::Primitive(PType::I32, Nullability::Nullable)));
        EXPECT_EQ(array.release, nullptr); // moved
        ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals<int32_t>({3, 4, 5, 6, 7})), imported);
        // Zero-copy: the values are the producer's.
        EXPECT_EQ(As<PrimitiveArray>(*imported)->values().data(),
                  reinterpret_cast<const uint8_t *>(&values[3]));
        ASSERT_OK_AND_ASSIGN(sliced, Slice(imported, 1, 3));
    }
    EXPECT_EQ(releases, 0);
    sliced.reset();
    EXPECT_EQ(releases, 1);
}

TEST(ArrowImportTest, ReleasesOnceOnFailure) {
    const std::vector<int32_t> values = {1, 2};
    std::vector<const void *> buffers = {nullptr, values.data(), values.data()};
    int releases = 0;
    ArrowArray array = MakeArray(2, 0, 0, buffers, &releases);
    EXPECT_RAISES(InvalidArgument, ImportArray(&array, DType::Primitive(PType::I32, Nullability::Nullable)));
    EXPECT_EQ(releases, 1);
}

TEST(ArrowImportTest, SchemaIsReleasedOnce) {
    int releases = 0;
    int child_releases = 0;
    ArrowSchema child = MakeSchema("i", ARROW_FLAG_NULLABLE, &child_releases);
    child.name = "x";
    std::vector<ArrowSchema *> children = {&child};
    ArrowSchema schema = MakeSchema("+s", 0, &releases, &children);
    ASSERT_OK_AND_ASSIGN(DType dtype, ImportSchema(&schema));
    EXPECT_EQ(dtype, DType::Struct({"x"}, {DType::Primitive(PType::I32, Nullability::Nullable)},
                                   Nullability::NonNullable));
    EXPECT_EQ(releases, 1);
    EXPECT_EQ(child_releases, 1);

    ArrowSchema bad = MakeSchema("q", 0, &releases);
    EXPECT_RAISES(InvalidArgument, ImportSchema(&bad));
    EXPECT_EQ(releases, 2);
    for (const char *unsupported : {"tDs", "tiM", "+us:0", "+r"}) {
        SCOPED_TRACE(unsupported);
        ArrowSchema schema_unsupported = MakeSchema(unsupported, 0, &releases);
        EXPECT_RAISES(NotImplemented, ImportSchema(&schema_unsupported));
    }
    for (const char *malformed :
         {"d:", "d:5", "d:5,x", "d:5,2,100", "d:10,0,32", "d:39,0,128", "w:", "+w:x", "tsx:", "ttD", "+l"}) {
        SCOPED_TRACE(malformed);
        ArrowSchema schema_malformed = MakeSchema(malformed, 0, &releases);
        EXPECT_RAISES(InvalidArgument, ImportSchema(&schema_malformed));
    }
}

template <typename Offset>
void CheckOffsetStrings(const char *format, const DType &dtype) {
    const std::string data = "xxhelloworld, a long value!";
    // Values: [2,7) "hello", [7,12) "world", null, [12,27) ", a long value!", [27,27) "".
    const std::vector<Offset> offsets = {0, 2, 7, 12, 12, 27, 27};
    const uint8_t validity = Bitmap({0, 1, 2, 4, 5});
    std::vector<const void *> buffers = {&validity, offsets.data(), data.data()};
    int releases = 0;
    ArrowArray array = MakeArray(5, 1, 1, buffers, &releases);
    int schema_releases = 0;
    ArrowSchema schema = MakeSchema(format, ARROW_FLAG_NULLABLE, &schema_releases);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    const auto expected = VarBinViewArray::FromStrings(
        std::vector<std::optional<std::string>>{"hello", "world", std::nullopt, ", a long value!", ""},
        dtype);
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
    EXPECT_EQ(schema_releases, 1);
    imported.reset();
    EXPECT_EQ(releases, 1);
}

TEST(ArrowImportTest, OffsetStringsAndBinaries) {
    CheckOffsetStrings<int32_t>("u", DType::Utf8(Nullability::Nullable));
    CheckOffsetStrings<int64_t>("U", DType::Utf8(Nullability::Nullable));
    CheckOffsetStrings<int32_t>("z", DType::Binary(Nullability::Nullable));
    CheckOffsetStrings<int64_t>("Z", DType::Binary(Nullability::Nullable));
}

TEST(ArrowImportTest, FixedSizeBinary) {
    const std::string data = "aaabbbcccddd";
    std::vector<const void *> buffers = {nullptr, data.data()};
    int releases = 0;
    ArrowArray array = MakeArray(3, 1, 0, buffers, &releases);
    int schema_releases = 0;
    ArrowSchema schema = MakeSchema("w:3", 0, &schema_releases);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    const auto expected = VarBinViewArray::FromStrings(std::vector<std::string>{"bbb", "ccc", "ddd"},
                                                       DType::Binary(Nullability::NonNullable));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
}

// The canonical arrow.uuid (w:16) becomes vortex.uuid over fixed_size_list(u8)[16]; the
// array offset and the nulls carry over.
TEST(ArrowImportTest, ArrowUuidBecomesVortexUuid) {
    std::vector<uint8_t> bytes(size_t{4} * 16);
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<uint8_t>(i * 7 + 1);
    }
    const uint8_t validity = Bitmap({1, 3});
    std::vector<const void *> buffers = {&validity, bytes.data()};
    int releases = 0;
    ArrowArray array = MakeArray(3, 1, 1, buffers, &releases);
    int schema_releases = 0;
    ArrowSchema schema = MakeSchema("w:16", ARROW_FLAG_NULLABLE, &schema_releases);
    const std::string metadata = EncodeArrowMetadata({{"ARROW:extension:name", "arrow.uuid"}});
    schema.metadata = metadata.data();
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    EXPECT_EQ(imported->dtype(), UuidDType(Nullability::Nullable));
    const std::vector<uint8_t> tail(bytes.begin() + 16, bytes.end());
    ASSERT_OK_AND_ASSIGN(auto storage,
                         FixedSizeListArray::TryMake(
                             PrimitiveArray::FromValues<uint8_t>(tail), 16, 3,
                             Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true}))));
    ASSERT_OK_AND_ASSIGN(auto expected,
                         ExtensionArray::TryMake(UuidDType(Nullability::Nullable), ArrayRef(storage)));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
    imported.reset();
    EXPECT_EQ(releases, 1);
}

// Names no vortex reader registers are dropped (the reference's Arrow import does the same):
// the storage is imported, so a file written from it opens anywhere. arrow.uuid over a
// width other than 16 is not a UUID.
TEST(ArrowImportTest, UnknownExtensionNamesImportTheStorage) {
    const auto import_schema = [](const char *format, const std::string &name) -> Result<DType> {
        int releases = 0;
        ArrowSchema schema = MakeSchema(format, ARROW_FLAG_NULLABLE, &releases);
        const std::string metadata =
            EncodeArrowMetadata({{"ARROW:extension:name", name}, {"ARROW:extension:metadata", "{}"}});
        schema.metadata = metadata.data();
        return ImportSchema(&schema);
    };
    ASSERT_OK_AND_ASSIGN(DType wkb, import_schema("z", "geoarrow.wkb"));
    EXPECT_EQ(wkb, DType::Binary(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(DType json, import_schema("u", "arrow.json"));
    EXPECT_EQ(json, DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(DType narrow, import_schema("w:8", "arrow.uuid"));
    EXPECT_EQ(narrow, DType::Binary(Nullability::Nullable));
    // A vortex id is kept and validated.
    EXPECT_RAISES(InvalidArgument, import_schema("z", "vortex.uuid"));
}

// A list with its own offset over a child with its own offset.
void CheckList(const char *format, bool view) {
    const std::vector<int16_t> child_values = {-1, -1, 10, 11, 12, 13, 14, 15};
    std::vector<const void *> child_buffers = {nullptr, child_values.data()};
    int releases = 0;
    ArrowArray child = MakeArray(6, 2, 0, child_buffers, &releases);
    child.release = [](ArrowArray *a) { a->release = nullptr; };
    std::vector<ArrowArray *> children = {&child};
    // Lists (after offset 1): [10, 11], null, [], [12, 13, 14].
    const std::vector<int32_t> offsets = {0, 0, 2, 2, 2, 5};
    const std::vector<int32_t> view_offsets = {0, 0, 4, 1, 2};
    const std::vector<int32_t> view_sizes = {0, 2, 1, 0, 3};
    const uint8_t validity = Bitmap({1, 3, 4});
    std::vector<const void *> buffers = {&validity, view ? view_offsets.data() : offsets.data()};
    if (view) {
        buffers.push_back(view_sizes.data());
    }
    ArrowArray array = MakeArray(4, 1, 1, buffers, &releases, &children);
    int schema_releases = 0;
    ArrowSchema child_schema = MakeSchema("s", 0, &schema_releases);
    std::vector<ArrowSchema *> schema_children = {&child_schema};
    ArrowSchema schema = MakeSchema(format, ARROW_FLAG_NULLABLE, &schema_releases, &schema_children);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    const auto expected = ListViewArray::Make(
        PrimitiveArray::FromValues<int16_t>({10, 11, 12, 13, 14, 15}),
        PrimitiveArray::FromValues<int32_t>({0, 2, 1, 2}), PrimitiveArray::FromValues<int32_t>({2, 0, 0, 3}),
        Validity::FromBits(BitBuffer::FromBools(std::vector<bool>{true, false, true, true})));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
    imported.reset();
    EXPECT_EQ(releases, 1);
    EXPECT_EQ(schema_releases, 2);
}

TEST(ArrowImportTest, ListsAndListViewsWithOffsets) {
    CheckList("+l", false);
    CheckList("+vl", true);
}

TEST(ArrowImportTest, StructOffsetAppliesToChildren) {
    const std::vector<int64_t> a_values = {0, 1, 2, 3, 4, 5};
    std::vector<const void *> a_buffers = {nullptr, a_values.data()};
    int releases = 0;
    ArrowArray a = MakeArray(5, 1, 0, a_buffers, &releases);
    a.release = [](ArrowArray *x) { x->release = nullptr; };
    std::vector<ArrowArray *> children = {&a};
    std::vector<const void *> buffers = {nullptr};
    ArrowArray array = MakeArray(3, 2, 0, buffers, &releases, &children);
    int schema_releases = 0;
    ArrowSchema a_schema = MakeSchema("l", 0, &schema_releases);
    a_schema.name = "a";
    std::vector<ArrowSchema *> schema_children = {&a_schema};
    ArrowSchema schema = MakeSchema("+s", 0, &schema_releases, &schema_children);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    ASSERT_OK_AND_ASSIGN(auto expected,
                         StructArray::FromFields({"a"}, {PrimitiveArray::FromValues<int64_t>({3, 4, 5})}, 3));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
}

// Each malformed array is rejected with an error (never a crash) and released exactly once.
TEST(ArrowImportTest, MalformedArraysAreRejected) {
    const std::vector<int32_t> values = {0, 1, 2, 3};
    const std::vector<int32_t> bad_offsets = {0, 3, 2, 4};
    const std::string data = "abcd";
    const uint8_t some_null = Bitmap({0, 2});
    const auto check = [&](const char *what, ArrowArray array, const char *format, int64_t flags) {
        SCOPED_TRACE(what);
        int schema_releases = 0;
        ArrowSchema schema = MakeSchema(format, flags, &schema_releases);
        const int *releases = static_cast<const int *>(array.private_data);
        const int before = *releases;
        EXPECT_NOT_OK(ImportArray(&array, &schema));
        EXPECT_EQ(*releases, before + 1);
        EXPECT_EQ(schema_releases, 1);
    };
    int releases = 0;
    std::vector<const void *> prim = {nullptr, values.data()};
    std::vector<const void *> three = {nullptr, values.data(), values.data()};
    check("too many buffers", MakeArray(4, 0, 0, three, &releases), "i", ARROW_FLAG_NULLABLE);
    check("negative length", MakeArray(-1, 0, 0, prim, &releases), "i", ARROW_FLAG_NULLABLE);
    check("negative offset", MakeArray(1, -2, 0, prim, &releases), "i", ARROW_FLAG_NULLABLE);
    check("null_count > length", MakeArray(2, 0, 3, prim, &releases), "i", ARROW_FLAG_NULLABLE);
    check("nulls without bitmap", MakeArray(2, 0, 1, prim, &releases), "i", ARROW_FLAG_NULLABLE);
    std::vector<const void *> with_nulls = {&some_null, values.data()};
    check("nulls in a non-nullable field", MakeArray(4, 0, 2, with_nulls, &releases), "i", 0);
    std::vector<const void *> missing_values = {nullptr, nullptr};
    check("null values buffer", MakeArray(4, 0, 0, missing_values, &releases), "i", 0);
    ArrowArray no_buffers = MakeArray(4, 0, 0, prim, &releases);
    no_buffers.buffers = nullptr;
    check("null buffers array", no_buffers, "i", 0);
    std::vector<const void *> decreasing = {nullptr, bad_offsets.data(), data.data()};
    check("decreasing offsets", MakeArray(3, 0, 0, decreasing, &releases), "u", 0);
    std::vector<const void *> bad_utf8 = {nullptr, values.data(), "\xFF\xFE\xFD"};
    check("invalid utf8", MakeArray(3, 0, 0, bad_utf8, &releases), "u", 0);
    std::vector<const void *> children_mismatch = {nullptr, values.data()};
    ArrowArray stray_child{};
    std::vector<ArrowArray *> stray = {&stray_child};
    check("unexpected child", MakeArray(2, 0, 0, children_mismatch, &releases, &stray), "i", 0);
}

TEST(ArrowImportTest, ListOffsetsOutOfRange) {
    const std::vector<int32_t> child_values = {1, 2, 3};
    std::vector<const void *> child_buffers = {nullptr, child_values.data()};
    int releases = 0;
    ArrowArray child = MakeArray(3, 0, 0, child_buffers, &releases);
    child.release = [](ArrowArray *a) { a->release = nullptr; };
    std::vector<ArrowArray *> children = {&child};
    const std::vector<int32_t> offsets = {0, 2, 4};
    std::vector<const void *> buffers = {nullptr, offsets.data()};
    ArrowArray array = MakeArray(2, 0, 0, buffers, &releases, &children);
    int schema_releases = 0;
    ArrowSchema child_schema = MakeSchema("i", 0, &schema_releases);
    std::vector<ArrowSchema *> schema_children = {&child_schema};
    ArrowSchema schema = MakeSchema("+l", 0, &schema_releases, &schema_children);
    EXPECT_RAISES(InvalidArgument, ImportArray(&array, &schema));
    EXPECT_EQ(releases, 1);
}

TEST(ArrowImportTest, ViewIndexOutOfRange) {
    // One valid view of 20 bytes pointing at data buffer 1, which does not exist.
    uint8_t view[16] = {};
    const uint32_t size = 20;
    const uint32_t index = 1;
    std::memcpy(view, &size, 4);
    std::memcpy(view + 8, &index, 4);
    const std::string data(32, 'a');
    const int64_t sizes[1] = {32};
    std::vector<const void *> buffers = {nullptr, view, data.data(), sizes};
    int releases = 0;
    ArrowArray array = MakeArray(1, 0, 0, buffers, &releases);
    EXPECT_RAISES(InvalidArgument, ImportArray(&array, DType::Binary(Nullability::NonNullable)));
    EXPECT_EQ(releases, 1);
}

// A null slot's view may hold garbage; it must not make the import fail.
TEST(ArrowImportTest, GarbageViewUnderNullIsIgnored) {
    uint8_t views[32] = {};
    const uint32_t size = 1000;
    std::memcpy(views + 16, &size, 4); // null slot: long view into a missing buffer
    views[4] = 'q';
    const uint32_t one = 1;
    std::memcpy(views, &one, 4); // valid slot: "q"
    const uint8_t validity = Bitmap({0});
    std::vector<const void *> buffers = {&validity, views, nullptr};
    int releases = 0;
    ArrowArray array = MakeArray(2, 0, 1, buffers, &releases);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, DType::Utf8(Nullability::Nullable)));
    const auto expected = VarBinViewArray::FromStrings(
        std::vector<std::optional<std::string>>{"q", std::nullopt}, DType::Utf8(Nullability::Nullable));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
}

TEST(ArrowImportTest, DictionaryEncoded) {
    const std::vector<int8_t> codes = {1, 0, 1, 2};
    const uint8_t code_validity = Bitmap({0, 1, 3});
    std::vector<const void *> code_buffers = {&code_validity, codes.data()};
    const std::vector<int32_t> offsets = {0, 1, 3, 6};
    const std::string data = "abbccc";
    std::vector<const void *> value_buffers = {nullptr, offsets.data(), data.data()};
    int releases = 0;
    ArrowArray values = MakeArray(3, 0, 0, value_buffers, &releases);
    values.release = [](ArrowArray *a) { a->release = nullptr; };
    ArrowArray array = MakeArray(4, 0, 1, code_buffers, &releases);
    array.dictionary = &values;
    int schema_releases = 0;
    ArrowSchema value_schema = MakeSchema("u", 0, &schema_releases);
    ArrowSchema schema = MakeSchema("c", ARROW_FLAG_NULLABLE, &schema_releases);
    schema.dictionary = &value_schema;
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&array, &schema));
    const auto expected =
        VarBinViewArray::FromStrings(std::vector<std::optional<std::string>>{"bb", "a", std::nullopt, "ccc"},
                                     DType::Utf8(Nullability::Nullable));
    ASSERT_ARRAYS_EQUAL(ArrayRef(expected), imported);
    imported.reset();
    EXPECT_EQ(releases, 1);
}

TEST(ArrowImportTest, MetadataWithNegativeLengthIsRejected) {
    const int32_t bytes[2] = {1, -5};
    EXPECT_RAISES(InvalidArgument, DecodeArrowMetadata(reinterpret_cast<const char *>(bytes)));
}

} // namespace
} // namespace vortex
