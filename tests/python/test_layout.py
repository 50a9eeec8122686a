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
