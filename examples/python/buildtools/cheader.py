"""cheader.py - contact.h's public API as data, for the ctypes binding (stdlib only).

    parse(header_text) -> api        the structs, enums and functions of the public part
    layout(api, header_dir, cc, flags) -> layout
                                     what the C compiler says about them: sizeof and offsetof
                                     of every struct field, the value of every enum constant,
                                     and the name each function links under (CT__PREC adds
                                     _f64 or _f32), from a generated C program

The package's build (contact_build.py) stores both in contact/_api.json; contact/_ffi.py makes
ctypes structures and prototypes from `api` and checks them against `layout` when it is
imported, so a field contact.h adds or moves cannot go unnoticed. The parser reads the
header's own regular style (typedef struct NAME { ... } NAME;, CT_API declarations, the
X-macro code lists); what it does not understand raises HeaderError, never a guess.
"""

import json
import os
import re
import subprocess
import tempfile


class HeaderError(Exception):
    pass


END_OF_PUBLIC = "#endif /* CONTACT_H_INCLUDED */"


def _strip_comments(text):
    """Comments replaced by a space; string and character literals kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise HeaderError("unterminated comment")
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j + 2
        elif c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _split_top(s, sep):
    """s split at sep outside parentheses, brackets and braces"""
    parts, depth, cur = [], 0, []
    for c in s:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


_QUALIFIERS = {"const", "volatile", "struct", "enum", "CT_API", "extern", "static"}
_SCALARS = {
    ("ct_real",): "real",
    ("int",): "int",
    ("unsigned",): "uint",
    ("unsigned", "int"): "uint",
    ("long",): "long",
    ("unsigned", "long"): "ulong",
    ("size_t",): "size_t",
    ("char",): "char",
    ("unsigned", "char"): "uchar",
    ("double",): "double",
    ("float",): "float",
    ("void",): "void",
}


def _declarator(decl, structs, enums, funcptrs=()):
    """'const ct_real *G' -> ('G', type); type is a dict {kind, ...}:
    scalar kinds (real, int, uint, long, size_t, ...), 'enum' (name), 'struct' (name),
    'ptr' (to: a struct name, 'char' or None), 'funcptr' (name: the typedef, if any; a
    function pointer typedef such as ct_progress_fn is one); arrays add 'count'."""
    decl = " ".join(decl.split())
    m = re.match(r"^(.*?)\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(.*\)$", decl)
    if m:
        return m.group(2), {"kind": "funcptr"}
    m = re.match(r"^(.*?)([A-Za-z_]\w*)\s*((?:\[[^\]]*\]\s*)*)$", decl)
    if not m:
        raise HeaderError("cannot read the declaration %r" % decl)
    head, name, dims = m.group(1), m.group(2), m.group(3)
    stars = head.count("*")
    words = tuple(w for w in re.findall(r"[A-Za-z_]\w*", head) if w not in _QUALIFIERS)
    count = 1
    for d in re.findall(r"\[([^\]]*)\]", dims):
        if not d.strip().isdigit():
            raise HeaderError("array size %r of %r is not a number" % (d, decl))
        count *= int(d)
    if stars:
        to = None
        if words == ("char",):
            to = "char"
        elif len(words) == 1 and words[0] in structs:
            to = words[0]
        t = {"kind": "ptr", "to": to}
        if stars > 1:
            t["to"] = None
    elif len(words) == 1 and words[0] in funcptrs:
        t = {"kind": "funcptr", "name": words[0]}
    elif words in _SCALARS:
        t = {"kind": _SCALARS[words]}
    elif len(words) == 1 and words[0] in enums:
        t = {"kind": "enum", "name": words[0]}
    elif len(words) == 1 and words[0] in structs:
        t = {"kind": "struct", "name": words[0]}
    else:
        raise HeaderError("unknown type %r in %r" % (" ".join(words), decl))
    if dims.strip():
        t["count"] = count
    return name, t


def parse(text):
    """The public part of contact.h as {'version', 'structs', 'enums', 'functions', 'prec'}.
    structs: [{name, fields: [{name, type}]}] in declaration order; enums: {name: [constant]};
    functions: [{name, ret, args: [{name, type}]}]; prec: the names CT__PREC renames; macros:
    the integer constants #defined (CT_REUSED_RHO, CT_DEFAULT_MAX_ITER, ...)."""
    end = text.find(END_OF_PUBLIC)
    if end < 0:
        raise HeaderError("no %r: not contact.h?" % END_OF_PUBLIC)
    text = _strip_comments(text[:end])
    text = re.sub(r"\\\n", " ", text)
    version = re.search(r'#define\s+CONTACT_VERSION_STRING\s+"([^"]+)"', text)
    prec = re.findall(r"^\s*#define\s+(ct_\w+)\s+CT__PREC\(\1\)", text, re.M)
    macros = {m.group(1): int(m.group(2)) for m in
              re.finditer(r"^\s*#define\s+(CT_[A-Z0-9_]+)\s+(-?\d+)\s*$", text, re.M)}
    xlists = {}
    for m in re.finditer(r"^\s*#define\s+(CT_\w+_LIST)\(X\)(.*)$", text, re.M):
        xlists[m.group(1)] = re.findall(r"\bX\(\s*(CT_\w+)\s*,", m.group(2))
    # declarations only: preprocessor lines and the C++ linkage braces dropped
    body = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
    body = re.sub(r'extern\s+"C"\s*\{', " ", body)
    structs, enums, functions, order = {}, {}, [], []
    funcptrs = set()  # typedef int (*ct_progress_fn)(void *user, const ct_progress *p)
    depth, cur = 0, []
    decls = []
    for c in body:
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:  # the brace closing extern "C"
                continue
            depth -= 1
        if c == ";" and depth == 0:
            decls.append(" ".join("".join(cur).split()))
            cur = []
        else:
            cur.append(c)
    for d in decls:
        m = re.match(r"^typedef [^(]*\(\s*\*\s*(\w+)\s*\)\s*\(.*\)$", d)
        if m:
            funcptrs.add(m.group(1))
            continue
        m = re.match(r"^typedef enum (\w+) \{(.*)\} (\w+)$", d)
        if m:
            consts = []
            for item in _split_top(m.group(2), ","):
                item = item.strip()
                xm = re.match(r"^(CT_\w+_LIST)\(\w+\)\s*(.*)$", item)
                if xm:
                    if xm.group(1) not in xlists:
                        raise HeaderError("X-macro list %s not found" % xm.group(1))
                    consts += xlists[xm.group(1)]
                    item = xm.group(2)
                if item:
                    consts.append(item.split("=")[0].strip())
            enums[m.group(3)] = consts
            continue
        m = re.match(r"^typedef struct (\w+) \{(.*)\} (\w+)$", d)
        if m:
            fields = []
            for member in _split_top(m.group(2), ";"):
                member = member.strip()
                if not member:
                    continue
                if "(" in member:  # a function pointer
                    name, t = _declarator(member, structs, enums)
                    fields.append({"name": name, "type": t})
                    continue
                # 'ct_real *G, *g' -> the base type, then each declarator
                parts = _split_top(member, ",")
                first = parts[0]
                bm = re.match(r"^((?:(?:const|unsigned|struct|volatile)\s+)*[A-Za-z_]\w*)\s*(.*)$", first)
                base = bm.group(1)
                for i, p in enumerate(parts):
                    decl = first if i == 0 else base + " " + p.strip()
                    name, t = _declarator(decl, structs, enums, funcptrs)
                    fields.append({"name": name, "type": t})
            structs[m.group(3)] = fields
            order.append(m.group(3))
            continue
        m = re.match(r"^CT_API (.*?)([A-Za-z_]\w*)\s*\((.*)\)$", d)
        if m:
            _, ret = _declarator(m.group(1) + " _", structs, enums, funcptrs)
            args = []
            if m.group(3).strip() != "void":
                for i, a in enumerate(_split_top(m.group(3), ",")):
                    a = a.strip()
                    if re.match(r"^FILE\s*\*", a):
                        args.append({"name": a.split("*")[-1].strip(), "type": {"kind": "ptr", "to": None}})
                        continue
                    name, t = _declarator(a, structs, enums, funcptrs)
                    if "count" in t:  # an array parameter is a pointer
                        t = {"kind": "ptr", "to": t.get("name") if t["kind"] == "struct" else None}
                    args.append({"name": name, "type": t})
            functions.append({"name": m.group(2), "ret": ret, "args": args})
            continue
        # typedefs of scalars (ct_real) and anything else carry nothing the binding needs
    if not version or not functions or "ct_settings" not in structs:
        raise HeaderError("the public part of the header has no version, functions or ct_settings")
    return {
        "version": version.group(1),
        "structs": [{"name": s, "fields": structs[s]} for s in order],
        "enums": enums,
        "functions": functions,
        "prec": prec,
        "macros": macros,
    }


