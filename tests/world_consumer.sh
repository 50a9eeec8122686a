#!/bin/sh
# shellcheck disable=SC2086 # flag lists are word-split on purpose
# tests/world_consumer.sh - examples/world compiles in a user's project beside the user's own
# CONTACT_IMPLEMENTATION file (tests/world_consumer/user_impl.c: a counting allocator, and
# optionally only two methods) and runs there: world.c and the user's main include contact.h
# without its implementation. Builds: C99 double, C99 float (-DCONTACT_USE_FLOAT in every
# file), world.c and main as C++11 with the implementation as C, and a CONTACT_ONLY_* build;
# -Wall -Wextra -Wpedantic -Werror (the implementation at -O0: it only has to link and run a
# small scene). Run from the repository root; $CC (cc), $CXX (c++).
# Prints PASS/FAIL per build and last "N passed, M failed".
CC=${CC:-cc}
CXX=${CXX:-c++}
OUT=build/world_consumer
SRC=tests/world_consumer
WARN="-Wall -Wextra -Wpedantic -Werror"
INC="-I. -Iexamples/world"
passed=0
failed=0
mkdir -p "$OUT" || exit 1

# check NAME LINKER "C flags" "flags of world.c and main" COMPILER-OF-WORLD-AND-MAIN
check() {
    name=$1; link=$2; cflags=$3; wflags=$4; wcc=$5
    d=$OUT/$name
    log=$d/log.txt
    rm -rf "$d" && mkdir -p "$d" && : >"$log"
    if $CC -std=c99 -O0 $WARN $INC $cflags -c -o "$d/user_impl.o" $SRC/user_impl.c >>"$log" 2>&1 &&
       $wcc $wflags -O2 $WARN $INC -c -o "$d/world.o" examples/world/world.c >>"$log" 2>&1 &&
       $wcc $wflags -O2 $WARN $INC -c -o "$d/user_main.o" $SRC/user_main.c >>"$log" 2>&1 &&
       $link -o "$d/app" "$d/user_main.o" "$d/world.o" "$d/user_impl.o" -lm >>"$log" 2>&1; then
        if out=$("$d/app" 2>&1); then
            echo "PASS $name: $out"
            passed=$((passed + 1))
        else
            echo "FAIL $name: $out"
            failed=$((failed + 1))
        fi
    else
        echo "FAIL $name: does not build ($(grep -m 1 -E 'error|undefined' "$log"); log $log)"
        failed=$((failed + 1))
    fi
}

check c99-double "$CC" "" "-std=c99" "$CC"
check c99-float "$CC" "-DCONTACT_USE_FLOAT" "-std=c99 -DCONTACT_USE_FLOAT" "$CC"
if command -v "$CXX" >/dev/null 2>&1; then
    check cxx11-double "$CXX" "" "-x c++ -std=c++11" "$CXX"
fi
check c99-only "$CC" "-DUSER_ONLY" "-std=c99 -DUSER_ONLY" "$CC"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
