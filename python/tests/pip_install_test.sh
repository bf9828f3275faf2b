#!/usr/bin/env bash
# pip installs the package offline into a fresh virtual environment that sees Debian's packages,
# building vortex._native in BUILD_DIR (already configured with VORTEX_BUILD_PYTHON=ON), then
# uses it from outside the source tree.
#   pip_install_test.sh PYTHON BUILD_DIR EXAMPLES_DIR
set -euo pipefail
python="$1" build="$2" examples="$3"
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
VORTEX_CMAKE_BUILD_DIR="$build" "$work/venv/bin/pip" install --quiet --no-build-isolation --no-index "$here"
cd "$work"
"$work/venv/bin/python" - "$examples/cities.csv" <<'PY'
import sys

import pandas as pd

import vortex

assert vortex.__file__.startswith(sys.prefix), vortex.__file__
frame = pd.read_csv(sys.argv[1])
vortex.write("cities.vortex", frame)
back = vortex.open("cities.vortex").to_pandas(filter=vortex.col("population") > 1_000_000)
assert len(back) == (frame["population"] > 1_000_000).sum() > 0, back
print("pip install ok:", vortex.__version__, len(back), "rows")
PY
