#!/bin/sh
# tests/threads_test.sh - tests/test_threads.c (four threads solving at once, bitwise against one
# thread) built with ThreadSanitizer when the compiler has it, in double and float; without
# TSan it still runs the plain build and says so. Run from the repository root.
CC=${CC:-cc}
OUT=build/threads
mkdir -p "$OUT" || exit 1
total_p=0
total_f=0
run() { # tag, flags...
    tag=$1
    shift
    if $CC -std=c99 -O1 -g -Wall -Wextra -Werror -I. -Itests "$@" -o "$OUT/test_threads_$tag" tests/test_threads.c -lm -pthread 2>"$OUT/$tag.err"; then
        out=$(TSAN_OPTIONS=halt_on_error=1 "$OUT/test_threads_$tag" 2>&1)
        status=$?
        echo "$out" | sed 's/^/  /'
        line=$(echo "$out" | awk '/^[0-9]+ passed, [0-9]+ failed$/ { l = $0 } END { print l }')
        if [ -n "$line" ] && [ "$status" -eq 0 ]; then
            total_p=$((total_p + ${line%% passed*}))
            f=${line#*, }
            total_f=$((total_f + ${f%% failed*}))
            echo "PASS $tag"
        else
            echo "FAIL $tag: exit status $status (a data race or a failed check)"
            total_f=$((total_f + 1))
        fi
    else
        echo "FAIL $tag: build"
        head -5 "$OUT/$tag.err"
        total_f=$((total_f + 1))
    fi
}
printf 'int main(void) { return 0; }\n' >"$OUT/probe.c"
if $CC -fsanitize=thread "$OUT/probe.c" -o "$OUT/probe" 2>/dev/null && "$OUT/probe" 2>/dev/null; then
    run tsan-double -fsanitize=thread
    run tsan-float -fsanitize=thread -DCONTACT_USE_FLOAT
else
    echo "threads_test: $CC has no working ThreadSanitizer here: plain build only (no race detection)"
    run plain-double
fi
echo "$total_p passed, $total_f failed"
