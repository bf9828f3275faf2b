# SPDX-License-Identifier: Apache-2.0
"""Every dtype a DataFrame holds, written and read back."""

import datetime

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

import vortex

ROWS = 3000  # more than one 1024-value block, not a multiple of one


def _frame(rng):
    ints = {f"i{bits}": rng.integers(-(2 ** (bits - 1)), 2 ** (bits - 1) - 1, ROWS, dtype=f"int{bits}")
            for bits in (8, 16, 32, 64)}
    uints = {f"u{bits}": rng.integers(0, 2 ** bits - 1, ROWS, dtype=f"uint{bits}", endpoint=True)
             for bits in (8, 16, 32, 64)}
    floats = {
        "f16": rng.normal(size=ROWS).astype(np.float16),
        "f32": rng.normal(size=ROWS).astype(np.float32),
        "f64": np.round(rng.normal(size=ROWS) * 1000, 2),
    }
    return pd.DataFrame({**ints, **uints, **floats, "flag": rng.random(ROWS) < 0.3})


@pytest.mark.parametrize("compression", ["default", "compact", "none"])
def test_primitives_round_trip(tmp_path, compression):
    rng = np.random.default_rng(7)
    frame = _frame(rng)
    path = tmp_path / "p.vortex"
    rows, size = vortex.write(path, frame, compression=compression)
    assert rows == ROWS and size == path.stat().st_size
    f = vortex.open(path)
    assert f.row_count == ROWS
    assert f.columns == list(frame.columns)
    pdt.assert_frame_equal(f.to_pandas(), frame)


def test_float_nan_is_a_value_not_a_null(tmp_path):
    frame = pd.DataFrame({"x": np.array([1.0, np.nan, -np.inf, 0.0])})
    vortex.write(tmp_path / "nan.vortex", frame)
    back = vortex.open(tmp_path / "nan.vortex").to_pandas()
    assert back["x"].dtype == np.float64
    pdt.assert_frame_equal(back, frame)


def test_nullable_dtypes_round_trip(tmp_path):
    rng = np.random.default_rng(11)
    nulls = rng.random(ROWS) < 0.2
    frame = pd.DataFrame({
        "i8": pd.array(np.where(nulls, None, rng.integers(-100, 100, ROWS)), dtype="Int8"),
        "i64": pd.array(np.where(nulls, None, rng.integers(-10**12, 10**12, ROWS)), dtype="Int64"),
        "u32": pd.array(np.where(nulls, None, rng.integers(0, 10**9, ROWS)), dtype="UInt32"),
        "f64": pd.array(np.where(nulls, None, rng.normal(size=ROWS)), dtype="Float64"),
        "b": pd.array(np.where(nulls, None, rng.random(ROWS) < 0.5), dtype="boolean"),
        "s": pd.array(np.where(nulls, None, [f"name-{i % 97}" for i in range(ROWS)]), dtype="string"),
    })
    vortex.write(tmp_path / "n.vortex", frame)
    back = vortex.open(tmp_path / "n.vortex").to_pandas()
    pdt.assert_frame_equal(back, frame)
    for name in frame.columns:
        assert back[name].isna().sum() == nulls.sum()


def test_strings_and_bytes(tmp_path):
    words = ["", "a", "Zürich", "São Paulo", "x" * 40, "日本語テキスト", None]
    frame = pd.DataFrame({"s": words * 300, "b": [None if w is None else w.encode() for w in words] * 300})
    vortex.write(tmp_path / "s.vortex", frame)
    back = vortex.open(tmp_path / "s.vortex").to_pandas()
    pdt.assert_series_equal(back["s"], frame["s"].astype("string"))
    assert back["b"].tolist() == frame["b"].tolist()


@pytest.mark.parametrize("zone", [None, "UTC", "Europe/Paris", "America/Los_Angeles"])
def test_timestamps_keep_unit_and_zone(tmp_path, zone):
    stamps = pd.Series(pd.date_range("1969-12-31 22:00", periods=ROWS, freq="17min") + pd.Timedelta(1, "ns"))
    if zone:
        stamps = stamps.dt.tz_localize(zone, nonexistent="shift_forward", ambiguous="NaT")
    stamps = stamps.copy()
    stamps.iloc[5] = pd.NaT
    assert stamps.isna().sum() >= 1
    frame = pd.DataFrame({"t": stamps})
    vortex.write(tmp_path / "t.vortex", frame)
    f = vortex.open(tmp_path / "t.vortex")
    field = dict(f.dtype.fields)["t"]
    assert field.is_timestamp and field.unit == "ns" and field.tz == zone
    pdt.assert_frame_equal(f.to_pandas(), frame)


