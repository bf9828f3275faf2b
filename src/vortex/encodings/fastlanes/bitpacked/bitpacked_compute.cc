// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Kernels on bit-packed data: decode whole blocks for canonicalization, single values for
// point lookups, and only the touched blocks for filter and take.

#include <algorithm>
#include <type_traits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/bitpacked/decode_target_internal.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"
#include "vortex/scalar/scalar.h"

namespace vortex::fastlanes {
namespace {

// A block hit by at least this many positions is unpacked whole; fewer are decoded one value
// at a time. The reference uses the same threshold (unpacking a block costs about as much as
// 8 single values).
constexpr size_t kUnpackBlockThreshold = 8;

// Take falls back to canonicalizing when indices * kTakeCanonicalRatio > len, as the
// reference does.
constexpr size_t kTakeCanonicalRatio = 8;
// Filter gathers the kept rows only when they are fewer than len / kFilterGatherRatio; denser
// masks unpack whole blocks (about a nanosecond a value) and filter the plain values.
constexpr size_t kFilterGatherRatio = 4;

// Decodes the packed values at array positions `positions` (< len) into `out`. Consecutive
// positions in the same block form a run; long runs unpack the block once.
template <typename U>
void GatherPacked(
    const U *packed, unsigned bit_width, size_t offset, std::span<const size_t> positions, U *out) {
    const size_t block_words = PackedBlockWords<U>(bit_width);
    const BlockFn<U> unpack = UnpackBlockFn<U>(bit_width);
    alignas(64) U scratch[kFastLanesBlockLen];
    size_t k = 0;
    while (k < positions.size()) {
        const size_t block = (offset + positions[k]) / kFastLanesBlockLen;
        size_t run_end = k + 1;
        while (run_end < positions.size() && (offset + positions[run_end]) / kFastLanesBlockLen == block) {
            ++run_end;
        }
        const U *block_words_ptr = packed + block * block_words;
        if (run_end - k >= kUnpackBlockThreshold) {
            unpack(block_words_ptr, scratch);
            for (; k < run_end; ++k) {
                out[k] = scratch[(offset + positions[k]) % kFastLanesBlockLen];
            }
        } else {
            for (; k < run_end; ++k) {
                out[k] =
                    UnpackSingle<U>(block_words_ptr, bit_width, (offset + positions[k]) % kFastLanesBlockLen);
            }
        }
    }
}

} // namespace

Result<ArrayRef> BitPackedArray::ToCanonical() const {
    return VisitIntPType(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        using U = std::make_unsigned_t<T>;
        const size_t num_blocks = FastLanesBlockCount(offset_ + len());
        // Whole blocks are unpacked straight into the output; the result is the [offset,
        // offset + len) window of it (at most 2 * 1023 values of slack, zero-copy).
        auto out = internal::DecodeTarget::Allocate(num_blocks * kFastLanesBlockLen * sizeof(U), sizeof(U));
        U *out_words = reinterpret_cast<U *>(out.data);
        const U *packed_words = packed().data_as<U>();
        UnpackBlocks<U>(packed_words, bit_width_, num_blocks, out_words);
        if (patches_) {
            T *values = reinterpret_cast<T *>(out_words + offset_);
            VX_RETURN_NOT_OK(patches_->ApplyTo<T>(std::span<T>(values, len()), nullptr));
        }
        Buffer values = out.buffer.Slice(offset_ * sizeof(U), len() * sizeof(U));
        VX_ASSIGN_OR_RETURN(auto primitive, PrimitiveArray::TryMake(ptype(), std::move(values), validity_));
        return ArrayRef(std::move(primitive));
    });
}

