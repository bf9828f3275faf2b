// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Compression as the reference's PcoData::from_primitive: the valid values only, chunks of
// values_per_chunk numbers in pages of equal size up to values_per_page. Decompression by page.

#include "vortex/encodings/pco/pco_array.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/encodings/pco/pco_decoder.h"
#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/encodings/pco/pco_metadata.pb.h"

namespace vortex::pco {

namespace {

// The valid values back to back.
std::vector<ArrayRef> PcoChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

PcoArray::PcoArray(Token,
                   DType dtype,
                   size_t len,
                   std::string header,
                   std::vector<std::vector<uint32_t>> page_counts,
                   std::vector<ChunkMeta> chunk_metas,
                   std::vector<Page> pages,
                   std::vector<Buffer> buffers,
                   Validity validity)
    : Array(PcoEncoding::Instance(), std::move(dtype), len, std::move(buffers), PcoChildren(validity, len)),
      header_(std::move(header)), page_counts_(std::move(page_counts)), chunk_metas_(std::move(chunk_metas)),
      pages_(std::move(pages)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const PcoArray>> PcoArray::TryMake(DType dtype,
                                                          size_t len,
                                                          std::string header,
                                                          std::vector<std::vector<uint32_t>> page_counts,
                                                          std::vector<Buffer> buffers,
                                                          Validity validity) {
    VX_ENSURE(dtype.is_primitive() && NumberTypeOf(dtype.ptype()).has_value(), Serde,
              "{}: dtype must be a 16-, 32- or 64-bit numeric primitive, got {}", PcoEncoding::kId, dtype);
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, dtype.nullability(), len));
    size_t n_pages = 0;
    for (const auto &counts : page_counts) {
        n_pages += counts.size();
    }
    VX_ENSURE(buffers.size() == page_counts.size() + n_pages, Serde,
              "{}: {} chunks and {} pages in {} buffers", PcoEncoding::kId, page_counts.size(), n_pages,
              buffers.size());

