// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/chunked/chunked_array.h"

#include <algorithm>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> ChunkedChildren(const ArrayRef &offsets, const std::vector<ArrayRef> &chunks) {
    std::vector<ArrayRef> children{offsets};
    children.insert(children.end(), chunks.begin(), chunks.end());
    return children;
}

} // namespace

// Spec: arrays-encodings 4.11: children [chunk_offsets (U64, nchunks + 1, 0 .. len), chunks...].
Result<ArrayRef> ChunkedEncoding::Build(const DType &dtype,
                                        size_t len,
                                        std::span<const uint8_t> metadata,
                                        std::vector<Buffer> buffers,
                                        const ArrayChildren &children) const {
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_ENSURE(children.size() >= 1, Serde, "{}: missing the chunk offsets child", kId);
    const size_t nchunks = children.size() - 1;
    VX_ASSIGN_OR_RETURN(ArrayRef offsets_child,
                        children.Get(0, DType::Primitive(PType::U64, Nullability::NonNullable), nchunks + 1));
    VX_ASSIGN_OR_RETURN(auto offsets_array, CanonicalIntegers(offsets_child, "chunk offsets"));
    // Not only trusted to ArrayChildren's contract: values_as<uint64_t> and offsets[nchunks] need it.
    VX_ENSURE(offsets_array->ptype() == PType::U64 && offsets_array->len() == nchunks + 1, Serde,
              "{}: chunk offsets must be {} u64 values, got {} {}", kId, nchunks + 1, offsets_array->len(),
              PTypeName(offsets_array->ptype()));
    auto offsets = offsets_array->values_as<uint64_t>();
    VX_ENSURE(offsets[0] == 0, Serde, "{}: first chunk offset is {}, expected 0", kId, offsets[0]);
    VX_ENSURE(offsets[nchunks] == len, Serde, "{}: last chunk offset is {}, expected {}", kId,
              offsets[nchunks], len);
    std::vector<ArrayRef> chunks;
    chunks.reserve(nchunks);
    for (size_t k = 0; k < nchunks; ++k) {
        VX_ENSURE(offsets[k] <= offsets[k + 1], Serde, "{}: chunk offsets decrease at {}", kId, k);
        VX_ASSIGN_OR_RETURN(ArrayRef chunk, children.Get(k + 1, dtype, offsets[k + 1] - offsets[k]));
        chunks.push_back(std::move(chunk));
    }
    VX_ASSIGN_OR_RETURN(auto array, ChunkedArray::TryMake(std::move(chunks), dtype));
    return ArrayRef(std::move(array));
}

ChunkedArray::ChunkedArray(Token,
                           DType dtype,
                           std::vector<ArrayRef> chunks,
                           std::vector<uint64_t> chunk_offsets,
                           const ArrayRef &offsets_child)
    : Array(ChunkedEncoding::Instance(),
            std::move(dtype),
            chunk_offsets.back(),
            {},
            ChunkedChildren(offsets_child, chunks)),
      chunks_(std::move(chunks)), chunk_offsets_(std::move(chunk_offsets)) {}

Result<std::shared_ptr<const ChunkedArray>> ChunkedArray::TryMake(std::vector<ArrayRef> chunks, DType dtype) {
    std::vector<uint64_t> offsets{0};
    offsets.reserve(chunks.size() + 1);
    for (size_t k = 0; k < chunks.size(); ++k) {
        VX_ENSURE(chunks[k] != nullptr, InvalidArgument, "chunk {} is null", k);
        VX_ENSURE(chunks[k]->dtype() == dtype, InvalidArgument, "chunk {} has dtype {}, expected {}", k,
                  chunks[k]->dtype(), dtype);
        offsets.push_back(offsets.back() + chunks[k]->len());
    }
    ArrayRef offsets_child = PrimitiveArray::FromValues(offsets);
    return std::make_shared<const ChunkedArray>(Token{}, std::move(dtype), std::move(chunks),
                                                std::move(offsets), std::move(offsets_child));
}

std::shared_ptr<const ChunkedArray> ChunkedArray::Make(std::vector<ArrayRef> chunks, DType dtype) {
    auto result = TryMake(std::move(chunks), std::move(dtype));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::pair<size_t, size_t> ChunkedArray::FindChunk(size_t i) const {
    VX_CHECK_LT(i, len());
    // The last offset <= i that starts a non-empty chunk.
    auto it = std::upper_bound(chunk_offsets_.begin(), chunk_offsets_.end(), uint64_t{i});
    const size_t chunk = static_cast<size_t>(it - chunk_offsets_.begin()) - 1;
    return {chunk, i - chunk_offsets_[chunk]};
}

bool ChunkedArray::is_valid(size_t i) const {
    auto [chunk, index] = FindChunk(i);
    return chunks_[chunk]->is_valid(index);
}

Mask ChunkedArray::validity_mask() const {
    if (!dtype().is_nullable()) {
        return Mask::AllTrue(len());
    }
    BitBufferMut bits;
    bits.Reserve(len());
    for (const auto &chunk : chunks_) {
        bits.AppendBits(chunk->validity_mask().ToBitBuffer());
    }
    return Mask::FromBits(std::move(bits).Freeze());
}

Result<ArrayRef> ChunkedArray::ToCanonical() const {
    return ConcatCanonical(chunks_, dtype());
}

std::optional<Result<Scalar>> ChunkedArray::ScalarAtImpl(size_t i) const {
    auto [chunk, index] = FindChunk(i);
    return ScalarAt(chunks_[chunk], index);
}

std::optional<Result<ArrayRef>> ChunkedArray::SliceImpl(size_t start, size_t stop) const {
    std::vector<ArrayRef> out;
    for (size_t k = 0; k < chunks_.size(); ++k) {
        const uint64_t begin = std::max<uint64_t>(chunk_offsets_[k], start);
        const uint64_t end = std::min<uint64_t>(chunk_offsets_[k + 1], stop);
        if (begin >= end) {
            continue;
        }
        auto sliced = Slice(chunks_[k], begin - chunk_offsets_[k], end - chunk_offsets_[k]);
        if (!sliced.ok()) {
            return Result<ArrayRef>(sliced.status());
        }
        out.push_back(*std::move(sliced));
    }
    return Result<ArrayRef>(ArrayRef(Make(std::move(out), dtype())));
}

std::optional<Result<ArrayRef>> ChunkedArray::FilterImpl(const Mask &mask) const {
    std::vector<ArrayRef> out;
    for (size_t k = 0; k < chunks_.size(); ++k) {
        const Mask chunk_mask = mask.Slice(chunk_offsets_[k], chunks_[k]->len());
        if (chunk_mask.all_false()) {
            continue;
        }
        auto filtered = Filter(chunks_[k], chunk_mask);
        if (!filtered.ok()) {
            return Result<ArrayRef>(filtered.status());
        }
        out.push_back(*std::move(filtered));
    }
    return Result<ArrayRef>(ArrayRef(Make(std::move(out), dtype())));
}

Result<ArrayRef> ConcatCanonical(const std::vector<ArrayRef> &arrays, const DType &dtype) {
    if (arrays.size() == 1) {
        return Canonicalize(arrays[0]);
    }
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    size_t total = 0;
    for (const auto &array : arrays) {
        total += array->len();
    }
    builder->Reserve(total);
    for (const auto &array : arrays) {
        VX_ENSURE(array->dtype() == dtype, MismatchedTypes, "cannot concatenate {} into {}", array->dtype(),
                  dtype);
        VX_RETURN_NOT_OK(builder->AppendArray(array));
    }
    return builder->Finish();
}

} // namespace vortex
