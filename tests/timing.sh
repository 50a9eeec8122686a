#!/bin/sh
# tests/timing.sh TIMES JOBS [CONFIG...]
# Prints the wall time of each group of `make test` from TIMES, whose lines are
# "GROUP START END" (seconds since the epoch; the Makefile appends one per compile, test
# program and script): build:<config> and run:<config> (from the first job's start to the last
# one's end), extra:<script>, and "make" (the whole). make runs the jobs of all groups side by
# side, so the spans overlap; "jobs" is the sum of the group's job times. A group with no
# build line was up to date. The configurations are printed in the order given, then the others.
# $SUITE names the target in the last line: test (default), test-slow or test-all.
times=$1
jobs=$2
shift 2
awk -v jobs="$jobs" -v configs="$*" -v suite="${SUITE:-test}" '
BEGIN { n = split(configs, order, " "); for (i = 1; i <= n; i++) seen[order[i]] = 1 }
$1 == "make" { wall = $3 - $2; next }
{
    g = $1
    if (!(g in t0) || $2 < t0[g]) t0[g] = $2
    if (!(g in t1) || $3 > t1[g]) t1[g] = $3
    busy[g] += $3 - $2
    split(g, p, ":")
    if (p[1] != "extra" && !(p[2] in seen)) { seen[p[2]] = 1; order[++n] = p[2] }
    if (p[1] == "extra") extras[++m] = p[2]
}
function span(g) {
    if (!(g in t0)) return "-"
    return sprintf("%.1f s (jobs %.1f s)", t1[g] - t0[g], busy[g])
}
END {
    for (i = 1; i <= n; i++)
        printf "== group %s: build %s, run %s\n", order[i], span("build:" order[i]), span("run:" order[i])
    for (i = 1; i <= m; i++)
        printf "== extra %s: %.1f s\n", extras[i], t1["extra:" extras[i]] - t0["extra:" extras[i]]
    if (wall > 0) printf "== make %s: %.1f s wall on %s jobs (the groups above overlap)\n", suite, wall, jobs
}' "$times"
