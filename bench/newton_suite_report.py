#!/usr/bin/python3
"""bench/newton_suite_report.py - NEWTON_SOFT (each soft model) against ADMM and PGS on the suite.

    /usr/bin/python3 bench/newton_suite_report.py [suite.csv] [zero.csv]

Defaults: build/bench/newton_suite.csv, build/bench/newton_suite_zero.csv (written by
`make bench-newton`, which runs bench/suite with -V NEWTON_SOFT:ccp_mujoco, NEWTON_SOFT:sap,
NEWTON_SOFT:lagged, NEWTON_SOFT:similar, ADMM_NCP, ADMM_CCP, PGS_NCP, and the soft variants
again with -P zero). Writes the result file bench/results/newton_<machine>_<date>.csv and
regenerates bench/results/SUMMARY.md: per phi0 (rest, zero), family, method, start and
tolerance, the number converged (status `converged`), the median iterations and the median time
over the converged solves, and the medians over all solves of the model residual
(`model_residual`: the method's own law) and of the NCP residual (`ncp_residual`, and the
relative `relative_error`), all residuals in force units (bench/suite.c, COLUMNS). The same
tables are printed. What the soft problems are and what each residual means:
docs/benchmarks.md, "make bench-newton".
"""
import csv
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import record  # noqa: E402
import summarize  # noqa: E402

CSV = sys.argv[1] if len(sys.argv) > 1 else "build/bench/newton_suite.csv"
ZERO = sys.argv[2] if len(sys.argv) > 2 else "build/bench/newton_suite_zero.csv"
FAMILIES = ["robot", "box_plane4", "box_plane8", "stack", "mixed"]
FIELDS = ["phi0", "family", "method", "start", "tol", "problems", "converged",
          "median_iterations", "median_time_us", "median_model_residual", "median_ncp_residual",
          "median_ncp_relative"]


def load(path):
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        r["ok"] = r["status"] == "converged"

        def num(k):
            try:
                return float(r[k])
            except (KeyError, ValueError):
                return math.inf
        r["model"] = num("model_residual")
        r["ncp"] = num("ncp_residual")
        r["rel"] = num("relative_error")
    return rows


def fmt_t(us):
    if us is None:
        return "-"
    if us >= 1e3:
        return "%.3g ms" % (us / 1e3)
    return "%.3g us" % us


def med(xs):
    xs = list(xs)
    return statistics.median(xs) if xs else None


def table(rows, w, res, phi0, starts=("cold", "warm")):
    methods = []
    for r in rows:
        if r["method"] not in methods:
            methods.append(r["method"])
    tols = sorted({r["tol"] for r in rows}, key=float, reverse=True)
    fams = [f for f in FAMILIES if any(r["family"] == f for r in rows)]
    for fam in fams:
        fr = [r for r in rows if r["family"] == fam]
        nprob = len({(r["size"], r["instance"]) for r in fr})
        w("### %s (%d problems)" % (fam, nprob))
        w("")
        w("| method | start | tol | converged | median iter | median time | median model residual "
          "| median NCP residual | median NCP relative |")
        w("|---|---|---|---|---|---|---|---|---|")
        for m in methods:
            for s in starts:
                for t in tols:
                    sel = [r for r in fr if r["method"] == m and r["start"] == s and r["tol"] == t]
                    if not sel:
                        continue
                    ok = [r for r in sel if r["ok"]]
                    it = med(int(r["iterations"]) for r in ok)
                    tm = med(float(r["median_us"]) for r in ok)
                    mr, nr, rr = (med(r["model"] for r in sel), med(r["ncp"] for r in sel),
                                  med(r["rel"] for r in sel))
                    w("| %s | %s | %s | %d/%d | %s | %s | %.1e | %.1e | %.1e |" % (
                        m, s, t, len(ok), len(sel), "-" if it is None else "%g" % it, fmt_t(tm),
                        mr, nr, rr))
                    res.append([phi0, fam, m, s, t, len(sel), len(ok),
                                "" if it is None else "%g" % it, "" if tm is None else "%.4g" % tm,
                                "%.1e" % mr, "%.1e" % nr, "%.1e" % rr])
        w("")


def main():
    if not os.path.exists(CSV):
        print("newton_suite_report.py: %s missing (make bench-newton)" % CSV)
        return 2
    out, res = [], []
    w = out.append
    w("## phi0 = the rest deflection (`-P rest`, the default), from `%s`" % CSV)
    w("")
    table(load(CSV), w, res, "rest")
    if os.path.exists(ZERO):
        w("## phi0 = 0 (`-P zero`, from `%s`)" % ZERO)
        w("")
        table(load(ZERO), w, res, "zero")
    print("\n".join(out))
    record.write("newton", FIELDS, res)
    summarize.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
