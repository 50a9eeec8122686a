#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# tests/cross_compile.sh - the embedded build: float, CONTACT_NO_MALLOC, no stdio, no libc
# headers (tests/embedded/embedded.c routes every hook to a compiler builtin), -ffreestanding.
# Run from the repository root:  sh tests/cross_compile.sh
#   embedded_host       compiles for the host with -Wall -Wextra -Wpedantic -Werror and
#                       -ffreestanding; nm -u shows no allocator and no stdio symbol
#   embedded_host_run   the same file linked for the host (with -lm) solves one contact with
#                       every method
#   embedded_cross      the same for a Debian cross compiler, the first found of
#                       arm-none-eabi-gcc (Cortex-M4F: -mcpu=cortex-m4 -mthumb -mfloat-abi=hard
#                       -mfpu=fpv4-sp-d16) and aarch64-linux-gnu-gcc; SKIP with the reason
#                       when neither is installed (apt-get install gcc-arm-none-eabi)
# (tests/compile_tests.sh's no_malloc_nm already checks the hosted CONTACT_NO_MALLOC build for
# malloc/free symbols; this adds stdio and the freestanding, cross-compiled build.)
# KNOWN_BUG_SHORT_ENUM_TYPE_LIMITS (fixed in 4ba1494): arm-none-eabi-gcc uses short enums
# (AAPCS), so range checks like `(int)s->method < 0` warn under -Wextra (-Wtype-limits,
# "comparison is always false"); if that comes back, the cross build retries with
# -Wno-type-limits and prints a NOTE line.
# Prints PASS/FAIL/SKIP lines and "N passed, M failed[, K skipped]". Outputs in
# build/cross/run.PID/ (removed when every check passed).

CC=${CC:-cc}
OUT=build/cross/run.$$ # per run: two `make test` in one tree must not share files
SRC=tests/embedded/embedded.c
WARN="-Wall -Wextra -Wpedantic -Werror"
FLAGS="-std=c99 -Os -ffreestanding $WARN -I."
# undefined symbols a firmware image must not need
BANNED='^_?(malloc|free|calloc|realloc|aligned_alloc|posix_memalign|printf|fprintf|vfprintf|puts|fputs|fputc|putchar|fopen|fclose|fread|fwrite|fflush|fscanf|sscanf|snprintf|sprintf|stdout|stderr|stdin|__stack_chk_fail|abort|exit|__assert_fail|__assert_func)(@.*)?$'

passed=0
failed=0
skipped=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "SKIP $1: $2"; skipped=$((skipped + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

finish() {
    if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"
    else echo "$passed passed, $failed failed"; fi
    [ "$failed" -eq 0 ] && rm -rf "$OUT"
    [ "$failed" -eq 0 ]
    exit $?
}

if [ ! -f "$SRC" ]; then
    echo "cross_compile.sh: run from the repository root ($SRC not found)"
    echo "0 passed, 1 failed"
    exit 1
fi
mkdir -p "$OUT" || exit 1

# check_obj NAME NM OBJ: no banned undefined symbol in OBJ
check_obj() {
    $2 -u "$3" >"$3.undef.txt" 2>&1 || { fail "$1" "$2 -u failed (log $3.undef.txt)"; return 1; }
    bad=$(awk '{print $NF}' "$3.undef.txt" | grep -E "$BANNED" | tr '\n' ' ')
    if [ -n "$bad" ]; then fail "$1" "undefined symbols $bad(log $3.undef.txt)"; return 1; fi
    pass "$1 (undefined: $(awk '{print $NF}' "$3.undef.txt" | tr '\n' ' '))"
}

# host, linked (for embedded_host_run below): built in the background meanwhile
($CC -std=c99 -O2 $WARN -DEMBEDDED_MAIN -I. -o "$OUT/host_run" "$SRC" -lm >"$OUT/host_run.log" 2>&1
    echo $? >"$OUT/host_run.built") &

# host, freestanding object
if ! $CC $FLAGS -c "$SRC" -o "$OUT/host.o" >"$OUT/host.log" 2>&1; then
    fail embedded_host "compile failed: $(grep -m 1 -E 'error|warning' "$OUT/host.log") (log $OUT/host.log)"
elif ! have nm; then
    skip embedded_host "nm not found"
else
    check_obj embedded_host nm "$OUT/host.o"
fi

# host, linked and run
wait
if [ "$(cat "$OUT/host_run.built" 2>/dev/null)" != 0 ]; then
    fail embedded_host_run "compile failed (log $OUT/host_run.log)"
else
    "$OUT/host_run" >>"$OUT/host_run.log" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then fail embedded_host_run "exit status $rc: methods that did not solve the one-contact problem"
    else pass embedded_host_run; fi
fi

# cross
if have arm-none-eabi-gcc; then
    XCC=arm-none-eabi-gcc XNM=arm-none-eabi-nm
    XFLAGS="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
elif have aarch64-linux-gnu-gcc; then
    XCC=aarch64-linux-gnu-gcc XNM=aarch64-linux-gnu-nm XFLAGS=""
else
    skip embedded_cross "no cross compiler (neither arm-none-eabi-gcc nor aarch64-linux-gnu-gcc; apt-get install gcc-arm-none-eabi)"
    finish
fi
have "$XNM" || XNM=nm
name="embedded_cross[$XCC]"
if $XCC $XFLAGS $FLAGS -c "$SRC" -o "$OUT/cross.o" >"$OUT/cross.log" 2>&1; then
    check_obj "$name" "$XNM" "$OUT/cross.o"
elif grep -q 'type-limits' "$OUT/cross.log" &&
    $XCC $XFLAGS $FLAGS -Wno-type-limits -c "$SRC" -o "$OUT/cross.o" >"$OUT/cross2.log" 2>&1; then
    echo "NOTE $name: KNOWN_BUG_SHORT_ENUM_TYPE_LIMITS: contact.h warns under -Wtype-limits with short enums; built with -Wno-type-limits"
    check_obj "$name" "$XNM" "$OUT/cross.o"
else
    fail "$name" "compile failed: $(grep -m 1 -E 'error|warning' "$OUT/cross.log") (log $OUT/cross.log)"
fi
finish
