// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/dtype/dtype_serde.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

namespace fb = fbs::dtype;
constexpr auto kNull = Nullability::Nullable;
constexpr auto kNonNull = Nullability::NonNullable;

DType Prim(PType ptype, Nullability n = kNonNull) {
    return DType::Primitive(ptype, n);
}

std::vector<DType> AllDTypes() {
    std::vector<DType> out = {DType::Null(), DType::Bool(kNull), DType::Bool(kNonNull)};
    for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
        out.push_back(Prim(static_cast<PType>(tag), kNull));
        out.push_back(Prim(static_cast<PType>(tag), kNonNull));
    }
    out.push_back(DType::Decimal(1, 0, kNonNull));
    out.push_back(DType::Decimal(10, 2, kNull));
    out.push_back(DType::Decimal(38, -5, kNonNull));
    out.push_back(DType::Decimal(76, 76, kNull));
    out.push_back(DType::Decimal(76, -128, kNonNull));
    out.push_back(DType::Utf8(kNull));
    out.push_back(DType::Utf8(kNonNull));
    out.push_back(DType::Binary(kNull));
    out.push_back(DType::Binary(kNonNull));
    out.push_back(DType::Struct({}, {}, kNonNull));
    out.push_back(DType::Struct({}, {}, kNull));
    out.push_back(DType::Struct(
        {"", "a", "ü名"},
        {Prim(PType::I32), DType::Utf8(kNull),
         DType::Struct({"inner", ""}, {DType::Struct({}, {}, kNull), Prim(PType::F16, kNull)}, kNonNull)},
        kNull));
    out.push_back(DType::List(DType::List(Prim(PType::U8), kNull), kNonNull));
    out.push_back(DType::List(DType::Null(), kNull));
    out.push_back(DType::FixedSizeList(Prim(PType::F32, kNull), 3, kNonNull));
    out.push_back(DType::FixedSizeList(DType::Utf8(kNonNull), 0, kNull));
    out.push_back(*DateDType(TimeUnit::Days, kNull));
    out.push_back(*DateDType(TimeUnit::Milliseconds, kNonNull));
    out.push_back(*TimeDType(TimeUnit::Nanoseconds, kNull));
    out.push_back(*TimeDType(TimeUnit::Seconds, kNonNull));
    out.push_back(*TimestampDType(TimeUnit::Microseconds, std::nullopt, kNull));
    out.push_back(*TimestampDType(TimeUnit::Nanoseconds, "America/New_York", kNonNull));
    out.push_back(DType::Extension("acme.opaque", DType::Binary(kNull), {0x00, 0xff, 0x10}));
    out.push_back(DType::Extension("acme.empty", DType::List(Prim(PType::I64), kNonNull), {}));
    return out;
}

TEST(DTypeSerdeTest, RoundTripsEveryDTypeThroughFlatBuffers) {
    for (const DType &dtype : AllDTypes()) {
        const auto bytes = SerializeDTypeFlatBuffer(dtype);
        auto back = DeserializeDTypeFlatBuffer(bytes);
        ASSERT_TRUE(back.ok()) << dtype << ": " << back.status().ToString();
        EXPECT_EQ(*back, dtype) << dtype << " came back as " << *back;
    }
}

TEST(DTypeSerdeTest, RoundTripsEveryDTypeThroughProtobuf) {
    for (const DType &dtype : AllDTypes()) {
        const auto bytes = SerializeDTypeProto(dtype);
        auto back = DeserializeDTypeProto(bytes);
        ASSERT_TRUE(back.ok()) << dtype << ": " << back.status().ToString();
        EXPECT_EQ(*back, dtype) << dtype << " came back as " << *back;
    }
}

TEST(DTypeSerdeTest, ReadsFromUnalignedBytes) {
    const DType dtype = DType::Struct({"x"}, {Prim(PType::U64, kNull)}, kNull);
    const auto bytes = SerializeDTypeFlatBuffer(dtype);
    std::vector<uint8_t> shifted(bytes.size() + 1);
    std::copy(bytes.begin(), bytes.end(), shifted.begin() + 1);
    auto back = DeserializeDTypeFlatBuffer(std::span<const uint8_t>(shifted).subspan(1));
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_EQ(*back, dtype);
}

// Generated tables inherit flatbuffers::Table privately; they share its address.
const flatbuffers::Table *AsTable(const void *table) {
    return reinterpret_cast<const flatbuffers::Table *>(table);
}

