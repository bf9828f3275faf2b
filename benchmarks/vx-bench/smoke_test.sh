#!/usr/bin/env bash
# Every vx-bench benchmark end to end at tiny sizes: a smoke run, not a measurement. Each must
# finish and print its headline figure; write-scaling must write identical bytes with 1 and 2
# workers, and a wide write must start no thread beyond its executor's.
set -euo pipefail
vxb="$1"
examples="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

"$vxb" open --quick --reps 1 --tmp-dir "$dir" | grep "footer cache" > /dev/null
"$vxb" take --quick --reps 1 --tmp-dir "$dir" --json | grep '"speedup_vs_best_duckdb"' > /dev/null
"$vxb" export --quick --reps 1 --tmp-dir "$dir" --executor-threads 1,2 --json | grep '"ratio_vs_first"' > /dev/null
"$vxb" compress --quick --reps 1 --tmp-dir "$dir" --json | grep '"decode_speedup_vs_parquet_zstd"' > /dev/null
"$vxb" compress --quick --reps 1 --tmp-dir "$dir" "$examples/cities.csv" | grep '^cities  *10 ' > /dev/null
"$vxb" sql --quick --reps 1 --tmp-dir "$dir" --json | grep '"geomean_ratio"' > /dev/null
"$vxb" filters --quick --reps 1 --tmp-dir "$dir" --dtype date --kind range --json 2>/dev/null |
    grep '"median_ratio"' > /dev/null
scaling=$("$vxb" write-scaling --quick --reps 1 --tmp-dir "$dir" --threads 1,2 --json)
grep '"identical_bytes": true' <<< "$scaling" > /dev/null
if grep '"identical_bytes": false' <<< "$scaling"; then
    echo "write-scaling: executors of different sizes wrote different bytes" >&2
    exit 1
fi
# bench wide: a wide write starts no thread beyond the executor's (this one, 2 workers).
wide=$("$vxb" wide --quick --reps 1 --tmp-dir "$dir" --columns 500 --threads 2 --json)
grep '"peak_threads_during_write": 3,' <<< "$wide" > /dev/null
echo "bench ok"
