#!/bin/sh
# bench/admm_penalty.sh - the penalty-rule study of [Carpentier24] (Tables III and IV) on contact.h:
# every ADMM variant, {ADMM_NCP, ADMM_CCP} x {linear tau = 2, 4, 8, 16; spectral step 0.01,
# 0.05, 0.08; fixed rho0 = 1}, written METHOD:rule=value (bench/variant.h).
#
#   sh bench/admm_penalty.sh [FCLib folder]     (default ../shared/fclib; `make bench-admm`)
#
# (a) build/bench/suite on the generated families FAMILIES (default stack, mixed, robot,
#     box_plane8), cold start, absolute tolerance SUITE_TOL (default 1e-6: [Carpentier24]'s
#     eps_abs), REPEATS timed solves (default 3), max_iter MAX_ITER (10000)
#     -> build/bench/admm_penalty_suite.csv
# (b) build/bench/ct_bench on every *.hdf5 of the FCLib folder (one process per solve, as
#     bench/run.sh), cold start, Siconos' relative error at each of FCLIB_TOLS (default
#     "1e-6 1e-8"), FCLIB_REPEATS timed solves (default REPEATS), TIMEOUT seconds per process
#     (default 300) -> build/bench/admm_penalty_fclib.csv. Skipped, with the reason printed,
#     when ct_bench is missing, was built without libfclib, or predates the variant syntax.
# Then /usr/bin/python3 bench/admm_penalty_report.py writes the result files
# bench/results/admm-penalty*_<machine>_<date>.csv from both CSVs and regenerates
# bench/results/SUMMARY.md; build/bench/admm_penalty_log.txt keeps the commands exactly as run
# and the machine.
# Other knobs: VARIANTS (comma-separated), NICE (a prefix such as "nice -n 10"; default none:
# on a loaded machine a niced process is preempted inside the timed solves, inflating them),
# PYTHON (/usr/bin/python3), REPORT=0 skips the report. Build first: make bench-admm does.
set -eu

FCLIB=${1:-../shared/fclib}
OUT=build/bench
REPEATS=${REPEATS:-3}
FCLIB_REPEATS=${FCLIB_REPEATS:-$REPEATS}
SUITE_TOL=${SUITE_TOL:-1e-6}
FCLIB_TOLS=${FCLIB_TOLS:-"1e-6 1e-8"}
MAX_ITER=${MAX_ITER:-10000}
TIMEOUT=${TIMEOUT:-300}
FAMILIES=${FAMILIES:-stack,mixed,robot,box_plane8}
NICE=${NICE:-}
PYTHON=${PYTHON:-/usr/bin/python3}
REPORT=${REPORT:-1}
if [ -z "${VARIANTS:-}" ]; then
    VARIANTS=
    for m in ADMM_NCP ADMM_CCP; do
        for r in linear=2 linear=4 linear=8 linear=16 spectral=0.01 spectral=0.05 spectral=0.08 fixed=1; do
            VARIANTS="$VARIANTS${VARIANTS:+,}$m:$r"
        done
    done
fi
SUITE_CSV=$OUT/admm_penalty_suite.csv
FCLIB_CSV=$OUT/admm_penalty_fclib.csv
LOG=$OUT/admm_penalty_log.txt

[ -x "$OUT/suite" ] || { echo "bench/admm_penalty.sh: $OUT/suite missing: make bench-admm"; exit 2; }
mkdir -p "$OUT"
rm -f "$FCLIB_CSV"
t_all=$(date +%s)
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- contact.h 2>/dev/null || echo ' (contact.h with uncommitted changes)')"
    echo "machine: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc 2>/dev/null || echo '?') cores, $(uname -sr)"
    echo "compiler: $(${CC:-cc} --version 2>/dev/null | head -n 1)"
    echo "variants: $VARIANTS"
    echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') (1, 5, 15 min)"
    echo "script command: REPEATS=$REPEATS FCLIB_REPEATS=$FCLIB_REPEATS SUITE_TOL=$SUITE_TOL FCLIB_TOLS=\"$FCLIB_TOLS\" MAX_ITER=$MAX_ITER TIMEOUT=$TIMEOUT FAMILIES=$FAMILIES NICE=\"$NICE\" sh bench/admm_penalty.sh $FCLIB"
} > "$LOG"

