"""The package gives the C results bit for bit: every method, in double and in float, on the
dense and the block-sparse storage, through contact.solve and through the solver object, the
per-iteration history and ct_jvp included. The C side is tests/python/c_driver.c, compiled
with the Makefile's CFLAGS like the C tests; the package's libraries get the same flags
(plus -fPIC -shared), so equal inputs must give equal bits."""

import numpy as np
import pytest

import contact
from conftest import random_problem, run_driver, write_problem

PRECISIONS = [("f64", np.float64, 1e-8), ("f32", np.float32, 1e-4)]


def bits(a, dtype):
    return np.asarray(a, dtype=dtype).view(np.uint32 if dtype == np.float32 else np.uint64)


def same(a, b, dtype):
    return np.array_equal(bits(a, dtype), bits(b, dtype))


def history_of_c(vals, dtype):
    count, crit = int(vals[0]), np.array(vals[1:], dtype=np.float64).astype(dtype)
    assert len(crit) == count
    return np.where(crit == -1, np.nan, crit).astype(dtype)


def check_against(sec, res, dtype, suffix=""):
    assert same(sec["lam" + suffix], res.lam, dtype), (sec["lam" + suffix], res.lam)
    assert same(sec["v" + suffix], res.v, dtype)
    assert sec["status"][0] == res.status_code
    assert sec["iterations"][0] == res.iterations
    assert sec["factorizations"][0] == res.factorizations
    ncp = [res.ncp.absolute, res.ncp.relative, res.model.absolute, res.model.relative, res.rho]
    assert same(sec["ncp"], ncp, dtype)
    want = history_of_c(sec["history"], dtype)
    got = res.history.criterion
    assert len(got) == len(want)
    assert np.array_equal(bits(np.nan_to_num(got, nan=-1), dtype), bits(np.nan_to_num(want, nan=-1), dtype))


def problem_for(method, seed, dtype):
    G, g, mu = random_problem(seed, nb=1, nu=1, nc=4, dtype=dtype)
    R = np.full(len(g), 0.05, dtype) if method == "NEWTON_SOFT" else None
    return G, g, mu, R


@pytest.mark.parametrize("tag,dtype,tol", PRECISIONS)
@pytest.mark.parametrize("storage", ["dense", "sparse"])
def test_solve_bitwise(tmp_path, tag, dtype, tol, storage):
    scipy_sparse = pytest.importorskip("scipy.sparse") if storage == "sparse" else None
    for k, method in enumerate(contact.methods()):
        G, g, mu, R = problem_for(method, 10 + k, dtype)
        path = tmp_path / ("p%d.txt" % k)
        write_problem(path, G, g, mu, 1, 1, R)
        stop = "relative" if k % 2 else "absolute"
        args = [path, method, 300, stop, float(tol).hex()] + (["sparse"] if scipy_sparse else [])
        (sec,) = run_driver(tag, "solve", *args)
        Gin = scipy_sparse.csr_matrix(G) if scipy_sparse else G
        if sec["result"][0] != 0:  # a method that does not run on this storage
            with pytest.raises(contact.ContactError) as e:
                contact.solve(Gin, g, mu, 1, 1, R=R, method=method, max_iter=300, stop=stop, tol=tol)
            assert e.value.code == sec["result"][0]
            continue
        res = contact.solve(Gin, g, mu, 1, 1, R=R, method=method, max_iter=300, stop=stop, tol=tol)
        assert res.lam.dtype == dtype
        check_against(sec, res, dtype)
        if "jvp" in sec:
            assert sec["jvp"][0] == 0
            d = res.jvp(dg=np.arange(1, len(g) + 1, dtype=dtype))
            assert same(sec["dlam"], d.lam, dtype), method
            assert same(sec["dv"], d.v, dtype), method
            assert d.lambda_unique == bool(sec["jvp"][1])


@pytest.mark.parametrize("tag,dtype,tol", PRECISIONS)
def test_fixed_budget_bitwise(tmp_path, tag, dtype, tol):
    """stop="none": every method runs its max_iter iterations (status "iterations done") and
    scores the point it returns, bit for bit as in C"""
    for k, method in enumerate(contact.methods()):
        G, g, mu, R = problem_for(method, 40 + k, dtype)
        path = tmp_path / ("p%d.txt" % k)
        write_problem(path, G, g, mu, 1, 1, R)
        (sec,) = run_driver(tag, "solve", path, method, 25, "none", float(tol).hex())
        assert sec["result"][0] == 0, method
        res = contact.solve(G, g, mu, 1, 1, R=R, method=method, max_iter=25, stop="none", tol=tol)
        check_against(sec, res, dtype)


@pytest.mark.parametrize("tag,dtype,tol", PRECISIONS)
@pytest.mark.parametrize("method,warm_rho", [("ADMM_NCP", 0), ("ADMM_NCP", 1), ("ADMM_CCP", 1), ("PGS_NCP", 0),
                                             ("NEWTON_SOFT", 0), ("NEWTON_NCP", 0), ("HYBRID_NCP", 1)])
def test_solver_object_bitwise(tmp_path, tag, dtype, tol, method, warm_rho):
    G, g, mu, R = problem_for(method, 3, dtype)
    _, g2, _ = random_problem(4, nb=1, nu=1, nc=4, dtype=dtype)
    write_problem(tmp_path / "p.txt", G, g, mu, 1, 1, R)
    write_problem(tmp_path / "p2.txt", G, g2, mu, 1, 1, R)
    first, second = run_driver(tag, "solver", tmp_path / "p.txt", method, 300, "absolute", float(tol).hex(),
                               tmp_path / "p2.txt", warm_rho)
    assert first["result"] == [0] and second["result2"] == [0]
    sv = contact.Solver(G, g, mu, 1, 1, R=R, method=method, max_iter=300, tol=tol, admm_warm_rho=warm_rho)
    check_against(first, sv.solve(), dtype)
    sv.update(g=g2)
    res = sv.solve()
    check_against(second, res, dtype, suffix="2")
    assert res.reused == {k for k, b in [("rho", 1), ("dual", 2), ("factor", 4), ("ordering", 8)]
                          if second["reused"][0] & b}
