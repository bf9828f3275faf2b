// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Encoding canonical integers as fastlanes.bitpacked, shaped like the reference's
// bitpack_encode: packed blocks, patches with indices of the narrowest type the array length
// allows, values of the array's dtype (all valid) and one u64 chunk offset per 1024 values.

#include <algorithm>
#include <array>
#include <bit>
#include <type_traits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"
#include "vortex/format/array_metadata.pb.h"

namespace vortex::fastlanes {
namespace {

Result<std::shared_ptr<const PrimitiveArray>> AsCanonicalInt(const ArrayRef &array) {
    VX_ENSURE(array != nullptr, InvalidArgument, "bit-packing a null array");
    auto primitive = As<PrimitiveArray>(array);
    VX_ENSURE(primitive != nullptr && IsInt(primitive->ptype()), InvalidArgument,
              "bit-packing needs a canonical integer array, got {} {}", array->encoding_id(), array->dtype());
    return primitive;
}

// Bits needed by `value` as an unsigned number of its width (negatives need all of them).
template <typename T>
unsigned BitsNeeded(T value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<unsigned>(8 * sizeof(T) - std::countl_zero(static_cast<U>(value)));
}

// The reference picks the patch index type from the array length with strict bounds
// (len < u8::MAX -> u8, ...).
PType PatchIndexPType(size_t len) {
    if (len < UINT8_MAX) {
        return PType::U8;
    }
    if (len < UINT16_MAX) {
        return PType::U16;
    }
    if (len < UINT32_MAX) {
        return PType::U32;
    }
    return PType::U64;
}

template <typename T>
Result<std::optional<Patches>> MakePatches(size_t len,
                                           Nullability nullability,
                                           const std::vector<uint64_t> &indices,
                                           const std::vector<T> &values,
                                           const std::vector<uint64_t> &chunk_offsets) {
    if (indices.empty()) {
        return std::optional<Patches>();
    }
    const PType index_ptype = PatchIndexPType(len);
    ArrayRef index_array = VisitIntPType(index_ptype, [&]<typename I>() -> ArrayRef {
        std::vector<I> narrowed(indices.begin(), indices.end());
        return PrimitiveArray::FromValues(narrowed);
    });
    ArrayRef value_array = PrimitiveArray::FromValues(values, Validity::From(nullability));
    ArrayRef chunk_offsets_array = PrimitiveArray::FromValues(chunk_offsets);
    // Patches::TryMake has no chunk offsets; go through the deserialization path, which
    // keeps them (as Patches::new(.., Some(chunk_offsets)) does, with offset_within_chunk 0).
    vortex::array::PatchesMetadata metadata;
    metadata.set_len(indices.size());
    metadata.set_offset(0);
    metadata.set_indices_ptype(static_cast<vortex::dtype::PType>(index_ptype));
    metadata.set_chunk_offsets_len(chunk_offsets.size());
    metadata.set_chunk_offsets_ptype(static_cast<vortex::dtype::PType>(PType::U64));
    metadata.set_offset_within_chunk(0);
    const VectorArrayChildren children({index_array, value_array, chunk_offsets_array});
    VX_ASSIGN_OR_RETURN(Patches patches,
                        Patches::FromChildren(metadata, len, value_array->dtype(), children, 0));
    return std::optional<Patches>(std::move(patches));
}

template <typename T>
Result<ArrayRef> EncodeTyped(const PrimitiveArray &array, uint8_t bit_width) {
    using U = std::make_unsigned_t<T>;
    const std::span<const T> values = array.values_as<T>();
    const size_t len = values.size();
    const Validity &validity = array.validity();
    const bool all_valid = validity.trivially_all_valid();
    const bool all_null = validity.kind() == Validity::Kind::AllInvalid;
    const size_t num_blocks = FastLanesBlockCount(len);
    const size_t block_words = PackedBlockWords<U>(bit_width);
    BufferMut packed = BufferMut::Zeroed(num_blocks * block_words * sizeof(U), sizeof(U));
    U *packed_words = packed.data_as<U>();
    const BlockFn<U> pack = PackBlockFn<U>(bit_width);

    std::vector<uint64_t> patch_indices;
    std::vector<T> patch_values;
    std::vector<uint64_t> chunk_offsets;
    chunk_offsets.reserve(num_blocks);
    alignas(64) U block[kFastLanesBlockLen];
    for (size_t b = 0; b < num_blocks; ++b) {
        const size_t start = b * kFastLanesBlockLen;
        const size_t n = std::min(kFastLanesBlockLen, len - start);
        chunk_offsets.push_back(patch_values.size());
        for (size_t i = 0; i < n; ++i) {
            const T value = values[start + i];
            const bool valid = all_valid || (!all_null && validity.is_valid(start + i));
            if (!valid) {
                block[i] = 0; // nulls pack as 0
                continue;
            }
            if (BitsNeeded(value) > bit_width) {
                patch_indices.push_back(start + i);
                patch_values.push_back(value);
            }
            block[i] = static_cast<U>(value); // the packer keeps the low bit_width bits
        }
        std::fill(block + n, block + kFastLanesBlockLen, U{0});
        if (bit_width > 0) {
            pack(block, packed_words + b * block_words);
        }
    }
    VX_ASSIGN_OR_RETURN(
        std::optional<Patches> patches,
        MakePatches<T>(len, array.dtype().nullability(), patch_indices, patch_values, chunk_offsets));
    VX_ASSIGN_OR_RETURN(auto encoded,
                        BitPackedArray::TryMake(array.ptype(), std::move(packed).Freeze(), bit_width, 0, len,
                                                std::move(patches), validity));
    return ArrayRef(std::move(encoded));
}

} // namespace

Result<ArrayRef> BitPackEncode(const ArrayRef &canonical_int_array, uint8_t bit_width) {
    VX_ASSIGN_OR_RETURN(auto array, AsCanonicalInt(canonical_int_array));
    VX_ENSURE(bit_width <= 8 * ByteWidth(array->ptype()), InvalidArgument, "cannot bit-pack {} at {} bits",
              PTypeName(array->ptype()), bit_width);
    return VisitIntPType(array->ptype(), [&]<typename T>() { return EncodeTyped<T>(*array, bit_width); });
}

Result<std::vector<size_t>> BitWidthHistogram(const ArrayRef &canonical_int_array) {
    VX_ASSIGN_OR_RETURN(auto array, AsCanonicalInt(canonical_int_array));
    return VisitIntPType(array->ptype(), [&]<typename T>() {
        std::vector<size_t> histogram(8 * sizeof(T) + 1, 0);
        const std::span<const T> values = array->values_as<T>();
        const Validity &validity = array->validity();
        if (validity.trivially_all_valid()) {
            // Four interleaved counters per width: neighbours mostly need the same width, and
            // one counter would make each increment wait for the previous one.
            constexpr size_t kWidths = 8 * sizeof(T) + 1;
            std::array<std::array<size_t, kWidths>, 4> counts{};
            size_t i = 0;
            for (; i + 4 <= values.size(); i += 4) {
                for (size_t lane = 0; lane < 4; ++lane) {
                    ++counts[lane][BitsNeeded(values[i + lane])];
                }
            }
            for (; i < values.size(); ++i) {
                ++counts[0][BitsNeeded(values[i])];
            }
            for (size_t width = 0; width < kWidths; ++width) {
                histogram[width] = counts[0][width] + counts[1][width] + counts[2][width] + counts[3][width];
            }
        } else {
            for (size_t i = 0; i < values.size(); ++i) {
                ++histogram[validity.is_valid(i) ? BitsNeeded(values[i]) : 0];
            }
        }
        return histogram;
    });
}

// Packed bytes are bit_width * len / 8 (rounded up); each value wider than the width costs
// its ptype width plus a 4-byte index. Ties keep the narrower width.
uint8_t BestBitWidth(PType ptype, std::span<const size_t> histogram) {
    const size_t bytes_per_exception = ByteWidth(ptype) + 4;
    size_t len = 0;
    for (const size_t count : histogram) {
        len += count;
    }
    size_t num_packed = 0;
    size_t best_cost = len * bytes_per_exception;
    size_t best_width = 0;
    for (size_t width = 0; width < histogram.size(); ++width) {
        num_packed += histogram[width];
        const size_t cost = (width * len + 7) / 8 + (len - num_packed) * bytes_per_exception;
        if (cost < best_cost) {
            best_cost = cost;
            best_width = width;
        }
    }
    return static_cast<uint8_t>(best_width);
}

Result<uint8_t> BestBitWidth(const ArrayRef &canonical_int_array) {
    VX_ASSIGN_OR_RETURN(std::vector<size_t> histogram, BitWidthHistogram(canonical_int_array));
    return BestBitWidth(canonical_int_array->dtype().ptype(), histogram);
}

} // namespace vortex::fastlanes
