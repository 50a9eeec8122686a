#!/usr/bin/python3
"""bench/suite_report.py - the result files and performance profiles of the generated suite.

    /usr/bin/python3 bench/suite_report.py [suite.csv] [image folder]

Defaults: build/bench/suite.csv (written by bench/suite.sh), build/bench/img.

- One Dolan-More performance profile per family, cold start, one panel per tolerance
  (<image folder>/suite_profile_<family>.png; `make docs-figures` copies the one docs embed,
  suite_profile_stack.png, into docs/img): for each method the fraction of the family's problems
  it solved within a factor tau of the fastest method on that problem. A solve that did not end
  with status `converged` counts as infinitely slow. Every method of the CSV is drawn, whatever
  their number (tab20 colours, up to 12 distinct ones, then line styles).
- The summary (printed, and written as result files bench/results/suite*_<machine>_<date>.csv,
  then bench/results/SUMMARY.md regenerated): per family, method and tolerance, cold and warm,
  the success rate (status converged), the fraction whose NCP residual meets the tolerance
  (differs for methods of another model, e.g. CCP or LCP), the median time and the median
  iterations over the solved problems (suite); the stack family by mass ratio (suite-ratio);
  every method by the problem categories of [Tsounis25] Sec. VII-A (suite-category); the
  unsuccessful solves by status (suite-status).

Uses /usr/bin/python3 with Debian's python3-matplotlib for the plots; without matplotlib it
writes the tables only.
"""
import csv
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import record  # noqa: E402
import summarize  # noqa: E402

CSV = sys.argv[1] if len(sys.argv) > 1 else "build/bench/suite.csv"
IMG = sys.argv[2] if len(sys.argv) > 2 else "build/bench/img"

FAMILY_ORDER = ["robot", "box_plane4", "box_plane8", "stack", "mixed"]
CATEGORY_ORDER = ["Independent Joints", "Redundant Joints", "Dense Joints", "Single Contact",
                  "Sparse Contacts", "Dense Contacts", "Dense Constraints"]


def load(path):
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        r["tol"] = float(r.get("tol", "1e-6") or "1e-6")
        r["ok"] = r["status"] == "converged"
        try:
            res = float(r["ncp_residual"])
        except ValueError:
            res = math.inf
        r["ncp_ok"] = res <= r["tol"]
        r["t"] = float(r["median_us"]) if r["ok"] else math.inf
        r["it"] = int(r["iterations"])
        r["problem"] = (r["family"], int(r["size"]), int(r["instance"]))
    return rows


def ordered(values, order):
    values = set(values)
    return [v for v in order if v in values] + sorted(v for v in values if v not in order)


def methods_of(rows):
    seen = []
    for r in rows:  # the order of the CSV = the enum order of contact.h
        if r["method"] not in seen:
            seen.append(r["method"])
    return seen


def fmt_t(us):
    if us is None:
        return "-"
    if us >= 1e6:
        return "%.3g s" % (us / 1e6)
    if us >= 1e3:
        return "%.3g ms" % (us / 1e3)
    return "%.3g us" % us


def fmt_tol(t):
    return "%.0e" % t


