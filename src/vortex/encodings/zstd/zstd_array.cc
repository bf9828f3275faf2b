// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/zstd_array.h"

#include <limits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/encodings/zstd/zstd_frame_internal.h"
#include "vortex/encodings/zstd/zstd_metadata.pb.h"

namespace vortex::zstd {

namespace {

std::vector<Buffer> ZstdBuffers(const Buffer &dictionary, const std::vector<Buffer> &frames) {
    std::vector<Buffer> buffers;
    buffers.reserve(frames.size() + 1);
    if (!dictionary.empty()) {
        buffers.push_back(dictionary);
    }
    buffers.insert(buffers.end(), frames.begin(), frames.end());
    return buffers;
}

std::vector<ArrayRef> ZstdChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

// Checks one frame's declared sizes against its dtype and its header; returns its value count.
Result<uint64_t>
CheckFrame(const DType &dtype, size_t f, const Buffer &frame, const ZstdFrameMetadata &meta) {
    const uint64_t width = dtype.is_primitive() ? ByteWidth(dtype.ptype()) : 1;
    // Spec: arrays-encodings 7.11: n_values == 0 is old metadata meaning size / width.
    const uint64_t n_values = meta.n_values == 0 ? meta.uncompressed_size / width : meta.n_values;
    if (dtype.is_primitive()) {
        VX_ENSURE(n_values <= std::numeric_limits<uint64_t>::max() / width &&
                      n_values * width == meta.uncompressed_size,
                  InvalidArgument, "zstd frame {}: {} bytes cannot hold {} values of {} bytes", f,
                  meta.uncompressed_size, n_values, width);
    } else {
        VX_ENSURE(n_values <= meta.uncompressed_size / kLengthPrefixSize, InvalidArgument,
                  "zstd frame {}: {} bytes cannot hold {} length-prefixed values", f, meta.uncompressed_size,
                  n_values);
    }
    VX_RETURN_NOT_OK(CheckFrameHeader(frame, meta.uncompressed_size, f));
    return n_values;
}

} // namespace

// Spec: arrays-encodings 7.11.
Result<ArrayRef> ZstdEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() || dtype.is_utf8() || dtype.is_binary(), Serde,
              "{}: dtype must be primitive, utf8 or binary, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::ZstdMetadata>(kId, metadata));
    const size_t nframes = static_cast<size_t>(proto.frames_size());
    const bool has_dictionary = proto.dictionary_size() > 0;
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, nframes + (has_dictionary ? 1 : 0)));
    Buffer dictionary;
    if (has_dictionary) {
        VX_ENSURE(buffers[0].size() == proto.dictionary_size(), Serde,
                  "{}: dictionary_size {} but the dictionary buffer has {} bytes", kId,
                  proto.dictionary_size(), buffers[0].size());
        dictionary = std::move(buffers[0]);
        buffers.erase(buffers.begin());
    }
    std::vector<ZstdFrameMetadata> frame_metadata;
    frame_metadata.reserve(nframes);
    for (const auto &frame : proto.frames()) {
        frame_metadata.push_back(
            {.uncompressed_size = frame.uncompressed_size(), .n_values = frame.n_values()});
    }
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(ZstdArray::TryMake(dtype, len, std::move(dictionary), std::move(buffers),
                                                   std::move(frame_metadata), std::move(validity))));
    return ArrayRef(std::move(array));
}

ZstdArray::ZstdArray(Token,
                     DType dtype,
                     size_t len,
                     Buffer dictionary,
                     std::vector<Buffer> frames,
                     std::vector<ZstdFrameMetadata> frame_metadata,
                     std::vector<uint64_t> value_starts,
                     Validity validity)
    : Array(ZstdEncoding::Instance(),
            std::move(dtype),
            len,
            ZstdBuffers(dictionary, frames),
            ZstdChildren(validity, len)),
      dictionary_(std::move(dictionary)), frames_(std::move(frames)),
      frame_metadata_(std::move(frame_metadata)), value_starts_(std::move(value_starts)),
      validity_(std::move(validity)) {}

Result<std::shared_ptr<const ZstdArray>> ZstdArray::TryMake(DType dtype,
                                                            size_t len,
                                                            Buffer dictionary,
                                                            std::vector<Buffer> frames,
                                                            std::vector<ZstdFrameMetadata> frame_metadata,
                                                            Validity validity) {
    VX_ENSURE(dtype.is_primitive() || dtype.is_utf8() || dtype.is_binary(), InvalidArgument,
              "zstd dtype must be primitive, utf8 or binary, got {}", dtype);
    VX_ENSURE(frames.size() == frame_metadata.size(), InvalidArgument,
              "zstd: {} frames but {} frame metadata", frames.size(), frame_metadata.size());
    VX_ENSURE(dictionary.size() <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
              "zstd dictionary of {} bytes exceeds u32", dictionary.size());
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, dtype.nullability(), len));
    std::vector<uint64_t> value_starts(frames.size() + 1, 0);
    for (size_t f = 0; f < frames.size(); ++f) {
        VX_ASSIGN_OR_RETURN(uint64_t n_values, CheckFrame(dtype, f, frames[f], frame_metadata[f]));
        // n_values <= uncompressed_size, which CheckFrame bounded by the frame's size: no overflow.
        value_starts[f + 1] = value_starts[f] + n_values;
    }
    const uint64_t valid_count = len - validity.null_count(len);
    VX_ENSURE(value_starts.back() == valid_count, InvalidArgument,
              "zstd frames hold {} values but the validity has {} valid rows", value_starts.back(),
              valid_count);
    return std::make_shared<const ZstdArray>(Token{}, std::move(dtype), len, std::move(dictionary),
                                             std::move(frames), std::move(frame_metadata),
                                             std::move(value_starts), std::move(validity));
}

Result<std::vector<uint8_t>> ZstdArray::SerializeMetadata() const {
    vortex::encodings::ZstdMetadata proto;
    proto.set_dictionary_size(static_cast<uint32_t>(dictionary_.size()));
    for (const ZstdFrameMetadata &meta : frame_metadata_) {
        auto *frame = proto.add_frames();
        frame->set_uncompressed_size(meta.uncompressed_size);
        frame->set_n_values(meta.n_values);
    }
    return internal::SerializeProtoMetadata(proto);
}

} // namespace vortex::zstd
