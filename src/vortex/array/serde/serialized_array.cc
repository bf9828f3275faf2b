// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/serde/serialized_array.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <span>
#include <utility>

#include <flatbuffers/flatbuffers.h>

#include "vortex/array/encoding.h"
#include "vortex/array/serde/array_stats_serde.h"
#include "vortex/array/serde/serialized_array_internal.h"
#include "vortex/base/checked_cast.h"
#include "vortex/base/endian.h"

namespace vortex {

namespace {

namespace fba = fbs::array;

// The Array flatbuffer is written at a multiple of 8 (its largest scalar is a u64).
constexpr size_t kFlatBufferAlignment = 8;
constexpr size_t kLengthSize = sizeof(uint32_t);
// Largest alignment a reader re-establishes; larger declared alignments are refused rather
// than allocated (writers declare at most 16).
constexpr uint8_t kMaxAlignmentExponent = 12;

struct BufferEntry {
    Buffer buffer;
    size_t alignment;
};

// Appends the node's buffers, then each child's subtree: the global buffer list is pre-order.
Status CollectBuffers(const Array &array, std::vector<BufferEntry> &out) {
    for (size_t i = 0; i < array.nbuffers(); ++i) {
        const size_t alignment = array.buffer_alignment(i);
        VX_ENSURE(std::has_single_bit(alignment), Internal,
                  "{} declares buffer {} alignment {}, not a power of 2", array.encoding_id(), i, alignment);
        out.push_back({array.buffers()[i], alignment});
    }
    for (const ArrayRef &child : array.children()) {
        VX_RETURN_NOT_OK(CollectBuffers(*child, out));
    }
    return Status::OK();
}

// Writes one ArrayNode whose own buffers start at global index `*next_buffer`, advancing it
// past the node's whole subtree. Creation order follows the reference writer (metadata,
// children, children vector, buffer indices, stats, node) so the bytes are identical.
Result<flatbuffers::Offset<fba::ArrayNode>> WriteNode(flatbuffers::FlatBufferBuilder &fbb,
                                                      const Array &array,
                                                      const ArrayWriteContext &context,
                                                      size_t *next_buffer) {
    const std::optional<uint16_t> encoding = context.IndexOf(array.encoding_id());
    VX_ENSURE(encoding.has_value(), InvalidArgument, "encoding '{}' is not in the write context",
              array.encoding_id());
    VX_ASSIGN_OR_RETURN(std::vector<uint8_t> metadata_bytes, array.SerializeMetadata());
    const auto metadata = fbb.CreateVector(metadata_bytes);

    const size_t first_buffer = *next_buffer;
    *next_buffer += array.nbuffers();
    std::vector<flatbuffers::Offset<fba::ArrayNode>> children;
    children.reserve(array.nchildren());
    for (const ArrayRef &child : array.children()) {
        VX_ASSIGN_OR_RETURN(auto child_offset, WriteNode(fbb, *child, context, next_buffer));
        children.push_back(child_offset);
    }
    const auto children_offset = fbb.CreateVector(children);

    std::vector<uint16_t> buffer_indices;
    buffer_indices.reserve(array.nbuffers());
    for (size_t i = 0; i < array.nbuffers(); ++i) {
        // The caller checked that the whole tree has at most 65535 buffers.
        buffer_indices.push_back(CheckedCast<uint16_t>(first_buffer + i));
    }
    const auto buffers_offset = fbb.CreateVector(buffer_indices);

    const std::vector<std::pair<Stat, Scalar>> stats = CachedStatistics(array);
    const auto stats_offset = WriteArrayStats(fbb, array.dtype(), stats);
    return fba::CreateArrayNode(fbb, *encoding, metadata, children_offset, buffers_offset, stats_offset);
}

size_t PaddingTo(uint64_t pos, size_t alignment) {
    return static_cast<size_t>((alignment - pos % alignment) % alignment);
}

// Decodes the nodes of one verified Array flatbuffer. Holds the global buffer list; nodes
// pick their buffers by index.
class NodeDecoder {
public:
    NodeDecoder(std::vector<Buffer> buffers, const ArrayReadContext &context, bool statistics)
        : buffers_(std::move(buffers)), context_(context), statistics_(statistics) {}

    Result<ArrayRef> Decode(const fba::ArrayNode *node, const DType &dtype, size_t len) const;

private:
    std::vector<Buffer> buffers_;
    const ArrayReadContext &context_;
    bool statistics_;
};

// The children of one node, decoded only when the parent's Build() asks for them, with the
// dtype and length the parent derived.
class NodeChildren final : public ArrayChildren {
public:
    NodeChildren(const flatbuffers::Vector<flatbuffers::Offset<fba::ArrayNode>> *children,
                 const NodeDecoder &decoder)
        : children_(children), decoder_(decoder) {}

