// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/take.h"

#include <algorithm>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<TakeIndices> DecodeTakeIndices(const ArrayRef &indices, size_t len) {
    VX_ENSURE(indices->dtype().is_primitive() && IsInt(indices->dtype().ptype()), InvalidArgument,
              "take indices must be integers, got {}", indices->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(indices));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "indices did not canonicalize to primitive");
    TakeIndices out{std::vector<size_t>(primitive->len(), 0), primitive->validity_mask()};
    // No nulls: TakeDense checks the extremes once, then the indices are widened as they are.
    std::optional<Status> dense;
    if (out.validity.all_true()) {
        dense = TakeDense(canonical, len, [&]<typename I>(std::span<const I> values) {
            std::copy(values.begin(), values.end(), out.positions.begin());
        });
    }
    if (dense) {
        VX_RETURN_NOT_OK(*dense);
        return out;
    }
    VX_RETURN_NOT_OK(VisitIntPType(primitive->ptype(), [&]<typename T>() -> Status {
        auto values = primitive->values_as<T>();
        for (size_t i = 0; i < values.size(); ++i) {
            if (!primitive->is_valid(i)) {
                continue;
            }
            const T value = values[i];
            if constexpr (std::is_signed_v<T>) {
                VX_ENSURE(value >= 0, OutOfBounds, "take index {} is negative", value);
            }
            VX_ENSURE(static_cast<uint64_t>(value) < len, OutOfBounds,
                      "take index {} out of bounds for length {}", value, len);
            out.positions[i] = static_cast<size_t>(static_cast<std::make_unsigned_t<T>>(value));
        }
        return Status::OK();
    }));
    return out;
}

Validity TakeValidity(const Validity &validity, const TakeIndices &indices, bool indices_nullable) {
    Validity taken = validity.Take(std::span<const size_t>(indices.positions));
    if (!indices_nullable) {
        return taken;
    }
    return taken.And(indices.validity, indices.positions.size());
}

std::optional<Result<ArrayRef>> TakeEncoded(const ArrayRef &array, const ArrayRef &indices) {
    if (array->empty()) {
        return Take(array, indices);
    }
    return array->TakeImpl(indices);
}

Result<ArrayRef> Take(const ArrayRef &array, const ArrayRef &indices) {
    VX_ENSURE(indices != nullptr, InvalidArgument, "take indices are null");
    if (array->empty()) {
        // Only null indices can address an empty array; kernels may then assume len > 0.
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, 0));
        if (indices->empty()) {
            return EmptyArray(array->dtype().WithNullability(
                NullabilityOf(array->dtype().is_nullable() || indices->dtype().is_nullable())));
        }
        return ConstantArray::Make(Scalar::Null(array->dtype().AsNullable()), indices->len())->ToCanonical();
    }
    // Indices that take without decoding (runs) go first.
    if (!indices->is_canonical()) {
        if (auto out = indices->TakeFromImpl(array)) {
            return *std::move(out);
        }
    }
    // Kernels gather fastest from plain integers (TakeDense), and most would decode encoded
    // indices themselves: decode them once here (a constant stays constant).
    ArrayRef plain = indices;
    if (!indices->is_canonical() && As<ConstantArray>(*indices) == nullptr) {
        VX_ASSIGN_OR_RETURN(plain, Canonicalize(indices));
    }
    if (auto out = array->TakeImpl(plain)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->TakeImpl(plain)) {
        return *std::move(out);
    }
    return Status::Internal("canonical {} has no take kernel", canonical->encoding_id());
}

} // namespace vortex
