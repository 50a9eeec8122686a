#!/usr/bin/env python3
"""bench/report.py - the result files and performance profiles of `make bench`.

    python3 bench/report.py [results.csv] [image folder]

Defaults: build/bench/results.csv (bench/run.sh), build/bench/img. Writes two result files,
bench/results/fclib_<machine>_<date>.csv (per problem and tolerance: the fastest converged
contact.h method, the fastest converged Siconos solver, their times and ratio) and
fclib-misses_<machine>_<date>.csv (per solver, the problems it did not solve), regenerates
bench/results/SUMMARY.md, prints the table and the summary lines, and draws one Dolan-More
performance profile per family (time to reach the smallest tolerance; a solver that did not
reach it counts as infinitely slow) as PNG into the image folder. Needs python3-matplotlib
(Debian) for the plots; the tables are written without it. `make docs-figures` copies the
profile that docs/methods.md embeds (profile_all.png) into docs/img.
"""
import csv
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import record  # noqa: E402
import summarize  # noqa: E402

CSV = sys.argv[1] if len(sys.argv) > 1 else "build/bench/results.csv"
IMG = sys.argv[2] if len(sys.argv) > 2 else "build/bench/img"
MEDIUM_DENSE = ("BoxesStack1-i100000-32.dat", "local_problem_test", "OneObject-i1028-138.dat")
# methods of the NCP model at default settings (ct_method_flavor): the only ones that count
# toward success; PGS_CCP (CCP), PGS_LCP (LCP), NBGS and RAISIM (Preclik) solve other laws.
# A method column may carry suffixes (ADMM_NCP:linear=4, ADMM_NCP:sparse): the name before the
# first ':' decides.
NCP_METHODS = {"PGS_NCP", "ADMM_NCP", "RAISIM_DS", "RAISIM_DS_ES", "STAGGERED"}


def load(path):
    rows = list(csv.DictReader(open(path)))
    # crash/timeout rows do not know the family: take it from the problem's other rows
    fam = {r["problem"]: (r["family"], int(r["nc"])) for r in rows if r["family"] != "unknown"}
    for r in rows:
        if r["problem"] in fam:
            r["family"], nc = fam[r["problem"]]
            r["nc"] = str(nc)
        r["t"] = float(r["median_us"]) if r["median_us"] not in ("nan", "") else math.inf
        r["ok"] = r["converged"] == "1"
        r["solver"] = ("ct:" if r["side"] == "contact.h" else "sic:") + r["method"]
    return rows


def best(rows, side):
    c = [r for r in rows if r["side"] == side and r["ok"]]
    return min(c, key=lambda r: r["t"]) if c else None


def fmt_t(us):
    if us == math.inf:
        return "-"
    return "%.3g ms" % (us / 1e3) if us >= 1000 else "%.3g us" % us


def profiles(rows, tol, img):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: matplotlib missing (apt-get install python3-matplotlib): no plots")
        return []
    os.makedirs(img, exist_ok=True)
    rows = [r for r in rows if float(r["tol"]) == tol]
    families = sorted({r["family"] for r in rows}) + ["all"]
    made = []
    for fam in families:
        fr = [r for r in rows if fam == "all" or r["family"] == fam]
        probs = sorted({r["problem"] for r in fr})
        solvers = sorted({r["solver"] for r in fr})
        t = {(r["problem"], r["solver"]): (r["t"] if r["ok"] else math.inf) for r in fr}
        ratios = {s: [] for s in solvers}
        for p in probs:
            tb = min(t.get((p, s), math.inf) for s in solvers)
            for s in solvers:
                ts = t.get((p, s), math.inf)
                ratios[s].append(ts / tb if tb < math.inf and ts < math.inf else math.inf)
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        taus = [2 ** (k / 8) for k in range(0, 8 * 12 + 1)]
        colors = plt.cm.tab20.colors
        for i, s in enumerate(solvers):
            rs = ratios[s]
            ys = [sum(1 for x in rs if x <= tau) / len(rs) for tau in taus]
            style = "-" if s.startswith("ct:") else "--"
            ax.step([math.log2(x) for x in taus], ys, style, where="post", label=s,
                    color=colors[i % len(colors)], linewidth=2.0 if s.startswith("ct:") else 1.2)
        ax.set_xlabel("log2(time / best time)")
        ax.set_ylabel("fraction of problems solved")
        ax.set_ylim(-0.02, 1.02)
        ax.set_title("%s: %d problems, relative error %.0e" % (fam, len(probs), tol))
        ax.legend(fontsize=7, loc="lower right")
        ax.grid(alpha=0.3)
        name = os.path.join(img, "profile_%s.png" % fam)
        fig.tight_layout()
        fig.savefig(name, dpi=90)
        plt.close(fig)
        made.append(name)
    return made


