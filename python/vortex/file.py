# SPDX-License-Identifier: Apache-2.0
"""Opening and scanning files: :func:`open`, :class:`VortexFile`, :class:`Scan`, :class:`Table`."""

import os

import numpy as np

from . import _convert, _native
from .expr import filter_text

__all__ = ["open", "VortexFile", "Scan", "Table"]


def open(path, *, mmap=False):  # noqa: A001 - the reference's name
    """Opens the Vortex file at ``path`` (reads its footer; no data yet)."""
    return VortexFile(_native.File.open(os.fspath(path), mmap=mmap), os.fspath(path))


class VortexFile:
    """An open file: its dtype, row count and statistics, and scans over it."""

    def __init__(self, native, path):
        self._native = native
        self.path = path

    @property
    def dtype(self):
        """The file's dtype (a struct for tables)."""
        return self._native.dtype

    @property
    def row_count(self):
        return self._native.row_count

    def __len__(self):
        return self._native.row_count

    @property
    def file_size(self):
        return self._native.file_size

    @property
    def columns(self):
        return [name for name, _ in self._native.dtype.fields]

    @property
    def statistics(self):
        """Per top-level column: ``{"name", "min", "max", "sum", "null_count", "nan_count"}``
        (None where the file stores none), values converted to the column's Python type."""
        fields = dict(self._native.dtype.fields)
        out = []
        for entry in self._native.statistics():
            dtype = fields.get(entry["name"])
            converted = dict(entry)
            if dtype is not None:
                for key in ("min", "max", "sum"):
                    converted[key] = _convert.scalar_value(entry[key], dtype)
            out.append(converted)
        return out

    def scan(self, columns=None, filter=None, row_range=None, indices=None, limit=None, batch_size=None):
        """Describes a scan: ``columns`` (names, in order), ``filter`` (an expression or the text
        syntax), ``row_range`` ((begin, end) rows of the file), ``indices`` (row numbers, any
        order, returned once each in row order), ``limit`` (rows), ``batch_size`` (rows per batch
        at most). Iterating it yields :class:`Table` batches."""
        if columns is not None:
            columns = [columns] if isinstance(columns, str) else list(columns)
        if row_range is not None:
            begin, end = row_range
            row_range = (int(begin), int(end))
        if indices is not None:
            indices = [int(i) for i in np.asarray(indices).ravel()]
        native = self._native.scan(columns=columns, filter=filter_text(filter), row_range=row_range,
                                   indices=indices, limit=limit, batch_rows=batch_size)
        return Scan(native)

    def read_all(self, **scan_arguments):
        return self.scan(**scan_arguments).read_all()

    def to_pandas(self, **scan_arguments):
        return self.scan(**scan_arguments).read_all().to_pandas()

    def to_numpy(self, column, **scan_arguments):
        return self.scan(columns=[column], **scan_arguments).read_all().to_numpy(column)

    def __arrow_c_stream__(self, requested_schema=None):
        """The whole file as an Arrow C stream (the Arrow PyCapsule interface)."""
        return self.scan().__arrow_c_stream__(requested_schema)

    def __repr__(self):
        return f"<vortex file {self.path!r}: {self.row_count} rows of {self.dtype}>"


class Scan:
    """A described scan; iterate it for batches, or read it whole."""

    def __init__(self, native):
        self._native = native

    @property
    def dtype(self):
        return self._native.dtype()

    def _batch_columns(self):
        """Starts the scan and yields each batch's column dict."""
        stream = self._native.stream()
        while (batch := stream.next()) is not None:
            yield batch.to_column()

    def __iter__(self):
        for column in self._batch_columns():
            yield Table([column])

    def read_all(self):
        """Every batch, as one :class:`Table`."""
        columns = list(self._batch_columns())
        if not columns:
            return Table([], self._native.dtype())
        return Table(columns)

    def to_pandas(self):
        return self.read_all().to_pandas()

    def splits(self):
        """The scan planned into splits (row ranges of the file, after zone-map pruning)."""
        return [(split.row_begin, split.row_end) for split in self._native.splits()]

    def __arrow_c_stream__(self, requested_schema=None):
        """The scan as an Arrow C stream for one consumer (the Arrow PyCapsule interface).
        ``requested_schema`` is accepted and ignored: the stream has the scan's own schema."""
        return self._native.arrow_c_stream()


def _empty_column(dtype):
    """A zero-row column dict of ``dtype`` (a scan that returned no batch)."""
    column = _empty_values(dtype)
    column["nullable"] = dtype.nullable
    return column


