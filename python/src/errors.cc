// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "errors.h"

namespace py = pybind11;

namespace vortex::python {

namespace {

// The class of vortex._errors that a status code raises.
const char *ErrorClassName(api::StatusCode code) {
    switch (code) {
        case api::StatusCode::Io:
            return "VortexIOError";
        case api::StatusCode::InvalidArgument:
        case api::StatusCode::MismatchedTypes:
        case api::StatusCode::OutOfBounds:
            return "VortexValueError";
        case api::StatusCode::Serde:
            return "VortexFormatError";
        case api::StatusCode::NotImplemented:
            return "VortexNotImplementedError";
        default:
            return "VortexError";
    }
}

} // namespace

void ThrowIfError(const api::Status &status) {
    if (status.ok()) {
        return;
    }
    // Called with the GIL held: every caller reacquires it before looking at a status.
    py::object error_class = py::module_::import("vortex._errors").attr(ErrorClassName(status.code()));
    py::object error = error_class(status.message());
    error.attr("code") = api::StatusCodeName(status.code());
    PyErr_SetObject(error_class.ptr(), error.ptr());
    throw py::error_already_set();
}

} // namespace vortex::python
