"""compare_methods.py - several methods on one problem: iterations, accuracy, time, and the
convergence of each (its per-iteration stopping measure) in one plot.

    python3 compare_methods.py                   the table
    python3 compare_methods.py --plot conv.png   and the plot (needs matplotlib)

The problem: a light box under a box ten times heavier, both sliding and spinning on the
ground (boxes.py): 8 contacts, a mass ratio of 10 and a singular Delassus matrix (4 coplanar
contacts per box give rank 6 of 12 each). Solved for forces (g divided by dt, as [LeLidec24]
recommends), to the header's default tolerance 1e-8 on the absolute NCP residual.
"""

import argparse
import time

import numpy as np

import boxes
import contact

METHODS = ["PGS_NCP", "NBGS", "RAISIM_DS", "STAGGERED", "ADMM_NCP", "NEWTON_NCP", "PROX_NCP", "HYBRID_NCP"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plot", metavar="PNG", help="write the convergence plot to this file")
    ap.add_argument("--max-iter", type=int, default=2000)
    args = ap.parse_args()

    dt = 0.01
    M, J, v_free = boxes.stack(masses=[1.0, 10.0], push=1.0, spin=2.0, dt=dt)
    G, g = contact.delassus_from_mj(M, J, v_free)
    g /= dt  # forces, not impulses
    mu = np.full(8, 0.4)

    # ncp: the NCP residuals of the answer; model: those of the law the method solves (its
    # flavor: NBGS and RAISIM solve Preclik's per-contact model, not Coulomb's NCP)
    print("%-11s %-9s %-15s %6s %10s %10s %9s" % ("method", "flavor", "status", "iter", "ncp.abs", "model.abs",
                                                  "time ms"))
    results = {}
    for m in METHODS:
        t0 = time.perf_counter()
        res = contact.solve(G, g, mu, method=m, max_iter=args.max_iter)
        ms = 1e3 * (time.perf_counter() - t0)
        results[m] = res
        print("%-11s %-9s %-15s %6d %10.2e %10.2e %9.3f" % (m, res.flavor, res.status, res.iterations,
                                                             res.ncp.absolute, res.model.absolute, ms))
    best = results["PROX_NCP"]
    print("contact modes (PROX_NCP): %s" % " ".join(contact.contact_modes(G, g, mu, best.lam, best.v)))
    print("the lower box's corners slide at %.3f m/s" % (np.linalg.norm(best.v[:2]) * dt))

    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("matplotlib is not installed: no plot")
            return
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for m, res in results.items():
            h = res.history
            ok = np.isfinite(h.criterion)
            ax.semilogy(h.iteration[ok], h.criterion[ok], label="%s (%d)" % (m, res.iterations))
        ax.axhline(results["ADMM_NCP"].settings["tol_abs"], color="gray", ls=":", lw=1)
        ax.set_xscale("log")
        ax.set_xlabel("iteration")
        ax.set_ylabel("absolute residual of the method's law")
        ax.set_title("two stacked boxes sliding and spinning: 8 contacts")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print("wrote %s" % args.plot)


if __name__ == "__main__":
    main()
