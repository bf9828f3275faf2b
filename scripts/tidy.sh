#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# clang-tidy with the repo's .clang-tidy over the C++ sources changed recently, every warning
# an error. "Recently" is the commits of the 6 hours before HEAD's commit (one landing; the same
# set on any clone), or those since BASE when given. Needs a configured build for
# compile_commands.json (default build/ci).
#   scripts/tidy.sh [-p BUILD_DIR] [BASE]
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/ci
while getopts "p:" option; do
    case "$option" in
        p) build="$OPTARG" ;;
        *) echo "usage: $0 [-p BUILD_DIR] [BASE]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

command -v clang-tidy >/dev/null || { echo "tidy.sh: clang-tidy not found" >&2; exit 1; }
[ -f "$build/compile_commands.json" ] || { echo "tidy.sh: no $build/compile_commands.json" >&2; exit 1; }

if [ $# -gt 0 ]; then
    range=("$1..HEAD")
else
    head_time=$(git log -1 --format=%ct HEAD)
    range=(--since="@$((head_time - 6 * 3600))" HEAD)
fi
mapfile -t changed < <(git log "${range[@]}" --name-only --diff-filter=AM --format= -- '*.cc' |
    sort -u | while read -r file; do
        # Only files that still exist and that the build compiles (not third-party, not C).
        if [ -f "$file" ] && grep -q "\"file\": \".*/$file\"" "$build/compile_commands.json"; then
            echo "$file"
        fi
    done)
if [ ${#changed[@]} -eq 0 ]; then
    echo "tidy: no changed C++ sources"
    exit 0
fi
echo "tidy: ${#changed[@]} changed sources"
# clang-tidy reads each file without GCC's precompiled headers (it cannot load them), so it also
# checks that the file includes what it uses.
database=$(mktemp -d)
trap 'rm -rf "$database"' EXIT
sed -e 's| -Winvalid-pch||g' -e 's| -include [^ ]*/cmake_pch\.hxx||g' \
    "$build/compile_commands.json" > "$database/compile_commands.json"
jobs="${VORTEX_TIDY_JOBS:-$(nproc)}"
printf '%s\n' "${changed[@]}" |
    xargs -P "$jobs" -n 1 clang-tidy -p "$database" --quiet --warnings-as-errors='*' 2>/dev/null
echo "tidy ok"
