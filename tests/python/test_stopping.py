"""Stopping a solve other than by its tolerance: the fixed budget (stop="none", status
"iterations done"), the time limit (time_limit= with the shim's C clock), cancellation from
another thread (contact.Cancel, polled from C without the GIL) and a Python progress
callable; the second-order methods NEWTON_NCP, PROX_NCP and HYBRID_NCP; the newer result
codes."""

import ctypes
import threading
import time

import numpy as np
import pytest

import contact
from conftest import random_problem

DTYPES = [np.float64, np.float32]
STATUS = {"CONVERGED": 0, "ITERATIONS_DONE": 5, "INTERRUPTED": 6}


def hard(dtype=np.float64, nc=60):
    """a problem PGS_NCP does not solve to 1e-30 in any time: every solve below runs until
    something other than its tolerance stops it"""
    return random_problem(7, nb=1, nu=1, nc=nc, dtype=dtype)


def endless(**kw):
    return dict(method="PGS_NCP", tol=1e-30, max_iter=2 ** 31 - 1, history=False, **kw)


def test_status_and_result_codes():
    C = contact._ffi.CONSTANTS
    assert C["CT_STATUS_ITERATIONS_DONE"] == 5 and C["CT_STATUS_INTERRUPTED"] == 6
    assert C["CT_STOP_NONE"] == 2
    for code, name, string in ((-20, "CT_ERROR_SINGULAR", "singular matrix"),
                               (-21, "CT_ERROR_INVALID_VALUE", "invalid value")):
        e = contact.ContactError(code, "ct_lu_factor")
        assert (e.code, e.name, e.string) == (code, name, string)
        assert string in str(e) and e.explanation
    # the raw layer reaches the new linear algebra: a singular matrix is CT_ERROR_SINGULAR
    L = contact.lib()
    A = np.array([[1.0, 2.0], [2.0, 4.0]])
    piv, bad = np.zeros(2, np.intc), ctypes.c_int(-1)
    r = L.ct_lu_factor(A.ctypes.data, 2, 2, piv.ctypes.data, ctypes.byref(bad))
    assert r == -20 and bad.value == 1
    assert contact.ContactError(r, "ct_lu_factor", lib=L).string == "singular matrix"


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("method", ["NEWTON_NCP", "PROX_NCP", "HYBRID_NCP"])
def test_second_order_methods(method, dtype):
    assert method in contact.methods()
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6, dtype=dtype)
    tol = 1e-12 if dtype == np.float64 else 1e-5
    res = contact.solve(G, g, mu, 1, 1, method=method, stop="relative", tol=tol)
    assert res.converged and res.method == method and res.flavor == "NCP", res
    assert res.newton_iterations > 0 and res.factorizations > 0
    assert res.ncp.relative <= tol and res.lam.dtype == dtype
    ref = contact.solve(G.astype(float), g.astype(float), mu.astype(float), 1, 1, method="ADMM_NCP", tol=1e-12)
    assert np.allclose(res.lam, ref.lam, atol=1e-7 if dtype == np.float64 else 1e-2)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("method", [m for m in contact.methods() if m != "NEWTON_SOFT"])
def test_fixed_budget(method, dtype):
    G, g, mu = random_problem(11, nb=1, nu=1, nc=5, dtype=dtype)
    res = contact.solve(G, g, mu, 1, 1, method=method, stop="none", max_iter=12)
    assert res.status == "iterations done" and res.status_code == STATUS["ITERATIONS_DONE"], res
    assert not res.converged
    assert res.settings["stop"] == "none"
    if method != "HYBRID_NCP":  # its Newton phases have their own budgets
        assert res.iterations == 12 and len(res.history) == 12
    assert np.isfinite(res.ncp.absolute) and np.isfinite(res.model.absolute)
    # the point is scored as any other: the criteria of (lambda, v) give the same residuals
    crit = contact.criteria(G, g, mu, res.lam, res.v, "NCP", 1, 1)
    assert crit.absolute == pytest.approx(res.ncp.absolute, rel=1e-3, abs=1e-5)


def test_fixed_budget_of_the_solver_object():
    G, g, mu = random_problem(12, nb=1, nu=1, nc=5)
    sv = contact.Solver(G, g, mu, 1, 1, method="ADMM_NCP")
    assert sv.solve().converged
    sv.update_settings(stop="none", max_iter=7)
    res = sv.solve()
    assert res.status_code == STATUS["ITERATIONS_DONE"] and res.iterations == 7


@pytest.mark.parametrize("dtype", DTYPES)
def test_time_limit(dtype):
    G, g, mu = hard(dtype)
    t0 = time.monotonic()
    res = contact.solve(G, g, mu, 1, 1, **endless(time_limit=0.05))
    took = time.monotonic() - t0
    assert res.status == "interrupted" and res.status_code == STATUS["INTERRUPTED"], res
    assert 0 < res.iterations and took < 10  # bounded by one sweep past 0.05 s
    assert np.all(np.isfinite(res.lam)) and np.isfinite(res.ncp.absolute)
    assert res.settings["time_limit"] == pytest.approx(0.05)


def test_time_limit_for_every_method():
    G, g, mu = hard(nc=30)
    for method in contact.methods():
        R = 0.01 if method == "NEWTON_SOFT" else None
        res = contact.solve(G, g, mu, 1, 1, R=R, method=method, tol=1e-30, max_iter=2 ** 31 - 1,
                            time_limit=1e-9, history=False)
        assert res.status_code == STATUS["INTERRUPTED"], (method, res)


