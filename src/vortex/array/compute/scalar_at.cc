// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/scalar_at.h"

#include "vortex/array/canonical.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<Scalar> ScalarAt(const ArrayRef &array, size_t i) {
    VX_ENSURE(i < array->len(), OutOfBounds, "index {} out of bounds for length {}", i, array->len());
    if (auto out = array->ScalarAtImpl(i)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->ScalarAtImpl(i)) {
        return *std::move(out);
    }
    return Status::Internal("canonical {} has no scalar_at kernel", canonical->encoding_id());
}

Result<Scalar> ScalarAtAs(const ArrayRef &array, size_t i, const DType &dtype) {
    VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
    if (value.dtype() == dtype) {
        return value;
    }
    return Cast(value, dtype);
}

} // namespace vortex
