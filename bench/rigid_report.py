#!/usr/bin/env python3
"""bench/rigid_report.py - the tables of bench/rigid.sh (python3 standard library only).

    python3 bench/rigid_report.py [build/bench/rigid.csv]

Writes bench/results/rigid_<machine>_<date>.csv (per problem: HYBRID_NCP's time and every
method's outcome, Siconos' best converged time, the ratio) and rigid-rates_<machine>_<date>.csv
(per problem set and method: solved / total), regenerates SUMMARY.md, and prints the checks:
HYBRID_NCP solves every FCLib problem and >= 99 % of the generated ones; ratio <= 0.5 on every
problem with >= 100 contacts, median ratio <= 0.5 on the others (where Siconos converged).
"""
import csv
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "results"))
import record  # noqa: E402

CT = ["HYBRID_NCP", "NEWTON_NCP", "PROX_NCP", "ADMM_NCP", "PGS_NCP"]
FIELDS = ["problem", "set", "family", "nc", "seed", "storage", "hybrid_us", "hybrid_error"] + \
         [m.lower() for m in CT] + ["siconos_best", "siconos_us", "ratio"]
RATE_FIELDS = ["set", "method", "solved", "total", "rate"]


def num(x):
    try:
        return float(x)
    except ValueError:
        return float("nan")


def family_of(problem, fam, st):
    if st == "generated" and "_" in problem:  # stack-alternating_100_<seed>_<k>
        return problem.split("_")[0].replace("-", ":", 1)
    return fam


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return float("nan") if n == 0 else (xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "build/bench/rigid.csv"
    probs = {}
    order = []
    with open(path) as f:
        for r in csv.DictReader(f):
            p = r["problem"]
            if p not in probs:
                probs[p] = {"ct": {}, "sic": {}, "row": r}
                order.append(p)
            if int(r["nc"] or 0) > 0:
                probs[p]["row"] = r if probs[p]["row"]["nc"] in ("", "0") else probs[p]["row"]
            ok = r["converged"] == "1"
            t = num(r["median_us"])
            if r["side"] == "contact.h":
                m = r["method"].split(":")[0]
                probs[p]["ct"][m] = (ok, t, num(r["rel_error"]), r["method"].partition(":")[2])
            else:
                probs[p]["sic"][r["method"]] = (ok, t)
    rows, rates = [], {}
    ratios_big, ratios_small = [], []
    for p in order:
        d = probs[p]
        r0 = d["row"]
        st = r0.get("set") or ("generated" if r0["family"] == "generated" else "fclib")
        nc = int(r0["nc"] or 0)
        h = d["ct"].get("HYBRID_NCP", (False, float("nan"), float("nan"), ""))
        row = {"problem": p, "set": st, "family": family_of(p, r0["family"], st), "nc": nc,
               "seed": r0.get("seed", "") if st == "generated" else "",
               "storage": h[3].replace("auto=", ""), "hybrid_us": "%.1f" % h[1],
               "hybrid_error": "%.2g" % h[2]}
        for m in CT:
            o = d["ct"].get(m)
            row[m.lower()] = "" if o is None else ("ok" if o[0] else "miss")
            if o is not None:
                k = rates.setdefault((st, m), [0, 0])
                k[0] += o[0]
                k[1] += 1
        conv = [(t, s) for s, (ok, t) in d["sic"].items() if ok and t == t]
        if d["sic"]:
            for s in {s.split(":")[0] for s in d["sic"]}:
                k = rates.setdefault((st, "siconos " + s), [0, 0])
                k[0] += any(ok for s2, (ok, _) in d["sic"].items() if s2.split(":")[0] == s)
                k[1] += 1
        if conv:
            t, s = min(conv)
            row["siconos_best"], row["siconos_us"] = s, "%.1f" % t
            if h[0]:
                ratio = h[1] / t
                row["ratio"] = "%.3g" % ratio
                (ratios_big if nc >= 100 else ratios_small).append((ratio, p))
            else:
                row["ratio"] = "miss"
        else:
            row["siconos_best"] = "n/a" if not d["sic"] else "none converged"
            row["siconos_us"] = row["ratio"] = ""
        rows.append(row)
    rate_rows = [{"set": st, "method": m, "solved": k[0], "total": k[1],
                  "rate": "%.1f %%" % (100.0 * k[0] / k[1])} for (st, m), k in sorted(rates.items())]
    a = record.write("rigid", FIELDS, rows)
    b = record.write("rigid-rates", RATE_FIELDS, rate_rows)
    print("bench/rigid_report.py: wrote %s and %s" % (a, b))
    for r in rate_rows:
        print("  %-9s %-16s %4d / %-4d %s" % (r["set"], r["method"], r["solved"], r["total"], r["rate"]))
    fc = rates.get(("fclib", "HYBRID_NCP"), [0, 0])
    gn = rates.get(("generated", "HYBRID_NCP"), [0, 0])
    print("check: HYBRID_NCP solves every FCLib problem: %s (%d / %d)" % (fc[0] == fc[1], fc[0], fc[1]))
    print("check: HYBRID_NCP solves >= 99 %% of the generated ones: %s (%d / %d)"
          % (gn[1] > 0 and gn[0] >= 0.99 * gn[1], gn[0], gn[1]))
    worst = max(ratios_big) if ratios_big else (float("nan"), "-")
    print("check: ratio <= 0.5 on each problem with >= 100 contacts: %s (%d problems, worst %.3g %s)"
          % (all(x <= 0.5 for x, _ in ratios_big), len(ratios_big), worst[0], worst[1]))
    ms = median([x for x, _ in ratios_small])
    print("check: median ratio <= 0.5 on the others: %s (%d problems, median %.3g)"
          % (ms <= 0.5, len(ratios_small), ms))
    subprocess.call([sys.executable, os.path.join(HERE, "results", "summarize.py")])


if __name__ == "__main__":
    main()
