#!/usr/bin/env python3
"""docs/gen_api.py - write docs/api.md from the comments of contact.h (python3 stdlib only).

    python3 docs/gen_api.py [contact.h] [docs/api.md]        (`make docs-api`)

Reads the public part of the header (from the top to `#endif /* CONTACT_H_INCLUDED */`) and
collects:
  - every CT_API declaration with the comment block right above it (declarations that follow
    each other without a blank line or a comment share that block) and its trailing comment;
  - every public `typedef struct` and `typedef enum` with the comment above it and the comment
    of each field or value (ct_result and ct_status come from their X-macro lists);
  - the object-like macros CT_* (CT_REUSED_*, ...) and CONTACT_VERSION_*, and the CT_DEFAULT_*
    defaults wherever the header defines them (with their precision variants);
  - the CONFIGURATION table of the top comment.

Groups. A line of the form

    /* --- group: Solving --- */

starts the group "Solving": everything declared after it, up to the next such line, is listed
in that group, in the order of the header. Without any marker in the header the script groups by
the table FALLBACK_GROUPS below (by name) and lists a name it does not know under "Other".

The header's comments are the source: to change api.md, change the header and run the script.
Until every comment in the header cites papers by key, REWRITES below turns the old citation
forms into keys (each rewrite used is reported on stderr, so the header can be fixed).
"""
import os
import re
import sys

HEADER = sys.argv[1] if len(sys.argv) > 1 else "contact.h"
OUT = sys.argv[2] if len(sys.argv) > 2 else "docs/api.md"

MARKER = re.compile(r"^\s*/\*\s*-{2,}\s*group:\s*(.*?)\s*-{2,}\s*\*/\s*$")
GROUP_ORDER = ["Solving", "Problem", "Settings", "Results and codes", "Workspace",
               "Derivatives", "Inverse dynamics and compliance", "Criteria and cones",
               "Linear algebra", "Problem files"]
GROUP_INTRO = {
    "Solving": "The entry points. Every method returns through the same scoring, so "
               "`ct_info` means the same thing for all of them (docs/getting-started.md).",
    "Problem": "The data of one time step: rows `[bilateral nb | unilateral nu | contacts "
               "3 nc]`, each contact `(t1, t2, normal)`, `v = (G + R) lambda + g`.",
    "Settings": "`ct_default_settings()` fills every field; change what you need and pass the "
                "struct to `ct_solve`. docs/methods.md says which method and knobs to choose.",
    "Results and codes": "Every call returns a `ct_result` (`CT_OK` = 0, negative: a caller "
                         "error); a solve's outcome is `ct_info.status`.",
    "Workspace": "All memory of a solve, sized in advance (docs/embedded.md).",
    "Derivatives": "Sensitivities of an answer for differentiable simulation (docs/math.md).",
    "Inverse dynamics and compliance": "Forces from target velocities, and the compliance R "
                                       "from the parameters of other engines (docs/math.md).",
    "Criteria and cones": "The scoring function and the projections every solver uses.",
    "Linear algebra": "The header's dense Cholesky and the Delassus matrix from M and J.",
    "Problem files": "A problem as a text file, for bug reports (on by default; needs stdio and "
                     "malloc; `CONTACT_NO_IO` or `CONTACT_NO_MALLOC` removes it).",
}
# name -> group, used only when the header has no group markers
FALLBACK_GROUPS = {
    "Solving": ["ct_solve", "ct_solver", "ct_solver_state", "ct_solver_size", "ct_solver_init",
                "ct_solver_alloc", "ct_solver_free", "ct_solver_setup",
                "ct_solver_update_vectors", "ct_solver_update_compliance",
                "ct_solver_update_matrix", "ct_solver_update_settings", "ct_solver_solve",
                "ct_solver_state_get", "ct_solver_state_set", "ct_solver_reset"],
    "Problem": ["ct_problem", "ct_sparse", "ct_operator", "ct_soft", "ct_soft_model",
                "ct_problem_validate", "ct_sparse_count", "ct_sparse_from_dense"],
    "Settings": ["ct_settings", "ct_method", "ct_stop_rule", "ct_pgs_settings",
                 "ct_raisim_settings", "ct_staggered_settings", "ct_rho_rule",
                 "ct_admm_settings", "ct_newton_settings", "ct_default_settings",
                 "ct_settings_pgs_underrelaxed", "ct_method_flavor", "ct_settings_validate",
                 "CT_DEFAULT_*"],
    "Results and codes": ["ct_info", "ct_residuals", "ct_flavor", "ct_history",
                          "ct_history_entry", "ct_result", "ct_status", "CT_REUSED_*",
                          "ct_version", "ct_result_string", "ct_status_string",
                          "ct_method_string", "CONTACT_VERSION_*"],
    "Workspace": ["ct_workspace", "ct_workspace_size", "ct_workspace_size_problem",
                  "ct_workspace_init", "ct_workspace_alloc", "ct_workspace_free",
                  "ct_workspace_alloc_problem"],
    "Derivatives": ["ct_jvp", "ct_vjp"],
    "Inverse dynamics and compliance": ["ct_inverse_dynamics", "ct_compliance_mujoco",
                                        "ct_compliance_sap", "ct_compliance_contactbench",
                                        "ct_compliance_spring_damper"],
    "Criteria and cones": ["ct_velocity", "ct_criteria", "ct_contact_modes", "ct_contact_mode",
                           "ct_project_cone", "ct_project_dual_cone", "ct_project_polar_cone",
                           "ct_project_disk", "ct_project_pyramid", "ct_clamp_box_tangent",
                           "ct_project_cone_metric", "ct_project_constraints",
                           "ct_project_dual_constraints", "ct_desaxce"],
    "Linear algebra": ["ct_cholesky_scratch_size", "ct_cholesky_factor", "ct_cholesky_solve",
                       "ct_delassus_scratch_size", "ct_delassus_from_mj"],
    "Problem files": ["ct_problem_data", "ct_problem_write", "ct_problem_read",
                      "ct_problem_data_free"],
}
# Old citation forms still in the header's comments -> what api.md prints (transitional).
KEYS = {"000": "[LeLidec24]", "001": "[Tsounis25]", "002": "[Castro23]", "003": "[Carpentier24]",
        "004": "[Hwangbo18]"}
