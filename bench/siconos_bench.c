/* siconos_bench.c - one Siconos Numerics fc3d solve of one benchmark problem, as one CSV line.
 *
 * Usage (run once per solve by the runner; a crash/abort is the runner's failure):
 *   siconos_bench <problem file> <solver>[:sbm|:dense] <tol> <repeats> [max_iter]
 *   siconos_bench --header
 * solver: NSGS, ADMM, NSN_AC, NSN_FB, PROX, VI_EG (SICONOS_FRICTION_3D_<solver> of Friction_cst.h).
 * Exit status 2 on bad arguments or an unreadable problem (no CSV line then).
 *
 * Build (Debian 12: libsiconos-numerics-dev 4.4.0, libfclib-dev, libhdf5-dev), from the repository
 * root:
 *   cc -O2 -I/usr/include/siconos -I/usr/include/siconos/numerics -DBENCH_WITH_FCLIB \
 *      -o build/siconos_bench bench/siconos_bench.c \
 *      $(pkg-config --cflags --libs fclib hdf5) -lsiconos_numerics -lm
 * (pkg-config gives -I/usr/include/hdf5/serial -lfclib -L/usr/lib/x86_64-linux-gnu/hdf5/serial
 * -lhdf5; this file includes "../contact.h" and "bench_problem.h" relative to itself.)
 *
 * Output: one line on stdout with the columns of --header:
 *   problem,family,nc,n,density,asym,side,method,tol,repeats,median_us,iterations,factorizations,
 *   own_error,rel_error,abs_error,converged,status
 * side = siconos; method = the solver argument as given; factorizations = -1 (not reported);
 * iterations = iparam[SICONOS_IPARAM_ITER_DONE]; own_error = dparam[SICONOS_DPARAM_RESIDU];
 * status = the info returned by fc3d_driver (0 = converged by Siconos' own measure);
 * rel_error / abs_error = bench_score (the scoring of contact.h's answers too);
 * converged = rel_error <= tol. Siconos' chatter is silenced (numerics_set_verbose(0)); our
 * diagnostics go to stderr. SICONOS_BENCH_PRINT_OPTIONS=1 prints the options used to stderr.
 *
 * Protocol decisions
 * - Same problem as contact.h: bench_load gives the dense, SYMMETRIZED (W + W^T)/2 matrix in
 *   contact.h order (t1, t2, n); it is permuted back to Siconos/FCLib order (n, t1, t2):
 *   Siconos row 3c+0 = contact.h 3c+2, 3c+1 = 3c+0, 3c+2 = 3c+1; q and mu likewise. Problems with
 *   bilateral/unilateral rows (nb + nu > 0, .ctp only) and a compliance R are refused (not an
 *   fc3d problem).
 * - Storage. Default (":sbm"): a 3x3 sparse-block NumericsMatrix (NM_SPARSE_BLOCK) built with
 *   SBM_from_csparse(3, ...) from the non-zero entries - exactly what Siconos' own FCLib reader
 *   (from_fclib_local, compiled out in Debian) builds, i.e. Siconos' native path on these files.
 *   ":dense": NM_DENSE, column-major (Fortran, matrix0) as Siconos expects. The choice changes
 *   both speed and outcome (Siconos 4.4, these 16 problems, tol 1e-8): with dense storage NSN_AC
 *   fails on 3 problems (its dense LU, DGETRF, hits exact zero pivots on the rank-deficient
 *   Capsules-i125 and stalls at 3000 iterations; also BoxesStack1 and local_problem_test) that it
 *   solves with sparse-block storage (dense NSN_AC on Capsules-i125 runs 63 s, so give the
 *   runner's timeout room), and all six solvers are 3x to 40x slower with dense storage on the
 *   large sparse problems (Capsules, Spheres); on tiny problems (<= 10 contacts) dense is 5x to
 *   70x faster for NSN_AC, NSN_FB, PROX and ADMM (sparse-block pays ~1 ms of CSparse set-up
 *   per call, ADMM ~60 us per iteration). Run both if Siconos' best is wanted.
 * - Options: solver_options_create(id) defaults, then dparam[SICONOS_DPARAM_TOL] = tol and
 *   iparam[SICONOS_IPARAM_MAX_ITER] = max_iter. Default caps: 10000 for the first-order solvers
 *   NSGS, ADMM, VI_EG (Siconos' own defaults: 1000, 20000, 20000); 3000 for the Newton solvers
 *   NSN_AC, NSN_FB (own default 200). PROX's cap counts OUTER proximal iterations, each a full
 *   inner NSN_AC solve (inner cap: Siconos' default 200, inner tolerance adapted by PROX), so it
 *   is capped like a Newton solver: 3000 (own default 1000). NSGS: iparam[7] =
 *   iparam[SICONOS_FRICTION_3D_IPARAM_ERROR_EVALUATION] = SICONOS_FRICTION_3D_NSGS_ERROR_EVALUATION_FULL
 *   (the 4.4 default is LIGHT_WITH_FULL_FINAL = 2: stop on the relative change of r, then check).
 *   Everything else (NSGS local solver ONECONTACT_NSN_GP_HYBRID, ADMM rho strategy, VI_EG
 *   line search, ...) stays at Siconos' defaults.
 * - Own stopping measures (Siconos 4.4): fc3d_compute_error, which is the natural map of the
 *   De Saxce form divided by max(norm given, ||r||, ||u||) with norm given = ||q||, i.e. the
 *   same quantity as bench_score's rel_error (checked on the 16 FCLib problems: they agree to
 *   4-6 digits, or both are at round-off below 1e-15, for NSGS-FULL, ADMM, NSN_AC, NSN_FB and
 *   PROX). VI_EG stops on the error of its VI reformulation (projection residual of the VI, with
 *   its own step and scaling): its own_error differs from rel_error by up to 200x either way,
 *   so only rel_error / converged are comparable. The Newton solvers report
 *   iterations = max_iter + 1 and status -1 when they hit the cap; NSGS, VI_EG report status 1.
 * - Cold start: every repeat starts from r = u = 0, with a fresh copy of the problem (matrix
 *   included: solvers cache converted storages and factor workspaces on it) and fresh options,
 *   built outside the timed region. Only the fc3d_driver call is timed (CLOCK_MONOTONIC, or the
 *   process's CPU time with BENCH_CLOCK=cpu, as in ct_bench.c), so
 *   per-call set-up inside Siconos (storage conversions, workspace allocation) is included, as
 *   a simulation building a new W each step would pay it. median_us = median over the repeats;
 *   the answer scored is the last repeat's.
 * - Scoring: Siconos' reaction r is permuted to contact.h order and v = G lambda + g is
 *   recomputed from it (ct_velocity), as for contact.h's answers; the u Siconos returns is
 *   compared with it and a disagreement above 1e-10 relative is reported on stderr.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "../contact.h"
#include "bench_problem.h"

#include <SiconosConfig.h>
#include <FrictionContactProblem.h>
#include <Friction_cst.h>
#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <NumericsVerbose.h>
#include <SolverOptions.h>
#include <SparseBlockMatrix.h>

static const char *HEADER =
    "problem,family,nc,n,density,asym,side,method,tol,repeats,median_us,iterations,"
    "factorizations,own_error,rel_error,abs_error,converged,status";

struct solver_entry {
    const char *name;
    int id;
    int default_cap;
};

static const struct solver_entry SOLVERS[] = {
    {"NSGS", SICONOS_FRICTION_3D_NSGS, 10000},    {"ADMM", SICONOS_FRICTION_3D_ADMM, 10000},
    {"NSN_AC", SICONOS_FRICTION_3D_NSN_AC, 3000}, {"NSN_FB", SICONOS_FRICTION_3D_NSN_FB, 3000},
    {"PROX", SICONOS_FRICTION_3D_PROX, 3000},     {"VI_EG", SICONOS_FRICTION_3D_VI_EG, 10000},
};

/* contact.h index -> Siconos index: contact.h (t1, t2, n) = Siconos (1, 2, 0) */
static int to_siconos(int i) { return 3 * (i / 3) + (i % 3 + 1) % 3; }

