# SPDX-License-Identifier: Apache-2.0
"""Read and write Vortex columnar files (vortex-cpp).

    import vortex
    f = vortex.open("cities.vortex")
    df = f.scan(columns=["name", "population"], filter=vortex.col("population") > 10**6).to_pandas()
    vortex.write("out.vortex", df)
"""

from ._errors import (
    VortexError,
    VortexFormatError,
    VortexIOError,
    VortexNotImplementedError,
    VortexValueError,
)
from ._native import DType, __version__
from .expr import Expr, col, lit
from .file import Scan, Table, VortexFile, open
from .write import write

__all__ = [
    "DType",
    "Expr",
    "Scan",
    "Table",
    "VortexError",
    "VortexFile",
    "VortexFormatError",
    "VortexIOError",
    "VortexNotImplementedError",
    "VortexValueError",
    "__version__",
    "col",
    "lit",
    "open",
    "write",
]
