// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// ALP encoding as the reference's alp_encode (encodings/alp/src/alp/{mod,compress}.rs): the
// same exponent search, size estimate, chunking, patch rules and fill value, so that the
// metadata and children match what it would serialize for the same input.

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/output_buffer_internal.h"
#include "vortex/format/array_metadata.pb.h"

namespace vortex::alp {
namespace {

template <typename I>
struct Bounds {
    I min = 0;
    I max = 0;
    bool empty = true;

    void Add(I value) {
        min = empty ? value : std::min(min, value);
        max = empty ? value : std::max(max, value);
        empty = false;
    }
};

// Bits per value of frame-of-reference + bit-packing over `bounds`: the full width when
// there are no values or the range overflows, 0 for a single distinct value.
template <typename I>
size_t BitsForRange(const Bounds<I> &bounds) {
    using U = std::make_unsigned_t<I>;
    if (bounds.empty) {
        return 8 * sizeof(I);
    }
    I range = 0;
    if (__builtin_sub_overflow(bounds.max, bounds.min, &range)) {
        return 8 * sizeof(I);
    }
    return static_cast<size_t>(std::bit_width(static_cast<U>(range)));
}

// The reference's estimate_encoded_size_for_exponents: packed bytes of the encoded values
// plus (value + u16 position) per patch. The packed range covers the values that round-trip,
// or every encoded value when none does (then nothing fills the patched slots).
template <typename T>
size_t EstimateEncodedSize(std::span<const T> values, Exponents exponents) {
    using I = ALPInt<T>;
    Bounds<I> kept;
    Bounds<I> all;
    size_t patch_count = 0;
    for (const T value : values) {
        const I encoded = EncodeSingleUnchecked<T>(value, exponents);
        all.Add(encoded);
        if (BitEqual(DecodeSingle<T>(encoded, exponents), value)) {
            kept.Add(encoded);
        } else {
            ++patch_count;
        }
    }
    const size_t bits = BitsForRange(patch_count == values.size() ? all : kept);
    const size_t encoded_bytes = (values.size() * bits + 7) / 8;
    return encoded_bytes + patch_count * (sizeof(T) + sizeof(uint16_t));
}

template <typename T>
Exponents FindBestExponentsTyped(std::span<const T> values) {
    // Every (len / kSampleSize)-th value, starting at 0, when there are more than kSampleSize.
    std::vector<T> strided;
    std::span<const T> sample = values;
    if (values.size() > kSampleSize) {
        const size_t step = values.size() / kSampleSize;
        for (size_t i = 0; i < values.size(); i += step) {
            strided.push_back(values[i]);
        }
        sample = strided;
    }
    Exponents best{.e = 0, .f = 0};
    size_t best_bytes = std::numeric_limits<size_t>::max();
    // Largest e first; on equal size the smaller e - f wins (the reference's order).
    for (int e = ALPTraits<T>::kMaxExponent - 1; e >= 0; --e) {
        for (int f = 0; f < e; ++f) {
            const Exponents candidate{.e = static_cast<uint8_t>(e), .f = static_cast<uint8_t>(f)};
            const size_t bytes = EstimateEncodedSize<T>(sample, candidate);
            if (bytes < best_bytes) {
                best_bytes = bytes;
                best = candidate;
            } else if (bytes == best_bytes && e - f < best.e - best.f) {
                best = candidate;
            }
        }
    }
    return best;
}

template <typename T>
struct EncodedParts {
    internal::OutputBuffer<ALPInt<T>> encoded;
    std::vector<uint64_t> patch_positions;
    std::vector<T> patch_values;
    std::vector<uint64_t> chunk_offsets;
};

// The reference's encode + encode_chunk_unchecked: chunks of 1024, a patch wherever the
// value does not decode back bit for bit; patched slots take the first non-patched encoded
// value of the array (slots before it are filled once it is found).
template <typename T>
EncodedParts<T> EncodeValues(std::span<const T> values, Exponents exponents) {
    using I = ALPInt<T>;
    EncodedParts<T> parts;
    parts.encoded = internal::OutputBuffer<I>::Allocate(values.size());
    I *out = parts.encoded.data;
    std::optional<I> fill;
    for (size_t start = 0; start < values.size(); start += kChunkLen) {
        const size_t stop = std::min(values.size(), start + kChunkLen);
        const size_t previous_patches = parts.patch_positions.size();
        const bool had_fill = fill.has_value();
        parts.chunk_offsets.push_back(previous_patches);
        for (size_t i = start; i < stop; ++i) {
            out[i] = EncodeSingleUnchecked<T>(values[i], exponents);
            if (!BitEqual(DecodeSingle<T>(out[i], exponents), values[i])) {
                parts.patch_positions.push_back(i);
                parts.patch_values.push_back(values[i]);
            }
        }
        const size_t chunk_patches = parts.patch_positions.size() - previous_patches;
        if (!fill && chunk_patches < stop - start) {
            // The first position of the chunk that is not patched.
            size_t i = start;
            for (size_t j = previous_patches;
                 j < parts.patch_positions.size() && parts.patch_positions[j] == i; ++j) {
                ++i;
            }
            fill = out[i];
        }
        if (fill) {
            for (size_t j = had_fill ? previous_patches : 0; j < parts.patch_positions.size(); ++j) {
                out[parts.patch_positions[j]] = *fill;
            }
        }
    }
    return parts;
}

// Drops patches at null positions (their values are garbage) and recounts the chunk offsets.
template <typename T>
void DropNullPatches(const Mask &validity, EncodedParts<T> &parts) {
    if (validity.all_true()) {
        return;
    }
    std::vector<uint64_t> positions;
    std::vector<T> values;
    if (!validity.all_false()) {
        for (size_t j = 0; j < parts.patch_positions.size(); ++j) {
            if (validity.value(parts.patch_positions[j])) {
                positions.push_back(parts.patch_positions[j]);
                values.push_back(parts.patch_values[j]);
            }
        }
    }
    size_t kept = 0;
    for (size_t chunk = 0; chunk < parts.chunk_offsets.size(); ++chunk) {
        while (kept < positions.size() && positions[kept] < chunk * kChunkLen) {
            ++kept;
        }
        parts.chunk_offsets[chunk] = kept;
    }
    parts.patch_positions = std::move(positions);
    parts.patch_values = std::move(values);
}

template <typename T>
Result<ArrayRef> EncodeTyped(const PrimitiveArray &array, std::optional<Exponents> requested) {
    const std::span<const T> values = array.values_as<T>();
    if (requested) {
        VX_ENSURE(ValidExponents<T>(*requested), InvalidArgument, "alp exponents e={} f={} out of range",
                  requested->e, requested->f);
    }
    const Exponents exponents = requested ? *requested : FindBestExponentsTyped<T>(values);
    EncodedParts<T> parts = EncodeValues<T>(values, exponents);
    DropNullPatches<T>(array.validity_mask(), parts);

    VX_ASSIGN_OR_RETURN(
        auto encoded,
        PrimitiveArray::TryMake(kPTypeOf<ALPInt<T>>, std::move(parts.encoded.buffer), array.validity()));
    std::optional<Patches> patches;
    if (!parts.patch_positions.empty()) {
        const bool nullable = array.dtype().is_nullable();
        ArrayRef patch_values = PrimitiveArray::FromValues(
            parts.patch_values, nullable ? Validity::AllValid() : Validity::NonNullable());
        // Built through FromChildren so that the chunk offsets (u64, one per 1024 values) and
        // offset_within_chunk = 0 are kept, as the reference writes them for a fresh encode.
        vortex::array::PatchesMetadata metadata;
        metadata.set_len(parts.patch_positions.size());
        metadata.set_offset(0);
        metadata.set_indices_ptype(static_cast<vortex::dtype::PType>(PType::U64));
        metadata.set_chunk_offsets_len(parts.chunk_offsets.size());
        metadata.set_chunk_offsets_ptype(static_cast<vortex::dtype::PType>(PType::U64));
        metadata.set_offset_within_chunk(0);
        VectorArrayChildren children({PrimitiveArray::FromValues(parts.patch_positions),
                                      std::move(patch_values),
                                      PrimitiveArray::FromValues(parts.chunk_offsets)});
        VX_ASSIGN_OR_RETURN(patches,
                            Patches::FromChildren(metadata, values.size(), array.dtype(), children, 0));
    }
    VX_ASSIGN_OR_RETURN(auto alp, ALPArray::TryMake(encoded, exponents, std::move(patches)));
    return ArrayRef(std::move(alp));
}

} // namespace

Exponents FindBestExponents(std::span<const float> values) {
    return FindBestExponentsTyped<float>(values);
}

Exponents FindBestExponents(std::span<const double> values) {
    return FindBestExponentsTyped<double>(values);
}

Result<ArrayRef> ALPEncode(const ArrayRef &input, std::optional<Exponents> exponents) {
    VX_ENSURE(input != nullptr, InvalidArgument, "alp input must not be null");
    VX_ENSURE(input->dtype().is_primitive() &&
                  (input->dtype().ptype() == PType::F32 || input->dtype().ptype() == PType::F64),
              InvalidArgument, "alp encodes f32 or f64, got {}", input->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(input));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "alp input did not canonicalize to a primitive array");
    return VisitALPFloat(primitive->ptype(),
                         [&]<typename T>() { return EncodeTyped<T>(*primitive, exponents); });
}

} // namespace vortex::alp
