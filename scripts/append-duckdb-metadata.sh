#!/usr/bin/env bash
# Appends DuckDB's 512-byte extension metadata footer to a loadable extension, as DuckDB's own
# build does (its scripts/append_metadata.cmake). DuckDB reads eight 32-byte fields, last one
# first: magic "4", platform, DuckDB version, extension version, ABI type ("CPP": bound to that
# exact DuckDB version), three unused; then a 256-byte signature (none: DuckDB loads unsigned
# extensions only with allow_unsigned_extensions).
#   append-duckdb-metadata.sh FILE DUCKDB_VERSION PLATFORM EXTENSION_VERSION
set -euo pipefail
file="$1" duckdb_version="$2" platform="$3" extension_version="$4"
field() {
  [ "${#1}" -le 32 ] || { echo "append-duckdb-metadata: '$1' is longer than 32 bytes" >&2; exit 1; }
  printf '%s' "$1"
  head -c $((32 - ${#1})) /dev/zero
}
{
  field ""; field ""; field ""
  field "CPP"
  field "$extension_version"
  field "$duckdb_version"
  field "$platform"
  field "4"
  head -c 256 /dev/zero
} >> "$file"
