#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# lapack_test.sh - contact.h with CONTACT_USE_LAPACK + CONTACT_USE_BLAS against its built-in
# linear algebra, in double and in float. Run from the repository root:
#     sh tests/lapack_test.sh
# Builds tests/lapack_test.c four ways under build/lapack/ (in parallel): {double, float} x
# {hooked (-DCONTACT_USE_LAPACK -DCONTACT_USE_BLAS, -llapack -lblas), built-in (no macros)}, then
#   - checks that the hooked objects really call [ds]potrf_/[ds]potrs_/[ds]gemv_ (nm),
#   - runs "chol" (Cholesky factors and solves vs a plain reference Cholesky, n up to 300),
#   - runs "solve" (ADMM_NCP and PGS_NCP on random problems G = J M^-1 J^T) in both builds
#     and "compare"s the velocities: 1e-6 in double, 1e-3 in float (solver tolerances 1e-8,
#     1e-4; relative to max(1, |v|_inf)).
# The reference builds link $TEST_IMPL_DOUBLE and $TEST_IMPL_FLOAT instead of compiling the
# implementation again when those name tests/impl.c's objects built with these flags
# (make test passes its double and float configurations' build/tests/*/impl.o; the same
# implementation, with CONTACT_IO and a malloc hook that calls malloc).
# Prints "PASS name" / "FAIL name: reason" and ends with "N passed, M failed". Without a
# LAPACK/BLAS to link against (Debian: liblapack-dev libblas-dev) it prints the reason and
# "0 passed, 0 failed, 1 skipped" and exits 0.

CC=${CC:-cc}
TEST_IMPL_DOUBLE=${TEST_IMPL_DOUBLE:-}
TEST_IMPL_FLOAT=${TEST_IMPL_FLOAT:-}
OUT=build/lapack
FLAGS="-std=c99 -O2 -Wall -Wextra -Wpedantic -Werror -I."
HOOKS="-DCONTACT_USE_LAPACK -DCONTACT_USE_BLAS"
LIBS="-llapack -lblas"

if [ ! -f contact.h ] || [ ! -f tests/lapack_test.c ]; then
    echo "lapack_test.sh: run from the repository root (contact.h, tests/lapack_test.c not found)"
    echo "0 passed, 1 failed"
    exit 1
fi
mkdir -p "$OUT" || exit 1

passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# Can we link LAPACK and BLAS at all? (a probe that does not involve contact.h)
cat >"$OUT/probe.c" <<'PROBE'
extern void dpotrf_(const char *, const int *, double *, const int *, int *);
extern void sgemv_(const char *, const int *, const int *, const float *, const float *, const int *,
                   const float *, const int *, const float *, float *, const int *);
int main(void) {
    double a[1] = {4};
    float f[1] = {2}, x[1] = {1}, y[1] = {0}, one = 1, zero = 0;
    int n = 1, inc = 1, info = 0;
    dpotrf_("U", &n, a, &n, &info);
    sgemv_("T", &n, &n, &one, f, &n, x, &inc, &zero, y, &inc);
    return !(info == 0 && a[0] == 2 && y[0] == 2);
}
PROBE
if ! $CC "$OUT/probe.c" -o "$OUT/probe" $LIBS >"$OUT/probe.log" 2>&1 || ! "$OUT/probe" >>"$OUT/probe.log" 2>&1; then
    echo "lapack_test.sh: cannot link and run a program with $LIBS using $CC (install liblapack-dev and libblas-dev); skipping. Log: $OUT/probe.log"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi

# run_prog LABEL CMD...: run a test program, echo its PASS/FAIL lines and count them (the
# full output, with the measured errors on "#" lines, goes to $OUT/LABEL.log)
run_prog() {
    label=$1
    shift
    "$@" >"$OUT/$label.log" 2>&1
    st=$?
    grep -E '^(PASS|FAIL) ' "$OUT/$label.log"
    p=$(grep -c '^PASS ' "$OUT/$label.log")
    f=$(grep -c '^FAIL ' "$OUT/$label.log")
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$st" -ne 0 ] && [ "$f" -eq 0 ]; then
        fail "$label" "exit status $st without a FAIL line (crash?), log $OUT/$label.log"
    elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
        fail "$label" "no checks ran, log $OUT/$label.log"
    fi
}

# the four builds in the background, side by side (each leaves its exit status in *.built)
for prec in double float; do
    pflag=""
    [ "$prec" = float ] && pflag="-DCONTACT_USE_FLOAT"
    hooked=$OUT/lapack_$prec
    builtin=$OUT/builtin_$prec
    rm -f "$hooked.built" "$builtin.built"
    ($CC $FLAGS $pflag $HOOKS -c tests/lapack_test.c -o "$hooked.o" >"$hooked.build.log" 2>&1 &&
        $CC "$hooked.o" -o "$hooked" $LIBS -lm >>"$hooked.build.log" 2>&1
        echo $? >"$hooked.built") &
    impl=$TEST_IMPL_DOUBLE
    [ "$prec" = float ] && impl=$TEST_IMPL_FLOAT
    if [ -n "$impl" ] && [ -f "$impl" ]; then
        (echo "+ reference build linked against $impl" >"$builtin.build.log"
            $CC $FLAGS $pflag -DLAPACK_TEST_EXTERNAL_IMPL -c tests/lapack_test.c -o "$builtin.o" \
                >>"$builtin.build.log" 2>&1 &&
            $CC "$builtin.o" "$impl" -o "$builtin" -lm >>"$builtin.build.log" 2>&1
            echo $? >"$builtin.built") &
    else
        ($CC $FLAGS $pflag tests/lapack_test.c -o "$builtin" -lm >"$builtin.build.log" 2>&1
            echo $? >"$builtin.built") &
    fi
done
wait

for prec in double float; do
    if [ "$prec" = float ]; then x=s; tol=1e-3; else x=d; tol=1e-6; fi
    hooked=$OUT/lapack_$prec
    builtin=$OUT/builtin_$prec

    built=1
    if [ "$(cat "$hooked.built" 2>/dev/null)" = 0 ]; then
        pass "build[$prec,lapack]"
    else
        fail "build[$prec,lapack]" "$(grep -m 1 -E 'error|undefined' "$hooked.build.log"), log $hooked.build.log"
        built=0
    fi
    if [ "$(cat "$builtin.built" 2>/dev/null)" = 0 ]; then
        pass "build[$prec,builtin]"
    else
        fail "build[$prec,builtin]" "$(grep -m 1 -E 'error|undefined' "$builtin.build.log"), log $builtin.build.log"
        built=0
    fi
    [ "$built" -eq 1 ] || continue

    # the hooks must be real: the hooked object calls the LAPACK/BLAS routines of its precision
    if command -v nm >/dev/null 2>&1; then
        missing=""
        for fn in potrf potrs gemv; do
            nm -u "$hooked.o" | grep -q "[ _]$x${fn}_\$" || missing="$missing ${x}${fn}_"
        done
        if [ -z "$missing" ]; then pass "hooks_called[$prec]"
        else fail "hooks_called[$prec]" "nm -u $hooked.o does not list:$missing"; fi
    fi

    run_prog "chol_${prec}_lapack" "$hooked" chol
    run_prog "chol_${prec}_builtin" "$builtin" chol
    run_prog "solve_${prec}_lapack" "$hooked" solve "$hooked.v.txt"
    run_prog "solve_${prec}_builtin" "$builtin" solve "$builtin.v.txt"
    run_prog "compare_$prec" "$builtin" compare "$hooked.v.txt" "$builtin.v.txt" "$tol"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
