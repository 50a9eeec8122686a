#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# run.sh - packaging test: install contact.h with CMake into a prefix under build/, build the
# consumer project in this directory against it with find_package(contact MAJOR.MINOR) (the
# version contact.h declares), run it, check the version rule (SameMinorVersion), and check
# contact.pc with pkg-config.
# Run from the repository root:  sh tests/cmake_consumer/run.sh
# Prints "PASS name" / "FAIL name: reason" and ends with "N passed, M failed"; without cmake it
# prints the reason and "0 passed, 0 failed, 1 skipped" and exits 0.

if [ ! -f contact.h ] || [ ! -f CMakeLists.txt ] || [ ! -d tests/cmake_consumer ]; then
    echo "run.sh: run from the repository root (contact.h, CMakeLists.txt not found)"
    echo "0 passed, 1 failed"
    exit 1
fi
if ! command -v cmake >/dev/null 2>&1; then
    echo "run.sh: cmake not found (Debian: apt-get install cmake); skipping the CMake package test"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi

CC=${CC:-cc}
export CC
ROOT=$(pwd)
OUT=$ROOT/build/cmake_consumer
# the version contact.h declares (CMakeLists.txt refuses to package another)
hv() { sed -n "s/^#define CONTACT_VERSION_$1 \([0-9]*\).*/\1/p" contact.h; }
MAJ=$(hv MAJOR)
MIN=$(hv MINOR)
PAT=$(hv PATCH)
VER=$MAJ.$MIN.$PAT
PREFIX=$OUT/prefix
WARN="-Wall -Wextra -Wpedantic -Werror"
rm -rf "$OUT"
mkdir -p "$OUT" || exit 1

passed=0
failed=0
skipped=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "SKIP $1: $2"; skipped=$((skipped + 1)); }
# step LOG CMD...: run CMD, output appended to LOG
step() {
    log=$1
    shift
    echo "+ $*" >>"$log"
    "$@" >>"$log" 2>&1
}
reason() { # LOG: first error line of a log
    r=$(grep -v '^+ ' "$1" | grep -m 1 -E 'Error|error|not found|Could not' 2>/dev/null)
    [ -n "$r" ] || r=$(tail -n 1 "$1")
    echo "$r (log $1)"
}

# 1. configure, build and install the library into $PREFIX
L=$OUT/install.log
if step "$L" cmake -S "$ROOT" -B "$OUT/lib" -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release &&
    step "$L" cmake --build "$OUT/lib" &&
    step "$L" cmake --build "$OUT/lib" --target install; then
    pass cmake_install
else
    fail cmake_install "$(reason "$L")"
fi

missing=""
for f in include/contact.h share/cmake/contact/contactConfig.cmake \
    share/cmake/contact/contactConfigVersion.cmake share/cmake/contact/contactTargets.cmake \
    share/pkgconfig/contact.pc; do
    [ -f "$PREFIX/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then pass install_layout; else fail install_layout "missing under $PREFIX:$missing"; fi

# 2. the consumer: find_package(contact MAJOR.MINOR REQUIRED), contact::contact m; warnings are
#    errors
L=$OUT/consumer.log
if step "$L" cmake -S "$ROOT/tests/cmake_consumer" -B "$OUT/consumer" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DCONTACT_WANT="$MAJ.$MIN" \
    -DCMAKE_C_FLAGS="$WARN" &&
    step "$L" cmake --build "$OUT/consumer"; then
    pass consumer_build
    if step "$L" "$OUT/consumer/app"; then pass consumer_run; else fail consumer_run "$(reason "$L")"; fi
else
    fail consumer_build "$(reason "$L")"
fi

# 3. version rule: MAJOR.MINOR.PATCH accepted; MAJOR.(MINOR+1), MAJOR.(MINOR-1) and (MAJOR+1).0
#    refused (0.x: SameMinorVersion)
older=$MAJ.$((MIN - 1))
[ "$MIN" -gt 0 ] || older=$((MAJ - 1)).9
for want in "$VER" "$MAJ.$((MIN + 1))" "$older" "$((MAJ + 1)).0"; do
    d=$OUT/version_$want
    mkdir -p "$d/src"
    cat >"$d/src/CMakeLists.txt" <<CML
cmake_minimum_required(VERSION 3.14)
project(version_probe LANGUAGES NONE)
find_package(contact $want REQUIRED)
CML
    if step "$d/log.txt" cmake -S "$d/src" -B "$d/build" -DCMAKE_PREFIX_PATH="$PREFIX"; then ok=1; else ok=0; fi
    case $want in
    "$VER") if [ $ok -eq 1 ]; then pass "find_package_$want"; else fail "find_package_$want" "refused: $(reason "$d/log.txt")"; fi ;;
    *) if [ $ok -eq 0 ]; then pass "find_package_${want}_refused"; else fail "find_package_${want}_refused" "$VER was accepted for $want (log $d/log.txt)"; fi ;;
    esac
done

# 4. pkg-config: --cflags points at the installed header, the header compiles from it
if ! command -v pkg-config >/dev/null 2>&1; then
    skip pkg_config "pkg-config not found (Debian: apt-get install pkg-config)"
else
    L=$OUT/pkg-config.log
    PKG_CONFIG_PATH=$PREFIX/share/pkgconfig
    export PKG_CONFIG_PATH
    cflags=$(pkg-config --cflags contact 2>>"$L")
    st=$?
    version=$(pkg-config --modversion contact 2>>"$L")
    libs=$(pkg-config --libs contact 2>>"$L")
    echo "cflags: $cflags; version: $version; libs: $libs" >>"$L"
    inc=$(echo "$cflags" | sed -n 's/^ *-I\([^ ]*\).*/\1/p')
    if [ $st -ne 0 ]; then
        fail pkg_config "pkg-config --cflags contact failed: $(reason "$L")"
    elif [ -z "$inc" ] || [ ! -f "$inc/contact.h" ]; then
        fail pkg_config "--cflags '$cflags' does not name the directory of the installed contact.h"
    elif ! cmp -s "$inc/contact.h" "$PREFIX/include/contact.h"; then
        fail pkg_config "--cflags '$cflags' points at a different contact.h"
    elif [ "$version" != "$VER" ]; then
        fail pkg_config "--modversion says '$version', want $VER"
    elif [ -n "$libs" ]; then
        fail pkg_config "--libs should be empty for a header-only package, got '$libs'"
    elif ! step "$L" $CC -std=c99 $WARN $cflags "$ROOT/tests/cmake_consumer/main.c" -o "$OUT/app_pkgconfig" -lm ||
        ! step "$L" "$OUT/app_pkgconfig"; then
        fail pkg_config "building or running main.c with \$(pkg-config --cflags contact): $(reason "$L")"
    else
        pass pkg_config
    fi
fi

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
