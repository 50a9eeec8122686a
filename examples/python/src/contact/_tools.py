"""Derivatives, residuals, cones, compliance, inverse dynamics, the Delassus matrix."""

import ctypes
from collections import namedtuple

import numpy as np

from . import _ffi
from ._core import (METHODS, FLAVORS, Residuals, Result, _HistoryBuffer, _Problem, _check, _enum_value,
                    _after, _before, _issparse, _lib_for, _make_settings, _new_info, _ptr, _start, _vec)

JVP = namedtuple("JVP", "lam v lambda_unique")
JVP.__doc__ = """contact.jvp's answer: the directional derivatives dlambda and dv, and whether
lambda is unique at the point (False: a hyperstatic G; dlam is then that of the
eps-regularized lambda, dv the true one up to O(eps))."""
VJP = namedtuple("VJP", "g G mu R lambda_unique")
VJP.__doc__ = """contact.vjp's answer: the cotangents of g (n,), G (n, n; None when not asked),
mu (nc,) and R (n,) (None for a soft model, where mu and R enter the kernels), and whether
lambda is unique at the point."""


def _deriv_ws(L, p):
    nbytes = ctypes.c_size_t()
    _check(L.ct_derivatives_size(p.nb, p.nu, p.nc, ctypes.byref(nbytes)), "ct_derivatives_size", lib=L)
    mem = np.empty(max(nbytes.value, 1), np.uint8)
    ws = L.struct["ct_workspace"]()
    _check(L.ct_workspace_init(ctypes.byref(ws), mem.ctypes.data, nbytes.value), "ct_workspace_init", lib=L)
    return ws, mem


def _mat(x, n, name, dt):
    if x is None:
        return None
    if _issparse(x):
        x = x.toarray()
    a = np.ascontiguousarray(x, dtype=dt)
    if a.shape != (n, n):
        raise ValueError("%s must have shape (%d, %d), not %s" % (name, n, n, a.shape))
    return a


def _point(result):
    if not isinstance(result, Result):
        raise TypeError("give the Result of contact.solve or Solver.solve (its answer and problem)")
    p = result._problem
    if p.G is None and p.sparse is None:
        raise ValueError("this result has no G (inverse dynamics): no derivatives")
    L = p.L
    return p, L, np.ascontiguousarray(result.lam, L.dtype), np.ascontiguousarray(result.v, L.dtype)


def jvp(result, dg=None, dG=None, dmu=None, dR=None):
    """Forward derivative of a solve's answer (ct_jvp) in the direction (dg, dG, dmu, dR) of
    its inputs, by the implicit function theorem at result's point, for the law of its method
    (NCP, CCP or a soft model). dg (n,), dG (n, n) (dense, also for a sparse G), dmu (nc,) or
    one number, dR (n,) or one number; None means zero. Returns JVP(lam, v, lambda_unique)."""
    p, L, lam, v = _point(result)
    dt, n = L.dtype, p.n
    dg = None if dg is None else _vec(dg, n, "dg", dt)
    dG = _mat(dG, n, "dG", dt)
    dmu = None if dmu is None else _vec(dmu, p.nc, "dmu", dt, scalar_ok=True)
    dR = None if dR is None else _vec(dR, n, "dR", dt, scalar_ok=True)
    dlam, dv = np.zeros(n, dt), np.zeros(n, dt)
    unique = ctypes.c_int(1)
    ws, mem = _deriv_ws(L, p)
    r = L.ct_jvp(ctypes.byref(p.c), ctypes.byref(result._settings), ctypes.byref(ws), lam.ctypes.data,
                 v.ctypes.data, _ptr(dg), _ptr(dG), _ptr(dmu), _ptr(dR), dlam.ctypes.data, dv.ctypes.data,
                 ctypes.byref(unique))
    _check(r, "ct_jvp", lib=L)
    return JVP(dlam, dv, bool(unique.value))


