// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/bool/bool_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/buffer/bit_filter.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> BoolChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

// Spec: arrays-encodings 4.2: BoolMetadata{offset < 8}, buffer [bits], optional validity.
Result<ArrayRef> BoolEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_bool(), Serde, "{}: dtype must be bool, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto, internal::ParseProtoMetadata<vortex::array::BoolMetadata>(kId, metadata));
    VX_ENSURE(proto.offset() < 8, Serde, "{}: bit offset {} must be < 8", kId, proto.offset());
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    const size_t offset = proto.offset();
    VX_ENSURE(len <= SIZE_MAX - 8 && buffers[0].size() >= bits::BytesForBits(offset + len), Serde,
              "{}: bits buffer of {} bytes too small for {} bits at offset {}", kId, buffers[0].size(), len,
              offset);
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(
        auto array, BoolArray::TryMake(BitBuffer(std::move(buffers[0]), offset, len), std::move(validity)));
    return ArrayRef(std::move(array));
}

BoolArray::BoolArray(Token, BitBuffer bits, Validity validity)
    : Array(BoolEncoding::Instance(),
            DType::Bool(validity.nullability()),
            bits.len(),
            {bits.buffer()},
            BoolChildren(validity, bits.len())),
      bits_(std::move(bits)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const BoolArray>> BoolArray::TryMake(BitBuffer bits, Validity validity) {
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), bits.len()));
    if (bits.offset() >= 8) {
        // Serialized bool arrays carry a bit offset below 8 (the reference rejects more): drop
        // the whole leading bytes, zero-copy.
        bits = bits.Slice(0, bits.len());
    }
    return std::make_shared<const BoolArray>(Token{}, std::move(bits), std::move(validity));
}

std::shared_ptr<const BoolArray> BoolArray::Make(BitBuffer bits, Validity validity) {
    auto result = TryMake(std::move(bits), std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::shared_ptr<const BoolArray> BoolArray::FromOptionals(const std::vector<std::optional<bool>> &values) {
    std::vector<bool> bits(values.size());
    std::vector<bool> valid(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        bits[i] = values[i].value_or(false);
        valid[i] = values[i].has_value();
    }
    return Make(BitBuffer::FromBools(bits), Validity::FromBits(BitBuffer::FromBools(valid)));
}

std::shared_ptr<const BoolArray> BoolArray::FromBools(const std::vector<bool> &values,
                                                      Nullability nullability) {
    return Make(BitBuffer::FromBools(values), Validity::From(nullability));
}

Result<std::vector<uint8_t>> BoolArray::SerializeMetadata() const {
    vortex::array::BoolMetadata proto;
    proto.set_offset(static_cast<uint32_t>(bits_.offset()));
    return internal::SerializeProtoMetadata(proto);
}

std::optional<Result<Scalar>> BoolArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return Result<Scalar>(Scalar::Bool(bits_.value(i), dtype().nullability()));
}

std::optional<Result<ArrayRef>> BoolArray::SliceImpl(size_t start, size_t stop) const {
    return Result<ArrayRef>(Make(bits_.Slice(start, stop - start), validity_.Slice(start, stop)));
}

std::optional<Result<ArrayRef>> BoolArray::FilterImpl(const Mask &mask) const {
    return Result<ArrayRef>(Make(FilterBits(bits_, mask), validity_.Filter(mask)));
}

// The validity child is decoded whole by Build (Validity::FromChild); the bits are not read.
std::optional<uint64_t> BoolEncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 0;
}

void BoolArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    sink.Bits(bits_.buffer(), bits_.offset(), positions);
}

std::optional<Result<ArrayRef>> BoolArray::TakeImpl(const ArrayRef &indices) const {
    // A dictionary's compare result taken by its codes lands here for every row: gather with
    // the codes as they are, no widened copy.
    BitBuffer gathered;
    Validity validity;
    auto dense = TakeDense(indices, len(), [&]<typename I>(std::span<const I> positions) {
        gathered = BitBuffer::FromPredicate(
            positions.size(), [&](size_t i) { return bits_.value(static_cast<size_t>(positions[i])); });
        validity = DenseTakeValidity(validity_, *indices, positions);
    });
    if (dense) {
        if (!dense->ok()) {
            return Result<ArrayRef>(*dense);
        }
        return Result<ArrayRef>(Make(std::move(gathered), std::move(validity)));
    }
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    const std::vector<size_t> &positions = decoded->positions;
    BitBuffer out =
        BitBuffer::FromPredicate(positions.size(), [&](size_t i) { return bits_.value(positions[i]); });
    return Result<ArrayRef>(
        Make(std::move(out), TakeValidity(validity_, *decoded, indices->dtype().is_nullable())));
}

std::optional<Result<ArrayRef>> BoolArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    // A boolean compared with a constant is constant, the value itself or its negation.
    const bool rhs = scalar.as_bool();
    const bool if_false = CompareOrdering(false <=> rhs, op);
    const bool if_true = CompareOrdering(true <=> rhs, op);
    BitBuffer out;
    if (if_false == if_true) {
        out = BitBuffer::Full(len(), if_true);
    } else if (if_true) {
        out = bits_;
    } else {
        out = BitBuffer::FromWords(len(), [&](size_t i, size_t n) { return ~bits_.Word(i, n); });
    }
    return Result<ArrayRef>(
        MakeCompareResult(std::move(out), validity_, dtype().is_nullable() || scalar.dtype().is_nullable()));
}

} // namespace vortex
