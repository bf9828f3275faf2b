# SPDX-License-Identifier: Apache-2.0
"""Writing files: :func:`write`."""

import os

from . import _convert, _native

__all__ = ["write"]

_COMPRESSIONS = ("default", "compact", "none")


def write(path, data, *, compression="default"):
    """Writes ``data`` as the Vortex file ``path`` and returns ``(rows, bytes)``.

    ``data`` is a pandas DataFrame, a dict of numpy arrays, pandas Series or lists, or any object
    with ``__arrow_c_stream__`` (a vortex file or scan, pyarrow, polars, DuckDB relations).
    ``compression`` is ``"default"`` (lightweight cascading encodings), ``"compact"`` (smaller:
    pco for numbers, zstd for strings) or ``"none"``. The file is written beside ``path`` and
    renamed over it when complete, so a failed write leaves ``path`` as it was.
    """
    if compression not in _COMPRESSIONS:
        raise ValueError(f"compression is one of {_COMPRESSIONS}, not {compression!r}")
    path = os.fspath(path)
    if hasattr(data, "__arrow_c_stream__") and not isinstance(data, dict):
        try:
            import pandas as pd

            is_frame = isinstance(data, pd.DataFrame)
        except ImportError:  # pragma: no cover
            is_frame = False
        if not is_frame:
            return _native.write_stream(path, data.__arrow_c_stream__(), compression)
    names, columns = _convert.from_table(data)
    array = _native.columns_to_array(names, columns)
    return _native.write_array(path, array, compression)