TEST(DTypeSerdeTest, WriterOmitsDefaultValuedFields) {
    // A non-nullable U8 primitive has only default values, so its table stores no fields.
    flatbuffers::FlatBufferBuilder fbb;
    fbb.Finish(WriteDType(fbb, Prim(PType::U8)));
    const auto *root = flatbuffers::GetRoot<fb::DType>(fbb.GetBufferPointer());
    const auto *primitive = root->type_as_Primitive();
    ASSERT_NE(primitive, nullptr);
    EXPECT_FALSE(AsTable(primitive)->CheckField(fb::Primitive::VT_PTYPE));
    EXPECT_FALSE(AsTable(primitive)->CheckField(fb::Primitive::VT_NULLABLE));

    flatbuffers::FlatBufferBuilder fbb2;
    fbb2.Finish(WriteDType(fbb2, Prim(PType::I16, kNull)));
    const auto *primitive2 = flatbuffers::GetRoot<fb::DType>(fbb2.GetBufferPointer())->type_as_Primitive();
    EXPECT_TRUE(AsTable(primitive2)->CheckField(fb::Primitive::VT_PTYPE));
    EXPECT_EQ(primitive2->ptype(), fb::PType::I16);
    EXPECT_TRUE(primitive2->nullable());
}

TEST(DTypeSerdeTest, ProtobufBytesMatchTheSchemaByHand) {
    // Field 3 (primitive), length 4: type = I32 (6), nullable = true.
    EXPECT_EQ(SerializeDTypeProto(Prim(PType::I32, kNull)),
              (std::vector<uint8_t>{0x1a, 0x04, 0x08, 0x06, 0x10, 0x01}));
    // Field 4 (decimal): precision 10, then scale -2 as a plain 10-byte varint.
    EXPECT_EQ(SerializeDTypeProto(DType::Decimal(10, -2, kNonNull)),
              (std::vector<uint8_t>{0x22, 0x0d, 0x08, 0x0a, 0x10, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0x01}));
    // Field 1 (null), empty message.
    EXPECT_EQ(SerializeDTypeProto(DType::Null()), (std::vector<uint8_t>{0x0a, 0x00}));
}

template <typename Build>
Result<DType> ReadBuilt(Build build) {
    flatbuffers::FlatBufferBuilder fbb;
    fbb.Finish(build(fbb));
    return DeserializeDTypeFlatBuffer(std::span<const uint8_t>(fbb.GetBufferPointer(), fbb.GetSize()));
}

void ExpectError(const Result<DType> &result, StatusCode code, const std::string &needle) {
    ASSERT_FALSE(result.ok()) << "expected an error containing '" << needle << "', got " << *result;
    EXPECT_EQ(result.status().code(), code) << result.status().ToString();
    EXPECT_NE(result.status().message().find(needle), std::string::npos) << result.status().ToString();
}

TEST(DTypeSerdeTest, FlatBufferReaderRejectsMalformedTables) {
    using Fbb = flatbuffers::FlatBufferBuilder;
    ExpectError(ReadBuilt([](Fbb &fbb) { return fb::CreateDType(fbb); }), StatusCode::Serde, "NONE");
    ExpectError(ReadBuilt([](Fbb &fbb) { return fb::CreateDType(fbb, fb::Type::Bool); }), StatusCode::Serde,
                "without its table");
    ExpectError(ReadBuilt([](Fbb &fbb) {
                    return fb::CreateDType(fbb, static_cast<fb::Type>(13), fb::CreateNull(fbb).Union());
                }),
                StatusCode::Serde, "unknown DType union tag 13");
    ExpectError(ReadBuilt([](Fbb &fbb) {
                    return fb::CreateDType(fbb, fb::Type::Variant, fb::CreateVariant(fbb, true).Union());
                }),
                StatusCode::NotImplemented, "Variant");
    ExpectError(ReadBuilt([](Fbb &fbb) {
                    return fb::CreateDType(fbb, fb::Type::Union, fb::CreateUnion(fbb).Union());
                }),
                StatusCode::NotImplemented, "Union");
    ExpectError(ReadBuilt([](Fbb &fbb) {
                    return fb::CreateDType(fbb, fb::Type::Primitive,
                                           fb::CreatePrimitive(fbb, static_cast<fb::PType>(11)).Union());
                }),
                StatusCode::Serde, "ptype tag 11");
    // Decimal precision 0 (the default) is invalid.
    EXPECT_FALSE(ReadBuilt([](Fbb &fbb) {
                     return fb::CreateDType(fbb, fb::Type::Decimal, fb::CreateDecimal(fbb).Union());
                 }).ok());
    EXPECT_FALSE(ReadBuilt([](Fbb &fbb) {
                     return fb::CreateDType(fbb, fb::Type::Decimal, fb::CreateDecimal(fbb, 5, 6).Union());
                 }).ok());
    ExpectError(
        ReadBuilt([](Fbb &fbb) { return fb::CreateDType(fbb, fb::Type::List, fb::CreateList(fbb).Union()); }),
        StatusCode::Serde, "without element_type");
    ExpectError(ReadBuilt([](Fbb &fbb) {
                    return fb::CreateDType(fbb, fb::Type::FixedSizeList,
                                           fb::CreateFixedSizeList(fbb).Union());
                }),
                StatusCode::Serde, "without element_type");
}

