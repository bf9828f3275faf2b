#!/usr/bin/env bash
# LOAD 'vortex.duckdb_extension' into the pinned DuckDB: read_vortex and FROM 'x.vortex' work,
# a file's errors stay query errors, and a DuckDB without allow_unsigned_extensions refuses it.
set -euo pipefail
host="$1" extension="$2" vx="$3" examples="$4"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$vx" convert "$examples/cities.csv" "$dir/cities.vortex" --progress never > /dev/null
load="LOAD '$extension'"
out="$("$host" "$load" "SELECT count(*), max(population) FROM read_vortex('$dir/cities.vortex')" \
    "SELECT city FROM '$dir/cities.vortex' WHERE population > 12000000")"
[ "$out" = $'10,14094034\nTokyo' ] || { echo "unexpected output: $out"; exit 1; }
printf 'not a vortex file' > "$dir/bad.vortex"
if "$host" "$load" "SELECT * FROM '$dir/bad.vortex'" 2> "$dir/err.txt"; then echo "a bad file loaded"; exit 1; fi
grep -q "read_vortex" "$dir/err.txt" || { echo "no read_vortex error:"; cat "$dir/err.txt"; exit 1; }
echo "extension load ok"
