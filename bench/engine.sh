#!/bin/sh
# bench/engine.sh - the world layer (examples/world) against Bullet on the scenes of
# bench/engine_scenes.h, and the study that chose the world's game preset.
#
#   sh bench/engine.sh          (`make bench-engine` builds the programs and calls this)
#
# Programs (build/bench/): engine_world_double and engine_world_float (examples/world with
# contact.h in double and with -DCONTACT_USE_FLOAT), engine_bullet_float and
# engine_bullet_double (Debian's libbullet-dev, the -float64 libraries with
# BT_USE_DOUBLE_PRECISION), all built with Bullet's own build flags (BULLET_CFLAGS in the
# Makefile). ROUNDS (7) rounds; in each, every scene runs once on each of the four programs,
# one process after the other, so the two engines share the machine's state; a process reports
# the CPU time of its steps (CLOCK_PROCESS_CPUTIME_ID, one thread). The world side runs its
# game preset (world_use_game_preset). Then the preset study (engine_world_double --study,
# one round). Output: build/bench/engine_runs.csv and build/bench/engine_study.csv; then
# bench/engine_report.py writes bench/results/engine*_<machine>_<date>.csv and SUMMARY.md.
set -eu
OUT=build/bench
ROUNDS=${ROUNDS:-7}
SCENES=${SCENES:-"stack5 stack10 pyramid20 ratio10 wall10"}
RUNS=$OUT/engine_runs.csv
[ -x "$OUT/engine_world_double" ] || { echo "bench/engine.sh: build first (make bench-engine)"; exit 2; }
bullet=1
[ -x "$OUT/engine_bullet_float" ] || { bullet=0; echo "bench/engine.sh: no Bullet build (libbullet-dev): the world layer only"; }
echo "$("$OUT/engine_world_double" --header),round" > "$RUNS"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    for s in $SCENES; do
        for p in engine_world_double engine_world_float engine_bullet_float engine_bullet_double; do
            case $p in engine_bullet*) [ "$bullet" = 1 ] || continue ;; esac
            row=$("$OUT/$p" "$s") || { echo "bench/engine.sh: $p $s failed"; continue; }
            echo "$row,$r" >> "$RUNS"
            echo "round $r: $row"
        done
    done
    r=$((r + 1))
done
echo "bench/engine.sh: the preset study"
"$OUT/engine_world_double" --study > "$OUT/engine_study.csv"
echo "wrote $RUNS and $OUT/engine_study.csv"
