#!/bin/sh
# bench/peers.sh - contact.h against its peers: Pinocchio's ADMM and PGS contact solvers on the
# FCLib problems and on freshly generated problem families, MuJoCo's Newton solver on MJCF scenes.
#
#   sh bench/peers.sh [fclib folder]      (default ../shared/fclib; `make bench-peers` builds the
#                                          programs and calls this)
#
# PEERS_PINOCCHIO / PEERS_MUJOCO name the built programs (build/bench/peers_pinocchio,
# build/bench/peers_mujoco); an empty or missing one is skipped with a message.
# PEERS_PINOCCHIO_LAPACK (build/bench/peers_pinocchio_lapack, contact.h on OpenBLAS's LAPACK)
# adds the pair admm_lapack to each problem when the pairs include admm.
# Pinocchio: every *.hdf5 of the folder and (unless FAMILIES=0) bench/families.h's standard sweep
# generated with SEED (default: today's date as YYYYMMDD), each run once per pair (PAIRS: admm pgs) in its own
# process (TIMEOUT seconds, 900; a process past it gets a timeout row). Problems with joints,
# limits or compliance are skipped by the program (Pinocchio's cones take contacts only) and
# listed in build/bench/peers_skipped.txt. MuJoCo: bench/peers/box_push.xml, stack5.xml,
# stack_ratio10.xml and MuJoCo's humanoid (MUJOCO_HUMANOID, default the one of Debian's
# libmujoco-samples; skipped when absent), and scenes nobody tuned on, reported apart:
# MUJOCO_EXTRA (default MuJoCo's mug.xml and 22_humanoids.xml; empty: none).
# Target TARGET (1e-8) on the common error measure,
# ROUNDS (7) interleaved rounds (bench/peers.h; the protocol is in docs/benchmarks.md).
# Output: build/bench/peers.csv and build/bench/peers_mujoco.csv, then bench/peers_report.py
# writes bench/results/peers*_<machine>_<date>.csv and SUMMARY.md.
set -eu

DIR=${1:-../shared/fclib}
OUT=build/bench
SEED=${SEED:-$(date -u +%Y%m%d)}
TARGET=${TARGET:-1e-8}
ROUNDS=${ROUNDS:-7}
TIMEOUT=${TIMEOUT:-900}
PAIRS=${PAIRS:-"admm pgs"}
FAMILIES=${FAMILIES:-1}
PIN=${PEERS_PINOCCHIO:-}
PIN_LAPACK=${PEERS_PINOCCHIO_LAPACK:-}
MJ=${PEERS_MUJOCO:-}
HUMANOID=${MUJOCO_HUMANOID:-/usr/share/mujoco/model/humanoid/humanoid.xml}
MJ_EXTRA=${MUJOCO_EXTRA-"/usr/share/mujoco/model/mug/mug.xml /usr/share/mujoco/model/humanoid/22_humanoids.xml"}
CSV=$OUT/peers.csv
MJCSV=$OUT/peers_mujoco.csv
mkdir -p "$OUT"
rm -f "$CSV" "$MJCSV"

if [ -n "$PIN" ] && [ -x "$PIN" ]; then
    [ -x "$OUT/gen_families" ] || { echo "bench/peers.sh: build first (make bench-peers)"; exit 2; }
    FAM=$OUT/peers-families
    rm -rf "$FAM" && mkdir -p "$FAM"
    [ "$FAMILIES" = 0 ] || "$OUT/gen_families" --sweep -s "$SEED" -o "$FAM" > /dev/null
    "$PIN" --header | sed 's/$/,seed,pinocchio_version/' > "$CSV"
    : > "$OUT/peers_skipped.txt"
    : > "$OUT/peers-stderr.log"
    for prob in "$DIR"/*.hdf5 "$FAM"/*.ctp; do
        [ -f "$prob" ] || continue
        name=$(basename "$prob"); name=${name%.hdf5}; name=${name%.ctp}
        lapack_pair=
        case " $PAIRS " in *" admm "*) [ -n "$PIN_LAPACK" ] && [ -x "$PIN_LAPACK" ] && lapack_pair=admm_lapack ;; esac
        for pair in $PAIRS $lapack_pair; do
            prog=$PIN
            arg=$pair
            if [ "$pair" = admm_lapack ]; then prog=$PIN_LAPACK; arg=admm; fi
            set +e
            rows=$(OPENBLAS_NUM_THREADS=1 timeout "$TIMEOUT" "$prog" -p "$arg" -t "$TARGET" -r "$ROUNDS" "$prob" 2>>"$OUT/peers-stderr.log")
            rc=$?
            set -e
            if [ "$rc" = 3 ]; then
                echo "$name" >> "$OUT/peers_skipped.txt"
                break
            elif [ "$rc" = 0 ] && [ -n "$rows" ]; then
                printf '%s\n' "$rows" | sed "s/\$/,$SEED,${PINOCCHIO_VERSION:-}/" >> "$CSV"
            else
                if [ "$rc" = 124 ]; then what=timeout; else what=crash$rc; fi
                echo "$name,unknown,0,0,0,$pair,$what,,$TARGET,,,,,,,0,0,,,,,,,,$SEED,${PINOCCHIO_VERSION:-}" >> "$CSV"
            fi
            printf '%s\n' "$rows" | cut -d, -f1,3,6,7,10,12,14,20,23 | sed 's/^/  /'
        done
    done
    echo "bench/peers.sh: wrote $CSV (seed $SEED; skipped: $(wc -l < "$OUT/peers_skipped.txt") problems with joints, limits or compliance)"
else
    echo "bench/peers.sh: Pinocchio skipped (no program; make bench-peers PINOCCHIO_SRC=..., bench/README.md)"
fi

if [ -n "$MJ" ] && [ -x "$MJ" ]; then
    scenes="bench/peers/box_push.xml bench/peers/stack5.xml bench/peers/stack_ratio10.xml"
    if [ -f "$HUMANOID" ]; then scenes="$scenes $HUMANOID"
    else echo "bench/peers.sh: MuJoCo's humanoid not found ($HUMANOID: Debian's libmujoco-samples): skipped"; fi
    for extra in $MJ_EXTRA; do
        if [ -f "$extra" ]; then scenes="$scenes $extra"
        else echo "bench/peers.sh: $extra not found (Debian's libmujoco-samples): skipped"; fi
    done
    "$MJ" --header > "$MJCSV"
    # shellcheck disable=SC2086
    timeout "$TIMEOUT" "$MJ" -t "$TARGET" -r "$ROUNDS" $scenes >> "$MJCSV"
    echo "bench/peers.sh: wrote $MJCSV"
else
    echo "bench/peers.sh: MuJoCo skipped (no program; libmujoco-dev, sh bench/install-deps.sh)"
fi

[ -f "$CSV" ] || [ -f "$MJCSV" ] || { echo "bench/peers.sh: no peer ran"; exit 0; }
${PYTHON:-python3} bench/peers_report.py "$CSV" "$MJCSV"
