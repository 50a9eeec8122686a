#!/bin/sh
# shellcheck disable=SC2086 # compiler commands and flag lists are word-split on purpose
# tests/code_size.sh - code size of contact.h per solver section and per method, in float
# without malloc and stdio (tests/embedded/embedded.c), for the host and for a cross target.
# Run from the repository root:  sh tests/code_size.sh   (prints markdown tables)
#
# Method: compile one object at -Os and at -O2, list its functions with `nm -S --size-sort`
# (decimal sizes; suffixes .isra/.part/.constprop/.cold folded into their function, _f32/_f64 dropped), find
# each function's definition line in contact.h and so its >>section banner, and add up the
# sizes per group:
#   common      every section before >>solver-gs (linalg, cones, criteria, workspace,
#               settings, validation) plus >>solver-common and >>public (ct_solve, workspace,
#               Cholesky and Delassus APIs): linked whatever the method
#   gs-sweep    >>solver-gs without the per-contact cone solvers: the sweep of every
#               Gauss-Seidel method (PGS_*, NBGS, RAISIM*)
#   local-law   Preclik's single-contact law (the private cone_* and preclik functions and
#               ct_local_contact, in >>cones): NBGS's exact and RAISIM's bisection solves, and
#               the SIGNORINI flavor's model residual, so every build links it (in common's
#               per-method totals)
#   admm        >>solver-admm (ADMM_NCP, ADMM_CCP)
#   staggered   >>solver-staggered
#   newton      >>solver-newton and >>soft (NEWTON_SOFT and its soft models)
#   newton-ncp  >>solver-nsn and >>solver-hybrid (NEWTON_NCP, PROX_NCP, HYBRID_NCP)
#   other       sections that are APIs of their own (inverse dynamics, compliance helpers,
#               derivatives)
# The objects are built with -fno-inline-functions-called-once, or GCC inlines every solver
# (each called once) into the dispatcher and the groups cannot be told apart; the line
# "total, normal build" is the same object without that flag (what a user links). Other
# private functions the compiler inlines are counted in their caller's group. ct_solve
# dispatches on settings.method at run time, so a linker cannot drop the other methods:
# "per method" is the size an implementation with only that method would need, the full
# object is what every user links.
#
# CROSS: the first of arm-none-eabi-gcc (Cortex-M4F, -mthumb -mfloat-abi=hard) and
# aarch64-linux-gnu-gcc found; none: host only.

CC=${CC:-cc}
OUT=build/code_size
SRC=tests/embedded/embedded.c
mkdir -p "$OUT" || exit 1

