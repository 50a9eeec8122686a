"""fclib_solve.py - FCLib problems (the community's frictional contact collection, HDF5 files
in its "local" format) read with h5py and solved by several methods.

    python3 fclib_solve.py FILE.hdf5 [FILE.hdf5 ...] [--methods HYBRID_NCP,ADMM_NCP] [--tol 1e-8]

Needs h5py (Debian: python3-h5py); scipy (python3-scipy) for the block-sparse storage, which
large problems (more than --dense-max rows) use. Reading a file:

  - /fclib_local/W is the Delassus matrix, stored sparse (nz = -1: compressed columns, -2:
    compressed rows, >= 0: triplets), /fclib_local/vectors/q the free velocity, .../mu the
    friction coefficients;
  - FCLib orders each contact (normal, t1, t2), contact.h (t1, t2, normal): the rows and
    columns are permuted;
  - W is not exactly symmetric in some problems (||W - W^T||_F / ||W||_F up to 4e-4): it is
    replaced by (W + W^T) / 2, and the asymmetry is printed.

The relative error printed is Siconos' (contact.h's ncp.relative), the measure FCLib results
are usually given in.
"""

import argparse
import importlib.util
import os
import sys
import time

import numpy as np

import contact


def read_fclib(path):
    """(W, q, mu) of an FCLib local problem in contact.h's order; W dense, symmetrized; and
    the relative asymmetry of the W stored."""
    import h5py
    with h5py.File(path, "r") as f:
        loc = f["fclib_local"]
        if int(loc["spacedim"][0]) != 3:
            raise ValueError("%s: not a 3D problem" % path)
        Wg = loc["W"]
        m, n, nz = int(Wg["m"][0]), int(Wg["n"][0]), int(Wg["nz"][0])
        p, i, x = Wg["p"][()], Wg["i"][()], Wg["x"][()]
        q = loc["vectors"]["q"][()]
        mu = loc["vectors"]["mu"][()]
    W = np.zeros((m, n))
    if nz == -1:  # compressed columns: column j holds rows i[p[j]:p[j+1]]
        for j in range(n):
            W[i[p[j]:p[j + 1]], j] += x[p[j]:p[j + 1]]
    elif nz == -2:  # compressed rows
        for r in range(m):
            W[r, i[p[r]:p[r + 1]]] += x[p[r]:p[r + 1]]
    else:  # triplets: i the row, p the column; only nz entries are valid
        np.add.at(W, (i[:nz], p[:nz]), x[:nz])
    nc = len(mu)
    if m != n or n != 3 * nc:
        raise ValueError("%s: W is %d x %d for %d contacts" % (path, m, n, nc))
    asym = np.linalg.norm(W - W.T) / max(np.linalg.norm(W), 1e-300)
    perm = (3 * np.arange(nc)[:, None] + np.array([1, 2, 0])).ravel()  # (n, t1, t2) -> (t1, t2, n)
    W = W[np.ix_(perm, perm)]
    W = (W + W.T) / 2
    return W, q[perm], mu, asym


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE.hdf5")
    ap.add_argument("--methods", default="HYBRID_NCP,NEWTON_NCP,ADMM_NCP,PGS_NCP")
    ap.add_argument("--tol", type=float, default=1e-8, help="tolerance on the relative error")
    ap.add_argument("--max-iter", type=int, default=5000)
    ap.add_argument("--dense-max", type=int, default=300, help="rows above which G is given block-sparse")
    args = ap.parse_args()
    if importlib.util.find_spec("h5py") is None:
        sys.exit("fclib_solve.py needs h5py (Debian: python3-h5py)")
    methods = args.methods.split(",")

    print("%-40s %4s %-11s %-15s %6s %10s %10s" % ("problem", "nc", "method", "status", "iter", "relative",
                                                   "time ms"))
    for path in args.files:
        W, q, mu, asym = read_fclib(path)
        G = W
        if W.shape[0] > args.dense_max:
            try:
                import scipy.sparse
                G = scipy.sparse.csr_matrix(W)
            except ImportError:
                pass
        name = os.path.basename(path)
        if asym > 1e-12:  # above rounding: say so
            print("%s: W symmetrized, ||W - W^T||_F / ||W||_F was %.1e" % (name, asym))
        for m in methods:
            t0 = time.perf_counter()
            try:
                res = contact.solve(G, q, mu, method=m, stop="relative", tol=args.tol, max_iter=args.max_iter,
                                    history=False)
            except contact.ContactError as e:
                print("%-40s %4d %-11s error: %s" % (name[:40], len(mu), m, e))
                continue
            ms = 1e3 * (time.perf_counter() - t0)
            print("%-40s %4d %-11s %-15s %6d %10.2e %10.2f" % (name[:40], len(mu), m, res.status, res.iterations,
                                                               res.ncp.relative, ms))


if __name__ == "__main__":
    main()
