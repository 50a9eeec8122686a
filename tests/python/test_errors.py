"""Error paths: contact.h's errors arrive as ContactError with the ct_result code, its name,
its string and explanation, and the culprit (field, index) that ct_info names; arguments that
cannot make a call raise ValueError or TypeError before C is reached; a rejected update leaves
a Solver as it was."""

import numpy as np
import pytest

import contact
from conftest import random_problem


def problem():
    return random_problem(1, nb=1, nu=1, nc=3, nv=16)


def raises(code_name, fn, *a, **kw):
    with pytest.raises(contact.ContactError) as e:
        fn(*a, **kw)
    err = e.value
    assert err.name == code_name, str(err)
    assert err.code < 0
    assert err.string and err.string in str(err)
    assert err.explanation and err.explanation in str(err)
    return err


@pytest.mark.parametrize("sparse", [False, True])
def test_input_errors_name_the_culprit(sparse):
    G, g, mu = problem()
    if sparse:
        sp = pytest.importorskip("scipy.sparse")
        conv = sp.csr_matrix
    else:
        conv = np.asarray
    bad = mu.copy()
    bad[1] = -0.3
    err = raises("CT_ERROR_NEGATIVE_FRICTION", contact.solve, conv(G), g, bad, 1, 1)
    assert (err.field, err.index, err.string) == ("mu", 1, "negative friction")
    assert err.function in ("ct_solve", "ct_workspace_size_problem")
    gn = g.copy()
    gn[4] = np.nan
    err = raises("CT_ERROR_NON_FINITE", contact.solve, conv(G), gn, mu, 1, 1)
    assert (err.field, err.index) == ("g", 4)
    R = np.full(len(g), 0.1)
    R[3] = -1
    err = raises("CT_ERROR_NEGATIVE_COMPLIANCE", contact.solve, conv(G), g, mu, 1, 1, R=R)
    assert (err.field, err.index) == ("R", 3)
    Ga = G.copy()
    Ga[0, 5] += 0.5
    err = raises("CT_ERROR_NOT_SYMMETRIC", contact.solve, conv(Ga), g, mu, 1, 1, method="PGS_NCP")
    assert err.field in ("G", "Gs")
    err = raises("CT_ERROR_NEGATIVE_FRICTION", contact.Solver, conv(G), g, bad, 1, 1)
    assert (err.field, err.index) == ("mu", 1)


def test_settings_errors():
    G, g, mu = problem()
    err = raises("CT_ERROR_INVALID_SETTINGS", contact.solve, G, g, mu, 1, 1, tol=-1.0)
    assert err.field == "tol_abs"
    err = raises("CT_ERROR_INVALID_SETTINGS", contact.solve, G, g, mu, 1, 1, stop="relative", tol=0.0)
    assert err.field == "tol_rel"
    err = raises("CT_ERROR_INVALID_SETTINGS", contact.solve, G, g, mu, 1, 1, admm_eta=-1.0)
    assert err.field == "admm.eta"
    err = raises("CT_ERROR_INVALID_SETTINGS", contact.solve, G, g, mu, 1, 1, method="PGS_NCP", pgs={"omega": 3.0})
    assert err.field == "pgs.omega"
    with pytest.raises(ValueError, match="unknown value 'ADMM'"):
        contact.solve(G, g, mu, 1, 1, method="ADMM")
    with pytest.raises(ValueError, match="spectral"):
        contact.solve(G, g, mu, 1, 1, admm_rule="quadratic")
    with pytest.raises(TypeError, match="unknown setting 'admm_etaa'"):
        contact.solve(G, g, mu, 1, 1, admm_etaa=1.0)
    with pytest.raises(TypeError, match="unknown setting"):
        contact.solve(G, g, mu, 1, 1, admm={"etaa": 1.0})
    with pytest.raises(TypeError):
        contact.solve(G, g, mu, 1, 1, admm=1.0)
    with pytest.raises(TypeError, match="integer"):
        contact.solve(G, g, mu, 1, 1, max_iter=10.5)
    with pytest.raises(ValueError, match="C int"):
        contact.solve(G, g, mu, 1, 1, max_iter=2 ** 40)
    with pytest.raises(TypeError, match="not both"):
        contact.solve(G, g, mu, 1, 1, tol=1e-6, tol_abs=1e-6)
    with pytest.raises(TypeError, match="history"):  # a pointer: the package manages it
        contact.solve(G, g, mu, 1, 1, history_capacity=3)


