// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string>

#include "vortex/array/array.h"
#include "vortex/dtype/dtype.h"

namespace vortex::fuzz {

/// The scope the expression fuzz target parses against: a struct with one column per dtype the
/// test kit covers, named c0, c1, ... in AllTestDTypes() order, and 64 random rows of it.
const DType &ExprScopeDType();
const ArrayRef &ExprScopeRows();

/// The column name of the first scope field whose dtype's ToString() is `dtype_text` (for
/// seeds: "c7" reads better as "the i32? column" when a seed is written).
std::string ExprScopeColumn(const std::string &dtype_text);

} // namespace vortex::fuzz
