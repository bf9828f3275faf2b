// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/rle/rle_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/compute/slice.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fastlanes_metadata.pb.h"

namespace vortex::fastlanes {

// Spec: arrays-encodings 6.4.
std::vector<uint8_t> RLEMetadata::Serialize() const {
    vortex::encodings::RLEMetadata proto;
    proto.set_values_len(values_len);
    proto.set_indices_len(indices_len);
    proto.set_indices_ptype(static_cast<vortex::dtype::PType>(indices_ptype));
    proto.set_values_idx_offsets_len(values_idx_offsets_len);
    proto.set_values_idx_offsets_ptype(static_cast<vortex::dtype::PType>(values_idx_offsets_ptype));
    proto.set_offset(offset);
    return internal::SerializeProtoMetadata(proto);
}

Result<RLEMetadata> RLEMetadata::Parse(std::span<const uint8_t> bytes) {
    constexpr std::string_view kId = RLEEncoding::kId;
    VX_ASSIGN_OR_RETURN(auto proto, internal::ParseProtoMetadata<vortex::encodings::RLEMetadata>(kId, bytes));
    RLEMetadata out;
    out.values_len = proto.values_len();
    out.indices_len = proto.indices_len();
    out.values_idx_offsets_len = proto.values_idx_offsets_len();
    out.offset = proto.offset();
    VX_ASSIGN_OR_RETURN(out.indices_ptype, internal::PTypeFromTag(kId, proto.indices_ptype()));
    VX_ASSIGN_OR_RETURN(out.values_idx_offsets_ptype,
                        internal::PTypeFromTag(kId, proto.values_idx_offsets_ptype()));
    VX_ENSURE(out.indices_ptype == PType::U8 || out.indices_ptype == PType::U16, Serde,
              "{}: indices must be u8 or u16, got {}", kId, PTypeName(out.indices_ptype));
    VX_ENSURE(IsUnsignedInt(out.values_idx_offsets_ptype), Serde, "{}: offsets must be unsigned, got {}", kId,
              PTypeName(out.values_idx_offsets_ptype));
    return out;
}

Result<ArrayRef> RLEEncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(RLEMetadata parsed, RLEMetadata::Parse(metadata));
    VX_ENSURE(dtype.is_primitive(), Serde, "{}: dtype must be primitive, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 3, 3));
    VX_ENSURE(parsed.offset < kFastLanesBlockLen, Serde, "{}: offset {} must be < 1024", kId, parsed.offset);
    // Every block holds 1024 indices and at least one value, so these bound each other.
    VX_ENSURE(parsed.indices_len <= SIZE_MAX / 2 && parsed.values_len <= parsed.indices_len &&
                  parsed.values_idx_offsets_len == parsed.indices_len / kFastLanesBlockLen,
              Serde, "{}: inconsistent lengths: {} values, {} indices, {} offsets", kId, parsed.values_len,
              parsed.indices_len, parsed.values_idx_offsets_len);
    VX_ASSIGN_OR_RETURN(ArrayRef values, children.Get(0, dtype.WithNullability(Nullability::NonNullable),
                                                      static_cast<size_t>(parsed.values_len)));
    VX_ASSIGN_OR_RETURN(ArrayRef indices,
                        children.Get(1, DType::Primitive(parsed.indices_ptype, dtype.nullability()),
                                     static_cast<size_t>(parsed.indices_len)));
    VX_ASSIGN_OR_RETURN(
        ArrayRef offsets,
        children.Get(2, DType::Primitive(parsed.values_idx_offsets_ptype, Nullability::NonNullable),
                     static_cast<size_t>(parsed.values_idx_offsets_len)));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(RLEArray::TryMake(std::move(values), std::move(indices), std::move(offsets),
                                                  static_cast<size_t>(parsed.offset), len)));
    return ArrayRef(std::move(array));
}

RLEArray::RLEArray(Token,
                   DType dtype,
                   ArrayRef values,
                   ArrayRef indices,
                   ArrayRef values_idx_offsets,
                   std::vector<uint64_t> block_starts,
                   size_t offset,
                   size_t len)
    : Array(RLEEncoding::Instance(),
            std::move(dtype),
            len,
            {},
            {std::move(values), std::move(indices), std::move(values_idx_offsets)}),
      block_starts_(std::move(block_starts)), offset_(offset) {}

