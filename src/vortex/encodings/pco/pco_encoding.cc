// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_encoding.h"

#include <cstring>
#include <optional>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/pco/pco_decoder.h"
#include "vortex/encodings/pco/pco_format.h"
#include "vortex/format/pco_metadata.pb.h"

namespace vortex::pco {

namespace {

// The pco number type of a ptype, as the reference's number_type_from_ptype maps them; the
// 8-bit and other ptypes have none in vortex.pco.
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

// Spreads the valid values (back to back in `dense`) over the valid rows; null rows read 0.
Buffer ScatterValid(const Buffer &dense, const Validity &validity, size_t len, size_t width) {
    if (validity.kind() != Validity::Kind::Array) {
        return dense;
    }
    auto out = BufferMut::Zeroed(len * width);
    uint8_t *dst = out.data();
    const uint8_t *src = dense.data();
    size_t next = 0;
    for (size_t row = 0; row < len; ++row) {
        if (validity.is_valid(row)) {
            std::memcpy(dst + row * width, src + next * width, width);
            ++next;
        }
    }
    return std::move(out).Freeze();
}

} // namespace

const PcoEncoding &PcoEncoding::Instance() {
    static const PcoEncoding instance;
    return instance;
}

// Spec: arrays-encodings 7.12. Decoded on load into a primitive array (a chunk is decoded whole
// anyway; pco has no random access below a page).
Result<ArrayRef> PcoEncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && NumberTypeOf(dtype.ptype()).has_value(), Serde,
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
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    // pco holds the valid values only.
    const size_t valid = len - validity.null_count(len);
    VX_ENSURE(nvalues == valid, Serde, "{}: pages hold {} values for {} valid rows", kId, nvalues, valid);

    const std::string &header = proto.header();
    BitReader header_reader(std::span(reinterpret_cast<const uint8_t *>(header.data()), header.size()));
    VX_ASSIGN_OR_RETURN(FormatVersion version, ReadHeader(header_reader));
    const NumberType number_type = *NumberTypeOf(dtype.ptype());
    const size_t width = ByteWidth(dtype.ptype());
    // DecodePage writes every value of every page, and nvalues == valid was checked above.
    auto dense = BufferMut::Uninitialized(valid * width);
    size_t page_index = static_cast<size_t>(proto.chunks_size());
    size_t decoded = 0;
    for (int c = 0; c < proto.chunks_size(); ++c) {
        const Buffer &chunk_bytes = buffers[static_cast<size_t>(c)];
        BitReader chunk_reader(chunk_bytes.bytes());
        VX_ASSIGN_OR_RETURN(ChunkMeta chunk, ReadChunkMeta(chunk_reader, version, number_type));
        for (const auto &page : proto.chunks(c).pages()) {
            const size_t n = page.n_values();
            VX_RETURN_NOT_OK(
                DecodePage(chunk, buffers[page_index].bytes(), n, dense.data() + decoded * width));
            decoded += n;
            ++page_index;
        }
    }
    Buffer values = ScatterValid(std::move(dense).Freeze(), validity, len, width);
    VX_ASSIGN_OR_RETURN(auto array,
                        PrimitiveArray::TryMake(dtype.ptype(), std::move(values), std::move(validity)));
    return ArrayRef(std::move(array));
}

} // namespace vortex::pco