def test_shape_errors():
    G, g, mu = problem()
    with pytest.raises(ValueError, match="g must have shape"):
        contact.solve(G, g[:-1], mu, 1, 1)
    with pytest.raises(ValueError, match="multiple of 3"):
        contact.solve(G, g, mu, 2, 1)
    with pytest.raises(ValueError, match="square"):
        contact.solve(G[:, :-1], g, mu, 1, 1)
    with pytest.raises(ValueError, match="mu must have shape"):
        contact.solve(G, g, mu[:2], 1, 1)
    with pytest.raises(ValueError, match="lambda0"):
        contact.solve(G, g, mu, 1, 1, lambda0=np.zeros(3))
    with pytest.raises(ValueError, match="nb"):
        contact.solve(G, g, mu, -1, 1)
    with pytest.raises(ValueError, match="mu is required"):
        contact.solve(G, g, None, 1, 1)
    with pytest.raises(ValueError, match="dtype"):
        contact.solve(G, g, mu, 1, 1, dtype=np.int32)


def test_model_errors():
    G, g, mu = problem()
    raises("CT_ERROR_INVALID_SOFT", contact.solve, G, g, mu, 1, 1, method="NEWTON_SOFT")  # the soft CCP needs R > 0
    raises("CT_ERROR_INVALID_SETTINGS", contact.inverse_dynamics, g, mu, R=0.1, nb=1, nu=1, method="PGS_NCP")
    err = raises("CT_ERROR_INVALID_VALUE", contact.project_cone_metric, [1.0, 2.0, 3.0], 0.5, [1.0, 2.0, 1.0])
    assert err.function == "ct_project_cone_metric"


def test_rejected_update_keeps_the_solver():
    G, g, mu = problem()
    sv = contact.Solver(G, g, mu, 1, 1, method="PGS_NCP")
    before = sv.solve()
    bad = mu.copy()
    bad[0] = -1
    raises("CT_ERROR_NEGATIVE_FRICTION", sv.update, mu=bad)
    gn = g.copy()
    gn[0] = np.inf
    raises("CT_ERROR_NON_FINITE", sv.update, g=gn)
    raises("CT_ERROR_NEGATIVE_COMPLIANCE", sv.update_compliance, -np.ones(len(g)))
    raises("CT_ERROR_INVALID_SETTINGS", sv.update_settings, tol=-1.0)
    after = sv.solve()
    assert np.array_equal(before.lam, after.lam) and before.iterations == after.iterations
    with pytest.raises(ValueError, match="shape"):
        sv.update(g=g[:3])
    with pytest.raises(ValueError, match="dense"):
        sp = pytest.importorskip("scipy.sparse")
        sv.update_matrix(sp.csr_matrix(G))


def test_sparse_pattern_change_needs_a_new_solver():
    sp = pytest.importorskip("scipy.sparse")
    G, g, mu = problem()
    G[np.abs(G) < 0.3] = 0  # a sparse pattern (not PSD in general: ADMM's setup does not factor here)
    G = G + np.eye(len(g)) * len(g)
    sv = contact.Solver(sp.csr_matrix(G), g, mu, 1, 1, method="PGS_NCP")
    G2 = G.copy()
    G2[2, 8] = G2[8, 2] = 0.01 if G[2, 8] == 0 else 0.0
    if np.count_nonzero(G2) == np.count_nonzero(G):
        G2[2, 11] = G2[11, 2] = 0.01 if G[2, 11] == 0 else 0.0
    with pytest.raises(ValueError, match="pattern"):
        sv.update_matrix(sp.csr_matrix(G2))
    sv.update_matrix(sp.csr_matrix(G * 1.5))
    assert sv.solve().converged


def test_error_is_an_exception_with_the_code():
    err = contact.ContactError(-4, "ct_solve")
    assert isinstance(err, Exception)
    assert err.name == "CT_ERROR_NEGATIVE_FRICTION" and err.string == "negative friction"
    assert err.field is None and err.index is None
