// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype/dtype_serde.h"

#include <limits>
#include <string>
#include <utility>

#include "vortex/dtype/extension.h"
#include "vortex/serde/flatbuffer_verify.h"
#include "vortex/serde/proto_message.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {
namespace {

namespace fb = fbs::dtype;
namespace pb = vortex::dtype;

Status CheckDepth(int depth, std::string_view what) {
    VX_ENSURE(depth < kMaxDTypeDepth, Serde, "{}: dtype nested deeper than {} levels", what, kMaxDTypeDepth);
    return Status::OK();
}

Result<PType> PTypeFromTag(int64_t tag, std::string_view what) {
    VX_ENSURE(tag >= 0 && IsValidPTypeTag(static_cast<uint64_t>(tag)), Serde, "{}: unknown ptype tag {}",
              what, tag);
    return static_cast<PType>(tag);
}

Status CheckUtf8(std::string_view text, std::string_view field, std::string_view what) {
    VX_ENSURE(serde::IsValidUtf8(text), Serde, "{}: {} is not valid UTF-8", what, field);
    return Status::OK();
}

// Builds the extension dtype and validates the metadata of the built-in ids; unknown ids stay
// opaque. Spec: dtypes-scalars, section 1.4.
Result<DType>
MakeExtension(std::string id, DType storage, std::vector<uint8_t> metadata, std::string_view what) {
    DType out = DType::Extension(std::move(id), std::move(storage), std::move(metadata));
    VX_RETURN_NOT_OK(ValidateExtension(out.extension()).WithContext(what));
    return out;
}

// ---- FlatBuffers ------------------------------------------------------------------------------

constexpr std::string_view kFbWhat = "dtype flatbuffer";

template <typename Table>
Result<const Table *> RequireVariant(const Table *table, std::string_view name) {
    VX_ENSURE(table != nullptr, Serde, "{}: union tag {} without its table", kFbWhat, name);
    return table;
}

Result<DType> ReadFb(const fb::DType *fb_dtype, int depth);

Result<DType> ReadFbElement(const fb::DType *element, int depth, std::string_view name) {
    VX_ENSURE(element != nullptr, Serde, "{}: {} without element_type", kFbWhat, name);
    return ReadFb(element, depth + 1);
}

Result<DType> ReadFbStruct(const fb::Struct_ *st, int depth) {
    VX_ENSURE(st->names() != nullptr, Serde, "{}: struct without names", kFbWhat);
    VX_ENSURE(st->dtypes() != nullptr, Serde, "{}: struct without dtypes", kFbWhat);
    VX_ENSURE(st->names()->size() == st->dtypes()->size(), Serde, "{}: struct has {} names but {} dtypes",
              kFbWhat, st->names()->size(), st->dtypes()->size());
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    names.reserve(st->names()->size());
    dtypes.reserve(st->dtypes()->size());
    for (const auto *name : *st->names()) {
        // The verifier guarantees non-null elements of a vector of strings.
        VX_RETURN_NOT_OK(CheckUtf8(name->string_view(), "struct field name", kFbWhat));
        names.emplace_back(name->string_view());
    }
    for (const auto *field : *st->dtypes()) {
        VX_ASSIGN_OR_RETURN(DType dtype, ReadFb(field, depth + 1));
        dtypes.push_back(std::move(dtype));
    }
    return DType::Struct(std::move(names), std::move(dtypes), NullabilityOf(st->nullable()));
}

Result<DType> ReadFbExtension(const fb::Extension *ext, int depth) {
    VX_ENSURE(ext->id() != nullptr, Serde, "{}: extension without id", kFbWhat);
    VX_ENSURE(ext->storage_dtype() != nullptr, Serde, "{}: extension without storage_dtype", kFbWhat);
    VX_ENSURE(ext->metadata() != nullptr, Serde, "{}: extension without metadata", kFbWhat);
    VX_RETURN_NOT_OK(CheckUtf8(ext->id()->string_view(), "extension id", kFbWhat));
    VX_ASSIGN_OR_RETURN(DType storage, ReadFb(ext->storage_dtype(), depth + 1));
    std::vector<uint8_t> metadata(ext->metadata()->begin(), ext->metadata()->end());
    return MakeExtension(std::string(ext->id()->string_view()), std::move(storage), std::move(metadata),
                         kFbWhat);
}

Result<DType> ReadFb(const fb::DType *fb_dtype, int depth) {
    VX_ENSURE(fb_dtype != nullptr, Serde, "{}: missing DType table", kFbWhat);
    VX_RETURN_NOT_OK(CheckDepth(depth, kFbWhat));
    switch (fb_dtype->type_type()) {
        case fb::Type::NONE:
            return Status::Serde("{}: DType without a type (union tag NONE)", kFbWhat);
        case fb::Type::Null:
            VX_RETURN_NOT_OK(RequireVariant(fb_dtype->type_as_Null(), "Null"));
            return DType::Null();
        case fb::Type::Bool: {
            VX_ASSIGN_OR_RETURN(const auto *b, RequireVariant(fb_dtype->type_as_Bool(), "Bool"));
            return DType::Bool(NullabilityOf(b->nullable()));
        }
        case fb::Type::Primitive: {
            VX_ASSIGN_OR_RETURN(const auto *p, RequireVariant(fb_dtype->type_as_Primitive(), "Primitive"));
            VX_ASSIGN_OR_RETURN(PType ptype, PTypeFromTag(static_cast<int64_t>(p->ptype()), kFbWhat));
            return DType::Primitive(ptype, NullabilityOf(p->nullable()));
        }
        case fb::Type::Decimal: {
            VX_ASSIGN_OR_RETURN(const auto *d, RequireVariant(fb_dtype->type_as_Decimal(), "Decimal"));
            auto decimal = DType::TryDecimal(d->precision(), d->scale(), NullabilityOf(d->nullable()));
            VX_RETURN_NOT_OK(decimal.status().WithContext(kFbWhat));
            return decimal;
        }
        case fb::Type::Utf8: {
            VX_ASSIGN_OR_RETURN(const auto *u, RequireVariant(fb_dtype->type_as_Utf8(), "Utf8"));
            return DType::Utf8(NullabilityOf(u->nullable()));
        }
        case fb::Type::Binary: {
            VX_ASSIGN_OR_RETURN(const auto *b, RequireVariant(fb_dtype->type_as_Binary(), "Binary"));
            return DType::Binary(NullabilityOf(b->nullable()));
        }
        case fb::Type::Struct_: {
            VX_ASSIGN_OR_RETURN(const auto *st, RequireVariant(fb_dtype->type_as_Struct_(), "Struct_"));
            return ReadFbStruct(st, depth);
        }
        case fb::Type::List: {
            VX_ASSIGN_OR_RETURN(const auto *list, RequireVariant(fb_dtype->type_as_List(), "List"));
            VX_ASSIGN_OR_RETURN(DType element, ReadFbElement(list->element_type(), depth, "list"));
            return DType::List(std::move(element), NullabilityOf(list->nullable()));
        }
        case fb::Type::Extension: {
            VX_ASSIGN_OR_RETURN(const auto *ext, RequireVariant(fb_dtype->type_as_Extension(), "Extension"));
            return ReadFbExtension(ext, depth);
        }
        case fb::Type::FixedSizeList: {
            VX_ASSIGN_OR_RETURN(const auto *fsl,
                                RequireVariant(fb_dtype->type_as_FixedSizeList(), "FixedSizeList"));
            VX_ASSIGN_OR_RETURN(DType element, ReadFbElement(fsl->element_type(), depth, "fixed-size list"));
            return DType::FixedSizeList(std::move(element), fsl->size(), NullabilityOf(fsl->nullable()));
        }
        case fb::Type::Variant:
            return Status::NotImplemented("{}: the Variant dtype is not supported", kFbWhat);
        case fb::Type::Union:
            return Status::NotImplemented("{}: the Union dtype is not supported", kFbWhat);
    }
    return Status::Serde("{}: unknown DType union tag {}", kFbWhat, static_cast<int>(fb_dtype->type_type()));
}

fb::PType ToFbPType(PType ptype) {
    return static_cast<fb::PType>(static_cast<uint8_t>(ptype));
}

// ---- Protobuf ---------------------------------------------------------------------------------

constexpr std::string_view kPbWhat = "dtype protobuf";

Result<DType> ReadPb(const pb::DType &proto, int depth);

Result<DType> ReadPbElement(bool present, const pb::DType &element, int depth, std::string_view name) {
    VX_ENSURE(present, Serde, "{}: {} without element_type", kPbWhat, name);
    return ReadPb(element, depth + 1);
}

Result<DType> ReadPbStruct(const pb::Struct &st, int depth) {
    VX_ENSURE(st.names_size() == st.dtypes_size(), Serde, "{}: struct has {} names but {} dtypes", kPbWhat,
              st.names_size(), st.dtypes_size());
    for (const auto &name : st.names()) {
        VX_RETURN_NOT_OK(CheckUtf8(name, "struct field name", kPbWhat));
    }
    std::vector<std::string> names(st.names().begin(), st.names().end());
    std::vector<DType> dtypes;
    dtypes.reserve(static_cast<size_t>(st.dtypes_size()));
    for (const auto &field : st.dtypes()) {
        VX_ASSIGN_OR_RETURN(DType dtype, ReadPb(field, depth + 1));
        dtypes.push_back(std::move(dtype));
    }
    return DType::Struct(std::move(names), std::move(dtypes), NullabilityOf(st.nullable()));
}

Result<DType> ReadPbDecimal(const pb::Decimal &d) {
    VX_ENSURE(d.precision() <= std::numeric_limits<uint8_t>::max(), Serde,
              "{}: decimal precision {} exceeds u8", kPbWhat, d.precision());
    VX_ENSURE(d.scale() >= std::numeric_limits<int8_t>::min() &&
                  d.scale() <= std::numeric_limits<int8_t>::max(),
              Serde, "{}: decimal scale {} exceeds i8", kPbWhat, d.scale());
    auto decimal = DType::TryDecimal(static_cast<uint8_t>(d.precision()), static_cast<int8_t>(d.scale()),
                                     NullabilityOf(d.nullable()));
    VX_RETURN_NOT_OK(decimal.status().WithContext(kPbWhat));
    return decimal;
}

Result<DType> ReadPb(const pb::DType &proto, int depth) {
    VX_RETURN_NOT_OK(CheckDepth(depth, kPbWhat));
    switch (proto.dtype_type_case()) {
        case pb::DType::DTYPE_TYPE_NOT_SET:
            return Status::Serde("{}: DType without a type", kPbWhat);
        case pb::DType::kNull:
            return DType::Null();
        case pb::DType::kBool:
            return DType::Bool(NullabilityOf(proto.bool_().nullable()));
        case pb::DType::kPrimitive: {
            VX_ASSIGN_OR_RETURN(PType ptype, PTypeFromTag(proto.primitive().type(), kPbWhat));
            return DType::Primitive(ptype, NullabilityOf(proto.primitive().nullable()));
        }
        case pb::DType::kDecimal:
            return ReadPbDecimal(proto.decimal());
        case pb::DType::kUtf8:
            return DType::Utf8(NullabilityOf(proto.utf8().nullable()));
        case pb::DType::kBinary:
            return DType::Binary(NullabilityOf(proto.binary().nullable()));
        case pb::DType::kStruct:
            return ReadPbStruct(proto.struct_(), depth);
        case pb::DType::kList: {
            const auto &list = proto.list();
            VX_ASSIGN_OR_RETURN(DType element,
                                ReadPbElement(list.has_element_type(), list.element_type(), depth, "list"));
            return DType::List(std::move(element), NullabilityOf(list.nullable()));
        }
        case pb::DType::kFixedSizeList: {
            const auto &fsl = proto.fixed_size_list();
            VX_ASSIGN_OR_RETURN(DType element, ReadPbElement(fsl.has_element_type(), fsl.element_type(),
                                                             depth, "fixed-size list"));
            return DType::FixedSizeList(std::move(element), fsl.size(), NullabilityOf(fsl.nullable()));
        }
        case pb::DType::kExtension: {
            const auto &ext = proto.extension();
            VX_ENSURE(ext.has_storage_dtype(), Serde, "{}: extension without storage_dtype", kPbWhat);
            VX_ASSIGN_OR_RETURN(DType storage, ReadPb(ext.storage_dtype(), depth + 1));
            // An absent metadata field reads as empty, as prost's accessor does.
            std::vector<uint8_t> metadata(ext.metadata().begin(), ext.metadata().end());
            VX_RETURN_NOT_OK(CheckUtf8(ext.id(), "extension id", kPbWhat));
            return MakeExtension(ext.id(), std::move(storage), std::move(metadata), kPbWhat);
        }
        case pb::DType::kVariant:
            return Status::NotImplemented("{}: the Variant dtype is not supported", kPbWhat);
        case pb::DType::kUnion:
            return Status::NotImplemented("{}: the Union dtype is not supported", kPbWhat);
    }
    return Status::Serde("{}: unknown DType case {}", kPbWhat, static_cast<int>(proto.dtype_type_case()));
}

} // namespace

