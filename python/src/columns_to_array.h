// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <pybind11/pybind11.h>

#include "vortex/array.hpp"

namespace vortex::python {

/// A struct array of `names` and `columns`, the dicts vortex/_convert.py makes from pandas or
/// numpy (the inverse of ArrayToColumn for the kinds a DataFrame holds):
///   kind     "bool", "int", "uint", "float": values a contiguous numpy array of that kind
///            "utf8", "binary": values a sequence of str / bytes (None is null)
///            "timestamp": values int64 in `unit` ("s", "ms", "us", "ns"), tz a zone or None
///            "date": values int32 days since 1970-01-01
///            "null": length only
///   mask     None, or a numpy bool array, True where null (the column is then nullable)
/// Values are copied, so the arrays may be freed or changed afterwards.
api::Array ColumnsToArray(const pybind11::list &names, const pybind11::list &columns);

} // namespace vortex::python
