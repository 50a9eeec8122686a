#!/usr/bin/env python3
"""bench/peers_report.py - the tables of bench/peers.sh (python3 standard library only).

    python3 bench/peers_report.py [build/bench/peers.csv] [build/bench/peers_mujoco.csv]

Writes into bench/results/ (a missing or empty input skips its tables; in the medians it keeps
the other peer's rows of the same day's file):
- peers_<machine>_<date>.csv: per problem and pair (admm: ADMM_NCP / Pinocchio's ADMM;
  admm_lapack: the same with contact.h built on LAPACK; pgs: PGS_NCP / Pinocchio's PGS) both
  sides' own tolerance, iterations, median time, time per
  iteration and rescored error; time_ratio = contact.h / Pinocchio and iter_cost_ratio = the
  same per iteration (below 1: contact.h faster), where both met the target;
- peers-mujoco_<machine>_<date>.csv: per MuJoCo scene snapshot, MuJoCo's Newton and contact.h's
  NEWTON_SOFT (G given; G formed in the timed region; M and J alone, no G, from MuJoCo's data), the time of
  forming G, the soft residuals, the force difference, and the ratios to MuJoCo's time;
- peers-median_<machine>_<date>.csv: per problem set and pair, or per MuJoCo scene, how many
  each side solved and the median, minimum and maximum of the ratios where both did
  (mujoco:all over the four scenes of the comparison, mujoco:others over any other);
then regenerates SUMMARY.md and prints the medians.
"""
import csv
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "results"))
import record  # noqa: E402

PAIR_FIELDS = ["problem", "set", "family", "nc", "seed", "pair",
               "ct_method", "ct_tol", "ct_iters", "ct_us", "ct_us_per_iter", "ct_error",
               "pin_method", "pin_tol", "pin_iters", "pin_us", "pin_us_per_iter", "pin_error",
               "both_converged", "time_ratio", "iter_cost_ratio", "rounds", "fresh_check",
               "pinocchio_version"]
# the four scenes of the comparison (mujoco:all); any other scene (bench/peers.sh's MUJOCO_EXTRA,
# scenes nobody tuned on) gets its own rows and the median mujoco:others
CORE_SCENES = ("box_push", "stack5", "stack_ratio10", "humanoid")
MJ_FIELDS = ["scene", "step", "time", "nv", "n", "nc", "r_avg",
             "mj_tol", "mj_iters", "mj_us", "mj_soft_rel",
             "ct_tol", "ct_iters", "ct_us", "ct_soft_rel", "force_diff",
             "form_us", "form_dense_us", "ct_form_us", "mj_alone_us", "mj_alone_soft_rel",
             "mj_factor_us", "ratio", "ratio_with_form", "ratio_mj_alone", "ratio_mj_factor", "rounds",
             "mujoco_version"]
MEDIAN_FIELDS = ["set", "comparison", "problems", "ct_solved", "peer_solved", "both",
                 "median_ratio", "min_ratio", "max_ratio", "ct_faster",
                 "median_iter_cost_ratio", "median_ratio_with_form", "median_ratio_mj_alone",
                 "median_ratio_mj_factor"]


def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return float("nan")


def median(xs):
    xs = sorted(x for x in xs if x == x)
    n = len(xs)
    return float("nan") if n == 0 else (xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2)


def fmt(x, spec="%.3g"):
    return "" if x != x else spec % x


def family_of(problem, fam):
    if fam == "generated" and "_" in problem:  # stack-alternating_100_<seed>_<k>
        return problem.split("_")[0].replace("-", ":", 1)
    return fam


