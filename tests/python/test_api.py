"""The rest of the API: settings keywords, the history, block-sparse input, the Solver's
updates and state, residuals, cones, compliance helpers, inverse dynamics, the Delassus
matrix, soft models."""

import ctypes

import numpy as np
import pytest

import contact
from conftest import random_problem


def problem(seed=1, nc=3):
    return random_problem(seed, nb=1, nu=1, nc=nc, nv=16)


# ---- settings -------------------------------------------------------------------------------
def test_settings_keywords():
    G, g, mu = problem()
    a = contact.solve(G, g, mu, 1, 1, admm_eta=1e-5, admm_rule="linear", stop="relative", tol=1e-9, max_iter=77)
    b = contact.solve(G, g, mu, 1, 1, admm={"eta": 1e-5, "rule": "LINEAR"}, stop=1, tol_rel=1e-9, max_iter=77)
    for r in (a, b):
        s = r.settings
        assert s["admm"]["eta"] == 1e-5 and s["admm"]["rule"] == "linear"
        assert s["stop"] == "relative" and s["tol_rel"] == 1e-9 and s["max_iter"] == 77
    assert np.array_equal(a.lam, b.lam)
    assert contact.solve(G, g, mu, 1, 1, method="pgs_ncp").method == "PGS_NCP"
    d = contact.default_settings()
    assert d["method"] == "ADMM_NCP" and d["max_iter"] == 1000 and d["tol_abs"] == 1e-8
    assert set(d) >= {"pgs", "admm", "raisim", "staggered", "newton", "nsn", "hybrid", "warm_start"}
    assert "history" not in d
    assert contact.default_settings("PGS_NCP")["method"] == "PGS_NCP"
    assert contact.solve(G, g, mu, 1, 1, method="PGS_CCP", pgs_desaxce=True).settings["pgs"]["desaxce"] == 1


def test_history_arrays():
    G, g, mu = problem()
    r = contact.solve(G, g, mu, 1, 1, method="ADMM_NCP")
    h = r.history
    assert len(h) == r.iterations and not h.truncated
    assert np.array_equal(h.iteration, np.arange(1, r.iterations + 1))
    assert np.all(h.rho > 0) and np.all(np.isfinite(h.primal))
    assert np.nanmin(h.criterion) <= 1e-8 and h.criterion[-1] == pytest.approx(r.ncp.absolute)
    p = contact.solve(G, g, mu, 1, 1, method="PGS_NCP")
    assert np.all(p.history.rho == 0) and np.all(np.isnan(p.history.primal))
    assert contact.solve(G, g, mu, 1, 1, history=False).history is None
    t = contact.solve(G, g, mu, 1, 1, history=5)
    assert len(t.history) == 5 and t.history.truncated


def test_methods_and_version():
    names = contact.methods()
    assert names[:2] == ["PGS_NCP", "ADMM_NCP"] and "HYBRID_NCP" in names
    assert contact.__version__ == contact.header_version()
    r = contact.solve(np.eye(3), [1.0, 0.0, -1.0], 0.5)
    assert r.status == "converged" and r.converged and r.status_code == 0
    assert np.allclose(r.lam, [-0.5, 0, 1], atol=1e-7) and abs(r.v[0] - 0.5) < 1e-7
    assert "ADMM_NCP" in repr(r)


# ---- storage --------------------------------------------------------------------------------
def test_block_sparse_matches_the_header():
    sp = pytest.importorskip("scipy.sparse")
    G, g, mu = problem(nc=5)
    G[np.abs(G) < 0.2] = 0
    row_ptr, col, val = contact.block_sparse(sp.csr_matrix(G), 1, 1)
    L = contact.lib()
    nnzb = ctypes.c_int()
    assert L.ct_sparse_count(1, 1, 5, G.ctypes.data, 0.0, ctypes.byref(nnzb)) == 0
    rp, cl, vl = np.zeros(8, np.intc), np.zeros(nnzb.value, np.intc), np.zeros(9 * nnzb.value)
    assert L.ct_sparse_from_dense(1, 1, 5, G.ctypes.data, 0.0, rp.ctypes.data, cl.ctypes.data, vl.ctypes.data) == 0
    assert np.array_equal(row_ptr, rp) and np.array_equal(col, cl) and np.array_equal(val, vl)
    assert all(np.array_equal(a, b) for a, b in zip(contact.block_sparse(G, 1, 1), (rp, cl, vl)))


