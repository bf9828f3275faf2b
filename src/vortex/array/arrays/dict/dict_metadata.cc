// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/format/array_metadata.pb.h"

namespace vortex {

// Spec: arrays-encodings 4.14.
std::vector<uint8_t> DictMetadata::Serialize() const {
    vortex::array::DictMetadata proto;
    proto.set_values_len(values_len);
    proto.set_codes_ptype(static_cast<vortex::dtype::PType>(codes_ptype));
    if (is_nullable_codes.has_value()) {
        proto.set_is_nullable_codes(*is_nullable_codes);
    }
    if (all_values_referenced.has_value()) {
        proto.set_all_values_referenced(*all_values_referenced);
    }
    return internal::SerializeProtoMetadata(proto);
}

Result<DictMetadata> DictMetadata::Parse(std::span<const uint8_t> bytes) {
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::array::DictMetadata>(DictEncoding::kId, bytes));
    DictMetadata out;
    out.values_len = proto.values_len();
    VX_ASSIGN_OR_RETURN(out.codes_ptype, internal::PTypeFromTag(DictEncoding::kId, proto.codes_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(DictEncoding::kId, "codes", out.codes_ptype));
    if (proto.has_is_nullable_codes()) {
        out.is_nullable_codes = proto.is_nullable_codes();
    }
    if (proto.has_all_values_referenced()) {
        out.all_values_referenced = proto.all_values_referenced();
    }
    return out;
}

} // namespace vortex
