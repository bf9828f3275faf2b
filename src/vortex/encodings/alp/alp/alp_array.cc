// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/alp/alp/alp_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp_metadata.pb.h"
#include "vortex/encodings/alp/output_buffer_internal.h"

namespace vortex::alp {
namespace {

// The integer ptype holding the encoded values of a float ptype (spec 7.5).
std::optional<PType> EncodedPType(PType float_ptype) {
    switch (float_ptype) {
        case PType::F32:
            return PType::I32;
        case PType::F64:
            return PType::I64;
        default:
            return std::nullopt;
    }
}

std::optional<PType> DecodedPType(PType int_ptype) {
    switch (int_ptype) {
        case PType::I32:
            return PType::F32;
        case PType::I64:
            return PType::F64;
        default:
            return std::nullopt;
    }
}

} // namespace

// Spec: arrays-encodings 7.5.
Result<ArrayRef> ALPEncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && EncodedPType(dtype.ptype()), Serde,
              "{}: dtype must be f32 or f64, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        vortex::internal::ParseProtoMetadata<vortex::encodings::ALPMetadata>(kId, metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    const size_t patch_children = proto.has_patches() ? Patches::ChildCount(proto.patches()) : 0;
    VX_RETURN_NOT_OK(
        vortex::internal::EnsureChildCount(kId, children, 1 + patch_children, 1 + patch_children));
    // Range-check before narrowing: the reference reads the exponents as u8.
    VX_ENSURE(proto.exp_e() <= UINT8_MAX && proto.exp_f() <= UINT8_MAX, Serde,
              "{}: exponents ({}, {}) out of range", kId, proto.exp_e(), proto.exp_f());
    const Exponents exponents{.e = static_cast<uint8_t>(proto.exp_e()),
                              .f = static_cast<uint8_t>(proto.exp_f())};
    VX_ASSIGN_OR_RETURN(
        ArrayRef encoded,
        children.Get(0, DType::Primitive(*EncodedPType(dtype.ptype()), dtype.nullability()), len));
    std::optional<Patches> patches;
    if (proto.has_patches()) {
        VX_ASSIGN_OR_RETURN(patches, Patches::FromChildren(proto.patches(), len, dtype, children, 1));
    }
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(ALPArray::TryMake(encoded, exponents, std::move(patches))));
    return ArrayRef(std::move(array));
}

ALPArray::ALPArray(Token,
                   DType dtype,
                   size_t len,
                   std::vector<ArrayRef> children,
                   Exponents exponents,
                   std::optional<Patches> patches)
    : Array(ALPEncoding::Instance(), std::move(dtype), len, {}, std::move(children)), exponents_(exponents),
      patches_(std::move(patches)) {}

Result<std::shared_ptr<const ALPArray>>
ALPArray::TryMake(const ArrayRef &encoded, Exponents exponents, std::optional<Patches> patches) {
    VX_ENSURE(encoded != nullptr, InvalidArgument, "alp encoded child must not be null");
    const DType &encoded_dtype = encoded->dtype();
    const std::optional<PType> float_ptype =
        encoded_dtype.is_primitive() ? DecodedPType(encoded_dtype.ptype()) : std::nullopt;
    VX_ENSURE(float_ptype.has_value(), InvalidArgument, "alp encoded child must be i32 or i64, got {}",
              encoded_dtype);
    const bool valid_exponents =
        *float_ptype == PType::F32 ? ValidExponents<float>(exponents) : ValidExponents<double>(exponents);
    VX_ENSURE(valid_exponents, InvalidArgument, "alp exponents e={} f={} out of range for {}", exponents.e,
              exponents.f, PTypeName(*float_ptype));
    DType dtype = DType::Primitive(*float_ptype, encoded_dtype.nullability());
    std::vector<ArrayRef> children = {encoded};
    if (patches) {
        VX_ENSURE(patches->array_len() == encoded->len(), InvalidArgument,
                  "patches cover {} elements, array has {}", patches->array_len(), encoded->len());
        VX_ENSURE(patches->values()->dtype() == dtype, InvalidArgument,
                  "alp patch values of {} must have dtype {}", patches->values()->dtype(), dtype);
        patches->AppendChildren(children);
    }
    const size_t len = encoded->len();
    return std::make_shared<const ALPArray>(Token{}, std::move(dtype), len, std::move(children), exponents,
                                            std::move(patches));
}

// Spec: arrays-encodings 7.5, ALPMetadata.
Result<std::vector<uint8_t>> ALPArray::SerializeMetadata() const {
    vortex::encodings::ALPMetadata proto;
    proto.set_exp_e(exponents_.e);
    proto.set_exp_f(exponents_.f);
    if (patches_) {
        patches_->ToMetadata(proto.mutable_patches());
    }
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> ALPArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(encoded()));
    const auto *ints = As<PrimitiveArray>(*canonical);
    VX_ENSURE(ints != nullptr, Internal, "alp encoded child did not canonicalize to a primitive array");
    return VisitALPFloat(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        auto out = internal::OutputBuffer<T>::Allocate(len());
        DecodeALP(ints->values_as<ALPInt<T>>(), exponents_, out.data);
        if (patches_) {
            VX_RETURN_NOT_OK(patches_->ApplyTo<T>(std::span<T>(out.data, len()), nullptr));
        }
        VX_ASSIGN_OR_RETURN(auto primitive,
                            PrimitiveArray::TryMake(ptype(), std::move(out.buffer), ints->validity()));
        return ArrayRef(std::move(primitive));
    });
}

} // namespace vortex::alp
