// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/patches/patches.h"

#include <algorithm>
#include <type_traits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/base/bits.h"
#include "vortex/format/array_metadata.pb.h"

namespace vortex {
namespace {

constexpr std::string_view kWhat = "patches";

// Reads index j of an unsigned integer primitive array.
uint64_t IndexAt(const PrimitiveArray &indices, size_t j) {
    return VisitIntPType(indices.ptype(),
                         [&]<typename T>() { return static_cast<uint64_t>(indices.values_as<T>()[j]); });
}

// The narrowest unsigned ptype holding `max`, as the reference narrows derived indices.
PType NarrowestUnsigned(uint64_t max) {
    if (max <= UINT8_MAX) {
        return PType::U8;
    }
    if (max <= UINT16_MAX) {
        return PType::U16;
    }
    if (max <= UINT32_MAX) {
        return PType::U32;
    }
    return PType::U64;
}

// `positions` may be unsorted (take's value indices), so the width comes from the largest.
ArrayRef IndicesArray(const std::vector<uint64_t> &positions) {
    const PType ptype =
        NarrowestUnsigned(positions.empty() ? 0 : *std::max_element(positions.begin(), positions.end()));
    return VisitIntPType(ptype, [&]<typename T>() -> ArrayRef {
        std::vector<T> narrowed(positions.begin(), positions.end());
        return PrimitiveArray::FromValues(narrowed);
    });
}

} // namespace

Patches::Patches(size_t array_len,
                 size_t offset,
                 ArrayRef indices,
                 std::shared_ptr<const PrimitiveArray> canonical_indices,
                 ArrayRef values,
                 ArrayRef chunk_offsets,
                 std::optional<uint64_t> offset_within_chunk)
    : array_len_(array_len), offset_(offset), indices_(std::move(indices)),
      canonical_indices_(std::move(canonical_indices)), values_(std::move(values)),
      chunk_offsets_(std::move(chunk_offsets)), offset_within_chunk_(offset_within_chunk) {}

Result<Patches> Patches::TryMake(size_t array_len, size_t offset, ArrayRef indices, ArrayRef values) {
    VX_ENSURE(indices && values, InvalidArgument, "patch indices and values must not be null");
    const DType &indices_dtype = indices->dtype();
    VX_ENSURE(indices_dtype.is_primitive() && IsUnsignedInt(indices_dtype.ptype()) &&
                  !indices_dtype.is_nullable(),
              InvalidArgument, "patch indices must be non-nullable unsigned integers, got {}", indices_dtype);
    VX_ENSURE(indices->len() == values->len(), InvalidArgument, "{} patch indices but {} patch values",
              indices->len(), values->len());
    VX_ENSURE(offset <= UINT64_MAX - array_len, InvalidArgument, "patch offset {} overflows", offset);
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(indices));
    auto primitive = As<PrimitiveArray>(canonical);
    VX_ENSURE(primitive != nullptr, Internal, "patch indices did not canonicalize to a primitive array");
    // Strictly increasing and inside [offset, offset + array_len): lookups binary-search and
    // ApplyTo writes out[index - offset] without further checks.
    // One typed pass (no per-index dispatch); the first bad index is then reported.
    const size_t bad = VisitIntPType(primitive->ptype(), [&]<typename T>() -> size_t {
        const std::span<const T> raw = primitive->values_as<T>();
        uint64_t previous = 0;
        for (size_t j = 0; j < raw.size(); ++j) {
            // Only unsigned ptypes get here (checked above); the cast keeps every visit well-typed.
            const auto index = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(raw[j]));
            if (index < offset || index - offset >= array_len || (j > 0 && index <= previous)) {
                return j;
            }
            previous = index;
        }
        return raw.size();
    });
    if (bad < primitive->len()) {
        const uint64_t index = IndexAt(*primitive, bad);
        VX_ENSURE(index >= offset && index - offset < array_len, InvalidArgument,
                  "patch index {} outside [{}, {})", index, offset, offset + array_len);
        return Status::InvalidArgument("patch indices not strictly increasing at {}", bad);
    }
    return Patches(array_len, offset, std::move(indices), std::move(primitive), std::move(values), nullptr,
                   std::nullopt);
}

