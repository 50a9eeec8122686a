#!/usr/bin/env python3
"""bench/results/record.py - write one measurement into bench/results/ (python3 stdlib only).

Every benchmark keeps its raw output in build/ and its summary table here, as one CSV file per
run named <bench>_<machine>_<YYYY-MM-DD>.csv (the date is the day of the run, UTC; a second
run of the same bench on the same machine and day replaces the first). The machine id names the
hardware in a few characters (cpu-isa-cores, e.g. xeon-avx512-2c); machines.csv describes each
id once. bench/results/summarize.py turns all the files into SUMMARY.md.

As a module (the report scripts of bench/ import it):
    write(bench, fieldnames, rows)        -> the path written; rows are dicts or sequences
    machine_id()                          -> BENCH_MACHINE if set, else derived from /proc/cpuinfo
As a program:
    python3 bench/results/record.py BENCH FILE.csv      copy a CSV (e.g. build/bench/crossover.csv)
    python3 bench/results/record.py --demo FILE.txt     the table printed by examples/world's demo
Options: --date YYYY-MM-DD, --machine ID (defaults: today, machine_id()).
"""
import csv
import datetime
import os
import platform
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAME_RE = re.compile(r"^(?P<bench>[a-z0-9][a-z0-9-]*)_(?P<machine>[a-z0-9][a-z0-9.+-]*)_"
                     r"(?P<date>\d{4}-\d{2}-\d{2})\.csv$")
MACHINES = os.path.join(HERE, "machines.csv")
MACHINE_FIELDS = ["machine", "cpu", "cores", "os", "compiler", "notes"]


def _cpuinfo():
    try:
        return open("/proc/cpuinfo").read()
    except OSError:
        return ""


def machine_id():
    """cpu-isa-cores from /proc/cpuinfo (BENCH_MACHINE overrides), e.g. xeon-avx512-2c"""
    env = os.environ.get("BENCH_MACHINE")
    if env:
        return env
    info = _cpuinfo()
    model = re.search(r"^model name\s*:\s*(.*)$", info, re.M)
    model = model.group(1).lower() if model else platform.processor().lower()
    cpu = "cpu"
    for word in ("xeon", "epyc", "ryzen", "threadripper", "core", "atom", "graviton", "neoverse",
                 "cortex", "apple"):
        if word in model:
            cpu = word
            break
    else:
        words = re.findall(r"[a-z][a-z0-9]+", model)
        if words:
            cpu = words[0]
    flags = re.search(r"^(flags|Features)\s*:\s*(.*)$", info, re.M)
    flags = flags.group(2).split() if flags else []
    if "avx512f" in flags:
        isa = "avx512"
    elif "avx2" in flags:
        isa = "avx2"
    elif "asimd" in flags or "neon" in flags:
        isa = "neon"
    else:
        isa = platform.machine().lower() or "generic"
    return "%s-%s-%dc" % (cpu, isa, os.cpu_count() or 1)


def _compiler():
    cc = os.environ.get("CC", "cc")
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=10)
        return out.stdout.splitlines()[0] if out.stdout else cc
    except (OSError, subprocess.SubprocessError):
        return cc


def register_machine(mid):
    """add a line for mid to machines.csv if it has none (cpu model, cores, os, compiler)"""
    rows = []
    if os.path.exists(MACHINES):
        rows = list(csv.DictReader(open(MACHINES, newline="")))
        if any(r["machine"] == mid for r in rows):
            return
    model = re.search(r"^model name\s*:\s*(.*)$", _cpuinfo(), re.M)
    rows.append(dict(machine=mid, cpu=model.group(1) if model else platform.processor(),
                     cores=str(os.cpu_count() or 1),
                     os="%s %s" % (platform.system(), platform.release()),
                     compiler=_compiler(), notes="recorded automatically; edit to describe"))
    with open(MACHINES, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=MACHINE_FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def today():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")


def path_for(bench, machine=None, date=None):
    name = "%s_%s_%s.csv" % (bench, machine or machine_id(), date or today())
    if not NAME_RE.match(name):
        raise ValueError("bad result name %r (bench and machine: lower case, digits, '-')" % name)
    return os.path.join(HERE, name)


def write(bench, fieldnames, rows, machine=None, date=None):
    """write rows (dicts keyed by fieldnames, or sequences in that order) as one result file"""
    machine = machine or machine_id()
    path = path_for(bench, machine, date)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(fieldnames)
        for r in rows:
            w.writerow([r.get(k, "") for k in fieldnames] if isinstance(r, dict) else list(r))
    register_machine(machine)
    print("record.py: wrote %s" % os.path.relpath(path))
    return path


def parse_demo(path):
    """the table of examples/world's demo (fixed columns, then free notes) as CSV rows"""
    fields = ["scenario", "method", "model", "oracle_error", "us_per_step", "oracle", "notes"]
    rows = []
    for line in open(path):
        m = re.match(r"^(\S+)\s+([A-Z_]+)\s+(\S+)\s+([-+0-9.e]+)\s+([0-9.]+)\s+(.*)$", line.rstrip())
        if not m or m.group(1) == "scenario":
            continue
        rest = m.group(6)
        # the oracle column is 36 characters wide in the demo's table, the notes follow
        oracle, notes = rest[:37].rstrip(), rest[37:].strip()
        rows.append([m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), oracle, notes])
    return fields, rows


def main(argv):
    date = machine = None
    args = []
    it = iter(argv)
    for a in it:
        if a == "--date":
            date = next(it)
        elif a == "--machine":
            machine = next(it)
        else:
            args.append(a)
    if len(args) == 2 and args[0] == "--demo":
        fields, rows = parse_demo(args[1])
        write("world", fields, rows, machine, date)
        return 0
    if len(args) != 2:
        print(__doc__)
        return 2
    bench, src = args
    rows = list(csv.reader(open(src, newline="")))
    if not rows:
        print("record.py: %s is empty" % src)
        return 1
    write(bench, rows[0], rows[1:], machine, date)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
