#!/usr/bin/env python3
"""examples/world/plot.py CSV_DIR IMG_DIR - the PNG plots of docs/physics.md.

Reads the trajectories written by `world_demo -o CSV_DIR` (files <scenario>_<METHOD>.csv) and
writes IMG_DIR/world_<scenario>.png. `make world-plots` runs both. Needs matplotlib."""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

MU, G = 0.4, 9.81
MODEL = {"PGS_NCP": "NCP", "ADMM_NCP": "NCP", "ADMM_CCP": "CCP", "PGS_CCP": "CCP",
         "PGS_LCP": "LCP", "RAISIM": "RaiSim", "NBGS": "NBGS", "STAGGERED": "NCP",
         "SOFT_Lagged": "soft", "SOFT_Similar": "soft", "SOFT_SAP": "soft", "SOFT_CCP-SAP": "soft",
         "SOFT_CCP-MuJoCo": "soft"}
COLOR = {"PGS_NCP": "C0", "ADMM_NCP": "C1", "ADMM_CCP": "C2", "PGS_CCP": "C6",
         "PGS_LCP": "C3", "RAISIM": "C4", "NBGS": "C5", "STAGGERED": "C7",
         "SOFT_Lagged": "C0", "SOFT_Similar": "C1", "SOFT_SAP": "C3", "SOFT_CCP-SAP": "C4",
         "SOFT_CCP-MuJoCo": "C5"}


def load(csv_dir, scenario, method):
    path = os.path.join(csv_dir, "%s_%s.csv" % (scenario, method))
    if not os.path.exists(path):
        return None
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) for r in rows] for k in rows[0]} if rows else None


def label(m):
    if m.startswith("SOFT_"):
        return "NEWTON_SOFT %s" % m[5:]
    return "%s (%s)" % (m, MODEL.get(m, "?"))


def save(fig, img_dir, name):
    fig.tight_layout()
    path = os.path.join(img_dir, "world_%s.png" % name)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    print("wrote", path)


def slide_energy(d, out):
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for m in ["PGS_NCP", "ADMM_CCP", "PGS_LCP", "RAISIM"]:
        c = load(d, "slide_energy", m)
        if c:
            ax.plot(c["t"], c["ke"], color=COLOR[m], label=label(m))
    c = load(d, "slide_energy", "PGS_NCP")
    if c:
        ax.plot(c["t"], c["ke_analytic"], "k--", lw=1, label="1/2 m (v0 - mu g t)^2")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("kinetic energy (J)")
    ax.set_title("cube sliding from 1 m/s ([LeLidec24] Fig. 10)")
    ax.legend(fontsize=8)
    save(fig, out, "slide_energy")


def drag(d, out):
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for m in ["PGS_NCP", "ADMM_CCP", "RAISIM"]:
        c = load(d, "drag", m)
        if c:
            ax.plot(c["t"], c["x"], color=COLOR[m], label=label(m))
            ax2.plot(c["t"], c["friction"], color=COLOR[m], label=label(m))
    c = load(d, "drag", "PGS_NCP")
    if c:
        ax.plot(c["t"], c["x_analytic"], "k--", lw=1, label="10/3 (t - t*)^3")
        ax2.plot(c["t"], [-min(f, MU * G) for f in c["force"]], "k--", lw=1, label="-min(F, mu m g)")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("x (m)")
    ax.set_title("cube dragged by F = 20 t N ([LeLidec24] Fig. 11)")
    ax.legend(fontsize=8)
    ax2.set_xlabel("t (s)")
    ax2.set_ylabel("ground friction along x (N)")
    ax2.legend(fontsize=8)
    save(fig, out, "drag")


def slide_30(d, out):
    fig, ax = plt.subplots(figsize=(6, 4))
    for m in ["PGS_NCP", "ADMM_CCP", "PGS_LCP"]:
        c = load(d, "slide_30deg", m)
        if c:
            ax.plot(c["x"], c["y"], color=COLOR[m], label=label(m))
    th = math.radians(30)
    ax.plot([0, 0.13 * math.cos(th)], [0, 0.13 * math.sin(th)], "k:", lw=1, label="initial direction")
    ax.set_aspect("equal")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    ax.set_title("sliding at 30 degrees from t1 ([LeLidec24] Fig. 9)")
    ax.legend(fontsize=8)
    save(fig, out, "slide_30deg")