size_t Patches::ChildCount(const vortex::array::PatchesMetadata &metadata) {
    return metadata.has_chunk_offsets_ptype() ? 3 : 2;
}

// Spec: arrays-encodings 3: children indices (indices_ptype, non-null), values (array dtype),
// then chunk_offsets when chunk_offsets_ptype is present.
Result<Patches> Patches::FromChildren(const vortex::array::PatchesMetadata &metadata,
                                      size_t array_len,
                                      const DType &values_dtype,
                                      const ArrayChildren &children,
                                      size_t first_child) {
    VX_ASSIGN_OR_RETURN(PType indices_ptype, internal::PTypeFromTag(kWhat, metadata.indices_ptype()));
    VX_ENSURE(IsUnsignedInt(indices_ptype), Serde, "patch indices must be unsigned, got {}",
              PTypeName(indices_ptype));
    VX_ENSURE(metadata.len() <= array_len, Serde, "{} patches for an array of {} elements", metadata.len(),
              array_len);
    VX_ENSURE(children.size() >= first_child + ChildCount(metadata), Serde,
              "patches need {} children from {}", ChildCount(metadata), first_child);
    const size_t num_patches = static_cast<size_t>(metadata.len());
    VX_ASSIGN_OR_RETURN(
        ArrayRef indices,
        children.Get(first_child, DType::Primitive(indices_ptype, Nullability::NonNullable), num_patches));
    VX_ASSIGN_OR_RETURN(ArrayRef values, children.Get(first_child + 1, values_dtype, num_patches));
    ArrayRef chunk_offsets;
    if (metadata.has_chunk_offsets_ptype()) {
        VX_ASSIGN_OR_RETURN(PType chunk_ptype, internal::PTypeFromTag(kWhat, metadata.chunk_offsets_ptype()));
        VX_RETURN_NOT_OK(internal::EnsureIntPType(kWhat, "chunk offsets", chunk_ptype));
        VX_ENSURE(metadata.has_chunk_offsets_len(), Serde, "patch chunk offsets without a length");
        VX_ENSURE(metadata.chunk_offsets_len() <= array_len / 1024 + 2, Serde, "{} patch chunk offsets",
                  metadata.chunk_offsets_len());
        VX_ASSIGN_OR_RETURN(chunk_offsets,
                            children.Get(first_child + 2,
                                         DType::Primitive(chunk_ptype, Nullability::NonNullable),
                                         static_cast<size_t>(metadata.chunk_offsets_len())));
    }
    // ArrayChildren promise the dtype and length asked for, but a child decoded from a file is
    // not trusted to keep the promise.
    VX_ENSURE(indices->dtype() == DType::Primitive(indices_ptype, Nullability::NonNullable) &&
                  indices->len() == num_patches,
              Serde, "patch indices child has dtype {} and {} elements", indices->dtype(), indices->len());
    VX_ENSURE(values->dtype() == values_dtype && values->len() == num_patches, Serde,
              "patch values child has dtype {} and {} elements, expected {}", values->dtype(), values->len(),
              values_dtype);
    VX_ENSURE(!chunk_offsets ||
                  (chunk_offsets->dtype().is_primitive() && !chunk_offsets->dtype().is_nullable() &&
                   IsInt(chunk_offsets->dtype().ptype()) &&
                   chunk_offsets->len() == metadata.chunk_offsets_len()),
              Serde, "patch chunk offsets child has dtype {}",
              chunk_offsets ? chunk_offsets->dtype() : DType::Null());
    auto patches = TryMake(array_len, metadata.offset(), std::move(indices), std::move(values));
    if (!patches.ok()) {
        return Status::Serde("{}", patches.status().message());
    }
    patches->chunk_offsets_ = std::move(chunk_offsets);
    if (metadata.has_offset_within_chunk()) {
        patches->offset_within_chunk_ = metadata.offset_within_chunk();
    }
    return patches;
}

