// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/compute/compare_op.h"
#include "vortex/base/result.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// The oracle for comparison kernels: element by element through ScalarAt and scalar
/// ordering, never through a compare kernel. nullopt marks a null element.
Result<std::vector<std::optional<bool>>>
NaiveCompare(const ArrayRef &array, const Scalar &constant, CompareOp op);

/// NaiveCompare over elements already read (ArrayToScalars), for checking many constants.
std::vector<std::optional<bool>>
NaiveCompare(const std::vector<Scalar> &values, const Scalar &constant, CompareOp op);

/// The truth values of a Bool array (nullopt for null), for comparing with NaiveCompare.
Result<std::vector<std::optional<bool>>> BoolValues(const ArrayRef &array);

} // namespace vortex
