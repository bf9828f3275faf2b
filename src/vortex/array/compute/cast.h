// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// Casts to `dtype`: numeric to numeric (widening always; narrowing and int<->float only if
/// every non-null value is exactly representable, else Compute error), nullability added
/// freely and removed only when no nulls are present; struct/list recursively by element.
/// An identical dtype returns the array itself.
Result<ArrayRef> Cast(const ArrayRef &array, const DType &dtype);

} // namespace vortex
