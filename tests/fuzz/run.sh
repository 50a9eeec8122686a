#!/bin/sh
# tests/fuzz/run.sh DIR SECONDS [HARNESS] - run a libFuzzer harness built in DIR (make fuzz and
# make fuzz-api do the build): HARNESS_double for SECONDS/2, then HARNESS_float for the rest,
# one job each. HARNESS is fuzz_solve (default: tests/fuzz/fuzz_solve.c, seeds from make_corpus
# and tests/fuzz/findings/*.bin in DIR/seeds, corpora DIR/corpus-double and DIR/corpus-float)
# or fuzz_api (tests/fuzz/fuzz_api.c, seeds from make_api_corpus and
# tests/fuzz/findings/api/*.bin in DIR/seeds-api, corpora DIR/corpus-api-double and
# DIR/corpus-api-float). The corpora are kept from earlier runs. A crashing input is written to
# DIR/artifacts/ (replay it with the harness binary, or with a -DFUZZ_STANDALONE build of the
# harness's source, and keep it under tests/fuzz/findings/). Prints each harness's executions,
# coverage (cov: edges, ft: features) and corpus size, then "fuzz: PASS" or "fuzz: FAIL ...";
# the exit status is non-zero on a finding.
# Extra libFuzzer flags: FUZZ_FLAGS="-fork=1 -ignore_crashes=1 ..." in the environment; for
# fuzz_api, FUZZ_API_SKIP="id,id@entry,..." leaves known contract violations unreported
# (tests/fuzz/fuzz_api.c, docs/robustness.md).
dir=${1:?usage: run.sh DIR SECONDS [fuzz_solve|fuzz_api]}
secs=${2:-60}
harness=${3:-fuzz_solve}
half=$((secs / 2))
[ "$half" -ge 1 ] || half=1
rest=$((secs - half))
[ "$rest" -ge 1 ] || rest=1
case $harness in
    fuzz_solve) tag=""; seeds=$dir/seeds; maker=$dir/make_corpus; found=tests/fuzz/findings ;;
    fuzz_api) tag="api-"; seeds=$dir/seeds-api; maker=$dir/make_api_corpus; found=tests/fuzz/findings/api ;;
    *) echo "run.sh: unknown harness $harness"; exit 2 ;;
esac
mkdir -p "$seeds" "$dir/corpus-${tag}double" "$dir/corpus-${tag}float" "$dir/artifacts" || exit 1
"$maker" "$seeds" || exit 1
# the inputs of past findings join the seeds: every run replays them first
for f in "$found"/*.bin; do [ -f "$f" ] && cp "$f" "$seeds/"; done

status=0
failed=""
for prec in double float; do
    t=$half
    [ "$prec" = float ] && t=$rest
    log=$dir/fuzz-$tag$prec.log
    echo "fuzz: ${harness}_$prec for $t s (log $log)"
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    "$dir/${harness}_$prec" -max_len=8192 -timeout=30 -max_total_time="$t" -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$tag$prec-" $FUZZ_FLAGS "$dir/corpus-$tag$prec" "$seeds" >"$log" 2>&1
    s=$?
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    # -fork=1 prints no final stats: the last status line's count; its crash count too
    [ -n "$execs" ] || execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
    crashes=$(echo "$last" | sed -n 's|.*oom/timeout/crash: [0-9]*/[0-9]*/\([0-9]*\).*|\1|p')
    echo "fuzz: $prec: executions ${execs:-?}, ${rate:-?} exec/s; last status line: $last"
    if [ "$s" -ne 0 ] || [ "${crashes:-0}" -gt 0 ]; then
        status=1
        failed="$failed $prec"
        grep -m 3 -E 'contract violated|invariant violated|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer' "$log"
        grep -m 1 'Test unit written to' "$log"
    fi
    # the MemorySanitizer build (make fuzz builds it for fuzz_solve) replays the seeds and the
    # corpus, old inputs and the ones this run added: a read before a write, reported where
    # it happens (a stack field, a workspace entry), whether or not it changed a result
    msan=$dir/${harness}_msan_$prec
    if [ -x "$msan" ]; then
        "$msan" -runs=0 -timeout=30 -artifact_prefix="$dir/artifacts/${tag}msan-$prec-" \
            "$dir/corpus-$tag$prec" "$seeds" >"$log.msan" 2>&1
        s=$?
        n=$(sed -n 's/^#\([0-9]*\)[[:space:]]*DONE.*/\1/p' "$log.msan" | tail -n 1)
        echo "fuzz: $prec: MemorySanitizer replay of ${n:-?} inputs, exit $s (log $log.msan)"
        if [ "$s" -ne 0 ]; then
            status=1
            failed="$failed $prec-msan"
            grep -m 3 -E 'MemorySanitizer|invariant violated' "$log.msan"
        fi
    elif [ "$harness" = fuzz_solve ]; then
        echo "fuzz: $prec: no MemorySanitizer build ($msan): replay skipped"
    fi
done
if [ "$status" -eq 0 ]; then echo "fuzz: PASS"; else echo "fuzz: FAIL (a finding in:$failed)"; fi
exit "$status"