REWRITES = [
    (r"\(compliance enters through phi0;\s+seed\s+002 notes, trap T10\)",
     "(the compliance enters through phi0 only, [Castro23] Sec. V: a bias in g would count it "
     "twice)"),
    (r"\s*\(issue \"scale\", item 4\)", ""),
    (r"\(seed\s+002, its notes Sec\. 2\.2\)", "([Castro22], as Drake implements it)"),
    (r"\(seed\s+000 notes Sec\. 1\.8\)",
     "(ContactBench's re-implementation of Drake's R, the code of [LeLidec24])"),
    (r"defaults from Drake, its notes Sec\. 3\.2", "defaults from Drake"),
    (r"docs/solvers\.md\s+\"Sparse storage\"", "docs/methods.md, \"Storage of G\""),
    (r"\(docs/solvers\.md\)", "(docs/math.md, \"RAISIM_DS_ES\")"),
    (r"docs/solvers\.md", "docs/methods.md"),
    (r"Format \(docs/math\.md\)", "Format (docs/getting-started.md)"),
    (r"see docs/math\.md", "see docs/methods.md"),
    (r"(?i)\bseed\s+(00[0-4])'s\b", lambda m: KEYS[m.group(1)] + "'s"),
    (r"(?i)\bseed\s+(00[0-4])\b", lambda m: KEYS[m.group(1)]),
]
used_rewrites = {}


def clean(text):
    for pat, rep in REWRITES:
        new, n = re.subn(pat, rep, text)
        if n:
            used_rewrites[pat] = used_rewrites.get(pat, 0) + n
            text = new
    return text


def comment_text(raw):
    """the text of a /* ... */ block (or several), dedented, one string with newlines"""
    parts = re.findall(r"/\*(.*?)\*/", raw, re.S)
    lines = []
    for part in parts:
        ls = part.split("\n")
        first = ls[0].strip()
        rest = [l.rstrip() for l in ls[1:]]
        ind = min([len(l) - len(l.lstrip()) for l in rest if l.strip()] or [0])
        block = ([first] if first else []) + [l[ind:] for l in rest]
        while block and not block[-1].strip():
            block.pop()
        lines.extend(block)
    return clean("\n".join(l.rstrip() for l in lines)).strip()