def style(i):
    """distinct colours of tab20 (the dark shades first), then dashed variants"""
    import matplotlib
    cmap = matplotlib.colormaps["tab20"] if hasattr(matplotlib, "colormaps") else \
        matplotlib.cm.get_cmap("tab20")
    order = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
    return cmap(order[i % 20]), ["-", "--", ":", "-."][(i // 10) % 4]


def profile_curves(rows, methods):
    """{method: sorted list of ratios} over the problems of rows (one start, one tolerance)"""
    by_problem = {}
    for r in rows:
        by_problem.setdefault(r["problem"], {})[r["method"]] = r["t"]
    ratios = {m: [] for m in methods}
    for p, times in by_problem.items():
        best = min(times.values())
        for m in methods:
            t = times.get(m, math.inf)
            ratios[m].append(t / best if best < math.inf and t < math.inf else math.inf)
    for m in methods:
        ratios[m].sort()
    return ratios, len(by_problem)


def draw_profiles(rows, methods, families, tols, img):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("suite_report.py: matplotlib missing (apt-get install python3-matplotlib; use "
              "/usr/bin/python3): no plots")
        return []
    os.makedirs(img, exist_ok=True)
    files = []
    for fam in families:
        rows_legend = (len(methods) + 1) // 2
        fig, axes = plt.subplots(1, len(tols), figsize=(5.2 * len(tols), 4.0 + 0.22 * rows_legend),
                                 squeeze=False)
        for ax, tol in zip(axes[0], tols):
            sel = [r for r in rows if r["family"] == fam and r["start"] == "cold" and r["tol"] == tol]
            ratios, nprob = profile_curves(sel, methods)
            finite = [x for m in methods for x in ratios[m] if x < math.inf]
            tmax = max(2.0, max(finite) * 1.5) if finite else 2.0
            for i, m in enumerate(methods):
                xs, ys = [1.0], [0.0]
                for k, x in enumerate(ratios[m]):
                    if x == math.inf:
                        break
                    xs += [x, x]
                    ys += [ys[-1], (k + 1) / nprob]
                xs.append(tmax)
                ys.append(ys[-1])
                color, ls = style(i)
                ax.plot(xs, ys, color=color, linestyle=ls, linewidth=1.8,
                        label="%s (%d/%d)" % (m, sum(x < math.inf for x in ratios[m]), nprob))
            ax.set_xscale("log", base=2)
            ax.set_xlim(1, tmax)
            ax.set_ylim(0, 1.02)
            ax.set_xlabel("tau (time / fastest time on the problem)")
            ax.set_ylabel("fraction of problems solved within tau")
            ax.set_title("%s, cold start, tol_abs %s (%d problems)" % (fam, fmt_tol(tol), nprob),
                         fontsize=10)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2,
                      frameon=False)
        fig.tight_layout()
        path = os.path.join(img, "suite_profile_%s.png" % fam)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        files.append(path)
    return files


def stats(sel):
    """(solved, total, NCP ok, median time of the solved, median iterations of the solved)"""
    ok = [r for r in sel if r["ok"]]
    return (len(ok), len(sel), sum(r["ncp_ok"] for r in sel),
            statistics.median(r["t"] for r in ok) if ok else None,
            statistics.median(r["it"] for r in ok) if ok else None)


def pct(a, b):
    return "%d/%d (%.0f%%)" % (a, b, 100.0 * a / b) if b else "-"


def fmt_it(x):
    return "-" if x is None else ("%g" % x)


def main():
    if not os.path.exists(CSV):
        print("suite_report.py: %s missing: run sh bench/suite.sh first" % CSV)
        return 2
    rows = load(CSV)
    if not rows:
        print("suite_report.py: %s has no rows" % CSV)
        return 2
    methods = methods_of(rows)
    families = ordered([r["family"] for r in rows], FAMILY_ORDER)
    tols = sorted({r["tol"] for r in rows}, reverse=True)
    starts = [s for s in ("cold", "warm") if any(r["start"] == s for r in rows)]
    images = draw_profiles(rows, methods, families, tols, IMG)

    out = []
    w = out.append
    res_suite, res_ratio, res_cat, res_status = [], [], [], []
    w("# Generated suite: results")
    w("")
    w("From `%s` (`sh bench/suite.sh`; the " % CSV +
      "families, the warm start and the descriptors are defined in the top comment of "
      "`bench/suite.c`). Every method at its default settings except `stop = CT_STOP_ABSOLUTE`, "
      "`tol_abs` = the tolerance, `max_iter = 10000`; time = median of the repeats of `ct_solve` "
      "alone. **solved** = status `converged` (the method met the tolerance in its own model); "
      "**NCP ok** = the NCP residual (`info.ncp.absolute`) meets the tolerance (the same unless "
      "the method solves another model); time and iterations are medians over the solved "
      "problems only, so compare them together with the success rate and the profiles.")
    w("")
    nprob = {f: len({r["problem"] for r in rows if r["family"] == f}) for f in families}
    w("Methods: %s. Problems: %s. Tolerances: %s. Starts: %s." % (
        ", ".join("`%s`" % m for m in methods),
        ", ".join("%s %d" % (f, nprob[f]) for f in families),
        ", ".join(fmt_tol(t) for t in tols), ", ".join(starts)))
    w("")

    # per family, method, tolerance: cold and warm
    for fam in families:
        fr = [r for r in rows if r["family"] == fam]
        cats = sorted({r["category"] for r in fr})
        sizes = sorted({int(r["size"]) for r in fr})
        ns = sorted({int(r["n"]) for r in fr})
        w("## %s" % fam)
        w("")
        w("%d problems, size %s, n = %d to %d, categories: %s." % (
            nprob[fam], ", ".join(str(s) for s in sizes), ns[0], ns[-1], ", ".join(cats)))
        w("")
        head = "| method | tol |"
        sep = "|---|---|"
        for s in starts:
            head += " %s solved | %s NCP ok | %s median time | %s median iter |" % (s, s, s, s)
            sep += "---|---|---|---|"
        w(head)
        w(sep)
        for m in methods:
            for tol in tols:
                line = "| %s | %s |" % (m, fmt_tol(tol))
                for s in starts:
                    sel = [r for r in fr if r["method"] == m and r["tol"] == tol and r["start"] == s]
                    k, n, nok, t, it = stats(sel)
                    line += " %s | %s | %s | %s |" % (pct(k, n), pct(nok, n), fmt_t(t), fmt_it(it))
                    if n:
                        res_suite.append([fam, m, fmt_tol(tol), s, n, k, nok,
                                          "" if t is None else "%.4g" % t,
                                          "" if it is None else "%g" % it])
                w(line)
        w("")

    # stack by mass ratio
    st = [r for r in rows if r["family"] == "stack"]
    if st:
        w("## stack by mass ratio (cold start)")
        w("")
        w("Instance k of the stack family has the mass ratio top / bottom = 100^k. Solved / "
          "problems (median iterations of the solved).")
        w("")
        inst = sorted({int(r["instance"]) for r in st})
        w("| method | tol | " + " | ".join("ratio 1e%d" % (2 * k) for k in inst) + " |")
        w("|---|---|" + "---|" * len(inst))
        for m in methods:
            for tol in tols:
                cells = []
                for k in inst:
                    sel = [r for r in st if r["method"] == m and r["tol"] == tol and
                           r["start"] == "cold" and int(r["instance"]) == k]
                    a, n, _, _, it = stats(sel)
                    cells.append("%d/%d (%s)" % (a, n, fmt_it(it)))
                    res_ratio.append([m, fmt_tol(tol), "1e%d" % (2 * k), n, a,
                                      "" if it is None else "%g" % it])
                w("| %s | %s | %s |" % (m, fmt_tol(tol), " | ".join(cells)))
        w("")

    # by category
    cats = ordered([r["category"] for r in rows], CATEGORY_ORDER)
    w("## By category ([Tsounis25] Sec. VII-A), cold start")
    w("")
    w("Solved / problems over all families.")
    w("")
    w("| method | tol | " + " | ".join(cats) + " |")
    w("|---|---|" + "---|" * len(cats))
    for m in methods:
        for tol in tols:
            cells = []
            for c in cats:
                sel = [r for r in rows if r["method"] == m and r["tol"] == tol and
                       r["start"] == "cold" and r["category"] == c]
                a, n, _, _, _ = stats(sel)
                cells.append("%d/%d" % (a, n))
                res_cat.append([m, fmt_tol(tol), c, n, a])
            w("| %s | %s | %s |" % (m, fmt_tol(tol), " | ".join(cells)))
    w("")

    # unsuccessful outcomes by status (max_iter, stalled, numerical_failure, error)
    fails = {}
    for r in rows:
        if not r["ok"]:
            key = (r["method"], r["status"])
            fails.setdefault(key, {}).setdefault(r["family"], 0)
            fails[key][r["family"]] += 1
    if fails:
        w("## Unsuccessful solves by status")
        w("")
        w("Count of (problem, start, tolerance) solves that did not converge, per family.")
        w("")
        w("| method | status | " + " | ".join(families) + " |")
        w("|---|---|" + "---|" * len(families))
        for m in methods:
            for st_ in ("max_iter", "stalled", "numerical_failure", "error"):
                if (m, st_) in fails:
                    w("| %s | %s | %s |" % (m, st_, " | ".join(
                        str(fails[(m, st_)].get(f, 0)) for f in families)))
                    for f in families:
                        res_status.append([m, st_, f, fails[(m, st_)].get(f, 0)])
        w("")

    print("\n".join(out))
    record.write("suite", ["family", "method", "tol", "start", "problems", "solved", "ncp_ok",
                           "median_time_us", "median_iterations"], res_suite)
    if res_ratio:
        record.write("suite-ratio", ["method", "tol", "mass_ratio", "problems", "solved",
                                     "median_iterations"], res_ratio)
    record.write("suite-category", ["method", "tol", "category", "problems", "solved"], res_cat)
    if res_status:
        record.write("suite-status", ["method", "status", "family", "count"], res_status)
    summarize.main([])
    for p in images:
        print("suite_report.py: drew %s" % p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
