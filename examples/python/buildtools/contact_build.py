"""contact_build.py - the build backend of the `contact` Python package (PEP 517, stdlib only).

pip calls it (pyproject.toml names it): `pip install --no-build-isolation ./examples/python`.
It needs a C compiler and nothing from the package index, not even setuptools or wheel:

  1. finds contact.h: $CONTACT_H, else the copy inside an sdist, else ../../contact.h (the
     repository this directory lives in); the header is never copied into the repository;
  2. compiles it twice into shared libraries, libcontact_f64.so and libcontact_f32.so
     (-DCONTACT_USE_FLOAT), with the C tests' flags (the Makefile's CFLAGS) plus -fPIC -shared,
     so that the Python results are bitwise those of the C tests' builds; a generated shim in
     its own translation unit (cheader.shim_source) adds ctpy_layout, the library's own
     sizeof / offsetof of every struct field, checked against the ctypes mirror at import,
     and ctpy_clock / ctpy_cancel, C callbacks for time limits and cancellation;
  3. reads the header's public part (cheader.parse) and asks the compiler for the layout of
     every struct, the value of every enum constant and the linked name of every function
     (cheader.layout), in both precisions, into the package's _api.json;
  4. zips src/contact/*.py, the libraries and _api.json into a wheel tagged for this platform.

$CC picks the compiler (default cc). `python3 buildtools/contact_build.py` builds the libraries
and _api.json into src/contact/ itself (for running from the source tree with PYTHONPATH=src;
`pip install -e` does the same).
"""

import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # examples/python
SRC = os.path.join(ROOT, "src")  # the package's sources: src/contact (a script next to
                                 # them must import the installed package, not them)
sys.path.insert(0, HERE)
import cheader  # noqa: E402

# The Makefile's CFLAGS (tests/python/test_layout.py checks that they agree), then what a
# shared library needs.
CFLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
SHARED = ["-fPIC", "-shared"]
PRECISIONS = (("f64", []), ("f32", ["-DCONTACT_USE_FLOAT"]))
NAME = "contact"


class BuildError(Exception):
    pass


def find_header():
    candidates = []
    if os.environ.get("CONTACT_H"):
        candidates.append(os.environ["CONTACT_H"])
    candidates += [os.path.join(ROOT, "contact.h"), os.path.join(ROOT, "..", "..", "contact.h")]
    for c in candidates:
        if os.path.isfile(c):
            return os.path.abspath(c)
    raise BuildError("contact.h not found (looked at %s); set CONTACT_H=/path/to/contact.h"
                     % ", ".join(candidates))


def _project():
    """[project] of pyproject.toml: name, description, requires-python, dependencies"""
    path = os.path.join(ROOT, "pyproject.toml")
    try:
        import tomllib
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    except ImportError:  # Python < 3.11: the few flat keys this file uses
        out, section = {}, None
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("["):
                    section = line
                elif section == "[project]" and "=" in line:
                    k, v = (x.strip() for x in line.split("=", 1))
                    out[k] = re.findall(r'"([^"]*)"', v) if v.startswith("[") else v.strip('"')
        return out


def _version(header):
    with open(header) as f:
        m = re.search(r'#define\s+CONTACT_VERSION_STRING\s+"([^"]+)"', f.read())
    if not m:
        raise BuildError("%s has no CONTACT_VERSION_STRING" % header)
    return m.group(1)


def _metadata(version):
    p = _project()
    lines = ["Metadata-Version: 2.1", "Name: %s" % NAME, "Version: %s" % version,
             "Summary: %s" % p.get("description", ""), "License: MIT OR Unlicense"]
    if p.get("requires-python"):
        lines.append("Requires-Python: %s" % p["requires-python"])
    for d in p.get("dependencies", []):
        lines.append("Requires-Dist: %s" % d)
    readme = os.path.join(ROOT, "README.md")
    lines.append("Description-Content-Type: text/markdown")
    text = "\n".join(lines) + "\n\n"
    if os.path.isfile(readme):
        with open(readme) as f:
            text += f.read()
    return text


def _tag():
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-%s" % plat


def _dist_info(version):
    return "%s-%s.dist-info" % (NAME, version)


