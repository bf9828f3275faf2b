// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/naive_compare.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/testing/array_from_scalars.h"

namespace vortex {

std::vector<std::optional<bool>>
NaiveCompare(const std::vector<Scalar> &values, const Scalar &constant, CompareOp op) {
    std::vector<std::optional<bool>> out(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        if (!values[i].is_null() && !constant.is_null()) {
            out[i] = CompareOrdering(Compare(values[i], constant), op);
        }
    }
    return out;
}

Result<std::vector<std::optional<bool>>>
NaiveCompare(const ArrayRef &array, const Scalar &constant, CompareOp op) {
    VX_ASSIGN_OR_RETURN(std::vector<Scalar> values, ArrayToScalars(array));
    return NaiveCompare(values, constant, op);
}

Result<std::vector<std::optional<bool>>> BoolValues(const ArrayRef &array) {
    VX_ENSURE(array->dtype().is_bool(), InvalidArgument, "expected a bool array, got {}", array->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(bools != nullptr, Internal, "a bool array did not canonicalize to vortex.bool");
    const Mask valid = bools->validity_mask();
    std::vector<std::optional<bool>> out(array->len());
    for (size_t i = 0; i < array->len(); ++i) {
        if (valid.value(i)) {
            out[i] = bools->bits().value(i);
        }
    }
    return out;
}

} // namespace vortex
