# SPDX-License-Identifier: Apache-2.0
"""vortex.dask on a real distributed cluster: a scheduler and two worker processes over TCP on
127.0.0.1."""

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

import vortex

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import vortex.dask as vdask  # noqa: E402

FILES = 40
ROWS_PER_FILE = 5_000


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    """40 CSV files and the same rows as 40 Vortex files."""
    root = tmp_path_factory.mktemp("dask")
    rng = np.random.default_rng(17)
    for i in range(FILES):
        frame = pd.DataFrame({
            "trip": np.arange(i * ROWS_PER_FILE, (i + 1) * ROWS_PER_FILE, dtype=np.int64),
            "route": rng.choice(["A", "B", "C", "D", "E"], ROWS_PER_FILE),
            "minutes": rng.integers(1, 120, ROWS_PER_FILE),
            "fare": np.round(rng.gamma(2.0, 4.0, ROWS_PER_FILE), 2),
        })
        frame.to_csv(root / f"trips-{i:02d}.csv", index=False)
        vortex.write(root / f"trips-{i:02d}.vortex", frame)
    return root


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def _pandas_answer(root):
    frame = pd.concat([pd.read_csv(p) for p in sorted(root.glob("trips-*.csv"))], ignore_index=True)
    kept = frame[(frame["minutes"] > 30) & (frame["route"] != "C")]
    return kept.groupby("route").agg(trips=("trip", "count"), fare=("fare", "sum")).sort_index()


def test_filter_and_group_by_equal_pandas(dataset, client):
    ddf = vdask.read_vortex(str(dataset / "trips-*.vortex"), columns=["trip", "route", "fare", "minutes"],
                            filter=(vortex.col("minutes") > 30) & (vortex.col("route") != "C"))
    assert ddf.npartitions >= FILES
    got = ddf.groupby("route").agg({"trip": "count", "fare": "sum"}).compute()
    got = got.rename(columns={"trip": "trips"}).sort_index()
    expected = _pandas_answer(dataset)
    got.index = got.index.astype(object)
    pdt.assert_series_equal(got["trips"], expected["trips"], check_dtype=False, check_names=False)
    np.testing.assert_allclose(got["fare"].to_numpy(), expected["fare"].to_numpy(), rtol=1e-9)


def test_zone_maps_prune_splits_before_tasks(dataset):
    # trip is sorted across files: a range on it keeps only the files (splits) that hold it.
    low, high = 2 * ROWS_PER_FILE + 10, 3 * ROWS_PER_FILE + 20
    parts = vdask.plan(str(dataset / "trips-*.vortex"), filter=vortex.col("trip").between(low, high))
    assert {p[0].rsplit("-", 1)[1] for p in parts} == {"02.vortex", "03.vortex"}
    ddf = vdask.read_vortex(str(dataset / "trips-*.vortex"), filter=vortex.col("trip").between(low, high))
    assert ddf.npartitions == len(parts)
    assert sorted(ddf["trip"].compute().tolist()) == list(range(low, high + 1))


def test_split_rows_and_meta(dataset):
    ddf = vdask.read_vortex(str(dataset / "trips-0*.vortex"), split_rows=1000)
    assert ddf.npartitions == 10 * ROWS_PER_FILE // 1000
    assert list(ddf.columns) == ["trip", "route", "minutes", "fare"]
    assert str(ddf["route"].dtype) == "string"
    assert len(ddf) == 10 * ROWS_PER_FILE


def test_to_vortex_writes_one_file_per_partition(dataset, client, tmp_path):
    ddf = vdask.read_vortex(str(dataset / "trips-1*.vortex"))
    written = vdask.to_vortex(ddf[ddf["minutes"] < 10], str(tmp_path / "out"))
    assert len(written) == ddf.npartitions
    back = vdask.read_vortex(str(tmp_path / "out" / "*.vortex")).compute()
    expected = ddf[ddf["minutes"] < 10].compute()
    pdt.assert_frame_equal(back.sort_values("trip").reset_index(drop=True),
                           expected.sort_values("trip").reset_index(drop=True))