def layout_table(api):
    """The order of the numbers ctpy_layout() returns (shim_source): a list of (what, key)
    where what is 'real' (sizeof(ct_real)), 'size' (sizeof of struct key), 'offset' ((struct,
    field)), 'enum_size' (sizeof of enum key) or 'constant' (the value of constant key)."""
    out = [("real", None)]
    for s in api["structs"]:
        out.append(("size", s["name"]))
        out += [("offset", (s["name"], f["name"])) for f in s["fields"]]
    out += [("enum_size", e) for e in api["enums"]]
    out += [("constant", c) for cs in api["enums"].values() for c in cs]
    return out


def layout_name(what, key):
    """'sizeof(ct_real)', 'sizeof(ct_settings)', 'offsetof(ct_settings, newton)',
    'sizeof(ct_method)', 'CT_OK': the name of an item of layout_table"""
    if what == "real":
        return "sizeof(ct_real)"
    if what in ("size", "enum_size"):
        return "sizeof(%s)" % key
    if what == "offset":
        return "offsetof(%s, %s)" % tuple(key)
    return key


def shim_source(api):
    """A C file compiled into the package's shared library beside contact.h's implementation
    (its own translation unit: the implementation is compiled exactly as the C tests compile
    it). It exports
        const long *ctpy_layout(int *count)   sizeof and offsetof of every field of every
                                              public struct, the size of every enum and the
                                              value of every constant, as this library was
                                              compiled, in layout_table(api)'s order; the
                                              package compares them with its ctypes mirror
                                              when it loads the library
        const char *const *ctpy_layout_names(void)
                                              what each number is (layout_name), so that a
                                              library from another header is told apart
                                              field by field
        double ctpy_clock(void *user)         a monotonic clock in seconds, for
                                              settings.clock (time_limit without the GIL)
        int ctpy_cancel(void *user, const ct_progress *p)
                                              settings.progress that stops the solve when the
                                              int at user is nonzero (set from another thread)
    """
    items, names = [], []
    for what, key in layout_table(api):
        names.append('"%s"' % layout_name(what, key))
        if what == "real":
            items.append("(long)sizeof(ct_real)")
        elif what == "size":
            items.append("(long)sizeof(%s)" % key)
        elif what == "offset":
            items.append("(long)offsetof(%s, %s)" % key)
        elif what == "enum_size":
            items.append("(long)sizeof(%s)" % key)
        else:
            items.append("(long)%s" % key)
    out = ["/* The Python package's shim: generated by examples/python/buildtools/cheader.py. */",
           "#define _POSIX_C_SOURCE 199309L /* clock_gettime */",
           "#include <stddef.h>", "#include <time.h>", '#include "contact.h"', "",
           "static const long ctpy__layout[] = {"]
    out += ["    %s," % x for x in items]
    out += ["};", "", "static const char *const ctpy__names[] = {"]
    out += ["    %s," % x for x in names]
    out += ["    NULL", "};", "",
            "const long *ctpy_layout(int *count);",
            "const char *const *ctpy_layout_names(void);",
            "double ctpy_clock(void *user);",
            "int ctpy_cancel(void *user, const ct_progress *p);", "",
            "const long *ctpy_layout(int *count)", "{",
            "    *count = (int)(sizeof ctpy__layout / sizeof ctpy__layout[0]);",
            "    return ctpy__layout;", "}", "",
            "const char *const *ctpy_layout_names(void)", "{", "    return ctpy__names;", "}", "",
            "double ctpy_clock(void *user)", "{",
            "    (void)user;",
            "#if defined(CLOCK_MONOTONIC)",
            "    {",
            "        struct timespec t;",
            "        if (clock_gettime(CLOCK_MONOTONIC, &t) == 0) return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;",
            "    }",
            "#endif",
            "    return (double)clock() / CLOCKS_PER_SEC;",
            "}", "",
            "int ctpy_cancel(void *user, const ct_progress *p)", "{",
            "    (void)p;",
            "    return user != NULL && *(volatile const int *)user != 0;",
            "}", ""]
    return "\n".join(out)