# (a) the generated families
cmd="${NICE:+$NICE }$OUT/suite -r $REPEATS -t $SUITE_TOL -s cold -x $MAX_ITER -f $FAMILIES -V $VARIANTS"
echo "bench/admm_penalty.sh: (a) $cmd"
t0=$(date +%s)
rc=0
$cmd > "$SUITE_CSV.tmp" 2> "$OUT/admm_penalty_suite.err" || rc=$?
mv "$SUITE_CSV.tmp" "$SUITE_CSV"
t1=$(date +%s)
tail -n 1 "$OUT/admm_penalty_suite.err"
echo "bench/admm_penalty.sh: wrote $SUITE_CSV ($(($(wc -l < "$SUITE_CSV") - 1)) rows, $((t1 - t0)) s)"
{
    echo "suite command: $cmd > $SUITE_CSV"
    echo "suite: $(($(wc -l < "$SUITE_CSV") - 1)) rows, $((t1 - t0)) s, exit status $rc"
} >> "$LOG"

# (b) the FCLib problems
fclib_skip=
first=$(ls "$FCLIB"/*.hdf5 2> /dev/null | head -n 1 || true)
if [ -z "$first" ]; then
    fclib_skip="no *.hdf5 problem in $FCLIB"
elif [ ! -x "$OUT/ct_bench" ]; then
    fclib_skip="$OUT/ct_bench missing (make bench-admm builds it when libfclib-dev is installed)"
else
    probe=$("$OUT/ct_bench" "$first" ADMM_NCP:fixed=1 1e-2 1 2>&1) || true
    case "$probe" in
        *,contact.h,*) ;;
        *"built without libfclib"*) fclib_skip="$OUT/ct_bench was built without the FCLib reader (BENCH_WITH_FCLIB, libfclib-dev)" ;;
        *"unknown method"*) fclib_skip="$OUT/ct_bench predates the variant syntax: rebuild it (make bench-admm)" ;;
        *) fclib_skip="$OUT/ct_bench cannot read $first: $(echo "$probe" | tail -n 1)" ;;
    esac
fi
if [ -n "$fclib_skip" ]; then
    echo "bench/admm_penalty.sh: (b) FCLib part skipped: $fclib_skip"
    echo "fclib: skipped: $fclib_skip" >> "$LOG"
else
    echo "bench/admm_penalty.sh: (b) for tol in $FCLIB_TOLS, every $FCLIB/*.hdf5, every variant:"
    echo "    timeout $TIMEOUT ${NICE:+$NICE }$OUT/ct_bench <problem> <variant> <tol> $FCLIB_REPEATS $MAX_ITER"
    t0=$(date +%s)
    "$OUT/ct_bench" --header > "$FCLIB_CSV"
    vlist=$(echo "$VARIANTS" | tr ',' ' ')
    for tol in $FCLIB_TOLS; do
        for prob in "$FCLIB"/*.hdf5; do
            [ -f "$prob" ] || continue
            name=$(basename "$prob"); name=${name%.hdf5}
            nconv=0; nrun=0; ts=$(date +%s)
            for v in $vlist; do
                set +e
                row=$(timeout "$TIMEOUT" ${NICE:+$NICE }"$OUT/ct_bench" "$prob" "$v" "$tol" "$FCLIB_REPEATS" "$MAX_ITER" 2>> "$OUT/admm_penalty_fclib.err" | tail -n 1)
                prc=$?
                set -e
                case "$row" in
                    *,*) echo "$row" >> "$FCLIB_CSV" ;;
                    *)
                        if [ "$prc" = 124 ]; then what=timeout; else what=crash; fi
                        echo "$name,unknown,0,0,0,0,contact.h,$v,$tol,$FCLIB_REPEATS,nan,0,0,nan,nan,nan,0,$what" >> "$FCLIB_CSV"
                        ;;
                esac
                nrun=$((nrun + 1))
                case "$(tail -n 1 "$FCLIB_CSV")" in *,converged) nconv=$((nconv + 1)) ;; esac
            done
            echo "    tol $tol $name: $nconv/$nrun variants converged ($(($(date +%s) - ts)) s)"
        done
    done
    t1=$(date +%s)
    echo "bench/admm_penalty.sh: wrote $FCLIB_CSV ($(($(wc -l < "$FCLIB_CSV") - 1)) rows, $((t1 - t0)) s)"
    {
        echo "fclib command: for tol in $FCLIB_TOLS; for p in $FCLIB/*.hdf5; for v in (variants): timeout $TIMEOUT ${NICE:+$NICE }$OUT/ct_bench \$p \$v \$tol $FCLIB_REPEATS $MAX_ITER >> $FCLIB_CSV"
        echo "fclib: $(($(wc -l < "$FCLIB_CSV") - 1)) rows, $((t1 - t0)) s"
    } >> "$LOG"
fi
{
    echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') (1, 5, 15 min)"
    echo "total: $(($(date +%s) - t_all)) s"
} >> "$LOG"

if [ "$REPORT" = 1 ]; then
    "$PYTHON" bench/admm_penalty_report.py "$SUITE_CSV" "$FCLIB_CSV" "$LOG"
fi
exit "$rc"
