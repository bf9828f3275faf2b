// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// `vortex.primitive`: empty metadata, buffer [values] (len * width bytes, aligned to the
/// width), optional validity child. Spec: arrays-encodings 4.3.
class PrimitiveEncoding final : public EncodingBase<PrimitiveEncoding> {
public:
    static constexpr std::string_view kId = "vortex.primitive";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of Primitive dtypes: a packed buffer of native values plus validity.
class PrimitiveArray final : public Array {
public:
    /// `values` must hold a whole number of aligned `ptype` values; its size fixes len().
    static Result<std::shared_ptr<const PrimitiveArray>>
    TryMake(PType ptype, Buffer values, Validity validity);
    static std::shared_ptr<const PrimitiveArray> Make(PType ptype, Buffer values, Validity validity);
    /// An array of `len` rows from the values of its valid rows only, back to back in `valid_values`
    /// (as encodings that store nothing under nulls keep them); null rows read 0.
    static Result<std::shared_ptr<const PrimitiveArray>>
    FromValidValues(PType ptype, Buffer valid_values, Validity validity, size_t len);
    /// The inverse of FromValidValues: the bytes of the valid rows' values, back to back.
    std::vector<uint8_t> ValidValueBytes() const;

    template <NativePType T>
    static std::shared_ptr<const PrimitiveArray>
    FromValues(const std::vector<T> &values,
               // NOLINTNEXTLINE(performance-unnecessary-value-param)
               Validity validity = Validity::NonNullable()) {
        return Make(kPTypeOf<T>, Buffer::CopyFrom(std::span<const T>(values)), std::move(validity));
    }
    /// Builds a nullable array; nullopt entries are null (their slot holds T{}).
    template <NativePType T>
    static std::shared_ptr<const PrimitiveArray> FromOptionals(const std::vector<std::optional<T>> &values) {
        std::vector<T> raw(values.size());
        std::vector<bool> valid(values.size());
        for (size_t i = 0; i < values.size(); ++i) {
            valid[i] = values[i].has_value();
            raw[i] = values[i].value_or(T{});
        }
        return FromValues(raw, Validity::FromBits(BitBuffer::FromBools(valid)));
    }

    PType ptype() const { return ptype_; }
    const Buffer &values() const { return values_; }
    const Validity &validity() const { return validity_; }
    template <NativePType T>
    std::span<const T> values_as() const {
        VX_CHECK_MSG(kPTypeOf<T> == ptype_, "values_as<{}> on a {} array", PTypeName(kPTypeOf<T>),
                     PTypeName(ptype_));
        return values_.span<T>();
    }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    /// The values buffer is aligned to the ptype width (the reader reinterprets it in place).
    size_t buffer_alignment(size_t) const override { return ByteWidth(ptype_); }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    std::optional<Result<BitBuffer>> IntRangeImpl(const IntRange &range) const override;
    std::optional<Result<ArrayRef>> CastImpl(const DType &dtype) const override;

    struct Token {};
    PrimitiveArray(Token, PType ptype, Buffer values, Validity validity);

private:
    PType ptype_;
    Buffer values_;
    Validity validity_;
};

} // namespace vortex
