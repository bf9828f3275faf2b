// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_encoding.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/format/pco_metadata.pb.h"

namespace vortex::pco {

namespace {

// The number types of the pco crate (the reference's number_type_from_ptype).
bool IsPcoPType(PType ptype) {
    switch (ptype) {
        case PType::F16:
        case PType::F32:
        case PType::F64:
        case PType::I16:
        case PType::I32:
        case PType::I64:
        case PType::U16:
        case PType::U32:
        case PType::U64:
            return true;
        default:
            return false;
    }
}

} // namespace

const PcoEncoding &PcoEncoding::Instance() {
    static const PcoEncoding instance;
    return instance;
}

// Spec: arrays-encodings 7.12.
Result<ArrayRef> PcoEncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && IsPcoPType(dtype.ptype()), Serde,
              "{}: dtype must be a 16-, 32- or 64-bit numeric primitive, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::PcoMetadata>(kId, metadata));
    size_t npages = 0;
    uint64_t nvalues = 0;
    for (const auto &chunk : proto.chunks()) {
        npages += static_cast<size_t>(chunk.pages_size());
        for (const auto &page : chunk.pages()) {
            nvalues += page.n_values();
        }
    }
    VX_RETURN_NOT_OK(
        internal::EnsureBufferCount(kId, buffers, static_cast<size_t>(proto.chunks_size()) + npages));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    VX_ENSURE(nvalues <= len, Serde, "{}: pages hold {} values for {} rows", kId, nvalues, len);
    return Status::NotImplemented(
        "unsupported encoding {}: no decoder for the pco 1.0 format ({} chunks, {} pages, {} values of {})",
        kId, proto.chunks_size(), npages, nvalues, dtype);
}

} // namespace vortex::pco