def layout_program(api):
    """A C program that prints, as JSON, sizeof and offsetof of every struct field, the value
    of every enum constant and the linked name of every function."""
    out = ['#include <stddef.h>', '#include <stdio.h>', '#include "contact.h"',
           '#define CTL_STR2(x) #x', '#define CTL_STR(x) CTL_STR2(x)',
           'int main(void) {']
    out.append('    printf("{\\"real\\": %u, \\"structs\\": {", (unsigned)sizeof(ct_real));')
    for i, s in enumerate(api["structs"]):
        name = s["name"]
        out.append('    printf("%s\\"%s\\": {\\"size\\": %%u, \\"offsets\\": {", (unsigned)sizeof(%s));'
                   % ("," if i else "", name, name))
        for j, f in enumerate(s["fields"]):
            out.append('    printf("%s\\"%s\\": %%u", (unsigned)offsetof(%s, %s));'
                       % ("," if j else "", f["name"], name, f["name"]))
        out.append('    printf("}}");')
    out.append('    printf("}, \\"enum_sizes\\": {");')
    for i, ename in enumerate(api["enums"]):
        out.append('    printf("%s\\"%s\\": %%u", (unsigned)sizeof(%s));' % ("," if i else "", ename, ename))
    out.append('    printf("}, \\"constants\\": {");')
    consts = [c for cs in api["enums"].values() for c in cs]
    for i, c in enumerate(consts):
        out.append('    printf("%s\\"%s\\": %%d", (int)%s);' % ("," if i else "", c, c))
    out.append('    printf("}, \\"symbols\\": {");')
    for i, f in enumerate(api["functions"]):
        out.append('    printf("%s\\"%s\\": \\"%%s\\"", CTL_STR(%s));' % ("," if i else "", f["name"], f["name"]))
    out.append('    printf("}}\\n");')
    out.append("    return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def layout(api, header_dir, cc="cc", flags=(), float_build=False, workdir=None):
    """Compiles and runs layout_program(api) against the contact.h in header_dir; returns
    {'real': bytes of ct_real, 'structs': {name: {size, offsets}}, 'enum_sizes': {enum:
    sizeof}, 'constants': {constant: value}, 'symbols': {function: linked name}}."""
    tmp = workdir or tempfile.mkdtemp(prefix="contact_layout_")
    tag = "f32" if float_build else "f64"
    src = os.path.join(tmp, "layout_%s.c" % tag)
    exe = os.path.join(tmp, "layout_%s" % tag)
    with open(src, "w") as f:
        f.write(layout_program(api))
    cmd = [cc] + list(flags) + (["-DCONTACT_USE_FLOAT"] if float_build else []) + ["-I", header_dir, "-o", exe, src]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode != 0:
        raise HeaderError("the layout program does not compile (%s):\n%s" % (" ".join(cmd), r.stdout))
    r = subprocess.run([exe], stdout=subprocess.PIPE, universal_newlines=True, check=True)
    return json.loads(r.stdout)