def test_sparse_and_dense_agree():
    sp = pytest.importorskip("scipy.sparse")
    G, g, mu = problem(nc=6)
    for m in ("ADMM_NCP", "NEWTON_NCP", "PGS_NCP"):
        d = contact.solve(G, g, mu, 1, 1, method=m, tol=1e-10)
        s = contact.solve(sp.csc_matrix(G), g, mu, 1, 1, method=m, tol=1e-10)
        assert d.converged and s.converged
        assert np.allclose(d.v, s.v, atol=1e-6)


# ---- the solver object ----------------------------------------------------------------------
def test_solver_updates_equal_fresh_solves():
    G, g, mu = problem()
    n = len(g)
    rng = np.random.default_rng(3)
    kw = dict(method="ADMM_NCP", admm_rule="fixed")  # one rho: the factor is kept between solves
    sv = contact.Solver(G, g, mu, 1, 1, **kw)
    assert sv.n == n and sv.dtype == np.float64
    first = sv.solve()
    assert np.array_equal(first.lam, contact.solve(G, g, mu, 1, 1, **kw).lam)
    g2, mu2 = g + 0.1 * rng.standard_normal(n), mu * 0.9
    sv.update(g=g2, mu=mu2)
    r = sv.solve()
    assert "factor" in r.reused and r.factorizations == 0
    assert np.array_equal(r.lam, contact.solve(G, g2, mu2, 1, 1, **kw).lam)
    R = np.full(n, 0.01)
    sv.update_compliance(R)
    assert np.array_equal(sv.solve().lam, contact.solve(G, g2, mu2, 1, 1, R=R, **kw).lam)
    sv.update_compliance(None)
    G2 = G * 1.3
    sv.update_matrix(G2)
    assert np.array_equal(sv.solve().lam, contact.solve(G2, g2, mu2, 1, 1, **kw).lam)
    sv.update_settings(method="PGS_NCP", max_iter=50)  # less memory than ADMM: an update
    r = sv.solve()
    assert r.method == "PGS_NCP" and np.array_equal(r.lam, contact.solve(G2, g2, mu2, 1, 1, method="PGS_NCP",
                                                                          max_iter=50, admm_rule="fixed").lam)
    sv.update_settings(method="NEWTON_NCP")  # more memory: set up again
    assert sv.solve().method == "NEWTON_NCP"
    # earlier results keep their own problem: derivatives still at their inputs
    assert first.jvp(dg=np.ones(n)).v.shape == (n,)


def test_solver_state():
    G, g, mu = problem()
    sv = contact.Solver(G, g, mu, 1, 1, admm_warm_rho=1, admm_warm_dual=1)
    assert sv.state == (None, None, None)
    a = sv.solve()
    st = sv.state
    assert st.rho == pytest.approx(a.rho) and st.dual.shape == (len(g),)
    b = sv.solve()
    assert {"rho", "dual"} <= b.reused and b.iterations < a.iterations
    other = contact.Solver(G, g, mu, 1, 1, admm_warm_rho=1, admm_warm_dual=1)
    other.state = st
    c = other.solve()
    assert {"rho", "dual"} <= c.reused and c.iterations < a.iterations
    sv.reset()
    assert sv.state == (None, None, None)


def test_sparse_solver():
    sp = pytest.importorskip("scipy.sparse")
    G, g, mu = problem(nc=5)
    sv = contact.Solver(sp.csr_matrix(G), g, mu, 1, 1, method="ADMM_NCP")
    r = sv.solve()
    sv.update_matrix(sp.csr_matrix(G * 2))
    r2 = sv.solve()
    assert r.converged and r2.converged and "ordering" in r2.reused


