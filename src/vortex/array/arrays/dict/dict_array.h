// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/integer_child.h"
#include "vortex/array/encoding_base.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// The decoded DictMetadata proto. Spec: arrays-encodings 4.14: `1: values_len uint32;
/// 2: codes_ptype PType; 3: is_nullable_codes optional bool; 4: all_values_referenced
/// optional bool`.
struct DictMetadata {
    uint32_t values_len = 0;
    PType codes_ptype = PType::U8;
    std::optional<bool> is_nullable_codes;
    std::optional<bool> all_values_referenced;

    std::vector<uint8_t> Serialize() const;
    /// Parses and checks the ptype tag (must be an integer type).
    static Result<DictMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const DictMetadata &) const = default;
};

/// `vortex.dict`: metadata DictMetadata; children [codes (len), values (values_len)].
class DictEncoding final : public EncodingBase<DictEncoding> {
public:
    static constexpr std::string_view kId = "vortex.dict";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A logical array: out[i] = values[codes[i]], null where the code is null.
class DictArray final : public Array {
public:
    /// `codes` is an integer array (nullable codes make a nullable result); every non-null
    /// code must be < values->len(). Canonical and constant codes are checked here; encoded
    /// codes are checked where they are decoded (canonicalizing, scalar_at, compare), so that
    /// reading a few rows of a chunk never decodes all of its codes. The dtype is values'
    /// dtype, made nullable if the codes are.
    static Result<std::shared_ptr<const DictArray>>
    TryMake(ArrayRef codes, ArrayRef values, bool all_values_referenced = false);
    static std::shared_ptr<const DictArray> Make(ArrayRef codes, ArrayRef values);

    const ArrayRef &codes() const { return children()[0]; }
    const ArrayRef &values() const { return children()[1]; }
    bool all_values_referenced() const { return all_values_referenced_; }
    /// The codes renumbered to the values they use, in order of first use (u32, null codes
    /// kept null), and `used`: the original code of each new one. Codes past the values are
    /// an error. With `max_used`, stops once more values than that are used: `codes` is then
    /// null (`exceeded`), so a caller that wants a small dictionary pays little to learn it
    /// cannot have one.
    struct RenumberedCodes {
        ArrayRef codes;
        std::vector<uint32_t> used;
        bool exceeded = false;
    };
    Result<RenumberedCodes> RenumberCodes(size_t max_used = SIZE_MAX) const;
    /// The same rows over only the values the codes use: codes renumbered (u32) in order of
    /// first use, values taken in that order. A large dictionary shared by many chunks
    /// becomes one the size of what a chunk holds, so per-value work (a predicate, a hash)
    /// is done for those values only. Codes past the values are an error.
    Result<std::shared_ptr<const DictArray>> CompactValues() const;
    DictMetadata metadata() const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override;
    Mask validity_mask() const override;
    /// Takes the values by the codes.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Compares the values once and takes the result by the codes (when there are no more
    /// values than codes).
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Maps the values once (when there are no more values than codes and no code is null);
    /// the codes stay.
    std::optional<Result<ArrayRef>> MapValuesImpl(const ValueMap &map) const override;
    /// Min and max from the values when every value is referenced; the null count from the
    /// codes when the values hold no nulls.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    DictArray(Token,
              DType dtype,
              ArrayRef codes,
              std::optional<IntegerChild> code_lookup,
              ArrayRef values,
              bool all_values_referenced);

private:
    // Rebuilds this dictionary over codes that a compute function derived from codes().
    Result<ArrayRef> WithCodes(Result<ArrayRef> new_codes) const;
    // Rebuilds this dictionary with the same codes over values derived one for one from
    // values(): no code needs checking again, and every value stays referenced if it was.
    Result<ArrayRef> WithValues(Result<ArrayRef> new_values) const;
    // codes() canonicalized (or kept constant), on first use unless TryMake had it already:
    // only per-row validity with nullable values needs it. Null if the codes fail to decode.
    const IntegerChild *code_lookup() const;
    bool IsValidThrough(const IntegerChild *lookup, size_t i) const;

    mutable std::once_flag lookup_once_;
    mutable std::optional<IntegerChild> code_lookup_;
    // Whether TryMake built code_lookup_ (immutable, so readable without the once flag).
    bool lookup_from_make_;
    bool all_values_referenced_;
};

} // namespace vortex
