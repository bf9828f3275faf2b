# SPDX-License-Identifier: Apache-2.0
"""Files written by the Rust reference (tests/compat/reference-files) read through Python."""

import csv

import pytest

import vortex


def _manifest(directory):
    for folder in sorted(directory.iterdir()):
        manifest = folder / "MANIFEST.tsv"
        if manifest.exists():
            with manifest.open() as handle:
                for row in csv.DictReader(handle, delimiter="\t"):
                    yield folder / row["file"], int(row["rows"]), row["dtype"]


def test_every_reference_file_reads_whole(reference_files_dir):
    entries = list(_manifest(reference_files_dir))
    assert len(entries) >= 30
    for path, rows, dtype in entries:
        f = vortex.open(path)
        assert f.row_count == rows, path.name
        frame = f.to_pandas()
        assert len(frame) == rows, path.name
        assert list(frame.columns) == f.columns, path.name


def test_known_values(reference_files_dir):
    folder = next(p for p in reference_files_dir.iterdir() if p.is_dir())
    nullable = vortex.open(folder / "nullable_int_6rows.vortex").to_pandas()
    # The generator's validity is [T, F, T, F, T, T].
    assert nullable.iloc[:, 0].isna().tolist() == [False, True, False, True, False, False]
    strings = vortex.open(folder / "string_col_5rows.vortex").read_all()
    assert strings.num_rows == 5


def test_example_csv_round_trip(examples_dir, tmp_path):
    import pandas as pd
    import pandas.testing as pdt

    frame = pd.read_csv(examples_dir / "cities.csv", parse_dates=["last_census"])
    vortex.write(tmp_path / "cities.vortex", frame)
    back = vortex.open(tmp_path / "cities.vortex").to_pandas()
    expected = frame.copy()
    for name in ("city", "country", "founded"):
        expected[name] = expected[name].astype("string")
    pdt.assert_frame_equal(back, expected)