Result<std::shared_ptr<const RLEArray>>
RLEArray::TryMake(ArrayRef values, ArrayRef indices, ArrayRef values_idx_offsets, size_t offset, size_t len) {
    VX_ENSURE(values && indices && values_idx_offsets, InvalidArgument, "RLE children must not be null");
    VX_ENSURE(values->dtype().is_primitive() && !values->dtype().is_nullable(), InvalidArgument,
              "RLE values must be non-nullable primitives, got {}", values->dtype());
    VX_ENSURE(indices->dtype().is_primitive() &&
                  (indices->dtype().ptype() == PType::U8 || indices->dtype().ptype() == PType::U16),
              InvalidArgument, "RLE indices must be u8 or u16, got {}", indices->dtype());
    VX_ENSURE(values_idx_offsets->dtype().is_primitive() &&
                  IsUnsignedInt(values_idx_offsets->dtype().ptype()) &&
                  !values_idx_offsets->dtype().is_nullable(),
              InvalidArgument, "RLE offsets must be non-nullable unsigned integers, got {}",
              values_idx_offsets->dtype());
    VX_ENSURE(offset < kFastLanesBlockLen, InvalidArgument, "RLE offset {} must be < 1024", offset);
    const size_t indices_len = indices->len();
    VX_ENSURE(indices_len % kFastLanesBlockLen == 0, InvalidArgument,
              "RLE indices length {} is not a multiple of 1024", indices_len);
    VX_ENSURE(offset <= indices_len && len <= indices_len - offset, InvalidArgument,
              "RLE offset {} + len {} exceeds {} indices", offset, len, indices_len);
    const size_t blocks = indices_len / kFastLanesBlockLen;
    VX_ENSURE(values_idx_offsets->len() == blocks, InvalidArgument, "RLE has {} offsets for {} blocks",
              values_idx_offsets->len(), blocks);

    VX_ASSIGN_OR_RETURN(auto offsets_array, CanonicalIntegers(values_idx_offsets, "RLE offsets"));
    VX_ASSIGN_OR_RETURN(std::vector<uint64_t> starts, IntegersAsU64(*offsets_array, "RLE offsets"));
    const uint64_t first = starts.empty() ? 0 : starts[0];
    for (size_t c = 1; c < starts.size(); ++c) {
        VX_ENSURE(starts[c] > starts[c - 1], InvalidArgument,
                  "RLE offsets must increase: {} then {} at block {}", starts[c - 1], starts[c], c);
    }
    for (uint64_t &start : starts) {
        start -= first;
    }
    VX_ENSURE(starts.empty() ? values->len() == 0 : starts.back() < values->len(), InvalidArgument,
              "RLE offsets leave no value for the last block ({} values)", values->len());
    DType dtype = values->dtype().WithNullability(indices->dtype().nullability());
    return std::make_shared<const RLEArray>(Token{}, std::move(dtype), std::move(values), std::move(indices),
                                            std::move(values_idx_offsets), std::move(starts), offset, len);
}

RLEMetadata RLEArray::metadata() const {
    return RLEMetadata{
        .values_len = values()->len(),
        .indices_len = indices()->len(),
        .indices_ptype = indices()->dtype().ptype(),
        .values_idx_offsets_len = values_idx_offsets()->len(),
        .values_idx_offsets_ptype = values_idx_offsets()->dtype().ptype(),
        .offset = offset_,
    };
}

// Keeps the blocks that hold a kept value, with their values and offsets (absolute offsets
// stay as they are: decoding subtracts the first).
std::optional<Result<ArrayRef>> RLEArray::SliceImpl(size_t start, size_t stop) const {
    if (start == stop) {
        return std::nullopt;
    }
    const size_t start_block = (offset_ + start) / kFastLanesBlockLen;
    const size_t stop_block = FastLanesBlockCount(offset_ + stop);
    const size_t values_start = BlockStart(start_block);
    const size_t values_stop = BlockEnd(stop_block - 1);
    auto make = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef new_values, Slice(values(), values_start, values_stop));
        VX_ASSIGN_OR_RETURN(ArrayRef new_indices, Slice(indices(), start_block * kFastLanesBlockLen,
                                                        stop_block * kFastLanesBlockLen));
        VX_ASSIGN_OR_RETURN(ArrayRef new_offsets, Slice(values_idx_offsets(), start_block, stop_block));
        VX_ASSIGN_OR_RETURN(auto array,
                            TryMake(std::move(new_values), std::move(new_indices), std::move(new_offsets),
                                    (offset_ + start) % kFastLanesBlockLen, stop - start));
        return ArrayRef(std::move(array));
    };
    return make();
}

} // namespace vortex::fastlanes
