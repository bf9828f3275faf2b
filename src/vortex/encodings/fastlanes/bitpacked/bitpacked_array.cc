// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fastlanes_metadata.pb.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"

namespace vortex::fastlanes {
namespace {

// Spec: arrays-encodings 6.1: exactly ceil((offset + len) / 1024) * 128 * bit_width bytes.
Result<size_t> ExpectedPackedBytes(size_t len, uint16_t offset, uint8_t bit_width) {
    size_t elements = 0;
    size_t bytes = 0;
    VX_ENSURE(!__builtin_add_overflow(len, size_t{offset}, &elements), InvalidArgument,
              "bit-packed length {} overflows", len);
    VX_ENSURE(!__builtin_mul_overflow(FastLanesBlockCount(elements), PackedBlockBytes(bit_width), &bytes),
              InvalidArgument, "bit-packed length {} overflows", len);
    return bytes;
}

} // namespace

Result<ArrayRef> BitPackedEncoding::Build(const DType &dtype,
                                          size_t len,
                                          std::span<const uint8_t> metadata,
                                          std::vector<Buffer> buffers,
                                          const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && IsInt(dtype.ptype()), Serde, "{}: dtype must be an integer, got {}",
              kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::BitPackedMetadata>(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    const size_t type_bits = 8 * ByteWidth(dtype.ptype());
    VX_ENSURE(proto.bit_width() <= type_bits, Serde, "{}: bit width {} exceeds the {}-bit ptype {}", kId,
              proto.bit_width(), type_bits, PTypeName(dtype.ptype()));
    VX_ENSURE(proto.offset() < kFastLanesBlockLen, Serde, "{}: offset {} must be < 1024", kId,
              proto.offset());

    // Spec 6.1: the validity child follows the 2 or 3 patch children.
    const size_t validity_index = proto.has_patches() ? Patches::ChildCount(proto.patches()) : 0;
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, validity_index, validity_index + 1));
    std::optional<Patches> patches;
    if (proto.has_patches()) {
        VX_ASSIGN_OR_RETURN(patches, Patches::FromChildren(proto.patches(), len, dtype, children, 0));
    }
    VX_ASSIGN_OR_RETURN(Validity validity,
                        internal::ValidityFromChildren(dtype, children, validity_index, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(BitPackedArray::TryMake(dtype.ptype(), std::move(buffers[0]),
                                                        static_cast<uint8_t>(proto.bit_width()),
                                                        static_cast<uint16_t>(proto.offset()), len,
                                                        std::move(patches), std::move(validity))));
    return ArrayRef(std::move(array));
}

BitPackedArray::BitPackedArray(Token,
                               DType dtype,
                               size_t len,
                               Buffer packed,
                               std::vector<ArrayRef> children,
                               uint8_t bit_width,
                               uint16_t offset,
                               std::optional<Patches> patches,
                               Validity validity)
    : Array(BitPackedEncoding::Instance(), std::move(dtype), len, {std::move(packed)}, std::move(children)),
      bit_width_(bit_width), offset_(offset), patches_(std::move(patches)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const BitPackedArray>> BitPackedArray::TryMake(PType ptype,
                                                                      Buffer packed,
                                                                      uint8_t bit_width,
                                                                      uint16_t offset,
                                                                      size_t len,
                                                                      std::optional<Patches> patches,
                                                                      Validity validity) {
    VX_ENSURE(IsInt(ptype), InvalidArgument, "bit-packed ptype must be an integer, got {}", PTypeName(ptype));
    const size_t width = ByteWidth(ptype);
    VX_ENSURE(bit_width <= 8 * width, InvalidArgument, "bit width {} exceeds the {}-bit ptype {}", bit_width,
              8 * width, PTypeName(ptype));
    VX_ENSURE(offset < kFastLanesBlockLen, InvalidArgument, "offset {} must be < 1024", offset);
    VX_ASSIGN_OR_RETURN(size_t expected_bytes, ExpectedPackedBytes(len, offset, bit_width));
    VX_ENSURE(packed.size() == expected_bytes, InvalidArgument,
              "packed buffer has {} bytes, expected {} for {} values of {} bits at offset {}", packed.size(),
              expected_bytes, len, bit_width, offset);
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), len));
    const DType dtype = DType::Primitive(ptype, validity.nullability());
    std::vector<ArrayRef> children;
    if (patches) {
        VX_ENSURE(patches->array_len() == len, InvalidArgument, "patches cover {} elements, array has {}",
                  patches->array_len(), len);
        const DType &values_dtype = patches->values()->dtype();
        VX_ENSURE(values_dtype.is_primitive() && values_dtype.ptype() == ptype, InvalidArgument,
                  "patch values of {} do not match the ptype {}", values_dtype, PTypeName(ptype));
        VX_ENSURE(values_dtype.nullability() == dtype.nullability(), InvalidArgument,
                  "patch values {} must have the array's nullability", values_dtype);
        patches->AppendChildren(children);
    }
    internal::AppendValidityChild(validity, len, children);
    // The kernels read the buffer as words of the ptype.
    packed = packed.EnsureAligned(width);
    return std::make_shared<const BitPackedArray>(Token{}, dtype, len, std::move(packed), std::move(children),
                                                  bit_width, offset, std::move(patches), std::move(validity));
}

// Spec: arrays-encodings 6.1, BitPackedMetadata.
Result<std::vector<uint8_t>> BitPackedArray::SerializeMetadata() const {
    vortex::encodings::BitPackedMetadata proto;
    proto.set_bit_width(bit_width_);
    proto.set_offset(offset_);
    if (patches_) {
        patches_->ToMetadata(proto.mutable_patches());
    }
    return internal::SerializeProtoMetadata(proto);
}

} // namespace vortex::fastlanes