    size_t size() const override { return children_ == nullptr ? 0 : children_->size(); }

    Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const override {
        VX_ENSURE(index < size(), Serde, "child {} requested from an array node with {} children", index,
                  size());
        return decoder_.Decode(children_->Get(CheckedCast<flatbuffers::uoffset_t>(index)), dtype, len);
    }

private:
    const flatbuffers::Vector<flatbuffers::Offset<fba::ArrayNode>> *children_;
    const NodeDecoder &decoder_;
};

Result<ArrayRef> NodeDecoder::Decode(const fba::ArrayNode *node, const DType &dtype, size_t len) const {
    VX_ENSURE(node != nullptr, Serde, "missing array node");
    VX_ASSIGN_OR_RETURN(const Encoding *encoding, context_.Get(node->encoding()));

    std::span<const uint8_t> metadata;
    if (node->metadata() != nullptr) {
        metadata = std::span<const uint8_t>(node->metadata()->data(), node->metadata()->size());
    }
    std::vector<Buffer> buffers;
    if (const auto *indices = node->buffers(); indices != nullptr) {
        buffers.reserve(indices->size());
        for (const uint16_t index : *indices) {
            VX_ENSURE(index < buffers_.size(), Serde, "{} node refers to buffer {} of {}", encoding->id(),
                      index, buffers_.size());
            buffers.push_back(buffers_[index]);
        }
    }

    const NodeChildren children(node->children(), *this);
    auto built = encoding->Build(dtype, len, metadata, std::move(buffers), children);
    if (!built.ok()) {
        return built.status();
    }
    ArrayRef array = std::move(*built);
    VX_ENSURE(array != nullptr && array->len() == len && array->dtype() == dtype, Serde,
              "{} decoded an array that is not {} x {}", encoding->id(), len, dtype);

    if (statistics_) {
        VX_ASSIGN_OR_RETURN(auto stats, ReadArrayStats(node->stats(), dtype));
        for (auto &[stat, value] : stats) {
            array->statistics().Set(stat, std::move(value));
        }
    }
    return array;
}

} // namespace

Buffer SerializedArray::ToBuffer() const {
    BufferMut out =
        BufferMut::WithCapacity(CheckedCast<size_t>(size), std::max(alignment, kDefaultAlignment));
    for (const Buffer &part : parts) {
        out.Append(part.data(), part.size());
    }
    return std::move(out).Freeze();
}

Result<SerializedArray> SerializeArray(const ArrayRef &array, const ArrayWriteContext &context) {
    VX_ENSURE(array != nullptr, InvalidArgument, "cannot serialize a null array");
    std::vector<BufferEntry> entries;
    VX_RETURN_NOT_OK(CollectBuffers(*array, entries));
    VX_ENSURE(entries.size() <= std::numeric_limits<uint16_t>::max(), InvalidArgument,
              "an array tree holds at most 65535 buffers, got {}", entries.size());

    SerializedArray out;
    for (const BufferEntry &entry : entries) {
        out.alignment = std::max(out.alignment, entry.alignment);
    }
    // One shared run of zeros serves every padding part.
    const Buffer zeros = BufferMut::Zeroed(out.alignment).Freeze();
    const auto pad_to = [&](size_t alignment) {
        const size_t padding = PaddingTo(out.size, alignment);
        if (padding > 0) {
            out.parts.push_back(zeros.Slice(0, padding));
            out.size += padding;
        }
        return padding;
    };

    // Spec: arrays-encodings 1.1: each buffer is preceded by the zero bytes that align its
    // position relative to the segment start; the padding is recorded in its descriptor.
    std::vector<fba::Buffer> descriptors;
    descriptors.reserve(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        const BufferEntry &entry = entries[i];
        VX_ENSURE(entry.buffer.size() <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
                  "buffer {} has {} bytes; serialized buffers must be smaller than 4 GiB", i,
                  entry.buffer.size());
        const size_t padding = pad_to(entry.alignment);
        VX_ENSURE(padding <= std::numeric_limits<uint16_t>::max(), InvalidArgument,
                  "buffer {} needs {} bytes of padding, more than a u16", i, padding);
        descriptors.emplace_back(static_cast<uint16_t>(padding),
                                 static_cast<uint8_t>(std::countr_zero(entry.alignment)),
                                 fba::Compression::None, static_cast<uint32_t>(entry.buffer.size()));
        out.parts.push_back(entry.buffer);
        out.size += entry.buffer.size();
    }

    flatbuffers::FlatBufferBuilder fbb;
    size_t next_buffer = 0;
    VX_ASSIGN_OR_RETURN(auto root, WriteNode(fbb, *array, context, &next_buffer));
    const auto buffers = fbb.CreateVectorOfStructs(descriptors);
    fbb.Finish(fba::CreateArray(fbb, root, buffers));

    const size_t fb_size = fbb.GetSize();
    VX_ENSURE(fb_size <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
              "array flatbuffer of {} bytes does not fit a u32 length", fb_size);
    pad_to(kFlatBufferAlignment);
    out.parts.push_back(Buffer::Copy(std::span<const uint8_t>(fbb.GetBufferPointer(), fb_size)));
    out.size += fb_size;

    std::array<uint8_t, kLengthSize> length_bytes;
    StoreLittleEndian<uint32_t>(length_bytes.data(), static_cast<uint32_t>(fb_size));
    out.parts.push_back(Buffer::Copy(length_bytes));
    out.size += kLengthSize;
    return out;
}

namespace internal {

Result<size_t> ArrayTailSize(std::span<const uint8_t> last_bytes, uint64_t segment_size) {
    VX_ENSURE(segment_size >= kLengthSize && last_bytes.size() >= kLengthSize, Serde,
              "serialized array of {} bytes is too short", segment_size);
    const size_t fb_len = LoadLittleEndian<uint32_t>(last_bytes.data() + last_bytes.size() - kLengthSize);
    VX_ENSURE(fb_len > 0, Serde, "serialized array has an empty flatbuffer");
    VX_ENSURE(fb_len <= segment_size - kLengthSize, Serde,
              "serialized array of {} bytes is too short for its {}-byte flatbuffer", segment_size, fb_len);
    return fb_len + kLengthSize;
}

// Spec: arrays-encodings 1.1 "Reader procedure", up to the buffers' places.
Result<ArrayTail> ParseArrayTail(std::span<const uint8_t> tail, uint64_t segment_size) {
    VX_ASSIGN_OR_RETURN(const size_t tail_size, ArrayTailSize(tail, segment_size));
    VX_ENSURE(tail.size() == tail_size, Internal, "array tail of {} bytes, expected {}", tail.size(),
              tail_size);
    const uint64_t fb_offset = segment_size - tail_size;
    ArrayTail out{serde::AlignedBytes(tail.first(tail_size - kLengthSize)), nullptr, {}};
    VX_ASSIGN_OR_RETURN(out.array,
                        serde::VerifyFlatBuffer<fba::Array>(out.flatbuffer.span(), "serialized array"));
    VX_ENSURE(out.array->root() != nullptr, Serde, "serialized array has no root node");

    // Buffers occupy [0, fb_offset): walk the descriptors from the segment start.
    if (const auto *descriptors = out.array->buffers(); descriptors != nullptr) {
        out.buffers.reserve(descriptors->size());
        uint64_t offset = 0;
        for (flatbuffers::uoffset_t i = 0; i < descriptors->size(); ++i) {
            const fba::Buffer *descriptor = descriptors->Get(i);
            VX_ENSURE(descriptor->compression() == fba::Compression::None, Serde,
                      "buffer {} uses unsupported compression {}", i,
                      static_cast<int>(descriptor->compression()));
            VX_ENSURE(descriptor->alignment_exponent() <= kMaxAlignmentExponent, Serde,
                      "buffer {} declares alignment 2^{}", i, descriptor->alignment_exponent());
            const uint64_t padding = descriptor->padding();
            const uint64_t length = descriptor->length();
            VX_ENSURE(
                padding <= fb_offset - offset && length <= fb_offset - offset - padding, Serde,
                "buffer {} ({} bytes after {} bytes of padding at offset {}) overruns the {} data bytes", i,
                length, padding, offset, fb_offset);
            offset += padding;
            out.buffers.push_back({{offset, length}, size_t{1} << descriptor->alignment_exponent()});
            offset += length;
        }
    }
    return out;
}

std::vector<Buffer> SliceBuffers(const Buffer &segment, const ArrayTail &tail) {
    std::vector<Buffer> buffers;
    buffers.reserve(tail.buffers.size());
    for (const BufferPlace &place : tail.buffers) {
        buffers.push_back(
            segment.Slice(static_cast<size_t>(place.range.offset), static_cast<size_t>(place.range.length))
                .EnsureAligned(place.alignment));
    }
    return buffers;
}

Result<ArrayRef> DecodeArrayTree(const ArrayTail &tail,
                                 std::vector<Buffer> buffers,
                                 const DType &dtype,
                                 size_t len,
                                 const ArrayReadContext &context,
                                 bool statistics) {
    const NodeDecoder decoder(std::move(buffers), context, statistics);
    return decoder.Decode(tail.array->root(), dtype, len);
}

} // namespace internal

Result<ArrayRef> DeserializeArray(
    const Buffer &segment, const DType &dtype, size_t len, const ArrayReadContext &context, bool statistics) {
    VX_ASSIGN_OR_RETURN(const size_t tail_size, internal::ArrayTailSize(segment.bytes(), segment.size()));
    VX_ASSIGN_OR_RETURN(const internal::ArrayTail tail,
                        internal::ParseArrayTail(segment.bytes().last(tail_size), segment.size()));
    return internal::DecodeArrayTree(tail, internal::SliceBuffers(segment, tail), dtype, len, context,
                                     statistics);
}

} // namespace vortex
