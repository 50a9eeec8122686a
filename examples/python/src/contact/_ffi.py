"""The ctypes layer: contact.h's structs and functions, in double and in float.

Everything here is made from _api.json, which the build wrote from the header itself (its
structs, enums and prototypes, parsed) and from the C compiler (each struct's size and field
offsets, each enum constant's value, each function's linked name: ct_solve links as
ct_solve_f64 or ct_solve_f32). When a library is loaded its ctypes structures are checked,
field by field, against the compiler's layout and against the library itself: the shim
compiled into it exports ctpy_layout, sizeof and offsetof of every field of every struct, the
size of every enum and the value of every constant as the library was compiled. A mirror that
disagrees with the library (a field added to contact.h, a library from another build) stops the
import with LayoutError instead of corrupting memory.

Functions are called through ctypes.CDLL, which releases the GIL for the duration of each
call: a solve in one thread lets other Python threads run, and two threads may solve at once
(contact.h is reentrant; each call gets its own workspace).
"""

import ctypes
import json
import os
import threading

import numpy as np

_DIR = os.path.dirname(os.path.abspath(__file__))

try:
    with open(os.path.join(_DIR, "_api.json")) as _f:
        META = json.load(_f)
except FileNotFoundError:
    raise ImportError("contact: %s holds the package's sources, not a built package (no _api.json): "
                      "install it (pip install --no-build-isolation ./examples/python) or build it in "
                      "place (python3 examples/python/buildtools/contact_build.py)" % _DIR) from None
API = META["api"]
CONSTANTS = META["layout"]["f64"]["constants"]

_SCALARS = {
    "int": ctypes.c_int, "uint": ctypes.c_uint, "long": ctypes.c_long, "ulong": ctypes.c_ulong,
    "size_t": ctypes.c_size_t, "char": ctypes.c_char, "uchar": ctypes.c_ubyte,
    "double": ctypes.c_double, "float": ctypes.c_float,
}
_INTS_BY_SIZE = {1: ctypes.c_int8, 2: ctypes.c_int16, 4: ctypes.c_int32, 8: ctypes.c_int64}


def enum_names(enum):
    """{value: short name} of an enum, its common prefix dropped: ct_method -> {1: 'ADMM_NCP'}
    (sentinels such as CT_METHOD_COUNT_ left out)"""
    consts = [c for c in API["enums"][enum] if not c.endswith("_")]
    prefix = os.path.commonprefix(consts)
    prefix = prefix[:prefix.rfind("_") + 1]
    return {CONSTANTS[c]: c[len(prefix):] for c in consts}


class LayoutError(ImportError):
    pass