def md_text(text):
    """comment text as markdown: indented lines stay code, '*' and '<' escaped in prose"""
    out = []
    code = False
    for line in text.split("\n"):
        if line.startswith("    ") and line.strip():
            if not code:
                out.append("")
                out.append("```")
                code = True
            out.append(line[4:] if line.startswith("    ") else line)
            continue
        if code:
            out.append("```")
            out.append("")
            code = False
        out.append(re.sub(r"<(?=[A-Za-z/])", r"\\<", line.replace("*", r"\*")))
    if code:
        out.append("```")
    return "\n".join(out)


def cell(text):
    """comment text for a table cell: one line, pipes escaped"""
    t = " ".join(text.split())
    t = t.replace("|", "\\|").replace("*", r"\*")
    return re.sub(r"<(?=[A-Za-z/])", r"\\<", t)


class Item:
    def __init__(self, kind, name, group, cond):
        self.kind = kind        # function, struct, enum, macro
        self.name = name
        self.names = [name]
        self.group = group
        self.cond = cond
        self.doc = ""
        self.decls = []         # function signatures
        self.trailing = []      # trailing comments of the signatures
        self.fields = []        # (names, type, comment, note) for structs; (name, value, text)
        self.value = None


def strip_comments_keep_lines(s):
    return re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)) if "\n" not in m.group(0)
                  else "\n" * m.group(0).count("\n"), s, flags=re.S)


def parse_body(body, sep):
    """fields of a struct (sep ';') or values of an enum (sep ','): a list of
    (statement, its comment, a note before it). A comment that starts on the line where
    statements ended belongs to them (the first gets it, the others refer to the first); one
    inside an unfinished statement (an enum's last value) belongs to that statement; one on its
    own line is a note for the next statement (its comment when it has none of its own)."""
    items = []      # [text, comment, note, end line]
    pending = ""
    cur, cur_comment = "", ""
    pos, line, n = 0, 0, len(body)
    while pos < n:
        if body.startswith("/*", pos):
            end = body.index("*/", pos) + 2
            raw = body[pos:end]
            ls = body.rfind("\n", 0, pos) + 1
            own_line = body[ls:pos].strip() == "" and cur.strip() == ""
            if cur.strip():
                cur_comment += raw
            elif own_line:
                pending += ("\n" if pending else "") + raw
            else:
                ended = [it for it in items if it[3] == line and not it[1]]
                for k, it in enumerate(ended):
                    it[1] = raw if k == 0 else "see `%s`" % ended[0][0]
            line += raw.count("\n")
            pos = end
            continue
        ch = body[pos]
        if ch == "\n":
            line += 1
        if ch == sep:
            if cur.strip():
                items.append([cur.strip(), cur_comment, pending, line])
                pending, cur_comment = "", ""
            cur = ""
        else:
            cur += ch
        pos += 1
    if cur.strip():
        items.append([cur.strip(), cur_comment, pending, line])
    out = []
    for t, c, p_, _ in items:
        if c.startswith("see `"):
            com = c
        else:
            com = comment_text(c) if c else ""
        note = comment_text(p_) if p_ else ""
        if note and not com:
            com, note = note, ""
        out.append((t, com, note))
    # "see `first`" refers to the first statement's text: turn it into its name
    for k, (t, com, note) in enumerate(out):
        m = re.match(r"see `(.*)`$", com, re.S)
        if m:
            names, _ = field_names(m.group(1))
            out[k] = (t, "see `%s`" % (names[0] if names else m.group(1)), note)
    return out


def field_names(stmt):
    """names and type of one struct member statement"""
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", stmt)
    if m:
        return [m.group(1)], re.sub(r"\s+", " ", stmt).strip()
    stmt = re.sub(r"\s+", " ", stmt).strip()
    m = re.match(r"^((?:const\s+)?(?:unsigned\s+|struct\s+)?\w+)\s+(.*)$", stmt)
    if not m:
        return [], stmt
    base, decls = m.group(1), m.group(2)
    names, types = [], []
    for d in decls.split(","):
        d = d.strip()
        stars = d.count("*")
        nm = re.search(r"(\w+)\s*(\[[^\]]*\])?\s*$", d)
        if nm:
            names.append(nm.group(1))
            types.append(base + " " + "*" * stars if stars else base)
    return names, types[0] if types else base


