// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/zstd_buffers.h"

#include <bit>
#include <limits>
#include <memory>
#include <zstd.h>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/base/checked_cast.h"
#include "vortex/dtype/dtype_serde.h"
#include "vortex/encodings/zstd/zstd_frame_internal.h"
#include "vortex/encodings/zstd/zstd_metadata.pb.h"

namespace vortex::zstd {

// Spec: the reference's encodings/zstd/src/zstd_buffers.rs (deserialize, build_inner).
Result<ArrayRef> ZstdBuffersEncoding::Build(const DType &dtype,
                                            size_t len,
                                            std::span<const uint8_t> metadata,
                                            std::vector<Buffer> buffers,
                                            const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::ZstdBuffersMetadata>(kId, metadata));
    const size_t nbuffers = buffers.size();
    VX_ENSURE(static_cast<size_t>(proto.uncompressed_sizes_size()) == nbuffers &&
                  static_cast<size_t>(proto.buffer_alignments_size()) == nbuffers,
              Serde, "{}: {} buffers but {} sizes and {} alignments", kId, nbuffers,
              proto.uncompressed_sizes_size(), proto.buffer_alignments_size());
    VX_ENSURE(static_cast<size_t>(proto.child_dtypes_size()) == children.size() &&
                  static_cast<size_t>(proto.child_lens_size()) == children.size(),
              Serde, "{}: {} children but {} child dtypes and {} lengths", kId, children.size(),
              proto.child_dtypes_size(), proto.child_lens_size());
    // A wrapper around itself would let metadata nest without bound.
    VX_ENSURE(proto.inner_encoding_id() != kId, Serde, "{}: wraps itself", kId);
    const Encoding *inner = encodings_.Find(proto.inner_encoding_id());
    VX_ENSURE(inner != nullptr, Serde, "{}: unknown inner encoding '{}'", kId, proto.inner_encoding_id());

    std::vector<Buffer> decompressed;
    decompressed.reserve(nbuffers);
    for (size_t i = 0; i < nbuffers; ++i) {
        const uint32_t alignment = proto.buffer_alignments(static_cast<int>(i));
        VX_ENSURE(std::has_single_bit(alignment), Serde, "{}: buffer {} alignment {} is not a power of two",
                  kId, i, alignment);
        const ZstdFrameMetadata frame{.uncompressed_size = proto.uncompressed_sizes(static_cast<int>(i)),
                                      .n_values = 0};
        if (Status status = CheckFrameHeader(buffers[i], frame.uncompressed_size, i); !status.ok()) {
            return Status::Serde("{}: {}", kId, status.message());
        }
        VX_ASSIGN_OR_RETURN(Buffer bytes,
                            DecompressFrames(Buffer(), std::span(&buffers[i], 1), std::span(&frame, 1), i));
        // The inner encoding copies a buffer that misses the alignment it needs.
        decompressed.push_back(std::move(bytes));
    }

    std::vector<ArrayRef> inner_children;
    inner_children.reserve(children.size());
    for (size_t i = 0; i < children.size(); ++i) {
        VX_ASSIGN_OR_RETURN(DType child_dtype, DTypeFromProto(proto.child_dtypes(static_cast<int>(i))));
        const uint64_t child_len = proto.child_lens(static_cast<int>(i));
        VX_ENSURE(child_len <= std::numeric_limits<size_t>::max(), Serde, "{}: child {} length {} too large",
                  kId, i, child_len);
        VX_ASSIGN_OR_RETURN(ArrayRef child, children.Get(i, child_dtype, static_cast<size_t>(child_len)));
        inner_children.push_back(std::move(child));
    }
    const std::string &inner_metadata = proto.inner_metadata();
    return inner->Build(
        dtype, len,
        std::span(reinterpret_cast<const uint8_t *>(inner_metadata.data()), inner_metadata.size()),
        std::move(decompressed), VectorArrayChildren(std::move(inner_children)));
}

Result<ZstdBuffersParts> CompressBuffersOf(const ArrayRef &inner, int level) {
    VX_ENSURE(inner->encoding_id() != ZstdBuffersEncoding::kId, InvalidArgument,
              "vortex.zstd_buffers cannot wrap itself");
    vortex::encodings::ZstdBuffersMetadata proto;
    proto.set_inner_encoding_id(std::string(inner->encoding_id()));
    VX_ASSIGN_OR_RETURN(std::vector<uint8_t> inner_metadata, inner->SerializeMetadata());
    proto.set_inner_metadata(std::string(inner_metadata.begin(), inner_metadata.end()));
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context(ZSTD_createCCtx(), &ZSTD_freeCCtx);
    VX_ENSURE(context != nullptr, Internal, "zstd: cannot create a compression context");
    const size_t level_result = ZSTD_CCtx_setParameter(context.get(), ZSTD_c_compressionLevel, level);
    VX_ENSURE(!ZSTD_isError(level_result), InvalidArgument, "zstd level {}: {}", level,
              ZSTD_getErrorName(level_result));
    ZstdBuffersParts parts;
    for (size_t i = 0; i < inner->nbuffers(); ++i) {
        const Buffer &buffer = inner->buffers()[i];
        VX_ASSIGN_OR_RETURN(Buffer frame, CompressFrame(context.get(), buffer.bytes()));
        parts.buffers.push_back(std::move(frame));
        proto.add_uncompressed_sizes(buffer.size());
        proto.add_buffer_alignments(CheckedCast<uint32_t>(inner->buffer_alignment(i)));
    }
    for (const ArrayRef &child : inner->children()) {
        DTypeToProto(child->dtype(), proto.add_child_dtypes());
        proto.add_child_lens(child->len());
        parts.children.push_back(child);
    }
    parts.metadata = internal::SerializeProtoMetadata(proto);
    return parts;
}

} // namespace vortex::zstd