# ---- residuals and cones --------------------------------------------------------------------
def test_criteria_velocity_modes():
    G, g, mu = problem()
    r = contact.solve(G, g, mu, 1, 1, method="ADMM_CCP")
    assert np.array_equal(contact.velocity(G, g, r.lam, 1, 1), r.v)
    assert contact.criteria(G, g, mu, r.lam, nb=1, nu=1) == r.ncp
    assert contact.criteria(G, g, mu, r.lam, r.v, flavor="CCP", nb=1, nu=1) == r.model
    assert contact.criteria(G, g, mu, r.lam, r.v, flavor="ADMM_CCP", nb=1, nu=1) == r.model
    modes = contact.contact_modes(G, g, mu, r.lam, nb=1, nu=1)
    assert modes.shape == (3,) and set(modes) <= {"open", "stick", "slide"}
    one = contact.contact_modes(np.eye(3), [0.3, 0, 0.5], 0.5, [0.0, 0, 0])
    assert list(one) == ["open"]


def cone_ref(x, mu):
    t, n = np.linalg.norm(x[:2]), x[2]
    if t <= mu * n:
        return x.copy()
    if mu * t <= -n:
        return np.zeros(3)
    a = (mu * t + n) / (1 + mu * mu)
    return np.r_[mu * a * x[:2] / t, a]


def test_cones():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((50, 3))
    mus = rng.uniform(0, 1.5, 50)
    P = contact.project_cone(X, mus)
    assert P.shape == X.shape
    for x, m, p in zip(X, mus, P):
        assert np.allclose(p, cone_ref(x, m), atol=1e-12)
    polar = contact.project_polar_cone(X, mus)
    assert np.allclose(P + polar, X, atol=1e-12)  # Moreau: K_mu and its polar
    assert np.allclose(np.sum(P * polar, axis=1), 0, atol=1e-12)
    D = contact.project_dual_cone(X, 0.5)
    assert np.allclose(D, contact.project_cone(X, 2.0))  # K_mu* = K_1/mu
    assert np.allclose(contact.project_disk([3.0, 4.0], 1.0), [0.6, 0.8])
    py = contact.project_pyramid(X, 0.5)
    assert np.all(py[:, 2] >= 0) and np.all(np.abs(py[:, :2]) <= 0.5 * py[:, 2:] + 1e-12)
    assert np.allclose(contact.project_pyramid(py, 0.5), py)
    bx = contact.clamp_box_tangent(X, 0.5)
    ln = np.maximum(X[:, 2], 0)
    assert np.allclose(bx, np.c_[np.clip(X[:, 0], -0.5 * ln, 0.5 * ln), np.clip(X[:, 1], -0.5 * ln, 0.5 * ln), ln])
    assert np.allclose(contact.desaxce(X, 0.3), np.c_[np.zeros((50, 2)), 0.3 * np.linalg.norm(X[:, :2], axis=1)])
    assert np.allclose(contact.project_cone_metric(X, 0.7, [1.0, 1.0, 1.0]), contact.project_cone(X, 0.7))
    x = rng.standard_normal(2 + 6)
    pc = contact.project_constraints(x, [0.5, 0.8], nb=1, nu=1)
    assert pc[0] == x[0] and pc[1] == max(x[1], 0)
    assert np.allclose(pc[2:5], cone_ref(x[2:5], 0.5)) and np.allclose(pc[5:], cone_ref(x[5:], 0.8))
    pd = contact.project_dual_constraints(x, [0.5, 0.8], nb=1, nu=1)
    assert pd[0] == 0 and np.allclose(pd[2:5], cone_ref(x[2:5], 2.0))


