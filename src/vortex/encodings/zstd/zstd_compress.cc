// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Compression as the reference's ZstdData::from_primitive / from_var_bin_view: only valid
// values, `values_per_frame` values per independent frame, an optional trained dictionary.

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <zdict.h>
#include <zstd.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_frame_internal.h"

namespace vortex::zstd {

namespace {

// zstd cannot train a dictionary on fewer samples (the reference's MIN_SAMPLES_FOR_DICTIONARY).
constexpr size_t kMinSamplesForDictionary = 8;

struct CCtxDeleter {
    void operator()(ZSTD_CCtx *context) const { ZSTD_freeCCtx(context); }
};

// The valid values' bytes, and where each frame starts in them.
struct ValueBytes {
    std::vector<uint8_t> bytes;
    std::vector<size_t> frame_starts;
    size_t n_values = 0;
};

// 1/100 of the data, between 256 bytes and 100 KiB (zstd's zdict.h recommendation, as the
// reference's choose_max_dict_size).
size_t MaxDictionarySize(size_t uncompressed_size) {
    return std::clamp<size_t>(uncompressed_size / 100, 256, size_t{100} * 1024);
}

Result<Buffer> TrainDictionary(const ValueBytes &values, std::span<const size_t> sample_sizes) {
    std::vector<uint8_t> dictionary(MaxDictionarySize(values.bytes.size()));
    const size_t size =
        ZDICT_trainFromBuffer(dictionary.data(), dictionary.size(), values.bytes.data(), sample_sizes.data(),
                              static_cast<unsigned>(sample_sizes.size()));
    VX_ENSURE(!ZDICT_isError(size), Compute, "zstd: while training dictionary: {}", ZDICT_getErrorName(size));
    return Buffer::Copy(std::span<const uint8_t>(dictionary.data(), size));
}

Result<std::shared_ptr<const ZstdArray>> CompressValues(const ArrayRef &canonical,
                                                        const ValueBytes &values,
                                                        const Validity &validity,
                                                        const ZstdOptions &options) {
    const size_t nframes = values.frame_starts.size();
    const size_t per_frame = options.values_per_frame > 0 ? options.values_per_frame : values.n_values;
    std::vector<size_t> sample_sizes(nframes);
    for (size_t f = 0; f < nframes; ++f) {
        const size_t end = f + 1 < nframes ? values.frame_starts[f + 1] : values.bytes.size();
        sample_sizes[f] = end - values.frame_starts[f];
    }
    std::unique_ptr<ZSTD_CCtx, CCtxDeleter> context(ZSTD_createCCtx());
    VX_ENSURE(context != nullptr, Internal, "zstd: cannot create a compression context");
    const size_t level_result = ZSTD_CCtx_setParameter(context.get(), ZSTD_c_compressionLevel, options.level);
    VX_ENSURE(!ZSTD_isError(level_result), InvalidArgument, "zstd level {}: {}", options.level,
              ZSTD_getErrorName(level_result));
    Buffer dictionary;
    if (options.use_dictionary && nframes >= kMinSamplesForDictionary) {
        VX_ASSIGN_OR_RETURN(dictionary, TrainDictionary(values, sample_sizes));
        const size_t loaded = ZSTD_CCtx_loadDictionary(context.get(), dictionary.data(), dictionary.size());
        VX_ENSURE(!ZSTD_isError(loaded), Compute, "zstd: loading dictionary: {}", ZSTD_getErrorName(loaded));
    }
    std::vector<Buffer> frames;
    std::vector<ZstdFrameMetadata> metadata;
    frames.reserve(nframes);
    metadata.reserve(nframes);
    for (size_t f = 0; f < nframes; ++f) {
        const uint8_t *source = values.bytes.data() + values.frame_starts[f];
        VX_ASSIGN_OR_RETURN(Buffer frame, CompressFrame(context.get(), {source, sample_sizes[f]}));
        frames.push_back(std::move(frame));
        metadata.push_back({.uncompressed_size = sample_sizes[f],
                            .n_values = std::min(per_frame, values.n_values - f * per_frame)});
    }
    return ZstdArray::TryMake(canonical->dtype(), canonical->len(), std::move(dictionary), std::move(frames),
                              std::move(metadata), validity);
}

// Frames start every `per_frame` values; none when there are no valid values.
std::vector<size_t> FrameStarts(const std::vector<size_t> &value_starts, size_t per_frame) {
    std::vector<size_t> starts;
    for (size_t v = 0; v < value_starts.size(); v += per_frame) {
        starts.push_back(value_starts[v]);
    }
    return starts;
}

Result<ValueBytes> PrimitiveValueBytes(const PrimitiveArray &array, size_t values_per_frame) {
    const size_t width = ByteWidth(array.ptype());
    ValueBytes values;
    values.bytes = array.ValidValueBytes();
    values.n_values = values.bytes.size() / width;
    const size_t per_frame = values_per_frame > 0 ? values_per_frame : values.n_values;
    for (size_t v = 0; v < values.n_values; v += per_frame) {
        values.frame_starts.push_back(v * width);
    }
    return values;
}

Result<ValueBytes> StringValueBytes(const VarBinViewArray &array, size_t values_per_frame) {
    ValueBytes values;
    std::vector<size_t> value_starts;
    for (size_t i = 0; i < array.len(); ++i) {
        if (!array.is_valid(i)) {
            continue;
        }
        const std::string_view value = array.bytes_at(i);
        VX_ENSURE(value.size() <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
                  "zstd: value {} of {} bytes does not fit a u32 length", i, value.size());
        value_starts.push_back(values.bytes.size());
        const auto size = static_cast<uint32_t>(value.size());
        uint8_t prefix[kLengthPrefixSize];
        std::memcpy(prefix, &size, sizeof size); // little-endian host (base/endian.h)
        values.bytes.insert(values.bytes.end(), prefix, prefix + kLengthPrefixSize);
        values.bytes.insert(values.bytes.end(), value.begin(), value.end());
    }
    values.n_values = value_starts.size();
    values.frame_starts =
        FrameStarts(value_starts, values_per_frame > 0 ? values_per_frame : values.n_values);
    return values;
}

} // namespace

Result<std::shared_ptr<const ZstdArray>> ZstdCompress(const ArrayRef &array, const ZstdOptions &options) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (const auto *primitive = As<PrimitiveArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(ValueBytes values, PrimitiveValueBytes(*primitive, options.values_per_frame));
        return CompressValues(canonical, values, primitive->validity(), options);
    }
    if (const auto *view = As<VarBinViewArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(ValueBytes values, StringValueBytes(*view, options.values_per_frame));
        return CompressValues(canonical, values, view->validity(), options);
    }
    return Status::InvalidArgument("zstd compresses primitive, utf8 or binary arrays, got {}",
                                   array->dtype());
}

} // namespace vortex::zstd
