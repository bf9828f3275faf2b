#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Model-checks the push writer's protocol (writer.pml) with SPIN, one run per configuration.
# A "pass" configuration must end with no error (no assertion violation, no invalid end state
# = deadlock) and a complete search. A "find" configuration (mutant, reachability probe, known
# issue) must make SPIN report the named error: that shows the model can fail where it should.
# Prints one line per configuration, then "N passed, M failed"; exits non-zero if M > 0.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
model="$here/writer.pml"
jobs_max="${VORTEX_MODEL_JOBS:-2}"
depth=20000   # DFS depth bound; an atomic step counts each statement (deepest run: ~5400)

command -v spin >/dev/null || { echo "check.sh: spin not found (apt-get install spin)" >&2; exit 1; }
command -v cc >/dev/null || { echo "check.sh: no C compiler (cc)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# name | spin -D flags | expectation: "pass", or "find:<text pan must print>"
configs=(
    "buf_chk|-DCFG_BUF_CHK|pass"
    "dict_zoned|-DCFG_DICT_ZONED|pass"
    "slow_last|-DCFG_SLOW_LAST|pass"
    "budget|-DCFG_BUDGET|pass"
    "default_tree|-DCFG_DEFAULT|pass"
    # one batch more than default_tree: the budget bound used to fail here (writer.pml "Code
    # versus docs" 1)
    "dict_budget|-DCFG_DICT_BUDGET|pass"
    "sink_error|-DCFG_SINK_ERROR|pass"
    # writer.pml "Code versus docs" 8: nothing touches the BufferedBytes of a destroyed writer
    "lifetime|-DCFG_SINK_ERROR -DCHECK_LIFETIME|pass"
    # fewer workers than columns: 3 columns on 1 and on 2 workers
    "narrow|-DCFG_NARROW|pass"
    "narrow2|-DCFG_NARROW -DNW=2|pass"
    "narrow_budget|-DCFG_NARROW_BUDGET|pass"
    "drop_buf_chk|-DCFG_DROP_BUF_CHK|pass"
    "drop_dict_zoned|-DCFG_DROP_DICT_ZONED|pass"
    "drop_narrow2|-DCFG_DROP_NARROW -DNW=2|pass"
    # the old mutant (a BufferedWriter keeping its first chunk's id, the reference PR's writer)
    # deadlocked buf_chk behind Collapse; with parking nothing waits on the order: it passes
    "keep_old_id|-DCFG_BUF_CHK -DMUTANT_KEEP_OLD_ID|pass"
    # mutant: the append blocks in Collapse on the worker instead of parking; with fewer
    # workers than columns the workers wait behind a column whose turn is still queued
    "mutant_collapse_on_worker|-DCFG_NARROW -DNW=2 -DMUTANT_COLLAPSE_ON_WORKER|find:invalid end state"
    # reachability probes: the waits and paths the pass runs rely on really happen
    "probe_send_blocks|-DCFG_BUF_CHK -DPROBE_SEND_BLOCKS|find:assertion violated"
    "probe_budget_wait|-DCFG_BUDGET -DPROBE_BUDGET_WAIT|find:assertion violated"
    "probe_slow_backpressure|-DCFG_SLOW_LAST -DPROBE_SLOW_BACKPRESSURE|find:assertion violated"
    "probe_waiter_runs|-DCFG_NARROW -DPROBE_WAITER_RUNS|find:assertion violated"
    "probe_wait_blocks|-DCFG_SLOW_LAST -DPROBE_WAIT_BLOCKS|find:assertion violated"
    "probe_run_by_other|-DCFG_NARROW -DNW=2 -DPROBE_RUN_BY_OTHER|find:assertion violated"
)

# Runs one configuration in its own directory; writes "<status>|<line>" to result.
run_one() {
    local name="$1" flags="$2" expect="$3"
    local dir="$work/$name"
    mkdir -p "$dir"
    cp "$model" "$dir/writer.pml"
    cd "$dir"
    local start end
    start=$(date +%s%N)
    # shellcheck disable=SC2086  # flags are several words on purpose
    if ! spin $flags -a writer.pml >spin.log 2>&1; then
        echo "FAIL|FAIL $name: spin -a failed: $(head -c 300 spin.log)" >result
        return
    fi
    # -O0: pan.c is large and -O2 costs ~20 s of compile time per configuration, -O0 ~2 s;
    # the searches are small, so the slower checker costs well under that.
    if ! cc -O0 -DSAFETY -w -o pan pan.c >cc.log 2>&1; then
        echo "FAIL|FAIL $name: cc failed: $(head -c 300 cc.log)" >result
        return
    fi
    ./pan -m"$depth" -w22 >pan.log 2>&1 || true
    end=$(date +%s%N)
    local secs states errors
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
    states=$(awk '/states, stored/ { print $1; exit }' pan.log)
    errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' pan.log | head -1)
    local what="${states:-?} states, ${secs}s [$flags]"
    if [[ -z "$errors" ]]; then
        echo "FAIL|FAIL $name: no result from pan: $(tail -c 300 pan.log)" >result
    elif grep -q "max search depth too small" pan.log; then
        echo "FAIL|FAIL $name: search incomplete (max search depth too small), $what" >result
    elif [[ "$expect" == pass ]]; then
        if [[ "$errors" != 0 ]]; then
            echo "FAIL|FAIL $name: $(grep -m1 '^pan:1:' pan.log), $what; replay: cd \"\$(mktemp -d)\" &&" \
                "cp $model . && spin -a $flags writer.pml && cc -O0 -DSAFETY -o pan pan.c &&" \
                "./pan -m$depth && spin -t -p $flags writer.pml" >result
        elif grep -qi "out of memory\|search not completed" pan.log; then
            echo "FAIL|FAIL $name: search incomplete ($(grep -i -m1 'memory\|completed' pan.log)), $what" >result
        else
            echo "PASS|PASS $name: $what" >result
        fi
    else
        # pan stops at the first error ("Search not completed" is then expected)
        local text="${expect#find:}"
        if [[ "$errors" != 0 ]] && grep '^pan:1:' pan.log | grep -qF "$text"; then
            echo "PASS|PASS $name: found as expected ($(grep -m1 '^pan:1:' pan.log | cut -c1-60)), $what" >result
        else
            echo "FAIL|FAIL $name: expected SPIN to report '$text' but it did not (errors: $errors), $what" >result
        fi
    fi
}

for entry in "${configs[@]}"; do
    IFS='|' read -r name flags expect <<<"$entry"
    while (($(jobs -rp | wc -l) >= jobs_max)); do
        wait -n || true
    done
    (run_one "$name" "$flags" "$expect") &
done
wait

passed=0
failed=0
for entry in "${configs[@]}"; do
    IFS='|' read -r name _ _ <<<"$entry"
    if [[ -f "$work/$name/result" ]]; then
        IFS='|' read -r status line <"$work/$name/result"
    else
        status=FAIL
        line="FAIL $name: no result"
    fi
    echo "$line"
    if [[ "$status" == PASS ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
((failed == 0))
