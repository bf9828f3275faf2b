// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"

namespace vortex {

/// Returns elements [start, stop). Zero-copy for the canonical encodings. OutOfBounds unless
/// start <= stop <= len.
Result<ArrayRef> Slice(const ArrayRef &array, size_t start, size_t stop);

} // namespace vortex