class Lib:
    """One precision of the library: lib.dtype, lib.real (the ctypes scalar), lib.struct[name]
    (ctypes structures), and every function of the header as an attribute under its header
    name (lib.ct_solve), or None when the library does not export it."""

    def __init__(self, tag, path=None):
        self.tag = tag
        self.layout = META["layout"][tag]
        self.real = ctypes.c_double if self.layout["real"] == 8 else ctypes.c_float
        self.dtype = np.dtype(np.float64 if self.layout["real"] == 8 else np.float32)
        self.struct = {}
        for s in API["structs"]:
            self._make_struct(s)
        self._check_layout()
        self.cdll = ctypes.CDLL(path or os.path.join(_DIR, "libcontact_%s.so" % tag))
        self._check_library()
        self.missing = []
        for fn in API["functions"]:
            symbol = self.layout["symbols"][fn["name"]]
            try:
                cfn = getattr(self.cdll, symbol)
            except AttributeError:
                self.missing.append(fn["name"])
                setattr(self, fn["name"], None)
                continue
            cfn.restype = self._ctype(fn["ret"], arg=True)
            cfn.argtypes = [self._ctype(a["type"], arg=True) for a in fn["args"]]
            setattr(self, fn["name"], cfn)

    def _ctype(self, t, arg=False):
        k = t["kind"]
        if k == "real":
            c = self.real
        elif k == "void":
            return None
        elif k in _SCALARS:
            c = _SCALARS[k]
        elif k == "enum":
            c = _INTS_BY_SIZE[self.layout["enum_sizes"][t["name"]]]
        elif k == "struct":
            c = self.struct[t["name"]]
        elif k == "ptr":
            if t.get("to") == "char":
                c = ctypes.c_char_p
            elif arg and t.get("to") in self.struct:
                c = ctypes.POINTER(self.struct[t["to"]])
            else:
                c = ctypes.c_void_p
        elif k == "funcptr":
            c = ctypes.c_void_p
        else:
            raise LayoutError("contact: unknown type kind %r in _api.json" % k)
        if "count" in t:
            c = c * t["count"]
        return c

    def _make_struct(self, s):
        fields = [(f["name"], self._ctype(f["type"])) for f in s["fields"]]
        cls = type("%s_%s" % (s["name"], self.tag), (ctypes.Structure,), {"_fields_": fields})
        self.struct[s["name"]] = cls

    def _check_layout(self):
        bad = []
        for name, cls in self.struct.items():
            want = self.layout["structs"][name]
            if ctypes.sizeof(cls) != want["size"]:
                bad.append("sizeof(%s): ctypes %d, C %d" % (name, ctypes.sizeof(cls), want["size"]))
            for f, off in want["offsets"].items():
                got = getattr(cls, f).offset
                if got != off:
                    bad.append("offsetof(%s, %s): ctypes %d, C %d" % (name, f, got, off))
        if bad:
            raise LayoutError("contact: the ctypes mirror of contact.h disagrees with the C "
                              "layout (%s build): %s; reinstall the package" % (self.tag, "; ".join(bad)))


    def _check_library(self):
        """The ctypes mirror against the library's own ctpy_layout() and ctpy_layout_names();
        binds the shim's callbacks: self.clock (ctpy_clock) and self.cancel (ctpy_cancel), as
        addresses."""
        try:
            fn, names_fn = self.cdll.ctpy_layout, self.cdll.ctpy_layout_names
        except AttributeError:
            raise LayoutError("contact: %s has no ctpy_layout (a library from another build); "
                              "reinstall the package" % self.cdll._name) from None
        fn.restype = ctypes.POINTER(ctypes.c_long)
        fn.argtypes = [ctypes.POINTER(ctypes.c_int)]
        names_fn.restype = ctypes.POINTER(ctypes.c_char_p)
        names_fn.argtypes = []
        count = ctypes.c_int()
        values = fn(ctypes.byref(count))
        names = names_fn()
        theirs = {names[i].decode(): values[i] for i in range(count.value)}
        ours = {}
        for what, key in META["shim_table"]:
            if what == "real":
                want, name = ctypes.sizeof(self.real), "sizeof(ct_real)"
            elif what == "size":
                want, name = ctypes.sizeof(self.struct[key]), "sizeof(%s)" % key
            elif what == "offset":
                want, name = getattr(self.struct[key[0]], key[1]).offset, "offsetof(%s, %s)" % tuple(key)
            elif what == "enum_size":
                want, name = self.layout["enum_sizes"][key], "sizeof(%s)" % key
            else:
                want, name = self.layout["constants"][key], key
            ours[name] = want
        bad = ["%s: library %d, ctypes %d" % (k, theirs[k], v) for k, v in ours.items()
               if k in theirs and theirs[k] != v]
        bad += ["%s: only in the library" % k for k in theirs if k not in ours]
        bad += ["%s: not in the library" % k for k in ours if k not in theirs]
        if bad:
            raise LayoutError("contact: the ctypes mirror of contact.h disagrees with %s (%s build): %s; "
                              "the library and the package come from different versions of contact.h: "
                              "reinstall the package" % (self.cdll._name, self.tag, "; ".join(bad)))
        self.clock = ctypes.cast(self.cdll.ctpy_clock, ctypes.c_void_p).value
        self.cancel = ctypes.cast(self.cdll.ctpy_cancel, ctypes.c_void_p).value


_LIBS = {}
_LOCK = threading.Lock()


def lib(dtype=np.float64):
    """The library of a precision: np.float32 gives the float build (CONTACT_USE_FLOAT), any
    other dtype the double one."""
    tag = "f32" if np.dtype(dtype) == np.float32 else "f64"
    with _LOCK:
        if tag not in _LIBS:
            _LIBS[tag] = Lib(tag)
        return _LIBS[tag]