/* Siconos-order dense W (column-major), q and mu, built once */
typedef struct {
    int n, nc;
    double *W, *q, *mu;
    int sbm;
} sic_data;

static void sic_data_build(const bench_problem *bp, sic_data *s) {
    int n = bp->n, i, j;
    s->n = n;
    s->nc = bp->nc;
    s->W = (double *)malloc(sizeof(double) * (size_t)n * n);
    s->q = (double *)malloc(sizeof(double) * (size_t)n);
    s->mu = (double *)malloc(sizeof(double) * (size_t)(bp->nc > 0 ? bp->nc : 1));
    for (i = 0; i < n; ++i) {
        int si = to_siconos(i);
        for (j = 0; j < n; ++j) {
            int sj = to_siconos(j);
            s->W[(size_t)sj * n + si] = bp->G[(size_t)i * n + j]; /* column-major (si, sj) */
        }
        s->q[si] = bp->g[i];
    }
    for (i = 0; i < bp->nc; ++i) s->mu[i] = bp->mu[i];
}

/* a fresh FrictionContactProblem owning copies of the data */
static FrictionContactProblem *sic_problem_new(const sic_data *s) {
    int n = s->n;
    NumericsMatrix *M;
    double *q = (double *)malloc(sizeof(double) * (size_t)n);
    double *mu = (double *)malloc(sizeof(double) * (size_t)(s->nc > 0 ? s->nc : 1));
    memcpy(q, s->q, sizeof(double) * (size_t)n);
    memcpy(mu, s->mu, sizeof(double) * (size_t)(s->nc > 0 ? s->nc : 1));
    if (!s->sbm) {
        double *W = (double *)malloc(sizeof(double) * (size_t)n * n);
        memcpy(W, s->W, sizeof(double) * (size_t)n * n);
        M = NM_create_from_data(NM_DENSE, n, n, W);
    } else {
        /* 3x3 sparse-block from the non-zero entries (via a CSparse triplet and CSC copy) */
        NumericsMatrix *T = NM_create(NM_SPARSE, n, n);
        size_t nnz = 0, k;
        int i, j;
        for (k = 0; k < (size_t)n * n; ++k) nnz += s->W[k] != 0;
        NM_triplet_alloc(T, (CS_INT)(nnz > 0 ? nnz : 1));
        for (j = 0; j < n; ++j)
            for (i = 0; i < n; ++i)
                if (s->W[(size_t)j * n + i] != 0) NM_entry(T, i, j, s->W[(size_t)j * n + i]);
        M = NM_create(NM_SPARSE_BLOCK, n, n);
        if (SBM_from_csparse(3, NM_csc(T), M->matrix1) != 0) {
            fprintf(stderr, "siconos_bench: SBM_from_csparse failed\n");
            exit(2);
        }
        NM_free(T);
    }
    return frictionContactProblem_new_with_data(3, s->nc, M, q, mu);
}