def glide(d, out):
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for m in ["ADMM_CCP", "PGS_NCP"]:
        c = load(d, "ccp_glide", m)
        if c:
            ax.plot(c["t"], [1e3 * g for g in c["gap"]], color=COLOR[m], label=label(m) + " gap")
    c = load(d, "ccp_glide", "ADMM_CCP")
    if c:
        ax.plot(c["t"], [1e3 * g for g in c["gap_anitescu"]], "k--", lw=1, label="dt mu ||v_T||")
    ax.set_ylim(-0.05, 0.6)
    ax.set_xlabel("t (s)")
    ax.set_ylabel("height of the bottom face (mm)")
    ax.set_title("CCP glide: Anitescu's distance dt mu ||v_T||")
    ax.legend(fontsize=8)
    save(fig, out, "ccp_glide")


def internal(d, out):
    methods = ["PGS_NCP", "NBGS", "RAISIM", "ADMM_NCP"]
    fig, ax = plt.subplots(figsize=(6, 3.6))
    width = 0.2
    for i, m in enumerate(methods):
        c = load(d, "internal_forces", m)
        if not c:
            continue
        tlast = c["t"][-1]
        fy = [fy for t, fy in zip(c["t"], c["fy"]) if t == tlast]
        ax.bar([k + (i - 1.5) * width for k in range(len(fy))], fy, width, color=COLOR[m], label=label(m))
    ax.axhline(0, color="k", lw=0.5)
    ax.set_xticks(range(4))
    ax.set_xticklabels(["corner %d" % k for k in range(4)])
    ax.set_ylabel("friction along y (N)")
    ax.set_title("cube at rest pushed by 1 N along x: internal forces ([LeLidec24] Fig. 12)")
    ax.legend(fontsize=8)
    save(fig, out, "internal_forces")


def stack(d, out):
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for m in ["PGS_NCP", "RAISIM", "STAGGERED", "ADMM_NCP"]:
        c = load(d, "stack_1e6", m)
        if c:
            ax.plot(c["t"], [1e3 * (z - 0.3) for z in c["z_top"]], color=COLOR[m], label=label(m))
    ax.set_xlabel("t (s)")
    ax.set_ylabel("top cube height - rest (mm)")
    ax.set_title("1e3 kg cube on a 1e-3 kg cube ([LeLidec24] Fig. 13)")
    ax.legend(fontsize=8)
    save(fig, out, "stack")


def wall(d, out):
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for m in ["PGS_NCP", "ADMM_NCP"]:
        c = load(d, "wall_ball", m)
        if c:
            ax.plot(c["t"], [1e3 * p for p in c["max_penetration"]], color=COLOR[m], label=label(m))
            ax2.plot(c["t"], [1e3 * p for p in c["bottom_max_disp"]], color=COLOR[m], label=label(m))
    ax.set_xlabel("t (s)")
    ax.set_ylabel("deepest penetration (mm)")
    ax.set_title("wall of 1..1e4 kg cubes hit by a 1e3 kg ball")
    ax.legend(fontsize=8)
    ax2.set_xlabel("t (s)")
    ax2.set_ylabel("bottom row displacement (mm)")
    ax2.legend(fontsize=8)
    save(fig, out, "wall")


def ball(d, out):
    c = load(d, "ball_bounce", "ADMM_NCP")
    if not c:
        return
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.plot(c["t"], c["height"], color=COLOR["ADMM_NCP"], label=label("ADMM_NCP"))
    ax.axhline(0.64, color="k", ls="--", lw=1, label="e^2 h0 = 0.64 m")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("height of the ball's bottom (m)")
    ax.set_title("ball dropped from 1 m, restitution 0.8")
    ax.legend(fontsize=8)
    save(fig, out, "ball_bounce")


def joints(d, out):
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for m in ["ADMM_NCP", "PGS_NCP"]:
        c = load(d, "fourbar", m)
        if c:
            ax.semilogy(c["t"], [max(e, 1e-16) for e in c["loop_error"]], color=COLOR[m], label=label(m))
    c = load(d, "nunchuk", "ADMM_NCP")
    if c:
        ax.semilogy(c["t"], [max(e, 1e-16) for e in c["joint_error"]], color="C8", label="nunchuk, ADMM_NCP")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("largest joint anchor separation (m)")
    ax.set_title("four-bar loop closure (joint Baumgarte 0.2)")
    ax.legend(fontsize=8)
    c = load(d, "fourbar", "ADMM_NCP")
    if c:
        ax2.plot(c["t"], c["crank_angle"], color=COLOR["ADMM_NCP"], label="four-bar crank angle (rad)")
    c = load(d, "limit_weld", "ADMM_NCP")
    if c:
        ax2.plot(c["t"], c["angle"], color="C9", label="limited hinge angle (rad)")
        ax2.axhline(math.pi / 3, color="k", ls=":", lw=1, label="limit pi/3")
    ax2.set_xlabel("t (s)")
    ax2.legend(fontsize=8)
    save(fig, out, "joints")