# functions of contact.h with their definition line and group (name line group)
awk '
/^#ifdef CONTACT_IMPLEMENTATION/ { impl = 1 }
/^\/\* >>/ { sec = $2; sub(/^>>/, "", sec) }
impl && /^(CT__PRIVATE|CT_API|static)[^;=]*[a-z0-9_]+\(/ {
    line = $0
    sub(/\(.*/, "", line)
    n = split(line, w, /[ *]+/)
    name = w[n]
    if (name !~ /^ct_/) next
    g = "common"
    if (name ~ /^ct_([_](cone_|preclik)|local_contact$)/) g = "local-law"
    else if (sec == "solver-gs") g = "gs-sweep"
    else if (sec == "solver-admm") g = "admm"
    else if (sec == "solver-staggered") g = "staggered"
    else if (sec == "solver-newton-soft" || sec == "soft") g = "newton"
    else if (sec == "solver-nsn" || sec == "solver-hybrid") g = "newton-ncp"
    else if (sec == "inverse" || sec == "compliance" || sec == "io" || sec == "derivatives") g = "other"
    if (!(name in seen)) { seen[name] = 1; print name, NR, g }
}' contact.h >"$OUT/functions.txt"

# measure TAG NM OBJ: per-group text bytes of OBJ into $OUT/TAG.groups
measure() {
    $2 -S --size-sort -t d "$3" | awk -v map="$OUT/functions.txt" '
    BEGIN { while ((getline l < map) > 0) { split(l, f, " "); grp[f[1]] = f[3] } }
    $3 ~ /^[tTW]$/ {
        name = $4
        sub(/\..*$/, "", name)            # .isra.0 .part.0 .constprop.0 .cold
        sub(/_f(32|64)$/, "", name)
        size = $2 + 0
        g = (name in grp) ? grp[name] : (name ~ /^ct_/ ? "common" : "unattributed")
        sum[g] += size; total += size
    }
    END { for (g in sum) print g, sum[g]; print "total", total }' >"$OUT/$1.groups"
}

get() { awk -v g="$2" '$1 == g { print $2; f = 1 } END { if (!f) print 0 }' "$OUT/$1.groups"; }

tags=""
build() { # TAG COMPILER NM FLAGS...
    tag=$1 comp=$2 nmt=$3
    shift 3
    if $comp -std=c99 -ffreestanding -Wall -Wextra -Wpedantic -Wno-type-limits "$@" -I. -c "$SRC" \
        -o "$OUT/$tag.o" >"$OUT/$tag.log" 2>&1; then
        measure "$tag" "$nmt" "$OUT/$tag.o"
        tags="$tags $tag"
    else
        echo "code_size: $tag did not compile (log $OUT/$tag.log)" >&2
    fi
}

KEEP=-fno-inline-functions-called-once
build host-Os "$CC" nm -Os $KEEP
build host-O2 "$CC" nm -O2 $KEEP
build host-Os-normal "$CC" nm -Os
build host-O2-normal "$CC" nm -O2
build host-Os-only-pgs "$CC" nm -Os -DCONTACT_ONLY_PGS_NCP
cross=""
if command -v arm-none-eabi-gcc >/dev/null 2>&1; then
    cross="arm-none-eabi-gcc (Cortex-M4F)"
    A="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
    build m4-Os arm-none-eabi-gcc arm-none-eabi-nm $A -Os $KEEP
    build m4-O2 arm-none-eabi-gcc arm-none-eabi-nm $A -O2 $KEEP
    build m4-Os-normal arm-none-eabi-gcc arm-none-eabi-nm $A -Os
    build m4-O2-normal arm-none-eabi-gcc arm-none-eabi-nm $A -O2
    build m4-Os-only-pgs arm-none-eabi-gcc arm-none-eabi-nm $A -Os -DCONTACT_ONLY_PGS_NCP
elif command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    cross="aarch64-linux-gnu-gcc"
    build a64-Os aarch64-linux-gnu-gcc aarch64-linux-gnu-nm -Os $KEEP
    build a64-O2 aarch64-linux-gnu-gcc aarch64-linux-gnu-nm -O2 $KEEP
    build a64-Os-normal aarch64-linux-gnu-gcc aarch64-linux-gnu-nm -Os
    build a64-O2-normal aarch64-linux-gnu-gcc aarch64-linux-gnu-nm -O2
fi

main_tags=""
for t in $tags; do case $t in *-normal | *-only-pgs) ;; *) main_tags="$main_tags $t" ;; esac; done
echo "Text bytes of contact.h in float, CONTACT_NO_MALLOC, no stdio ($SRC)."
echo "host: $($CC --version | head -n 1); cross: ${cross:-none found}"
echo
printf '| group |'
for t in $main_tags; do printf ' %s |' "$t"; done
printf '\n|---|'
for t in $main_tags; do printf -- '---:|'; done
printf '\n'
for g in common local-law gs-sweep admm staggered newton newton-ncp other unattributed total; do # unattributed: the test driver
    printf '| %s |' "$g"
    for t in $main_tags; do printf ' %s |' "$(get "$t" "$g")"; done
    printf '\n'
done
printf '| total, normal build |'
for t in $main_tags; do
    if [ -f "$OUT/$t-normal.groups" ]; then printf ' %s |' "$(get "$t-normal" total)"; else printf ' - |'; fi
done
printf '\n'
echo
echo "Per method (common + local-law + the method's groups):"
echo
printf '| method |'
for t in $main_tags; do printf ' %s |' "$t"; done
printf '\n|---|'
for t in $main_tags; do printf -- '---:|'; done
printf '\n'
for m in "PGS_NCP, PGS_CCP, PGS_LCP:gs-sweep" "NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES:gs-sweep" \
         "ADMM_NCP, ADMM_CCP:admm" "STAGGERED:staggered" "NEWTON_SOFT:newton" \
         "NEWTON_NCP, PROX_NCP:newton-ncp" "HYBRID_NCP:newton-ncp admm gs-sweep"; do
    name=${m%%:*}
    groups=${m#*:}
    printf '| %s |' "$name"
    for t in $main_tags; do
        s=$(($(get "$t" common) + $(get "$t" local-law)))
        for g in $groups; do s=$((s + $(get "$t" "$g"))); done
        printf ' %s |' "$s"
    done
    printf '\n'
done
echo
echo "A build with only PGS_NCP (-DCONTACT_ONLY_PGS_NCP -Os, normal build): what a firmware links"
echo
printf '| target | text bytes |\n|---|---:|\n'
for t in host-Os-only-pgs m4-Os-only-pgs; do
    if [ -f "$OUT/$t.groups" ]; then printf '| %s | %s |\n' "$t" "$(get "$t" total)"; fi
done
