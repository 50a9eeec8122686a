#!/bin/sh
# tests/version_check.sh - one version everywhere: contact.h's CONTACT_VERSION_* macros and its
# string, the top comment's "vX.Y.Z", CMakeLists.txt's project(VERSION) (which contact.pc
# takes) and the newest "## X.Y.Z" heading of CHANGELOG.md. Run from the repository root.
passed=0
failed=0
check() { # name, value
    if [ "$2" = "$want" ]; then echo "PASS $1 ($2)"; passed=$((passed + 1));
    else echo "FAIL $1: '$2', contact.h says '$want'"; failed=$((failed + 1)); fi
}
hv() { sed -n "s/^#define CONTACT_VERSION_$1 \\([0-9]*\\).*/\\1/p" contact.h; }
want=$(hv MAJOR).$(hv MINOR).$(hv PATCH)
check "CONTACT_VERSION_STRING" "$(sed -n 's/^#define CONTACT_VERSION_STRING "\(.*\)".*/\1/p' contact.h)"
check "top comment" "$(sed -n '1s/.* - v\([0-9.]*\) - .*/\1/p' contact.h)"
check "CMakeLists.txt" "$(sed -n 's/^project(contact VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
check "CHANGELOG.md" "$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' CHANGELOG.md | head -n 1)"
echo "$passed passed, $failed failed"
