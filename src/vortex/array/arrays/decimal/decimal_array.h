// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"
#include "vortex/dtype/decimal.h"

namespace vortex {

/// `vortex.decimal`: metadata DecimalMetadata{values_type}, buffer [values], optional
/// validity child. Spec: arrays-encodings 4.4.
class DecimalEncoding final : public EncodingBase<DecimalEncoding> {
public:
    static constexpr std::string_view kId = "vortex.decimal";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of Decimal dtypes: unscaled little-endian two's complement integers
/// of `values_type` width.
class DecimalArray final : public Array {
public:
    /// `values` must hold a whole number of `values_type` values (its size fixes len()).
    static Result<std::shared_ptr<const DecimalArray>>
    TryMake(DecimalDType decimal, DecimalType values_type, Buffer values, Validity validity);
    static std::shared_ptr<const DecimalArray>
    Make(DecimalDType decimal, DecimalType values_type, Buffer values, Validity validity);

    DecimalDType decimal_dtype() const { return decimal_; }
    DecimalType values_type() const { return values_type_; }
    const Buffer &values() const { return values_; }
    const Validity &validity() const { return validity_; }
    /// Returns the unscaled value `i`, widened.
    I256 value_at(size_t i) const {
        const size_t width = ByteWidth(values_type_);
        return I256::FromLittleEndian(values_.data() + i * width, width);
    }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    /// The values buffer is aligned to the values width, capped at 16 as the reference does
    /// (its 128- and 256-bit integer types are 16-byte aligned).
    size_t buffer_alignment(size_t) const override { return std::min<size_t>(ByteWidth(values_type_), 16); }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// A typed loop over the unscaled values (decimal_compare.cc).
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;

    struct Token {};
    DecimalArray(Token, const DType &dtype, DecimalType values_type, Buffer values, Validity validity);

private:
    DecimalDType decimal_;
    DecimalType values_type_;
    Buffer values_;
    Validity validity_;
};

} // namespace vortex
