#!/bin/sh
# bench/sparse_run.sh - contact.h on both storages of G (dense, block-sparse) against Siconos, in
# the same run, on the FCLib problems (`make bench-sparse`).
#
#   sh bench/sparse_run.sh [problem folder]      (default ../shared/fclib)
#
# ROUNDS (default 3) runs of bench/run.sh over every problem of the folder with
# CT_STORAGES="dense sparse", relative tolerance 1e-8, REPEATS (3) solves per process, TIMEOUT
# (90 s) per process (a solve faster than BENCH_MIN_MS = 100 ms is repeated up to 1001 times
# until its repeats take that long, on both sides: bench/run.sh); the rounds follow one another, so each (problem, solver) is measured
# ROUNDS times at different moments of a noisy machine. BENCH_CLOCK (default cpu) is the timer of
# ct_bench and siconos_bench: cpu = the process's CPU time, for a shared machine; wall = elapsed
# time. OPENBLAS_NUM_THREADS (default 1): Siconos' dense storage calls OpenBLAS, whose worker
# threads would otherwise run on the second core (and be charged to Siconos by the CPU clock:
# PROX:dense on local_problem_test 296 ms with them, 9.6 ms without). Methods: CT_METHODS
# (default below). Output: build/bench/sparse_r<k>.csv, then bench/sparse_report.py turns them
# into the result files bench/results/sparse*_<machine>_<date>.csv (docs/benchmarks.md,
# "make bench-sparse", has the protocol).
set -eu
DIR=${1:-../shared/fclib}
OUT=build/bench
ROUNDS=${ROUNDS:-3}
export REPEATS=${REPEATS:-3} TIMEOUT=${TIMEOUT:-90} BENCH_CLOCK=${BENCH_CLOCK:-cpu}
export OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-1}
export CT_METHODS=${CT_METHODS:-"ADMM_NCP ADMM_CCP PGS_NCP ADMM_NCP:linear=4 ADMM_NCP:linear=16 RAISIM_DS"}
[ -x "$OUT/ct_bench" ] || { echo "bench/sparse_run.sh: build first (make bench-build)"; exit 2; }
k=1
while [ $k -le "$ROUNDS" ]; do
    echo "round $k: $(date +%T), load: $(uptime | sed 's/.*load average: //')"
    CSV=$OUT/sparse_r$k.csv CT_STORAGES="dense sparse" GEN=0 TOLS=1e-8 sh bench/run.sh "$DIR" > "$OUT/sparse_r$k.log" 2>&1
    k=$((k + 1))
done
echo "end: $(date +%T), load: $(uptime | sed 's/.*load average: //')"