// Each block is unpacked into an L1-resident scratch block and tested there, so the decoded
// column is never written to memory; patched positions are then tested one by one.
std::optional<Result<BitBuffer>> BitPackedArray::IntRangeImpl(const IntRange &range) const {
    return VisitIntPType(ptype(), [&]<typename T>() -> std::optional<Result<BitBuffer>> {
        using U = std::make_unsigned_t<T>;
        constexpr size_t kWordsPerBlock = kFastLanesBlockLen / 64;
        const size_t num_blocks = FastLanesBlockCount(offset_ + len());
        BufferMut words =
            BufferMut::Uninitialized(num_blocks * kWordsPerBlock * sizeof(uint64_t), alignof(uint64_t));
        auto *out = reinterpret_cast<uint64_t *>(words.data());
        const BlockFn<U> unpack = UnpackBlockFn<U>(bit_width_);
        const size_t block_words = PackedBlockWords<U>(bit_width_);
        const U *packed_words = packed().data_as<U>();
        alignas(64) U scratch[kFastLanesBlockLen];
        for (size_t b = 0; b < num_blocks; ++b) {
            unpack(packed_words + b * block_words, scratch);
            IntRangeWords<U>(scratch, kFastLanesBlockLen, range, out + b * kWordsPerBlock);
        }
        if (patches_) {
            auto values = Canonicalize(patches_->values());
            if (!values.ok()) {
                return Result<BitBuffer>(values.status());
            }
            const auto *primitive = As<PrimitiveArray>(**values);
            if (primitive == nullptr || primitive->ptype() != ptype()) {
                return Result<BitBuffer>(
                    Status::Internal("bit-packed patches are not {} values", PTypeName(ptype())));
            }
            const std::span<const T> patch_values = primitive->values_as<T>();
            for (size_t j = 0; j < patch_values.size(); ++j) {
                const size_t bit = offset_ + patches_->position(j);
                const U shifted =
                    static_cast<U>(static_cast<U>(patch_values[j]) - static_cast<U>(range.base));
                const uint64_t mask = uint64_t{1} << (bit % 64);
                out[bit / 64] =
                    shifted <= static_cast<U>(range.span) ? out[bit / 64] | mask : out[bit / 64] & ~mask;
            }
        }
        return Result<BitBuffer>(
            BitBuffer(std::move(words).Freeze(), 0, num_blocks * kFastLanesBlockLen).Slice(offset_, len()));
    });
}

std::optional<Result<ArrayRef>> BitPackedArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    return CompareByIntRange(*this, scalar, op);
}

std::optional<Result<Scalar>> BitPackedArray::ScalarAtImpl(size_t i) const {
    if (!validity_.is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    if (patches_) {
        if (const std::optional<size_t> j = patches_->Find(i)) {
            return ScalarAtAs(patches_->values(), *j, dtype());
        }
    }
    return VisitIntPType(ptype(), [&]<typename T>() -> std::optional<Result<Scalar>> {
        using U = std::make_unsigned_t<T>;
        const size_t position = offset_ + i;
        const U *block =
            packed().data_as<U>() + (position / kFastLanesBlockLen) * PackedBlockWords<U>(bit_width_);
        const U value = UnpackSingle<U>(block, bit_width_, position % kFastLanesBlockLen);
        return Result<Scalar>(Scalar::Primitive<T>(static_cast<T>(value), dtype().nullability()));
    });
}

// As the reference's slice_bitpacked: keep the blocks covering [offset + start,
// offset + stop) and the position of `start` inside the first of them.
std::optional<Result<ArrayRef>> BitPackedArray::SliceImpl(size_t start, size_t stop) const {
    const size_t first = offset_ + start;
    const size_t block_start = first / kFastLanesBlockLen;
    const size_t block_stop = FastLanesBlockCount(offset_ + stop);
    const size_t block_bytes = PackedBlockBytes(bit_width_);
    Buffer sliced = packed().Slice(block_start * block_bytes, (block_stop - block_start) * block_bytes);
    std::optional<Patches> patches;
    if (patches_) {
        auto sliced_patches = patches_->Slice(start, stop);
        if (!sliced_patches.ok()) {
            return Result<ArrayRef>(sliced_patches.status());
        }
        patches = std::move(*sliced_patches);
    }
    auto array =
        TryMake(ptype(), std::move(sliced), bit_width_, static_cast<uint16_t>(first % kFastLanesBlockLen),
                stop - start, std::move(patches), validity_.Slice(start, stop));
    if (!array.ok()) {
        return Result<ArrayRef>(array.status());
    }
    return Result<ArrayRef>(ArrayRef(std::move(array).ValueOrDie()));
}

Result<ArrayRef> BitPackedArray::Gather(std::span<const size_t> positions,
                                        const std::optional<Patches> &patches,
                                        Validity validity) const {
    return VisitIntPType(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        using U = std::make_unsigned_t<T>;
        auto out = internal::DecodeTarget::Allocate(positions.size() * sizeof(U), sizeof(U));
        GatherPacked<U>(packed().data_as<U>(), bit_width_, offset_, positions,
                        reinterpret_cast<U *>(out.data));
        if (patches) {
            VX_RETURN_NOT_OK(patches->ApplyTo<T>(
                std::span<T>(reinterpret_cast<T *>(out.data), positions.size()), nullptr));
        }
        VX_ASSIGN_OR_RETURN(auto primitive,
                            PrimitiveArray::TryMake(ptype(), std::move(out.buffer), std::move(validity)));
        return ArrayRef(std::move(primitive));
    });
}

