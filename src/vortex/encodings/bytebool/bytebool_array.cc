// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/bytebool/bytebool_array.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/base/bits.h"

namespace vortex::bytebool {

namespace {

std::vector<ArrayRef> ValidityChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    vortex::internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

// Spec: arrays-encodings 7.10: empty metadata, buffer [bytes], children [validity?]. The
// reference requires exactly one byte per element.
Result<ArrayRef> ByteBoolEncoding::Build(const DType &dtype,
                                         size_t len,
                                         std::span<const uint8_t> metadata,
                                         std::vector<Buffer> buffers,
                                         const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_bool(), Serde, "{}: dtype must be Bool, got {}", kId, dtype);
    VX_RETURN_NOT_OK(vortex::internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 0, 1));
    VX_ENSURE(buffers[0].size() == len, Serde, "{}: buffer has {} bytes for {} values", kId,
              buffers[0].size(), len);
    VX_ASSIGN_OR_RETURN(Validity validity, vortex::internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array, ByteBoolArray::TryMake(buffers[0], std::move(validity)));
    return ArrayRef(std::move(array));
}

ByteBoolArray::ByteBoolArray(Token, const Buffer &bytes, Validity validity)
    : Array(ByteBoolEncoding::Instance(),
            DType::Bool(validity.nullability()),
            bytes.size(),
            {bytes},
            ValidityChildren(validity, bytes.size())),
      validity_(std::move(validity)) {}

Result<std::shared_ptr<const ByteBoolArray>> ByteBoolArray::TryMake(const Buffer &bytes, Validity validity) {
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), bytes.size()));
    return std::make_shared<const ByteBoolArray>(Token{}, bytes, std::move(validity));
}

Result<ArrayRef> ByteBoolArray::ToCanonical() const {
    const size_t n = len();
    BufferMut packed = BufferMut::Zeroed(bits::BytesForBits(n));
    const uint8_t *src = bytes().data();
    uint8_t *dst = packed.data();
    // Eight bytes per output byte, branch-free so the compiler vectorizes the loop.
    const size_t whole = n / 8;
    for (size_t b = 0; b < whole; ++b) {
        uint8_t out = 0;
        for (unsigned k = 0; k < 8; ++k) {
            out = static_cast<uint8_t>(out | (static_cast<uint8_t>(src[b * 8 + k] != 0) << k));
        }
        dst[b] = out;
    }
    for (size_t i = whole * 8; i < n; ++i) {
        bits::SetBitTo(dst, i, src[i] != 0);
    }
    VX_ASSIGN_OR_RETURN(auto array,
                        BoolArray::TryMake(BitBuffer(std::move(packed).Freeze(), 0, n), validity_));
    return ArrayRef(std::move(array));
}

} // namespace vortex::bytebool
