# SPDX-License-Identifier: Apache-2.0
"""Conversions between the native module's column dicts and numpy / pandas.

A column dict (python/src/arrow_columns.h) has ``kind``, ``length``, ``mask`` (True where null,
or None) and, by kind, ``values``, ``unit``, ``tz``, ``precision``, ``scale``, ``names`` and
``children``, ``offsets`` and ``child``, ``size``.
"""

import datetime
import decimal
import uuid

import numpy as np

def _masked_copy(values, mask, fill):
    out = np.array(values, copy=True)
    out[mask] = fill
    return out


def to_numpy(column):
    """The column as one numpy array: primitive columns without nulls are zero-copy and read-only;
    nulls become NaN (floats), NaT (dates and times) or None in an object array (the rest)."""
    kind = column["kind"]
    mask = column["mask"]
    length = column["length"]
    if kind == "null":
        return np.full(length, None, dtype=object)
    if kind in ("int", "uint", "bool"):
        values = column["values"]
        if mask is None:
            return values
        out = values.astype(object)
        out[mask] = None
        return out
    if kind == "float":
        values = column["values"]
        return values if mask is None else _masked_copy(values, mask, np.nan)
    if kind in ("date", "timestamp", "time"):
        values = column["values"]
        return values if mask is None else _masked_copy(values, mask, np.datetime64("NaT") if kind != "time" else np.timedelta64("NaT"))
    if kind in ("utf8", "binary", "fixed_binary"):
        return column["values"]
    if kind == "uuid":
        return np.array([None if v is None else uuid.UUID(bytes=v) for v in column["values"]], dtype=object)
    if kind == "decimal":
        scale = column["scale"]
        return np.array(
            [None if v is None else decimal.Decimal(v).scaleb(-scale) for v in column["values"]], dtype=object
        )
    if kind == "struct":
        children = [to_python_list(child) for child in column["children"]]
        rows = [dict(zip(column["names"], values)) for values in zip(*children)] if children else [{} for _ in range(length)]
        out = np.empty(length, dtype=object)
        for i, row in enumerate(rows):
            out[i] = None if mask is not None and mask[i] else row
        return out
    if kind in ("list", "fixed_size_list"):
        child = to_numpy(column["child"])
        offsets = column["offsets"] if kind == "list" else np.arange(length + 1) * column["size"]
        out = np.empty(length, dtype=object)
        for i in range(length):
            out[i] = None if mask is not None and mask[i] else child[offsets[i]:offsets[i + 1]]
        return out
    raise NotImplementedError(f"no numpy conversion for {kind}")


def to_python_list(column):
    """The column as a list of Python values (None for nulls)."""
    values = to_numpy(column)
    kind = column["kind"]
    if kind in ("date", "timestamp", "time", "float") and column["mask"] is not None:
        return [None if null else v for v, null in zip(values.tolist(), column["mask"])]
    return values.tolist()