TEST(DTypeSerdeTest, FlatBufferReaderRequiresStructAndExtensionParts) {
    using Fbb = flatbuffers::FlatBufferBuilder;
    auto names = [](Fbb &fbb, std::vector<std::string> values) { return fbb.CreateVectorOfStrings(values); };
    auto dtypes = [](Fbb &fbb, size_t n) {
        std::vector<flatbuffers::Offset<fb::DType>> out;
        for (size_t i = 0; i < n; ++i) {
            out.push_back(fb::CreateDType(fbb, fb::Type::Null, fb::CreateNull(fbb).Union()));
        }
        return fbb.CreateVector(out);
    };
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto d = dtypes(fbb, 1);
                    return fb::CreateDType(fbb, fb::Type::Struct_, fb::CreateStruct_(fbb, 0, d).Union());
                }),
                StatusCode::Serde, "without names");
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto n = names(fbb, {"a"});
                    return fb::CreateDType(fbb, fb::Type::Struct_, fb::CreateStruct_(fbb, n).Union());
                }),
                StatusCode::Serde, "without dtypes");
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto n = names(fbb, {"a", "b"});
                    auto d = dtypes(fbb, 1);
                    return fb::CreateDType(fbb, fb::Type::Struct_, fb::CreateStruct_(fbb, n, d).Union());
                }),
                StatusCode::Serde, "2 names but 1 dtypes");
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto n = names(fbb, {"\xff"});
                    auto d = dtypes(fbb, 1);
                    return fb::CreateDType(fbb, fb::Type::Struct_, fb::CreateStruct_(fbb, n, d).Union());
                }),
                StatusCode::Serde, "UTF-8");

    auto storage = [](Fbb &fbb) {
        return fb::CreateDType(fbb, fb::Type::Primitive, fb::CreatePrimitive(fbb, fb::PType::I32).Union());
    };
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto id = fbb.CreateString("vortex.date");
                    auto s = storage(fbb);
                    return fb::CreateDType(fbb, fb::Type::Extension, fb::CreateExtension(fbb, id, s).Union());
                }),
                StatusCode::Serde, "without metadata");
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto s = storage(fbb);
                    auto m = fbb.CreateVector(std::vector<uint8_t>{});
                    return fb::CreateDType(fbb, fb::Type::Extension,
                                           fb::CreateExtension(fbb, 0, s, m).Union());
                }),
                StatusCode::Serde, "without id");
    ExpectError(ReadBuilt([&](Fbb &fbb) {
                    auto id = fbb.CreateString("x");
                    auto m = fbb.CreateVector(std::vector<uint8_t>{});
                    return fb::CreateDType(fbb, fb::Type::Extension,
                                           fb::CreateExtension(fbb, id, 0, m).Union());
                }),
                StatusCode::Serde, "without storage_dtype");
    // A known id validates its metadata: Days date needs I32 storage, and we stored I64.
    EXPECT_FALSE(
        ReadBuilt([&](Fbb &fbb) {
            auto id = fbb.CreateString("vortex.date");
            auto s =
                fb::CreateDType(fbb, fb::Type::Primitive, fb::CreatePrimitive(fbb, fb::PType::I64).Union());
            auto m = fbb.CreateVector(std::vector<uint8_t>{static_cast<uint8_t>(TimeUnit::Days)});
            return fb::CreateDType(fbb, fb::Type::Extension, fb::CreateExtension(fbb, id, s, m).Union());
        }).ok());
    // ... and the same table with I32 storage is fine.
    auto date = ReadBuilt([&](Fbb &fbb) {
        auto id = fbb.CreateString("vortex.date");
        auto s = storage(fbb);
        auto m = fbb.CreateVector(std::vector<uint8_t>{static_cast<uint8_t>(TimeUnit::Days)});
        return fb::CreateDType(fbb, fb::Type::Extension, fb::CreateExtension(fbb, id, s, m).Union());
    });
    ASSERT_TRUE(date.ok()) << date.status().ToString();
    EXPECT_EQ(*date, *DateDType(TimeUnit::Days, kNonNull));
}

