// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/scalar/scalar_value.h"

namespace vortex::sequence {

/// `vortex.sequence`: metadata SequenceMetadata{1: base ScalarValue, 2: multiplier
/// ScalarValue} (both required, decoded with the non-nullable ptype), no buffers, no
/// children. Spec: arrays-encodings 7.4.
class SequenceEncoding final : public EncodingBase<SequenceEncoding> {
public:
    static constexpr std::string_view kId = "vortex.sequence";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The arithmetic sequence out[i] = base + i * multiplier of an integer ptype. It has no
/// nulls even when its dtype is nullable. Construction checks, as the reference does, that
/// len > 0, that len - 1 is representable in the ptype and that base + (len - 1) *
/// multiplier does not overflow it; every element is then representable.
class SequenceArray final : public Array {
public:
    /// `base` and `multiplier` must hold values of `ptype`, an integer type.
    static Result<std::shared_ptr<const SequenceArray>>
    TryMake(PValue base, PValue multiplier, PType ptype, Nullability nullability, size_t len);

    PType ptype() const { return dtype().ptype(); }
    const PValue &base() const { return base_; }
    const PValue &multiplier() const { return multiplier_; }
    /// Element `i` (< len), in the ptype.
    PValue ValueAt(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t) const override { return true; }
    Mask validity_mask() const override { return Mask::AllTrue(len()); }
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// A sequence again, starting at the first element of the range.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Computes the selected elements directly.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Solves base + i * multiplier <op> value for i: equality holds at most at one position,
    /// ordered comparisons on a prefix or a suffix.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Min, max, null count, constancy and sortedness follow from base, multiplier and len.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    SequenceArray(Token, DType dtype, size_t len, PValue base, PValue multiplier);

private:
    PValue base_;
    PValue multiplier_;
};

/// Encodes a canonical integer PrimitiveArray that is an arithmetic sequence with a non-zero
/// multiplier (any single value), as the reference's sequence_encode. Returns nullopt when
/// the array is empty, has nulls, is not an integer array, or is not such a sequence.
/// InvalidArgument when `canonical` is not a PrimitiveArray.
Result<std::optional<ArrayRef>> SequenceEncode(const ArrayRef &canonical);

} // namespace vortex::sequence
