#!/usr/bin/env bash
# The vx commands end to end on the bundled example: convert, inspect (text and JSON), head,
# convert back to CSV and Parquet, and one clear error line for bad input.
set -euo pipefail
vx="$1"
examples="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

"$vx" convert "$examples/cities.csv" "$dir/cities.vortex" --progress never
"$vx" inspect "$dir/cities.vortex" | grep "vortex.struct" > /dev/null
"$vx" inspect "$dir/cities.vortex" --json | grep '"rows": 10' > /dev/null
head_out="$("$vx" head "$dir/cities.vortex" -n 3 --columns city,population)"
expected=$'city,population\nAmsterdam,921402\nReykjavík,139875\nZürich,447082'
[ "$head_out" = "$expected" ] || { echo "unexpected head output: $head_out"; exit 1; }
# head appends to a redirected stdout instead of truncating it.
{ echo "before"; "$vx" head "$dir/cities.vortex" -n 1; } > "$dir/log.txt"
[ "$(head -n 1 "$dir/log.txt")" = "before" ] || { echo "head truncated its redirected output"; exit 1; }
"$vx" convert "$dir/cities.vortex" "$dir/back.csv"
[ "$(wc -l < "$dir/back.csv")" = 11 ] || { echo "back.csv has the wrong number of lines"; exit 1; }
"$vx" convert "$dir/cities.vortex" "$dir/back.parquet"
"$vx" convert "$dir/back.parquet" "$dir/again.vortex" --progress never
cmp <("$vx" head "$dir/cities.vortex" -n 100) <("$vx" head "$dir/again.vortex" -n 100)

# Errors: one line on stderr, non-zero exit, no half-written output.
printf 'not a vortex file' > "$dir/bad.vortex"
if "$vx" inspect "$dir/bad.vortex" 2> "$dir/err.txt"; then echo "inspect of a bad file succeeded"; exit 1; fi
[ "$(wc -l < "$dir/err.txt")" = 1 ] || { echo "error was not one line:"; cat "$dir/err.txt"; exit 1; }
if "$vx" convert "$dir/missing.csv" "$dir/out.vortex" 2> "$dir/err.txt"; then echo "missing input succeeded"; exit 1; fi
[ ! -e "$dir/out.vortex" ] || { echo "a failed convert left its output behind"; exit 1; }
if "$vx" head "$dir/cities.vortex" --columns nope 2> /dev/null; then echo "unknown column succeeded"; exit 1; fi
echo "cli ok"