def compile_all(header, out_dir):
    """The two libraries and _api.json into out_dir; returns their file names."""
    cc = os.environ.get("CC", "cc")
    hdir = os.path.dirname(header)
    with open(header) as f:
        text = f.read()
    api = cheader.parse(text)
    tmp = tempfile.mkdtemp(prefix="contact_build_")
    jobs = []
    try:
        impl = os.path.join(tmp, "impl.c")
        with open(impl, "w") as f:
            f.write("/* contact.h's implementation, for the Python package's shared library */\n"
                    "#define CONTACT_IMPLEMENTATION\n#include \"contact.h\"\n")
        shim = os.path.join(tmp, "shim.c")
        with open(shim, "w") as f:
            f.write(cheader.shim_source(api))
        for tag, flags in PRECISIONS:
            lib = os.path.join(out_dir, "libcontact_%s.so" % tag)
            cmd = [cc] + CFLAGS + flags + SHARED + ["-I", hdir, "-o", lib, impl, shim, "-lm"]
            try:
                proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        universal_newlines=True)
            except OSError as e:
                raise BuildError("cannot run the C compiler %r (%s); install one or set CC" % (cc, e))
            jobs.append((cmd, proc))
        layouts = {}
        for tag, flags in PRECISIONS:  # while the libraries compile
            layouts[tag] = cheader.layout(api, hdir, cc, CFLAGS, float_build=bool(flags), workdir=tmp)
        for cmd, proc in jobs:
            out, _ = proc.communicate()
            if proc.returncode != 0:
                raise BuildError("compiling contact.h failed:\n%s\n%s" % (" ".join(cmd), out))
    finally:
        for _, proc in jobs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    meta = {
        "api": api,
        "layout": layouts,
        "shim_table": [[what, key] for what, key in cheader.layout_table(api)],
        "build": {
            "header": header,
            "header_sha256": hashlib.sha256(text.encode()).hexdigest(),
            "cc": cc,
            "cflags": CFLAGS + SHARED,
        },
    }
    with open(os.path.join(out_dir, "_api.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    return ["libcontact_f64.so", "libcontact_f32.so", "_api.json"]


def _package_sources():
    pkg = os.path.join(SRC, NAME)
    return sorted(f for f in os.listdir(pkg) if f.endswith(".py"))


class _Wheel:
    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, arcname, data):
        if isinstance(data, str):
            data = data.encode()
        info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = (0o755 if arcname.endswith(".so") else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append("%s,sha256=%s,%d" % (arcname, digest, len(data)))

    def close(self, dist_info):
        self.record.append("%s/RECORD,," % dist_info)
        info = zipfile.ZipInfo("%s/RECORD" % dist_info, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        self.zip.writestr(info, "\n".join(self.record) + "\n")
        self.zip.close()


def _write_dist_info(add, version):
    di = _dist_info(version)
    add("%s/METADATA" % di, _metadata(version))
    add("%s/WHEEL" % di, "Wheel-Version: 1.0\nGenerator: contact_build\nRoot-Is-Purelib: false\n"
        "Tag: %s\n" % _tag())
    add("%s/top_level.txt" % di, NAME + "\n")
    return di


def _wheel_path(wheel_directory, version):
    return os.path.join(wheel_directory, "%s-%s-%s.whl" % (NAME, version, _tag()))


# ---- PEP 517 hooks ---------------------------------------------------------------------------
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version(find_header())
    di = _dist_info(version)
    os.makedirs(os.path.join(metadata_directory, di), exist_ok=True)

    def add(name, data):
        with open(os.path.join(metadata_directory, name), "w") as f:
            f.write(data)

    _write_dist_info(add, version)
    return di


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    header = find_header()
    version = _version(header)
    path = _wheel_path(wheel_directory, version)
    tmp = tempfile.mkdtemp(prefix="contact_wheel_")
    try:
        built = compile_all(header, tmp)
        w = _Wheel(path)
        for f in _package_sources():
            with open(os.path.join(SRC, NAME, f), "rb") as fh:
                w.add("%s/%s" % (NAME, f), fh.read())
        for f in built:
            with open(os.path.join(tmp, f), "rb") as fh:
                w.add("%s/%s" % (NAME, f), fh.read())
        w.close(_write_dist_info(w.add, version))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return os.path.basename(path)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """The libraries and _api.json built into src/contact/ (ignored by git), and a wheel
    holding only a .pth file that puts src/ on sys.path."""
    header = find_header()
    version = _version(header)
    compile_all(header, os.path.join(SRC, NAME))
    path = _wheel_path(wheel_directory, version)
    w = _Wheel(path)
    w.add("%s_editable.pth" % NAME, SRC + "\n")
    w.close(_write_dist_info(w.add, version))
    return os.path.basename(path)


def build_sdist(sdist_directory, config_settings=None):
    """A self-contained source archive: this directory's sources plus contact.h."""
    header = find_header()
    version = _version(header)
    base = "%s-%s" % (NAME, version)
    path = os.path.join(sdist_directory, base + ".tar.gz")
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        def add_file(src, arc):
            tar.add(src, arcname="%s/%s" % (base, arc), recursive=False)
        for d, _, files in os.walk(ROOT):
            rel = os.path.relpath(d, ROOT)
            if "__pycache__" in rel.split(os.sep):
                continue
            for f in sorted(files):
                if f.endswith((".py", ".md", ".toml")):
                    add_file(os.path.join(d, f), os.path.normpath(os.path.join(rel, f)))
        add_file(header, "contact.h")
        pkg_info = _metadata(version).encode()
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return os.path.basename(path)


if __name__ == "__main__":
    try:
        out = compile_all(find_header(), os.path.join(SRC, NAME))
    except (BuildError, cheader.HeaderError) as e:
        sys.exit("contact_build: %s" % e)
    print("built %s into %s" % (", ".join(out), os.path.join(SRC, NAME)))
