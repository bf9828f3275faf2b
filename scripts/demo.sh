#!/usr/bin/env bash
# Installs the dependencies, builds the release preset and runs the main job on a bundled
# example. Until file conversion exists, the main job builds an in-memory table, prints it,
# round-trips it through the Arrow C Data Interface and prints what came back.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake --preset release
cmake --build --preset release --parallel "$(nproc)" --target vx
build/release/cli/vx demo
