#!/usr/bin/env bash
# Installs every Debian package that building and testing vortex-cpp needs.
# Idempotent: packages already present are skipped. Run as root (or with sudo available).
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git lld
  clang clang-format clang-tidy
  libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev libzstd-dev libxxhash-dev libcli11-dev nlohmann-json3-dev
  libflatbuffers-dev flatbuffers-compiler
  libprotobuf-dev protobuf-compiler
  zstd liblz4-dev
  spin
  # The Python package (python/): Debian's /usr/bin/python3 and its libraries.
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel pybind11-dev
  python3-numpy python3-pandas python3-pytest python3-dask python3-distributed
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# npm ships inside the nodesource nodejs package on these machines; Debian's own npm
# package conflicts with it, so ask for it only when no npm is on the PATH.
if ! command -v npm >/dev/null 2>&1; then missing+=(nodejs npm); fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