def same_family(item, name, has_own_comment):
    """does a declaration that directly follows item's belong to item's entry? yes when both
    names share their first two parts and the new one has no comment of its own
    (ct_sparse_count, ct_sparse_from_dense), or when item's comment names the new one (ct_jvp
    ... vjp)"""
    first = item.names[0].split("_")[:2]
    if name.split("_")[:2] == first and len(first) == 2 and not has_own_comment:
        return True
    short = name[3:] if name.startswith("ct_") else name
    return bool(item.doc) and re.search(r"\b%s\b" % re.escape(short), item.doc) is not None


# Contracts of the functions the header declares without a comment (used only then; each use
# is reported on stderr so that the header gets the comment).
FALLBACK_DOCS = {
    "ct_version": "The version, \"MAJOR.MINOR.PATCH\" (`CONTACT_VERSION_STRING`).",
    "ct_result_string": "A constant English text for a result code (the texts are in the list "
                        "of `ct_result` below), \"unknown ct_result\" for any other value; "
                        "never NULL.",
    "ct_status_string": "A short constant name for a status, for logs (\"converged\", "
                        "\"max iterations\", ...: the list of `ct_status` below), "
                        "\"unknown ct_status\" for any other value; never NULL.",
    "ct_status_explain": "One constant sentence for a status (the list of `ct_status` below); "
                         "never NULL.",
    "ct_method_string": "The method's name without the `CT_METHOD_` prefix (\"ADMM_NCP\", "
                        "...), \"compiled out\" for a method this build does not have, "
                        "\"unknown method\" for any other value; never NULL.",
    "ct_solver_alloc": "`ct_solver_size`, then `CONTACT_MALLOC(bytes, alloc_ctx)` and "
                       "`ct_solver_init`; `CT_ERROR_OUT_OF_MEMORY` when the allocation fails. "
                       "Then `ct_solver_setup`; release with `ct_solver_free`.",
    "ct_solver_free": "Frees what `ct_solver_alloc` allocated and zeroes `sv`; NULL and solver "
                      "objects of `ct_solver_init` are accepted.",
    "ct_local_contact": "The impulse `out` of one contact under `law` (the laws of "
                        "`ct_local_law` above), from its block B and c; "
                        "`CT_ERROR_INVALID_ARGUMENT` for a NULL pointer or an unknown law, "
                        "`CT_ERROR_NON_FINITE`, `CT_ERROR_NEGATIVE_FRICTION`. Compiled with "
                        "NBGS or a RAISIM method.",
    "ct_default_settings": "Every field at its documented default (the `CT_DEFAULT_*` values "
                           "below): ADMM_NCP, the absolute stop at `tol_abs`, `max_iter` 1000, "
                           "warm start on, no history.",
    "ct_settings_validate": "`CT_OK` when every field is within its documented range, "
                            "`CT_ERROR_INVALID_SETTINGS` otherwise (`CT_ERROR_INVALID_ARGUMENT` "
                            "for NULL). `ct_solve` runs it first.",
    "ct_workspace_init": "Makes `bytes` of caller memory `mem` the workspace `ws` (any "
                         "alignment: the start is rounded up to 64 bytes inside, which "
                         "`ct_workspace_size` counts). `mem = NULL` with `bytes = 0` gives an "
                         "empty workspace. Clears the state kept between ADMM solves. "
                         "`CT_ERROR_WORKSPACE_TOO_SMALL` when `bytes` cannot hold the "
                         "alignment; a workspace too small for a problem is reported by "
                         "`ct_solve`.",
    "ct_workspace_alloc": "`ct_workspace_size`, then `CONTACT_MALLOC(bytes, alloc_ctx)` and "
                          "`ct_workspace_init`; `CT_ERROR_OUT_OF_MEMORY` when the allocation "
                          "fails. Release with `ct_workspace_free`.",
    "ct_workspace_free": "Frees what `ct_workspace_alloc` or `ct_workspace_alloc_problem` "
                         "allocated (`CONTACT_FREE` with the same `alloc_ctx`) and zeroes `ws`; "
                         "NULL and workspaces of `ct_workspace_init` are accepted.",
    "ct_problem_write": "Writes the problem to `f` in the format above (validated first: "
                        "sizes and finite values; dense G only, `CT_ERROR_INVALID_ARGUMENT` "
                        "otherwise); `CT_ERROR_IO` when a write fails.",
    "ct_problem_read": "Reads one problem from `f` into `out`, whose arrays it allocates "
                       "(`CONTACT_MALLOC`; free them with `ct_problem_data_free`); "
                       "`CT_ERROR_IO` when the text is not a contact.h problem file of a "
                       "known version.",
    "ct_problem_data_free": "Frees the arrays of `ct_problem_read` and zeroes `d`; NULL is "
                            "accepted.",
    "ct_workspace_alloc_problem": "As `ct_workspace_alloc` with the size from "
                                  "`ct_workspace_size_problem` (a block-sparse G with ADMM "
                                  "needs it).",
}
fallback_used = []


