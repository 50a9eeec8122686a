#!/bin/sh
# tests/run.sh LABEL COMMAND [ARGS...]
# Runs one test component and passes its output through. Every component reports one or more
# protocol lines "N passed, M failed" (optionally ", K skipped"). This wrapper guarantees that
# a component that crashed, was killed by a sanitizer, exited non-zero without reporting a
# failure, or printed no protocol line at all is counted as one failure.
label=$1
shift
out=${TMPDIR:-/tmp}/ct_run.$$
echo "== $label"
"$@" >"$out" 2>&1
status=$?
cat "$out"
failed=$(awk '/^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/ { n++; f += $3 }
              END { if (n == 0) print "none"; else print f + 0 }' "$out")
rm -f "$out"
if [ "$failed" = none ]; then
    echo "$label: no summary line (exit status $status)"
    echo "0 passed, 1 failed"
elif [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    echo "$label: exit status $status although no check failed"
    echo "0 passed, 1 failed"
fi
exit 0