def consistency(d, out):
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for m in ["PGS_NCP", "ADMM_CCP", "PGS_LCP", "RAISIM"]:
        c = load(d, "dt_consistency", m)
        if not c:
            continue
        err = {}
        for dt, x, xr, z, zr in zip(c["dt"], c["x"], c["x_ref"], c["z"], c["z_ref"]):
            err[dt] = err.get(dt, 0.0) + math.hypot(x - xr, z - zr) * dt
        dts = sorted(err)
        ax.loglog(dts, [max(err[k], 1e-16) for k in dts], "o-", color=COLOR[m], label=label(m))
    ax.set_xlabel("dt (s)")
    ax.set_ylabel("sum ||x - x_ref|| dt (m s)")
    ax.set_title("self-consistency vs the same model at dt = 1e-5 s ([LeLidec24] Fig. 15)")
    ax.legend(fontsize=8)
    save(fig, out, "consistency")


def sphere_roll(d, out):
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for m in ["ADMM_NCP", "SOFT_Lagged", "SOFT_Similar", "SOFT_SAP", "SOFT_CCP-MuJoCo"]:
        c = load(d, "sphere_roll", m)
        if not c:
            continue
        col = "k" if m == "ADMM_NCP" else COLOR[m]
        ax.plot(c["t"], c["vx"], color=col, label=label(m) + ": v_x")
        ax.plot(c["t"], c["omega_r"], color=col, ls=":", lw=1)
        ax2.plot(c["t"], [1e3 * h for h in c["height"]], color=col, label=label(m))
    c = load(d, "sphere_roll", "ADMM_NCP")
    if c:
        ax.axhline(c["v_rolling"][0], color="k", ls="--", lw=1, label="5/7 v0")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("v_x (solid), omega r (dotted) (m/s)")
    ax.set_title("sphere sliding at 2 m/s, then rolling ([Castro23] XI-B)")
    ax.legend(fontsize=7)
    ax2.set_xlabel("t (s)")
    ax2.set_ylabel("centre height - r (mm)")
    ax2.set_title("lift: Similar / SAP launch (T9), MuJoCo's CCP")
    ax2.legend(fontsize=7)
    save(fig, out, "sphere_roll")


def soft_glide(d, out):
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for m in ["SOFT_SAP", "SOFT_Similar", "SOFT_Lagged"]:
        c = load(d, "soft_glide", m)
        if not c:
            continue
        ax.plot(c["t"], [1e3 * h for h in c["h"]], color=COLOR[m], label=label(m))
        ax.plot(c["t"], [1e3 * h for h in c["h_pred"]], color="k", ls="--", lw=0.8)
        vt = [abs(v) for v in c["vx"]]
        ax2.plot(vt, [1e3 * (h - r) for h, r in zip(c["h"], c["h_rest"])], color=COLOR[m], label=label(m))
    ax.set_xlabel("t (s)")
    ax.set_ylabel("bottom height h (mm)")
    ax.set_title("cube sliding at 1 m/s: gliding (dashed: prediction)")
    ax.legend(fontsize=8)
    v = [0.0, 1.0]
    ax2.plot(v, [1e3 * MU * (1e-3 + 1e-3) * x for x in v], "k--", lw=1, label="mu (dt + tau_d) ||v_T||")
    ax2.plot(v, [1e3 * MU * 1e-3 * x for x in v], "k:", lw=1, label="mu dt ||v_T||")
    ax2.set_xlabel("||v_T|| (m/s)")
    ax2.set_ylabel("h - h_rest (mm)")
    ax2.set_title("glide height against slip ([Castro23] eq. 24, Table I)")
    ax2.legend(fontsize=8)
    save(fig, out, "soft_glide")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    d, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for f in (slide_energy, drag, slide_30, glide, internal, stack, wall, ball, joints, consistency,
              sphere_roll, soft_glide):
        f(d, out)


if __name__ == "__main__":
    main()
