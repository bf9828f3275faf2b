# SPDX-License-Identifier: Apache-2.0
"""Vortex files as Dask DataFrames: :func:`read_vortex` and :func:`to_vortex`.

``read_vortex`` plans on the client: it opens each file (its footer only), plans the scan into
splits with the filter (zone maps prune whole splits there, before any task exists), and makes
one partition per remaining split. Each task opens its file on a worker and scans only its
split's rows with the filter and projection pushed down.
"""

import glob
import os

import numpy as np

from . import file as _file
from .expr import filter_text as _as_filter_text
from .write import write

__all__ = ["read_vortex", "to_vortex"]


def _expand(paths):
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for path in paths:
        path = os.fspath(path)
        matches = sorted(glob.glob(path)) if glob.has_magic(path) else [path]
        if not matches:
            raise FileNotFoundError(f"no file matches {path}")
        out.extend(matches)
    return out


def _rechunk(splits, split_rows):
    """Cuts planned splits longer than ``split_rows``; shorter ones stay as planned."""
    if not split_rows:
        return splits
    out = []
    for begin, end in splits:
        for start in range(begin, end, split_rows):
            out.append((start, min(end, start + split_rows)))
    return out


def _read_split(part, columns, filter_text):
    path, begin, end = part
    f = _file.open(path)
    return f.scan(columns=columns, filter=filter_text, row_range=(begin, end)).read_all().to_pandas()


def _plan(files, columns, filter_text, split_rows):
    """The projected dtype (all files must have the first's) and the splits of ``files``."""
    dtype = None
    parts = []
    for path in files:
        scan = _file.open(path).scan(columns=columns, filter=filter_text)
        if dtype is None:
            dtype = scan.dtype
        elif scan.dtype != dtype:
            raise ValueError(f"{path} has dtype {scan.dtype}, not {dtype} like {files[0]}")
        parts.extend((path, begin, end) for begin, end in _rechunk(scan.splits(), split_rows))
    return dtype, parts


def plan(paths, columns=None, filter=None, split_rows=None):
    """The (path, row_begin, row_end) splits ``read_vortex`` would read, after pruning."""
    return _plan(_expand(paths), columns, _as_filter_text(filter), split_rows)[1]


def read_vortex(paths, columns=None, filter=None, split_rows=None):
    """A ``dask.dataframe.DataFrame`` over one file, a list of files or a glob.

    ``columns`` projects, ``filter`` (an expression or the text syntax) is pushed into every
    split's scan, ``split_rows`` cuts splits longer than that. Every file must have the dtype of
    the first (after projection)."""
    import dask.dataframe as dd

    files = _expand(paths)
    filter_text = _as_filter_text(filter)
    dtype, parts = _plan(files, columns, filter_text, split_rows)
    meta = _file.Table([], dtype).to_pandas()
    if not parts:
        # Everything pruned: one empty partition keeps the frame well formed.
        parts = [(files[0], 0, 0)]
    return dd.from_map(_read_split, parts, args=[columns, filter_text], meta=meta, label="read-vortex",
                       enforce_metadata=False)


def _write_partition(frame, directory, compression, partition_info=None):
    import pandas as pd

    number = 0 if partition_info is None else partition_info["number"]
    path = os.path.join(directory, f"part.{number:05d}.vortex")
    named = any(name is not None for name in frame.index.names)
    frame = frame.reset_index(drop=not named)
    rows, size = write(path, frame, compression=compression)
    return pd.DataFrame({"path": [path], "rows": np.array([rows], dtype=np.int64),
                         "bytes": np.array([size], dtype=np.int64)})


def to_vortex(ddf, directory, compression="default"):
    """Writes each partition of ``ddf`` as ``directory/part.NNNNN.vortex`` from the workers and
    returns a pandas DataFrame of the files written (path, rows, bytes). A named index is written
    as a column."""
    import pandas as pd

    os.makedirs(directory, exist_ok=True)
    meta = pd.DataFrame({"path": pd.Series([], dtype=object), "rows": pd.Series([], dtype=np.int64),
                         "bytes": pd.Series([], dtype=np.int64)})
    written = ddf.map_partitions(_write_partition, directory, compression, meta=meta)
    return written.compute().reset_index(drop=True)
