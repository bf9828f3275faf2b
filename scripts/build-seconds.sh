#!/usr/bin/env bash
# Prints the seconds a build's steps took, summed from its .ninja_log: about the build's CPU
# seconds, since each step (a compile, a link) runs on one core. Only the latest run of each
# step of the current build graph counts, so after incremental builds it is the cost of
# building everything once (lower where ccache answered). The five costliest steps follow.
#   scripts/build-seconds.sh BUILD_DIR
set -euo pipefail
dir="${1:?usage: build-seconds.sh BUILD_DIR}"
[ -f "$dir/.ninja_log" ] || { echo "no $dir/.ninja_log"; exit 0; }
# Log format v5+: start_ms end_ms mtime output command_hash. A step with several outputs is
# logged once per output with the same times and hash: each (start, end, hash) counts once.
ninja -C "$dir" -t targets all | sed 's/: [^:]*$//' |
    awk -F'\t' 'NR == FNR { current[$0] = 1; next }
        !/^#/ && ($4 in current) { latest[$4] = $1 "\t" $2 "\t" $5 }
        END {
            for (out in latest) {
                if (latest[out] in seen) continue
                seen[latest[out]] = 1
                split(latest[out], f, "\t")
                print f[2] - f[1] "\t" out
            }
        }' - "$dir/.ninja_log" |
    sort -rn |
    awk -F'\t' -v dir="$dir" '{ total += $1; steps++; if (NR <= 5) top[NR] = sprintf("  %6.1f s  %s", $1 / 1000, $2) }
        END {
            printf "build seconds (sum of the steps in %s/.ninja_log): %.0f over %d steps\n", dir, total / 1000, steps
            for (i = 1; i <= 5 && i <= steps; i++) print top[i]
        }'
