#!/usr/bin/env python3
"""bench/results/summarize.py - regenerate bench/results/SUMMARY.md from every result file.

    python3 bench/results/summarize.py [--plots DIR]

Reads every <bench>_<machine>_<YYYY-MM-DD>.csv of this folder (written by record.py, which the
report scripts of bench/ call) and machines.csv, and writes SUMMARY.md: one section per bench
(anchor #<bench>), in the order of BENCHES below, each with what was measured, the command that
reproduces it, the protocol's page, and every run's table, newest first. Python 3 standard
library only. With --plots and matplotlib installed it also draws a few figures into DIR
(default build/results): the FCLib time ratios and the Cholesky speed.
"""
import csv
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from record import NAME_RE  # noqa: E402

PROTOCOL = "../../docs/benchmarks.md"
# bench id -> (title, what was measured, command, protocol anchor in docs/benchmarks.md)
BENCHES = [
    ("fclib", "contact.h against Siconos Numerics on FCLib and generated problems",
     "Per problem the fastest converged contact.h method (dense storage of G) and the fastest "
     "converged Siconos solver (6 solvers, sparse-block or dense storage), cold start, both "
     "stopping on Siconos' relative natural-map error `tol` and both re-scored by one function. "
     "Times are medians of repeated solves in microseconds; ratio = contact.h / Siconos "
     "(below 1: contact.h faster).",
     "make bench", "fclib"),
    ("fclib-misses", "Which solver missed which problem (same runs as fclib)",
     "Per solver and tolerance, the problems where the re-scored NCP error did not meet the "
     "tolerance. Methods of other laws (PGS_CCP, PGS_LCP, NBGS, RAISIM, ADMM_CCP) miss by "
     "design wherever their answer is not also a Coulomb answer; NEWTON_SOFT needs soft-model "
     "data that FCLib files do not carry. Siconos' status code follows a problem's name.",
     "make bench", "fclib"),
    ("sparse", "Dense and block-sparse storage of G against Siconos on FCLib",
     "Per problem and storage the fastest converged contact.h run among ADMM_NCP, ADMM_CCP, "
     "PGS_NCP, ADMM_NCP:linear=4, ADMM_NCP:linear=16 and RAISIM_DS, Siconos' fastest converged "
     "solver, medians over `rounds` rounds of CPU time (one thread), ratio = contact.h / "
     "Siconos with its range over the rounds; faster_storage = 1 on the storage that wins.",
     "make bench-sparse", "sparse"),
    ("sparse-storage", "ADMM_NCP and PGS_NCP on both storages of G (same runs as sparse)",
     "Median times in microseconds on the dense and the block-sparse form of the same G; "
     "speedup = dense / sparse (above 1: sparse faster); converged = 0 where a run missed the "
     "tolerance.",
     "make bench-sparse", "sparse"),
    ("crossover", "Dense against block-sparse storage on generated contact piles",
     "Time ratio dense / sparse (above 1: sparse faster) of ADMM_NCP and PGS_NCP on the same G in "
     "both storages, by number of contacts nc and block density (nonzero 3x3 blocks / nc^2); "
     "min and max over the piles of a cell.",
     "make bench-crossover", "crossover"),
    ("suite", "Every method on the generated families",
     "Families of bench/suite.c (robot-like random problems, a box on a plane with 4 and 8 "
     "contacts, stacks with mass ratios 1 to 1e6, chains with joints, limits and contacts), cold "
     "and warm start, `stop = CT_STOP_ABSOLUTE`, max_iter 10000. solved = status converged in the "
     "method's own law; ncp_ok = the NCP residual meets the tolerance too; median time (us) and "
     "iterations over the solved problems.",
     "make bench-suite", "suite"),
    ("suite-ratio", "The stack family by mass ratio (same runs as suite, cold start)",
     "Solved / problems and the median iterations of the solved, per mass ratio top / bottom.",
     "make bench-suite", "suite"),
    ("suite-category", "The suite by problem category (same runs as suite, cold start)",
     "Solved / problems per category of [Tsounis25] Sec. VII-A over all families.",
     "make bench-suite", "suite"),
    ("suite-status", "Unsuccessful solves by status (same runs as suite)",
     "Count of (problem, start, tolerance) solves that did not converge, per family.",
     "make bench-suite", "suite"),
    ("newton", "NEWTON_SOFT with each soft model against ADMM and PGS",
     "The suite's families solved as soft problems (impulse units, g = J v_free without bias, "
     "per-contact stiffness at SAP's near-rigid clamp; phi0 = the rest deflection, or 0) by "
     "NEWTON_SOFT with each model, beside ADMM_NCP, ADMM_CCP and PGS_NCP on the rigid problems. "
     "Medians of iterations and time (us) over the converged solves, of the residuals over all "
     "solves, in force units: the model residual measures convergence; the NCP residual of a "
     "soft model is its distance to rigid contact, not an error.",
     "make bench-newton", "newton"),
    ("admm-penalty", "ADMM penalty rules: factorizations, time and iterations per family",
     "Every ADMM variant {ADMM_NCP, ADMM_CCP} x {linear tau, spectral step, fixed rho0}, cold "
     "start, on the suite families (absolute tolerance) and the FCLib families (relative "
     "tolerance): mean and sample standard deviation over the family's problems (std empty for a "
     "family of one), converged count, and for ADMM_CCP how many answers are also NCP answers. "
     "The form of [Carpentier24] Tables III and IV.",
     "make bench-admm", "admm-penalty"),
    ("admm-penalty-fclib", "ADMM penalty rules on every FCLib problem (same runs)",
     "ADMM_NCP per problem, tolerance and rule: factorizations, iterations and time (ms).",
     "make bench-admm", "admm-penalty"),
    ("admm-warm", "ADMM warm starts in a time-stepping loop",
     "Mean iterations over a family when each problem is started from the answer of a problem "
     "whose free velocity differs by 1e-3 of its largest component: lambda alone, or lambda and "
     "the penalty of the preceding cold solve (admm.warm_rho). Tolerance 1e-8.",
     "build/bench/suite -f stack,robot,mixed,box_plane8 -V ADMM_NCP -r 1 -t 1e-8, "
     "then the same with -R", "admm-warm"),
    ("update-every", "ADMM: how often to apply the penalty rule",
     "Iterations and factorizations of ADMM_NCP (spectral rule) with admm.update_every = k on "
     "FCLib problems (normal-last, symmetrized), cold start, Siconos' relative error 1e-8, "
     "max_iter 10000 (converged = 0: the cap was reached).",
     "not scripted: ct_bench with settings.admm.update_every = k", "update-every"),
    ("rigid", "The rigid Coulomb methods against Siconos: FCLib and fresh generated families",
     "Per problem (every FCLib file, and bench/families.h's sweep generated with the seed of "
     "the day) HYBRID_NCP's CPU time with default settings and storage auto, whether each of "
     "HYBRID_NCP, NEWTON_NCP, PROX_NCP, ADMM_NCP and PGS_NCP met Siconos' relative error 1e-8 "
     "(re-scored), and the fastest converged Siconos fc3d solver (NSGS, ADMM, NSN_AC, NSN_FB, "
     "PROX, VI_EG; sparse-block, and dense up to 60 contacts); ratio = HYBRID_NCP / Siconos. "
     "n/a: a problem with joints, limits or compliance, which Siconos' fc3d does not take.",
     "make bench-rigid", "rigid"),
    ("rigid-rates", "Solved / total per method and problem set (same runs as rigid)",
     "A method solved a problem when its re-scored relative error met 1e-8 within its default "
     "max_iter (contact.h) or its default iterations and 60 s (Siconos: any of its storages).",
     "make bench-rigid", "rigid"),
    ("peers-median", "Against Pinocchio and MuJoCo: the medians",
     "Per problem set and pair (contact.h ADMM_NCP / Pinocchio's ADMMContactSolver, PGS_NCP / "
     "its PGSContactSolver, on FCLib and on bench/families.h's sweep with the seed of the day, "
     "contacts only) and per MuJoCo scene (NEWTON_SOFT / MuJoCo's Newton solver): problems, how "
     "many each side solved, and over those both solved the median, minimum and maximum of "
     "contact.h's CPU time over the peer's (below 1: contact.h faster), how many contact.h won, "
     "the median ratio per iteration (Pinocchio) and the median ratio with G formed in "
     "contact.h's timed region, on M and J alone, no G, and with M's factor given too (MuJoCo's "
     "qLD, converted in the timed region) (MuJoCo; mujoco:all over the four scenes of the "
     "comparison, mujoco:others over MuJoCo's mug and 22 humanoids, which nothing was tuned on). "
     "Each side's own tolerance "
     "is tuned until the answer, rescored by one function, meets 1e-8. A run of one peer keeps "
     "the other's rows of the same day.",
     "make bench-peers PINOCCHIO_SRC=dir", "peers"),
    ("peers", "Against Pinocchio: every problem (same runs as peers-median)",
     "Per problem and pair: each side's tuned own tolerance, iterations, median CPU time per "
     "cold solve (us, interleaved rounds), time per iteration and rescored error (Siconos' "
     "relative natural-map error); time_ratio and iter_cost_ratio = contact.h / Pinocchio where "
     "both met 1e-8; fresh_check = Pinocchio's reset ADMM against a new solver (0).",
     "make bench-peers PINOCCHIO_SRC=dir", "peers"),
    ("peers-mujoco", "Against MuJoCo's Newton solver: every snapshot (same runs as peers-median)",
     "Per snapshot of the MJCF scenes: MuJoCo's mj_fwdConstraint and contact.h's NEWTON_SOFT "
     "(ct_solve on G formed outside; ct_form + ct_solve; M and J alone from MuJoCo's data, no G; "
     "the same with M's factor from MuJoCo's qLD, soft.Lm), "
     "the time of forming G (mj_solveM2; ct_delassus_from_mj from the dense M), each side's "
     "soft-model relative residual and tuned tolerance, the force difference, and the ratios to "
     "MuJoCo's time (below 1: contact.h faster).",
     "make bench-peers", "peers"),
    ("families-baseline", "The generated problem families: what they are and how hard",
     "Per problem of bench/families.h's sweep (seed 1): its sizes, mass ratio, rank and condition "
     "number of G (nonzero spectrum), the contact modes of the answer, and ADMM_NCP and PGS_NCP "
     "cold at Siconos' relative error 1e-8 (2000 iterations), ADMM_NCP at 1e-4 (20000).",
     "build/bench/families_baseline --sweep -s 1 (bench/README.md)", "rigid"),
    ("lu", "The built-in dense LU against OpenBLAS dgetrf",
     "GFLOP/s (2 n^3 / 3 flops) of the built-in LU with partial pivoting of one random matrix, "
     "median of at least 7 timings, and ratio = built-in / OpenBLAS (one thread); header built "
     "at -O2 -march=native and at plain -O2.",
     "make bench-lu", "lu"),
    ("cholesky", "The built-in dense Cholesky against OpenBLAS dpotrf",
     "GFLOP/s (n^3/3 flops) of the built-in factorization of one random SPD matrix, median of at "
     "least 7 timings, and ratio = built-in / OpenBLAS (one thread) with OpenBLAS's default, "
     "Haswell and SkylakeX kernels; header built at -O2 -march=native and at plain -O2.",
     "make bench-cholesky", "cholesky"),
    ("world", "examples/world: the physical scenarios and their oracles",
     "Every line of `make demo`: the scenario, the method and its model, what happens, the "
     "expected behaviour (* marks a model's own known artifact, expected of it), the measured "
     "value, PASS or FAIL, and the solver's wall time per step (examples/world/scenarios.h "
     "defines each measure). dt = 1e-3 s, tol_abs = 1e-9 N unless said. The measured values "
     "are deterministic; the times are not.",
     "make bench-world", "world"),
    ("engine", "The world layer against Bullet",
     "Per scene of bench/engine_scenes.h and precision: the medians over the rounds of the CPU "
     "time of a whole step (collision, solve, integration) of examples/world with its game "
     "preset and of Bullet (btSequentialImpulseConstraintSolver, default 10 iterations, warm "
     "starting, split impulse, deactivation off), one thread, both built with Bullet's build "
     "flags, dt = 1/60 s, 10 s; then the drift, penetration and kinetic energy at the end, "
     "measured alike on both sides from the states. target: each of the world's three at most "
     "max(Bullet's, 1 mm, 1 mm, 1e-4 J) and its time at most Bullet's; short_of names what "
     "misses.",
     "make bench-engine", "bench-engine"),
    ("engine-study", "The game preset study (examples/world)",
     "Each solver variant on the four resting scenes (stack5, stack10, pyramid20, ratio10) at "
     "60 Hz for 10 s, double: CPU time per step (the largest, and per scene), the largest "
     "drift, penetration and kinetic energy at the end, and whether all stay within 1 mm, "
     "1 mm, 1e-4 J. Variants: METHOD:sweeps=N (exactly N iterations), tol= (tol_abs, N), "
     "rel= (relative error), max= (max_iter), omega=, sub= (sub-steps), relax (the relax "
     "pass); game = world_use_game_preset.",
     "make bench-engine", "bench-engine"),
    ("fuzz", "Fuzzing runs",
     "libFuzzer + ASan + UBSan runs of tests/fuzz/fuzz_solve.c: executions, coverage (cov: "
     "edges, ft: features), corpus size and findings. Earlier runs found the classes FA to FE "
     "whose inputs are kept in tests/fuzz/findings/ and replayed by every run.",
     "make fuzz FUZZ_TIME=seconds", "fuzz"),
    ("fuzz-api", "Fuzzing runs of the other entry points",
     "libFuzzer + ASan + UBSan runs of tests/fuzz/fuzz_api.c (every public entry point but "
     "ct_solve: projections, criteria, velocity, modes, compliance, linear algebra, sparse, "
     "problem files, derivatives, the solver object and its state, size queries): seconds, "
     "executions, coverage (cov: edges, ft: features), corpus size and the crashes by class "
     "(tests/fuzz/findings/api/README.md). FUZZ_API_SKIP lists the contracts already known "
     "broken, which the run does not report.",
     "make fuzz-api FUZZ_TIME=seconds", "fuzz"),
    ("scale", "settings.scale on and off",
     "Every rigid method on the mass-ratio stacks (heavy_top, light_top, alternating: ratios "
     "10^U(2,6)), the ill-conditioned families (cond(G + R) = 1e8 + 1) and the robot families "
     "(gen, max, limits) of bench/families.h, cold, relative error 1e-8 on the given problem, "
     "max_iter 2000, with scale = 0 and 1 (interleaved, fastest of 3 solves): problems solved by "
     "each, solved by one only, and over those both solved the median ratios on / off of time "
     "and iterations. The seed column is the generator's.",
     "make bench-scale", "scale"),
    ("code-size", "Code size of an embedded build",
     "Text bytes of tests/embedded/embedded.c (float, no malloc, no stdio, freestanding) per "
     "section group of contact.h and per method (common + the method's groups), for the host "
     "(x86-64) and a Cortex-M4F (Thumb-2), at -Os and -O2, built with "
     "-fno-inline-functions-called-once (the `total, normal build` row without it).",
     "sh tests/code_size.sh", "code-size"),
    ("determinism", "Determinism across builds",
     "FNV-1a hash of the outputs of tests/test_determinism.c's fixed suite per build; builds "
     "with the same hash agree to the last bit. same_as_reference = 0 marks the builds that "
     "differ (FMA contraction, fast-math).",
     "sh tests/determinism.sh", "determinism"),
]


