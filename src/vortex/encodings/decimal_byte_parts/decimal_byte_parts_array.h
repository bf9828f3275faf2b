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
#include "vortex/dtype/decimal.h"
#include "vortex/dtype/ptype.h"

namespace vortex::decimal_byte_parts {

/// The decoded DecimalBytesPartsMetadata proto. Spec: arrays-encodings 7.8:
/// `1: zeroth_child_ptype PType; 2: lower_part_count uint32`.
struct DecimalBytePartsMetadata {
    PType zeroth_child_ptype = PType::I64;
    uint32_t lower_part_count = 0;

    std::vector<uint8_t> Serialize() const;
    /// Parses the message; the ptype must be a signed integer and lower_part_count 0 (the
    /// reference reserves lower parts for decimals wider than 64 bits and never writes them).
    static Result<DecimalBytePartsMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const DecimalBytePartsMetadata &) const = default;
};

/// `vortex.decimal_byte_parts`: metadata DecimalBytePartsMetadata, no buffers, children
/// [msp]. Spec: arrays-encodings 7.8.
class DecimalBytePartsEncoding final : public EncodingBase<DecimalBytePartsEncoding> {
public:
    static constexpr std::string_view kId = "vortex.decimal_byte_parts";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A Decimal array whose unscaled values are the (sign-extended) values of one signed integer
/// child, the "most significant part"; the child carries the validity and may have any
/// encoding.
class DecimalBytePartsArray final : public Array {
public:
    /// `msp` is an I8..I64 array; the dtype is Decimal(decimal, msp's nullability).
    static Result<std::shared_ptr<const DecimalBytePartsArray>> TryMake(const ArrayRef &msp,
                                                                        DecimalDType decimal);

    const ArrayRef &msp() const { return children()[0]; }
    DecimalDType decimal_dtype() const { return dtype().decimal(); }
    DecimalBytePartsMetadata metadata() const { return {.zeroth_child_ptype = msp()->dtype().ptype()}; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override { return msp()->is_valid(i); }
    Mask validity_mask() const override { return msp()->validity_mask(); }
    /// A DecimalArray over the canonical msp's buffer (values type of the msp's width).
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Compares the msp with the unscaled constant when it fits the msp's ptype; otherwise
    /// every non-null element is on the same side of it.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Min, max, null count and sortedness come from the msp.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    DecimalBytePartsArray(Token, DType dtype, const ArrayRef &msp);
};

/// Encodes a Decimal array (any encoding) as one msp child, choosing the msp ptype as the
/// reference's BtrBlocks decimal scheme does (`narrowed_decimal`): the narrowest of I8, I16,
/// I32, I64 below the current values type that holds the minimum and maximum of every stored
/// value (null slots included); arrays of 0 or 1 element keep their values type (the
/// reference leaves those alone), except that a type wider than I64 is still narrowed here.
/// InvalidArgument when the values do not fit in I64 (the reference then keeps the decimal).
Result<ArrayRef> DecimalBytePartsEncode(const ArrayRef &array);

} // namespace vortex::decimal_byte_parts