std::optional<Result<ArrayRef>> BitPackedArray::FilterImpl(const Mask &mask) const {
    if (mask.true_count() > len() / kFilterGatherRatio) {
        return std::nullopt; // many rows kept: unpacking everything and filtering is cheaper
    }
    const std::vector<size_t> positions = mask.Indices();
    std::optional<Patches> patches;
    if (patches_) {
        auto filtered = patches_->Filter(mask);
        if (!filtered.ok()) {
            return Result<ArrayRef>(filtered.status());
        }
        patches = std::move(*filtered);
    }
    return Gather(positions, patches, validity_.Filter(mask));
}

// Build checks the packed buffer's size only and reads nothing of the patch values (child 1
// when there are patches); the patch indices, chunk offsets and validity are read whole.
std::optional<uint64_t> BitPackedEncoding::PartialChildren(std::span<const uint8_t>, size_t nchildren) const {
    return nchildren >= 2 ? 0b10 : 0;
}

// TakeImpl unpacks from the 1024-value block of each position, or declines for many
// positions and the whole array is decoded.
void BitPackedArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    if (positions.size() > len() / kTakeCanonicalRatio) {
        sink.WholeTree(*this);
        return;
    }
    const uint64_t block_bytes = uint64_t{kFastLanesBlockLen} * bit_width_ / 8;
    for (const uint64_t position : positions) {
        sink.Bytes(packed(), (position + offset_) / kFastLanesBlockLen * block_bytes, block_bytes);
    }
    if (patches_) {
        patches_->DeclareTakeBytes(positions, sink);
    }
}

std::optional<Result<ArrayRef>> BitPackedArray::TakeImpl(const ArrayRef &indices) const {
    if (indices->len() > len() / kTakeCanonicalRatio) {
        return std::nullopt; // many indices: decoding everything is cheaper
    }
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    std::optional<Patches> patches;
    if (patches_) {
        auto taken = patches_->Take(decoded->positions, decoded->validity);
        if (!taken.ok()) {
            return Result<ArrayRef>(taken.status());
        }
        patches = std::move(*taken);
    }
    return Gather(decoded->positions, patches,
                  TakeValidity(validity_, *decoded, indices->dtype().is_nullable()));
}

std::optional<Result<std::optional<Scalar>>> BitPackedArray::ComputeStatImpl(Stat stat) const {
    if (stat == Stat::NullCount) {
        // The validity bits are already decoded: counting them never touches the packed data.
        return Result<std::optional<Scalar>>(
            Scalar::Primitive<uint64_t>(validity_.null_count(len()), Nullability::NonNullable));
    }
    return std::nullopt;
}

} // namespace vortex::fastlanes
