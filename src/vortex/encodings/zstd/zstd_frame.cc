// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <memory>
#include <zstd.h>

#include "vortex/encodings/zstd/zstd_frame_internal.h"

namespace vortex::zstd {

namespace {

struct DCtxDeleter {
    void operator()(ZSTD_DCtx *context) const { ZSTD_freeDCtx(context); }
};

} // namespace

uint64_t MaxDecompressedSize(size_t frame_size) {
    return (static_cast<uint64_t>(frame_size) / 4 + 1) * ZSTD_BLOCKSIZE_MAX;
}

Status CheckFrameHeader(const Buffer &frame, uint64_t declared, size_t index) {
    const unsigned long long content_size = ZSTD_getFrameContentSize(frame.data(), frame.size());
    VX_ENSURE(content_size != ZSTD_CONTENTSIZE_ERROR, InvalidArgument,
              "zstd frame {}: no valid frame header in {} bytes", index, frame.size());
    VX_ENSURE(content_size == ZSTD_CONTENTSIZE_UNKNOWN || content_size == declared, InvalidArgument,
              "zstd frame {}: header says {} bytes, metadata says {}", index, content_size, declared);
    VX_ENSURE(declared <= MaxDecompressedSize(frame.size()), InvalidArgument,
              "zstd frame {}: {} compressed bytes cannot hold {} bytes", index, frame.size(), declared);
    return Status::OK();
}

Result<Buffer> CompressFrame(ZSTD_CCtx *context, std::span<const uint8_t> source) {
    BufferMut frame = BufferMut::WithCapacity(ZSTD_compressBound(source.size()));
    frame.Resize(ZSTD_compressBound(source.size()));
    const size_t size = ZSTD_compress2(context, frame.data(), frame.size(), source.data(), source.size());
    VX_ENSURE(!ZSTD_isError(size), Compute, "zstd: while compressing: {}", ZSTD_getErrorName(size));
    frame.Resize(size);
    return std::move(frame).Freeze();
}

Result<Buffer> DecompressFrames(const Buffer &dictionary,
                                std::span<const Buffer> frames,
                                std::span<const ZstdFrameMetadata> metadata,
                                size_t first_index) {
    uint64_t total = 0;
    for (const ZstdFrameMetadata &meta : metadata) {
        total += meta.uncompressed_size; // each was bounded by its frame's size
    }
    BufferMut out = BufferMut::WithCapacity(total);
    out.Resize(total);
    std::unique_ptr<ZSTD_DCtx, DCtxDeleter> context(ZSTD_createDCtx());
    VX_ENSURE(context != nullptr, Internal, "zstd: cannot create a decompression context");
    size_t written = 0;
    for (size_t k = 0; k < frames.size(); ++k) {
        const size_t declared = metadata[k].uncompressed_size;
        const Buffer &frame = frames[k];
        const size_t result =
            dictionary.empty()
                ? ZSTD_decompressDCtx(context.get(), out.data() + written, declared, frame.data(),
                                      frame.size())
                : ZSTD_decompress_usingDict(context.get(), out.data() + written, declared, frame.data(),
                                            frame.size(), dictionary.data(), dictionary.size());
        VX_ENSURE(!ZSTD_isError(result), Serde, "zstd frame {}: {}", first_index + k,
                  ZSTD_getErrorName(result));
        VX_ENSURE(result == declared, Serde, "zstd frame {}: decompressed to {} bytes, metadata says {}",
                  first_index + k, result, declared);
        written += declared;
    }
    return std::move(out).Freeze();
}

} // namespace vortex::zstd
