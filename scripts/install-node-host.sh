#!/usr/bin/env bash
# Installs the DuckDB host the SQL suite also runs in (duckdb/test/node/): @duckdb/node-api at
# the pinned DuckDB version (duckdb/test/node/package.json names exact versions), from the npm
# registry, into third_party/node-host/ (git-ignored). npm checks each tarball against the
# registry's integrity value; the script then checks that the host's libduckdb.so is the very
# library install-duckdb.sh verified and we build against.
#
# Idempotent: does nothing when the installed package.json matches the committed one.
# Needs: node and npm (scripts/install-deps.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/duckdb/test/node"
DEST="$ROOT/third_party/node-host"

log() { echo "install-node-host: $*"; }
die() { echo "install-node-host: ERROR: $*" >&2; exit 1; }

LIB="$DEST/node_modules/@duckdb/node-bindings-linux-x64/libduckdb.so"
if [ -f "$DEST/package.json" ] && cmp -s "$SRC/package.json" "$DEST/package.json" && [ -f "$LIB" ]; then
  log "@duckdb/node-api present"
  exit 0
fi
command -v node >/dev/null 2>&1 || die "node not found (run scripts/install-deps.sh)"
command -v npm >/dev/null 2>&1 || die "npm not found (run scripts/install-deps.sh)"

rm -rf "$DEST"
mkdir -p "$DEST"
cp "$SRC/package.json" "$DEST/"
(cd "$DEST" && npm install --no-audit --no-fund --no-package-lock --loglevel=error) || die "npm install failed"
[ -f "$LIB" ] || die "no libduckdb.so in @duckdb/node-bindings-linux-x64"
if [ -f "$ROOT/third_party/duckdb/lib/libduckdb.so" ] && ! cmp -s "$LIB" "$ROOT/third_party/duckdb/lib/libduckdb.so"; then
  die "the host's libduckdb.so differs from third_party/duckdb/lib/libduckdb.so (versions out of step)"
fi
log "installed $(node -e "console.log(require('$DEST/node_modules/@duckdb/node-api/package.json').version)")"
