// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/buffer/mask.h"

namespace vortex {

/// Returns the elements whose mask bit is set, in order. InvalidArgument if mask.len() != len.
Result<ArrayRef> Filter(const ArrayRef &array, const Mask &mask);

} // namespace vortex
