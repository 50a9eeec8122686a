#!/bin/sh
# bench/rigid.sh - the rigid Coulomb methods (HYBRID_NCP, NEWTON_NCP, PROX_NCP, ADMM_NCP, PGS_NCP)
# against Siconos Numerics' fc3d solvers, on FCLib and on freshly generated problem families.
#
#   sh bench/rigid.sh [fclib folder]       (default ../shared/fclib; `make bench-rigid` calls this)
#
# Problems: every *.hdf5 of the folder, and the standard sweep of bench/families.h (91 problems,
# 1 to 876 contacts) generated with SEED (default: today's date as YYYYMMDD, so that each day
# checks problems no one tuned on; the seeds used while developing were 1 to 5).
# contact.h runs every method of CT_METHODS with its default settings (max_iter included:
# MAX_ITER, default `default`, the library's) and `--storage auto`
# (the block-sparse G where it has >= 16 row groups and <= 40 % nonzero blocks); Siconos runs
# NSGS ADMM NSN_AC NSN_FB PROX VI_EG with its 3x3 sparse-block storage and, up to DENSE_MAX_NC
# contacts (60), dense storage too; its fc3d solvers take no bilateral rows, no limits and no
# compliance, so a generated problem with nb, nu > 0 or R != 0 is contact.h only. Every answer
# is re-scored with Siconos' relative error (bench/bench_problem.h), tolerance TOL (1e-8),
# cold start, CPU time (BENCH_CLOCK=cpu), REPEATS (3) solves, more for fast ones (BENCH_MIN_MS
# 20). A process past TIMEOUT seconds (60) gets a timeout row. Output: build/bench/rigid.csv,
# then bench/rigid_report.py writes bench/results/rigid*_<machine>_<date>.csv and SUMMARY.md.
set -eu

DIR=${1:-../shared/fclib}
OUT=build/bench
SEED=${SEED:-$(date -u +%Y%m%d)}
TOL=${TOL:-1e-8}
REPEATS=${REPEATS:-3}
TIMEOUT=${TIMEOUT:-60}
DENSE_MAX_NC=${DENSE_MAX_NC:-60}
MAX_ITER=${MAX_ITER:-default}
CT_METHODS=${CT_METHODS:-"HYBRID_NCP NEWTON_NCP PROX_NCP ADMM_NCP PGS_NCP"}
SICONOS_SOLVERS=${SICONOS_SOLVERS:-"NSGS ADMM NSN_AC NSN_FB PROX VI_EG"}
CSV=${CSV:-$OUT/rigid.csv}
export BENCH_CLOCK=${BENCH_CLOCK:-cpu}
export BENCH_MIN_MS=${BENCH_MIN_MS:-20}

[ -x "$OUT/ct_bench" ] && [ -x "$OUT/gen_families" ] || { echo "bench/rigid.sh: build first (make bench-rigid)"; exit 2; }
FAM=$OUT/rigid-families
rm -rf "$FAM" && mkdir -p "$FAM"
"$OUT/gen_families" --sweep -s "$SEED" -o "$FAM" > /dev/null
have_siconos=1
[ -x "$OUT/siconos_bench" ] || { have_siconos=0; echo "bench/rigid.sh: no build/bench/siconos_bench: contact.h only"; }

"$OUT/ct_bench" --header | sed 's/$/,set,seed/' > "$CSV"

# run_one side method problem [storage]: one process, one CSV row (a failed process gets one too)
run_one() {
    side=$1; method=$2; prob=$3; storage=${4:-}
    case "$prob" in *.ctp) set=generated ;; *) set=fclib ;; esac
    if [ "$side" = contact.h ]; then set -- "$OUT/ct_bench" --storage "$storage"; else set -- "$OUT/siconos_bench"; fi
    set +e
    if [ "$side" = contact.h ]; then set -- "$@" "$prob" "$method" "$TOL" "$REPEATS" "$MAX_ITER"; else set -- "$@" "$prob" "$method" "$TOL" "$REPEATS"; fi
    timeout "$TIMEOUT" "$@" >"$OUT/rigid-one.out" 2>>"$OUT/rigid-stderr.log"
    rc=$? # timeout's status (124: past TIMEOUT), not a pipe's
    row=$(tail -n 1 "$OUT/rigid-one.out")
    set -e
    case "$row" in
        *,*) echo "$row,$set,$SEED" >> "$CSV" ;;
        *)
            if [ "$rc" = 124 ]; then what=timeout; else what=crash; fi
            name=$(basename "$prob"); name=${name%.hdf5}; name=${name%.ctp}
            echo "$name,unknown,0,0,0,0,$side,$method,$TOL,$REPEATS,nan,0,0,nan,nan,nan,0,$what,$set,$SEED" >> "$CSV"
            ;;
    esac
    printf '%s\n' "$(tail -n 1 "$CSV" | cut -d, -f1,3,8,11,12,15,18)"
}

# siconos_can problem: 0 when Siconos' fc3d can take it (FCLib, or a .ctp with nb = nu = 0, R = 0)
siconos_can() {
    case "$1" in
        *.ctp) head -n 2 "$1" | grep -q '^nb 0 nu 0 nc [0-9]* R 0$' ;;
        *) return 0 ;;
    esac
}

for prob in "$DIR"/*.hdf5 "$FAM"/*.ctp; do
    [ -f "$prob" ] || continue
    for m in $CT_METHODS; do run_one contact.h "$m" "$prob" auto; done
    nc=$(tail -n 1 "$CSV" | cut -d, -f3)
    if [ $have_siconos = 1 ] && siconos_can "$prob"; then
        for m in $SICONOS_SOLVERS; do
            run_one siconos "$m" "$prob"
            if [ "$nc" -le "$DENSE_MAX_NC" ]; then run_one siconos "$m:dense" "$prob"; fi
        done
    fi
done
echo "bench/rigid.sh: wrote $CSV (seed $SEED)"
${PYTHON:-python3} bench/rigid_report.py "$CSV"
