#!/usr/bin/env python3
"""bench/engine_report.py [RUNS.csv] [STUDY.csv] - the tables of `make bench-engine`.

Reads build/bench/engine_runs.csv (bench/engine.sh: one row per process, several rounds) and
build/bench/engine_study.csv (the game-preset study), writes
  bench/results/engine_<machine>_<date>.csv        per scene and precision: the medians over the
      rounds of the time per step of each engine and their ratio, the drift, penetration and
      kinetic energy after the run on both sides, and whether the target holds: each of the
      world's three at most max(Bullet's, 1 mm, 1 mm, 1e-4 J) and its time at most Bullet's;
  bench/results/engine-study_<machine>_<date>.csv  the study: per variant the time per step
      and the largest drift, penetration and kinetic energy over the four resting scenes;
prints both, and regenerates SUMMARY.md. python3 stdlib only."""
import csv
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "results"))
import record  # noqa: E402
import summarize  # noqa: E402

FLOORS = {"drift_m": 1e-3, "penetration_m": 1e-3, "kinetic_J": 1e-4}


def med(rows, key):
    return statistics.median(float(r[key]) for r in rows)


def main(argv):
    runs = argv[0] if argv else "build/bench/engine_runs.csv"
    study = argv[1] if len(argv) > 1 else "build/bench/engine_study.csv"
    rows = list(csv.DictReader(open(runs)))
    scenes = []
    for r in rows:
        if r["scene"] not in scenes:
            scenes.append(r["scene"])
    out = []
    fields = ["scene", "precision", "world_us", "bullet_us", "time_ratio", "world_drift_m",
              "bullet_drift_m", "world_penetration_m", "bullet_penetration_m", "world_kinetic_J",
              "bullet_kinetic_J", "world_iterations", "rounds", "target", "short_of"]
    for scene in scenes:
        for prec in ("float", "double"):
            w = [r for r in rows if r["scene"] == scene and r["precision"] == prec and r["engine"] == "world"]
            b = [r for r in rows if r["scene"] == scene and r["precision"] == prec and r["engine"] == "bullet"]
            if not w:
                continue
            row = {"scene": scene, "precision": prec, "rounds": len(w),
                   "world_us": "%.1f" % med(w, "us_per_step"),
                   "world_iterations": "%.2f" % med(w, "iterations_per_solve")}
            for k in FLOORS:
                row["world_" + k] = "%.2e" % med(w, k)
            if b:
                row["bullet_us"] = "%.1f" % med(b, "us_per_step")
                row["time_ratio"] = "%.2f" % (med(w, "us_per_step") / med(b, "us_per_step"))
                short = []
                for k, floor in FLOORS.items():
                    row["bullet_" + k] = "%.2e" % med(b, k)
                    if med(w, k) > max(med(b, k), floor):
                        short.append(k.split("_")[0])
                if med(w, "us_per_step") > med(b, "us_per_step"):
                    short.append("time x%.1f" % (med(w, "us_per_step") / med(b, "us_per_step")))
                row["target"] = "met" if not short else "not met"
                row["short_of"] = "; ".join(short)
            else:
                for k in ["bullet_us", "time_ratio", "target", "short_of"] + ["bullet_" + k for k in FLOORS]:
                    row[k] = "n/a"
            out.append(row)
    path = record.write("engine", fields, out)
    print("wrote", path)
    for r in out:
        print(",".join(str(r.get(f, "")) for f in fields))
    if os.path.exists(study):
        srows = list(csv.DictReader(open(study)))
        variants = []
        for r in srows:
            if r["variant"] not in variants:
                variants.append(r["variant"])
        sf = ["variant", "scenes", "us_per_step_max", "us_per_step_by_scene", "drift_max_m",
              "penetration_max_m", "kinetic_max_J", "iterations_per_solve_max", "holds_1mm"]
        sout = []
        for v in variants:
            vr = [r for r in srows if r["variant"] == v]
            d = max(float(r["drift_m"]) for r in vr)
            p = max(float(r["penetration_m"]) for r in vr)
            e = max(float(r["kinetic_J"]) for r in vr)
            sout.append({"variant": v, "scenes": " ".join(r["scene"] for r in vr),
                         "us_per_step_max": "%.0f" % max(float(r["us_per_step"]) for r in vr),
                         "us_per_step_by_scene": " ".join("%.0f" % float(r["us_per_step"]) for r in vr),
                         "drift_max_m": "%.1e" % d, "penetration_max_m": "%.1e" % p,
                         "kinetic_max_J": "%.1e" % e,
                         "iterations_per_solve_max": "%.1f" % max(float(r["iterations_per_solve"]) for r in vr),
                         "holds_1mm": "yes" if d <= 1e-3 and p <= 1e-3 and e <= 1e-4 else "no"})
        path = record.write("engine-study", sf, sout)
        print("wrote", path)
    summarize.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