def read(path):
    if not path or not os.path.exists(path) or os.path.getsize(path) == 0:
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def pinocchio_tables(rows):
    by = {}
    order = []
    for r in rows:
        key = (r["problem"], r["pair"])
        if key not in by:
            by[key] = {}
            order.append(key)
        by[key][r["side"]] = r
    out = []
    for key in order:
        d = by[key]
        c, p = d.get("contact.h"), d.get("pinocchio")
        any_row = c or p or next(iter(d.values()))
        fam = any_row["family"]
        st = "generated" if fam == "generated" else ("fclib" if fam != "unknown" else
                                                     ("generated" if key[0].count("_") >= 3 else "fclib"))
        row = {"problem": key[0], "set": st, "family": family_of(key[0], fam), "nc": any_row["nc"],
               "seed": any_row.get("seed", "") if st == "generated" else "", "pair": key[1],
               "pinocchio_version": any_row.get("pinocchio_version", "")}
        if not c or not p:
            what = next(iter(d.values()))["side"]
            row.update(ct_method=what, pin_method=what, both_converged=0)
            out.append(row)
            continue
        both = c["converged"] == "1" and p["converged"] == "1"
        row.update(ct_method=c["method"], ct_tol=c["own_tol"], ct_iters=c["iterations"],
                   ct_us=fmt(num(c["median_us"]), "%.4g"), ct_us_per_iter=fmt(num(c["us_per_iter"])),
                   ct_error=fmt(num(c["rel_error"]), "%.2g"),
                   pin_method=p["method"], pin_tol=p["own_tol"], pin_iters=p["iterations"],
                   pin_us=fmt(num(p["median_us"]), "%.4g"), pin_us_per_iter=fmt(num(p["us_per_iter"])),
                   pin_error=fmt(num(p["rel_error"]), "%.2g"), both_converged=int(both),
                   rounds=c["rounds"], fresh_check=p.get("fresh_check", ""))
        if both:
            row["time_ratio"] = fmt(num(c["median_us"]) / num(p["median_us"]))
            row["iter_cost_ratio"] = fmt(num(c["us_per_iter"]) / num(p["us_per_iter"]))
        row["_ct_ok"] = c["converged"] == "1"
        row["_pin_ok"] = p["converged"] == "1"
        out.append(row)
    return out


def mujoco_tables(rows):
    by = {}
    order = []
    for r in rows:
        key = (r["scene"], r["step"])
        if key not in by:
            by[key] = {}
            order.append(key)
        by[key][r["side"]] = r
    out = []
    for key in order:
        d = by[key]
        mj, ct = d.get("mujoco"), d.get("contact.h")
        tot, gen, genl = d.get("contact.h+form"), d.get("contact.h:MJ"), d.get("contact.h:MJ+L")
        form, dense = d.get("form"), d.get("form:dense")
        if not mj or not ct:
            continue
        mj_us = num(mj["median_us"])
        row = {"scene": key[0], "step": key[1], "time": mj["time"], "nv": mj["nv"], "n": mj["n"],
               "nc": mj["nc"], "r_avg": mj["r_avg"],
               "mj_tol": mj["own_tol"], "mj_iters": mj["iterations"], "mj_us": fmt(mj_us, "%.4g"),
               "mj_soft_rel": fmt(num(mj["soft_rel"]), "%.2g"),
               "ct_tol": ct["own_tol"], "ct_iters": ct["iterations"],
               "ct_us": fmt(num(ct["median_us"]), "%.4g"),
               "ct_soft_rel": fmt(num(ct["soft_rel"]), "%.2g"),
               "force_diff": fmt(num(ct["force_diff"]), "%.2g"),
               "form_us": fmt(num(form["median_us"]), "%.4g") if form else "",
               "form_dense_us": fmt(num(dense["median_us"]), "%.4g") if dense else "",
               "ct_form_us": fmt(num(tot["median_us"]), "%.4g") if tot else "",
               "mj_alone_us": fmt(num(gen["median_us"]), "%.4g") if gen else "",
               "mj_alone_soft_rel": fmt(num(gen["soft_rel"]), "%.2g") if gen else "",
               "mj_factor_us": fmt(num(genl["median_us"]), "%.4g") if genl else "",
               "rounds": mj["rounds"], "mujoco_version": mj.get("mujoco_version", "")}
        both = mj["converged"] == "1" and ct["converged"] == "1"
        if both:
            row["ratio"] = fmt(num(ct["median_us"]) / mj_us)
            if tot:
                row["ratio_with_form"] = fmt(num(tot["median_us"]) / mj_us)
            if gen and gen["converged"] == "1":
                row["ratio_mj_alone"] = fmt(num(gen["median_us"]) / mj_us)
            if genl and genl["converged"] == "1":
                row["ratio_mj_factor"] = fmt(num(genl["median_us"]) / mj_us)
        row["_ct_ok"] = ct["converged"] == "1"
        row["_pin_ok"] = mj["converged"] == "1"
        out.append(row)
    return out


