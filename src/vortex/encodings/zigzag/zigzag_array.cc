// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zigzag/zigzag_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/zigzag/zigzag_internal.h"

namespace vortex::zigzag {
namespace {

PType SignedOf(PType unsigned_ptype) {
    switch (unsigned_ptype) {
        case PType::U8:
            return PType::I8;
        case PType::U16:
            return PType::I16;
        case PType::U32:
            return PType::I32;
        default:
            return PType::I64;
    }
}

PType UnsignedOf(PType signed_ptype) {
    switch (signed_ptype) {
        case PType::I8:
            return PType::U8;
        case PType::I16:
            return PType::U16;
        case PType::I32:
            return PType::U32;
        default:
            return PType::U64;
    }
}

} // namespace

// Spec: arrays-encodings 7.1.
Result<ArrayRef> ZigZagEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_RETURN_NOT_OK(vortex::internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 1, 1));
    VX_ENSURE(dtype.is_primitive() && IsSignedInt(dtype.ptype()), Serde,
              "{}: dtype must be a signed integer, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(
        ArrayRef encoded,
        children.Get(0, DType::Primitive(UnsignedOf(dtype.ptype()), dtype.nullability()), len));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(ZigZagArray::TryMake(encoded)));
    VX_ENSURE(array->dtype() == dtype && array->len() == len, Serde, "{}: child does not fit dtype {}", kId,
              dtype);
    return ArrayRef(std::move(array));
}

ZigZagArray::ZigZagArray(Token, DType dtype, const ArrayRef &encoded)
    : Array(ZigZagEncoding::Instance(), std::move(dtype), encoded->len(), {}, {encoded}) {}

Result<std::shared_ptr<const ZigZagArray>> ZigZagArray::TryMake(const ArrayRef &encoded) {
    VX_ENSURE(encoded != nullptr, InvalidArgument, "zigzag child must not be null");
    VX_ENSURE(encoded->dtype().is_primitive() && IsUnsignedInt(encoded->dtype().ptype()), InvalidArgument,
              "zigzag child must be an unsigned integer, got {}", encoded->dtype());
    DType dtype = DType::Primitive(SignedOf(encoded->dtype().ptype()), encoded->dtype().nullability());
    return std::make_shared<const ZigZagArray>(Token{}, std::move(dtype), encoded);
}

Result<ArrayRef> ZigZagArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(encoded()));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "zigzag child did not canonicalize to a primitive array");
    return internal::DecodePrimitive(*primitive);
}

} // namespace vortex::zigzag
