"""float32: float32 arrays run the float build of the library (CONTACT_USE_FLOAT, symbols
*_f32), with the float build's defaults, and every result comes back in float32."""

import numpy as np
import pytest

import contact
from conftest import random_problem


def test_precision_follows_the_arrays():
    G, g, mu = random_problem(5, nc=3)
    r64 = contact.solve(G, g, mu)
    r32 = contact.solve(G.astype(np.float32), g, mu)  # G's dtype decides; g and mu follow
    assert r64.lam.dtype == np.float64 and r32.lam.dtype == np.float32 and r32.v.dtype == np.float32
    assert contact.solve(G, g, mu, dtype=np.float32).lam.dtype == np.float32
    assert contact.solve(G.astype(np.float32), g, mu, dtype=np.float64).lam.dtype == np.float64
    assert np.allclose(r32.v, r64.v, atol=1e-3)
    assert r32.history.criterion.dtype == np.float32
    assert isinstance(r32.ncp.absolute, float)


def test_float_build_and_defaults():
    L = contact.lib(np.float32)
    assert L.dtype == np.float32 and L.layout["real"] == 4
    assert L.layout["symbols"]["ct_solve"] == "ct_solve_f32"
    assert contact.lib(np.float64).layout["symbols"]["ct_solve"] == "ct_solve_f64"
    d32 = contact.default_settings(dtype=np.float32)
    d64 = contact.default_settings()
    assert d32["tol_abs"] == pytest.approx(1e-4) and d64["tol_abs"] == 1e-8
    assert d32["sym_tol"] == pytest.approx(1e-2) and d64["sym_tol"] == pytest.approx(1e-2)


def test_float32_everywhere():
    G, g, mu = random_problem(6, nb=1, nu=1, nc=3, nv=16)
    G, g, mu = G.astype(np.float32), g.astype(np.float32), mu.astype(np.float32)
    sv = contact.Solver(G, g, mu, 1, 1, method="NEWTON_NCP")
    res = sv.solve()
    assert res.converged and res.lam.dtype == np.float32
    sv.update(g=g * 1.1)
    assert sv.solve().lam.dtype == np.float32
    assert contact.velocity(G, g, res.lam, 1, 1).dtype == np.float32
    assert contact.project_cone(np.ones(3, np.float32), 0.5).dtype == np.float32
    assert contact.criteria(G, g, mu, res.lam, res.v, nb=1, nu=1).absolute == res.ncp.absolute
    R, vref = contact.compliance_sap(G, 0.01, 1e4, 0.1, nb=1, nu=1)
    assert R.dtype == np.float32


def test_float32_sparse():
    sp = pytest.importorskip("scipy.sparse")
    G, g, mu = random_problem(6, nc=4, nv=20)
    Gs = sp.csr_matrix(G.astype(np.float32))
    res = contact.solve(Gs, g, mu, method="ADMM_NCP")
    assert res.lam.dtype == np.float32 and res.converged
