#!/bin/sh
# bench/run.sh - contact.h and Siconos Numerics side by side on FCLib and generated problems.
#
#   sh bench/run.sh [problem folder]        (default ../shared/fclib; `make bench` calls this)
#
# For every problem (the folder's *.hdf5 plus the generated small problems of
# bench/gen_problems.c), at each tolerance of TOLS (default "1e-8 1e-6"), it runs every
# contact.h method (build/bench/ct_bench) and every Siconos fc3d solver
# (build/bench/siconos_bench), one process per solve, REPEATS (default 5) cold-start solves
# each, more for a fast solve: up to 1001 until the repeats take BENCH_MIN_MS (default 100) ms,
# the same rule on both sides (bench_repeats in bench/bench_problem.h; BENCH_MIN_MS=0: off)
# (CT_METHODS: default every method of contact.h), and appends one CSV row per solve to build/bench/results.csv. Siconos runs with its
# 3x3 sparse-block storage (what its own FCLib reader builds) and, on problems of at most
# DENSE_MAX_NC contacts (default 60), also with dense storage ("SOLVER:dense"), which is 5 to 70
# times faster there but 3 to 40 times slower on the large sparse problems and fails more
# often (Capsules-i125 NSN_AC: zero pivots, 63 s): the faster converged variant is Siconos'
# best. A process that crashes
# or exceeds TIMEOUT seconds (default 600) gets a row with status crash or timeout.
# Both sides stop on Siconos' relative natural-map error and every answer is re-scored by the
# same function (bench/bench_problem.h). Then bench/report.py draws the performance profiles
# and writes the result files (bench/results/; docs/benchmarks.md explains the protocol).
# CT_STORAGES (default empty: ct_bench's dense G, method names as given) runs every contact.h
# method once per storage of the list, e.g. "dense sparse auto" (ct_bench --storage; the method
# column gets the suffix :dense, :sparse, :auto=dense or :auto=sparse). CSV (default
# build/bench/results.csv) names the output, GEN=0 leaves the generated problems out.
set -eu

DIR=${1:-../shared/fclib}
OUT=build/bench
REPEATS=${REPEATS:-5}
export BENCH_MIN_MS=${BENCH_MIN_MS:-100}
TOLS=${TOLS:-"1e-8 1e-6"}
TIMEOUT=${TIMEOUT:-600}
SICONOS_SOLVERS=${SICONOS_SOLVERS:-"NSGS ADMM NSN_AC NSN_FB PROX VI_EG"}
DENSE_MAX_NC=${DENSE_MAX_NC:-60}
CSV=${CSV:-$OUT/results.csv}
CT_STORAGES=${CT_STORAGES:-}
GEN=${GEN:-1}

[ -x "$OUT/ct_bench" ] || { echo "bench/run.sh: build first (make bench)"; exit 2; }
CT_METHODS=${CT_METHODS:-$("$OUT/ct_bench" --methods)}
mkdir -p "$OUT/gen"
"$OUT/gen_problems" "$OUT/gen"

have_siconos=1
if [ ! -x "$OUT/siconos_bench" ]; then
    have_siconos=0
    echo "bench/run.sh: build/bench/siconos_bench missing (libsiconos-numerics-dev not installed?):"
    echo "              contact.h only; run sh bench/install-deps.sh for the comparison"
fi

"$OUT/ct_bench" --header > "$CSV"

# run_one side method tol problem: one process, one CSV row (a failed process gets a row too)
run_one() {
    side=$1; method=$2; tol=$3; prob=$4
    storage=${5:-}
    if [ "$side" = contact.h ]; then bin=$OUT/ct_bench; else bin=$OUT/siconos_bench; fi
    set +e
    if [ -n "$storage" ]; then
        row=$(timeout "$TIMEOUT" "$bin" --storage "$storage" "$prob" "$method" "$tol" "$REPEATS" 2>>"$OUT/stderr.log" | tail -n 1)
    else
        row=$(timeout "$TIMEOUT" "$bin" "$prob" "$method" "$tol" "$REPEATS" 2>>"$OUT/stderr.log" | tail -n 1)
    fi
    rc=$?
    set -e
    case "$row" in
        *,*) echo "$row" >> "$CSV" ;;
        *)
            if [ "$rc" = 124 ]; then what=timeout; else what=crash; fi
            name=$(basename "$prob"); name=${name%.hdf5}; name=${name%.ctp}
            label=$method; [ -n "$storage" ] && label="$method:$storage"
            echo "$name,unknown,0,0,0,0,$side,$label,$tol,$REPEATS,nan,0,0,nan,nan,nan,0,$what" >> "$CSV"
            ;;
    esac
    printf '%s\n' "$(tail -n 1 "$CSV" | cut -d, -f1,7,8,9,11,12,15,17,18)"
}

for tol in $TOLS; do
    gen="$OUT/gen/*.ctp"; [ "$GEN" = 0 ] && gen=
    for prob in "$DIR"/*.hdf5 $gen; do
        [ -f "$prob" ] || continue
        for m in $CT_METHODS; do
            if [ -z "$CT_STORAGES" ]; then run_one contact.h "$m" "$tol" "$prob"
            else for st in $CT_STORAGES; do run_one contact.h "$m" "$tol" "$prob" "$st"; done; fi
        done
        nc=$(tail -n 1 "$CSV" | cut -d, -f3)
        if [ $have_siconos = 1 ]; then
            for m in $SICONOS_SOLVERS; do
                run_one siconos "$m" "$tol" "$prob"
                if [ "$nc" -le "$DENSE_MAX_NC" ]; then run_one siconos "$m:dense" "$tol" "$prob"; fi
            done
        fi
    done
done
echo "bench/run.sh: wrote $CSV"
