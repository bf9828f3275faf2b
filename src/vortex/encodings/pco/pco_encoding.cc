// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_encoding.h"

#include <optional>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/encodings/pco/pco_array.h"
#include "vortex/encodings/pco/pco_metadata.pb.h"

namespace vortex::pco {

std::optional<NumberType> NumberTypeOf(PType ptype) {
    switch (ptype) {
        case PType::F16:
            return NumberType::F16;
        case PType::F32:
            return NumberType::F32;
        case PType::F64:
            return NumberType::F64;
        case PType::I16:
            return NumberType::I16;
        case PType::I32:
            return NumberType::I32;
        case PType::I64:
            return NumberType::I64;
        case PType::U16:
            return NumberType::U16;
        case PType::U32:
            return NumberType::U32;
        case PType::U64:
            return NumberType::U64;
        default:
            return std::nullopt;
    }
}

// Spec: arrays-encodings 7.12. The header and chunk metas are checked here, the pages when
// values are needed (PcoArray).
Result<ArrayRef> PcoEncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && NumberTypeOf(dtype.ptype()).has_value(), Serde,
              "{}: dtype must be a 16-, 32- or 64-bit numeric primitive, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::PcoMetadata>(kId, metadata));
    std::vector<std::vector<uint32_t>> page_counts;
    size_t n_pages = 0;
    for (const auto &chunk : proto.chunks()) {
        auto &counts = page_counts.emplace_back();
        for (const auto &page : chunk.pages()) {
            counts.push_back(page.n_values());
        }
        n_pages += counts.size();
    }
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, page_counts.size() + n_pages));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array, PcoArray::TryMake(dtype, len, proto.header(), std::move(page_counts),
                                                      std::move(buffers), std::move(validity)));
    return ArrayRef(std::move(array));
}

} // namespace vortex::pco
