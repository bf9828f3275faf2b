# SPDX-License-Identifier: Apache-2.0
"""The exceptions the package raises. Each carries the library's message and, as ``code``, the
name of its error kind ("Io", "InvalidArgument", "Serde", ...)."""


class VortexError(Exception):
    """Any error of the library."""

    code = "Internal"


class VortexIOError(VortexError, OSError):
    """Reading or writing failed: a missing file, a short read, a full disk."""


class VortexValueError(VortexError, ValueError):
    """A bad argument: an unknown column, a filter that does not parse, mismatched types."""


class VortexFormatError(VortexError):
    """The file is not a valid Vortex file (truncated, corrupt, or not Vortex at all)."""


class VortexNotImplementedError(VortexError, NotImplementedError):
    """Valid, but not supported by this version."""
