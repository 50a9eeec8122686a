"""Problems, settings, errors, results; contact.solve and contact.Solver."""

import ctypes
import numbers
import threading
import types
from collections import namedtuple
from collections.abc import Mapping

import numpy as np

from . import _ffi

API = _ffi.API
METHODS = _ffi.enum_names("ct_method")        # {value: "ADMM_NCP", ...}
FLAVORS = _ffi.enum_names("ct_flavor")        # {value: "NCP", ...}
_RESULT_NAMES = {_ffi.CONSTANTS[c]: c for c in API["enums"]["ct_result"] if not c.endswith("_")}
_STRUCT_FIELDS = {s["name"]: {f["name"]: f["type"] for f in s["fields"]} for s in API["structs"]}
_SETTINGS = _STRUCT_FIELDS["ct_settings"]
_SUBSTRUCTS = {k: t["name"] for k, t in _SETTINGS.items() if t["kind"] == "struct"}
_REUSED = {k[len("CT_REUSED_"):].lower(): v for k, v in API["macros"].items() if k.startswith("CT_REUSED_")}
_INT_KINDS = ("int", "uint", "long", "ulong", "size_t")
_INT_MAX = 2 ** 31 - 1


class ContactError(Exception):
    """A call of contact.h returned an error (a negative ct_result): nothing was solved.

    code        the ct_result value (negative)
    name        its constant, e.g. "CT_ERROR_NEGATIVE_FRICTION"
    string      ct_result_string(code), e.g. "negative friction"
    explanation ct_result_explain(code), one sentence
    field       the input or settings field at fault ("mu", "admm.eta", ...), or None
    index       the first offending row, contact or entry, or None
    function    the C function that returned it
    """

    def __init__(self, code, function, info=None, lib=None):
        L = lib or _ffi.lib()
        self.code = int(code)
        self.name = _RESULT_NAMES.get(self.code, "unknown")
        self.string = L.ct_result_string(self.code).decode()
        self.explanation = L.ct_result_explain(self.code).decode()
        self.function = function
        self.field = None
        self.index = None
        if info is not None:
            if info.error_field:
                self.field = info.error_field.decode()
            if info.error_index >= 0:
                self.index = int(info.error_index)
        where = ", ".join(x for x in (self.field, None if self.index is None else "index %d" % self.index) if x)
        msg = self.string + (" (%s)" % where if where else "") + ": " + self.explanation
        super().__init__("%s [%s]" % (msg, function))


def _check(r, function, info=None, lib=None):
    if r != 0:
        raise ContactError(r, function, info, lib)


# ---- precision and arrays -------------------------------------------------------------------
def _lib_for(dtype, *arrays):
    """The library of the precision asked for (dtype), else float32 when the first array given
    is float32, else float64."""
    if dtype is not None:
        dt = np.dtype(dtype)
        if dt not in (np.float32, np.float64):
            raise ValueError("dtype must be float32 or float64, not %s" % dt)
        return _ffi.lib(dt)
    for a in arrays:
        if a is not None:
            return _ffi.lib(np.float32 if getattr(a, "dtype", None) == np.float32 else np.float64)
    return _ffi.lib(np.float64)


def _vec(x, n, name, dt, copy=False, scalar_ok=False):
    a = np.array(x, dtype=dt, copy=copy) if copy else np.asarray(x, dtype=dt)
    if scalar_ok and a.ndim == 0:
        a = np.full(n, a, dtype=dt)
    if a.shape != (n,):
        raise ValueError("%s must have shape (%d,), not %s" % (name, n, a.shape))
    return np.ascontiguousarray(a)


def _ptr(a):
    return None if a is None else a.ctypes.data


def _issparse(G):
    if not type(G).__module__.startswith("scipy.sparse"):
        return False
    import scipy.sparse
    return scipy.sparse.issparse(G)


def _sizes(nb, nu):
    out = []
    for name, x in (("nb", nb), ("nu", nu)):
        if isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 0:
            raise ValueError("%s must be an integer >= 0, not %r" % (name, x))
        out.append(int(x))
    return out


