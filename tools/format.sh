#!/usr/bin/env bash
# Formats every C++ file the repository tracks with the repo's .clang-format.
#   tools/format.sh          rewrite files in place
#   tools/format.sh --check  list unformatted files and exit non-zero (CI runs this via ctest)
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.h' '*.cc' '*.hpp' '*.cpp' 2>/dev/null || find src cli tests -name '*.h' -o -name '*.cc')
if [ ${#files[@]} -eq 0 ]; then
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/vortex-format-check.$$; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/vortex-format-check.$$ | cut -d: -f1 | sort -u | sed 's/^/unformatted: /'
    rm -f /tmp/vortex-format-check.$$
    echo "run tools/format.sh to fix" >&2
    exit 1
  fi
  rm -f /tmp/vortex-format-check.$$
  echo "format: ${#files[@]} files clean"
else
  clang-format -i "${files[@]}"
fi