def to_pandas_series(column, name=None, index=None):
    """The column as a pandas Series with pandas' own dtypes: nullable integers and booleans as
    ``Int64``/``boolean`` and friends, strings as ``string``, timestamps with their unit and
    zone; zero-copy where numpy's conversion is."""
    import pandas as pd

    kind = column["kind"]
    mask = column["mask"]
    # A nullable column gets pandas' nullable dtype even in a batch without nulls, so that every
    # batch (and every Dask partition) of a column has the same dtype.
    nullable = mask is not None or column.get("nullable", False)
    if mask is None and nullable:
        mask = np.zeros(column["length"], dtype=bool)
    if kind in ("int", "uint"):
        values = column["values"]
        if not nullable:
            return pd.Series(values, name=name, index=index, copy=False)
        return pd.Series(pd.arrays.IntegerArray(np.array(values), mask.copy()), name=name, index=index)
    if kind == "float":
        values = column["values"]
        if not nullable:
            return pd.Series(values, name=name, index=index, copy=False)
        if values.dtype == np.float16:
            values = values.astype(np.float32)
        return pd.Series(pd.arrays.FloatingArray(np.array(values), mask.copy()), name=name, index=index)
    if kind == "bool":
        values = column["values"]
        if not nullable:
            return pd.Series(values, name=name, index=index, copy=False)
        return pd.Series(pd.arrays.BooleanArray(np.array(values), mask.copy()), name=name, index=index)
    if kind == "utf8":
        return pd.Series(pd.array(column["values"], dtype="string"), name=name, index=index)
    if kind in ("timestamp", "date"):
        values = to_numpy(column)
        if not _fits_nanoseconds(values):
            # pandas holds datetime64[ns] only: values outside 1677..2262 stay Python dates and
            # datetimes (UTC for zoned timestamps) rather than wrap around.
            return pd.Series(values.astype(object), name=name, index=index, dtype=object)
        series = pd.Series(values.astype("datetime64[ns]"), name=name, index=index)
        if kind == "timestamp" and column.get("tz"):
            series = series.dt.tz_localize("UTC").dt.tz_convert(column["tz"])
        return series
    return pd.Series(to_numpy(column), name=name, index=index, dtype=object)


def _fits_nanoseconds(values):
    present = values[~np.isnat(values)]
    if present.size == 0:
        return True
    unit, _ = np.datetime_data(values.dtype)
    low = np.datetime64("1677-09-22", unit)
    high = np.datetime64("2262-04-11", unit)
    return bool(present.min() >= low and present.max() <= high)


def scalar_value(value, dtype):
    """A statistic from the native module (stored integers for temporal types, unscaled
    integers for decimals) as the Python value of ``dtype``."""
    if value is None:
        return None
    if dtype.kind == "decimal":
        return decimal.Decimal(value).scaleb(-dtype.scale)
    if dtype.is_date or dtype.is_timestamp:
        return np.datetime64(value, dtype.unit)
    if dtype.is_time:
        return np.timedelta64(value, dtype.unit)
    return value


# --- writing: pandas / numpy columns to column dicts ---------------------------------------------

_NUMPY_KINDS = {"i": "int", "u": "uint", "f": "float", "b": "bool"}


def _from_numpy(values, mask=None):
    values = np.asarray(values)
    kind = values.dtype.kind
    if kind in _NUMPY_KINDS:
        # A float NaN stays a value; pandas' nullable dtypes carry nulls as a mask.
        return {"kind": _NUMPY_KINDS[kind], "values": np.ascontiguousarray(values), "mask": mask, "length": len(values)}
    if kind == "M":
        unit, _ = np.datetime_data(values.dtype)
        nat = np.isnat(values)
        if nat.any():
            mask = nat if mask is None else (mask | nat)
        if unit == "D":
            days = values.astype("int64")
            if mask is not None:
                days = np.where(mask, 0, days)
            return {"kind": "date", "values": days.astype(np.int32), "mask": mask, "length": len(values)}
        if unit not in ("s", "ms", "us", "ns"):
            values = values.astype("datetime64[ns]")
            unit = "ns"
        ints = values.view("int64")
        if mask is not None:
            ints = np.where(mask, 0, ints)
        return {"kind": "timestamp", "unit": unit, "tz": None, "values": np.ascontiguousarray(ints), "mask": mask,
                "length": len(values)}
    if kind in ("U", "S", "O"):
        return _from_objects(values, mask)
    raise TypeError(f"cannot write a numpy column of dtype {values.dtype}")


