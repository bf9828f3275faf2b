// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Decompression of the frames covering a row range, and scattering of the valid values back
// to their rows. Spec: arrays-encodings 7.11.

#include <algorithm>
#include <cstring>
#include <limits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/base/bits.h"
#include "vortex/base/endian.h"
#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_frame_internal.h"

namespace vortex::zstd {

namespace {

// Parses the length-prefixed values of one decompressed frame, which must hold exactly
// `n_values` of them and nothing else; appends (offset, size) pairs relative to `bytes`.
Status ParseStringFrame(std::span<const uint8_t> bytes,
                        uint64_t begin,
                        uint64_t end,
                        uint64_t n_values,
                        size_t frame_index,
                        std::vector<std::pair<uint64_t, uint64_t>> &out) {
    uint64_t pos = begin;
    for (uint64_t v = 0; v < n_values; ++v) {
        VX_ENSURE(end - pos >= kLengthPrefixSize, Serde, "zstd frame {}: value {} has a truncated length",
                  frame_index, v);
        const uint64_t size = LoadLittleEndian<uint32_t>(bytes.data() + pos);
        pos += kLengthPrefixSize;
        VX_ENSURE(size <= end - pos, Serde, "zstd frame {}: value {} of {} bytes runs past the frame",
                  frame_index, v, size);
        out.emplace_back(pos, size);
        pos += size;
    }
    VX_ENSURE(pos == end, Serde, "zstd frame {}: {} trailing bytes after {} values", frame_index, end - pos,
              n_values);
    return Status::OK();
}

// Builds views over values stored at (offset, size) in `bytes` for the rows of `validity`;
// long values point into zero-copy slices of `bytes` of at most 4 GiB each.
Buffer BuildViews(const Buffer &bytes,
                  std::span<const std::pair<uint64_t, uint64_t>> values,
                  const Validity &validity,
                  size_t len,
                  std::vector<Buffer> &data_buffers) {
    BufferMut views = BufferMut::Zeroed(len * BinaryView::kSize);
    constexpr uint64_t kMaxBlock = std::numeric_limits<uint32_t>::max();
    bool have_block = false;
    uint64_t block_start = 0;
    uint64_t block_end = 0;
    const auto close_block = [&] {
        if (have_block) {
            data_buffers.push_back(bytes.Slice(block_start, block_end - block_start));
        }
    };
    size_t next = 0;
    for (size_t row = 0; row < len; ++row) {
        if (!validity.is_valid(row)) {
            continue;
        }
        const auto [start, size] = values[next++];
        const std::string_view value{reinterpret_cast<const char *>(bytes.data()) + start, size};
        uint8_t *view = views.data() + row * BinaryView::kSize;
        if (size <= BinaryView::kMaxInlined) {
            BinaryView::Write(view, value, 0, 0);
            continue;
        }
        if (!have_block || start + size - block_start > kMaxBlock) {
            close_block();
            have_block = true;
            block_start = start;
        }
        block_end = std::max(block_end, start + size);
        BinaryView::Write(view, value, static_cast<uint32_t>(data_buffers.size()),
                          static_cast<uint32_t>(start - block_start));
    }
    close_block();
    return std::move(views).Freeze();
}

} // namespace

Result<ZstdArray::DecodedValues> ZstdArray::DecodeValues(uint64_t value_start, uint64_t value_stop) const {
    DecodedValues decoded;
    if (value_start == value_stop) {
        return decoded;
    }
    // Frames [first, last) are the ones holding a value of [value_start, value_stop).
    const size_t first =
        static_cast<size_t>(std::upper_bound(value_starts_.begin(), value_starts_.end(), value_start) -
                            value_starts_.begin() - 1);
    const size_t last = static_cast<size_t>(
        std::lower_bound(value_starts_.begin(), value_starts_.end(), value_stop) - value_starts_.begin());
    const auto frames = std::span<const Buffer>(frames_).subspan(first, last - first);
    const auto metadata = std::span<const ZstdFrameMetadata>(frame_metadata_).subspan(first, last - first);
    VX_ASSIGN_OR_RETURN(decoded.bytes, DecompressFrames(dictionary_, frames, metadata, first));
    if (dtype().is_primitive()) {
        decoded.primitive_offset = (value_start - value_starts_[first]) * ByteWidth(dtype().ptype());
        return decoded;
    }
    std::vector<std::pair<uint64_t, uint64_t>> all;
    uint64_t frame_begin = 0;
    for (size_t f = first; f < last; ++f) {
        const uint64_t frame_end = frame_begin + frame_metadata_[f].uncompressed_size;
        VX_RETURN_NOT_OK(
            ParseStringFrame(decoded.bytes.bytes(), frame_begin, frame_end, frame_n_values(f), f, all));
        frame_begin = frame_end;
    }
    const auto skip = static_cast<ptrdiff_t>(value_start - value_starts_[first]);
    decoded.strings.assign(all.begin() + skip,
                           all.begin() + skip + static_cast<ptrdiff_t>(value_stop - value_start));
    return decoded;
}

Result<ArrayRef> ZstdArray::DecodeRows(size_t start, size_t stop) const {
    VX_CHECK_LE(start, stop);
    VX_CHECK_LE(stop, len());
    const size_t rows = stop - start;
    const uint64_t value_start = validity_.valid_count_before(start);
    const uint64_t value_stop = validity_.valid_count_before(stop);
    VX_ASSIGN_OR_RETURN(DecodedValues decoded, DecodeValues(value_start, value_stop));
    Validity validity = validity_.Slice(start, stop);
    if (dtype().is_primitive()) {
        const PType ptype = dtype().ptype();
        // The valid values (offset a multiple of the width in a 64-byte aligned buffer).
        Buffer values =
            decoded.bytes.Slice(decoded.primitive_offset, (value_stop - value_start) * ByteWidth(ptype));
        VX_ASSIGN_OR_RETURN(
            auto array, PrimitiveArray::FromValidValues(ptype, std::move(values), std::move(validity), rows));
        return ArrayRef(std::move(array));
    }
    std::vector<Buffer> data_buffers;
    Buffer views = BuildViews(decoded.bytes, decoded.strings, validity, rows, data_buffers);
    // TryMake checks UTF-8 for Utf8 values.
    auto array =
        VarBinViewArray::TryMake(dtype(), std::move(views), std::move(data_buffers), std::move(validity));
    if (!array.ok()) {
        return Status::Serde("{}: {}", ZstdEncoding::kId, array.status().message());
    }
    return ArrayRef(std::move(array).ValueOrDie());
}

} // namespace vortex::zstd
