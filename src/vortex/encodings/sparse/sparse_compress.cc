// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstring>
#include <limits>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/encodings/sparse/sparse_array.h"

namespace vortex::sparse {
namespace {

// Marks the positions that differ from `fill`: a null differs from a value, values compare
// bit for bit (so -0.0 and NaN payloads are kept exactly).
Result<std::vector<bool>> DifferFromFill(const ArrayRef &canonical, const Scalar &fill) {
    const size_t len = canonical->len();
    std::vector<bool> differs(len);
    const Mask validity = canonical->validity_mask();
    if (fill.is_null()) {
        for (size_t i = 0; i < len; ++i) {
            differs[i] = validity.value(i);
        }
        return differs;
    }
    if (const auto *primitive = As<PrimitiveArray>(*canonical)) {
        VisitPType(primitive->ptype(), [&]<typename T>() {
            const T fill_value = std::get<T>(fill.pvalue());
            const auto values = primitive->values_as<T>();
            for (size_t i = 0; i < len; ++i) {
                differs[i] = !validity.value(i) || std::memcmp(&values[i], &fill_value, sizeof(T)) != 0;
            }
        });
        return differs;
    }
    if (const auto *bools = As<BoolArray>(*canonical)) {
        const bool fill_value = fill.as_bool();
        for (size_t i = 0; i < len; ++i) {
            differs[i] = !validity.value(i) || bools->value(i) != fill_value;
        }
        return differs;
    }
    for (size_t i = 0; i < len; ++i) {
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(canonical, i));
        differs[i] = !(value == fill);
    }
    return differs;
}

template <typename I>
ArrayRef IndicesOf(const std::vector<bool> &differs) {
    std::vector<I> indices;
    for (size_t i = 0; i < differs.size(); ++i) {
        if (differs[i]) {
            indices.push_back(static_cast<I>(i));
        }
    }
    return PrimitiveArray::FromValues(indices);
}

} // namespace

Result<ArrayRef> SparseEncode(const ArrayRef &canonical, const Scalar &fill) {
    VX_ENSURE(canonical->is_canonical(), InvalidArgument, "sparse encodes canonical arrays, got {}",
              canonical->encoding_id());
    VX_ENSURE(fill.dtype().AsNullable() == canonical->dtype().AsNullable(), MismatchedTypes,
              "fill of {} for an array of {}", fill.dtype(), canonical->dtype());
    VX_ASSIGN_OR_RETURN(Scalar typed_fill, Cast(fill, canonical->dtype()));
    VX_ASSIGN_OR_RETURN(std::vector<bool> differs, DifferFromFill(canonical, typed_fill));
    // The reference writes u32 indices for null-dominated arrays and u64 otherwise.
    const bool u32_indices = typed_fill.is_null() && canonical->len() <= std::numeric_limits<uint32_t>::max();
    ArrayRef indices = u32_indices ? IndicesOf<uint32_t>(differs) : IndicesOf<uint64_t>(differs);
    VX_ASSIGN_OR_RETURN(ArrayRef values, Filter(canonical, Mask::FromBits(BitBuffer::FromBools(differs))));
    VX_ASSIGN_OR_RETURN(values, Canonicalize(values));
    VX_ASSIGN_OR_RETURN(Patches patches,
                        Patches::TryMake(canonical->len(), 0, std::move(indices), std::move(values)));
    VX_ASSIGN_OR_RETURN(auto array, SparseArray::TryMake(patches, std::move(typed_fill)));
    return ArrayRef(std::move(array));
}

} // namespace vortex::sparse
