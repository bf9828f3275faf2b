// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/patched/patched_encoding.h"

#include <bit>
#include <cstring>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/encodings/patched/patched_metadata.pb.h"

namespace vortex::patched {

namespace {

constexpr uint64_t kChunk = 1024;
constexpr uint32_t kMaxLanes = 128;

const DType &U32Type() {
    static const DType dtype = DType::Primitive(PType::U32, Nullability::NonNullable);
    return dtype;
}
const DType &U16Type() {
    static const DType dtype = DType::Primitive(PType::U16, Nullability::NonNullable);
    return dtype;
}

uint64_t ChunkCount(uint64_t offset, uint64_t len) {
    return (offset + len + kChunk - 1) / kChunk;
}

Result<ArrayRef> CanonicalPrimitive(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    VX_ENSURE(As<PrimitiveArray>(*canonical) != nullptr, Internal, "{}: canonical child is not primitive",
              PatchedEncoding::kId);
    return canonical;
}

} // namespace

// Spec: the reference's vortex-array/src/arrays/patched (deserialize, apply_patches_primitive).
Result<ArrayRef> PatchedEncoding::Build(const DType &dtype,
                                        size_t len,
                                        std::span<const uint8_t> metadata,
                                        std::vector<Buffer> buffers,
                                        const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive(), Serde, "{}: dtype must be primitive, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::PatchedMetadata>(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 4, 4));
    const uint32_t n_lanes = proto.n_lanes();
    VX_ENSURE(std::has_single_bit(n_lanes) && n_lanes <= kMaxLanes, Serde,
              "{}: n_lanes {} is not a power of two in 1..{}", kId, n_lanes, kMaxLanes);
    VX_ENSURE(proto.offset() < kChunk, Serde, "{}: offset {} is not below {}", kId, proto.offset(), kChunk);
    const uint64_t n_patches = proto.n_patches();
    const uint64_t n_slots = ChunkCount(proto.offset(), len) * n_lanes;

    const std::pair<const DType *, uint64_t> expected[] = {
        {&dtype, len}, {&U32Type(), n_slots + 1}, {&U16Type(), n_patches}, {&dtype, n_patches}};
    std::vector<ArrayRef> parts;
    for (size_t k = 0; k < 4; ++k) {
        VX_ASSIGN_OR_RETURN(ArrayRef child, children.Get(k, *expected[k].first, expected[k].second));
        // A lying ArrayChildren must not make the typed reads of ToCanonical() misread.
        VX_ENSURE(child->dtype() == *expected[k].first && child->len() == expected[k].second, Serde,
                  "{}: child {} of dtype {} and length {}, expected {} and {}", kId, k, child->dtype(),
                  child->len(), *expected[k].first, expected[k].second);
        parts.push_back(std::move(child));
    }
    return ArrayRef(std::make_shared<const PatchedArray>(PatchedArray::Token{}, dtype, len, std::move(parts),
                                                         n_lanes, proto.offset()));
}

PatchedArray::PatchedArray(
    Token, DType dtype, size_t len, std::vector<ArrayRef> children, uint32_t n_lanes, uint32_t offset)
    : Array(PatchedEncoding::Instance(), std::move(dtype), len, {}, std::move(children)), n_lanes_(n_lanes),
      offset_(offset) {}

Result<std::vector<uint8_t>> PatchedArray::SerializeMetadata() const {
    vortex::encodings::PatchedMetadata proto;
    proto.set_n_patches(static_cast<uint32_t>(child(2)->len()));
    proto.set_n_lanes(n_lanes_);
    proto.set_offset(offset_);
    return internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> PatchedArray::ToCanonical() const {
    constexpr std::string_view kId = PatchedEncoding::kId;
    VX_ASSIGN_OR_RETURN(ArrayRef base_array, CanonicalPrimitive(inner()));
    VX_ASSIGN_OR_RETURN(ArrayRef starts_array, CanonicalPrimitive(child(1)));
    VX_ASSIGN_OR_RETURN(ArrayRef positions_array, CanonicalPrimitive(child(2)));
    VX_ASSIGN_OR_RETURN(ArrayRef values_array, CanonicalPrimitive(child(3)));
    const auto &base = static_cast<const PrimitiveArray &>(*base_array);
    const std::span<const uint32_t> starts =
        static_cast<const PrimitiveArray &>(*starts_array).values_as<uint32_t>();
    const std::span<const uint16_t> positions =
        static_cast<const PrimitiveArray &>(*positions_array).values_as<uint16_t>();
    const auto &values = static_cast<const PrimitiveArray &>(*values_array);
    const uint64_t n_chunks = ChunkCount(offset_, len());
    const uint64_t n_patches = positions.size();

    // The reference builds patches only from non-null values.
    VX_ENSURE(values.validity_mask().all_true(), Serde, "{}: null patch values", kId);
    // Only the chunk boundaries (every n_lanes-th offset) delimit what a chunk owns; each
    // must lie inside the patches and never go backwards.
    for (uint64_t chunk = 0; chunk <= n_chunks; ++chunk) {
        const uint64_t at = starts[chunk * n_lanes_];
        VX_ENSURE(at <= n_patches && (chunk == 0 || at >= starts[(chunk - 1) * n_lanes_]), Serde,
                  "{}: lane offset {} of chunk {} is out of order or beyond {} patches", kId, at, chunk,
                  n_patches);
    }
    return VisitPType(dtype().ptype(), [&]<typename T>() -> Result<ArrayRef> {
        BufferMut out = BufferMut::Uninitialized(len() * sizeof(T), alignof(T));
        if (!empty()) {
            std::memcpy(out.data(), base.values().data(), len() * sizeof(T));
        }
        T *rows = reinterpret_cast<T *>(out.data());
        const T *patch_values = values.values_as<T>().data();
        for (uint64_t chunk = 0; chunk < n_chunks; ++chunk) {
            for (uint64_t p = starts[chunk * n_lanes_]; p < starts[(chunk + 1) * n_lanes_]; ++p) {
                const uint64_t position = chunk * kChunk + positions[p];
                if (position >= offset_ && position < offset_ + len()) {
                    rows[position - offset_] = patch_values[p];
                }
            }
        }
        VX_ASSIGN_OR_RETURN(
            auto result, PrimitiveArray::TryMake(dtype().ptype(), std::move(out).Freeze(), base.validity()));
        return ArrayRef(std::move(result));
    });
}

namespace {

Result<uint64_t> U64At(const ArrayRef &array, size_t i) {
    VX_ASSIGN_OR_RETURN(Scalar scalar, ScalarAt(array, i));
    VX_ENSURE(!scalar.is_null(), Serde, "{}: null in an integer child", PatchedEncoding::kId);
    return VisitIntPType(array->dtype().ptype(),
                         [&]<typename T>() -> uint64_t { return static_cast<uint64_t>(scalar.as<T>()); });
}

} // namespace

std::optional<Result<Scalar>> PatchedArray::ScalarAtImpl(size_t i) const {
    return [&]() -> Result<Scalar> {
        VX_ASSIGN_OR_RETURN(Scalar base, ScalarAt(inner(), i));
        if (base.is_null()) {
            return base;
        }
        const uint64_t row = offset_ + i;
        const uint64_t chunk = row / kChunk;
        VX_ASSIGN_OR_RETURN(uint64_t begin, U64At(child(1), chunk * n_lanes_));
        VX_ASSIGN_OR_RETURN(uint64_t end, U64At(child(1), (chunk + 1) * n_lanes_));
        VX_ENSURE(begin <= end && end <= child(2)->len(), Serde,
                  "{}: lane offsets {}..{} of chunk {} beyond {} patches", PatchedEncoding::kId, begin, end,
                  chunk, child(2)->len());
        // ToCanonical applies a chunk's patches in order, so the last match wins.
        std::optional<uint64_t> hit;
        for (uint64_t p = begin; p < end; ++p) {
            VX_ASSIGN_OR_RETURN(uint64_t index, U64At(child(2), p));
            if (index == row % kChunk) {
                hit = p;
            }
        }
        if (!hit.has_value()) {
            return base;
        }
        VX_ASSIGN_OR_RETURN(Scalar patch, ScalarAt(child(3), *hit));
        VX_ENSURE(!patch.is_null(), Serde, "{}: null patch value", PatchedEncoding::kId);
        return patch;
    }();
}

std::optional<Result<ArrayRef>> PatchedArray::SliceImpl(size_t start, size_t stop) const {
    return [&]() -> Result<ArrayRef> {
        const uint64_t first_chunk = (offset_ + start) / kChunk;
        const uint64_t end_chunk = ChunkCount(offset_, stop);
        VX_ASSIGN_OR_RETURN(ArrayRef inner_slice, Slice(inner(), start, stop));
        VX_ASSIGN_OR_RETURN(ArrayRef lanes,
                            Slice(child(1), first_chunk * n_lanes_, end_chunk * n_lanes_ + 1));
        return ArrayRef(std::make_shared<const PatchedArray>(
            Token{}, dtype(), stop - start, std::vector<ArrayRef>{inner_slice, lanes, child(2), child(3)},
            n_lanes_, static_cast<uint32_t>((offset_ + start) % kChunk)));
    }();
}

} // namespace vortex::patched
