// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/delta/delta_array.h"

#include <algorithm>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/compute/slice.h"
#include "vortex/base/checked_cast.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fastlanes_metadata.pb.h"

namespace vortex::fastlanes {

std::vector<uint8_t> DeltaMetadata::Serialize() const {
    vortex::encodings::DeltaMetadata proto;
    proto.set_deltas_len(deltas_len);
    proto.set_offset(offset);
    return internal::SerializeProtoMetadata(proto);
}

Result<DeltaMetadata> DeltaMetadata::Parse(std::span<const uint8_t> bytes) {
    VX_ASSIGN_OR_RETURN(auto proto, internal::ParseProtoMetadata<vortex::encodings::DeltaMetadata>(
                                        DeltaEncoding::kId, bytes));
    return DeltaMetadata{.deltas_len = proto.deltas_len(), .offset = proto.offset()};
}

size_t DeltaBasesLen(PType ptype, size_t deltas_len) {
    const size_t lanes = kFastLanesBlockLen / (8 * ByteWidth(ptype));
    return (deltas_len / kFastLanesBlockLen) * lanes + (deltas_len % kFastLanesBlockLen != 0 ? 1 : 0);
}

// Spec: arrays-encodings 6.3: children [bases (DeltaBasesLen), deltas (deltas_len)], both
// with the array dtype.
Result<ArrayRef> DeltaEncoding::Build(const DType &dtype,
                                      size_t len,
                                      std::span<const uint8_t> metadata,
                                      std::vector<Buffer> buffers,
                                      const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(DeltaMetadata parsed, DeltaMetadata::Parse(metadata));
    VX_ENSURE(dtype.is_primitive() && IsInt(dtype.ptype()), Serde, "{}: dtype must be an integer, got {}",
              kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 2, 2));
    VX_ENSURE(parsed.offset < kFastLanesBlockLen, Serde, "{}: offset {} must be < 1024", kId, parsed.offset);
    VX_ENSURE(parsed.deltas_len <= SIZE_MAX / 2, Serde, "{}: deltas_len {} is too large", kId,
              parsed.deltas_len);
    const auto deltas_len = static_cast<size_t>(parsed.deltas_len);
    VX_ENSURE(parsed.offset + len <= deltas_len, Serde, "{}: offset {} + len {} exceeds deltas_len {}", kId,
              parsed.offset, len, deltas_len);
    VX_ASSIGN_OR_RETURN(ArrayRef bases, children.Get(0, dtype, DeltaBasesLen(dtype.ptype(), deltas_len)));
    VX_ASSIGN_OR_RETURN(ArrayRef deltas, children.Get(1, dtype, deltas_len));
    VX_ASSIGN_OR_RETURN(
        auto array, AsSerde(DeltaArray::TryMake(std::move(bases), std::move(deltas), parsed.offset, len)));
    VX_ENSURE(array->dtype() == dtype, Serde, "{}: children do not fit dtype {}", kId, dtype);
    return ArrayRef(std::move(array));
}

DeltaArray::DeltaArray(Token, DType dtype, ArrayRef bases, ArrayRef deltas, size_t offset, size_t len)
    : Array(DeltaEncoding::Instance(), std::move(dtype), len, {}, {std::move(bases), std::move(deltas)}),
      offset_(offset) {}

Result<std::shared_ptr<const DeltaArray>>
DeltaArray::TryMake(ArrayRef bases, ArrayRef deltas, size_t offset, size_t len) {
    VX_ENSURE(bases != nullptr && deltas != nullptr, InvalidArgument, "delta children must not be null");
    VX_ENSURE(bases->dtype().is_primitive() && IsInt(bases->dtype().ptype()), InvalidArgument,
              "delta bases must be integers, got {}", bases->dtype());
    VX_ENSURE(bases->dtype().EqualsIgnoringNullability(deltas->dtype()), InvalidArgument,
              "delta bases {} and deltas {} differ", bases->dtype(), deltas->dtype());
    VX_ENSURE(offset < kFastLanesBlockLen, InvalidArgument, "delta offset {} must be < 1024", offset);
    VX_ENSURE(offset <= deltas->len() && len <= deltas->len() - offset, InvalidArgument,
              "delta offset {} + len {} exceeds {} deltas", offset, len, deltas->len());
    const size_t expected_bases = DeltaBasesLen(bases->dtype().ptype(), deltas->len());
    VX_ENSURE(bases->len() == expected_bases, InvalidArgument, "delta has {} bases, {} deltas need {}",
              bases->len(), deltas->len(), expected_bases);
    DType dtype = bases->dtype().WithNullability(deltas->dtype().nullability());
    return std::make_shared<const DeltaArray>(Token{}, std::move(dtype), std::move(bases), std::move(deltas),
                                              offset, len);
}

DeltaMetadata DeltaArray::metadata() const {
    return DeltaMetadata{.deltas_len = deltas()->len(), .offset = static_cast<uint32_t>(offset_)};
}

// Spec: arrays-encodings 6.3 "Validity": logical bit j of a block is stored bit transpose(j)
// (the bit transpose is the inverse of the value transpose).
size_t DeltaArray::StoredValidityIndex(size_t position) const {
    if (is_legacy()) {
        return position;
    }
    const size_t block_start = position - position % kFastLanesBlockLen;
    return block_start + FastLanesTranspose(position % kFastLanesBlockLen);
}

bool DeltaArray::is_valid(size_t i) const {
    return deltas()->is_valid(StoredValidityIndex(offset_ + i));
}

Mask DeltaArray::validity_mask() const {
    const Mask stored = deltas()->validity_mask();
    if (stored.all_true() || stored.all_false()) {
        return stored.Slice(offset_, len());
    }
    BitBufferMut bits(len());
    for (size_t i = 0; i < len(); ++i) {
        bits.Set(i, stored.value(StoredValidityIndex(offset_ + i)));
    }
    return Mask::FromBits(std::move(bits).Freeze());
}

// Keeps every block that holds a kept value, so no block needs re-encoding. A legacy array
// falls back: dropping its partial block would make it look like the current form.
std::optional<Result<ArrayRef>> DeltaArray::SliceImpl(size_t start, size_t stop) const {
    if (is_legacy()) {
        return std::nullopt;
    }
    const size_t physical_start = offset_ + start;
    const size_t physical_stop = offset_ + stop;
    const size_t start_block = physical_start / kFastLanesBlockLen;
    const size_t stop_block = FastLanesBlockCount(physical_stop);
    const size_t lanes = kFastLanesBlockLen / (8 * ByteWidth(dtype().ptype()));
    const size_t bases_len = bases()->len();
    const size_t deltas_len = deltas()->len();
    auto new_bases =
        Slice(bases(), std::min(start_block * lanes, bases_len), std::min(stop_block * lanes, bases_len));
    if (!new_bases.ok()) {
        return Result<ArrayRef>(new_bases.status());
    }
    auto new_deltas = Slice(deltas(), std::min(start_block * kFastLanesBlockLen, deltas_len),
                            std::min(stop_block * kFastLanesBlockLen, deltas_len));
    if (!new_deltas.ok()) {
        return Result<ArrayRef>(new_deltas.status());
    }
    auto array = TryMake(*std::move(new_bases), *std::move(new_deltas), physical_start % kFastLanesBlockLen,
                         stop - start);
    if (!array.ok()) {
        return Result<ArrayRef>(array.status());
    }
    return Result<ArrayRef>(ArrayRef(std::move(array).ValueOrDie()));
}

} // namespace vortex::fastlanes
