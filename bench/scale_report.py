#!/usr/bin/env python3
"""bench/scale_report.py - settings.scale on and off, from bench/scale.c's CSV (stdlib only).

    python3 bench/scale_report.py build/bench/scale.csv

Per method and problem set (stack: the three mass-ratio stack variants; illcond; robot: gen, max,
limits; all): problems, how many each run solved (status converged: the method's relative
error on the given problem <= 1e-8), how many only one of them solved, and over the problems
both solved the median of time(scale on) / time(scale off) and of their iteration ratio.
Writes bench/results/scale_<machine>_<date>.csv and prints the table.
"""
import collections
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import record  # noqa: E402


def main():
    rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else "build/bench/scale.csv")))
    runs = {}
    for r in rows:
        key = (r["family"], r["size"], r["seed"], r["k"], r["method"])
        runs.setdefault(key, {})[r["scale"]] = r
    groups = collections.OrderedDict()
    for key, pair in runs.items():
        if "0" not in pair or "1" not in pair:
            continue
        fam = key[0].split(":")[0]
        for g in (fam, "all"):
            groups.setdefault((key[4], g), []).append(pair)
    fields = ["method", "set", "problems", "solved_off", "solved_on", "only_off", "only_on",
              "median_time_ratio", "median_iter_ratio", "seed"]
    out = []
    for (method, g), pairs in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] != "all", kv[0][1])):
        conv = [(p["0"]["status"] == "converged", p["1"]["status"] == "converged") for p in pairs]
        both = [p for p, c in zip(pairs, conv) if c[0] and c[1]]
        tr = [float(p["1"]["ms"]) / float(p["0"]["ms"]) for p in both if float(p["0"]["ms"]) > 0]
        ir = [max(int(p["1"]["iterations"]), 1) / max(int(p["0"]["iterations"]), 1) for p in both]
        out.append([method, g, len(pairs), sum(c[0] for c in conv), sum(c[1] for c in conv),
                    sum(c[0] and not c[1] for c in conv), sum(c[1] and not c[0] for c in conv),
                    "%.2f" % statistics.median(tr) if tr else "nan",
                    "%.2f" % statistics.median(ir) if ir else "nan", pairs[0]["0"]["seed"]])
    print("| " + " | ".join(fields) + " |")
    print("|" + "---|" * len(fields))
    for r in out:
        print("| " + " | ".join(str(c) for c in r) + " |")
    record.write("scale", fields, out)


if __name__ == "__main__":
    main()
