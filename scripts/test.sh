#!/usr/bin/env bash
# Installs the dependencies, builds every target and runs every test with ctest.
# The default preset is `ci`: a debug build under AddressSanitizer and UBSan with -Werror runs
# every test but the `heavy` ones (the fuzz targets replay their corpora and mutate them there,
# and clang-tidy checks the sources of the latest landing: scripts/tidy.sh);
# the heavy ones (the writer's property and stress suites, which under the sanitizers would take
# most of an hour) then run in a release build of just their targets, which then also builds,
# installs and checks the package (scripts/check-package.sh); last, the `tsan`-labelled
# concurrency suites (executor, sequence ids, row queue, memory pool, I/O, the write pipeline)
# run under ThreadSanitizer in a build of just their targets, without precompiled headers. The
# release stage also builds every benchmark (the micro benchmarks and vx-bench) and runs vx-bench
# at tiny sizes (label heavy), and the Python package, whose pytest suite (with a Dask cluster of
# two worker processes) and pip install are heavy tests too.
# After each build, scripts/build-seconds.sh prints the seconds its steps took.
# Set VORTEX_TEST_PRESET=debug (or release, tsan, ...) to run everything in one configuration.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${VORTEX_TEST_PRESET:-ci}"
bash scripts/install-deps.sh
bash scripts/install-duckdb.sh
bash scripts/install-node-host.sh

# ccache keys on paths relative to the checkout, so clones in other folders share a cache.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
jobs="$(nproc)"
cmake --preset "$preset"
cmake --build --preset "$preset" --parallel "$jobs"
bash scripts/build-seconds.sh "build/$preset"
if [ "$preset" != ci ]; then
    ctest --preset "$preset" --parallel "$jobs"
    exit 0
fi
ctest --preset ci --parallel "$jobs" --label-exclude heavy

heavy_targets=(vortex_writer_property_test vortex_sparse_column_test vortex_writer_stress_test
               vortex_filter_matrix_test vortex_loadable_extension vortex_benchmarks vortex_python)
cmake --preset release -DVORTEX_BUILD_BENCHMARKS=ON -DVORTEX_BUILD_PYTHON=ON
cmake --build --preset release --parallel "$jobs" --target "${heavy_targets[@]}"
bash scripts/build-seconds.sh build/release
ctest --preset release --parallel "$jobs" --label-regex heavy
# The installable package: install into a temporary prefix, build and run the examples out of
# tree against it, check the exported symbols (scripts/check-package.sh).
bash scripts/check-package.sh build/release

tsan_targets=(vortex_io_test vortex_sequence_test vortex_buffer_test vortex_layout_test)
# Without precompiled headers: this build also shows that the sources it compiles include what
# they use (the other builds parse the common headers once, cmake/VortexPrecompiledHeaders.cmake).
cmake --preset tsan -DVORTEX_BUILD_DUCKDB=OFF -DVORTEX_BUILD_CLI=OFF -DVORTEX_PRECOMPILED_HEADERS=OFF
cmake --build --preset tsan --parallel "$jobs" --target "${tsan_targets[@]}"
ctest --preset tsan --parallel "$jobs" --label-regex tsan