def median_row(st, comparison, rows, ratio="time_ratio", cost="iter_cost_ratio", form=None, alone=None,
               factor=None):
    rs = [num(r.get(ratio)) for r in rows if r.get(ratio, "") != ""]
    return {"set": st, "comparison": comparison, "problems": len(rows),
            "ct_solved": sum(1 for r in rows if r.get("_ct_ok")),
            "peer_solved": sum(1 for r in rows if r.get("_pin_ok")),
            "both": len(rs), "median_ratio": fmt(median(rs)),
            "min_ratio": fmt(min(rs)) if rs else "", "max_ratio": fmt(max(rs)) if rs else "",
            "ct_faster": sum(1 for x in rs if x < 1),
            "median_iter_cost_ratio": fmt(median(num(r.get(cost)) for r in rows if r.get(cost, "") != "")) if cost else "",
            "median_ratio_with_form": fmt(median(num(r.get(form)) for r in rows if r.get(form, "") != "")) if form else "",
            "median_ratio_mj_alone": fmt(median(num(r.get(alone)) for r in rows if r.get(alone, "") != "")) if alone else "",
            "median_ratio_mj_factor": fmt(median(num(r.get(factor)) for r in rows if r.get(factor, "") != "")) if factor else ""}


def main():
    pin_path = sys.argv[1] if len(sys.argv) > 1 else "build/bench/peers.csv"
    mj_path = sys.argv[2] if len(sys.argv) > 2 else "build/bench/peers_mujoco.csv"
    pin = pinocchio_tables(read(pin_path))
    mj = mujoco_tables(read(mj_path))
    medians = []
    names = {"admm": "ADMM_NCP / Pinocchio ADMM", "admm_lapack": "ADMM_NCP with LAPACK / Pinocchio ADMM",
             "pgs": "PGS_NCP / Pinocchio PGS"}
    for pair in ("admm", "admm_lapack", "pgs"):
        prs = [r for r in pin if r["pair"] == pair]
        if not prs:
            continue
        for st in ("fclib", "generated"):
            sub = [r for r in prs if r["set"] == st]
            if sub:
                medians.append(median_row(st, names[pair], sub))
        medians.append(median_row("all", names[pair], prs))
    if mj:
        for scene in dict.fromkeys(r["scene"] for r in mj):
            medians.append(median_row("mujoco:" + scene, "NEWTON_SOFT / MuJoCo Newton",
                                      [r for r in mj if r["scene"] == scene], "ratio", None,
                                      "ratio_with_form", "ratio_mj_alone", "ratio_mj_factor"))
        core = [r for r in mj if r["scene"] in CORE_SCENES]
        others = [r for r in mj if r["scene"] not in CORE_SCENES]
        if core:
            medians.append(median_row("mujoco:all", "NEWTON_SOFT / MuJoCo Newton", core, "ratio", None,
                                      "ratio_with_form", "ratio_mj_alone", "ratio_mj_factor"))
        if others:
            medians.append(median_row("mujoco:others", "NEWTON_SOFT / MuJoCo Newton", others, "ratio", None,
                                      "ratio_with_form", "ratio_mj_alone", "ratio_mj_factor"))
    # a peer whose input is missing keeps its median rows of the same day's file (a run of one
    # peer alone, e.g. MuJoCo after a change of NEWTON_SOFT, does not erase the other's)
    old_path = record.path_for("peers-median")
    if medians and (not pin or not mj) and os.path.exists(old_path):
        keep = "mujoco:" if not mj else None
        for r in read(old_path):
            is_mj = r["set"].startswith("mujoco:")
            if (not pin and not is_mj) or (keep and is_mj):
                medians.append({k: r.get(k, "") for k in MEDIAN_FIELDS})
    written = []
    if pin:
        written.append(record.write("peers", PAIR_FIELDS, pin))
    if mj:
        written.append(record.write("peers-mujoco", MJ_FIELDS, mj))
    if medians:
        written.append(record.write("peers-median", MEDIAN_FIELDS, medians))
    print("bench/peers_report.py: wrote %s" % ", ".join(written))
    for m in medians:
        print("  %-22s %-28s both %3s / %-3s  median ratio %-6s [%s, %s]  per iteration %-6s with form %s  M and J alone %s"
              "  with M's factor %s"
              % (m["set"], m["comparison"], m["both"], m["problems"], m["median_ratio"],
                 m["min_ratio"], m["max_ratio"], m["median_iter_cost_ratio"], m["median_ratio_with_form"],
                 m.get("median_ratio_mj_alone", ""), m.get("median_ratio_mj_factor", "")))
    fresh = [r for r in pin if r.get("fresh_check") not in ("", None, "0")]
    print("check: Pinocchio's reset ADMM equals a fresh solver on every problem: %s%s"
          % (not fresh, "" if not fresh else " (%s)" % ", ".join(r["problem"] for r in fresh)))
    subprocess.call([sys.executable, os.path.join(HERE, "results", "summarize.py")])


if __name__ == "__main__":
    main()
