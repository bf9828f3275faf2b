#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# vx and DuckDB (read_vortex, COPY TO) on storage that fails: io_fault_shim.so, preloaded,
# makes reads fail with EIO at chosen offsets, writes fail with ENOSPC after N bytes, fsync
# fail, and reads and writes come back short. Every run must end in the right output, or in
# exit status 1 with one clear error line; never a crash, a sanitizer report, a hang, a
# partial result reported as success, or a file left at the destination.
#   cli_fault_test.sh VX SHIM
set -euo pipefail
vx="$1"
shim="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
# A preloaded library comes before the sanitizer runtime; a sanitizer report exits with 86.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0:exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"
failures=0
runs=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# Runs "$@" with the shim and the fault settings in the environment variables named before
# it (NAME=VALUE words), output to $dir/out and $dir/err; sets rc and injected.
faulty() {
    local settings=()
    while [[ "$1" == *=* ]]; do settings+=("$1"); shift; done
    rm -f "$dir/report"
    rc=0
    env "${settings[@]}" VORTEX_FAULT_REPORT="$dir/report" LD_PRELOAD="$shim" \
        timeout 120 "$@" >"$dir/out" 2>"$dir/err" || rc=$?
    injected=$(awk '{ n += $4 } END { print n + 0 }' "$dir/report" 2>/dev/null || echo 0)
    runs=$((runs + 1))
}

# The last run ended well: the expected output, or a clean failure exactly when a fault was
# injected, with `want` in its error line.
check_read() {
    local what="$1" expected="$2" want="$3"
    if grep -q "Sanitizer\|runtime error:" "$dir/err" || [ "$rc" -gt 1 ]; then
        fail "$what: exit $rc (crash, hang or sanitizer report): $(head -c 600 "$dir/err")"
    elif [ "$injected" -gt 0 ] && [ "$rc" -eq 0 ]; then
        fail "$what: $injected faults injected, yet exit 0"
    elif [ "$rc" -eq 0 ] && ! cmp -s "$dir/out" "$expected"; then
        fail "$what: exit 0 with different output"
    elif [ "$rc" -eq 1 ] && [ "$injected" -eq 0 ]; then
        fail "$what: failed with no fault injected: $(head -c 300 "$dir/err")"
    elif [ "$rc" -eq 1 ] && ! grep -q "$want" "$dir/err"; then
        fail "$what: error does not name '$want': $(head -c 300 "$dir/err")"
    fi
}

# The last run failed cleanly, left nothing at `dest` but what was there before (`before`,
# or no file) and no temporary file beside it.
check_write_failed() {
    local what="$1" dest="$2" before="$3" want="$4"
    if grep -q "Sanitizer\|runtime error:" "$dir/err" || [ "$rc" -gt 1 ]; then
        fail "$what: exit $rc (crash, hang or sanitizer report): $(head -c 600 "$dir/err")"
    elif [ "$rc" -eq 0 ]; then
        fail "$what: exit 0 although $injected faults were injected"
    elif ! grep -q "$want" "$dir/err"; then
        fail "$what: error does not name '$want': $(head -c 300 "$dir/err")"
    fi
    if [ -n "$before" ]; then
        cmp -s "$dest" "$before" || fail "$what: the file at the destination changed"
    elif [ -e "$dest" ]; then
        fail "$what: a file was left at the destination"
    fi
    if compgen -G "$(dirname "$dest")/.$(basename "$dest").tmp-*" >/dev/null; then
        fail "$what: a temporary file was left beside the destination"
        rm -f "$(dirname "$dest")"/."$(basename "$dest")".tmp-*
    fi
    [ "$injected" -gt 0 ] || fail "$what: no fault was injected (the test did not test)"
}

# ---- A file to read: several columns, several segments per column.
query="SELECT i, i % 7 AS k, 'name-' || (i % 1000) AS s, (i * 0.25)::DOUBLE AS d,
       CASE WHEN i % 5 = 0 THEN NULL ELSE DATE '2020-01-01' + (i % 300)::INT END AS day
       FROM range(300000) t(i)"
"$vx" convert "$query" "$dir/t.vortex" --progress never
size=$(stat -c %s "$dir/t.vortex")
"$vx" scan "$dir/t.vortex" --filter "k = 3" >"$dir/scan.expected"
"$vx" head "$dir/t.vortex" -n 5 >"$dir/head.expected"
"$vx" scan "$dir/t.vortex" --take 0,65535,65536,150000,299999 >"$dir/take.expected"
sql="SELECT count(*), sum(i), count(DISTINCT s), sum(d), max(day) FROM read_vortex('$dir/t.vortex') WHERE k < 6"
"$vx" sql "$sql" --csv >"$dir/sql.expected"