/* SICONOS_BENCH_PRINT_OPTIONS=1: the options actually used, on stderr */
static void print_options(const SolverOptions *o, int depth) {
    int k;
    size_t m;
    fprintf(stderr, "%*s%s (id %d)\n%*s  iparam:", 2 * depth, "",
            solver_options_id_to_name(o->solverId), o->solverId, 2 * depth, "");
    for (k = 0; k < o->iSize; ++k) fprintf(stderr, " [%d]=%d", k, o->iparam[k]);
    fprintf(stderr, "\n%*s  dparam:", 2 * depth, "");
    for (k = 0; k < o->dSize; ++k) fprintf(stderr, " [%d]=%g", k, o->dparam[k]);
    fprintf(stderr, "\n");
    for (m = 0; m < o->numberOfInternalSolvers; ++m)
        if (o->internalSolvers[m]) print_options(o->internalSolvers[m], depth + 1);
}

/* b back-to-back cold solves (the reaction and velocity reset) with one problem and one
   options object, timed (the timed loop and bench_batch); info: the last one's return */
typedef struct sic_batch {
    FrictionContactProblem *fp;
    SolverOptions *opt;
    double *r, *u;
    int n, info;
} sic_batch;
static double sic_batch_us(void *ctx, int b) {
    sic_batch *c = (sic_batch *)ctx;
    const double t0 = now_us();
    int k;
    for (k = 0; k < b; ++k) {
        memset(c->r, 0, sizeof(double) * (size_t)(c->n > 0 ? c->n : 1));
        memset(c->u, 0, sizeof(double) * (size_t)(c->n > 0 ? c->n : 1));
        c->info = fc3d_driver(c->fp, c->r, c->u, c->opt);
    }
    return bench_elapsed(t0, now_us());
}

