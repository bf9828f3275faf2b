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
#include "vortex/array/patches/patches.h"

namespace vortex::alp {

/// At most this many left-part patterns are dictionary-coded (the reference's MAX_DICT_SIZE).
inline constexpr size_t kMaxALPRDDictLen = 8;
/// At most this many leading bits form the left part (the reference's CUT_LIMIT).
inline constexpr size_t kALPRDCutLimit = 16;

/// `vortex.alprd`. Spec: arrays-encodings 7.6.
///   metadata  ALPRDMetadata { 1: right_bit_width; 2: dict_len; 3: dict (packed u32);
///             4: left_parts_ptype (U16); 5: patches }
///   buffers   none
///   children  [0] left_parts = Primitive(U16, the array's nullability) dictionary codes,
///             [1] right_parts = Primitive(U32 for F32 / U64 for F64, non-null); when patched:
///             indices, values = Primitive(U16, non-null) left bit patterns, [chunk_offsets]
class ALPRDEncoding final : public EncodingBase<ALPRDEncoding> {
public:
    static constexpr std::string_view kId = "vortex.alprd";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Floats split at `right_bit_width`: bits = (left << right_bit_width) | right, where left is
/// dict[left_parts[i]] or, at patched positions, the patch value. The validity is
/// left_parts'. A code >= dict.size() is a decode error (checked when decoding, since the
/// codes are data).
class ALPRDArray final : public Array {
public:
    /// `dtype` F32/F64; left_parts U16 with dtype's nullability; right_parts U32/U64
    /// non-null; both of length len; right_bit_width in [bits - 16, bits - 1]; at most 8
    /// dictionary entries, each fitting in bits - right_bit_width bits; patch values U16
    /// non-null over len elements.
    static Result<std::shared_ptr<const ALPRDArray>> TryMake(DType dtype,
                                                             const ArrayRef &left_parts,
                                                             std::vector<uint16_t> dict,
                                                             const ArrayRef &right_parts,
                                                             uint8_t right_bit_width,
                                                             std::optional<Patches> left_parts_patches);

    PType ptype() const { return dtype().ptype(); }
    const ArrayRef &left_parts() const { return children()[0]; }
    const ArrayRef &right_parts() const { return children()[1]; }
    std::span<const uint16_t> dict() const { return dict_; }
    uint8_t right_bit_width() const { return right_bit_width_; }
    const std::optional<Patches> &left_parts_patches() const { return patches_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return left_parts()->is_valid(i); }
    Mask validity_mask() const override { return left_parts()->validity_mask(); }
    /// Looks each code up in the pre-shifted dictionary and ORs in the right part (one
    /// branch-free loop), after checking every code against the dictionary size.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    // Slice, filter and take run on both children and the patches.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    /// Null count comes from left_parts; other statistics use the canonical form.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    ALPRDArray(Token,
               DType dtype,
               size_t len,
               std::vector<ArrayRef> children,
               std::vector<uint16_t> dict,
               uint8_t right_bit_width,
               std::optional<Patches> patches);

private:
    std::vector<uint16_t> dict_;
    uint8_t right_bit_width_;
    std::optional<Patches> patches_;
};

/// The split point and left-part dictionary chosen from a sample, then applied to whole
/// arrays (the reference's RDEncoder).
class RDEncoder {
public:
    /// Tries every cut of 1..=16 left bits and keeps the one with the smallest estimated bits
    /// per value (right width + code width + 32 bits per exception, averaged), as the
    /// reference's find_best_dictionary. Patterns with equal counts are ordered by value
    /// (the reference leaves that order to its hash map).
    static RDEncoder FromSample(std::span<const float> sample);
    static RDEncoder FromSample(std::span<const double> sample);
    RDEncoder(uint8_t right_bit_width, std::vector<uint16_t> dict)
        : right_bit_width_(right_bit_width), dict_(std::move(dict)) {}

    uint8_t right_bit_width() const { return right_bit_width_; }
    std::span<const uint16_t> dict() const { return dict_; }

    /// Splits a canonical F32/F64 array: left parts not in the dictionary become patches
    /// (code 0), at null positions too, as the reference does.
    Result<ArrayRef> Encode(const ArrayRef &canonical) const;

private:
    uint8_t right_bit_width_;
    std::vector<uint16_t> dict_;
};

/// ALP-RD-encodes a canonical F32/F64 array with an encoder built from all of its values
/// (what the reference's compressor scheme does).
Result<ArrayRef> ALPRDEncode(const ArrayRef &canonical);

} // namespace vortex::alp