# EIO at offsets across the file (the header, segments, the footer, the last byte).
offsets=(0 7)
for k in $(seq 1 23); do offsets+=($((size * k / 24))); done
offsets+=($((size - 40)) $((size - 9)) $((size - 1)))
for offset in "${offsets[@]}"; do
    faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_READ_EIO_AT="$offset" \
        "$vx" scan "$dir/t.vortex" --filter "k = 3"
    check_read "scan, EIO at $offset of $size" "$dir/scan.expected" "Input/output error"
done
for offset in 0 $((size / 3)) $((size - 1)); do
    faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_READ_EIO_AT="$offset" "$vx" head "$dir/t.vortex" -n 5
    check_read "head, EIO at $offset" "$dir/head.expected" "Input/output error"
done
for k in 0 5 11 17 23; do
    offset=$((size * k / 24))
    faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_READ_EIO_AT="$offset" \
        "$vx" scan "$dir/t.vortex" --take 0,65535,65536,150000,299999
    check_read "take, EIO at $offset" "$dir/take.expected" "Input/output error"
done
for k in 0 3 6 9 12 15 18 21 23; do
    offset=$((size * k / 24))
    faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_READ_EIO_AT="$offset" "$vx" sql "$sql" --csv
    check_read "read_vortex, EIO at $offset" "$dir/sql.expected" "Input/output error"
done
# Short reads are legal: the same output.
for cmd in scan sql; do
    if [ "$cmd" = scan ]; then
        faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_SHORT_IO=997 "$vx" scan "$dir/t.vortex" --filter "k = 3"
    else
        faulty VORTEX_FAULT_PATH=t.vortex VORTEX_FAULT_SHORT_IO=997 "$vx" sql "$sql" --csv
    fi
    [ "$rc" -eq 0 ] || fail "$cmd with short reads: exit $rc: $(head -c 300 "$dir/err")"
    cmp -s "$dir/out" "$dir/$cmd.expected" || fail "$cmd with short reads: different output"
    [ "$injected" -gt 0 ] || fail "$cmd with short reads: no read was shortened"
done

# ---- Writes: vx convert and COPY TO on a full disk, with fsync failing, with short writes.
small="SELECT i, 'v' || (i % 50) AS s FROM range(20000) t(i)"
"$vx" convert "$small" "$dir/expected.vortex" --progress never
out_size=$(stat -c %s "$dir/expected.vortex")
echo "an older file" >"$dir/older"
for limit in 0 3 64 4096 $((out_size / 2)) $((out_size - 1)); do
    faulty VORTEX_FAULT_PATH=out.vortex VORTEX_FAULT_WRITE_ENOSPC_AFTER="$limit" \
        "$vx" convert "$small" "$dir/out.vortex" --progress never
    check_write_failed "convert, ENOSPC after $limit" "$dir/out.vortex" "" "No space left on device"
done
cp "$dir/older" "$dir/out.vortex"
faulty VORTEX_FAULT_PATH=out.vortex VORTEX_FAULT_WRITE_ENOSPC_AFTER=$((out_size / 2)) \
    "$vx" convert "$small" "$dir/out.vortex" --progress never
check_write_failed "convert over an older file, ENOSPC" "$dir/out.vortex" "$dir/older" "No space left on device"
rm -f "$dir/out.vortex"
faulty VORTEX_FAULT_PATH=out.vortex VORTEX_FAULT_FSYNC_EIO=1 "$vx" convert "$small" "$dir/out.vortex" --progress never
check_write_failed "convert, fsync fails" "$dir/out.vortex" "" "fsync"
faulty VORTEX_FAULT_PATH=out.vortex VORTEX_FAULT_SHORT_IO=1000 "$vx" convert "$small" "$dir/out.vortex" --progress never
[ "$rc" -eq 0 ] || fail "convert with short writes: exit $rc: $(head -c 300 "$dir/err")"
cmp -s "$dir/out.vortex" "$dir/expected.vortex" || fail "convert with short writes: different bytes"
[ "$injected" -gt 0 ] || fail "convert with short writes: no write was shortened"
rm -f "$dir/out.vortex"

for limit in 0 100 $((out_size / 2)); do
    faulty VORTEX_FAULT_PATH=copy.vortex VORTEX_FAULT_WRITE_ENOSPC_AFTER="$limit" \
        "$vx" sql "COPY ($small) TO '$dir/copy.vortex' (FORMAT vortex)"
    check_write_failed "COPY TO, ENOSPC after $limit" "$dir/copy.vortex" "" "No space left on device"
done
faulty VORTEX_FAULT_PATH=copy.vortex VORTEX_FAULT_FSYNC_EIO=1 "$vx" sql "COPY ($small) TO '$dir/copy.vortex' (FORMAT vortex)"
check_write_failed "COPY TO, fsync fails" "$dir/copy.vortex" "" "fsync"

if [ "$failures" -gt 0 ]; then
    echo "$failures of $runs faulty runs failed" >&2
    exit 1
fi
echo "fault tests ok: $runs faulty runs"
