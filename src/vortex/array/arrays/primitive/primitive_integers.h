// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"

namespace vortex {

/// Reads every value of an integer PrimitiveArray as uint64; nulls read as 0. Fails (with
/// `what` in the message) on a non-integer ptype or a negative non-null value.
Result<std::vector<uint64_t>> IntegersAsU64(const PrimitiveArray &array, std::string_view what);

/// Canonicalizes `array` and checks it is a non-nullable integer PrimitiveArray.
Result<std::shared_ptr<const PrimitiveArray>> CanonicalIntegers(const ArrayRef &array, std::string_view what);

} // namespace vortex
