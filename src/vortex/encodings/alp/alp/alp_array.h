// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/patches/patches.h"
#include "vortex/encodings/alp/alp/alp_constants.h"

namespace vortex::alp {

/// `vortex.alp`. Spec: arrays-encodings 7.5.
///   metadata  ALPMetadata { 1: exp_e uint32; 2: exp_f uint32; 3: patches PatchesMetadata }
///   buffers   none
///   children  [0] encoded = Primitive(I32 for F32, I64 for F64, the array's nullability);
///             when patched: indices, values (the array's dtype), [chunk_offsets]
class ALPEncoding final : public EncodingBase<ALPEncoding> {
public:
    static constexpr std::string_view kId = "vortex.alp";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Floats stored as integers: value = (T)encoded * 10^f * 10^-e, except at patched positions,
/// which hold the values that do not survive that round trip bit for bit (NaN, -0.0, inf,
/// too many digits). The validity is the encoded child's.
class ALPArray final : public Array {
public:
    /// `encoded` is an I32 or I64 array of any encoding (the dtype becomes F32 or F64 with its
    /// nullability); e <= kMaxExponent and f <= e; patches cover encoded->len() elements and
    /// their values have the array's dtype.
    static Result<std::shared_ptr<const ALPArray>>
    TryMake(const ArrayRef &encoded, Exponents exponents, std::optional<Patches> patches);

    PType ptype() const { return dtype().ptype(); }
    const ArrayRef &encoded() const { return children()[0]; }
    Exponents exponents() const { return exponents_; }
    const std::optional<Patches> &patches() const { return patches_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return encoded()->is_valid(i); }
    Mask validity_mask() const override { return encoded()->validity_mask(); }
    /// Canonicalizes the encoded child, decodes it with the vectorized loop, then writes the
    /// patches over it.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    // Slice, filter and take select positions, which commutes with the element-wise decode:
    // they run on the encoded child and on the patches.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    /// Compares the encoded integers with the integer bounds of the constant (decode is
    /// monotonic), then fixes up the patched positions. Float order is the total order.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Null count comes from the encoded child; other statistics use the canonical form.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    ALPArray(Token,
             DType dtype,
             size_t len,
             std::vector<ArrayRef> children,
             Exponents exponents,
             std::optional<Patches> patches);

private:
    Exponents exponents_;
    std::optional<Patches> patches_;
};

/// ALP-encodes a canonical F32/F64 PrimitiveArray as the reference's alp_encode does: the
/// exponents are `exponents` or chosen on an evenly strided sample, values that do not
/// round-trip become patches (only at valid positions, with chunk offsets per 1024 values),
/// and patched slots hold the first non-patched encoded value.
Result<ArrayRef> ALPEncode(const ArrayRef &canonical, std::optional<Exponents> exponents = std::nullopt);

/// The exponents the reference's find_best_exponents picks for `values` (its sample of up to
/// kSampleSize-stride values, its size estimate and its tie-break).
Exponents FindBestExponents(std::span<const float> values);
Exponents FindBestExponents(std::span<const double> values);

} // namespace vortex::alp
