#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# compile_tests.sh - build-configuration tests for contact.h.
# Run from the repository root:  sh tests/compile_tests.sh
# Uses $CC (default cc) and $CXX (default c++); sources in tests/compile/, outputs and logs in
# build/compile/<check>/. Every check prints "PASS name" or "FAIL name: reason" (or
# "SKIP name: reason" when a tool is missing); the last line is "N passed, M failed"
# (", K skipped" appended when K > 0). Exit status is non-zero when M > 0.

CC=${CC:-cc}
CXX=${CXX:-c++}
SRC=tests/compile
OUT=build/compile
WARN="-Wall -Wextra -Wpedantic -Werror"
CFLAGS_T="-std=c99 $WARN -I. -I$SRC"
CXXFLAGS_T="-std=c++11 $WARN -I. -I$SRC"

if [ ! -f contact.h ] || [ ! -d "$SRC" ]; then
    echo "compile_tests.sh: run from the repository root (contact.h and $SRC not found)"
    echo "0 passed, 1 failed"
    exit 1
fi
mkdir -p "$OUT" || exit 1

passed=0
failed=0
skipped=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "SKIP $1: $2"; skipped=$((skipped + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

# begin NAME: fresh directory $D and log $LOG for one check
begin() {
    D=$OUT/$1
    LOG=$D/log.txt
    rm -rf "$D"
    mkdir -p "$D"
    : >"$LOG"
}
# try CMD...: run CMD with its output appended to $LOG; returns CMD's status
try() {
    echo "+ $*" >>"$LOG"
    "$@" >>"$LOG" 2>&1
}
# why STEP: a one-line reason from the log (first diagnostic), for a FAIL line
why() {
    r=$(grep -v '^+ ' "$LOG" 2>/dev/null | grep -m 1 -E 'error|undefined|warning')
    [ -n "$r" ] || r=$(tail -n 1 "$LOG")
    echo "$1 ($r; log $LOG)"
}
# cc_obj COMPILER FLAGS SRC OBJ [extra flags]: compile to an object file
cc_obj() {
    _cc=$1 _fl=$2 _src=$3 _obj=$4
    shift 4
    # $_cc and $_fl are word-split on purpose (CC="ccache gcc", flag lists)
    try $_cc $_fl "$@" -c "$_src" -o "$_obj"
}
# run_exe EXE: run a test program, its output to the log
run_exe() { try "$1"; }

# impl_obj OBJ: tests/compile/tu_impl.c compiled with $CC, once per run (the checks that link the
# implementation against another translation unit share it; its log is copied into $LOG)
TU_IMPL=$OUT/tu_impl.o
tu_impl_status=""
impl_obj() {
    if [ -z "$tu_impl_status" ]; then
        echo "+ $CC $CFLAGS_T -c $SRC/tu_impl.c -o $TU_IMPL" >"$OUT/tu_impl.log"
        $CC $CFLAGS_T -c $SRC/tu_impl.c -o "$TU_IMPL" >>"$OUT/tu_impl.log" 2>&1
        tu_impl_status=$?
    fi
    cat "$OUT/tu_impl.log" >>"$LOG"
    [ "$tu_impl_status" -eq 0 ] && cp "$TU_IMPL" "$1"
}

# resolve NAME: the real path of a command, to avoid testing the same compiler twice
resolve() {
    p=$(command -v "$1" 2>/dev/null) || return 1
    readlink -f "$p" 2>/dev/null || echo "$p"
}

# ---------------------------------------------------------------------------------------
# Two translation units, one implementation (tu_impl.c defines CONTACT_IMPLEMENTATION,
# tu_user.c only includes); both call library functions. Linked and run.
check_two_tu() { # NAME CCOMPILER
    name=$1 comp=$2
    begin "$name"
    if [ "$comp" = "$CC" ]; then impl_obj "$D/impl.o"; else cc_obj "$comp" "$CFLAGS_T" $SRC/tu_impl.c "$D/impl.o"; fi ||
        { fail "$name" "$(why 'compiling tu_impl.c')"; return; }
    if ! cc_obj "$comp" "$CFLAGS_T" $SRC/tu_user.c "$D/user.o"; then fail "$name" "$(why 'compiling tu_user.c')"; return; fi
    if ! try $comp "$D/user.o" "$D/impl.o" -o "$D/app" -lm; then fail "$name" "$(why 'link')"; return; fi
    if ! run_exe "$D/app"; then fail "$name" "$(why 'run')"; return; fi
    pass "$name"
}

# A C program from one source file: compile, link with -lm, run.
check_c_prog() { # NAME SOURCE [extra flags]
    name=$1 src=$2
    shift 2
    begin "$name"
    if ! cc_obj "$CC" "$CFLAGS_T" "$src" "$D/prog.o" "$@"; then fail "$name" "$(why "compiling $src")"; return; fi
    if ! try $CC "$D/prog.o" -o "$D/prog" -lm; then fail "$name" "$(why 'link')"; return; fi
    if ! run_exe "$D/prog"; then fail "$name" "$(why 'run')"; return; fi
    pass "$name"
}

check_two_tu two_tu "$CC"

check_c_prog include_twice $SRC/twice.c
check_c_prog include_twice_impl_first $SRC/twice_impl_first.c

# C++ builds of the implementation: $CXX, then g++ and clang++ when present and different.
cxx_seen=""
cxx_tested=0
for cxx in "$CXX" g++ clang++; do
    set -- $cxx
    rp=$(resolve "$1") || continue
    case " $cxx_seen " in *" $rp "*) continue ;; esac
    cxx_seen="$cxx_seen $rp"
    cxx_tested=$((cxx_tested + 1))
    tag=$(basename "$1")
    name="cxx_impl[$tag]"
    begin "cxx_impl_$tag"
    if ! cc_obj "$cxx" "$CXXFLAGS_T" $SRC/cxx_impl.cpp "$D/prog.o"; then fail "$name" "$(why 'compiling cxx_impl.cpp')"
    elif ! try $cxx "$D/prog.o" -o "$D/prog" -lm; then fail "$name" "$(why 'link')"
    elif ! run_exe "$D/prog"; then fail "$name" "$(why 'run')"
    else pass "$name"; fi
    # a C++ file that only includes the header, linked to the C implementation (extern "C")
    name="cxx_user_c_impl[$tag]"
    begin "cxx_user_c_impl_$tag"
    if ! impl_obj "$D/impl.o"; then fail "$name" "$(why 'compiling tu_impl.c')"
    elif ! cc_obj "$cxx" "$CXXFLAGS_T" $SRC/cxx_user.cpp "$D/user.o"; then fail "$name" "$(why 'compiling cxx_user.cpp')"
    elif ! try $cxx "$D/user.o" "$D/impl.o" -o "$D/app" -lm; then fail "$name" "$(why 'link')"
    elif ! run_exe "$D/app"; then fail "$name" "$(why 'run')"
    else pass "$name"; fi
done
[ "$cxx_tested" -gt 0 ] || skip cxx_impl "no C++ compiler found ($CXX, g++, clang++)"

# CONTACT_STATIC in two translation units, each with its own implementation.
name=static_twice
begin "$name"
if ! cc_obj "$CC" "$CFLAGS_T" $SRC/static_a.c "$D/a.o"; then fail "$name" "$(why 'compiling static_a.c')"
elif ! cc_obj "$CC" "$CFLAGS_T" $SRC/static_b.c "$D/b.o"; then fail "$name" "$(why 'compiling static_b.c')"
elif ! try $CC "$D/a.o" "$D/b.o" -o "$D/app" -lm; then fail "$name" "$(why 'link')"
elif ! run_exe "$D/app"; then fail "$name" "$(why 'run')"
elif have nm && nm -g "$D/a.o" | grep -E ' [TDBR] _?ct_' >>"$LOG"; then
    fail "$name" "CONTACT_STATIC object exports ct_ symbols (log $LOG)"
else pass "$name"; fi

check_c_prog float $SRC/float.c

# A float file calling ct_solve against the double implementation must not link.
name=float_double_mismatch_link_fails
begin "$name"
if ! impl_obj "$D/impl.o"; then fail "$name" "$(why 'compiling tu_impl.c')"
elif ! cc_obj "$CC" "$CFLAGS_T" $SRC/mismatch_float_user.c "$D/user.o"; then fail "$name" "$(why 'compiling mismatch_float_user.c')"
elif try $CC "$D/user.o" "$D/impl.o" -o "$D/app" -lm; then
    fail "$name" "a CONTACT_USE_FLOAT file linked against the double implementation (log $LOG)"
elif ! grep -q 'ct_[a-z_]*_f32' "$LOG"; then
    fail "$name" "$(why 'link failed, but not on a ct_*_f32 symbol')"
else pass "$name"; fi

# CONTACT_NO_MALLOC: builds and runs; nm -u of the implementation object shows no allocator.
check_c_prog no_malloc $SRC/nomalloc.c
check_c_prog float_no_malloc $SRC/float_nomalloc.c

name=no_malloc_nm
if ! have nm; then
    skip "$name" "nm not found, cannot inspect the CONTACT_NO_MALLOC object"
else
    begin "$name"
    ALLOC='^_?(malloc|free|calloc|realloc|aligned_alloc|posix_memalign)(@.*)?$'
    bad=""
    err=""
    # control: the default build must show malloc, or the nm test below proves nothing
    if ! impl_obj "$D/control.o"; then err=$(why 'compiling tu_impl.c')
    elif ! nm -u "$D/control.o" | awk '{print $NF}' | grep -Eq "$ALLOC"; then
        err="control: nm -u shows no malloc in the default build, the check is blind"
    fi
    for base in nomalloc float_nomalloc; do
        for opt in -O0 -O2; do
            [ -z "$err" ] || break
            o=$D/$base$opt.o
            # at -O0 (the default level) the object of the check of the same file above: the
            # same compiler, flags and source
            prev=$OUT/no_malloc/prog.o
            [ "$base" = float_nomalloc ] && prev=$OUT/float_no_malloc/prog.o
            if [ "$opt" = -O0 ] && [ -f "$prev" ] && try cp "$prev" "$o"; then :
            elif ! cc_obj "$CC" "$CFLAGS_T" $SRC/$base.c "$o" $opt; then err=$(why "compiling $base.c $opt"); break; fi
            nm -u "$o" >"$o.nm-u.txt" 2>&1
            syms=$(awk '{print $NF}' "$o.nm-u.txt" | grep -E "$ALLOC" | tr '\n' ' ')
            [ -z "$syms" ] || bad="$bad $base.c $opt: $syms;"
            if nm -g "$o" | grep -E ' T _?ct_workspace_(alloc|free)' >>"$LOG"; then
                bad="$bad $base.c $opt defines ct_workspace_alloc/free;"
            fi
        done
    done
    if [ -n "$err" ]; then fail "$name" "$err"
    elif [ -n "$bad" ]; then fail "$name" "undefined allocator symbols:$bad"
    else pass "$name"; fi
fi

# The compile-out switches: the kept methods solve, the others return CT_ERROR_COMPILED_OUT.
check_c_prog only_pgs_ncp $SRC/only.c -DCONTACT_ONLY_PGS_NCP
check_c_prog only_pgs_ncp_float $SRC/only.c -DCONTACT_ONLY_PGS_NCP -DCONTACT_USE_FLOAT
check_c_prog no_staggered $SRC/only.c -DCONTACT_NO_STAGGERED -DCONTACT_NO_DERIVATIVES -DCONTACT_NO_IO
check_c_prog only_pgs_ncp_with_parts $SRC/only.c -DCONTACT_ONLY_PGS_NCP -DCONTACT_WITH_SPARSE \
    -DCONTACT_WITH_LINALG -DCONTACT_WITH_COMPLIANCE

# Every hook overridden (math, memory, assert, counting allocator), double and float.
check_c_prog hooks $SRC/hooks.c
check_c_prog hooks_float $SRC/hooks.c -DCONTACT_USE_FLOAT

# clang, when present: the two-TU test again.
if have clang; then
    check_two_tu two_tu_clang clang
else
    skip two_tu_clang "clang not found"
fi

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
