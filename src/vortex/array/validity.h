// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "vortex/base/result.h"
#include "vortex/buffer/bit_buffer.h"
#include "vortex/buffer/mask.h"
#include "vortex/dtype/nullability.h"

namespace vortex {

class Array;
using ArrayRef = std::shared_ptr<const Array>;

/// The null-ness of an array's elements.
///
/// Spec: arrays-encodings, conventions ("validity child"). The serialized form is an
/// optional child of dtype Bool non-nullable and the array's length, present only for
/// `Array` (some nulls) and `AllInvalid` (stored as a constant `false`); absent means no
/// nulls (NonNullable dtype) or all valid (nullable dtype).
///
/// An `Array` validity is canonicalized to bits once, when it is created, so is_valid() and
/// ToMask() are cheap and infallible afterwards.
class Validity {
public:
    enum class Kind : uint8_t { NonNullable, AllValid, AllInvalid, Array };

    /// Constructs NonNullable.
    Validity() = default;
    static Validity NonNullable() { return Validity(Kind::NonNullable); }
    static Validity AllValid() { return Validity(Kind::AllValid); }
    static Validity AllInvalid() { return Validity(Kind::AllInvalid); }
    /// NonNullable or AllValid, matching `nullability`.
    static Validity From(Nullability nullability) {
        return nullability == Nullability::Nullable ? AllValid() : NonNullable();
    }
    /// Wraps a Bool non-nullable array (true = valid) of any encoding; it is canonicalized
    /// here. Fails if the dtype is not Bool non-nullable or canonicalization fails.
    static Result<Validity> FromArray(ArrayRef array);
    /// Builds a nullable validity from a mask (true = valid), collapsing uniform masks.
    static Validity FromMask(const Mask &mask);
    /// Builds a nullable validity from validity bits (true = valid).
    static Validity FromBits(BitBuffer bits) { return FromMask(Mask::FromBits(std::move(bits))); }

    /// Decodes the spec's optional validity child: `child` may be absent. Checks dtype
    /// (Bool, non-nullable), length == `len`, and that a child only exists for a nullable
    /// dtype.
    static Result<Validity> FromChild(Nullability nullability, const ArrayRef *child, size_t len);
    /// Returns the child to serialize, or nullptr when none is stored (the spec's rule).
    /// `len` is the owning array's length (needed for the all-invalid constant).
    ArrayRef ToChild(size_t len) const;

    Kind kind() const { return kind_; }
    Nullability nullability() const {
        return kind_ == Kind::NonNullable ? Nullability::NonNullable : Nullability::Nullable;
    }
    bool is_nullable() const { return kind_ != Kind::NonNullable; }
    /// The validity array (Kind::Array only): the array it was made from, or a BoolArray
    /// over bits().
    ArrayRef array() const;
    /// The validity bits (Kind::Array only).
    const BitBuffer &bits() const { return bits_; }

    bool is_valid(size_t i) const {
        switch (kind_) {
            case Kind::NonNullable:
            case Kind::AllValid:
                return true;
            case Kind::AllInvalid:
                return false;
            case Kind::Array:
                return bits_.value(i);
        }
        return false;
    }
    /// Returns a mask of `len` bits, true = valid.
    Mask ToMask(size_t len) const;
    /// Returns the number of nulls among `len` elements.
    size_t null_count(size_t len) const;
    /// Returns the number of valid elements before `row` (at most the owning length): where
    /// the value of `row` sits among the valid ones, for encodings that store only those.
    size_t valid_count_before(size_t row) const;
    /// True when the validity is known to have no nulls without looking at the bits.
    bool trivially_all_valid() const { return kind_ == Kind::NonNullable || kind_ == Kind::AllValid; }

    /// Restricts to elements [start, stop) (zero-copy).
    Validity Slice(size_t start, size_t stop) const;
    /// Selects elements by position, of any integer type (dictionary codes as they are); every
    /// index is < the owning length (checked by caller). Bits are gathered 64 per output word.
    template <typename I>
    Validity Take(std::span<const I> indices) const {
        if (kind_ != Kind::Array) {
            return *this;
        }
        return FromBits(BitBuffer::FromPredicate(
            indices.size(), [&](size_t k) { return bits_.value(static_cast<size_t>(indices[k])); }));
    }
    /// Selects the elements whose mask bit is set.
    Validity Filter(const Mask &mask) const;
    /// Returns this validity with nulls added where `mask` is false (nullable result).
    Validity And(const Mask &mask, size_t len) const;
    /// Changes the nullability; making non-nullable fails if nulls are present.
    Result<Validity> WithNullability(Nullability nullability, size_t len) const;

private:
    explicit Validity(Kind kind) : kind_(kind) {}

    Kind kind_ = Kind::NonNullable;
    // The original array (kept so that a compressed validity child round-trips unchanged);
    // null after slicing and other derivations.
    ArrayRef array_;
    BitBuffer bits_;
};

} // namespace vortex
