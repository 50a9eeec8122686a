"""Shared pieces of the Python package's tests (pytest; tests/python_test.sh runs them in a
fresh virtual environment, `make test` runs that script).

    cflags()               the Makefile's CFLAGS, which the C side of the tests uses too
    c_driver(tag)          tests/python/c_driver.c with tests/impl.c, built in double ("f64")
                           or float ("f32"), started in the background when this file is
                           imported; the prebuilt ones of $CONTACT_C_DRIVER_DIR (python_test.sh
                           builds them while the package installs) when set
    run_driver(...)        run it on a problem file and parse its hexadecimal output
    write_problem(...)     contact.h's problem format, numbers in hexadecimal (exact)
    random_problem(...)    a feasible problem G = J M^-1 J^T, g = J v0 from a seed
"""

import os
import re
import shutil
import signal
import subprocess
import tempfile

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CC = os.environ.get("CC", "cc")


def cflags():
    with open(os.path.join(ROOT, "Makefile")) as f:
        m = re.search(r"^CFLAGS\s*=\s*(.*)$", f.read(), re.M)
    return m.group(1).split()


_BUILD_DIR = tempfile.mkdtemp(prefix="contact_pytest_")
_JOBS = {}
_BUILT = {}


def _start_driver(tag):
    exe = os.path.join(_BUILD_DIR, "c_driver_%s" % tag)
    cmd = [CC] + cflags() + (["-DCONTACT_USE_FLOAT"] if tag == "f32" else []) + [
        "-I", ROOT, "-o", exe, os.path.join(HERE, "c_driver.c"), os.path.join(ROOT, "tests", "impl.c"), "-lm"]
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                                start_new_session=True)  # its own process group: cc1 is killed with cc
    except OSError as e:
        return exe, None, str(e)
    return exe, proc, None


if shutil.which(CC) and not os.environ.get("CONTACT_C_DRIVER_DIR"):
    for _tag in ("f64", "f32"):
        _JOBS[_tag] = _start_driver(_tag)


def c_driver(tag):
    pre = os.environ.get("CONTACT_C_DRIVER_DIR")
    if pre:
        exe = os.path.join(pre, "c_driver_%s" % tag)
        if not os.path.isfile(exe):
            pytest.fail("CONTACT_C_DRIVER_DIR=%s has no c_driver_%s" % (pre, tag))
        return exe
    if tag not in _JOBS:
        pytest.skip("no C compiler (%s): the C side of the comparison cannot be built" % CC)
    exe, proc, err = _JOBS[tag]
    if proc is None:
        pytest.skip("cannot run %s: %s" % (CC, err))
    if tag not in _BUILT:
        _BUILT[tag] = proc.communicate()[0]
    if proc.returncode != 0:
        pytest.fail("tests/python/c_driver.c does not build:\n%s" % _BUILT[tag])
    return exe


def pytest_sessionfinish(session, exitstatus):
    for exe, proc, _ in _JOBS.values():
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    shutil.rmtree(_BUILD_DIR, ignore_errors=True)


def write_problem(path, G, g, mu, nb=0, nu=0, R=None):
    """contact.h's problem format (ct_problem_read), every number in hexadecimal"""
    G = np.asarray(G, dtype=np.float64)
    n = G.shape[0]
    nc = (n - nb - nu) // 3
    hx = lambda a: " ".join(float(x).hex() for x in np.ravel(a))  # noqa: E731
    lines = ["contact.h problem 1", "nb %d nu %d nc %d R %d" % (nb, nu, nc, R is not None), "G"]
    lines += [hx(row) for row in G]
    lines += ["g", hx(g), "mu", hx(np.broadcast_to(mu, (nc,)))]
    if R is not None:
        lines += ["R", hx(np.broadcast_to(R, (n,)))]
    lines.append("end")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def run_driver(tag, *args):
    """The driver's output as a list of sections (split at "result" lines), each a dict
    {key: [numbers]}; hexadecimal floats parsed exactly."""
    r = subprocess.run([c_driver(tag)] + [str(a) for a in args], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    sections = []
    for line in r.stdout.splitlines():
        key, *vals = line.split()
        if key.startswith("result"):
            sections.append({})
        sections[-1][key] = [float.fromhex(x) if ("p" in x or "x" in x) else int(x) for x in vals]
    return sections


def random_problem(seed, nb=0, nu=0, nc=4, nv=None, mu=(0.2, 0.8), R=None, dtype=np.float64):
    """G = J M^-1 J^T (symmetric by construction) and g = J v0 + a push into the contacts,
    scaled to max diag G = 1; mu uniform in the range. Returns (G, g, mu) in dtype."""
    rng = np.random.default_rng(seed)
    n = nb + nu + 3 * nc
    nv = nv or max(6, n // 2)
    J = rng.standard_normal((n, nv))
    m = rng.uniform(0.5, 2.0, nv)
    G = (J / m) @ J.T
    G = (G + G.T) / 2
    scale = G.diagonal().max()
    G /= scale
    g = J @ rng.standard_normal(nv) / np.sqrt(scale)
    g[nb + nu + 2::3] -= 1.0  # pressed into the ground
    mus = rng.uniform(mu[0], mu[1], nc)
    return G.astype(dtype), g.astype(dtype), mus.astype(dtype)
