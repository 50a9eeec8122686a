"""The examples of examples/python run and say what they should. The FCLib one reads the
problems of $CONTACT_FCLIB, else ../shared/fclib next to the repository, and is skipped
without them or without h5py."""

import importlib.util
import os
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLES = os.path.join(ROOT, "examples", "python")


def run(script, *args):
    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, script)] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True, timeout=300)
    assert r.returncode == 0, r.stdout
    return r.stdout


def test_compare_methods(tmp_path):
    png = tmp_path / "conv.png"
    plot = importlib.util.find_spec("matplotlib") is not None
    out = run("compare_methods.py", *(["--plot", str(png)] if plot else []))
    for m in ("PGS_NCP", "ADMM_NCP", "NEWTON_NCP", "HYBRID_NCP"):
        assert m in out
    assert "max iterations" not in out and "slide slide slide slide stick stick stick stick" in out
    if plot:
        assert png.stat().st_size > 1000


def test_fit_friction():
    out = run("fit_friction.py")
    assert "fitted mu = 0.350000 (true 0.35)" in out


def test_fclib_solve():
    pytest.importorskip("h5py")
    folder = os.environ.get("CONTACT_FCLIB") or os.path.join(ROOT, "..", "shared", "fclib")
    files = [os.path.join(folder, f) for f in ("Rover1039.dat.hdf5", "Box_Stacks-i0035-31-0.local.hdf5")]
    if not all(os.path.isfile(f) for f in files):
        pytest.skip("no FCLib problems in %s (set CONTACT_FCLIB)" % folder)
    out = run("fclib_solve.py", *files, "--methods", "HYBRID_NCP,ADMM_NCP")
    assert out.count("converged") == 4, out
    assert "Rover1039.dat.hdf5: W symmetrized" in out
