// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

#include "vortex/array/array.h"
#include "vortex/array/compute/compare_op.h"

namespace vortex {

/// Compares two arrays of one length element by element with a typed loop (no element becomes
/// a Scalar) when both are booleans, decimals of one precision and scale (any storage widths),
/// or both strings or both binaries (bytes compared lexicographically, as their scalars
/// order). A null on either side gives null; the result is nullable when either side is.
/// nullopt for other dtypes.
Result<std::optional<ArrayRef>> CompareArraysTyped(const ArrayRef &lhs, const ArrayRef &rhs, CompareOp op);

} // namespace vortex
