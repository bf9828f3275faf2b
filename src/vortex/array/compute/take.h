// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/integer_min_max.h"
#include "vortex/array/validity.h"

namespace vortex {

/// Returns array[indices[0]], array[indices[1]], ... `indices` is an integer array of any
/// ptype and encoding; a null index gives a null (the result is then nullable). An index
/// out of range (or negative) is an OutOfBounds error.
Result<ArrayRef> Take(const ArrayRef &array, const ArrayRef &indices);
/// Take through `array`'s own kernel, as Take does first: nullopt when its encoding has none
/// and Take would decode the whole array. For callers that can cut the array smaller first.
/// `indices`: canonical integers without nulls.
std::optional<Result<ArrayRef>> TakeEncoded(const ArrayRef &array, const ArrayRef &indices);

/// Decoded take indices: positions (0 where the index is null) and the indices' validity.
struct TakeIndices {
    std::vector<size_t> positions;
    Mask validity;
};
/// Decodes and bounds-checks `indices` against `len`; used by take kernels.
Result<TakeIndices> DecodeTakeIndices(const ArrayRef &indices, size_t len);

/// The fast path of take kernels: when `indices` is a canonical integer array whose values
/// (under nulls too: dictionary codes keep a valid code there) all lie in [0, len), checks
/// them in one pass and calls `gather(std::span<const I>)` with the indices' own type (no
/// widened copy); returns its Status. nullopt when the fast path does not apply (other
/// encodings, all-null indices, out-of-range values under nulls) and the caller must use
/// DecodeTakeIndices; out-of-range values without nulls fail here. DenseTakeValidity then
/// nulls the rows of null indices.
template <typename Gather>
std::optional<Status> TakeDense(const ArrayRef &indices, size_t len, Gather &&gather) {
    const auto *primitive = As<PrimitiveArray>(*indices);
    if (primitive == nullptr || !IsInt(primitive->ptype()) ||
        primitive->validity().kind() == Validity::Kind::AllInvalid) {
        return std::nullopt;
    }
    const bool nulls = primitive->validity().kind() == Validity::Kind::Array;
    return VisitIntPType(primitive->ptype(), [&]<typename I>() -> std::optional<Status> {
        const auto values = primitive->values_as<I>();
        const auto [lo, hi] =
            values.empty() ? std::pair<I, I>{} : IntegerMinMax(values.data(), values.size());
        bool in_bounds = values.empty() || static_cast<uint64_t>(hi) < len;
        if constexpr (std::is_signed_v<I>) {
            in_bounds = in_bounds && lo >= 0;
        }
        if (!in_bounds) {
            if (nulls) {
                return std::nullopt; // maybe only under nulls: the general path decides
            }
            if constexpr (std::is_signed_v<I>) {
                VX_ENSURE(lo >= 0, OutOfBounds, "take index {} is negative", lo);
            }
            return Status::OutOfBounds("take index {} out of bounds for length {}", hi, len);
        }
        gather(values);
        return Status::OK();
    });
}

/// Bit k set when positions[k] is not the one unset bit of `bits` (which has exactly one).
template <typename I>
BitBuffer AllButOne(const BitBuffer &bits, std::span<const I> positions) {
    size_t null_at = 0;
    while (bits.value(null_at)) {
        ++null_at;
    }
    // Every value but null_at: the wrapping range starting just past it.
    using U = std::make_unsigned_t<I>;
    const IntRange others{.base = static_cast<U>(null_at + 1), .span = static_cast<U>(~U{0} - 1)};
    return IntRangeBitBuffer(reinterpret_cast<const U *>(positions.data()), positions.size(), others);
}

/// The validity of a TakeDense result at `positions`, nulled where `indices` are null, and
/// nullable when either side is. A validity bitmap's bits are gathered 64 per word, except for
/// a dictionary's (no longer than the rows) with one null entry, the common string dictionary:
/// then a row is valid when its code differs from that entry's, a vectorized range test.
template <typename I>
Validity DenseTakeValidity(const Validity &validity, const Array &indices, std::span<const I> positions) {
    Validity taken =
        indices.dtype().is_nullable() && !validity.is_nullable() ? Validity::AllValid() : validity;
    if (validity.kind() == Validity::Kind::Array) {
        const BitBuffer &bits = validity.bits();
        // Only a dictionary's validity (no longer than the rows) is worth counting: with no
        // null or one, no bit needs gathering. Others are gathered as if they had several.
        const size_t nulls = bits.len() <= positions.size() ? bits.len() - bits.CountSetBits() : 2;
        taken = nulls == 0   ? Validity::AllValid()
                : nulls == 1 ? Validity::FromBits(AllButOne(bits, positions))
                             : validity.Take(positions);
    }
    const auto *primitive = As<PrimitiveArray>(indices);
    if (primitive != nullptr && primitive->validity().kind() == Validity::Kind::Array) {
        return taken.And(primitive->validity_mask(), positions.size());
    }
    return taken;
}

/// The validity of a take result: the taken validity, nulled where the index is null; nullable
/// if either the array or the indices are.
Validity TakeValidity(const Validity &validity, const TakeIndices &indices, bool indices_nullable);

} // namespace vortex