int main(int argc, char **argv) {
    const char *path, *sname;
    const struct solver_entry *solver = NULL;
    bench_problem bp;
    sic_data sd;
    double tol, *times, *r, *u, *lambda, *v, rel = INFINITY, absr = INFINITY, own = NAN;
    int repeats, max_iter, rep, i, n, iters = -1, info = -1, batch, sized = 0;
    sic_batch c;
    int dense = 0;

    if (argc == 2 && !strcmp(argv[1], "--header")) {
        printf("%s\n", HEADER);
        return 0;
    }
    if (argc < 5 || argc > 6) {
        fprintf(stderr,
                "usage: %s <problem file> <solver> <tol> <repeats> [max_iter]\n"
                "       %s --header\n"
                "solver: NSGS ADMM NSN_AC NSN_FB PROX VI_EG, optionally :sbm (default) or :dense\n",
                argv[0], argv[0]);
        return 2;
    }
    path = argv[1];
    sname = argv[2];
    tol = atof(argv[3]);
    repeats = atoi(argv[4]);
    {
        /* NAME, NAME:sbm (the default storage) or NAME:dense */
        const char *colon = strchr(sname, ':');
        size_t len = colon ? (size_t)(colon - sname) : strlen(sname);
        for (i = 0; i < (int)(sizeof(SOLVERS) / sizeof(SOLVERS[0])); ++i)
            if (strlen(SOLVERS[i].name) == len && !strncmp(sname, SOLVERS[i].name, len))
                solver = &SOLVERS[i];
        if (colon && !strcmp(colon + 1, "dense")) dense = 1;
        else if (colon && strcmp(colon + 1, "sbm")) solver = NULL;
    }
    if (!solver) {
        fprintf(stderr, "%s: unknown solver %s\n", argv[0], sname);
        return 2;
    }
    max_iter = argc == 6 ? atoi(argv[5]) : solver->default_cap;
    if (!(tol > 0) || repeats < 1 || max_iter < 1) {
        fprintf(stderr, "%s: bad tol, repeats or max_iter\n", argv[0]);
        return 2;
    }

    if (bench_load(path, &bp) != 0) {
        fprintf(stderr, "%s: cannot load %s\n", argv[0], path);
        return 2;
    }
    if (bp.nb + bp.nu > 0 || bp.R) {
        fprintf(stderr, "%s: %s has bilateral/unilateral rows or a compliance R: not a pure fc3d problem\n",
                argv[0], path);
        bench_free(&bp);
        return 2;
    }
    n = bp.n;
    numerics_set_verbose(0);
    sic_data_build(&bp, &sd);
    sd.sbm = !dense;

    times = (double *)malloc(sizeof(double) * (size_t)repeats);
    r = (double *)malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    u = (double *)malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    lambda = (double *)calloc((size_t)(n > 0 ? n : 1), sizeof(double));
    v = (double *)calloc((size_t)(n > 0 ? n : 1), sizeof(double));

    batch = 1;
    for (rep = 0; rep < repeats; ++rep) {
        FrictionContactProblem *fp = sic_problem_new(&sd);
        SolverOptions *opt = solver_options_create(solver->id);
        opt->dparam[SICONOS_DPARAM_TOL] = tol;
        opt->iparam[SICONOS_IPARAM_MAX_ITER] = max_iter;
        if (solver->id == SICONOS_FRICTION_3D_NSGS)
            opt->iparam[SICONOS_FRICTION_3D_IPARAM_ERROR_EVALUATION] =
                SICONOS_FRICTION_3D_NSGS_ERROR_EVALUATION_FULL;
        if (getenv("SICONOS_BENCH_PRINT_OPTIONS") && rep == 0) {
            print_options(opt, 0);
        }
        c.fp = fp; c.opt = opt; c.r = r; c.u = u; c.n = n; c.info = -1;
        (void)bench_clock_cost(); /* measured before the first timing */
        times[rep] = sic_batch_us(&c, batch) / batch;
        info = c.info;
        if (rep == 0 && !sized) { /* BENCH_MIN_MS and BENCH_BATCH_US (bench_problem.h); the
                                     first again when batched */
            sized = 1;
            bench_more_repeats(&times, &repeats);
            batch = bench_batch(times[0], sic_batch_us, &c);
            if (batch > 1) --rep;
        }
        own = opt->dparam[SICONOS_DPARAM_RESIDU];
        iters = opt->iparam[SICONOS_IPARAM_ITER_DONE];
        solver_options_delete(opt);
        frictionContactProblem_free(fp);
    }
    qsort(times, (size_t)repeats, sizeof(double), cmp_double);

    /* back to contact.h order; the velocity scored is v = G lambda + g recomputed from Siconos'
       reaction (as contact.h's v is), not the u Siconos returns (which some solvers leave
       slightly stale); a disagreement between the two is reported on stderr */
    for (i = 0; i < n; ++i) lambda[i] = r[to_siconos(i)];
    {
        ct_problem cp = bench_ct(&bp);
        double du = 0, nv = 0;
        ct_velocity(&cp, lambda, v);
        for (i = 0; i < n; ++i) {
            double d = v[i] - u[to_siconos(i)];
            du += d * d;
            nv += v[i] * v[i];
        }
        du = sqrt(du);
        nv = sqrt(nv);
        if (du > 1e-10 * (nv > 1 ? nv : 1))
            fprintf(stderr, "siconos_bench: %s %s: ||u_siconos - (W r + q)|| = %.3g (||W r + q|| = %.3g)\n",
                    bp.name, sname, du, nv);
    }
    bench_score(&bp, lambda, v, &rel, &absr);

    printf("%s,%s,%d,%d,%.6g,%.6g,siconos,%s,%.6g,%d,%.6g,%d,-1,%.6g,%.6g,%.6g,%d,%d\n", bp.name,
           bp.family, bp.nc, bp.n, bp.density, bp.asym, sname, tol, repeats,
           repeats % 2 ? times[repeats / 2] : 0.5 * (times[repeats / 2 - 1] + times[repeats / 2]),
           iters, own, rel, absr, rel <= tol ? 1 : 0, info);

    free(times);
    free(r);
    free(u);
    free(lambda);
    free(v);
    free(sd.W);
    free(sd.q);
    free(sd.mu);
    bench_free(&bp);
    return 0;
}
