# SPDX-License-Identifier: Apache-2.0
"""Scans: projections, filters (checked against pandas' own evaluation), row ranges, indices,
limits, batches, statistics, and the Arrow C stream."""

import datetime

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

import vortex
from vortex import col, lit

ROWS = 20_000


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(3)
    nulls = rng.random(ROWS) < 0.1
    return pd.DataFrame({
        "id": np.arange(ROWS, dtype=np.int64),
        "small": rng.integers(0, 50, ROWS).astype(np.int16),
        "maybe": pd.array(np.where(nulls, None, rng.integers(-1000, 1000, ROWS)), dtype="Int32"),
        "price": np.round(rng.gamma(2.0, 30.0, ROWS), 2),
        "city": pd.array(rng.choice(["Oslo", "Lima", "Pune", "Kyiv", "Austin", "O'Hare"], ROWS), dtype="string"),
        "note": pd.array(np.where(rng.random(ROWS) < 0.3, None, rng.choice(["ok", "late", "lost"], ROWS)),
                         dtype="string"),
        "when": pd.Series(pd.Timestamp("2021-01-01") + pd.to_timedelta(rng.integers(0, 365 * 86400, ROWS), unit="s")),
        "active": rng.random(ROWS) < 0.5,
    })


@pytest.fixture(scope="module")
def path(frame, tmp_path_factory):
    path = tmp_path_factory.mktemp("scan") / "frame.vortex"
    vortex.write(path, frame)
    return path


def _expected(frame, mask):
    return frame[mask.fillna(False).astype(bool) if hasattr(mask, "fillna") else mask].reset_index(drop=True)


FILTERS = [
    ("int eq", col("small") == 7, lambda f: f["small"] == 7),
    ("int range", (col("id") >= 1000) & (col("id") < 1500), lambda f: (f["id"] >= 1000) & (f["id"] < 1500)),
    ("int ne", col("small") != 3, lambda f: f["small"] != 3),
    ("nullable int", col("maybe") > 500, lambda f: f["maybe"] > 500),
    ("float", col("price") <= 10.5, lambda f: f["price"] <= 10.5),
    ("float fraction on int", col("small") < 2.5, lambda f: f["small"] < 2.5),
    ("string eq", col("city") == "O'Hare", lambda f: f["city"] == "O'Hare"),
    ("string in", col("city").isin(["Oslo", "Pune"]), lambda f: f["city"].isin(["Oslo", "Pune"])),
    ("string prefix", col("city").startswith("O"), lambda f: f["city"].str.startswith("O")),
    ("is null", col("note").is_null(), lambda f: f["note"].isna()),
    ("is not null and", col("note").is_not_null() & (col("note") != "ok"),
     lambda f: f["note"].notna() & (f["note"] != "ok")),
    ("or", (col("small") == 1) | (col("city") == "Lima"), lambda f: (f["small"] == 1) | (f["city"] == "Lima")),
    ("not", ~(col("small") < 40), lambda f: ~(f["small"] < 40)),
    ("between", col("price").between(20, 30), lambda f: (f["price"] >= 20) & (f["price"] <= 30)),
    ("timestamp", col("when") < datetime.datetime(2021, 2, 1, 12, 30),
     lambda f: f["when"] < pd.Timestamp("2021-02-01 12:30")),
    ("timestamp numpy", col("when") >= np.datetime64("2021-12-01T00:00:00"),
     lambda f: f["when"] >= pd.Timestamp("2021-12-01")),
    ("bool column", col("active") == True, lambda f: f["active"]),  # noqa: E712
    ("literal left", lit(45) < col("small"), lambda f: f["small"] > 45),
    ("nothing", col("id") < 0, lambda f: f["id"] < 0),
]


@pytest.mark.parametrize("name,expr,oracle", FILTERS, ids=[f[0] for f in FILTERS])
def test_filters_match_pandas(path, frame, name, expr, oracle):
    got = vortex.open(path).to_pandas(filter=expr)
    pdt.assert_frame_equal(got, _expected(frame, oracle(frame)))


def test_text_filter_equals_expression(path):
    f = vortex.open(path)
    by_text = f.to_pandas(filter="small = 7 AND city IN ('Oslo', 'Lima')")
    by_expr = f.to_pandas(filter=(col("small") == 7) & col("city").isin(["Oslo", "Lima"]))
    pdt.assert_frame_equal(by_text, by_expr)
    assert len(by_text) > 0


def test_projection_row_range_indices_limit(path, frame):
    f = vortex.open(path)
    got = f.to_pandas(columns=["city", "id"], row_range=(100, 5100))
    pdt.assert_frame_equal(got, frame[["city", "id"]].iloc[100:5100].reset_index(drop=True))
    rows = [19_999, 5, 17, 5, 12_345]
    got = f.to_pandas(indices=rows)
    pdt.assert_frame_equal(got, frame.iloc[sorted(set(rows))].reset_index(drop=True))
    assert len(f.to_pandas(limit=123)) == 123
    got = f.to_pandas(filter=col("small") == 9, limit=10, columns=["id"])
    pdt.assert_frame_equal(got, frame.loc[frame["small"] == 9, ["id"]].head(10).reset_index(drop=True))


def test_batches_and_to_numpy(path, frame):
    f = vortex.open(path)
    sizes = [len(batch) for batch in f.scan(columns=["id"], batch_size=3000)]
    assert sum(sizes) == ROWS and max(sizes) <= 3000
    np.testing.assert_array_equal(f.to_numpy("price"), frame["price"].to_numpy())
    maybe = f.to_numpy("maybe")
    assert maybe.dtype == object and sum(v is None for v in maybe) == frame["maybe"].isna().sum()


def test_statistics(path, frame):
    stats = {s["name"]: s for s in vortex.open(path).statistics}
    assert stats["id"]["min"] == 0 and stats["id"]["max"] == ROWS - 1
    assert stats["maybe"]["null_count"] == frame["maybe"].isna().sum()
    assert stats["when"]["min"] == np.datetime64(frame["when"].min().to_datetime64(), "ns")


def test_splits_cover_the_file(path):
    splits = vortex.open(path).scan().splits()
    assert splits[0][0] == 0 and splits[-1][1] == ROWS
    assert all(a[1] == b[0] for a, b in zip(splits, splits[1:]))


def test_arrow_c_stream_capsule_round_trip(path, frame, tmp_path):
    f = vortex.open(path)
    capsule = f.__arrow_c_stream__()
    assert type(capsule).__name__ == "PyCapsule"
    # Another consumer of the PyCapsule interface: the writer reads the stream.
    rows, _ = vortex.write(tmp_path / "copy.vortex", f.scan(filter=col("small") < 10))
    copy = vortex.open(tmp_path / "copy.vortex").to_pandas()
    pdt.assert_frame_equal(copy, _expected(frame, frame["small"] < 10))
    assert rows == len(copy)
