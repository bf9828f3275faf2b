// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <pybind11/pybind11.h>

#include "vortex/array.hpp"

namespace vortex::python {

/// Describes `array` (exported through the Arrow C data interface) as a dict that vortex/_convert.py
/// turns into numpy or pandas:
///   kind      "null", "bool", "int", "uint", "float", "utf8", "binary", "date", "time",
///             "timestamp", "decimal", "uuid", "fixed_binary", "struct", "list", "fixed_size_list"
///   length    elements
///   nullable  whether the dtype is nullable (a batch may still hold no null)
///   mask      a numpy bool array, True where the element is null, or None when none is
///   values    numpy: primitive values (zero-copy, read-only), bools, date/time/timestamp
///             values as datetime64/timedelta64 (zero-copy where the width matches); an object
///             array of str / bytes / int (decimals: the unscaled value) otherwise
///   unit, tz  temporal kinds; precision, scale: decimals; names, children: structs;
///   offsets   lists (int64, length + 1), child, size (fixed-size lists)
/// Primitive values stay in the exported buffers: the arrays keep the export alive.
pybind11::dict ArrayToColumn(const api::Array &array);

} // namespace vortex::python
