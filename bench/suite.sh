#!/bin/sh
# bench/suite.sh - every contact.h method on the generated problem families of bench/suite.c.
#
#   sh bench/suite.sh [suite options]      e.g. sh bench/suite.sh -f stack -r 3
#
# Runs build/bench/suite (build it first: cc -O2 -march=native -I. bench/suite.c
# -o build/bench/suite -lm, or the Makefile target) and writes build/bench/suite.csv (one row per
# problem, method, start and tolerance; protocol in the top comment of bench/suite.c). Options are
# passed to the program: -r repeats (5), -t tolerances (1e-6,1e-8), -f family, -m method,
# -x max_iter (10000). Then: /usr/bin/python3 bench/suite_report.py for the profiles
# (build/bench/img/suite_profile_<family>.png) and the result files
# (bench/results/suite*_<machine>_<date>.csv, bench/results/SUMMARY.md).
set -eu

OUT=build/bench
BIN=$OUT/suite
CSV=$OUT/suite.csv

[ -x "$BIN" ] || { echo "bench/suite.sh: $BIN missing: build it first (make bench-suite)"; exit 2; }
mkdir -p "$OUT"
start=$(date +%s)
rc=0
"$BIN" "$@" > "$CSV.tmp" || rc=$?   # non-zero: some ct_solve call returned an error (rows kept)
mv "$CSV.tmp" "$CSV"
end=$(date +%s)
echo "bench/suite.sh: wrote $CSV ($(($(wc -l < "$CSV") - 1)) rows, $((end - start)) s)"
[ "$rc" = 0 ] || echo "bench/suite.sh: the suite exited with status $rc (see the messages above)"
exit "$rc"
