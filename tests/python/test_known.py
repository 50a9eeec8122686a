"""Every method on one contact (plus a joint row and a limit row) whose answer is known in
closed form, in double and in float: stick, slide, frictionless slide, take-off; the convex
models' (CCP, the soft CCP of NEWTON_SOFT) own answers where they differ from Coulomb's."""

import numpy as np
import pytest

import contact

GI = np.eye(3)
G2 = np.array([[2.0, 0.5, 0.0], [0.5, 1.0, 0.0], [0.0, 0.0, 1.5]])  # G_NT = 0: Coulomb's closed forms hold

RIGID = [m for m in contact.methods() if m != "NEWTON_SOFT"]
CONVEX = {"PGS_CCP", "ADMM_CCP"}  # Anitescu's model: a sliding contact lifts off
PRECLIK = {"NBGS", "RAISIM", "RAISIM_DS", "RAISIM_DS_ES"}  # per-contact minimum kinetic energy
PRECISIONS = [(np.float64, 1e-12, 1e-7), (np.float32, 1e-6, 2e-3)]


def cases():
    """(name, G, mu, lambda, v): g = v - G lambda; lambda and v obey Coulomb's law"""
    out = []
    for gname, G in (("I", GI), ("G2", G2)):
        out.append(("stick " + gname, G, 0.5, [0.1, -0.05, 1.0], [0.0, 0.0, 0.0]))
        out.append(("take off " + gname, G, 0.5, [0.0, 0.0, 0.0], [0.3, -0.2, 0.5]))
        out.append(("slide t1, mu = 2 " + gname, G, 2.0, [-0.6, 0.0, 0.3], [1.5, 0.0, 0.0]))
        out.append(("frictionless " + gname, G, 0.0, [0.0, 0.0, 0.8], [0.3, -0.1, 0.0]))
    u = np.array([0.6, -0.8])
    out.append(("slide oblique I", GI, 0.4, list(-0.4 * 1.2 * u) + [1.2], list(0.7 * u) + [0.0]))
    return out


def with_rows(G3, g3):
    """the contact with a bilateral row (G 2, g -1: lambda 0.5) and a unilateral row (G 1,
    g -0.5: lambda 0.5) ahead of it, uncoupled"""
    G = np.zeros((5, 5))
    G[0, 0], G[1, 1] = 2.0, 1.0
    G[2:, 2:] = G3
    return G, np.concatenate([[-1.0, -0.5], g3])


def answer(method, G3, mu, lam, v):
    g3 = np.asarray(v) - G3 @ np.asarray(lam)
    if method in CONVEX and mu > 0 and np.linalg.norm(v[:2]) > 0:
        if G3 is not GI:
            return None  # no closed form
        lam = contact.project_cone(-g3, mu)  # CCP with G = I: the Moreau decomposition of -g
        v = lam + g3
    if method == "PGS_LCP" and mu > 0 and np.linalg.norm(v[:2]) > 0:
        if G3 is not GI:
            return None
        ln = max(-g3[2], 0.0)  # box friction with G = I: each tangent clamped on its own
        lam = np.r_[np.clip(-g3[:2], -mu * ln, mu * ln), ln]
        v = lam + g3
    if method in PRECLIK and G3 is not GI and np.linalg.norm(v[:2]) > 0:
        return None  # Preclik's model slides differently when G_TT is not isotropic
    return g3, np.asarray(lam, float), np.asarray(v, float)


@pytest.mark.parametrize("dtype,tol,err", PRECISIONS)
@pytest.mark.parametrize("method", RIGID)
def test_rigid_methods_known_answers(method, dtype, tol, err):
    checked = 0
    for name, G3, mu, lam, v in cases():
        want = answer(method, G3, mu, lam, v)
        if want is None:
            continue
        g3, lam3, v3 = want
        G, g = with_rows(G3, g3)
        res = contact.solve(G.astype(dtype), g.astype(dtype), mu, nb=1, nu=1, method=method, tol=tol,
                            stop="relative", max_iter=100000, warm_start=0)
        assert res.lam.dtype == dtype and res.v.dtype == dtype
        e = err * (100 if method in ("RAISIM", "RAISIM_DS", "RAISIM_DS_ES") else 1)  # bisection to 1e-6
        assert np.allclose(res.lam, np.r_[0.5, 0.5, lam3], atol=e), (name, res.status, res.lam)
        assert np.allclose(res.v, np.r_[0.0, 0.0, v3], atol=e), (name, res.status, res.v)
        assert res.method == method
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("dtype,tol,err", PRECISIONS)
def test_newton_soft_known_answers(dtype, tol, err):
    """the soft CCP with G = I and R = r I is the CCP of (1 + r) I: lambda = P_K(-g) / (1 + r)"""
    r = 0.25
    for name, G3, mu, lam, v in cases():
        if G3 is not GI:
            continue
        g = np.asarray(v) - np.asarray(lam)
        res = contact.solve(GI.astype(dtype), g.astype(dtype), mu, R=r, method="NEWTON_SOFT", tol=tol)
        want = contact.project_cone(-g, mu) / (1 + r)
        assert res.converged and res.flavor == "SOFT"
        assert np.allclose(res.lam, want, atol=err), (name, res.lam, want)
        assert np.allclose(res.v, (1 + r) * want + g, atol=err)


def test_every_method_is_covered():
    assert set(contact.methods()) == set(RIGID) | {"NEWTON_SOFT"}
    assert len(contact.methods()) >= 14
