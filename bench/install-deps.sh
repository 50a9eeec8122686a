#!/bin/sh
# Installs what the benchmarks need from Debian (never needed by `make test`):
# OpenBLAS (bench/cholesky.c), libfclib and HDF5 (the FCLib reader), Siconos Numerics (the
# comparison), matplotlib (the performance profiles).
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends libopenblas-dev libfclib-dev libhdf5-dev \
    libsiconos-numerics-dev python3-matplotlib
