// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <pybind11/pybind11.h>
#include <utility>

#include "vortex/status.hpp"

namespace vortex::python {

/// Raises the Python exception of a failed status (vortex._errors: VortexError and its
/// subclasses, which also derive from OSError, ValueError, ... by code) with our message.
void ThrowIfError(const api::Status &status);

/// The value of `result`, or its error raised as a Python exception.
template <typename T>
T Unwrap(api::Result<T> result) {
    ThrowIfError(result.status());
    return std::move(result).value();
}

} // namespace vortex::python
