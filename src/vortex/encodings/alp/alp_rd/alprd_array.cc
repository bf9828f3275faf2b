// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/alp/alp_rd/alprd_array.h"

#include <algorithm>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp_metadata.pb.h"
#include "vortex/encodings/alp/alp_rd/alprd_internal.h"
#include "vortex/encodings/alp/output_buffer_internal.h"

namespace vortex::alp {
namespace {

std::optional<PType> RightPartsPType(PType float_ptype) {
    switch (float_ptype) {
        case PType::F32:
            return PType::U32;
        case PType::F64:
            return PType::U64;
        default:
            return std::nullopt;
    }
}

// Decodes codes + right parts into `out`; every code is < dict.size() (checked by the caller).
template <typename U>
void CombineParts(std::span<const uint16_t> codes,
                  std::span<const uint16_t> dict,
                  uint8_t right_bit_width,
                  std::span<const U> right,
                  U *out) {
    U shifted[kMaxALPRDDictLen] = {};
    for (size_t k = 0; k < dict.size(); ++k) {
        shifted[k] = static_cast<U>(static_cast<U>(dict[k]) << right_bit_width);
    }
    for (size_t i = 0; i < codes.size(); ++i) {
        out[i] = shifted[codes[i]] | right[i];
    }
}

} // namespace

// Spec: arrays-encodings 7.6.
Result<ArrayRef> ALPRDEncoding::Build(const DType &dtype,
                                      size_t len,
                                      std::span<const uint8_t> metadata,
                                      std::vector<Buffer> buffers,
                                      const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && RightPartsPType(dtype.ptype()), Serde,
              "{}: dtype must be f32 or f64, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(
        auto proto, vortex::internal::ParseProtoMetadata<vortex::encodings::ALPRDMetadata>(kId, metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    const size_t patch_children = proto.has_patches() ? Patches::ChildCount(proto.patches()) : 0;
    VX_RETURN_NOT_OK(
        vortex::internal::EnsureChildCount(kId, children, 2 + patch_children, 2 + patch_children));
    VX_ASSIGN_OR_RETURN(PType left_ptype, vortex::internal::PTypeFromTag(kId, proto.left_parts_ptype()));
    // The reference decodes left parts as u16 whatever the tag says; anything else is corrupt.
    VX_ENSURE(left_ptype == PType::U16, Serde, "{}: left_parts_ptype must be u16, got {}", kId,
              PTypeName(left_ptype));
    VX_ENSURE(proto.dict_len() <= kMaxALPRDDictLen, Serde, "{}: dict_len {} exceeds {}", kId,
              proto.dict_len(), kMaxALPRDDictLen);
    VX_ENSURE(proto.dict_len() <= static_cast<uint32_t>(proto.dict_size()), Serde,
              "{}: dict_len {} but {} dict entries", kId, proto.dict_len(), proto.dict_size());
    std::vector<uint16_t> dict;
    for (uint32_t k = 0; k < proto.dict_len(); ++k) {
        VX_ENSURE(proto.dict(static_cast<int>(k)) <= UINT16_MAX, Serde,
                  "{}: dict entry {} does not fit in u16", kId, proto.dict(static_cast<int>(k)));
        dict.push_back(static_cast<uint16_t>(proto.dict(static_cast<int>(k))));
    }
    VX_ENSURE(proto.right_bit_width() <= UINT8_MAX, Serde, "{}: right_bit_width {} out of range", kId,
              proto.right_bit_width());
    const DType left_dtype = DType::Primitive(PType::U16, dtype.nullability());
    VX_ASSIGN_OR_RETURN(ArrayRef left, children.Get(0, left_dtype, len));
    VX_ASSIGN_OR_RETURN(
        ArrayRef right,
        children.Get(1, DType::Primitive(*RightPartsPType(dtype.ptype()), Nullability::NonNullable), len));
    std::optional<Patches> patches;
    if (proto.has_patches()) {
        VX_ASSIGN_OR_RETURN(patches,
                            Patches::FromChildren(proto.patches(), len,
                                                  DType::Primitive(PType::U16, Nullability::NonNullable),
                                                  children, 2));
    }
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(ALPRDArray::TryMake(dtype, left, std::move(dict), right,
                                                                static_cast<uint8_t>(proto.right_bit_width()),
                                                                std::move(patches))));
    return ArrayRef(std::move(array));
}

ALPRDArray::ALPRDArray(Token,
                       DType dtype,
                       size_t len,
                       std::vector<ArrayRef> children,
                       std::vector<uint16_t> dict,
                       uint8_t right_bit_width,
                       std::optional<Patches> patches)
    : Array(ALPRDEncoding::Instance(), std::move(dtype), len, {}, std::move(children)),
      dict_(std::move(dict)), right_bit_width_(right_bit_width), patches_(std::move(patches)) {}

Result<std::shared_ptr<const ALPRDArray>> ALPRDArray::TryMake(DType dtype,
                                                              const ArrayRef &left_parts,
                                                              std::vector<uint16_t> dict,
                                                              const ArrayRef &right_parts,
                                                              uint8_t right_bit_width,
                                                              std::optional<Patches> left_parts_patches) {
    VX_ENSURE(dtype.is_primitive() && RightPartsPType(dtype.ptype()), InvalidArgument,
              "alprd dtype must be f32 or f64, got {}", dtype);
    VX_ENSURE(left_parts != nullptr && right_parts != nullptr, InvalidArgument,
              "alprd children must not be null");
    const size_t len = left_parts->len();
    const DType left_dtype = DType::Primitive(PType::U16, dtype.nullability());
    VX_ENSURE(left_parts->dtype() == left_dtype, InvalidArgument, "alprd left parts must be {}, got {}",
              left_dtype, left_parts->dtype());
    const DType right_dtype = DType::Primitive(*RightPartsPType(dtype.ptype()), Nullability::NonNullable);
    VX_ENSURE(right_parts->dtype() == right_dtype, InvalidArgument, "alprd right parts must be {}, got {}",
              right_dtype, right_parts->dtype());
    VX_ENSURE(right_parts->len() == len, InvalidArgument, "alprd right parts have {} elements, left parts {}",
              right_parts->len(), len);
    const size_t bits = 8 * ByteWidth(dtype.ptype());
    // Spec 7.6: the left part has 1..=16 bits.
    VX_ENSURE(right_bit_width >= bits - kALPRDCutLimit && right_bit_width < bits, InvalidArgument,
              "alprd right_bit_width {} outside [{}, {}]", right_bit_width, bits - kALPRDCutLimit, bits - 1);
    VX_ENSURE(dict.size() <= kMaxALPRDDictLen, InvalidArgument, "alprd dictionary has {} entries, at most {}",
              dict.size(), kMaxALPRDDictLen);
    const size_t left_bits = bits - right_bit_width;
    for (const uint16_t entry : dict) {
        VX_ENSURE(left_bits >= 16 || entry < (1u << left_bits), InvalidArgument,
                  "alprd dictionary entry {} wider than the {}-bit left part", entry, left_bits);
    }
    std::vector<ArrayRef> children = {left_parts, right_parts};
    if (left_parts_patches) {
        VX_ENSURE(left_parts_patches->array_len() == len, InvalidArgument,
                  "patches cover {} elements, array has {}", left_parts_patches->array_len(), len);
        const DType patch_dtype = DType::Primitive(PType::U16, Nullability::NonNullable);
        VX_ENSURE(left_parts_patches->values()->dtype() == patch_dtype, InvalidArgument,
                  "alprd patch values must be {}, got {}", patch_dtype,
                  left_parts_patches->values()->dtype());
        left_parts_patches->AppendChildren(children);
    }
    return std::make_shared<const ALPRDArray>(Token{}, std::move(dtype), len, std::move(children),
                                              std::move(dict), right_bit_width,
                                              std::move(left_parts_patches));
}

// Spec: arrays-encodings 7.6, ALPRDMetadata.
Result<std::vector<uint8_t>> ALPRDArray::SerializeMetadata() const {
    vortex::encodings::ALPRDMetadata proto;
    proto.set_right_bit_width(right_bit_width_);
    proto.set_dict_len(static_cast<uint32_t>(dict_.size()));
    for (const uint16_t entry : dict_) {
        proto.add_dict(entry);
    }
    proto.set_left_parts_ptype(static_cast<vortex::dtype::PType>(PType::U16));
    if (patches_) {
        patches_->ToMetadata(proto.mutable_patches());
    }
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> ALPRDArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef left_canonical, Canonicalize(left_parts()));
    VX_ASSIGN_OR_RETURN(ArrayRef right_canonical, Canonicalize(right_parts()));
    const auto *left = As<PrimitiveArray>(*left_canonical);
    const auto *right = As<PrimitiveArray>(*right_canonical);
    VX_ENSURE(left != nullptr && right != nullptr, Internal,
              "alprd children did not canonicalize to primitives");
    const std::span<const uint16_t> codes = left->values_as<uint16_t>();
    VX_RETURN_NOT_OK(internal::CheckCodes(codes, dict_.size()));
    return VisitALPFloat(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        using U = internal::RDBits<T>;
        auto out = internal::OutputBuffer<U>::Allocate(len());
        if (!patches_) {
            CombineParts<U>(codes, dict_, right_bit_width_, right->values_as<U>(), out.data);
        } else {
            // Exceptions replace the dictionary pattern: decode the left parts first.
            std::vector<uint16_t> lefts(codes.size());
            for (size_t i = 0; i < codes.size(); ++i) {
                lefts[i] = dict_[codes[i]];
            }
            VX_RETURN_NOT_OK(patches_->ApplyTo<uint16_t>(lefts, nullptr));
            const std::span<const U> rights = right->values_as<U>();
            for (size_t i = 0; i < codes.size(); ++i) {
                out.data[i] = static_cast<U>(static_cast<U>(lefts[i]) << right_bit_width_) | rights[i];
            }
        }
        VX_ASSIGN_OR_RETURN(auto primitive,
                            PrimitiveArray::TryMake(ptype(), std::move(out.buffer), left->validity()));
        return ArrayRef(std::move(primitive));
    });
}

} // namespace vortex::alp