def test_time_limit_not_reached_changes_nothing():
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6)
    for method in ("ADMM_NCP", "NEWTON_NCP", "HYBRID_NCP"):
        a = contact.solve(G, g, mu, 1, 1, method=method)
        b = contact.solve(G, g, mu, 1, 1, method=method, time_limit=3600.0, poll_every=3)
        assert a.converged and b.converged
        assert np.array_equal(a.lam, b.lam) and np.array_equal(a.v, b.v) and a.iterations == b.iterations


def test_time_limit_of_the_solver_object():
    G, g, mu = hard()
    sv = contact.Solver(G, g, mu, 1, 1, **endless())
    sv.update_settings(time_limit=0.02)
    assert sv.solve().status_code == STATUS["INTERRUPTED"]
    sv.update_settings(time_limit=0.0, max_iter=3)
    res = sv.solve()
    assert res.status == "max iterations" and res.iterations == 3


def test_cancel_from_another_thread():
    G, g, mu = hard()
    token = contact.Cancel()
    out = {}

    def run():
        out["res"] = contact.solve(G, g, mu, 1, 1, **endless(cancel=token))

    t = threading.Thread(target=run)
    t0 = time.monotonic()
    t.start()
    time.sleep(0.05)  # the solve runs without the GIL: this thread gets it back
    assert t.is_alive()
    token.set()
    t.join(60)
    assert not t.is_alive()
    res = out["res"]
    assert res.status_code == STATUS["INTERRUPTED"] and res.iterations > 0
    assert time.monotonic() - t0 < 30 and token.is_set()
    token.clear()
    done = contact.solve(G, g, mu, 1, 1, method="ADMM_NCP", cancel=token)
    assert done.converged


def test_cancel_set_before_the_solve():
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6)
    token = contact.Cancel()
    token.set()
    sv = contact.Solver(G, g, mu, 1, 1, method="NEWTON_NCP", cancel=token)
    assert sv.solve().status_code == STATUS["INTERRUPTED"]
    token.clear()
    assert sv.solve().converged


def test_progress_callable():
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6)
    seen = []

    def progress(p):
        assert isinstance(p, contact.Progress)
        seen.append(p)
        return len(seen) >= 4

    res = contact.solve(G, g, mu, 1, 1, method="ADMM_NCP", tol=1e-30, progress=progress)
    assert res.status_code == STATUS["INTERRUPTED"] and len(seen) == 4
    assert [p.iterations for p in seen] == sorted(p.iterations for p in seen)
    # a callable that never stops leaves the result bit for bit as without it
    a = contact.solve(G, g, mu, 1, 1, method="NEWTON_NCP")
    calls = []
    b = contact.solve(G, g, mu, 1, 1, method="NEWTON_NCP", progress=lambda p: calls.append(p) and False)
    assert np.array_equal(a.lam, b.lam) and a.iterations == b.iterations and len(calls) > 0
    assert any(p.newton_iterations > 0 for p in calls)
    every = []
    contact.solve(G, g, mu, 1, 1, method="PGS_NCP", max_iter=20, stop="none", poll_every=5,
                  progress=lambda p: every.append(p.iterations) and False)
    assert every == [5, 10, 15, 20], every


def test_progress_exception_is_raised_after_the_solve():
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6)

    def boom(p):
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        contact.solve(G, g, mu, 1, 1, progress=boom)
    sv = contact.Solver(G, g, mu, 1, 1, progress=boom)
    with pytest.raises(KeyError):
        sv.solve()
    sv.update_settings(progress=None)
    assert sv.solve().converged


def test_stopping_settings_errors():
    G, g, mu = random_problem(5, nb=1, nu=1, nc=6)
    for kw, field in (({"time_limit": -1.0}, "time_limit"), ({"time_limit": np.inf}, "time_limit"),
                      ({"poll_every": 0}, "poll_every")):
        with pytest.raises(contact.ContactError) as e:
            contact.solve(G, g, mu, 1, 1, **kw)
        assert e.value.name == "CT_ERROR_INVALID_SETTINGS" and e.value.field == field
    for kw in ({"clock": 1}, {"user": 1}):
        with pytest.raises(TypeError, match="cannot be set"):
            contact.solve(G, g, mu, 1, 1, **kw)
    with pytest.raises(TypeError, match="Cancel"):
        contact.solve(G, g, mu, 1, 1, cancel=True)
    with pytest.raises(TypeError, match="callable"):
        contact.solve(G, g, mu, 1, 1, progress=3)
    with pytest.raises(ValueError, match="none"):
        contact.solve(G, g, mu, 1, 1, stop="never")


def test_stop_both():
    """stop="both": the absolute and the relative test at once; a converged answer meets both"""
    G, g, mu = random_problem(5, nb=0, nu=0, nc=6)
    assert contact._ffi.CONSTANTS["CT_STOP_BOTH"] == 3
    r = contact.solve(G, g * 1e-7, mu, method="ADMM_NCP", stop="both", tol_abs=1e-8, tol_rel=1e-8,
                      max_iter=5000)
    assert r.converged
    assert r.ncp.absolute <= 1e-8 and r.ncp.relative <= 1e-8
    # the absolute test alone stops on an answer that is poor relative to its scale
    a = contact.solve(G, g * 1e-7, mu, method="ADMM_NCP", tol_abs=1e-8, max_iter=5000)
    assert a.converged and a.ncp.relative > 1e-8
