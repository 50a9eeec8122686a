"""The ctypes mirror against the header as it is in this repository now: the structs'
sizes and field offsets from a C program compiled against contact.h here, in both precisions;
every public function bound under its precision's name (nm -D); the installed package built
from this very header with the Makefile's CFLAGS. A field added to contact.h after the
package was installed fails here (reinstall the package)."""

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import contact
from conftest import CC, ROOT, cflags

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "buildtools"))
import cheader  # noqa: E402

HEADER = os.path.join(ROOT, "contact.h")


def header_api():
    with open(HEADER) as f:
        return cheader.parse(f.read())


def test_package_is_built_from_this_header():
    meta = contact._ffi.META
    with open(HEADER, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    assert meta["build"]["header_sha256"] == sha, "contact.h changed since the package was built: reinstall it"
    assert contact.__version__ == header_api()["version"] == contact.header_version()


def test_built_with_the_c_tests_flags():
    assert contact._ffi.META["build"]["cflags"] == cflags() + ["-fPIC", "-shared"]


@pytest.mark.skipif(not shutil.which(CC), reason="no C compiler")
@pytest.mark.parametrize("tag,float_build", [("f64", False), ("f32", True)])
def test_ctypes_structs_match_the_c_layout(tmp_path, tag, float_build):
    api = header_api()
    lay = cheader.layout(api, ROOT, CC, cflags(), float_build=float_build, workdir=str(tmp_path))
    L = contact.lib(np.float32 if float_build else np.float64)
    assert lay["real"] == ctypes.sizeof(L.real)
    assert set(L.struct) == {s["name"] for s in api["structs"]}
    for name, want in lay["structs"].items():
        cls = L.struct[name]
        assert ctypes.sizeof(cls) == want["size"], name
        assert [f[0] for f in cls._fields_] == list(want["offsets"]), name
        for field, off in want["offsets"].items():
            assert getattr(cls, field).offset == off, (name, field)
    assert lay["constants"] == L.layout["constants"]
    for fn in api["functions"]:
        assert getattr(L, fn["name"]) is not None, fn["name"]
        assert len(getattr(L, fn["name"]).argtypes) == len(fn["args"]), fn["name"]


@pytest.mark.parametrize("tag", ["f64", "f32"])
def test_library_describes_its_own_layout(tag):
    """ctpy_layout, compiled into the library, agrees with the ctypes mirror item by item"""
    L = contact.lib(np.float32 if tag == "f32" else np.float64)
    fn = L.cdll.ctpy_layout
    count = ctypes.c_int()
    got = fn(ctypes.byref(count))
    table = contact._ffi.META["shim_table"]
    assert count.value == len(table) > 100
    names = L.cdll.ctpy_layout_names()
    assert names  # an address: the names are checked by the import itself
    offsets = [got[i] for i, (what, key) in enumerate(table) if what == "offset" and key[0] == "ct_settings"]
    assert offsets == [getattr(L.struct["ct_settings"], f[0]).offset for f in L.struct["ct_settings"]._fields_]
    assert got[0] == ctypes.sizeof(L.real)
    assert L.clock and L.cancel


@pytest.mark.skipif(not shutil.which(CC), reason="no C compiler")
def test_a_field_added_to_the_header_stops_the_import(tmp_path):
    """A library built from a contact.h whose ct_settings gained a field (as the lead's next
    change may do) is refused by the mirror of this header, naming what moved, instead of
    being called with structs of the wrong size."""
    with open(HEADER) as f:
        text = f.read()
    anchor = "    ct_newton_settings newton;\n    ct_nsn_settings nsn;"
    assert text.count(anchor) == 1
    (tmp_path / "contact.h").write_text(text.replace(anchor, "    double added_by_a_test;\n" + anchor))
    impl = tmp_path / "impl.c"
    impl.write_text('#define CONTACT_IMPLEMENTATION\n#include "contact.h"\n')
    shim = tmp_path / "shim.c"
    shim.write_text(cheader.shim_source(cheader.parse((tmp_path / "contact.h").read_text())))
    lib = tmp_path / "libcontact_f64.so"
    flags = [f for f in cflags() if not f.startswith("-O")] + ["-O0", "-fPIC", "-shared"]
    subprocess.run([CC] + flags + ["-I", str(tmp_path), "-o", str(lib), str(impl), str(shim), "-lm"],
                   check=True)
    with pytest.raises(contact._ffi.LayoutError) as e:
        contact._ffi.Lib("f64", str(lib))
    msg = str(e.value)
    assert "offsetof(ct_settings, newton)" in msg and "sizeof(ct_settings)" in msg, msg
    assert "offsetof(ct_settings, added_by_a_test): only in the library" in msg, msg


@pytest.mark.skipif(not shutil.which("nm"), reason="no nm")
@pytest.mark.parametrize("tag", ["f64", "f32"])
def test_library_exports(tag):
    L = contact.lib(np.float32 if tag == "f32" else np.float64)
    out = subprocess.run(["nm", "-D", "--defined-only", L.cdll._name], stdout=subprocess.PIPE,
                         universal_newlines=True, check=True).stdout
    exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
    api = header_api()
    for fn in api["functions"]:
        want = fn["name"] + "_" + tag if fn["name"] in api["prec"] else fn["name"]
        assert want in exported, want
    other = "f32" if tag == "f64" else "f64"
    assert not any(s.endswith("_" + other) for s in exported)
    assert not any(s in exported for s in api["prec"])  # no unsuffixed precision-dependent name