def load_machines():
    path = os.path.join(HERE, "machines.csv")
    if not os.path.exists(path):
        return {}
    return {r["machine"]: r for r in csv.DictReader(open(path, newline=""))}


def md_cell(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def table(path):
    rows = list(csv.reader(open(path, newline="")))
    if not rows:
        return ["(empty file)"]
    out = ["| " + " | ".join(md_cell(c) for c in rows[0]) + " |",
           "|" + "---|" * len(rows[0])]
    for r in rows[1:]:
        out.append("| " + " | ".join(md_cell(c) for c in r) + " |")
    return out


def plots(files, outdir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("summarize.py: matplotlib missing: no plots")
        return
    os.makedirs(outdir, exist_ok=True)
    for bench, machine, date, path in files:
        rows = list(csv.DictReader(open(path, newline="")))
        name = os.path.join(outdir, "%s_%s_%s.png" % (bench, machine, date))
        if bench == "fclib":
            fig, ax = plt.subplots(figsize=(7, 4))
            for tol in sorted({r["tol"] for r in rows}):
                rs = [r for r in rows if r["tol"] == tol and r["ratio"] not in ("", "-")]
                ax.plot([int(r["nc"]) for r in rs], [float(r["ratio"]) for r in rs], "o",
                        label="tol " + tol, alpha=0.7)
            ax.axhline(1, color="k", lw=0.8)
            ax.set_xscale("log"); ax.set_yscale("log")
            ax.set_xlabel("contacts"); ax.set_ylabel("contact.h time / Siconos time")
        elif bench == "cholesky":
            fig, ax = plt.subplots(figsize=(7, 4))
            for build in sorted({r["build"] for r in rows}):
                rs = [r for r in rows if r["build"] == build and r["openblas_kernel"] == "default"]
                ax.plot([int(r["n"]) for r in rs], [float(r["builtin_gflops"]) for r in rs], "o-",
                        label="built-in " + build)
            ax.set_xscale("log"); ax.set_xlabel("n"); ax.set_ylabel("GFLOP/s")
        else:
            continue
        ax.set_title("%s, %s, %s" % (bench, machine, date))
        ax.legend(); ax.grid(alpha=0.3)
        fig.tight_layout(); fig.savefig(name, dpi=90); plt.close(fig)
        print("summarize.py: drew %s" % name)


def main(argv):
    files = []
    for name in sorted(os.listdir(HERE)):
        m = NAME_RE.match(name)
        if m:
            files.append((m.group("bench"), m.group("machine"), m.group("date"),
                          os.path.join(HERE, name)))
    machines = load_machines()
    known = [b[0] for b in BENCHES]
    extra = sorted({f[0] for f in files if f[0] not in known})
    order = [b for b in BENCHES if any(f[0] == b[0] for f in files)] + \
        [(b, b, "", "", "") for b in extra]
    out = ["# Benchmark results", "",
           "Generated by `python3 bench/results/summarize.py` from the CSV files of this folder "
           "(`<bench>_<machine>_<date>.csv`, one per run; machines.csv describes the machines); "
           "do not edit by hand. How each bench is run and what it measures: "
           "[docs/benchmarks.md](%s). Times come from shared machines: compare ratios within "
           "one run, not absolute times across runs." % PROTOCOL, ""]
    for bench, title, what, cmd, anchor in order:
        out.append("- [%s](#%s)" % (title, bench))
    out.append("")
    for bench, title, what, cmd, anchor in order:
        out.append('<a id="%s"></a>' % bench)
        out.append("")
        out.append("## %s" % title)
        out.append("")
        if what:
            out.append(what)
            out.append("")
        if cmd:
            out.append("Reproduce: `%s`. Protocol: [docs/benchmarks.md](%s#%s)." % (
                cmd, PROTOCOL, anchor))
            out.append("")
        runs = sorted([f for f in files if f[0] == bench], key=lambda f: (f[2], f[1]),
                      reverse=True)
        for _, machine, date, path in runs:
            mdesc = machines.get(machine)
            out.append("### %s, %s" % (date, machine))
            out.append("")
            if mdesc:
                out.append("%s, %s cores, %s, %s. %s" % (
                    mdesc["cpu"], mdesc["cores"], mdesc["os"], mdesc["compiler"],
                    mdesc["notes"]))
                out.append("")
            out.append("File: [%s](%s)" % (os.path.basename(path), os.path.basename(path)))
            out.append("")
            out.extend(table(path))
            out.append("")
    with open(os.path.join(HERE, "SUMMARY.md"), "w") as f:
        f.write("\n".join(out))
    print("summarize.py: wrote %s (%d files, %d benches)" % (
        os.path.relpath(os.path.join(HERE, "SUMMARY.md")), len(files), len(order)))
    if "--plots" in argv:
        i = argv.index("--plots")
        plots(files, argv[i + 1] if i + 1 < len(argv) else "build/results")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
