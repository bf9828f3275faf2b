#!/usr/bin/env bash
# Runs a fuzz campaign: builds the `fuzz` preset (clang, ASan, UBSan, libFuzzer), writes the
# seed corpora, then runs each named target (all by default) for SECONDS, JOBS at a time, each
# from its own working corpus under build/fuzz/campaign/<target> (seeds and earlier finds).
# Each run logs to its own log-<time>.txt, so runs over one corpus add up. Crashes land in
# build/fuzz/campaign/<target>/crashes; copy each into fuzz/regressions/<target>/ once fixed,
# where CTest replays it in every build.
# -n runs the binaries as they are (no rebuild, no new seeds): to go on with a campaign while
# the sources change.
#   scripts/fuzz.sh [-t SECONDS] [-j JOBS] [-n] [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
jobs=1
build_first=1
while getopts "t:j:n" option; do
    case "$option" in
        t) seconds="$OPTARG" ;;
        j) jobs="$OPTARG" ;;
        n) build_first=0 ;;
        *) echo "usage: $0 [-t SECONDS] [-j JOBS] [-n] [target ...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(file_scan footer array_decode expr_parse arrow_import); fi

build=build/fuzz
if [ "$build_first" = 1 ]; then
    export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
    cmake --preset fuzz >/dev/null
    cmake --build --preset fuzz --parallel "$(nproc)"
    "$build/fuzz/vortex_fuzz_seeds" "$build/fuzz/seeds" >/dev/null
fi

run_one() {
    local target="$1" work="$build/campaign/$1"
    local log="$work/log-$(date +%Y%m%d-%H%M%S).txt"
    mkdir -p "$work/corpus" "$work/crashes"
    local extra=()
    case "$target" in file_scan|footer) extra=(tests/compat/reference-files tests/data/damaged) ;; esac
    if [ -d "fuzz/regressions/$target" ]; then extra+=("fuzz/regressions/$target"); fi
    "$build/fuzz/vortex_fuzz_$target" -max_total_time="$seconds" -max_len=65536 -timeout=25 \
        -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$work/crashes/" \
        -dict="$build/fuzz/seeds/$target.dict" "$work/corpus" "$build/fuzz/seeds/$target" "${extra[@]}" \
        >"$log" 2>&1 || true
    local crashes
    crashes=$(find "$work/crashes" -type f | wc -l)
    echo "$target: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs," \
         "$(grep -oE 'cov: [0-9]+' "$log" | tail -1), corpus $(ls "$work/corpus" | wc -l)," \
         "$crashes crash files (log $log)"
}

running=0
for target in "${targets[@]}"; do
    run_one "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait
