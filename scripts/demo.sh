#!/usr/bin/env bash
# Installs the dependencies, builds the release preset and runs the main job on a bundled
# example: converts examples/cities.csv to a .vortex file, inspects it and prints its head.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/install-duckdb.sh
cmake --preset release
cmake --build --preset release --parallel "$(nproc)" --target vx
vx=build/release/cli/vx
mkdir -p build/demo
"$vx" convert examples/cities.csv build/demo/cities.vortex
"$vx" inspect build/demo/cities.vortex
"$vx" head build/demo/cities.vortex -n 5