def _from_objects(values, mask=None):
    """Strings, bytes, dates, booleans or Python ints in an object array or list."""
    items = list(values)
    present = [v for v in items if v is not None and not (isinstance(v, float) and np.isnan(v))]
    length = len(items)
    if not present:
        return {"kind": "null", "length": length, "mask": None}
    first = present[0]
    nulls = np.array([v is None or (isinstance(v, float) and np.isnan(v)) for v in items], dtype=bool)
    if mask is not None:
        nulls |= np.asarray(mask, dtype=bool)
    null_mask = nulls if nulls.any() else None
    if isinstance(first, (str, np.str_)):
        return {"kind": "utf8", "values": [None if n else v for v, n in zip(items, nulls)], "mask": null_mask,
                "length": length}
    if isinstance(first, (bytes, np.bytes_)):
        return {"kind": "binary", "values": [None if n else v for v, n in zip(items, nulls)], "mask": null_mask,
                "length": length}
    if isinstance(first, datetime.datetime):
        return _from_numpy(np.array([np.datetime64("NaT") if n else np.datetime64(v, "us") for v, n in zip(items, nulls)],
                                    dtype="datetime64[us]"))
    if isinstance(first, datetime.date):
        days = np.array([0 if n else (v - datetime.date(1970, 1, 1)).days for v, n in zip(items, nulls)], dtype=np.int32)
        return {"kind": "date", "values": days, "mask": null_mask, "length": length}
    if isinstance(first, (bool, np.bool_)):
        return {"kind": "bool", "values": np.array([False if n else bool(v) for v, n in zip(items, nulls)]),
                "mask": null_mask, "length": length}
    if isinstance(first, (int, np.integer)):
        return {"kind": "int", "values": np.array([0 if n else int(v) for v, n in zip(items, nulls)], dtype=np.int64),
                "mask": null_mask, "length": length}
    if isinstance(first, (float, np.floating)):
        return {"kind": "float",
                "values": np.array([0.0 if n else float(v) for v, n in zip(items, nulls)], dtype=np.float64),
                "mask": null_mask, "length": length}
    raise TypeError(f"cannot write a column of Python {type(first).__name__} values")


def _from_pandas(series):
    import pandas as pd

    dtype = series.dtype
    if isinstance(dtype, pd.DatetimeTZDtype):
        utc = series.dt.tz_convert("UTC").dt.tz_localize(None).to_numpy()
        column = _from_numpy(utc)
        column["tz"] = str(dtype.tz)
        return column
    if isinstance(dtype, pd.CategoricalDtype):
        return _from_pandas(series.astype(dtype.categories.dtype if dtype.categories.dtype != object else object))
    if pd.api.types.is_extension_array_dtype(dtype):
        # Nullable integers, floats, booleans and strings: values and a mask.
        array = series.array
        mask = np.asarray(series.isna().to_numpy(), dtype=bool)
        if isinstance(dtype, pd.StringDtype):
            return _from_objects(series.astype(object).where(~mask, None).to_numpy(), mask)
        numpy_dtype = getattr(dtype, "numpy_dtype", None)
        if numpy_dtype is None:
            return _from_objects(series.to_numpy(dtype=object), mask)
        fill = False if numpy_dtype.kind == "b" else 0
        values = array.to_numpy(dtype=numpy_dtype, na_value=fill)
        return _from_numpy(values, mask)
    if dtype == object:
        return _from_objects(series.to_numpy())
    return _from_numpy(series.to_numpy())


def from_table(data):
    """Column names and column dicts of a pandas DataFrame or a dict of numpy arrays / lists."""
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - pandas is optional for dicts of numpy arrays
        pd = None
    if pd is not None and isinstance(data, pd.DataFrame):
        names = [str(name) for name in data.columns]
        if len(set(names)) != len(names):
            raise ValueError("column names must be unique")
        return names, [_from_pandas(data.iloc[:, i]) for i in range(data.shape[1])]
    if isinstance(data, dict):
        names = [str(name) for name in data]
        columns = []
        for value in data.values():
            if pd is not None and isinstance(value, pd.Series):
                columns.append(_from_pandas(value))
            elif isinstance(value, np.ndarray):
                columns.append(_from_numpy(value))
            else:
                columns.append(_from_objects(value))
        return names, columns
    raise TypeError(f"cannot write a {type(data).__name__}: pass a pandas DataFrame, a dict of columns, "
                    "or an object with __arrow_c_stream__")
