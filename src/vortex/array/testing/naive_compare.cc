// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/naive_compare.h"

#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/scalar_at.h"

namespace vortex {

Result<std::vector<std::optional<bool>>>
NaiveCompare(const ArrayRef &array, const Scalar &constant, CompareOp op) {
    std::vector<std::optional<bool>> out(array->len());
    for (size_t i = 0; i < array->len(); ++i) {
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
        if (!value.is_null() && !constant.is_null()) {
            out[i] = CompareOrdering(Compare(value, constant), op);
        }
    }
    return out;
}

Result<std::vector<std::optional<bool>>> BoolValues(const ArrayRef &array) {
    VX_ENSURE(array->dtype().is_bool(), InvalidArgument, "expected a bool array, got {}", array->dtype());
    std::vector<std::optional<bool>> out(array->len());
    for (size_t i = 0; i < array->len(); ++i) {
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
        if (!value.is_null()) {
            out[i] = value.as_bool();
        }
    }
    return out;
}

} // namespace vortex
