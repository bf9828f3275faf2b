// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sparse/sparse_array.h"

#include <algorithm>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/sparse/sparse_metadata.pb.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex::sparse {
namespace {

// The fill value's bits as T (zero for a null fill).
template <typename T>
T FillAs(const Scalar &fill) {
    return fill.is_null() ? T{} : std::get<T>(fill.pvalue());
}

} // namespace

// Spec: arrays-encodings 7.3.
Result<ArrayRef> SparseEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(
        auto proto, vortex::internal::ParseProtoMetadata<vortex::encodings::SparseMetadata>(kId, metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 2, 2));
    auto fill = DeserializeScalarValue(buffers[0].span<uint8_t>(), dtype);
    if (!fill.ok()) {
        return Status::Serde("{}: fill value: {}", kId, fill.status().message());
    }
    // The reference reads exactly two children and ignores any chunk offsets the patches
    // metadata declares (a prost `required` message decodes as default when absent).
    vortex::array::PatchesMetadata patches_metadata = proto.patches();
    patches_metadata.clear_chunk_offsets_len();
    patches_metadata.clear_chunk_offsets_ptype();
    patches_metadata.clear_offset_within_chunk();
    auto patches = Patches::FromChildren(patches_metadata, len, dtype, children, 0);
    if (!patches.ok()) {
        return Status::Serde("{}: {}", kId, patches.status().message());
    }
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(SparseArray::TryMake(*patches, *std::move(fill))));
    return ArrayRef(std::move(array));
}

SparseArray::SparseArray(
    Token, Patches patches, Scalar fill, std::vector<Buffer> buffers, std::vector<ArrayRef> children)
    : Array(SparseEncoding::Instance(),
            fill.dtype(),
            patches.array_len(),
            std::move(buffers),
            std::move(children)),
      patches_(std::move(patches)), fill_(std::move(fill)) {}

Result<std::shared_ptr<const SparseArray>> SparseArray::TryMake(const Patches &patches, Scalar fill) {
    VX_ENSURE(patches.values()->dtype() == fill.dtype(), InvalidArgument,
              "sparse patch values of {} do not match the fill's dtype {}", patches.values()->dtype(),
              fill.dtype());
    VX_ENSURE(!fill.is_null() || fill.dtype().is_nullable(), InvalidArgument,
              "null fill of a non-nullable dtype");
    Patches kept = patches;
    if (kept.num_children() != 2) {
        VX_ASSIGN_OR_RETURN(kept, Patches::TryMake(patches.array_len(), patches.offset(), patches.indices(),
                                                   patches.values()));
    }
    std::vector<ArrayRef> children;
    kept.AppendChildren(children);
    const std::vector<uint8_t> fill_bytes = SerializeScalarValue(fill);
    std::vector<Buffer> buffers = {Buffer::Copy(fill_bytes)};
    return std::make_shared<const SparseArray>(Token{}, std::move(kept), std::move(fill), std::move(buffers),
                                               std::move(children));
}

Result<std::vector<uint8_t>> SparseArray::SerializeMetadata() const {
    vortex::encodings::SparseMetadata proto;
    patches_.ToMetadata(proto.mutable_patches());
    return vortex::internal::SerializeProtoMetadata(proto);
}

bool SparseArray::is_valid(size_t i) const {
    if (const std::optional<size_t> j = patches_.Find(i)) {
        return patches_.values()->is_valid(*j);
    }
    return !fill_.is_null();
}

Mask SparseArray::validity_mask() const {
    const Mask patch_validity = patches_.values()->validity_mask();
    if (!fill_.is_null() && patch_validity.all_true()) {
        return Mask::AllTrue(len());
    }
    BitBufferMut bits(len(), !fill_.is_null());
    for (size_t j = 0; j < patches_.num_patches(); ++j) {
        bits.Set(patches_.position(j), patch_validity.value(j));
    }
    return Mask::FromBits(std::move(bits).Freeze());
}

Result<ArrayRef> SparseArray::ToCanonical() const {
    const bool nullable = dtype().is_nullable();
    if (dtype().is_primitive()) {
        const PType ptype = dtype().ptype();
        return VisitPType(ptype, [&]<typename T>() -> Result<ArrayRef> {
            BufferMut out = BufferMut::Zeroed(len() * sizeof(T));
            std::span<T> values(out.data_as<T>(), len());
            std::fill(values.begin(), values.end(), FillAs<T>(fill_));
            BitBufferMut validity(nullable ? len() : 0, !fill_.is_null());
            VX_RETURN_NOT_OK(patches_.ApplyTo<T>(values, nullable ? &validity : nullptr));
            const Validity out_validity =
                nullable ? Validity::FromBits(std::move(validity).Freeze()) : Validity::NonNullable();
            return ArrayRef(PrimitiveArray::Make(ptype, std::move(out).Freeze(), out_validity));
        });
    }
    if (dtype().is_bool()) {
        VX_ASSIGN_OR_RETURN(ArrayRef canonical_values, Canonicalize(patches_.values()));
        const auto *values = As<BoolArray>(*canonical_values);
        VX_ENSURE(values != nullptr, Internal, "sparse bool values did not canonicalize to a bool array");
        BitBufferMut bits(len(), !fill_.is_null() && fill_.as_bool());
        BitBufferMut validity(len(), !fill_.is_null());
        for (size_t j = 0; j < patches_.num_patches(); ++j) {
            const size_t at = patches_.position(j);
            bits.Set(at, values->value(j));
            validity.Set(at, values->is_valid(j));
        }
        const Validity out_validity =
            nullable ? Validity::FromBits(std::move(validity).Freeze()) : Validity::NonNullable();
        return ArrayRef(BoolArray::Make(std::move(bits).Freeze(), out_validity));
    }
    // Any other dtype: take from [fill, patch values...] with 0 for unpatched positions.
    std::vector<uint64_t> picks(len(), 0);
    for (size_t j = 0; j < patches_.num_patches(); ++j) {
        picks[patches_.position(j)] = j + 1;
    }
    VX_ASSIGN_OR_RETURN(auto combined,
                        ChunkedArray::TryMake({ConstantArray::Make(fill_, 1), patches_.values()}, dtype()));
    VX_ASSIGN_OR_RETURN(ArrayRef taken,
                        Take(ArrayRef(std::move(combined)), PrimitiveArray::FromValues(picks)));
    return Canonicalize(taken);
}

} // namespace vortex::sparse
