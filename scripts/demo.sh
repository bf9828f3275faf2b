#!/usr/bin/env bash
# Installs the dependencies, builds the release preset and runs the main job on a bundled
# example: converts examples/cities.csv to a .vortex file, inspects it and prints its head, then
# reads it from Python.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/install-duckdb.sh
cmake --preset release -DVORTEX_BUILD_PYTHON=ON
cmake --build --preset release --parallel "$(nproc)" --target vx vortex_python
vx=build/release/cli/vx
mkdir -p build/demo
"$vx" convert examples/cities.csv build/demo/cities.vortex
"$vx" inspect build/demo/cities.vortex
"$vx" head build/demo/cities.vortex -n 5
# The same file from Python (the package as built in build/release/python).
PYTHONPATH=build/release/python /usr/bin/python3 -c '
import vortex
f = vortex.open("build/demo/cities.vortex")
print(f.to_pandas(columns=["city", "population"], filter=vortex.col("population") > 1_000_000))'