DType NestedLists(int levels) {
    DType dtype = DType::Bool(kNull);
    for (int i = 0; i < levels; ++i) {
        dtype = DType::List(dtype, kNull);
    }
    return dtype;
}

TEST(DTypeSerdeTest, BothReadersBoundTheNestingDepth) {
    // kMaxDTypeDepth levels (the root and 63 lists) are fine, one more is not.
    const DType deepest = NestedLists(kMaxDTypeDepth - 1);
    const DType too_deep = NestedLists(kMaxDTypeDepth);
    EXPECT_TRUE(DeserializeDTypeFlatBuffer(SerializeDTypeFlatBuffer(deepest)).ok());
    EXPECT_TRUE(DeserializeDTypeProto(SerializeDTypeProto(deepest)).ok());
    ExpectError(DeserializeDTypeFlatBuffer(SerializeDTypeFlatBuffer(too_deep)), StatusCode::Serde, "nested");
    ExpectError(DeserializeDTypeProto(SerializeDTypeProto(too_deep)), StatusCode::Serde, "nested");
    // Far deeper input stops in the flatbuffers verifier or protobuf's own recursion limit.
    EXPECT_FALSE(DeserializeDTypeFlatBuffer(SerializeDTypeFlatBuffer(NestedLists(5000))).ok());
    EXPECT_FALSE(DeserializeDTypeProto(SerializeDTypeProto(NestedLists(5000))).ok());
}

TEST(DTypeSerdeTest, ProtobufReaderRejectsMalformedMessages) {
    vortex::dtype::DType proto;
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "without a type");

    proto.mutable_primitive()->set_type(static_cast<vortex::dtype::PType>(42));
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "ptype tag 42");

    proto.mutable_decimal()->set_precision(300);
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "exceeds u8");
    proto.mutable_decimal()->set_precision(10);
    proto.mutable_decimal()->set_scale(-129);
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "exceeds i8");

    proto.mutable_list();
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "without element_type");
    proto.mutable_fixed_size_list()->set_size(4);
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "without element_type");

    proto.mutable_struct_()->add_names("a");
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "1 names but 0 dtypes");

    proto.mutable_extension()->set_id("acme.x");
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "without storage_dtype");
    // Absent metadata reads as empty.
    proto.mutable_extension()->mutable_storage_dtype()->mutable_utf8();
    auto ext = DTypeFromProto(proto);
    ASSERT_TRUE(ext.ok()) << ext.status().ToString();
    EXPECT_EQ(*ext, DType::Extension("acme.x", DType::Utf8(kNonNull), {}));

    // Names and ids are bytes on the wire; the reader checks UTF-8 itself.
    proto.mutable_extension()->set_id("acme.\xff");
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "not valid UTF-8");
    proto.mutable_struct_()->add_names("\xc3");
    proto.mutable_struct_()->add_dtypes()->mutable_null();
    ExpectError(DTypeFromProto(proto), StatusCode::Serde, "not valid UTF-8");

    proto.mutable_variant();
    ExpectError(DTypeFromProto(proto), StatusCode::NotImplemented, "Variant");
    // Union uses tag 4 for nullable: 62 02 20 01 is Union{nullable: true}.
    const std::vector<uint8_t> union_bytes = {0x62, 0x02, 0x20, 0x01};
    ASSERT_TRUE(proto.ParseFromArray(union_bytes.data(), 4));
    EXPECT_TRUE(proto.union_().nullable());
    ExpectError(DeserializeDTypeProto(union_bytes), StatusCode::NotImplemented, "Union");
}

TEST(DTypeSerdeTest, EmptyAndGarbageBytesAreErrors) {
    EXPECT_FALSE(DeserializeDTypeFlatBuffer({}).ok());
    EXPECT_FALSE(DeserializeDTypeProto({}).ok()); // parses, but has no type
    const std::vector<uint8_t> garbage = {0xff, 0xff, 0xff, 0xff, 0x00, 0x01};
    EXPECT_FALSE(DeserializeDTypeFlatBuffer(garbage).ok());
    EXPECT_FALSE(DeserializeDTypeProto(garbage).ok());
}

} // namespace
} // namespace vortex