flatbuffers::Offset<fb::DType> WriteDType(flatbuffers::FlatBufferBuilder &fbb, const DType &dtype) {
    const bool nullable = dtype.is_nullable();
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return fb::CreateDType(fbb, fb::Type::Null, fb::CreateNull(fbb).Union());
        case DTypeKind::Bool:
            return fb::CreateDType(fbb, fb::Type::Bool, fb::CreateBool(fbb, nullable).Union());
        case DTypeKind::Primitive:
            return fb::CreateDType(fbb, fb::Type::Primitive,
                                   fb::CreatePrimitive(fbb, ToFbPType(dtype.ptype()), nullable).Union());
        case DTypeKind::Decimal: {
            const DecimalDType d = dtype.decimal();
            return fb::CreateDType(fbb, fb::Type::Decimal,
                                   fb::CreateDecimal(fbb, d.precision, d.scale, nullable).Union());
        }
        case DTypeKind::Utf8:
            return fb::CreateDType(fbb, fb::Type::Utf8, fb::CreateUtf8(fbb, nullable).Union());
        case DTypeKind::Binary:
            return fb::CreateDType(fbb, fb::Type::Binary, fb::CreateBinary(fbb, nullable).Union());
        case DTypeKind::Struct: {
            const StructFields &fields = dtype.struct_fields();
            std::vector<flatbuffers::Offset<flatbuffers::String>> names;
            names.reserve(fields.size());
            for (const auto &name : fields.names) {
                names.push_back(fbb.CreateString(name));
            }
            const auto names_offset = fbb.CreateVector(names);
            std::vector<flatbuffers::Offset<fb::DType>> dtypes;
            dtypes.reserve(fields.size());
            for (const auto &field : fields.dtypes) {
                dtypes.push_back(WriteDType(fbb, field));
            }
            const auto dtypes_offset = fbb.CreateVector(dtypes);
            return fb::CreateDType(fbb, fb::Type::Struct_,
                                   fb::CreateStruct_(fbb, names_offset, dtypes_offset, nullable).Union());
        }
        case DTypeKind::List: {
            const auto element = WriteDType(fbb, dtype.element_type());
            return fb::CreateDType(fbb, fb::Type::List, fb::CreateList(fbb, element, nullable).Union());
        }
        case DTypeKind::FixedSizeList: {
            const auto element = WriteDType(fbb, dtype.element_type());
            return fb::CreateDType(
                fbb, fb::Type::FixedSizeList,
                fb::CreateFixedSizeList(fbb, element, dtype.list_size(), nullable).Union());
        }
        case DTypeKind::Extension: {
            const ExtDType &ext = dtype.extension();
            const auto id = fbb.CreateString(ext.id);
            const auto storage = WriteDType(fbb, ext.storage);
            // Always written, even when empty: readers reject an absent metadata vector.
            const auto metadata = fbb.CreateVector(ext.metadata);
            return fb::CreateDType(fbb, fb::Type::Extension,
                                   fb::CreateExtension(fbb, id, storage, metadata).Union());
        }
    }
    VX_CHECK_MSG(false, "invalid dtype kind {}", static_cast<int>(dtype.kind()));
    __builtin_unreachable();
}

