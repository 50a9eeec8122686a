#!/bin/sh
# Installs what the benchmarks need from Debian (never needed by `make test`):
# OpenBLAS for bench/cholesky.c.
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends libopenblas-dev