# ---- compliance, inverse dynamics, Delassus ---------------------------------------------------
def test_compliance_helpers():
    G, g, mu = problem()
    n = len(g)
    R = contact.compliance_contactbench(G, nb=1, nu=1)
    for i in range(3):
        r0 = 2 + 3 * i
        rn = np.linalg.norm(G[r0:r0 + 3, r0:r0 + 3]) / (4 * np.pi ** 2)
        assert R[r0 + 2] == pytest.approx(rn) and R[r0] == pytest.approx(1e-3 * rn)
    assert R[0] == 0 and R[1] == 0  # joint and limit rows are not contacts
    dt, k, d = 0.01, 1e4, 50.0
    phi0 = np.array([-0.01, 0.0, 0.02])
    R, vref = contact.compliance_spring_damper(G, dt, k, d, nb=1, nu=1, phi0=phi0)
    assert np.allclose(R[4::3], 1 / (dt * (k * dt + d))) and np.allclose(R[2::3], 0)
    assert np.allclose(vref[4::3], k * phi0 / (k * dt + d))
    R, vref = contact.compliance_sap(G, dt, k, 0.1, nb=1, nu=1, c0=1, count=1)
    assert np.all(R[2:5] == 0) and np.all(R[8:] == 0) and np.all(R[5:8] > 0)
    R, vref = contact.compliance_mujoco(G, [0.02, 1.0], [0.9, 0.95, 0.001, 0.5, 2.0], dt, nb=1, nu=1,
                                        pos=np.full(n, -0.001))
    assert R.shape == (n,) and np.all(R > 0) and vref.shape == (n,)
    R2, _ = contact.compliance_mujoco(G, [0.02, 1.0], [0.9, 0.95, 0.001, 0.5, 2.0], dt, nb=1, nu=1, row0=2, rows=3,
                                      R=np.full(n, 7.0))
    assert np.all(R2[:2] == 7) and np.all(R2[5:] == 7) and np.all(R2[2:5] != 7)


def test_inverse_dynamics_recovers_a_forward_solve():
    G, g, mu = problem()
    R = np.full(len(g), 0.1)
    fwd = contact.solve(G, g, mu, 1, 1, R=R, tol=1e-12, max_iter=20000)
    c = fwd.v - R * fwd.lam  # = G lambda + g
    inv = contact.inverse_dynamics(c, mu, R=R, nb=1, nu=1, tol=1e-12, max_iter=20000)
    assert inv.converged
    assert np.allclose(inv.lam, fwd.lam, atol=1e-7) and np.allclose(inv.v, R * inv.lam + c)


def test_delassus_from_mj():
    rng = np.random.default_rng(4)
    A = rng.standard_normal((6, 6))
    M = A @ A.T + 6 * np.eye(6)
    J = rng.standard_normal((9, 6))
    vfree = rng.standard_normal(6)
    G, g = contact.delassus_from_mj(M, J, vfree)
    assert np.allclose(G, J @ np.linalg.solve(M, J.T)) and np.allclose(g, J @ vfree)
    assert np.array_equal(G, G.T)
    assert contact.delassus_from_mj(M, J).shape == (9, 9)


def test_soft_models():
    G, g, mu = random_problem(2, nc=3, nv=16)
    nc = 3
    phi0 = np.array([-0.001, -0.002, 0.001])
    sap = dict(model="sap", dt=0.01, phi0=phi0, k=1e5, d=0.01, sigma=1e-3, beta=1.0)
    r = contact.solve(G, g, mu, method="NEWTON_SOFT", soft=sap)
    assert r.converged and r.flavor == "SOFT"
    hc = dict(model="similar", dt=0.01, phi0=phi0, k=np.full(nc, 1e5), d=0.2, v_s=1e-4)
    r2 = contact.solve(G, g, mu, method="NEWTON_SOFT", soft=hc)
    assert r2.converged and r2.vjp(np.ones(len(g))).mu is None
    with pytest.raises(TypeError, match="unknown field"):
        contact.solve(G, g, mu, method="NEWTON_SOFT", soft=dict(model="sap", stiffness=1.0))
    with pytest.raises(ValueError, match="phi0"):
        contact.solve(G, g, mu, method="NEWTON_SOFT", soft=dict(model="sap", phi0=np.zeros(2)))
