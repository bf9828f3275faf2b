// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex::zstd {

/// `vortex.zstd`: metadata ZstdMetadata{1: dictionary_size, 2: frames [ZstdFrameMetadata{
/// 1: uncompressed_size, 2: n_values}]}; buffers [dictionary if dictionary_size > 0, then one
/// zstd frame per frame metadata]; children [validity?] of the array's length. Spec:
/// arrays-encodings 7.11.
class ZstdEncoding final : public EncodingBase<ZstdEncoding> {
public:
    static constexpr std::string_view kId = "vortex.zstd";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// One frame's metadata exactly as stored: n_values == 0 is the legacy form that means
/// uncompressed_size / byte width (byte width 1 for Utf8/Binary, as the reference reads it).
struct ZstdFrameMetadata {
    uint64_t uncompressed_size = 0;
    uint64_t n_values = 0;
};

/// A Primitive, Utf8 or Binary array whose valid values are compressed into independent zstd
/// frames (primitives as packed little-endian values, strings as u32 LE length + bytes), with
/// an optional dictionary shared by all frames. Nulls are not stored: the validity says
/// where the valid values go.
///
/// Construction checks everything that can be checked without decompressing: the frame count,
/// every frame's header (its content size, when present, must equal the declared size), the
/// declared sizes against the values they must hold and against zstd's maximum expansion, and
/// that the frames hold exactly as many values as the validity has valid rows. Decompression
/// then checks each frame's actual size and, for strings, every length prefix; corrupt data
/// gives a Serde error from ToCanonical() and the kernels.
///
/// The on-disk form has no slice offset (the reference keeps one in memory only), so the
/// kernels never produce a sliced zstd array: they decompress the frames covering the rows
/// they need and return canonical arrays.
class ZstdArray final : public Array {
public:
    /// `len` rows; `dictionary` is empty for none. Fails with InvalidArgument on any
    /// inconsistency.
    static Result<std::shared_ptr<const ZstdArray>> TryMake(DType dtype,
                                                            size_t len,
                                                            Buffer dictionary,
                                                            std::vector<Buffer> frames,
                                                            std::vector<ZstdFrameMetadata> frame_metadata,
                                                            Validity validity);

    /// The dictionary buffer (empty when there is none).
    const Buffer &dictionary() const { return dictionary_; }
    bool has_dictionary() const { return !dictionary_.empty(); }
    std::span<const Buffer> frames() const { return frames_; }
    std::span<const ZstdFrameMetadata> frame_metadata() const { return frame_metadata_; }
    const Validity &validity() const { return validity_; }
    /// Number of values in frame `f` (the legacy n_values == 0 resolved).
    uint64_t frame_n_values(size_t f) const { return value_starts_[f + 1] - value_starts_[f]; }

    /// Decompresses the frames covering rows [start, stop) and returns those rows as a
    /// canonical array. 0 <= start <= stop <= len().
    Result<ArrayRef> DecodeRows(size_t start, size_t stop) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    /// Frames and dictionary are opaque bytes.
    size_t buffer_alignment(size_t) const override { return 1; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return DecodeRows(0, len()); }

    /// Decompresses only the frame holding the value.
    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Decompresses the frames between the first and the last selected row.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    /// Decompresses the frames between the smallest and the largest index.
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;

    struct Token {};
    ZstdArray(Token,
              DType dtype,
              size_t len,
              Buffer dictionary,
              std::vector<Buffer> frames,
              std::vector<ZstdFrameMetadata> frame_metadata,
              std::vector<uint64_t> value_starts,
              Validity validity);

private:
    // The valid values [value_start, value_stop) after decompression: `bytes` holds the
    // decompressed frames; primitives are packed at `primitive_offset`, strings are the
    // (offset, size) pairs into `bytes`.
    struct DecodedValues {
        Buffer bytes;
        size_t primitive_offset = 0;
        std::vector<std::pair<uint64_t, uint64_t>> strings;
    };
    Result<DecodedValues> DecodeValues(uint64_t value_start, uint64_t value_stop) const;

    Buffer dictionary_;
    std::vector<Buffer> frames_;
    std::vector<ZstdFrameMetadata> frame_metadata_;
    // value_starts_[f] = index of frame f's first value among all valid values; one extra
    // entry holds the total.
    std::vector<uint64_t> value_starts_;
    Validity validity_;
};

/// Compression settings; the defaults are the reference compressor's (level 3, 8192 values
/// per frame, no dictionary: BtrBlocks' ZstdScheme).
struct ZstdOptions {
    /// zstd level: 0 = zstd's default, negative = faster, up to ZSTD_maxCLevel().
    int level = 3;
    /// Values per frame; 0 puts every value in a single frame.
    size_t values_per_frame = 8192;
    /// Trains a dictionary shared by the frames (ZDICT_trainFromBuffer, at most
    /// clamp(bytes / 100, 256, 100 KiB)) when there are at least 8 frames, as the reference's
    /// from_primitive/from_var_bin_view do.
    bool use_dictionary = false;
};

/// Compresses a Primitive, Utf8 or Binary array (any encoding; canonicalized first).
Result<std::shared_ptr<const ZstdArray>> ZstdCompress(const ArrayRef &array, const ZstdOptions &options = {});

} // namespace vortex::zstd
