#!/usr/bin/env bash
# Per-column compression bench: every column of every shared data set alone in a Parquet-ZSTD
# file, all timed by one `vx-bench compress` run, so a data set's size, write and decode ratios
# can be traced to the columns that cost the most.
#   tools/bench_columns.sh [VX] [OUT_DIR] [VX_BENCH]
# VX defaults to build/release/cli/vx, VX_BENCH to build/release/benchmarks/vx-bench/vx-bench
# (configure with -DVORTEX_BUILD_BENCHMARKS=ON), OUT_DIR to /tmp/vortex_bench_columns (kept between runs:
# the per-column files are made once). Writes OUT_DIR/columns.json and, when python3 is
# present, prints a Markdown table of it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
vx=${1:-$root/build/release/cli/vx}
out=${2:-/tmp/vortex_bench_columns}
vx_bench=${3:-$root/build/release/benchmarks/vx-bench/vx-bench}
data=$root/../shared/data/real
mkdir -p "$out"

files=()
for csv in "$data"/*.csv.zst; do
  name=$(basename "$csv" .csv.zst)
  whole=$out/$name.parquet
  if [ ! -f "$whole" ]; then
    "$vx" convert "$csv" "$out/$name.vortex" >/dev/null
    "$vx" convert "$out/$name.vortex" "$whole" >/dev/null
    rm -f "$out/$name.vortex"
  fi
  columns=$("$vx" sql "SELECT name FROM parquet_schema('$whole') WHERE num_children IS NULL" --csv | tail -n +2)
  for column in $columns; do
    file=$out/${name}__${column}.parquet
    if [ ! -f "$file" ]; then
      "$vx" sql "COPY (SELECT \"$column\" FROM '$whole') TO '$file' (FORMAT parquet, COMPRESSION zstd)" >/dev/null
    fi
    files+=("$file")
  done
done

"$root/../shared/tools/quiet.sh" 60 10 || true
"$vx_bench" compress --json "${files[@]}" >"$out/columns.json"
echo "wrote $out/columns.json" >&2

command -v python3 >/dev/null || exit 0
python3 - "$out/columns.json" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("| data set | column | pq-zstd KB | vortex KB | size vx/pq | write pq/vx | decode pq/vx |")
print("|---|---|---|---|---|---|---|")
for r in results:
    data_set, column = r["data_set"].split("__", 1)
    b = r["bytes"]
    print(f"| {data_set} | {column} | {b['parquet_zstd'] / 1e3:.0f} | {b['vortex'] / 1e3:.0f} | "
          f"{r['size_ratio_vortex_vs_parquet_zstd']:.2f} | {r['write_speedup_vs_parquet_zstd']:.2f} | "
          f"{r['decode_speedup_vs_parquet_zstd']:.1f} |")
EOF