std::vector<uint8_t> SerializeDTypeFlatBuffer(const DType &dtype) {
    flatbuffers::FlatBufferBuilder fbb;
    fbb.Finish(WriteDType(fbb, dtype));
    return {fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()};
}

Result<DType> DeserializeDTypeFlatBuffer(std::span<const uint8_t> bytes) {
    const serde::AlignedBytes aligned(bytes);
    VX_ASSIGN_OR_RETURN(
        const fb::DType *root,
        serde::VerifyFlatBuffer<fb::DType>(aligned.span(), kFbWhat,
                                           {.max_depth = kDTypeWireDepthLimit, .max_tables = 1'000'000}));
    return ReadFb(root, 0);
}

Result<DType> ReadDType(const fb::DType *fb_dtype) {
    return ReadFb(fb_dtype, 0);
}

void DTypeToProto(const DType &dtype, pb::DType *proto) {
    const bool nullable = dtype.is_nullable();
    switch (dtype.kind()) {
        case DTypeKind::Null:
            proto->mutable_null();
            return;
        case DTypeKind::Bool:
            proto->mutable_bool_()->set_nullable(nullable);
            return;
        case DTypeKind::Primitive: {
            auto *p = proto->mutable_primitive();
            p->set_type(static_cast<pb::PType>(dtype.ptype()));
            p->set_nullable(nullable);
            return;
        }
        case DTypeKind::Decimal: {
            auto *d = proto->mutable_decimal();
            d->set_precision(dtype.decimal().precision);
            d->set_scale(dtype.decimal().scale);
            d->set_nullable(nullable);
            return;
        }
        case DTypeKind::Utf8:
            proto->mutable_utf8()->set_nullable(nullable);
            return;
        case DTypeKind::Binary:
            proto->mutable_binary()->set_nullable(nullable);
            return;
        case DTypeKind::Struct: {
            auto *st = proto->mutable_struct_();
            const StructFields &fields = dtype.struct_fields();
            for (size_t i = 0; i < fields.size(); ++i) {
                st->add_names(fields.names[i]);
                DTypeToProto(fields.dtypes[i], st->add_dtypes());
            }
            st->set_nullable(nullable);
            return;
        }
        case DTypeKind::List: {
            auto *list = proto->mutable_list();
            DTypeToProto(dtype.element_type(), list->mutable_element_type());
            list->set_nullable(nullable);
            return;
        }
        case DTypeKind::FixedSizeList: {
            auto *fsl = proto->mutable_fixed_size_list();
            DTypeToProto(dtype.element_type(), fsl->mutable_element_type());
            fsl->set_size(dtype.list_size());
            fsl->set_nullable(nullable);
            return;
        }
        case DTypeKind::Extension: {
            auto *ext = proto->mutable_extension();
            ext->set_id(dtype.extension().id);
            DTypeToProto(dtype.extension().storage, ext->mutable_storage_dtype());
            // The reference always sets the optional metadata, even when empty.
            const auto &metadata = dtype.extension().metadata;
            ext->set_metadata(std::string(metadata.begin(), metadata.end()));
            return;
        }
    }
    VX_CHECK_MSG(false, "invalid dtype kind {}", static_cast<int>(dtype.kind()));
}

Result<DType> DTypeFromProto(const pb::DType &proto) {
    return ReadPb(proto, 0);
}

std::vector<uint8_t> SerializeDTypeProto(const DType &dtype) {
    pb::DType proto;
    DTypeToProto(dtype, &proto);
    return serde::SerializeProtoMessage(proto);
}

Result<DType> DeserializeDTypeProto(std::span<const uint8_t> bytes) {
    pb::DType proto;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(bytes, proto, kPbWhat, kDTypeWireDepthLimit));
    return DTypeFromProto(proto);
}

} // namespace vortex
