#!/bin/sh
# tests/readme_check.sh - the README's example program, as a user copies it: the first ```c
# block after "## Usage" compiles as C99 and as C++11 with -Wall -Wextra -Wpedantic -Werror,
# runs, and prints the line of the ``` block after "It prints:". Run from the repository root.
# Prints PASS/FAIL lines and "N passed, M failed".
CC=${CC:-cc}
CXX=${CXX:-c++}
OUT=build/readme_check.$$
mkdir -p "$OUT" || exit 1
passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
awk '/^## Usage/ { u = 1 } u && /^```c$/ && !done { c = 1; next } c && /^```$/ { c = 0; done = 1 } c' README.md >"$OUT/ex.c"
awk '/^It prints:/ { p = 1; next } p && /^```$/ { if (in_) exit; in_ = 1; next } p && in_' README.md >"$OUT/want.txt"
if [ ! -s "$OUT/ex.c" ] || [ ! -s "$OUT/want.txt" ]; then
    fail "extract" "no example or no expected output in README.md"
else
    cp "$OUT/ex.c" "$OUT/ex.cpp"
    if $CC -std=c99 -Wall -Wextra -Wpedantic -Werror -I. -o "$OUT/ex_c" "$OUT/ex.c" -lm 2>"$OUT/c.err"; then
        pass "compiles as C99"
        "$OUT/ex_c" >"$OUT/got_c.txt" 2>&1
        if cmp -s "$OUT/got_c.txt" "$OUT/want.txt"; then pass "C99 build prints the README's line"
        else fail "C99 output" "$(cat "$OUT/got_c.txt")"; fi
    else
        fail "compiles as C99" "$(head -5 "$OUT/c.err")"
    fi
    if command -v "$CXX" >/dev/null 2>&1; then
        if $CXX -std=c++11 -Wall -Wextra -Wpedantic -Werror -I. -o "$OUT/ex_cxx" "$OUT/ex.cpp" 2>"$OUT/cxx.err"; then
            pass "compiles as C++11"
            "$OUT/ex_cxx" >"$OUT/got_cxx.txt" 2>&1
            if cmp -s "$OUT/got_cxx.txt" "$OUT/want.txt"; then pass "C++11 build prints the README's line"
            else fail "C++11 output" "$(cat "$OUT/got_cxx.txt")"; fi
        else
            fail "compiles as C++11" "$(head -5 "$OUT/cxx.err")"
        fi
    fi
fi
[ "$failed" -eq 0 ] && rm -rf "$OUT"
echo "$passed passed, $failed failed"
