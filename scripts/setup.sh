#!/usr/bin/env bash
# Installs vidya's build and test dependencies from Debian 12's packages
# (needs root) and builds vidya into ./build.  Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs=(build-essential cmake pkg-config clang clang-format libclang-rt-14-dev libclang-19-dev llvm-19 libgsl-dev libxml2-dev libgraphviz-dev strace
      libsqlite3-dev sqlite3 libcmocka-dev libjansson-dev libxxhash-dev libdw-dev libunwind-dev libopenmpi-dev openmpi-bin libhdf5-dev
      libnetcdf-dev netcdf-bin libpnetcdf-dev
      # vidya trace --otf2 (otf2.pc, otf2/otf2.h) and otf2-print for its tests
      libopen-trace-format2-dev otf2-tools
      # the MPI build of NetCDF, its library only (trace.netcdf_par links it with the serial
      # headers): libnetcdf-mpi-dev would replace the serial HDF5 development files vidya builds with
      libnetcdf-mpi-19
      lshw fio jq time python3 chromium)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "setup: installing ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
echo "setup: built ./build/vidya" >&2
