# SPDX-License-Identifier: Apache-2.0
import os
import pathlib
import subprocess

import pandas as pd
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def examples_dir():
    return pathlib.Path(os.environ.get("VORTEX_EXAMPLES_DIR", REPO / "examples"))


@pytest.fixture
def reference_files_dir():
    return REPO / "tests" / "compat" / "reference-files"


def read_zstd_csv(path, **kwargs):
    """pandas.read_csv of a .csv.zst (decompressed with the zstd tool)."""
    data = subprocess.run(["zstd", "-dc", str(path)], check=True, capture_output=True).stdout
    import io

    return pd.read_csv(io.BytesIO(data), **kwargs)


@pytest.fixture
def sample_csv_dir():
    return REPO / "tests" / "data"
