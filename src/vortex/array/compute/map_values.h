// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

#include "vortex/array/array.h"

namespace vortex {

/// `map` applied to `array`, where `map` is elementwise: element i of its result depends on
/// element i of its input alone (a null included), and its result has its input's length.
/// Run-end, dictionary and constant arrays (also under an extension dtype) apply `map` once per
/// run or distinct value and keep their structure, so a date part of a sorted column costs one
/// evaluation per run. nullopt when the array has no such form (or it would not save work).
std::optional<Result<ArrayRef>> MapValuesEncoded(const ArrayRef &array, const ValueMap &map);

/// MapValuesEncoded, else `map` over the whole array.
Result<ArrayRef> MapValues(const ArrayRef &array, const ValueMap &map);

} // namespace vortex
