#!/bin/sh
# tests/refs_check.sh - has every cited paper an entry in contact.h's REFERENCES? (POSIX sh + awk)
#
#   sh tests/refs_check.sh [contact.h]
#
# A citation is a key in brackets, [Author99] or [Author99b]: a capital, letters, two digits,
# an optional lower-case letter. Citations are collected from contact.h, README.md, docs/*.md
# and every .c, .h, .md and .py file under examples/. The header's top comment holds the
# REFERENCES block:
#
#    REFERENCES (cited by key in the code, the docs and the examples)
#        [LeLidec24]      Q. Le Lidec, W. Jallet, ... Contact models in robotics: ...
#                         IEEE Trans. Robotics, 2024.
#
# An entry line starts with 7 spaces and [Key]; the block ends at the first line indented by
# fewer than 7 spaces. Each distinct key cited somewhere is one check: it passes when the block
# defines it; a failure names the key and its first use (file:line). Keys defined but never
# cited are listed as notes. The last line is "N passed, M failed"; the exit status is 0.

dir=$(dirname "$0")
root=$dir/..
header=${1:-$root/contact.h}

if [ ! -f "$header" ]; then
    echo "refs_check: no header $header"
    echo "0 passed, 1 failed"
    exit 0
fi

files=$header
[ -f "$root/README.md" ] && files="$files $root/README.md"
for f in "$root"/docs/*.md; do [ -f "$f" ] && files="$files $f"; done
if [ -d "$root/examples" ]; then
    files="$files $(find "$root/examples" -type f \( -name '*.c' -o -name '*.h' -o -name '*.md' -o -name '*.py' \) | sort | tr '\n' ' ')"
fi

# shellcheck disable=SC2086 # the file list is split on purpose (paths without spaces)
awk -v header="$header" '
FNR == 1 { file = FILENAME; sub(/^.*\/\.\.\//, "", file); isheader = (FILENAME == header) }
# the REFERENCES block of the header
isheader && !inrefs && !refsdone && $0 ~ /^[ \t]*REFERENCES([ \t(]|$)/ { inrefs = 1; hasblock = 1; next }
isheader && inrefs {
    if ($0 !~ /^       /) { inrefs = 0; refsdone = 1 }
    else if ($0 ~ /^       \[[A-Z][A-Za-z]+[0-9][0-9][a-z]?\]/) {
        k = $0; sub(/^       \[/, "", k); sub(/\].*/, "", k)
        if (defined[k]) { print "refs_check: [" k "] defined twice in the REFERENCES block"; dup++ }
        defined[k] = 1; ndef++; def[ndef] = k
        next
    } else next
}
# citations anywhere
{
    line = $0
    while (match(line, /\[[A-Z][A-Za-z]+[0-9][0-9][a-z]?\]/)) {
        k = substr(line, RSTART + 1, RLENGTH - 2)
        if (!(k in first)) { first[k] = file ":" FNR; nkey++; key[nkey] = k }
        cited[k] = 1
        line = substr(line, RSTART + RLENGTH)
    }
}
END {
    pass = 0; fail = 0
    if (!hasblock) { print "refs_check: " header " has no REFERENCES block in its top comment"; fail++ }
    for (i = 1; i <= nkey; i++) {
        k = key[i]
        if (defined[k]) pass++
        else { print "refs_check: [" k "] cited at " first[k] " has no entry in the REFERENCES block"; fail++ }
    }
    for (i = 1; i <= ndef; i++)
        if (!cited[def[i]]) print "refs_check: note: [" def[i] "] is defined but cited nowhere"
    fail += dup
    print pass " passed, " fail " failed"
}
' $files
exit 0