def test_numpy_datetime_units_and_dates(tmp_path):
    seconds = np.arange("2020-01-01T00:00:00", "2020-01-01T00:50:00", dtype="datetime64[s]")
    days = [datetime.date(1900, 1, 1) + datetime.timedelta(days=37 * i) for i in range(len(seconds))]
    days[3] = None
    vortex.write(tmp_path / "d.vortex", {"s": seconds, "day": days})
    f = vortex.open(tmp_path / "d.vortex")
    fields = dict(f.dtype.fields)
    assert fields["s"].unit == "s" and fields["day"].is_date
    np.testing.assert_array_equal(f.to_numpy("s"), seconds)
    got = f.to_numpy("day")
    assert got.dtype == np.dtype("datetime64[D]")
    assert np.isnat(got[3])
    assert [None if np.isnat(v) else v.astype(datetime.date) for v in got] == days


def test_dict_of_numpy_and_lists(tmp_path):
    data = {"a": np.arange(10, dtype=np.int32), "b": [1.5] * 10, "c": ["x", None] * 5, "d": [True, False] * 5}
    vortex.write(tmp_path / "l.vortex", data)
    table = vortex.open(tmp_path / "l.vortex").read_all()
    assert table.num_rows == 10
    np.testing.assert_array_equal(table.to_numpy("a"), data["a"])
    assert table.to_numpy("b").tolist() == data["b"]
    assert table.to_numpy("c").tolist() == data["c"]
    assert table.to_numpy("d").tolist() == data["d"]
    assert table.to_pylist()[1] == {"a": 1, "b": 1.5, "c": None, "d": False}


def test_zero_copy_for_primitive_columns_without_nulls(tmp_path):
    vortex.write(tmp_path / "z.vortex", {"a": np.arange(1000, dtype=np.int64)}, compression="none")
    batch = next(iter(vortex.open(tmp_path / "z.vortex").scan()))
    values = batch.to_numpy("a")
    assert not values.flags.owndata and not values.flags.writeable
    np.testing.assert_array_equal(values, np.arange(1000))


def test_empty_frame_and_empty_scan(tmp_path):
    frame = pd.DataFrame({"a": np.array([], dtype=np.int64), "s": pd.array([], dtype="string")})
    vortex.write(tmp_path / "e.vortex", frame)
    f = vortex.open(tmp_path / "e.vortex")
    assert f.row_count == 0
    back = f.to_pandas()
    assert list(back.columns) == ["a", "s"] and len(back) == 0
    vortex.write(tmp_path / "x.vortex", {"a": np.arange(5)})
    none = vortex.open(tmp_path / "x.vortex").to_pandas(filter=vortex.col("a") > 100)
    assert list(none.columns) == ["a"] and len(none) == 0


def test_large_frame_in_many_batches(tmp_path):
    rows = 300_000
    frame = pd.DataFrame({"k": np.arange(rows) % 1000, "v": np.arange(rows, dtype=np.float64) / 3})
    vortex.write(tmp_path / "big.vortex", frame)
    f = vortex.open(tmp_path / "big.vortex")
    batches = list(f.scan(batch_size=50_000))
    assert len(batches) >= 6 and sum(len(b) for b in batches) == rows
    pdt.assert_frame_equal(f.to_pandas(), frame)


def test_unsupported_column_is_a_type_error(tmp_path):
    with pytest.raises(TypeError):
        vortex.write(tmp_path / "u.vortex", {"a": [object(), object()]})
    with pytest.raises(TypeError):
        vortex.write(tmp_path / "u.vortex", {"a": np.array([1, 2], dtype="timedelta64[s]")})
    assert not (tmp_path / "u.vortex").exists()


def test_dates_outside_pandas_range_stay_dates(tmp_path):
    days = [datetime.date(1275, 10, 27), datetime.date(2500, 1, 1), None]
    vortex.write(tmp_path / "old.vortex", {"d": days})
    f = vortex.open(tmp_path / "old.vortex")
    assert f.to_pandas()["d"].tolist() == days
    assert str(f.to_numpy("d")[0]) == "1275-10-27"
