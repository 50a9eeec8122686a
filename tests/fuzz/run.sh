#!/bin/sh
# tests/fuzz/run.sh DIR SECONDS - run the libFuzzer harnesses built in DIR (make fuzz does the
# build): fuzz_solve_double for SECONDS/2, then fuzz_solve_float for the rest, one job each,
# starting from the seeds of make_corpus and tests/fuzz/findings/*.bin (DIR/seeds) and the
# corpora kept in DIR/corpus-double
# and DIR/corpus-float from earlier runs. A crashing input is written to DIR/artifacts/ and
# stops that harness (replay it with the harness binary, or with a -DFUZZ_STANDALONE build of
# tests/fuzz/fuzz_solve.c, and keep it under tests/fuzz/findings/). Prints each harness's
# executions, coverage (cov: edges, ft: features) and corpus size, then "fuzz: PASS" or
# "fuzz: FAIL ..."; the exit status is non-zero on a finding.
# Extra libFuzzer flags: FUZZ_FLAGS="-jobs=1 ..." in the environment.
dir=${1:?usage: run.sh DIR SECONDS}
secs=${2:-60}
half=$((secs / 2))
[ "$half" -ge 1 ] || half=1
rest=$((secs - half))
[ "$rest" -ge 1 ] || rest=1
mkdir -p "$dir/seeds" "$dir/corpus-double" "$dir/corpus-float" "$dir/artifacts" || exit 1
"$dir/make_corpus" "$dir/seeds" || exit 1
# the inputs of past findings join the seeds: every run replays them first
for f in tests/fuzz/findings/*.bin; do [ -f "$f" ] && cp "$f" "$dir/seeds/"; done

status=0
failed=""
for prec in double float; do
    t=$half
    [ "$prec" = float ] && t=$rest
    log=$dir/fuzz-$prec.log
    echo "fuzz: fuzz_solve_$prec for $t s (log $log)"
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    "$dir/fuzz_solve_$prec" -max_len=8192 -timeout=30 -max_total_time="$t" -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$prec-" $FUZZ_FLAGS "$dir/corpus-$prec" "$dir/seeds" >"$log" 2>&1
    s=$?
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz: $prec: executions ${execs:-?}, ${rate:-?} exec/s; last status line: $last"
    if [ "$s" -ne 0 ]; then
        status=1
        failed="$failed $prec"
        grep -m 3 -E 'invariant violated|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer' "$log"
        grep -m 1 'Test unit written to' "$log"
    fi
done
if [ "$status" -eq 0 ]; then echo "fuzz: PASS"; else echo "fuzz: FAIL (a finding in:$failed)"; fi
exit "$status"