def parse(path):
    src = open(path).read()
    end = src.find("#endif /* CONTACT_H_INCLUDED */")
    if end < 0:
        sys.exit("gen_api.py: no '#endif /* CONTACT_H_INCLUDED */' in %s" % path)
    top_end = src.find("*/")
    top = src[:top_end]
    pub = src[:end]
    lines = pub.split("\n")
    have_markers = any(MARKER.match(l) for l in lines)
    items = []
    group = None
    conds = []
    i = 0
    last_comment = None      # (raw text, index of its last line)
    last_decl = None         # (item, index of its last line)
    in_top = True
    while i < len(lines):
        line = lines[i]
        if in_top:
            if "*/" in line:
                in_top = False
            i += 1
            continue
        mk = MARKER.match(line)
        if mk:
            group = mk.group(1)
            last_comment = None
            last_decl = None
            i += 1
            continue
        s = line.strip()
        if s.startswith("#"):
            d = re.match(r"#\s*(ifdef|ifndef|if|else|elif|endif|define)\b\s*(.*)", s)
            if d:
                kw, arg = d.group(1), d.group(2)
                if kw in ("ifdef", "ifndef", "if"):
                    conds.append((kw, arg))
                elif kw == "endif" and conds:
                    conds.pop()
                elif kw in ("else", "elif") and conds:
                    k, a = conds.pop()
                    conds.append(("else", a))
                elif kw == "define":
                    dm = re.match(r"((?:CT|CONTACT)_[A-Z0-9_]+)\s+(.*?)\s*(/\*.*)?$", arg)
                    if dm and not dm.group(1).startswith("CT__") and \
                            not re.match(r"(CT|CONTACT)_[A-Z0-9_]+\(", arg) and \
                            dm.group(1) not in ("CONTACT_H_INCLUDED", "CT_API"):
                        it = Item("macro", dm.group(1), group, cond_text(conds))
                        it.value = dm.group(2)
                        doc = dm.group(3) or ""
                        if last_comment and last_comment[1] == i - 1:
                            doc = last_comment[0] + doc
                        it.doc = comment_text(doc) if doc else ""
                        items.append(it)
            last_decl = None
            i += 1
            continue
        if s.startswith("/*"):
            j = i
            raw = line
            while "*/" not in lines[j]:
                j += 1
                raw += "\n" + lines[j]
            # a section banner (/* >>tag --- */) documents nothing
            last_comment = None if s.startswith("/* >>") else (raw, j)
            i = j + 1
            continue
        if s.startswith("CT_API"):
            j = i
            decl = line
            while ";" not in strip_comments_keep_lines(decl):
                j += 1
                decl += "\n" + lines[j]
            code = strip_comments_keep_lines(decl)
            code = code[:code.index(";") + 1]
            trailing = re.findall(r"/\*.*?\*/", decl, re.S)
            name = re.search(r"(\w+)\s*\(", code.replace("CT_API", "", 1)).group(1)
            sig = "\n".join(l.rstrip() for l in code.strip().split("\n"))
            if last_decl and last_decl[1] == i - 1 and same_family(last_decl[0], name,
                                                                   bool(trailing)):
                it = last_decl[0]
                it.names.append(name)
            else:
                it = Item("function", name, group, cond_text(conds))
                if last_comment and last_comment[1] == i - 1:
                    it.doc = comment_text(last_comment[0])
                items.append(it)
            it.decls.append(sig)
            it.trailing.append(comment_text("".join(trailing)) if trailing else "")
            last_decl = (it, j)
            i = j + 1
            continue
        tm = re.match(r"typedef\s+(struct|enum)\s+(\w+)\s*\{", s)
        if tm:
            kind, name = tm.group(1), tm.group(2)
            j = i
            raw = line
            depth = line.count("{") - line.count("}")
            while depth > 0 or not re.search(r"\}\s*\w+\s*;", raw):
                j += 1
                raw += "\n" + lines[j]
                depth += lines[j].count("{") - lines[j].count("}")
            body = raw[raw.index("{") + 1:raw.rindex("}")]
            it = Item(kind, name, group, cond_text(conds))
            if last_comment and last_comment[1] == i - 1:
                it.doc = comment_text(last_comment[0])
            if kind == "struct":
                for stmt, com, note in parse_body(body, ";"):
                    names, typ = field_names(stmt)
                    if names:
                        it.fields.append((names, typ, com, note))
            else:
                xm = re.search(r"(CT_\w+_LIST)\(", body)
                if xm:
                    it.fields = xmacro(src, xm.group(1))
                else:
                    for stmt, com, note in parse_body(body, ","):
                        vm = re.match(r"(\w+)\s*(?:=\s*(.*))?$", stmt.strip().rstrip(","))
                        if vm and not vm.group(1).endswith("_"):
                            it.fields.append(([vm.group(1)], vm.group(2) or "", com, note))
            items.append(it)
            last_decl = None
            i = j + 1
            continue
        if s:
            last_decl = None
        i += 1
    defaults = parse_defaults(src, end)
    return items, defaults, have_markers, config_table(top)