void Patches::ToMetadata(vortex::array::PatchesMetadata *metadata) const {
    metadata->set_len(num_patches());
    metadata->set_offset(offset_);
    metadata->set_indices_ptype(static_cast<vortex::dtype::PType>(indices_ptype()));
    if (chunk_offsets_) {
        metadata->set_chunk_offsets_len(chunk_offsets_->len());
        metadata->set_chunk_offsets_ptype(static_cast<vortex::dtype::PType>(chunk_offsets_->dtype().ptype()));
    }
    if (offset_within_chunk_) {
        metadata->set_offset_within_chunk(*offset_within_chunk_);
    }
}

void Patches::AppendChildren(std::vector<ArrayRef> &children) const {
    children.push_back(indices_);
    children.push_back(values_);
    if (chunk_offsets_) {
        children.push_back(chunk_offsets_);
    }
}

size_t Patches::position(size_t j) const {
    return static_cast<size_t>(IndexAt(*canonical_indices_, j) - offset_);
}

std::pair<size_t, size_t> Patches::Range(size_t start, size_t stop) const {
    return VisitIntPType(canonical_indices_->ptype(), [&]<typename T>() -> std::pair<size_t, size_t> {
        if constexpr (std::is_unsigned_v<T>) {
            const auto indices = canonical_indices_->values_as<T>();
            const uint64_t low = offset_ + start;
            const uint64_t high = offset_ + stop;
            const auto first = std::lower_bound(indices.begin(), indices.end(), low,
                                                [](T index, uint64_t value) { return index < value; });
            const auto last = std::lower_bound(first, indices.end(), high,
                                               [](T index, uint64_t value) { return index < value; });
            return {static_cast<size_t>(first - indices.begin()),
                    static_cast<size_t>(last - indices.begin())};
        } else {
            VX_CHECK_MSG(false, "signed patch indices");
            return {0, 0};
        }
    });
}

std::optional<size_t> Patches::Find(size_t i) const {
    const auto [first, last] = Range(i, i + 1);
    if (first == last) {
        return std::nullopt;
    }
    return first;
}

template <typename T>
Status Patches::ApplyTo(std::span<T> out, BitBufferMut *validity) const {
    VX_ENSURE(out.size() == array_len_, InvalidArgument, "patch target has {} elements, expected {}",
              out.size(), array_len_);
    VX_ENSURE(validity == nullptr || validity->len() == array_len_, InvalidArgument,
              "patch validity has the wrong length");
    VX_ASSIGN_OR_RETURN(ArrayRef canonical_values, Canonicalize(values_));
    const auto *values = As<PrimitiveArray>(*canonical_values);
    VX_ENSURE(values != nullptr && ByteWidth(values->ptype()) == sizeof(T), InvalidArgument,
              "patch values of {} do not fit a {}-byte target", values_->dtype(), sizeof(T));
    const T *raw = reinterpret_cast<const T *>(values->values().data());
    // One typed loop over the indices (TryMake checked they lie in [offset, offset + len)).
    VisitIntPType(canonical_indices_->ptype(), [&]<typename I>() {
        const std::span<const I> indices = canonical_indices_->values_as<I>();
        for (size_t j = 0; j < indices.size(); ++j) {
            const size_t at = static_cast<size_t>(static_cast<uint64_t>(indices[j]) - offset_);
            out[at] = raw[j];
            if (validity != nullptr) {
                validity->Set(at, values->is_valid(j));
            }
        }
    });
    return Status::OK();
}

#define VX_INSTANTIATE_APPLY_TO(T) template Status Patches::ApplyTo<T>(std::span<T>, BitBufferMut *) const;
VX_INSTANTIATE_APPLY_TO(uint8_t)
VX_INSTANTIATE_APPLY_TO(uint16_t)
VX_INSTANTIATE_APPLY_TO(uint32_t)
VX_INSTANTIATE_APPLY_TO(uint64_t)
VX_INSTANTIATE_APPLY_TO(int8_t)
VX_INSTANTIATE_APPLY_TO(int16_t)
VX_INSTANTIATE_APPLY_TO(int32_t)
VX_INSTANTIATE_APPLY_TO(int64_t)
VX_INSTANTIATE_APPLY_TO(Half)
VX_INSTANTIATE_APPLY_TO(float)
VX_INSTANTIATE_APPLY_TO(double)
#undef VX_INSTANTIATE_APPLY_TO

