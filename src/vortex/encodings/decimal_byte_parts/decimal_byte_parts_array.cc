// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_metadata.pb.h"

namespace vortex::decimal_byte_parts {

namespace {

Status EnsureMspPType(PType ptype) {
    VX_ENSURE(IsSignedInt(ptype), Serde, "{}: msp ptype must be a signed integer, got {}",
              DecimalBytePartsEncoding::kId, PTypeName(ptype));
    return Status::OK();
}

// The decimal values type of the same width as a signed integer ptype.
DecimalType DecimalTypeOf(PType ptype) {
    switch (ByteWidth(ptype)) {
        case 1:
            return DecimalType::I8;
        case 2:
            return DecimalType::I16;
        case 4:
            return DecimalType::I32;
        default:
            return DecimalType::I64;
    }
}

} // namespace

// Spec: arrays-encodings 7.8.
std::vector<uint8_t> DecimalBytePartsMetadata::Serialize() const {
    vortex::encodings::DecimalBytesPartsMetadata proto;
    proto.set_zeroth_child_ptype(static_cast<vortex::dtype::PType>(zeroth_child_ptype));
    proto.set_lower_part_count(lower_part_count);
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<DecimalBytePartsMetadata> DecimalBytePartsMetadata::Parse(std::span<const uint8_t> bytes) {
    using Encoding = DecimalBytePartsEncoding;
    VX_ASSIGN_OR_RETURN(auto proto,
                        vortex::internal::ParseProtoMetadata<vortex::encodings::DecimalBytesPartsMetadata>(
                            Encoding::kId, bytes));
    DecimalBytePartsMetadata out;
    VX_ASSIGN_OR_RETURN(out.zeroth_child_ptype,
                        vortex::internal::PTypeFromTag(Encoding::kId, proto.zeroth_child_ptype()));
    VX_RETURN_NOT_OK(EnsureMspPType(out.zeroth_child_ptype));
    out.lower_part_count = proto.lower_part_count();
    // The reference asserts this (a panic); lower parts are never written.
    VX_ENSURE(out.lower_part_count == 0, Serde, "{}: lower_part_count {} is not supported", Encoding::kId,
              out.lower_part_count);
    return out;
}

// Spec: arrays-encodings 7.8: no buffers, children [msp (Primitive(zeroth_child_ptype,
// array nullability), len)].
Result<ArrayRef> DecimalBytePartsEncoding::Build(const DType &dtype,
                                                 size_t len,
                                                 std::span<const uint8_t> metadata,
                                                 std::vector<Buffer> buffers,
                                                 const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_decimal(), Serde, "{}: dtype must be Decimal, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(DecimalBytePartsMetadata parsed, DecimalBytePartsMetadata::Parse(metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 1, 1));
    VX_ASSIGN_OR_RETURN(
        ArrayRef msp, children.Get(0, DType::Primitive(parsed.zeroth_child_ptype, dtype.nullability()), len));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(DecimalBytePartsArray::TryMake(msp, dtype.decimal())));
    return ArrayRef(std::move(array));
}

DecimalBytePartsArray::DecimalBytePartsArray(Token, DType dtype, const ArrayRef &msp)
    : Array(DecimalBytePartsEncoding::Instance(), std::move(dtype), msp->len(), {}, {msp}) {}

Result<std::shared_ptr<const DecimalBytePartsArray>> DecimalBytePartsArray::TryMake(const ArrayRef &msp,
                                                                                    DecimalDType decimal) {
    VX_ENSURE(msp != nullptr, InvalidArgument, "decimal byte parts msp is missing");
    VX_ENSURE(msp->dtype().is_primitive() && IsSignedInt(msp->dtype().ptype()), InvalidArgument,
              "decimal byte parts msp must be a signed integer array, got {}", msp->dtype());
    VX_RETURN_NOT_OK(DecimalDType::Validate(decimal.precision, decimal.scale));
    DType dtype = DType::Decimal(decimal.precision, decimal.scale, msp->dtype().nullability());
    return std::make_shared<const DecimalBytePartsArray>(Token{}, std::move(dtype), msp);
}

Result<ArrayRef> DecimalBytePartsArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(msp()));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "msp did not canonicalize to a primitive array");
    // Zero-copy: the msp buffer is already a little-endian decimal buffer of its width.
    VX_ASSIGN_OR_RETURN(auto decimal,
                        DecimalArray::TryMake(decimal_dtype(), DecimalTypeOf(primitive->ptype()),
                                              primitive->values(), primitive->validity()));
    return ArrayRef(std::move(decimal));
}

} // namespace vortex::decimal_byte_parts