def _empty_values(dtype):
    if dtype.kind == "struct":
        children = []
        for name, field in dtype.fields:
            child = _empty_column(field)
            child["name"] = name
            children.append(child)
        return {"kind": "struct", "length": 0, "mask": None, "names": [n for n, _ in dtype.fields], "children": children}
    kinds = {"bool": ("bool", np.bool_), "utf8": ("utf8", object), "binary": ("binary", object)}
    if dtype.kind == "primitive":
        ptype = dtype.ptype
        numpy_dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(ptype) or np.dtype(
            ("int" if ptype[0] == "i" else "uint") + ptype[1:])
        kind = "float" if ptype[0] == "f" else ("int" if ptype[0] == "i" else "uint")
        return {"kind": kind, "length": 0, "mask": None, "values": np.empty(0, dtype=numpy_dtype)}
    if dtype.kind in kinds:
        kind, numpy_dtype = kinds[dtype.kind]
        return {"kind": kind, "length": 0, "mask": None, "values": np.empty(0, dtype=numpy_dtype)}
    if dtype.is_timestamp:
        return {"kind": "timestamp", "length": 0, "mask": None, "unit": dtype.unit, "tz": dtype.tz,
                "values": np.empty(0, dtype=f"datetime64[{dtype.unit}]")}
    if dtype.is_date:
        return {"kind": "date", "length": 0, "mask": None, "unit": "D", "values": np.empty(0, dtype="datetime64[D]")}
    return {"kind": "null", "length": 0, "mask": None}


def _concat(columns):
    """One column dict of several batches' column dicts of one dtype."""
    if len(columns) == 1:
        return columns[0]
    first = columns[0]
    kind = first["kind"]
    length = sum(c["length"] for c in columns)
    masks = [c["mask"] for c in columns]
    mask = None
    if any(m is not None for m in masks):
        mask = np.concatenate([m if m is not None else np.zeros(c["length"], dtype=bool) for m, c in zip(masks, columns)])
    out = dict(first)
    out["length"] = length
    out["mask"] = mask
    if kind == "struct":
        out["children"] = [_concat([c["children"][i] for c in columns]) for i in range(len(first["children"]))]
    elif kind in ("list", "fixed_size_list"):
        # Nested values: convert each batch, then join the Python objects.
        out = {"kind": "object", "length": length, "mask": mask,
               "values": np.concatenate([_convert.to_numpy(c) for c in columns])}
    elif kind != "null":
        out["values"] = np.concatenate([c["values"] for c in columns])
    return out


class Table:
    """Rows read from a file: one or more batches of one dtype."""

    def __init__(self, batches, dtype=None):
        self._batches = batches
        self._dtype = dtype
        self._joined = None

    def _column_dict(self):
        if self._joined is None:
            if not self._batches:
                self._joined = _empty_column(self._dtype)
            else:
                self._joined = _concat(self._batches)
        return self._joined

    @property
    def num_rows(self):
        return sum(b["length"] for b in self._batches)

    def __len__(self):
        return self.num_rows

    @property
    def column_names(self):
        return list(self._column_dict().get("names", []))

    def column(self, name):
        joined = self._column_dict()
        try:
            return joined["children"][joined["names"].index(name)]
        except (KeyError, ValueError):
            raise KeyError(f"no column {name!r}; the columns are {self.column_names}") from None

    def to_numpy(self, name):
        """One column as a numpy array (zero-copy for a single batch of a primitive column
        without nulls)."""
        column = self.column(name)
        if column["kind"] == "object":
            return column["values"]
        return _convert.to_numpy(column)

    def to_pandas(self):
        """The rows as a pandas DataFrame with pandas' nullable dtypes where a column has nulls."""
        import pandas as pd

        joined = self._column_dict()
        if joined["kind"] != "struct":
            return pd.DataFrame({"": _series(joined)})
        data = {name: _series(child, name) for name, child in zip(joined["names"], joined["children"])}
        if not data:
            return pd.DataFrame(index=pd.RangeIndex(joined["length"]))
        return pd.DataFrame(data, copy=False)

    def to_pylist(self):
        """The rows as a list of dicts."""
        joined = self._column_dict()
        names = joined.get("names", [])
        columns = [self.to_numpy(name).tolist() for name in names]
        return [dict(zip(names, row)) for row in zip(*columns)]

    def __repr__(self):
        return f"<vortex table: {self.num_rows} rows, columns {self.column_names}>"


def _series(column, name=None):
    import pandas as pd

    if column["kind"] == "object":
        return pd.Series(column["values"], name=name, dtype=object)
    return _convert.to_pandas_series(column, name=name)
