#!/usr/bin/env bash
# Fetches DuckDB's headers and its matching prebuilt shared library (linux-x64) from the
# npm registry into third_party/duckdb/ (git-ignored), pinned by version and checked
# against the registry's sha512 integrity values below.
#
# Layout produced:
#   third_party/duckdb/include/         DuckDB's src/include: duckdb.h, duckdb_extension.h,
#                                       duckdb.hpp and duckdb/... (the C and C++ API)
#   third_party/duckdb/include-vendor/  headers of DuckDB's bundled third-party libraries
#                                       (fmt, re2, utf8proc, yyjson, ...). Only needed when
#                                       including deep internal duckdb/... headers; add it
#                                       as a second -I in that case.
#   third_party/duckdb/lib/libduckdb.so
#   third_party/duckdb/VERSION          the two package specs; written last
#
# Idempotent: when VERSION matches and the files are present, does nothing (no network).
# Needs: npm, tar, openssl (or node) and base64.
set -euo pipefail

DUCKDB_VERSION=1.4.4
HEADERS_PKG="duckdb@${DUCKDB_VERSION}"
HEADERS_SHA512="hEJJ5hyVF0VLj3dmOLpsWrQR0b3d4Ykqtygm6iUXjHJDDnSqg/USKxcb5qvNrOhFYPgktayU6dXCtgPqcmmpog=="
LIB_PKG="@duckdb/node-bindings-linux-x64@${DUCKDB_VERSION}-r.4"
LIB_SHA512="jBTL/WvfwxLToFa/pVHfT6elMtltJGnc3wSuxZD9OfMltit9YUdVFS37vBFQzXMT1Z8OWjtSjMh+zPKxOwHLHA=="

# Header roots of DuckDB's vendored libraries (relative to src/duckdb/third_party/) that
# DuckDB's own headers #include; merged into include-vendor/ (no file names collide).
VENDOR_INCLUDE_ROOTS=(
  fmt/include re2 fast_float fsst concurrentqueue utf8proc/include
  yyjson/include libpg_query/include fastpforlib
)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/third_party/duckdb"
EXPECTED_VERSION="$(printf '%s\n%s\n' "$HEADERS_PKG" "$LIB_PKG")"

log() { echo "install-duckdb: $*"; }
die() { echo "install-duckdb: ERROR: $*" >&2; exit 1; }

if [ -f "$DEST/VERSION" ] && [ "$(cat "$DEST/VERSION")" = "$EXPECTED_VERSION" ] \
   && [ -f "$DEST/include/duckdb.h" ] && [ -f "$DEST/include/duckdb.hpp" ] \
   && [ -d "$DEST/include/duckdb" ] && [ -f "$DEST/lib/libduckdb.so" ]; then
  log "DuckDB ${DUCKDB_VERSION} present"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) die "only linux-x64 is supported (the library comes from $LIB_PKG)" ;;
esac
command -v npm >/dev/null 2>&1 || die "npm not found (run scripts/install-deps.sh)"
command -v tar >/dev/null 2>&1 || die "tar not found"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/install-duckdb.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

sha512_b64() {
  if command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha512 -binary "$1" | base64 -w0
  else
    node -e 'const c=require("crypto"),f=require("fs");process.stdout.write(c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$1"
  fi
}

# fetch SPEC EXPECTED_SHA512 -> prints the tarball path
fetch() {
  local spec="$1" want="$2" name got
  # Run from the temp dir so no project .npmrc/package.json is consulted or touched.
  name="$(cd "$TMP" && npm pack --silent --pack-destination "$TMP" "$spec" | tail -n1)"
  [ -n "$name" ] && [ -f "$TMP/$name" ] || die "npm pack $spec produced no tarball"
  got="$(sha512_b64 "$TMP/$name")"
  if [ "$got" != "$want" ]; then
    die "integrity mismatch for $spec
  expected sha512-$want
  got      sha512-$got"
  fi
  echo "$TMP/$name"
}

log "[1/5] fetching $HEADERS_PKG"
headers_tgz="$(fetch "$HEADERS_PKG" "$HEADERS_SHA512")"
log "[2/5] fetching $LIB_PKG"
lib_tgz="$(fetch "$LIB_PKG" "$LIB_SHA512")"

log "[3/5] checksums verified (sha512); extracting"
mkdir -p "$TMP/h" "$TMP/l"
tar -xzf "$headers_tgz" -C "$TMP/h" package/src/duckdb/src/include \
  $(printf 'package/src/duckdb/third_party/%s ' "${VENDOR_INCLUDE_ROOTS[@]}")
tar -xzf "$lib_tgz" -C "$TMP/l" package/libduckdb.so
src_inc="$TMP/h/package/src/duckdb/src/include"
for f in duckdb.h duckdb_extension.h duckdb.hpp duckdb; do
  [ -e "$src_inc/$f" ] || die "$HEADERS_PKG lacks src/duckdb/src/include/$f"
done
[ -f "$TMP/l/package/libduckdb.so" ] || die "$LIB_PKG lacks libduckdb.so"

log "[4/5] staging include/, include-vendor/, lib/"
stage="$TMP/stage"
mkdir -p "$stage/include-vendor" "$stage/lib"
cp -a "$src_inc" "$stage/include"
for r in "${VENDOR_INCLUDE_ROOTS[@]}"; do
  (cd "$TMP/h/package/src/duckdb/third_party/$r" \
    && find . -type f \( -name '*.h' -o -name '*.hpp' \) -print0 \
    | xargs -0 cp --parents -n -t "$stage/include-vendor")
done
install -m 0755 "$TMP/l/package/libduckdb.so" "$stage/lib/libduckdb.so"

log "[5/5] installing into ${DEST#"$ROOT"/}"
rm -rf "$DEST"
mkdir -p "$(dirname "$DEST")"
cp -a "$stage" "$DEST"
printf '%s\n' "$EXPECTED_VERSION" > "$DEST/VERSION"   # last: marks a complete install
log "DuckDB ${DUCKDB_VERSION} installed ($(du -sh "$DEST" | cut -f1))"