def vjp(result, lam_bar=None, v_bar=None, G=True):
    """Reverse derivative (ct_vjp): the gradients of <lam_bar, lambda> + <v_bar, v> with
    respect to g, G, mu and R at result's point. lam_bar, v_bar (n,), None meaning zero;
    G=False skips the (n, n) cotangent of G. Returns VJP(g, G, mu, R, lambda_unique)."""
    p, L, lam, v = _point(result)
    dt, n = L.dtype, p.n
    lb = None if lam_bar is None else _vec(lam_bar, n, "lam_bar", dt)
    vb = None if v_bar is None else _vec(v_bar, n, "v_bar", dt)
    soft = result.flavor == "SOFT"
    gbar = np.zeros(n, dt)
    Gbar = np.zeros((n, n), dt) if G else None
    mubar = None if soft else np.zeros(p.nc, dt)
    Rbar = None if soft else np.zeros(n, dt)
    unique = ctypes.c_int(1)
    ws, mem = _deriv_ws(L, p)
    r = L.ct_vjp(ctypes.byref(p.c), ctypes.byref(result._settings), ctypes.byref(ws), lam.ctypes.data,
                 v.ctypes.data, _ptr(lb), _ptr(vb), gbar.ctypes.data, _ptr(Gbar), _ptr(mubar), _ptr(Rbar),
                 ctypes.byref(unique))
    _check(r, "ct_vjp", lib=L)
    return VJP(gbar, Gbar, mubar, Rbar, bool(unique.value))


# ---- residuals ------------------------------------------------------------------------------
def _flavor(name):
    if isinstance(name, str) and name.strip().upper() in METHODS.values():
        L = _ffi.lib()
        s = _make_settings(L, name)
        return int(L.ct_method_flavor(ctypes.byref(s)))
    return _enum_value("ct_flavor", name, "flavor")


def velocity(G, g, lam, nb=0, nu=0, R=None, *, dtype=None):
    """v = (G + R) lambda + g (ct_velocity)."""
    L = _lib_for(dtype, G)
    p = _Problem(L, G, g, None if _nc(G, nb, nu) == 0 else 0.0, nb, nu, R)
    lam = _vec(lam, p.n, "lam", L.dtype)
    v = np.zeros(p.n, L.dtype)
    _check(L.ct_velocity(ctypes.byref(p.c), lam.ctypes.data, v.ctypes.data), "ct_velocity", lib=L)
    return v


