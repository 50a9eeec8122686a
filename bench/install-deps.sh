#!/bin/sh
# Installs what the benchmarks need from Debian (never needed by `make test`):
# OpenBLAS (bench/cholesky.c), libfclib and HDF5 (the FCLib reader), Siconos Numerics (the
# comparison), matplotlib (the performance profiles), and for `make bench-peers` Eigen and Boost
# (Pinocchio's header-only solvers; Pinocchio itself is a source tree, bench/README.md), MuJoCo
# and its sample models (the humanoid).
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends libopenblas-dev libfclib-dev libhdf5-dev \
    libsiconos-numerics-dev python3-matplotlib libeigen3-dev libboost-dev libmujoco-dev \
    libmujoco-samples
