#!/bin/sh
# tests/docs_check.sh - is every public name of contact.h in docs/api.md? (POSIX sh + awk)
#
#   sh tests/docs_check.sh [contact.h] [docs/api.md]
#
# Reads the public part of the header (up to "#endif /* CONTACT_H_INCLUDED */") and checks
#   - every function declared CT_API ... name( appears in api.md as "name(" (its signature);
#   - every field of ct_settings and ct_info, and of the public structs they contain
#     (ct_admm_settings, ct_residuals, ct_history, ...), appears as a table row "| `field` |"
#     under the api.md heading "### <struct>".
# docs/gen_api.py writes api.md from the header (make docs-api): a failure means the header
# changed and api.md was not regenerated. The last line is the protocol line of make test:
# "N passed, 0 failed" (N names checked) or, with the missing names listed above it,
# "0 passed, 1 failed". The exit status is 0 either way.

dir=$(dirname "$0")
header=${1:-$dir/../contact.h}
api=${2:-$dir/../docs/api.md}

if [ ! -f "$header" ]; then
    echo "docs_check: no header $header"
    echo "0 passed, 1 failed"
    exit 0
fi
if [ ! -f "$api" ]; then
    echo "docs_check: no $api (python3 docs/gen_api.py writes it: make docs-api)"
    echo "0 passed, 1 failed"
    exit 0
fi

awk -v api="$api" '
# ---- the header (first file): its public part only
FNR == NR {
    if (done) next
    if ($0 ~ /^#endif \/\* CONTACT_H_INCLUDED \*\//) { done = 1; next }
    line = $0
    # drop comments, including those that span lines
    out = ""
    while (line != "") {
        if (incom) {
            p = index(line, "*/")
            if (p == 0) { line = ""; break }
            line = substr(line, p + 2); incom = 0
        } else {
            p = index(line, "/*")
            if (p == 0) { out = out line; line = ""; break }
            out = out substr(line, 1, p - 1) " "
            line = substr(line, p + 2); incom = 1
        }
    }
    line = out
    # functions: CT_API ... name(, the name possibly on a later line than CT_API
    if (infun) { fun = fun " " line }
    else if (line ~ /^[ \t]*CT_API[ \t]/) { infun = 1; fun = line }
    if (infun && index(fun, "(") > 0) {
        t = substr(fun, 1, index(fun, "(") - 1)
        sub(/[ \t]+$/, "", t)
        k = split(t, w, /[^A-Za-z0-9_]+/)
        name = w[k]
        if (name != "") { nfun++; funs[nfun] = name }
        infun = 0; fun = ""
    }
    # structs: typedef struct NAME { ... } NAME;
    if (!instruct && line ~ /^[ \t]*typedef[ \t]+struct[ \t]+[A-Za-z0-9_]+[ \t]*\{/) {
        s = line; sub(/^[ \t]*typedef[ \t]+struct[ \t]+/, "", s); sub(/[ \t]*\{.*/, "", s)
        instruct = 1; sname = s; body = ""
        sub(/^[^{]*\{/, "", line)
    }
    if (instruct) {
        if (line ~ /^[ \t]*\}/) {
            nst = split(body, st, ";")
            for (i = 1; i <= nst; i++) {
                x = st[i]
                gsub(/[ \t\n]+/, " ", x); sub(/^ /, "", x); sub(/ $/, "", x)
                if (x == "") continue
                if (match(x, /\([ ]*\*[ ]*[A-Za-z0-9_]+[ ]*\)/)) {
                    f = substr(x, RSTART, RLENGTH); gsub(/[^A-Za-z0-9_]/, "", f)
                    addfield(sname, f, "")
                    continue
                }
                base = x; sub(/^const /, "", base); sub(/^(unsigned|struct) /, "", base)
                sub(/[ *].*/, "", base)
                decl = x; sub(/^(const )?((unsigned|struct) )?[A-Za-z0-9_]+ /, "", decl)
                nd = split(decl, d, ",")
                for (j = 1; j <= nd; j++) {
                    y = d[j]; gsub(/\[[^]]*\]/, "", y); gsub(/[^A-Za-z0-9_]/, " ", y)
                    ny = split(y, yy, " ")
                    if (ny > 0) addfield(sname, yy[ny], base)
                }
            }
            instruct = 0
        } else body = body " " line
    }
    next
}
function addfield(s, f, t) {
    nf[s]++; field[s, nf[s]] = f; ftype[s, f] = t; isstruct[s] = 1
}
# ---- api.md (second file): headings and table rows
{
    if ($0 ~ /^### /) { heading = substr($0, 5); sub(/[ \t]+$/, "", heading) }
    if ($0 ~ /^\| `[A-Za-z0-9_]+` \|/) {
        f = $0; sub(/^\| `/, "", f); sub(/`.*/, "", f)
        seen[heading, f] = 1
    }
    text = text "\n" $0
}
END {
    checked = 0; missing = 0
    for (i = 1; i <= nfun; i++) {
        checked++
        if (index(text, funs[i] "(") == 0) { print "docs_check: function " funs[i] " missing in " api; missing++ }
    }
    # ct_settings, ct_info and every public struct reachable from their fields
    nq = 2; q[1] = "ct_settings"; q[2] = "ct_info"; inq["ct_settings"] = 1; inq["ct_info"] = 1
    for (qi = 1; qi <= nq; qi++) {
        s = q[qi]
        if (!isstruct[s]) { print "docs_check: struct " s " not found in the header"; missing++; continue }
        for (j = 1; j <= nf[s]; j++) {
            f = field[s, j]; checked++
            if (!seen[s, f]) { print "docs_check: field " s "." f " missing in " api; missing++ }
            t = ftype[s, f]
            if (t != "" && isstruct[t] && !inq[t]) { nq++; q[nq] = t; inq[t] = 1 }
        }
    }
    if (missing) { print "docs_check: regenerate it: python3 docs/gen_api.py (make docs-api)"; print "0 passed, 1 failed" }
    else print checked " passed, 0 failed"
}
' "$header" "$api"
exit 0