Result<std::optional<Patches>> Patches::Slice(size_t start, size_t stop) const {
    VX_ENSURE(start <= stop && stop <= array_len_, OutOfBounds, "patch slice [{}, {}) of {}", start, stop,
              array_len_);
    const auto [first, last] = Range(start, stop);
    if (first == last) {
        return std::optional<Patches>();
    }
    // Indices stay absolute; the offset moves (spec section 3).
    VX_ASSIGN_OR_RETURN(ArrayRef indices, vortex::Slice(indices_, first, last));
    VX_ASSIGN_OR_RETURN(ArrayRef values, vortex::Slice(values_, first, last));
    VX_ASSIGN_OR_RETURN(Patches sliced,
                        TryMake(stop - start, offset_ + start, std::move(indices), std::move(values)));
    return std::optional<Patches>(std::move(sliced));
}

Result<Patches> Patches::Derive(size_t array_len,
                                const std::vector<uint64_t> &positions,
                                const std::vector<uint64_t> &value_indices) const {
    VX_ASSIGN_OR_RETURN(ArrayRef values, vortex::Take(values_, IndicesArray(value_indices)));
    return TryMake(array_len, 0, IndicesArray(positions), std::move(values));
}

Result<std::optional<Patches>> Patches::Filter(const Mask &mask) const {
    VX_ENSURE(mask.len() == array_len_, InvalidArgument, "filter mask has {} bits, patches cover {}",
              mask.len(), array_len_);
    std::vector<uint64_t> positions;
    std::vector<uint64_t> value_indices;
    // Ranks are counted incrementally: patch positions increase, so one pass suffices.
    size_t rank = 0;
    size_t counted_to = 0;
    const BitBuffer bits = mask.ToBitBuffer();
    for (size_t j = 0; j < num_patches(); ++j) {
        const size_t at = position(j);
        if (!mask.value(at)) {
            continue;
        }
        rank += bits::CountSetBits(bits.buffer().data(), bits.offset() + counted_to, at - counted_to);
        counted_to = at;
        positions.push_back(rank);
        value_indices.push_back(j);
    }
    if (positions.empty()) {
        return std::optional<Patches>();
    }
    VX_ASSIGN_OR_RETURN(Patches filtered, Derive(mask.true_count(), positions, value_indices));
    return std::optional<Patches>(std::move(filtered));
}

Result<std::optional<Patches>> Patches::Take(std::span<const size_t> positions, const Mask &valid) const {
    VX_ENSURE(valid.len() == positions.size(), InvalidArgument, "take validity has the wrong length");
    std::vector<uint64_t> out_positions;
    std::vector<uint64_t> value_indices;
    for (size_t k = 0; k < positions.size(); ++k) {
        if (!valid.value(k)) {
            continue;
        }
        VX_ENSURE(positions[k] < array_len_, OutOfBounds, "take index {} out of bounds for {}", positions[k],
                  array_len_);
        if (const std::optional<size_t> j = Find(positions[k])) {
            out_positions.push_back(k);
            value_indices.push_back(*j);
        }
    }
    if (out_positions.empty()) {
        return std::optional<Patches>();
    }
    VX_ASSIGN_OR_RETURN(Patches taken, Derive(positions.size(), out_positions, value_indices));
    return std::optional<Patches>(std::move(taken));
}

void Patches::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    std::vector<uint64_t> hits;
    for (const uint64_t position : positions) {
        if (position < array_len_) {
            if (const std::optional<size_t> j = Find(static_cast<size_t>(position))) {
                hits.push_back(*j);
            }
        }
    }
    if (!hits.empty()) {
        values_->DeclareTakeBytes(hits, sink);
    }
}

} // namespace vortex