def block_sparse(G, nb=0, nu=0, dtype=np.float64):
    """contact.h's block-sparse storage (ct_sparse) of a scipy.sparse or dense G: returns
    (row_ptr, col, val). Groups are the rows [bilateral nb | unilateral nu] one by one, then the
    contacts three rows at a time; every block holding an entry of G is stored, diagonal blocks
    always; each block is a row-major 3x3 in val (a group of one row uses its first row or
    column)."""
    nb, nu = _sizes(nb, nu)
    if _issparse(G):
        A = G.tocoo(copy=True)
        A.sum_duplicates()
        rows, cols, data = A.row, A.col, A.data
        n = A.shape[0]
        if A.shape != (n, n):
            raise ValueError("G must be square, not %s" % (A.shape,))
    else:
        D = np.asarray(G)
        n = D.shape[0]
        if D.ndim != 2 or D.shape != (n, n):
            raise ValueError("G must be square, not %s" % (D.shape,))
        rows, cols = np.nonzero(D)
        data = D[rows, cols]
    c0 = nb + nu
    if n < c0 or (n - c0) % 3:
        raise ValueError("G is %d x %d: n - nb - nu must be a multiple of 3 (nb = %d, nu = %d)" % (n, n, nb, nu))
    nc = (n - c0) // 3
    ng = c0 + nc
    grp = np.concatenate([np.arange(c0), c0 + np.arange(3 * nc) // 3]).astype(np.int64)
    off = np.concatenate([np.zeros(c0, np.int64), np.arange(3 * nc) % 3])
    key = grp[rows] * ng + grp[cols]
    keys = np.unique(np.concatenate([key, np.arange(ng, dtype=np.int64) * (ng + 1)]))
    row_ptr = np.zeros(ng + 1, np.intc)
    np.add.at(row_ptr, keys // ng + 1, 1)
    row_ptr = np.cumsum(row_ptr).astype(np.intc)
    col = (keys % ng).astype(np.intc)
    val = np.zeros(9 * len(keys), dtype=dtype)
    k = np.searchsorted(keys, key)
    np.add.at(val, 9 * k + 3 * off[rows] + off[cols], data.astype(dtype))
    return row_ptr, col, val


class _Problem:
    """A ct_problem over arrays this object owns or borrows (kept alive with it)."""

    def __init__(self, L, G, g, mu, nb=0, nu=0, R=None, soft=None, copy=False, need_G=True):
        dt = L.dtype
        self.L = L
        self.nb, self.nu = _sizes(nb, nu)
        self.G = self.Gs = self.sparse = None
        if G is None:
            if need_G:
                raise ValueError("G is required")
            n = np.shape(g)[0] if np.ndim(g) == 1 else -1
        elif _issparse(G):
            self.sparse = block_sparse(G, self.nb, self.nu, dt)
            n = G.shape[0]
        else:
            Ga = np.array(G, dtype=dt, copy=copy, order="C") if copy else np.ascontiguousarray(G, dtype=dt)
            if Ga.ndim != 2 or Ga.shape[0] != Ga.shape[1]:
                raise ValueError("G must be a square matrix, not of shape %s" % (Ga.shape,))
            self.G = Ga
            n = Ga.shape[0]
        if n < 0:
            raise ValueError("g must be a vector")
        c0 = self.nb + self.nu
        if n < c0 or (n - c0) % 3:
            raise ValueError("n = %d rows: n - nb - nu must be a multiple of 3 (nb = %d, nu = %d)"
                             % (n, self.nb, self.nu))
        self.n, self.nc = n, (n - c0) // 3
        self.g = _vec(g, n, "g", dt, copy)
        if mu is None and self.nc > 0:
            raise ValueError("mu is required: %d contacts" % self.nc)
        self.mu = _vec(0.0 if mu is None else mu, self.nc, "mu", dt, copy, scalar_ok=True)
        self.R = None if R is None else _vec(R, n, "R", dt, copy, scalar_ok=True)
        self.c = L.struct["ct_problem"]()
        self.c.nb, self.c.nu, self.c.nc = self.nb, self.nu, self.nc
        if self.sparse is not None:
            self.Gs = L.struct["ct_sparse"]()
            self.Gs.row_ptr, self.Gs.col, self.Gs.val = (a.ctypes.data for a in self.sparse)
        self.soft_arrays = []
        self.soft = None if soft is None else self._soft(soft)
        self.point()

    def point(self):
        """(Re)point the C struct at the current arrays"""
        c = self.c
        c.G, c.g, c.mu, c.R = _ptr(self.G), _ptr(self.g), _ptr(self.mu), _ptr(self.R)
        c.Gs = None if self.Gs is None else ctypes.addressof(self.Gs)
        c.soft = None if self.soft is None else ctypes.addressof(self.soft)

    def _soft(self, spec):
        """ct_soft from a dict (or a model name): fields of ct_soft by name, arrays per contact
        (phi0, vn0, k, d; a scalar is broadcast), M (nv x nv), J (n x nv), vstar (nv)."""
        L, dt = self.L, self.L.dtype
        if isinstance(spec, str):
            spec = {"model": spec}
        fields = _STRUCT_FIELDS["ct_soft"]
        cs = L.struct["ct_soft"]()
        spec = dict(spec)
        if "M" in spec and "nv" not in spec:
            spec["nv"] = np.shape(spec["M"])[0]
        nv = int(spec.get("nv", 0))
        shapes = {"M": (nv, nv), "J": (self.n, nv), "vstar": (nv,)}
        for key, value in spec.items():
            if key not in fields:
                raise TypeError("unknown field %r of the soft model; ct_soft has %s" % (key, ", ".join(fields)))
            t = fields[key]
            if t["kind"] == "ptr":
                if value is None:
                    continue
                shape = shapes.get(key, (self.nc,))
                a = np.asarray(value, dtype=dt)
                if a.ndim == 0 and len(shape) == 1:
                    a = np.full(shape, a, dtype=dt)
                if a.shape != shape:
                    raise ValueError("soft %s must have shape %s, not %s" % (key, shape, a.shape))
                a = np.ascontiguousarray(a)
                self.soft_arrays.append(a)
                setattr(cs, key, a.ctypes.data)
            else:
                _set_field(cs, "ct_soft", key, value, "soft." + key)
        return cs


# ---- settings -------------------------------------------------------------------------------
def _enum_value(enum, value, path):
    names = _ffi.enum_names(enum)
    if isinstance(value, str):
        key = value.strip().upper().replace("-", "_")
        for v, name in names.items():
            if name == key:
                return v
    elif isinstance(value, numbers.Integral) and not isinstance(value, bool) and int(value) in names:
        return int(value)
    raise ValueError("%s: unknown value %r; one of %s" % (path, value, ", ".join(
        n if enum == "ct_method" else n.lower() for n in names.values())))


def _set_field(obj, struct, name, value, path):
    t = _STRUCT_FIELDS[struct][name]
    k = t["kind"]
    if k == "enum":
        value = _enum_value(t["name"], value, path)
    elif k in _INT_KINDS:
        if isinstance(value, (bool, np.bool_)):
            value = int(value)
        elif isinstance(value, numbers.Integral):
            value = int(value)
        elif isinstance(value, numbers.Real) and float(value).is_integer():
            value = int(value)
        else:
            raise TypeError("%s must be an integer, not %r" % (path, value))
        if not -_INT_MAX - 1 <= value <= _INT_MAX:
            raise ValueError("%s = %d does not fit a C int" % (path, value))
    elif k in ("real", "double", "float"):
        if not isinstance(value, (numbers.Real, np.floating, np.integer)):
            raise TypeError("%s must be a number, not %r" % (path, value))
        value = float(value)
    else:
        raise TypeError("%s cannot be set" % path)
    setattr(obj, name, value)


def _apply_settings(s, kw):
    for key, value in kw.items():
        if key in _SUBSTRUCTS:
            if not isinstance(value, Mapping):
                raise TypeError("%s= takes a dict of %s fields, e.g. %s={%r: ...}" % (
                    key, _SUBSTRUCTS[key], key, next(iter(_STRUCT_FIELDS[_SUBSTRUCTS[key]]))))
            for f, v in value.items():
                if f not in _STRUCT_FIELDS[_SUBSTRUCTS[key]]:
                    raise TypeError("unknown setting %s[%r]; %s has %s" % (
                        key, f, _SUBSTRUCTS[key], ", ".join(_STRUCT_FIELDS[_SUBSTRUCTS[key]])))
                _set_field(getattr(s, key), _SUBSTRUCTS[key], f, v, "%s.%s" % (key, f))
        elif key in _SETTINGS and _SETTINGS[key]["kind"] != "ptr":
            _set_field(s, "ct_settings", key, value, key)
        else:
            for sub, struct in _SUBSTRUCTS.items():
                f = key[len(sub) + 1:]
                if key.startswith(sub + "_") and f in _STRUCT_FIELDS[struct]:
                    _set_field(getattr(s, sub), struct, f, value, "%s.%s" % (sub, f))
                    break
            else:
                raise TypeError("unknown setting %r; see contact.default_settings()" % key)


class Cancel:
    """A flag that stops solves from another thread: pass cancel=token to solve(), Solver or
    inverse_dynamics, then token.set() from any thread. The solve polls it from C (ctpy_cancel,
    every poll_every iterations) without taking the GIL, and returns with status "interrupted",
    lambda and v the last iterate, scored like any answer. One token may serve many solves;
    clear() makes it usable again."""

    def __init__(self):
        self._flag = ctypes.c_int(0)

    def set(self):
        self._flag.value = 1

    def clear(self):
        self._flag.value = 0

    def is_set(self):
        return bool(self._flag.value)

    def __repr__(self):
        return "<contact.Cancel %s>" % ("set" if self.is_set() else "clear")


Progress = namedtuple("Progress", list(_STRUCT_FIELDS["ct_progress"]))
Progress.__doc__ = """What a progress callback sees (ct_progress): iterations, newton_iterations
and factorizations so far, and the running loop's cheap residual (-1 when it has none)."""


class _Hooks:
    """settings.progress and settings.user of one set of settings, kept alive with them: a
    Cancel token (the C callback ctpy_cancel, no GIL) and / or a Python callable (a ctypes
    callback, which takes the GIL at each poll). An exception in the callable stops the solve
    and is raised again once the C call returns."""

    def __init__(self, L, progress, cancel):
        if cancel is not None and not isinstance(cancel, Cancel):
            raise TypeError("cancel must be a contact.Cancel, not %r" % (cancel,))
        if progress is not None and not callable(progress):
            raise TypeError("progress must be callable (it gets a contact.Progress), not %r" % (progress,))
        self.progress, self.cancel = progress, cancel
        self.error = None
        self.user = None if cancel is None else ctypes.addressof(cancel._flag)
        self._cb = None
        if progress is None:
            self.fn = None if cancel is None else L.cancel
            return
        proto = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(L.struct["ct_progress"]))

        def call(user, p):
            try:
                if cancel is not None and cancel.is_set():
                    return 1
                c = p.contents
                return 1 if progress(Progress(*(getattr(c, f) for f in Progress._fields))) else 0
            except BaseException as e:  # KeyboardInterrupt too: the solve stops, then it is raised
                self.error = e
                return 1

        self._cb = proto(call)
        self.fn = ctypes.cast(self._cb, ctypes.c_void_p).value

    def link(self, s):
        s.progress, s.user = self.fn, self.user
        s._hooks = self


def _before(s):
    h = getattr(s, "_hooks", None)
    if h is not None:
        h.error = None


def _after(s):
    """Raise what a progress callable raised during the call that just returned."""
    h = getattr(s, "_hooks", None)
    if h is not None and h.error is not None:
        e, h.error = h.error, None
        raise e


_UNSET = object()


def _make_settings(L, method=None, tol=None, max_iter=None, kw=None, base=None):
    """ct_settings: the defaults (or base), then method, the keywords, max_iter and tol (the
    tolerance of the stop rule in force: tol_abs, or tol_rel with stop="relative"). clock is
    the shim's monotonic clock (time_limit= needs nothing else); progress= (a callable) and
    cancel= (a Cancel) become settings.progress and settings.user."""
    if base is None:
        s = L.ct_default_settings()
    else:
        s = type(base).from_buffer_copy(base)
    kw = dict(kw or {})
    progress, cancel = kw.pop("progress", _UNSET), kw.pop("cancel", _UNSET)
    for k in ("clock", "user"):
        if k in kw:
            raise TypeError("%s cannot be set: time_limit= uses the package's monotonic clock, progress= "
                            "and cancel= give the callback and its data" % k)
    if method is not None:
        s.method = _enum_value("ct_method", method, "method")
    if tol is not None and ("tol_abs" in kw or "tol_rel" in kw):
        raise TypeError("give tol, or tol_abs / tol_rel, not both")
    _apply_settings(s, kw)
    if max_iter is not None:
        _set_field(s, "ct_settings", "max_iter", max_iter, "max_iter")
    if tol is not None:
        rel = s.stop == _ffi.CONSTANTS["CT_STOP_RELATIVE"]
        _set_field(s, "ct_settings", "tol_rel" if rel else "tol_abs", tol, "tol")
    s.clock = L.clock
    old = getattr(base, "_hooks", None)
    if progress is not _UNSET or cancel is not _UNSET:
        if progress is _UNSET:
            progress = old.progress if old else None
        if cancel is _UNSET:
            cancel = old.cancel if old else None
        _Hooks(L, progress, cancel).link(s)
    elif old is not None:
        old.link(s)
    else:
        s.progress = s.user = None
    return s


def _struct_dict(obj, struct):
    out = {}
    for name, t in _STRUCT_FIELDS[struct].items():
        v = getattr(obj, name)
        if t["kind"] == "struct":
            out[name] = _struct_dict(v, t["name"])
        elif t["kind"] == "enum":
            n = _ffi.enum_names(t["name"]).get(v, v)
            out[name] = n if t["name"] == "ct_method" or not isinstance(n, str) else n.lower()
        elif t["kind"] in ("ptr", "funcptr"):
            continue
        else:
            out[name] = v
    return out


def default_settings(method=None, dtype=np.float64):
    """Every knob of ct_settings with its default (ct_default_settings of the precision), as a
    nested dict; method= fills in that method. Any of them is a keyword of solve() and Solver:
    top-level ones by name (max_iter=, stop="relative", tol_change=), those of a method family
    as family_field (admm_eta=1e-6, pgs_omega=0.8) or family={field: value} (admm={"eta": 1e-6})."""
    L = _ffi.lib(dtype)
    return _struct_dict(_make_settings(L, method), "ct_settings")


def methods():
    """The names of the methods this build has (settings.method), in the enum's order."""
    L = _ffi.lib()
    return [name for v, name in METHODS.items() if L.ct_method_string(v).decode() == name]


# ---- history and results --------------------------------------------------------------------
class _HistoryBuffer:
    """A ct_history over a NumPy structured array, linked into settings s."""

    def __init__(self, L, s, history):
        self.c = self.buf = None
        if history is None or history is False or (isinstance(history, numbers.Integral) and history == 0):
            s.history = None
            return
        if history is True:
            cap = max(int(s.max_iter), 0) + 1
            if s.method == _ffi.CONSTANTS["CT_METHOD_HYBRID_NCP"]:
                h = s.hybrid
                cap += h.newton_first + h.prox_first + h.max_phases * max(h.newton_max, h.prox_max)
            cap = min(cap, 10 ** 7)
        elif isinstance(history, numbers.Integral) and history > 0:
            cap = int(history)
        else:
            raise ValueError("history must be True, False or a capacity > 0, not %r" % (history,))
        lay = L.layout["structs"]["ct_history_entry"]
        kinds = {f: t["kind"] for f, t in _STRUCT_FIELDS["ct_history_entry"].items()}
        names = list(lay["offsets"])
        dtype = np.dtype({"names": names,
                          "formats": [L.dtype if kinds[f] == "real" else np.intc for f in names],
                          "offsets": [lay["offsets"][f] for f in names], "itemsize": lay["size"]})
        self.buf = np.zeros(cap, dtype)
        self.c = L.struct["ct_history"]()
        self.c.entries = self.buf.ctypes.data
        self.c.capacity = cap
        s.history = ctypes.addressof(self.c)

    def take(self, iterations):
        if self.c is None:
            return None
        e = self.buf[: self.c.count]
        cols = {}
        for f in e.dtype.names:
            a = np.array(e[f])
            if f != "iteration" and a.dtype.kind == "f" and f != "rho":
                a = np.where(a == -1, np.nan, a).astype(a.dtype)
            cols[f] = a
        # full buffer: a method may record fewer entries than iterations (HYBRID_NCP's
        # trial PGS sweeps before its phases) without any being lost
        return History(truncated=self.c.count >= self.c.capacity and iterations > self.c.count, **cols)


class History(types.SimpleNamespace):
    """Per-iteration records of a solve (settings.history), one array entry per iteration:
    iteration (1-based), rho (the ADMM penalty, 0 for other methods), primal and dual (ADMM's
    own residuals, NaN for other methods), criterion (the stopping measure of settings.stop in
    the method's flavor, NaN where it was not evaluated); truncated: more iterations ran than
    the buffer held (history=capacity)."""

    def __len__(self):
        return len(self.iteration)


class Residuals(types.SimpleNamespace):
    """ct_residuals of a point: primal, dual, comp, natmap, signorini, absolute (max of the
    first three: [LeLidec24]'s measure) and relative (Siconos' error), each with the first row
    of the worst constraint in <name>_row (-1 when there is none)."""

    @classmethod
    def _from(cls, c):
        return cls(**{f: getattr(c, f) for f in _STRUCT_FIELDS["ct_residuals"]})


class Result:
    """The answer of a solve.

    lam, v          lambda and v = (G + R) lambda + g (arrays of the problem's dtype)
    status          ct_status_string: "converged", "max iterations", "stalled", ...
    status_code     the ct_status value; converged: status_code == 0
    iterations, factorizations, newton_iterations, line_search_steps, linear_solves, rho,
    workspace_peak  as in ct_info
    method, flavor  names: "ADMM_NCP", "NCP"
    reused          what a Solver reused: a set of "rho", "dual", "factor", "ordering"
    ncp, model      Residuals of the returned point: NCP ones, and those of the method's flavor
    history         History (arrays per iteration), or None with history=False
    jvp(), vjp()    derivatives at this answer (contact.jvp, contact.vjp)
    """

    def __init__(self, problem, settings, lam, v, info, history):
        L = problem.L
        self.lam, self.v = lam, v
        for name, t in _STRUCT_FIELDS["ct_info"].items():
            if name in ("error_index", "error_field"):
                continue
            x = getattr(info, name)
            if t["kind"] == "struct" and t["name"] == "ct_residuals":
                x = Residuals._from(x)
            elif name == "status":
                self.status_code = int(x)
                x = L.ct_status_string(x).decode()
            elif t["kind"] == "enum":
                x = _ffi.enum_names(t["name"]).get(x, x)
            elif t["kind"] == "ptr":
                continue
            setattr(self, name, x)
        self.converged = self.status_code == _ffi.CONSTANTS["CT_STATUS_CONVERGED"]
        bits = getattr(self, "reused", 0)
        self.reused = frozenset(k for k, b in _REUSED.items() if bits & b)
        self.history = history.take(self.iterations) if history is not None else None
        self._problem = problem
        self._settings = type(settings).from_buffer_copy(settings)
        self._settings.history = None
        self._settings.progress = self._settings.user = None  # the callbacks stay with the solve

    @property
    def settings(self):
        """The settings of this solve, as default_settings() shows them."""
        return _struct_dict(self._settings, "ct_settings")

    def jvp(self, dg=None, dG=None, dmu=None, dR=None):
        from ._tools import jvp
        return jvp(self, dg, dG, dmu, dR)

    def vjp(self, lam_bar=None, v_bar=None, G=True):
        from ._tools import vjp
        return vjp(self, lam_bar, v_bar, G)

    def __repr__(self):
        return "<contact.Result %s: %s after %d iterations, ncp.absolute %.3g, n = %d (%s)>" % (
            self.method, self.status, self.iterations, self.ncp.absolute, len(self.lam), self.lam.dtype)


def _start(L, n, lambda0):
    if lambda0 is None:
        return np.zeros(n, L.dtype)
    return _vec(lambda0, n, "lambda0", L.dtype, copy=True)


def _new_info(L):
    info = L.struct["ct_info"]()
    info.error_index = -1
    return info


def _workspace(L, prob, s):
    """(ct_workspace, its memory) for ct_solve; a size query that fails on the problem's data
    (a block-sparse G is validated there) is redone by ct_solve to name the culprit."""
    nbytes = ctypes.c_size_t()
    r = L.ct_workspace_size_problem(ctypes.byref(prob.c), ctypes.byref(s), ctypes.byref(nbytes))
    if r != 0:
        _explain(L, prob, s, r, "ct_workspace_size_problem")
    mem = np.empty(max(nbytes.value, 1), np.uint8)
    ws = L.struct["ct_workspace"]()
    _check(L.ct_workspace_init(ctypes.byref(ws), mem.ctypes.data, nbytes.value), "ct_workspace_init", lib=L)
    return ws, mem


def _explain(L, prob, s, r, function):
    """Raise the error r of function, with the culprit ct_solve names for the same inputs."""
    info = _new_info(L)
    mem = np.zeros(64, np.uint8)
    ws = L.struct["ct_workspace"]()
    L.ct_workspace_init(ctypes.byref(ws), mem.ctypes.data, 64)
    lam = np.zeros(prob.n, L.dtype)
    v = np.zeros(prob.n, L.dtype)
    r2 = L.ct_solve(ctypes.byref(prob.c), ctypes.byref(s), ctypes.byref(ws), lam.ctypes.data, v.ctypes.data,
                    ctypes.byref(info))
    raise ContactError(r, function, info if r2 == r else None, L)


# ---- solve ----------------------------------------------------------------------------------
def solve(G, g, mu, nb=0, nu=0, R=None, method="ADMM_NCP", tol=None, max_iter=None, lambda0=None, *,
          history=True, soft=None, dtype=None, **method_settings):
    """Solve one time step's frictional contact problem: ct_solve.

    G         (n, n) Delassus matrix J M^-1 J^T, symmetric PSD: a NumPy array (dense storage)
              or a scipy.sparse matrix (contact.h's block-sparse storage)
    g         (n,) free velocity; rows [bilateral nb | unilateral nu | contacts, (t1, t2, n) each]
    mu        (nc,) friction coefficients, or one number for every contact
    R         (n,) compliance diagonal, or one number for every row; None: rigid
    method    a name of contact.methods(): "ADMM_NCP" (default), "PGS_NCP", "NEWTON_SOFT", ...
    tol       the tolerance of the stop rule in force (tol_abs, or tol_rel with stop="relative");
              None: the header's default (1e-8 in double, 1e-4 in float)
    max_iter  None: the header's default (1000)
    lambda0   warm start (n,); None: zeros
    history   True (default): per-iteration records in result.history; False: none; an int:
              at most that many records
    soft      NEWTON_SOFT's soft model: a dict of ct_soft's fields, e.g. {"model": "sap",
              "dt": 0.01, "phi0": phi0, "k": 1e5, "d": 0.1, "sigma": 1e-3, "beta": 1}
    dtype     np.float32 or np.float64; None: float32 when G is float32, else float64. float32
              runs the library compiled with CONTACT_USE_FLOAT.
    **method_settings  any field of ct_settings (see default_settings()): stop="relative",
              warm_start=0, admm_eta=1e-6 or admm={"eta": 1e-6}, pgs_omega=0.8, ...;
              stop="none" (a fixed budget of max_iter iterations), time_limit=seconds (a C
              clock: no GIL taken), cancel=contact.Cancel() (set from another thread),
              progress=callable(Progress) -> True to stop (takes the GIL at each poll),
              poll_every=k; a solve they stop has status "interrupted"

    Returns a Result. Raises ContactError when contact.h rejects the input (nothing solved),
    ValueError / TypeError for shapes and settings that do not make a call. A solve that runs
    but does not converge is not an error: look at result.status.
    """
    L = _lib_for(dtype, G)
    prob = _Problem(L, G, g, mu, nb, nu, R, soft)
    s = _make_settings(L, method, tol, max_iter, method_settings)
    hist = _HistoryBuffer(L, s, history)
    lam = _start(L, prob.n, lambda0)
    v = np.zeros(prob.n, L.dtype)
    ws, mem = _workspace(L, prob, s)
    info = _new_info(L)
    _before(s)
    r = L.ct_solve(ctypes.byref(prob.c), ctypes.byref(s), ctypes.byref(ws), lam.ctypes.data, v.ctypes.data,
                   ctypes.byref(info))
    _after(s)
    _check(r, "ct_solve", info, L)
    return Result(prob, s, lam, v, info, hist)


SolverState = namedtuple("SolverState", "rho rho_power dual")
SolverState.__doc__ = """What a Solver's last solve left for the next (ct_solver_state): the ADMM
penalty rho, its exponent rho_power under the spectral rule and the dual vector (n,); each is
None when the solver holds none."""


class Solver:
    """A problem set up once and solved many times while g, mu, R, G's values or the settings
    change: contact.h's solver object (ct_solver_setup / update / solve, in the way of OSQP).

        sv = contact.Solver(G, g, mu, method="ADMM_NCP", admm_warm_rho=1)
        res = sv.solve()
        sv.update(g=g_next)          # the factorization is kept
        res = sv.solve(lambda0=res.lam)

    The constructor takes solve()'s arguments and copies the arrays. solve() is bitwise
    contact.solve() on the same inputs unless the settings ask for the state (admm_warm_rho,
    admm_warm_dual). Calls on one Solver are serialized by a lock; use one Solver per thread
    to solve in parallel.
    """

    def __init__(self, G, g, mu, nb=0, nu=0, R=None, method="ADMM_NCP", tol=None, max_iter=None, *,
                 history=True, soft=None, dtype=None, **method_settings):
        L = self._L = _lib_for(dtype, G)
        self._lock = threading.Lock()
        self._prob = _Problem(L, G, g, mu, nb, nu, R, soft, copy=True)
        self._history_arg = history
        self._s = _make_settings(L, method, tol, max_iter, method_settings)
        self._hist = _HistoryBuffer(L, self._s, history)
        self._setup()

    def _setup(self):
        L, p, s = self._L, self._prob, self._s
        nbytes = ctypes.c_size_t()
        r = L.ct_solver_size(ctypes.byref(p.c), ctypes.byref(s), ctypes.byref(nbytes))
        if r != 0:
            _explain(L, p, s, r, "ct_solver_size")
        self._mem = np.empty(max(nbytes.value, 1), np.uint8)
        self._bytes = nbytes.value
        self._sv = L.struct["ct_solver"]()
        _check(L.ct_solver_init(ctypes.byref(self._sv), self._mem.ctypes.data, nbytes.value), "ct_solver_init", lib=L)
        info = _new_info(L)
        _check(L.ct_solver_setup(ctypes.byref(self._sv), ctypes.byref(p.c), ctypes.byref(s), ctypes.byref(info)),
               "ct_solver_setup", info, L)

    @property
    def n(self):
        return self._prob.n

    @property
    def dtype(self):
        return self._L.dtype

    @property
    def settings(self):
        return _struct_dict(self._s, "ct_settings")

    def solve(self, lambda0=None):
        """Solve the set-up problem from lambda0 (None: zeros); returns a Result."""
        L = self._L
        with self._lock:
            lam = _start(L, self._prob.n, lambda0)
            v = np.zeros(self._prob.n, L.dtype)
            info = _new_info(L)
            _before(self._s)
            r = L.ct_solver_solve(ctypes.byref(self._sv), lam.ctypes.data, v.ctypes.data, ctypes.byref(info))
            _after(self._s)
            _check(r, "ct_solver_solve", info, L)
            # a copy of the problem as it is now: later updates do not change this result's
            return Result(_snapshot(self._prob), self._s, lam, v, info, self._hist)

    def update(self, g=None, mu=None):
        """New g and/or mu (ct_solver_update_vectors): every precomputation is kept."""
        L, p = self._L, self._prob
        with self._lock:
            g2 = None if g is None else _vec(g, p.n, "g", L.dtype, copy=True)
            mu2 = None if mu is None else _vec(mu, p.nc, "mu", L.dtype, copy=True, scalar_ok=True)
            _check(L.ct_solver_update_vectors(ctypes.byref(self._sv), _ptr(g2), _ptr(mu2)),
                   "ct_solver_update_vectors", lib=L)
            if g2 is not None:
                p.g = g2
            if mu2 is not None:
                p.mu = mu2
            p.point()

    def update_compliance(self, R):
        """New R (None: rigid) (ct_solver_update_compliance); the factorization is redone by the
        next solve."""
        L, p = self._L, self._prob
        with self._lock:
            R2 = None if R is None else _vec(R, p.n, "R", L.dtype, copy=True, scalar_ok=True)
            _check(L.ct_solver_update_compliance(ctypes.byref(self._sv), _ptr(R2)), "ct_solver_update_compliance", lib=L)
            p.R = R2
            p.point()

    def update_matrix(self, G):
        """New values of G in the same form: dense for dense, and for a scipy.sparse G the same
        block pattern (ct_solver_update_matrix). A new pattern needs a new Solver."""
        L, p = self._L, self._prob
        with self._lock:
            q = _snapshot(p)
            if p.sparse is not None:
                if not _issparse(G):
                    raise ValueError("this Solver was set up with a scipy.sparse G: give one again")
                sp = block_sparse(G, p.nb, p.nu, L.dtype)
                if not (np.array_equal(sp[0], p.sparse[0]) and np.array_equal(sp[1], p.sparse[1])):
                    raise ValueError("G's block pattern changed: make a new Solver")
                q.sparse = sp
                q.Gs = L.struct["ct_sparse"]()
                q.Gs.row_ptr, q.Gs.col, q.Gs.val = (a.ctypes.data for a in sp)
            else:
                if _issparse(G):
                    raise ValueError("this Solver was set up with a dense G: give a dense one again")
                Ga = np.array(G, dtype=L.dtype, order="C")
                if Ga.shape != (p.n, p.n):
                    raise ValueError("G must have shape %s, not %s" % ((p.n, p.n), Ga.shape))
                q.G = Ga
            q.point()
            _check(L.ct_solver_update_matrix(ctypes.byref(self._sv), ctypes.byref(q.c)), "ct_solver_update_matrix", lib=L)
            self._prob = q

    def update_settings(self, method=None, tol=None, max_iter=None, **method_settings):
        """New settings, the method included (ct_solver_update_settings). A method that needs
        more memory than the setup gave sets the solver up again (its state is forgotten)."""
        L = self._L
        with self._lock:
            s = _make_settings(L, method, tol, max_iter, method_settings, base=self._s)
            hist = _HistoryBuffer(L, s, self._history_arg)
            nbytes = ctypes.c_size_t()
            r = L.ct_solver_size(ctypes.byref(self._prob.c), ctypes.byref(s), ctypes.byref(nbytes))
            if r != 0:
                _explain(L, self._prob, s, r, "ct_solver_size")
            if nbytes.value > self._bytes:
                old = (self._s, self._hist)
                self._s, self._hist = s, hist
                try:
                    self._setup()
                except Exception:
                    self._s, self._hist = old
                    self._setup()
                    raise
                return
            _check(L.ct_solver_update_settings(ctypes.byref(self._sv), ctypes.byref(s)), "ct_solver_update_settings", lib=L)
            self._s, self._hist = s, hist

    @property
    def state(self):
        """The SolverState of the last solve (ct_solver_state_get); assign one to restore it
        (ct_solver_state_set), e.g. into another Solver of the same sizes."""
        L = self._L
        with self._lock:
            st = L.struct["ct_solver_state"]()
            _check(L.ct_solver_state_get(ctypes.byref(self._sv), ctypes.byref(st), None), "ct_solver_state_get", lib=L)
            dual = None
            if st.has_dual:
                dual = np.zeros(self._prob.n, L.dtype)
                _check(L.ct_solver_state_get(ctypes.byref(self._sv), ctypes.byref(st), dual.ctypes.data),
                       "ct_solver_state_get", lib=L)
            return SolverState(st.rho if st.has_rho else None, st.rho_power if st.has_rho_power else None, dual)

    @state.setter
    def state(self, value):
        L = self._L
        with self._lock:
            rho, rho_power, dual = value
            st = L.struct["ct_solver_state"]()
            st.has_rho, st.rho = (0, 0.0) if rho is None else (1, float(rho))
            st.has_rho_power, st.rho_power = (0, 0.0) if rho_power is None else (1, float(rho_power))
            d = None if dual is None else _vec(dual, self._prob.n, "dual", L.dtype, copy=True)
            st.has_dual = int(d is not None)
            _check(L.ct_solver_state_set(ctypes.byref(self._sv), ctypes.byref(st), _ptr(d)), "ct_solver_state_set", lib=L)

    def reset(self):
        """Forget the state (ct_solver_reset); the precomputations stay."""
        with self._lock:
            _check(self._L.ct_solver_reset(ctypes.byref(self._sv)), "ct_solver_reset", lib=self._L)


def _snapshot(p):
    """A shallow copy of a _Problem with its own C struct (the arrays are shared: Solver
    replaces arrays on update and never writes into them)."""
    q = _Problem.__new__(_Problem)
    q.__dict__.update(p.__dict__)
    q.c = type(p.c).from_buffer_copy(p.c)
    return q