def _nc(G, nb, nu):
    n = G.shape[0] if hasattr(G, "shape") else len(G)
    return max((n - nb - nu) // 3, 0)


def criteria(G, g, mu, lam, v=None, flavor="NCP", nb=0, nu=0, R=None, *, soft=None, dtype=None):
    """The residuals of a point (ct_criteria, the scoring every solve returns through), for a
    flavor ("NCP", "CCP", "LCP", "SIGNORINI", "SOFT") or the flavor of a method name
    ("ADMM_CCP"). v None: computed as (G + R) lam + g. Returns Residuals."""
    L = _lib_for(dtype, G)
    p = _Problem(L, G, g, mu, nb, nu, R, soft)
    lam = _vec(lam, p.n, "lam", L.dtype)
    if v is None:
        v = np.zeros(p.n, L.dtype)
        _check(L.ct_velocity(ctypes.byref(p.c), lam.ctypes.data, v.ctypes.data), "ct_velocity", lib=L)
    v = _vec(v, p.n, "v", L.dtype)
    out = L.struct["ct_residuals"]()
    _check(L.ct_criteria(ctypes.byref(p.c), lam.ctypes.data, v.ctypes.data, _flavor(flavor), ctypes.byref(out)),
           "ct_criteria", lib=L)
    return Residuals._from(out)


def contact_modes(G, g, mu, lam, v=None, tol=None, nb=0, nu=0, R=None, *, dtype=None):
    """Each contact's mode (ct_contact_modes) as an array of "open", "stick", "slide": open if
    lambda_n <= tol, else stick if ||v_T|| <= tol. tol None: 1e-6 (1e-3 in float) times the
    largest |lambda| or |v|."""
    L = _lib_for(dtype, G)
    p = _Problem(L, G, g, mu, nb, nu, R)
    lam = _vec(lam, p.n, "lam", L.dtype)
    if v is None:
        v = np.zeros(p.n, L.dtype)
        _check(L.ct_velocity(ctypes.byref(p.c), lam.ctypes.data, v.ctypes.data), "ct_velocity", lib=L)
    v = _vec(v, p.n, "v", L.dtype)
    if tol is None:
        scale = max(np.max(np.abs(lam), initial=0.0), np.max(np.abs(v), initial=0.0))
        tol = (1e-3 if L.dtype == np.float32 else 1e-6) * scale
    size = L.layout["enum_sizes"]["ct_contact_mode"]
    modes = np.zeros(max(p.nc, 1), np.dtype("i%d" % size))
    _check(L.ct_contact_modes(ctypes.byref(p.c), lam.ctypes.data, v.ctypes.data, float(tol), modes.ctypes.data),
           "ct_contact_modes", lib=L)
    names = {k: n.lower() for k, n in _ffi.enum_names("ct_contact_mode").items()}
    return np.array([names[int(m)] for m in modes[: p.nc]], dtype="<U5")


# ---- cones ----------------------------------------------------------------------------------
def _per_vector(cname, x, a, dim, b=None):
    """fn(a_i, x_i, out_i) (or fn(a_i, b_i, x_i, out_i)) over the last axis of x."""
    L = _lib_for(None, x)
    x = np.asarray(x, dtype=L.dtype)
    if x.ndim == 0 or x.shape[-1] != dim:
        raise ValueError("x must have shape (..., %d), not %s" % (dim, x.shape))
    batch = x.shape[:-1]
    xs = np.ascontiguousarray(x).reshape(-1, dim)
    av = np.broadcast_to(np.asarray(a, dtype=np.float64), batch).reshape(-1)
    out = np.empty_like(xs)
    fn = getattr(L, cname)
    step = dim * L.dtype.itemsize
    x0, o0 = xs.ctypes.data, out.ctypes.data
    if b is None:
        for i in range(xs.shape[0]):
            fn(float(av[i]), x0 + i * step, o0 + i * step)
    else:
        bs = np.ascontiguousarray(np.broadcast_to(np.asarray(b, dtype=L.dtype), batch + (3,))).reshape(-1, 3)
        b0 = bs.ctypes.data
        for i in range(xs.shape[0]):
            _check(fn(float(av[i]), b0 + i * step, x0 + i * step, o0 + i * step), cname, lib=L)
    return out.reshape(x.shape)


def project_cone(x, mu):
    """Projection onto the friction cone K_mu = {x_n >= 0, ||x_T|| <= mu x_n}; x (..., 3)
    ordered (t1, t2, n), mu a number or one per vector (ct_project_cone)."""
    return _per_vector("ct_project_cone", x, mu, 3)


def project_dual_cone(x, mu):
    """Projection onto the dual cone K_mu* = K_1/mu (ct_project_dual_cone)."""
    return _per_vector("ct_project_dual_cone", x, mu, 3)


def project_polar_cone(x, mu):
    """Projection onto the polar cone -K_mu* (ct_project_polar_cone)."""
    return _per_vector("ct_project_polar_cone", x, mu, 3)


def project_disk(x, r):
    """Projection of 2-vectors x (..., 2) onto the disk ||.|| <= r (ct_project_disk)."""
    return _per_vector("ct_project_disk", x, r, 2)


def project_pyramid(x, mu):
    """Euclidean projection onto the 4-facet pyramid {x_n >= 0, |x_t1|, |x_t2| <= mu x_n}
    (ct_project_pyramid)."""
    return _per_vector("ct_project_pyramid", x, mu, 3)


def clamp_box_tangent(x, mu):
    """x_n clamped at 0, each tangential component clamped to [-mu x_n, mu x_n]
    (ct_clamp_box_tangent)."""
    return _per_vector("ct_clamp_box_tangent", x, mu, 3)


def project_cone_metric(x, mu, d):
    """Projection onto K_mu in the metric diag(d), d (..., 3) with d[0] == d[1] > 0 and
    d[2] > 0 (ct_project_cone_metric; ContactError otherwise)."""
    return _per_vector("ct_project_cone_metric", x, mu, 3, b=d)


def desaxce(v, mu):
    """De Saxce's term Gamma(v) = (0, 0, mu ||v_T||) (ct_desaxce)."""
    return _per_vector("ct_desaxce", v, mu, 3)


def _constraints(cname, x, mu, nb, nu):
    L = _lib_for(None, x)
    x = np.ascontiguousarray(x, dtype=L.dtype)
    n = x.shape[0] if x.ndim == 1 else -1
    if n < nb + nu or (n - nb - nu) % 3:
        raise ValueError("x must be a vector of nb + nu + 3 nc entries, not of shape %s" % (x.shape,))
    nc = (n - nb - nu) // 3
    mu = _vec(0.0 if mu is None else mu, nc, "mu", L.dtype, scalar_ok=True)
    out = np.empty_like(x)
    getattr(L, cname)(int(nb), int(nu), nc, mu.ctypes.data, x.ctypes.data, out.ctypes.data)
    return out


def project_constraints(x, mu, nb=0, nu=0):
    """Projection of a whole vector onto K = R^nb x R+^nu x prod K_mu_i
    (ct_project_constraints)."""
    return _constraints("ct_project_constraints", x, mu, nb, nu)


def project_dual_constraints(x, mu, nb=0, nu=0):
    """Projection onto K* = {0}^nb x R+^nu x prod K_1/mu_i (ct_project_dual_constraints)."""
    return _constraints("ct_project_dual_constraints", x, mu, nb, nu)


# ---- compliance -----------------------------------------------------------------------------
def _geometry(G, nb, nu, dtype, R):
    L = _lib_for(dtype, G)
    n = G.shape[0]
    nc = _nc(G, nb, nu)
    p = _Problem(L, G, np.zeros(n), np.zeros(nc), nb, nu)
    Rout = np.zeros(n, L.dtype) if R is None else _vec(R, n, "R", L.dtype, copy=True, scalar_ok=True)
    return L, p, Rout, np.zeros(n, L.dtype)


def _range(start, count, total):
    """[start, start + count) of total rows or contacts; count None: to the end"""
    return int(start), int(total - start if count is None else count)


def compliance_mujoco(G, solref, solimp, dt, nb=0, nu=0, row0=0, rows=None, pos=None, vel=None,
                      tangent_ref=False, R=None, *, dtype=None):
    """MuJoCo's compliance (ct_compliance_mujoco) on rows [row0, row0 + rows) (default: all):
    solref = (timeconst, dampratio) or (-stiffness, -damping), solimp = (dmin, dmax, width,
    midpoint, power), pos / vel (n,) the constraint violation and velocity. Returns (R, vref):
    R (n,) (R's other rows kept, zeros if R is None) and the reference velocity to add to g."""
    L, p, Rout, vref = _geometry(G, nb, nu, dtype, R)
    row0, rows = _range(row0, rows, p.n)
    sr = _vec(solref, 2, "solref", L.dtype)
    si = _vec(solimp, 5, "solimp", L.dtype)
    pos = None if pos is None else _vec(pos, p.n, "pos", L.dtype)
    vel = None if vel is None else _vec(vel, p.n, "vel", L.dtype)
    _check(L.ct_compliance_mujoco(ctypes.byref(p.c), row0, rows, sr.ctypes.data, si.ctypes.data, float(dt),
                                  _ptr(pos), _ptr(vel), int(bool(tangent_ref)), Rout.ctypes.data,
                                  vref.ctypes.data), "ct_compliance_mujoco", lib=L)
    return Rout, vref


def compliance_sap(G, dt, k, tau_d, beta=1.0, sigma=1e-3, nb=0, nu=0, c0=0, count=None, phi0=None, R=None, *,
                   dtype=None):
    """Drake SAP's compliance (ct_compliance_sap) on contacts [c0, c0 + count) (default: all):
    stiffness k > 0, dissipation time scale tau_d >= 0, beta and sigma Drake's (1, 1e-3),
    phi0 (nc,) signed distances. Returns (R, vref)."""
    L, p, Rout, vref = _geometry(G, nb, nu, dtype, R)
    c0, count = _range(c0, count, p.nc)
    phi0 = None if phi0 is None else _vec(phi0, p.nc, "phi0", L.dtype, scalar_ok=True)
    _check(L.ct_compliance_sap(ctypes.byref(p.c), c0, count, float(dt), float(k), float(tau_d), float(beta),
                               float(sigma), _ptr(phi0), Rout.ctypes.data, vref.ctypes.data),
           "ct_compliance_sap", lib=L)
    return Rout, vref


def compliance_contactbench(G, nb=0, nu=0, c0=0, count=None, R=None, *, dtype=None):
    """ContactBench's compliance (ct_compliance_contactbench) on contacts [c0, c0 + count):
    R_n = ||G_ii||_F / (4 pi^2), R_t = 1e-3 R_n. Returns R (n,)."""
    L, p, Rout, _ = _geometry(G, nb, nu, dtype, R)
    c0, count = _range(c0, count, p.nc)
    _check(L.ct_compliance_contactbench(ctypes.byref(p.c), c0, count, Rout.ctypes.data),
           "ct_compliance_contactbench", lib=L)
    return Rout


def compliance_spring_damper(G, dt, k, d, nb=0, nu=0, c0=0, count=None, phi0=None, R=None, *, dtype=None):
    """A normal spring-damper (ct_compliance_spring_damper) on contacts [c0, c0 + count):
    stiffness k >= 0, damping d >= 0, phi0 (nc,) signed distances. Returns (R, vref)."""
    L, p, Rout, vref = _geometry(G, nb, nu, dtype, R)
    c0, count = _range(c0, count, p.nc)
    phi0 = None if phi0 is None else _vec(phi0, p.nc, "phi0", L.dtype, scalar_ok=True)
    _check(L.ct_compliance_spring_damper(ctypes.byref(p.c), c0, count, float(dt), float(k), float(d), _ptr(phi0),
                                         Rout.ctypes.data, vref.ctypes.data), "ct_compliance_spring_damper", lib=L)
    return Rout, vref


# ---- the rest -------------------------------------------------------------------------------
def delassus_from_mj(M, J, vfree=None, *, dtype=None):
    """G = J M^-1 J^T with contact.h's Cholesky (ct_delassus_from_mj), M (nv, nv) SPD, J
    (m, nv); with vfree (nv,) also g = J vfree: returns G, or (G, g)."""
    L = _lib_for(dtype, M)
    M = np.ascontiguousarray(M, dtype=L.dtype)
    J = np.ascontiguousarray(J, dtype=L.dtype)
    nv = M.shape[0]
    if M.shape != (nv, nv) or J.ndim != 2 or J.shape[1] != nv:
        raise ValueError("M must be (nv, nv) and J (m, nv); got %s and %s" % (M.shape, J.shape))
    m = J.shape[0]
    vf = None if vfree is None else _vec(vfree, nv, "vfree", L.dtype)
    G = np.zeros((m, m), L.dtype)
    g = None if vf is None else np.zeros(m, L.dtype)
    scratch = np.zeros(max(int(L.ct_delassus_scratch_size(nv, m)), 1), L.dtype)
    _check(L.ct_delassus_from_mj(nv, m, M.ctypes.data, J.ctypes.data, _ptr(vf), G.ctypes.data, _ptr(g),
                                 scratch.ctypes.data), "ct_delassus_from_mj", lib=L)
    return G if g is None else (G, g)


def inverse_dynamics(c, mu, R=None, nb=0, nu=0, method="ADMM_NCP", tol=None, max_iter=None, lambda0=None, *,
                     history=True, dtype=None, **method_settings):
    """Inverse dynamics (ct_inverse_dynamics): the impulses lambda that produce the target
    constraint velocities c (n,) with compliance R (None: rigid): sigma = R lambda + c with
    the contact law (method "ADMM_NCP": NCP, "ADMM_CCP": CCP). Returns a Result whose v is
    sigma."""
    L = _lib_for(dtype, c)
    p = _Problem(L, None, c, mu, nb, nu, R, need_G=False)
    s = _make_settings(L, method, tol, max_iter, method_settings)
    hist = _HistoryBuffer(L, s, history)
    lam = _start(L, p.n, lambda0)
    sigma = np.zeros(p.n, L.dtype)
    info = _new_info(L)
    _before(s)
    r = L.ct_inverse_dynamics(ctypes.byref(p.c), ctypes.byref(s), lam.ctypes.data, sigma.ctypes.data,
                              ctypes.byref(info))
    _after(s)
    _check(r, "ct_inverse_dynamics", info, L)
    return Result(p, s, lam, sigma, info, hist)


__all__ = ["JVP", "VJP", "jvp", "vjp", "velocity", "criteria", "contact_modes", "project_cone",
           "project_dual_cone", "project_polar_cone", "project_disk", "project_pyramid", "clamp_box_tangent",
           "project_cone_metric", "desaxce", "project_constraints", "project_dual_constraints",
           "compliance_mujoco", "compliance_sap", "compliance_contactbench", "compliance_spring_damper",
           "delassus_from_mj", "inverse_dynamics", "FLAVORS"]
