#!/usr/bin/env bash
# Installs libvortex from a release build tree into a temporary prefix, then builds the examples
# out of tree against the INSTALLED package (CMake find_package and pkg-config, shared and
# static), runs them, and checks that libvortex.so exports nothing but the public C++ API
# (vortex::api::*, vortex::Version) and the C interface (vx_*).
#   scripts/check-package.sh [BUILD_DIR]      (default build/release, already configured)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"

cmake --build "$build" --parallel "$(nproc)" --target vortex_shared vortex_static
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
lib="$prefix/lib/libvortex.so"
test -f "$prefix/include/vortex/vortex.hpp" && test -f "$prefix/include/vortex.h" && test -f "$prefix/include/vortex/version.hpp"
test -f "$prefix/lib/libvortex.a" && test -f "$prefix/lib/pkgconfig/vortex.pc"
test -f "$prefix/lib/cmake/Vortex/VortexConfig.cmake" && test -f "$prefix/lib/cmake/Vortex/VortexConfigVersion.cmake"
# Fails with MESSAGE and the first lines of LIST when LIST is not empty.
fail_if_listed() {
    if [ -n "$2" ]; then
        echo "check-package: $1:" >&2
        echo "$2" | head -20 >&2
        exit 1
    fi
}

# No implementation header is installed.
# (Whole outputs are captured before testing them: under pipefail, `| grep -q` can end a pipeline
# early and its writer then dies of SIGPIPE, which fails the script at random.)
headers="$(find "$prefix/include" -name '*.h' -o -name '*.hpp')"
unexpected_headers="$(echo "$headers" | grep -vE '/include/vortex\.h$|/include/vortex/[a-z_]+\.(hpp|h)$' || true)"
fail_if_listed "unexpected headers installed" "$unexpected_headers"
soname="$(readelf -d "$lib" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')"
echo "check-package: $soname"
# Exported (defined, dynamic) symbols: only the public API.
exported="$(nm -D --defined-only "$lib" | awk '{print $3}' | c++filt)"
unexpected="$(echo "$exported" | grep -vE '^(vortex::api::|vortex::Version\(\)|vx_|typeinfo (name )?for vortex::api::|vtable for vortex::api::|VORTEX_0\.1$)' || true)"
fail_if_listed "libvortex.so exports symbols outside the public API" "$unexpected"
versions="$(nm -D --defined-only --with-symbol-versions "$lib" | awk '{print $3}')"
unversioned="$(echo "$versions" | grep -v '@@VORTEX_0\.1$' | grep -vx 'VORTEX_0\.1' || true)"
fail_if_listed "symbols without the VORTEX_0.1 version" "$unversioned"
echo "check-package: $(echo "$exported" | grep -c '^vortex::api::') C++ and $(echo "$exported" | grep -c '^vx_') C symbols exported, all versioned"

# The examples, out of tree, against the installed package.
cmake -S examples -B "$work/examples" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/examples" --parallel "$(nproc)"
cd "$work"
examples="$work/examples"
"$examples/write_and_scan" "$work/cities.vortex"
"$examples/write_and_scan_static" "$work/cities-static.vortex" >/dev/null
"$examples/scan_to_arrow" "$work/cities.vortex" "population > 100000"
"$examples/inspect" "$work/cities.vortex"
for c_example in "$examples"/c_*; do
    [ -x "$c_example" ] || continue
    echo "check-package: $(basename "$c_example")"
    "$c_example" "$work"
done
# pkg-config: one C++ and one C program, compiled by hand.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
c++ -std=c++20 -Wall -Wextra -Werror "$OLDPWD/examples/cpp/scan_to_arrow.cpp" $(pkg-config --cflags --libs vortex) \
    -Wl,-rpath,"$prefix/lib" -o "$work/scan_to_arrow_pc"
"$work/scan_to_arrow_pc" "$work/cities.vortex" >/dev/null
for c_source in "$OLDPWD"/examples/c/*.c; do
    [ -f "$c_source" ] || continue
    cc -std=c17 -Wall -Wextra -Wpedantic -Werror "$c_source" $(pkg-config --cflags --libs vortex) \
        -Wl,-rpath,"$prefix/lib" -o "$work/c_pc"
    break
done
echo "check-package: ok"
