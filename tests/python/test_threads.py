"""Threads: a solve releases the GIL (ctypes.CDLL calls do), so other Python threads run
during it, and solves in several threads at once give the answers of solves one after the
other, bit for bit (contact.h is reentrant; each call has its own workspace)."""

import threading
import time

import numpy as np

import contact
from conftest import random_problem


def long_problem():
    return random_problem(7, nc=60, nv=200)


def test_the_gil_is_released_during_a_solve():
    G, g, mu = long_problem()
    kw = dict(method="PGS_NCP", tol=1e-300, history=False)  # never met: exactly max_iter sweeps
    t0 = time.perf_counter()
    contact.solve(G, g, mu, max_iter=200, **kw)
    per_sweep = (time.perf_counter() - t0) / 200
    sweeps = int(min(max(0.6 / per_sweep, 200), 10 ** 6))  # about 0.6 s in C
    done = threading.Event()
    span = {}

    def worker():
        span["start"] = time.perf_counter()
        contact.solve(G, g, mu, max_iter=sweeps, **kw)
        span["end"] = time.perf_counter()
        done.set()

    t = threading.Thread(target=worker)
    stamps = []
    t.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    inside = [s for s in stamps if span["start"] < s < span["end"]]
    duration = span["end"] - span["start"]
    # with the GIL held for the call this thread could not run at all until it returned
    assert len(inside) >= 10, (len(inside), duration)
    gaps = np.diff([span["start"]] + inside + [span["end"]])
    assert gaps.max() < 0.5 * duration, (gaps.max(), duration)


def test_concurrent_solves_match_sequential_ones():
    problems = [random_problem(s, nb=1, nu=1, nc=8, nv=30) for s in range(4)]
    methods = ["ADMM_NCP", "PGS_NCP", "NEWTON_NCP", "HYBRID_NCP"]
    want = [contact.solve(G, g, mu, 1, 1, method=m) for (G, g, mu), m in zip(problems, methods)]
    got = [[None] * 5 for _ in problems]
    errors = []

    def worker(i):
        try:
            G, g, mu = problems[i]
            for k in range(5):
                got[i][k] = contact.solve(G, g, mu, 1, 1, method=methods[i])
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(problems))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for w, runs in zip(want, got):
        for r in runs:
            assert np.array_equal(r.lam, w.lam) and np.array_equal(r.v, w.v)
            assert r.iterations == w.iterations and np.array_equal(r.history.criterion, w.history.criterion,
                                                                   equal_nan=True)


def test_a_solver_object_shared_by_threads_is_serialized():
    G, g, mu = random_problem(2, nc=6, nv=24)
    sv = contact.Solver(G, g, mu, method="ADMM_NCP")
    want = sv.solve()
    out, errors = [], []

    def worker():
        try:
            for _ in range(5):
                out.append(sv.solve())
        except Exception as e:  # pragma: no cover
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(np.array_equal(r.lam, want.lam) for r in out) and len(out) == 15
