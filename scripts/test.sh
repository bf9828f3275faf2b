#!/usr/bin/env bash
# Installs the dependencies, builds every target and runs every test with ctest.
# The default preset is `ci`: a debug build under AddressSanitizer and UBSan with -Werror.
# Set VORTEX_TEST_PRESET=debug (or release, tsan, ...) for another configuration.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${VORTEX_TEST_PRESET:-ci}"
bash scripts/install-deps.sh
bash scripts/install-duckdb.sh

jobs="$(nproc)"
cmake --preset "$preset"
cmake --build --preset "$preset" --parallel "$jobs"
ctest --preset "$preset" --parallel "$jobs"
