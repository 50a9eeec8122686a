#!/bin/sh
# tests/python_test.sh - the Python package of examples/python, installed as a user installs it,
# then its pytest suite (tests/python). Run from the repository root:
#     sh tests/python_test.sh
# 1. a fresh virtual environment build/python/venv (python3 -m venv --system-site-packages: it
#    sees Debian's numpy, pytest, scipy, h5py, matplotlib), and in it
#    pip install --no-build-isolation --no-index ./examples/python, which compiles contact.h
#    into the package's two shared libraries (double, float) with the Makefile's CFLAGS;
# 2. meanwhile the C side of the bitwise comparisons, tests/python/c_driver.c with the C
#    tests' implementation file tests/impl.c, in both precisions with the same flags
#    (build/python/drivers); linked against $TEST_IMPL_DOUBLE and $TEST_IMPL_FLOAT when they
#    name tests/impl.c's objects compiled with those flags (make test passes its double and
#    float configurations' build/tests/*/impl.o), else compiling tests/impl.c;
# 3. pytest on tests/python with that environment's python, from the repository root (the
#    installed package is tested, not the source tree).
# The last line is "N passed, M failed[, K skipped]" from pytest's counts. Without python3,
# numpy, pytest or the venv module (Debian: python3 python3-numpy python3-pytest
# python3-setuptools python3-venv) it prints why and "0 passed, 0 failed, 1 skipped" and exits
# 0. Logs: build/python/*.log. $PYTHON picks the interpreter (default: /usr/bin/python3, else
# python3 on PATH, the first with numpy); $CC the compiler.

CC=${CC:-cc}
OUT=build/python
export PYTHONDONTWRITEBYTECODE=1

skip() {
    echo "python_test.sh: $1; skipping"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
}
fail() {
    echo "python_test.sh: $1"
    echo "0 passed, 1 failed"
    exit 1
}

if [ ! -f contact.h ] || [ ! -f examples/python/pyproject.toml ]; then
    fail "run from the repository root (contact.h, examples/python not found)"
fi

py=""
seen=""
for c in "${PYTHON:-}" /usr/bin/python3 python3; do
    [ -n "$c" ] || continue
    command -v "$c" >/dev/null 2>&1 || continue
    if "$c" -c 'import numpy' >/dev/null 2>&1; then py=$c; break; fi
    [ -n "$seen" ] || seen=$c
done
if [ -z "$py" ]; then
    if [ -n "$seen" ]; then skip "no python3 with numpy (install python3-numpy)"; fi
    skip "no python3"
fi
"$py" -c 'import pytest' >/dev/null 2>&1 || skip "$py has no pytest (install python3-pytest)"
command -v "$CC" >/dev/null 2>&1 || skip "no C compiler ($CC) to build the package"

rm -rf "$OUT"
mkdir -p "$OUT/drivers" || fail "cannot create $OUT"
t0=$(date +%s)

# the C drivers, in the background
flags=$(sed -n 's/^CFLAGS *= *//p' Makefile)
for prec in f64 f32; do
    pflag=""
    impl=tests/impl.c
    if [ "$prec" = f32 ]; then
        pflag="-DCONTACT_USE_FLOAT"
        [ -f "${TEST_IMPL_FLOAT:-}" ] && impl=$TEST_IMPL_FLOAT
    else
        [ -f "${TEST_IMPL_DOUBLE:-}" ] && impl=$TEST_IMPL_DOUBLE
    fi
    echo "python_test.sh: C driver $prec with $impl" >"$OUT/driver_$prec.log"
    # shellcheck disable=SC2086 # flag lists are split on purpose
    ($CC $flags $pflag -I. -o "$OUT/drivers/c_driver_$prec" tests/python/c_driver.c "$impl" -lm \
        >>"$OUT/driver_$prec.log" 2>&1; echo $? >"$OUT/driver_$prec.built") &
done

if ! "$py" -m venv --system-site-packages "$OUT/venv" >"$OUT/venv.log" 2>&1; then
    wait
    skip "$py -m venv failed (install python3-venv); log $OUT/venv.log"
fi
if ! "$OUT/venv/bin/python" -m pip install --no-build-isolation --no-index --disable-pip-version-check \
    ./examples/python >"$OUT/pip.log" 2>&1; then
    wait
    tail -n 30 "$OUT/pip.log"
    fail "pip install ./examples/python failed; log $OUT/pip.log"
fi
t1=$(date +%s)
echo "python_test.sh: $py, package installed in $OUT/venv ($((t1 - t0)) s)"
wait
if [ "$(cat "$OUT/driver_f64.built" 2>/dev/null)" = 0 ] && [ "$(cat "$OUT/driver_f32.built" 2>/dev/null)" = 0 ]; then
    CONTACT_C_DRIVER_DIR=$PWD/$OUT/drivers
    export CONTACT_C_DRIVER_DIR
else
    echo "python_test.sh: tests/python/c_driver.c did not build here (logs $OUT/driver_*.log); pytest retries it"
fi

"$OUT/venv/bin/python" -m pytest -q -p no:cacheprovider --junitxml="$OUT/junit.xml" tests/python 2>&1 |
    tee "$OUT/pytest.log"
t2=$(date +%s)
echo "python_test.sh: pytest took $((t2 - t1)) s"
[ -f "$OUT/junit.xml" ] || fail "pytest wrote no $OUT/junit.xml; log $OUT/pytest.log"
"$OUT/venv/bin/python" - "$OUT/junit.xml" <<'EOF'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
n = {k: sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "failures", "errors", "skipped")}
failed = n["failures"] + n["errors"]
passed = n["tests"] - failed - n["skipped"]
line = "%d passed, %d failed" % (passed, failed)
print(line + (", %d skipped" % n["skipped"] if n["skipped"] else ""))
EOF
