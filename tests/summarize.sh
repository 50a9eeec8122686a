#!/bin/sh
# tests/summarize.sh LOG
# Adds up the protocol lines "N passed, M failed[, K skipped]" of LOG and prints the total in
# the same format as its last line. Exits 1 if any check failed (or LOG has no line at all).
awk '
/^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/ {
    lines++; p += $1; f += $3
    if (NF >= 6) s += $5
}
END {
    if (lines == 0) { print "no test results found"; f = 1 }
    if (s > 0) printf "%d passed, %d failed, %d skipped\n", p, f, s
    else printf "%d passed, %d failed\n", p, f
    exit f > 0 ? 1 : 0
}' "$1"