def cond_text(conds):
    out = []
    for kw, arg in conds:
        if arg in ("CONTACT_H_INCLUDED", "__cplusplus"):
            continue
        if kw == "ifndef":
            out.append("not with %s" % arg)
        elif kw == "ifdef":
            out.append("only with %s" % arg)
        elif kw == "if":
            out.append("only if %s" % re.sub(r"defined\((\w+)\)", r"\1", arg))
        else:
            out.append("(else branch of %s)" % arg)
    return "; ".join(out)


def xmacro(src, name):
    m = re.search(r"#define %s\(X\)(.*?)\n\s*\n" % name, src, re.S)
    vals = []
    if not m:
        return vals
    body = m.group(1).replace("\\\n", " ")
    for x in re.finditer(r"X\((\w+),\s*(-?\d+),\s*((?:\"(?:[^\"\\]|\\.)*\"\s*)+)\)", body):
        text = "".join(re.findall(r"\"((?:[^\"\\]|\\.)*)\"", x.group(3)))
        vals.append(([x.group(1)], x.group(2), clean(text), ""))
    return vals


def parse_defaults(src, pub_end):
    """CT_DEFAULT_* anywhere in the header: name -> list of (value, condition, comment, public)"""
    out = {}
    conds = []
    for k, line in enumerate(src.split("\n")):
        s = line.strip()
        d = re.match(r"#\s*(ifdef|ifndef|if|else|elif|endif)\b\s*(.*)", s)
        if d:
            kw, arg = d.group(1), d.group(2)
            if kw in ("ifdef", "ifndef", "if"):
                conds.append((kw, arg))
            elif kw == "endif" and conds:
                conds.pop()
            elif conds:
                kk, a = conds.pop()
                conds.append(("else-" + kk, a))
            continue
        m = re.match(r"#\s*define\s+(CT_DEFAULT_\w+)\s+(.*?)\s*(/\*.*\*/)?\s*$", s)
        if m:
            c = ""
            for kw, arg in conds:
                if arg == "CONTACT_USE_FLOAT":
                    c = "float" if kw in ("ifdef", "else-ifndef") else "double"
            val = re.sub(r"^\(\(ct_real\)(.*)\)$", r"\1", m.group(2))
            out.setdefault(m.group(1), []).append(
                (val, c, comment_text(m.group(3)) if m.group(3) else "",
                 src.find(line) < pub_end))
    return out


