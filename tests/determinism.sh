#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# tests/determinism.sh - bit-identical results across builds that differ only in optimization.
# Run from the repository root:  sh tests/determinism.sh
#
# Builds tests/test_determinism.c (a fixed suite of solves, hashed with FNV-1a 64 per
# precision) with the implementation (tests/impl.c) four ways per precision, all with
#     -ffp-contract=off -fno-fast-math
# (no fused multiply-add contraction, no reassociation: the two flags that let a compiler
# change rounding between optimization levels):
#     $CC -O0, $CC -O2, $CXX -O0 (as C++), $CXX -O2 (as C++)
# and one build whose implementation has neither flag: $CC -O2 -march=native in the compiler's
# default dialect (GCC's gnu17 contracts by default), where contact.h's own pragmas keep
# contraction off,
# and checks that each build passes its own in-process check (two runs, identical bytes) and
# that all four print the same hash. With clang present (and not already $CC), a clang -O2
# build is compared too. DET_PREBUILT="TAG=PROGRAM ..." names builds made elsewhere with
# exactly this script's flags (make test: its double and float test_determinism, built with
# $CC -std=c99 -O2 and these flags, as double-c-O2 and float-c-O2); they are copied, not
# compiled again. Prints "PASS name" / "FAIL name: reason" per check and the line
# "N passed, M failed" that tests/summarize.sh adds up. Outputs in build/determinism/run.PID/
# (removed when every check passed).

CC=${CC:-cc}
CXX=${CXX:-c++}
OUT=build/determinism/run.$$ # per run: two `make test` in one tree must not share files
SRC=tests/test_determinism.c
DETFLAGS="-ffp-contract=off -fno-fast-math"
WARN="-Wall -Wextra -Wpedantic -Werror"

passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

if [ ! -f "$SRC" ]; then
    echo "determinism.sh: run from the repository root ($SRC not found)"
    echo "0 passed, 1 failed"
    exit 1
fi
mkdir -p "$OUT" || exit 1

# The builds (the implementation, tests/impl.c, and the suite, each build with its compiler and
# flags) run in the background, JOBS at a time (default: the number of processors); then each
# build is run and checked in a fixed order.
JOBS=${JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
running=0
# prebuilt TAG: the program DET_PREBUILT names for TAG (empty if none)
prebuilt() {
    for pb in ${DET_PREBUILT:-}; do
        [ "${pb%%=*}" = "$1" ] && echo "${pb#*=}" && return 0
    done
    return 0
}
# build TAG COMPILER LANGFLAGS OPT PRECFLAG: compile $OUT/TAG in the background; the compiler's
# exit status goes to $OUT/TAG.built (a prebuilt program is copied)
build() {
    exe=$OUT/$1
    rm -f "$exe" "$exe.hash" "$exe.built"
    pb=$(prebuilt "$1")
    if [ -n "$pb" ]; then
        echo "+ cp $pb $exe (DET_PREBUILT)" >"$exe.log"
        cp "$pb" "$exe" >>"$exe.log" 2>&1
        echo $? >"$exe.built"
        return
    fi
    ($2 $3 $4 $DETFLAGS $WARN $5 -I. -Itests -o "$exe" tests/impl.c "$SRC" -lm >"$exe.log" 2>&1
        echo $? >"$exe.built") &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait; running=0; fi
}

# build_native TAG PRECFLAG: the implementation at -O2 -march=native in the compiler's default
# dialect, WITHOUT $DETFLAGS (contact.h turns contraction off inside itself); the suite, which
# builds its problems with arithmetic of its own, keeps them
build_native() {
    exe=$OUT/$1
    rm -f "$exe" "$exe.hash" "$exe.built"
    ($CC -O2 -march=native $WARN $2 -I. -c -o "$exe.impl.o" tests/impl.c >"$exe.log" 2>&1 &&
        $CC -O2 -march=native $DETFLAGS $WARN $2 -I. -Itests -o "$exe" "$exe.impl.o" "$SRC" -lm >>"$exe.log" 2>&1
        echo $? >"$exe.built") &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait; running=0; fi
}

# run_check TAG: check the build, run it, leave the hash in $OUT/TAG.hash
# (sh has no local variables: these names must differ from the caller's)
run_check() {
    tag=$1
    exe=$OUT/$tag
    if [ "$(cat "$exe.built" 2>/dev/null)" != 0 ]; then
        fail "determinism_build[$tag]" "compile failed (log $exe.log)"
        return 1
    fi
    if ! "$exe" >"$exe.out" 2>&1; then
        fail "determinism_run[$tag]" "$(grep -m 1 FAIL "$exe.out" || tail -n 1 "$exe.out") (log $exe.out)"
        return 1
    fi
    sed -n 's/^determinism hash [a-z]*: //p' "$exe.out" >"$exe.hash"
    if [ ! -s "$exe.hash" ]; then
        fail "determinism_run[$tag]" "no hash printed (log $exe.out)"
        return 1
    fi
    pass "determinism_run[$tag] $(cat "$exe.hash")"
    return 0
}

have_cxx=0
have "$(echo $CXX | cut -d' ' -f1)" && have_cxx=1
have_clang=0
if have clang && [ "$(readlink -f "$(command -v clang)")" != "$(readlink -f "$(command -v $CC)" 2>/dev/null)" ]; then
    have_clang=1
fi
# tags_of PREC: the builds of one precision, in the order they are compared
tags_of() {
    echo "$1-c-O0 $1-c-O2 $1-c-native"
    [ "$have_cxx" = 0 ] || echo "$1-cxx-O0 $1-cxx-O2"
    [ "$have_clang" = 0 ] || echo "$1-clang-O2"
}
for prec in double float; do
    pf=""
    [ "$prec" = float ] && pf=-DCONTACT_USE_FLOAT
    build "$prec-c-O0" "$CC" "-std=c99" -O0 "$pf"
    build "$prec-c-O2" "$CC" "-std=c99" -O2 "$pf"
    build_native "$prec-c-native" "$pf"
    if [ "$have_cxx" = 1 ]; then
        build "$prec-cxx-O0" "$CXX" "-x c++ -std=c++11" -O0 "$pf"
        build "$prec-cxx-O2" "$CXX" "-x c++ -std=c++11" -O2 "$pf"
    fi
    [ "$have_clang" = 0 ] || build "$prec-clang-O2" clang "-std=c99" -O2 "$pf"
done
wait

for prec in double float; do
    tags=""
    for t in $(tags_of $prec); do
        run_check "$t" && tags="$tags $t"
    done
    # every build that ran must print the hash of the first
    ref=""
    diff_list=""
    for t in $tags; do
        h=$(cat "$OUT/$t.hash")
        if [ -z "$ref" ]; then ref=$h; reftag=$t
        elif [ "$h" != "$ref" ]; then diff_list="$diff_list $t=$h"; fi
    done
    if [ -z "$ref" ]; then
        fail "determinism_same_hash[$prec]" "no build ran"
    elif [ -n "$diff_list" ]; then
        fail "determinism_same_hash[$prec]" "$reftag=$ref but$diff_list"
    else
        pass "determinism_same_hash[$prec] ($(echo $tags | wc -w) builds: $ref)"
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && rm -rf "$OUT"
[ "$failed" -eq 0 ]