def main():
    rows = load(CSV)
    out = []
    table, misses = [], []
    tols = sorted({float(r["tol"]) for r in rows})
    for tol in tols:
        tr = [r for r in rows if float(r["tol"]) == tol]
        tol_s = "%.0e" % tol
        probs = sorted({r["problem"] for r in tr}, key=lambda p: (int(next(r["nc"] for r in tr if r["problem"] == p)), p))
        out.append("## Relative error %s\n" % tol_s)
        out.append("| problem | family | nc | best contact.h | time | best Siconos | time | ratio | ct ok | Siconos ok |")
        out.append("|---|---|---|---|---|---|---|---|---|---|")
        ratio = {}
        for p in probs:
            pr = [r for r in tr if r["problem"] == p]
            bc, bs = best(pr, "contact.h"), best(pr, "siconos")
            if bc and bs:
                ratio[p] = bc["t"] / bs["t"]
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, pr[0]["family"], pr[0]["nc"],
                bc["method"] if bc else "none", fmt_t(bc["t"]) if bc else "-",
                bs["method"] if bs else "none", fmt_t(bs["t"]) if bs else "-",
                "%.3g" % ratio[p] if p in ratio else "-",
                "yes" if bc else "NO", "yes" if bs else "NO"))
            table.append([tol_s, p, pr[0]["family"], pr[0]["nc"],
                          bc["method"] if bc else "", "%.4g" % bc["t"] if bc else "",
                          bs["method"] if bs else "", "%.4g" % bs["t"] if bs else "",
                          "%.3g" % ratio[p] if p in ratio else "", int(bool(bc)), int(bool(bs))])
        out.append("")
        # summaries
        nc_of = {p: int(next(r["nc"] for r in tr if r["problem"] == p)) for p in probs}
        small = [ratio[p] for p in probs if nc_of[p] <= 16 and p in ratio]
        med = {p: ratio[p] for p in MEDIUM_DENSE if p in ratio}
        out.append("Ratio = best contact.h time / best converged Siconos time (< 1: contact.h faster).\n")
        if small:
            out.append("- Problems with at most 16 contacts: median ratio %.3g over %d problems (max %.3g)." % (
                statistics.median(small), len(small), max(small)))
        for dm in ("ADMM_NCP", "HYBRID_NCP"):  # the library's default method, and the rigid one
            dr = []
            for p in probs:
                if nc_of[p] > 16:
                    continue
                pr = [r for r in tr if r["problem"] == p]
                dc = [r for r in pr if r["side"] == "contact.h" and r["ok"] and r["method"].split(":")[0] == dm]
                bs = best(pr, "siconos")
                if dc and bs:
                    dr.append(min(r["t"] for r in dc) / bs["t"])
            if dr:
                out.append("- %s alone on them: median ratio %.3g over %d problems (max %.3g)." % (
                    dm, statistics.median(dr), len(dr), max(dr)))
        if med:
            out.append("- Medium dense problems (%s): median ratio %.3g, max %.3g." % (
                ", ".join("%s %.3g" % (p, r) for p, r in med.items()), statistics.median(med.values()), max(med.values())))
        failed = [p for p in probs if not any(r["ok"] and r["method"].split(":")[0] in NCP_METHODS for r in tr if r["problem"] == p and r["side"] == "contact.h")]
        out.append("- Problems no contact.h NCP method solved: %s." % (", ".join(failed) if failed else "none"))
        for m in sorted({r["method"] for r in tr if r["side"] == "contact.h"}):
            miss = [p for p in probs if not any(r["ok"] for r in tr if r["problem"] == p and r["method"] == m and r["side"] == "contact.h")]
            misses.append([tol_s, "contact.h", m, len(probs), len(miss), "; ".join(miss)])
        for m in sorted({r["method"] for r in tr if r["side"] == "siconos"}):
            sr = [r for r in tr if r["method"] == m and r["side"] == "siconos"]
            miss = [r["problem"] + ("" if r["status"] in ("0", "") else " (" + r["status"] + ")") for r in sr if not r["ok"]]
            misses.append([tol_s, "Siconos", m, len(sr), len(miss), "; ".join(miss)])
        out.append("")
    print("\n".join(out))
    record.write("fclib", ["tol", "problem", "family", "nc", "ct_method", "ct_time_us",
                           "siconos_solver", "siconos_time_us", "ratio", "ct_converged",
                           "siconos_converged"], table)
    record.write("fclib-misses", ["tol", "side", "solver", "problems", "missed",
                                  "missed_problems"], misses)
    summarize.main([])
    for i in profiles(rows, min(tols) if tols else 1e-8, IMG):
        print("report.py: drew %s" % i)


if __name__ == "__main__":
    main()