def config_table(top):
    m = re.search(r"\n(\s*)CONFIGURATION[^\n]*\n(.*?)(?=\n\s*\n|\n {3}[A-Z][A-Z ]+\n|\Z)", top, re.S)
    if not m:
        return ""
    block = m.group(0).strip("\n")
    ls = block.split("\n")
    ind = min(len(l) - len(l.lstrip()) for l in ls if l.strip())
    return "\n".join(l[ind:] for l in ls)


def group_of(item, have_markers):
    if have_markers:
        return item.group or "Other"
    for g, names in FALLBACK_GROUPS.items():
        for n in names:
            if n.endswith("*") and item.name.startswith(n[:-1]) or item.name == n:
                return g
    return "Other"


def anchor(name):
    return re.sub(r"[^a-z0-9_ -]", "", name.lower()).replace(" ", "-")


def main():
    items, defaults, have_markers, config = parse(HEADER)
    groups = {}
    for it in items:
        groups.setdefault(group_of(it, have_markers), []).append(it)
    order = [g for g in GROUP_ORDER if g in groups] + [g for g in groups if g not in GROUP_ORDER]
    if not have_markers:
        # the fallback table orders each group as it lists the names
        for g in groups:
            names = [n for n in FALLBACK_GROUPS.get(g, [])]

            def key(it, names=names):
                for k, n in enumerate(names):
                    if n.endswith("*") and it.name.startswith(n[:-1]) or it.name == n:
                        return k
                return len(names)
            groups[g].sort(key=key)
    types = {it.name for it in items if it.kind in ("struct", "enum")}
    # the CT_DEFAULT_* table goes with ct_settings, whatever its group is called
    defaults_group = next((g for g in order for it in groups[g] if it.name == "ct_settings"),
                          "Settings")
    out = []
    w = out.append
    w("# API reference")
    w("")
    w("Generated by `docs/gen_api.py` from the comments of `contact.h` (its public part, up to "
      "`#endif /* CONTACT_H_INCLUDED */`); do not edit by hand: change the header and run "
      "`make docs-api`. `tests/docs_check.sh` (in `make test`) fails when a public function or a "
      "field of `ct_settings` or `ct_info` is missing here. Papers are cited by key; the "
      "header's REFERENCES block lists them. New to the library: read "
      "[getting-started.md](getting-started.md) first.")
    w("")
    w("Conventions of every function: arrays are caller-owned, row-major, in the row order "
      "`[bilateral nb | unilateral nu | contacts 3 nc]` (n = nb + nu + 3 nc) with each contact "
      "`(t1, t2, normal)`; a function that returns `ct_result` returns `CT_OK` (0) or a negative "
      "error code and writes no output on an error; `ct_real` is `double`, or `float` under "
      "`CONTACT_USE_FLOAT`.")
    w("")
    for g in order:
        names = []
        for it in groups[g]:
            names.extend(it.names if it.kind == "function" else [it.name])
        w("- [%s](#%s): %s" % (g, anchor(g), ", ".join("`%s`" % n for n in names)))
    if config:
        w("- [Configuration macros](#configuration-macros)")
    w("")
    for g in order:
        w("## %s" % g)
        w("")
        if g in GROUP_INTRO:
            w(GROUP_INTRO[g])
            w("")
        macros = [it for it in groups[g] if it.kind == "macro"]
        for it in groups[g]:
            if it.kind == "macro":
                continue
            if it.kind == "function":
                w("### %s" % ", ".join(it.names))
            else:
                w("### %s" % it.name)
            w("")
            if it.cond:
                w("*Declared %s.*" % it.cond)
                w("")
            if it.kind == "function":
                w("```c")
                for sig in it.decls:
                    w(sig)
                w("```")
                w("")
                if it.doc:
                    w(md_text(it.doc))
                    w("")
                else:
                    docs = [FALLBACK_DOCS[n] for n in it.names if n in FALLBACK_DOCS]
                    for n in it.names:
                        if n in FALLBACK_DOCS:
                            fallback_used.append(n)
                        elif not any(it.trailing):
                            print("gen_api.py: warning: no comment for %s in the header" % n,
                                  file=sys.stderr)
                    if len(docs) == 1:
                        w(docs[0])
                        w("")
                    elif docs:
                        for n in it.names:
                            if n in FALLBACK_DOCS:
                                w("- `%s`: %s" % (n, FALLBACK_DOCS[n]))
                        w("")
                for n, t in zip(it.names, it.trailing):
                    if t:
                        w("- `%s`: %s" % (n, cell(t)))
                if any(it.trailing):
                    w("")
            elif it.kind == "struct":
                if it.doc:
                    w(md_text(it.doc))
                    w("")
                w("| field | type | contract |")
                w("|---|---|---|")
                for names, typ, com, note in it.fields:
                    if note:
                        w("| | | *%s* |" % cell(note))
                    base = typ.replace("const ", "").replace("*", "").strip()
                    if not com and base in types:
                        com = "see [`%s`](#%s)" % (base, base)
                    for k, n in enumerate(names):
                        c = com if k == 0 or not com else "see `%s`" % names[0]
                        w("| `%s` | `%s` | %s |" % (n, typ.replace("|", "\\|"),
                                                    c if c.startswith("see [") else cell(c)))
                w("")
            else:
                if it.doc:
                    w(md_text(it.doc))
                    w("")
                w("| value | = | meaning |")
                w("|---|---|---|")
                for names, val, com, note in it.fields:
                    if note:
                        w("| | | *%s* |" % cell(note))
                    w("| `%s` | %s | %s |" % (names[0], val, cell(com)))
                w("")
        if macros:
            w("### Macros")
            w("")
            w("| macro | value | meaning |")
            w("|---|---|---|")
            for it in macros:
                w("| `%s` | `%s` | %s |" % (it.name, it.value, cell(it.doc)))
            w("")
        if g == defaults_group and defaults:
            w("### Defaults (CT_DEFAULT_*)")
            w("")
            public = all(p for vs in defaults.values() for _, _, _, p in vs)
            w("The values `ct_default_settings()` puts in the fields%s." % (
                "" if public else " (these macros are defined in the implementation part of "
                "the header: read them here, or call `ct_default_settings()`)"))
            w("")
            w("| macro | value | source |")
            w("|---|---|---|")
            for name, vals in defaults.items():
                if len(vals) > 1:
                    v = ", ".join("%s (%s)" % (val, c) if c else val for val, c, _, _ in vals)
                else:
                    v = vals[0][0]
                com = "; ".join(sorted({c for _, _, c, _ in vals if c}))
                w("| `%s` | %s | %s |" % (name, v, cell(com)))
            w("")
    if config:
        w("## Configuration macros")
        w("")
        w("Defined before including the header (from its top comment):")
        w("")
        w("```")
        w(clean(config))
        w("```")
        w("")
    text = "\n".join(out).rstrip() + "\n"
    d = os.path.dirname(OUT)
    if d:
        os.makedirs(d, exist_ok=True)
    with open(OUT, "w") as f:
        f.write(text)
    nf = sum(len(it.names) for it in items if it.kind == "function")
    print("gen_api.py: wrote %s (%d functions, %d types, %d macros, %d defaults; groups %s)" % (
        OUT, nf, sum(it.kind in ("struct", "enum") for it in items),
        sum(it.kind == "macro" for it in items), len(defaults),
        "from the header's markers" if have_markers else "from the fallback table"))
    for n in fallback_used:
        print("gen_api.py: note: %s has no comment in the header: used gen_api.py's FALLBACK_DOCS"
              % n, file=sys.stderr)
    for pat, n in used_rewrites.items():
        print("gen_api.py: note: rewrote %d old citation(s) matching %s (fix the header's comment)"
              % (n, pat), file=sys.stderr)
    left = re.findall(r"[^\n]*(?:\bseed\s+00\d|\bnotes?,? (?:trap|Sec\.)|\bissue\b)[^\n]*", text)
    for l in left:
        print("gen_api.py: warning: private reference left in api.md: %s" % l.strip()[:100],
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
