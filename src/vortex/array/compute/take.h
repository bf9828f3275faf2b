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

/// The fast path of take kernels: when `indices` is a canonical integer array without nulls,
/// checks every index against `len` in one pass and calls `gather(std::span<const I>)` with
/// the indices' own type (no widened copy); returns its Status. nullopt when the fast path
/// does not apply (nulls, other encodings) and the caller must use DecodeTakeIndices.
template <typename Gather>
std::optional<Status> TakeDense(const ArrayRef &indices, size_t len, Gather &&gather) {
    const auto *primitive = As<PrimitiveArray>(*indices);
    if (primitive == nullptr || !IsInt(primitive->ptype()) || !primitive->validity_mask().all_true()) {
        return std::nullopt;
    }
    return VisitIntPType(primitive->ptype(), [&]<typename I>() -> Status {
        const auto values = primitive->values_as<I>();
        I lo = values.empty() ? I{0} : values[0];
        I hi = lo;
        for (const I value : values) {
            lo = std::min(lo, value);
            hi = std::max(hi, value);
        }
        if constexpr (std::is_signed_v<I>) {
            VX_ENSURE(lo >= 0, OutOfBounds, "take index {} is negative", lo);
        }
        VX_ENSURE(values.empty() || static_cast<uint64_t>(hi) < len, OutOfBounds,
                  "take index {} out of bounds for length {}", hi, len);
        gather(values);
        return Status::OK();
    });
}

/// The validity of a TakeDense result at `positions` (indices without nulls): a validity
/// bitmap's bits gathered 64 per word; otherwise the array's validity, made nullable (all
/// valid) when the indices' dtype is nullable.
template <typename I>
Validity DenseTakeValidity(const Validity &validity, const Array &indices, std::span<const I> positions) {
    if (validity.kind() == Validity::Kind::Array) {
        const BitBuffer &bits = validity.bits();
        return Validity::FromBits(BitBuffer::FromPredicate(
            positions.size(), [&](size_t k) { return bits.value(static_cast<size_t>(positions[k])); }));
    }
    return indices.dtype().is_nullable() && !validity.is_nullable() ? Validity::AllValid() : validity;
}

/// The validity of a take result: the taken validity, nulled where the index is null; nullable
/// if either the array or the indices are.
Validity TakeValidity(const Validity &validity, const TakeIndices &indices, bool indices_nullable);

} // namespace vortex
