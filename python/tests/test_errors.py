# SPDX-License-Identifier: Apache-2.0
"""Bad paths, corrupt and truncated files, bad arguments: Python exceptions with our messages."""

import numpy as np
import pytest

import vortex


@pytest.fixture
def good_file(tmp_path):
    path = tmp_path / "good.vortex"
    vortex.write(path, {"a": np.arange(5000, dtype=np.int64), "s": [f"v{i % 13}" for i in range(5000)]})
    return path


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError) as caught:
        vortex.open(tmp_path / "nope.vortex")
    assert isinstance(caught.value, vortex.VortexError)
    assert "nope.vortex" in str(caught.value)
    assert caught.value.code == "Io"


def test_not_a_vortex_file(tmp_path):
    path = tmp_path / "text.vortex"
    path.write_text("this is not a vortex file at all, just some text\n" * 10)
    with pytest.raises(vortex.VortexError):
        vortex.open(path)


@pytest.mark.parametrize("keep", [0, 7, 100, 0.5, -9])
def test_truncated_file(good_file, tmp_path, keep):
    data = good_file.read_bytes()
    cut = int(len(data) * keep) if isinstance(keep, float) else (keep if keep >= 0 else len(data) + keep)
    path = tmp_path / "cut.vortex"
    path.write_bytes(data[:cut])
    with pytest.raises(vortex.VortexError):
        vortex.open(path).to_pandas()


def test_corrupt_bytes_raise_or_read(good_file, tmp_path):
    """Flipped bytes anywhere: an exception, never a crash (the data may survive a flip in
    padding)."""
    data = bytearray(good_file.read_bytes())
    rng = np.random.default_rng(5)
    for trial in range(40):
        broken = bytearray(data)
        for position in rng.integers(0, len(data), 3):
            broken[position] ^= 0xFF
        path = tmp_path / f"broken{trial}.vortex"
        path.write_bytes(bytes(broken))
        try:
            vortex.open(path).to_pandas()
        except vortex.VortexError:
            pass


def test_bad_filter_and_columns(good_file):
    f = vortex.open(good_file)
    with pytest.raises(ValueError) as caught:
        f.to_pandas(filter="a >>> 3")
    assert "position" in str(caught.value)
    with pytest.raises(ValueError):
        f.to_pandas(filter=vortex.col("missing") == 1)
    with pytest.raises(ValueError):
        f.to_pandas(columns=["missing"])
    with pytest.raises(TypeError):
        f.to_pandas(filter=42)
    with pytest.raises(TypeError):
        bool(vortex.col("a") > 1)
    with pytest.raises(ValueError):
        vortex.col("a") > float("nan")


def test_bad_write_arguments(tmp_path):
    with pytest.raises(ValueError):
        vortex.write(tmp_path / "x.vortex", {"a": np.arange(3)}, compression="gzip")
    with pytest.raises(ValueError):
        vortex.write(tmp_path / "x.vortex", {"a": np.arange(3), "b": np.arange(4)})
    with pytest.raises(OSError):
        vortex.write(tmp_path / "no" / "such" / "dir" / "x.vortex", {"a": np.arange(3)})
    with pytest.raises(TypeError):
        vortex.write(tmp_path / "x.vortex", 12)
