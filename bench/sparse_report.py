#!/usr/bin/env python3
"""bench/sparse_report.py - dense and block-sparse storage of G against Siconos, from rounds of
bench/run.sh (`make bench-sparse`).

    python3 bench/sparse_report.py round1.csv [round2.csv ...]

Each CSV is one run of bench/run.sh with CT_STORAGES set (contact.h method columns carry the
storage suffix, :dense / :sparse / :auto=...), Siconos solvers in the same run. Per (problem,
side, method) the time is the median over the rounds of each round's median; a run counts as
converged when it converged (re-scored relative error <= tol) in every round it ran in. For each
problem it prints the fastest converged contact.h run on each storage (method, factorizations,
iterations, time), Siconos' fastest converged solver (over all its solvers and storages) and
the ratio = contact.h best / Siconos best (medians over the rounds), with the range of the
per-round ratios of the same two solvers (each round's own times); the five large sparse
problems first, then the rest. A second table gives ADMM_NCP and PGS_NCP on both storages.
Both tables are printed and written as the result files
bench/results/sparse_<machine>_<date>.csv and sparse-storage_<machine>_<date>.csv, then
bench/results/SUMMARY.md is regenerated.
"""
import csv
import math
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import record  # noqa: E402
import summarize  # noqa: E402

LARGE = ["Capsules-i97-269", "Capsules-i125-1213", "Spheres-i099-356-679.local",
         "Box_Stacks-i0035-31-0.local", "Box_Stacks-i0122-82-5.local"]


def fmt_t(us):
    if us == math.inf:
        return "-"
    return "%.3g ms" % (us / 1e3) if us >= 1000 else "%.3g us" % us


def storage_of(method):
    for st in ("auto=dense", "auto=sparse", "dense", "sparse"):
        if method.endswith(":" + st):
            return st, method[: -len(st) - 1]
    return "dense", method


def main():
    files = sys.argv[1:]
    runs = defaultdict(list)  # (tol, problem, side, method) -> rows
    meta = {}
    for f in files:
        for r in csv.DictReader(open(f)):
            runs[(r["tol"], r["problem"], r["side"], r["method"])].append(r)
            if r["family"] != "unknown":
                meta[r["problem"]] = (int(r["nc"]), float(r["density"]))
    agg = {}
    for k, rows in runs.items():
        ts = [float(r["median_us"]) if r["median_us"] not in ("nan", "") else math.inf for r in rows]
        ok = all(r["converged"] == "1" for r in rows)
        agg[k] = dict(t=statistics.median(ts), ok=ok, it=rows[-1]["iterations"],
                      fa=rows[-1]["factorizations"], n=len(rows), ts=ts)
    res, res_st = [], []
    tols = sorted({k[0] for k in agg}, key=float)
    for tol in tols:
        probs = sorted({k[1] for k in agg if k[0] == tol}, key=lambda p: (meta.get(p, (0, 0))[0], p))
        order = [p for p in LARGE if p in probs] + [p for p in probs if p not in LARGE]
        print("### Relative error %s, %d round(s)\n" % (tol, len(files)))
        print("| problem | nc | density | storage | method | fact. | iter. | time | Siconos best | time | ratio | per round |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for p in order:
            nc, dens = meta.get(p, (0, 0))
            sic = [(v["t"], k[3]) for k, v in agg.items() if k[0] == tol and k[1] == p and k[2] == "siconos" and v["ok"]]
            sb = min(sic) if sic else (math.inf, "none")
            best = {}
            for k, v in agg.items():
                if k[0] != tol or k[1] != p or k[2] != "contact.h" or not v["ok"]:
                    continue
                st, m = storage_of(k[3])
                if st not in best or v["t"] < best[st][0]:
                    best[st] = (v["t"], m, v)
            overall = min((b[0] for b in best.values()), default=math.inf)
            for st in sorted(best, key=lambda s: best[s][0]):
                t, m, v = best[st]
                ratio = t / sb[0] if sb[0] < math.inf else math.nan
                mark = "**" if t == overall else ""
                sv = agg.get((tol, p, "siconos", sb[1]))
                per = [a / b for a, b in zip(v["ts"], sv["ts"])] if sv and len(sv["ts"]) == len(v["ts"]) else []
                per_s = ("%.3g-%.3g" % (min(per), max(per))) if len(per) > 1 else ""
                print("| %s | %d | %.3g | %s | %s | %s | %s | %s | %s | %s | %s%.3g%s | %s |" % (
                    p, nc, dens, st, m, v["fa"], v["it"], fmt_t(t), sb[1], fmt_t(sb[0]),
                    mark, ratio, mark, per_s))
                res.append([tol, p, nc, "%.3g" % dens, st, m, v["fa"], v["it"], "%.4g" % t,
                            sb[1], "%.4g" % sb[0] if sb[0] < math.inf else "",
                            "%.3g" % ratio if ratio == ratio else "",
                            "%.3g" % min(per) if len(per) > 1 else "",
                            "%.3g" % max(per) if len(per) > 1 else "", v["n"],
                            int(t == overall)])
            if not best:
                print("| %s | %d | %.3g | - | none converged | | | | %s | %s | - | |" % (p, nc, dens, sb[1], fmt_t(sb[0])))
        print()
        print("ADMM_NCP and PGS_NCP on both storages (median time; speed-up = dense / sparse):\n")
        print("| problem | nc | ADMM_NCP dense | ADMM_NCP sparse | speed-up | PGS_NCP dense | PGS_NCP sparse | speed-up |")
        print("|---|---|---|---|---|---|---|---|")
        for p in order:
            cells = []
            row = [tol, p, meta.get(p, (0, 0))[0]]
            for m in ("ADMM_NCP", "PGS_NCP"):
                d = agg.get((tol, p, "contact.h", m + ":dense"))
                s = agg.get((tol, p, "contact.h", m + ":sparse"))
                if d and s:
                    cells += ["%s%s" % (fmt_t(d["t"]), "" if d["ok"] else " (not conv.)"),
                              "%s%s" % (fmt_t(s["t"]), "" if s["ok"] else " (not conv.)"),
                              "%.3g" % (d["t"] / s["t"])]
                    row += ["%.4g" % d["t"], "%.4g" % s["t"], "%.3g" % (d["t"] / s["t"]),
                            int(d["ok"] and s["ok"])]
                else:
                    cells += ["-", "-", "-"]
                    row += ["", "", "", ""]
            print("| %s | %d | %s |" % (p, meta.get(p, (0, 0))[0], " | ".join(cells)))
            res_st.append(row)
        print()
    record.write("sparse", ["tol", "problem", "nc", "density", "storage", "method",
                            "factorizations", "iterations", "time_us", "siconos_best",
                            "siconos_time_us", "ratio", "ratio_round_min", "ratio_round_max",
                            "rounds", "faster_storage"], res)
    record.write("sparse-storage", ["tol", "problem", "nc", "admm_dense_us", "admm_sparse_us",
                                    "admm_speedup", "admm_converged", "pgs_dense_us",
                                    "pgs_sparse_us", "pgs_speedup", "pgs_converged"], res_st)
    summarize.main([])


if __name__ == "__main__":
    main()