    BitReader header_reader(std::span(reinterpret_cast<const uint8_t *>(header.data()), header.size()));
    VX_ASSIGN_OR_RETURN(FormatVersion version, ReadHeader(header_reader));
    const NumberType number_type = *NumberTypeOf(dtype.ptype());
    std::vector<ChunkMeta> chunk_metas;
    std::vector<Page> pages;
    uint64_t n_values = 0;
    size_t buffer = page_counts.size();
    for (size_t c = 0; c < page_counts.size(); ++c) {
        BitReader reader(buffers[c].bytes());
        VX_ASSIGN_OR_RETURN(ChunkMeta meta, ReadChunkMeta(reader, version, number_type));
        chunk_metas.push_back(std::move(meta));
        for (uint32_t n : page_counts[c]) {
            pages.push_back({.chunk = c, .buffer = buffer++, .value_start = n_values, .n = n});
            n_values += n;
        }
    }
    // pco holds the valid values only.
    const size_t valid = len - validity.null_count(len);
    VX_ENSURE(n_values == valid, Serde, "{}: pages hold {} values for {} valid rows", PcoEncoding::kId,
              n_values, valid);
    return std::make_shared<const PcoArray>(Token{}, std::move(dtype), len, std::move(header),
                                            std::move(page_counts), std::move(chunk_metas), std::move(pages),
                                            std::move(buffers), std::move(validity));
}

Result<std::shared_ptr<const PcoArray>> PcoArray::TryMake(const EncodedNumbers &encoded, ArrayRef values) {
    const auto *primitive = As<PrimitiveArray>(*values);
    VX_ENSURE(primitive != nullptr && NumberTypeOf(primitive->ptype()).has_value(), InvalidArgument,
              "vortex.pco holds 16-, 32- and 64-bit numeric primitive arrays, got {}", values->dtype());
    std::vector<Buffer> buffers;
    std::vector<std::vector<uint32_t>> page_counts;
    for (const EncodedChunk &chunk : encoded.chunks) {
        buffers.push_back(Buffer::Copy(chunk.meta, 1));
        auto &counts = page_counts.emplace_back();
        for (const EncodedPage &page : chunk.pages) {
            VX_ENSURE(page.n <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
                      "vortex.pco: a page of {} values exceeds a u32 count", page.n);
            counts.push_back(static_cast<uint32_t>(page.n));
        }
    }
    for (const EncodedChunk &chunk : encoded.chunks) {
        for (const EncodedPage &page : chunk.pages) {
            buffers.push_back(Buffer::Copy(page.bytes, 1));
        }
    }
    auto made =
        TryMake(values->dtype(), values->len(), std::string(encoded.header.begin(), encoded.header.end()),
                std::move(page_counts), std::move(buffers), primitive->validity());
    if (!made.ok()) {
        return Status::InvalidArgument("vortex.pco: the encoding does not describe its values: {}",
                                       made.status().message());
    }
    // Not shared yet: the values need no decoding.
    (*made)->decoded_ = std::move(values);
    (*made)->decoded_ready_.store(true, std::memory_order_release);
    return made;
}

Result<std::vector<uint8_t>> PcoArray::SerializeMetadata() const {
    vortex::encodings::PcoMetadata proto;
    proto.set_header(header_);
    for (const auto &counts : page_counts_) {
        auto *chunk = proto.add_chunks();
        for (uint32_t n : counts) {
            chunk->add_pages()->set_n_values(n);
        }
    }
    return internal::SerializeProtoMetadata(proto);
}

const ArrayRef *PcoArray::decoded() const {
    if (!decoded_ready_.load(std::memory_order_acquire) || !decoded_->ok()) {
        return nullptr;
    }
    return &decoded_->ValueOrDie();
}

Result<ArrayRef> PcoArray::ToCanonical() const {
    if (!decoded_ready_.load(std::memory_order_acquire)) {
        std::call_once(decode_once_, [&] {
            decoded_ = DecodeRows(0, len());
            decoded_ready_.store(true, std::memory_order_release);
        });
    }
    return *decoded_;
}

Result<Buffer> PcoArray::DecodeValues(uint64_t value_start, uint64_t value_stop) const {
    const size_t width = ByteWidth(dtype().ptype());
    auto out = BufferMut::Uninitialized((value_stop - value_start) * width);
    if (value_start == value_stop) {
        return std::move(out).Freeze();
    }
    // The first page holding value_start, then on while pages start before value_stop.
    auto page = std::upper_bound(pages_.begin(), pages_.end(), value_start,
                                 [](uint64_t value, const Page &p) { return value < p.value_start; });
    --page;
    std::vector<uint8_t> scratch;
    for (; page != pages_.end() && page->value_start < value_stop; ++page) {
        const uint64_t from = std::max(value_start, page->value_start);
        const uint64_t to = std::min<uint64_t>(value_stop, page->value_start + page->n);
        uint8_t *target = out.data() + (from - value_start) * width;
        const std::span<const uint8_t> bytes = buffers()[page->buffer].bytes();
        const ChunkMeta &meta = chunk_metas_[page->chunk];
        if (from == page->value_start && to == page->value_start + page->n) {
            VX_RETURN_NOT_OK(DecodePage(meta, bytes, page->n, target));
            continue;
        }
        scratch.resize(size_t{page->n} * width);
        VX_RETURN_NOT_OK(DecodePage(meta, bytes, page->n, scratch.data()));
        std::memcpy(target, scratch.data() + (from - page->value_start) * width, (to - from) * width);
    }
    return std::move(out).Freeze();
}

Result<ArrayRef> PcoArray::DecodeRows(size_t start, size_t stop) const {
    VX_CHECK_LE(start, stop);
    VX_CHECK_LE(stop, len());
    const uint64_t value_start = validity_.valid_count_before(start);
    const uint64_t value_stop = validity_.valid_count_before(stop);
    VX_ASSIGN_OR_RETURN(Buffer dense, DecodeValues(value_start, value_stop));
    VX_ASSIGN_OR_RETURN(auto array,
                        PrimitiveArray::FromValidValues(dtype().ptype(), std::move(dense),
                                                        validity_.Slice(start, stop), stop - start));
    return ArrayRef(std::move(array));
}

std::optional<Result<Scalar>> PcoArray::ScalarAtImpl(size_t i) const {
    if (const ArrayRef *whole = decoded()) {
        return ScalarAt(*whole, i);
    }
    if (!validity_.is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto row = DecodeRows(i, i + 1);
    if (!row.ok()) {
        return Result<Scalar>(row.status());
    }
    return ScalarAt(*row, 0);
}

std::optional<Result<ArrayRef>> PcoArray::SliceImpl(size_t start, size_t stop) const {
    if (const ArrayRef *whole = decoded()) {
        return Slice(*whole, start, stop);
    }
    return DecodeRows(start, stop);
}

Result<std::shared_ptr<const PcoArray>> PcoCompress(const ArrayRef &array, const EncodeOptions &options) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr && NumberTypeOf(primitive->ptype()).has_value(), InvalidArgument,
              "vortex.pco compresses 16-, 32- and 64-bit numeric primitive arrays, got {}", array->dtype());
    const std::vector<uint8_t> bytes = primitive->ValidValueBytes();
    const size_t n = bytes.size() / ByteWidth(primitive->ptype());
    VX_ASSIGN_OR_RETURN(EncodedNumbers encoded,
                        EncodeNumbers(*NumberTypeOf(primitive->ptype()), bytes.data(), n, options));
    return PcoArray::TryMake(encoded, std::move(canonical));
}

} // namespace vortex::pco
