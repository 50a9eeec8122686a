/* ct_bench.c - one contact.h solve of one benchmark problem, timed, one CSV line.

     ct_bench [--storage dense|sparse|auto] <problem (.hdf5 FCLib or .ctp contact.h text)>
              <method> <tol> <repeats> [max_iter]
     ct_bench --header
     ct_bench --methods          (the names of every method)

   method: any name of ct_method_string (every method takes (G, g, mu) alone), optionally with
   an ADMM penalty rule, METHOD[:linear=TAU|:spectral=STEP|:fixed=RHO0] (bench/variant.h, the
   syntax bench/suite shares), e.g. ADMM_NCP:linear=4; the method column repeats it as given.
   Protocol (the same as bench/siconos_bench.c): the symmetrized problem of bench_problem.h;
   cold start (lambda = 0) for every repeat; the solve stops on Siconos' measure, the relative
   natural-map error with the De Saxce term <= tol (settings.stop = CT_STOP_RELATIVE), each
   method in its own model's flavor; iteration cap max_iter (default 10000; `default`: the
   library's, ct_default_settings().max_iter); only ct_solve is
   timed (the workspace is allocated once, outside), median of the repeats. The answer is
   re-scored by bench_score, the function that scores Siconos' answers too.
   --storage: the form of G given to ct_solve (bench_problem.h reads both from the same
   triplets: the same entries): dense (n x n), sparse (ct_sparse, 3x3 blocks; the dense G is
   never built) or auto (bench_auto_storage below: the documented rule of docs/benchmarks.md,
   "Sparse storage"). With the option the method column gets the storage used as a suffix,
   like siconos_bench's SOLVER:dense: ADMM_NCP:dense, ADMM_NCP:sparse, ADMM_NCP:auto=sparse;
   without it the column is the method alone (dense, as before). The workspace comes from
   ct_workspace_alloc_problem (sized by ct_workspace_size_problem: for ADMM on the sparse form
   it includes the fill of the sparse Cholesky).

   Build: cc -O2 -march=native -DBENCH_WITH_FCLIB -I. bench/ct_bench.c -lfclib -lhdf5 -lm */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "bench_problem.h"
#include "variant.h"

/* short CSV tokens for ct_status */
static const char *status_token(ct_status st) {
    switch (st) {
        case CT_STATUS_CONVERGED: return "converged";
        case CT_STATUS_MAX_ITERATIONS: return "max_iter";
        case CT_STATUS_STALLED: return "stalled";
        case CT_STATUS_NUMERICAL_FAILURE: return "numerical_failure";
        default: return "not_solved";
    }
}

/* --storage auto: block-sparse when G has at least 16 row groups (nb + nu + nc) and at most
   40 % of its blocks are non-zero (nnzb / ng^2, both triangles), dense otherwise. Measured with
   bench/sparse_crossover.c (piles of 8 to 256 contacts, `make bench-crossover`, result file
   bench/results/crossover_*) and on the FCLib problems (`make bench-sparse`): from 16 contacts
   on, both ADMM_NCP and PGS_NCP run faster on the sparse form at block densities up to about
   0.4, about even or slower above, and slower on every fully dense problem. */
static int bench_auto_storage(const bench_problem *bp) {
    return bp->ng >= 16 && bp->block_density <= 0.40 ? BENCH_SPARSE : BENCH_DENSE;
}

/* b back-to-back solves of the problem, timed (the timed loop and bench_batch); they stop at
   the first error, kept in r */
typedef struct ct_batch {
    const ct_problem *p;
    const ct_settings *s;
    ct_workspace *ws;
    double *lambda, *v;
    ct_info *info;
    ct_result r;
} ct_batch;
static double ct_batch_us(void *ctx, int b) {
    ct_batch *c = (ct_batch *)ctx;
    const double t0 = now_us();
    int k;
    for (k = 0; k < b && c->r == CT_OK; ++k) c->r = ct_solve(c->p, c->s, c->ws, c->lambda, c->v, c->info);
    return bench_elapsed(t0, now_us());
}

static const char *HEADER = "problem,family,nc,n,density,asym,side,method,tol,repeats,median_us,"
                            "iterations,factorizations,own_error,rel_error,abs_error,converged,status";

int main(int argc, char **argv) {
    bench_problem bp;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    ct_batch c;
    double tol, *times, *lambda, *v, rel, absr;
    int repeats, max_iter = 10000, k, m, batch, sized = 0;
    ct_result r = CT_OK;
    const char *storage = NULL;
    char label[300];
    int load = BENCH_DENSE;
    if (argc >= 3 && !strcmp(argv[1], "--storage")) {
        storage = argv[2];
        if (!strcmp(storage, "dense")) load = BENCH_DENSE;
        else if (!strcmp(storage, "sparse") || !strcmp(storage, "auto")) load = BENCH_SPARSE;
        else {
            fprintf(stderr, "--storage: dense, sparse or auto\n");
            return 2;
        }
        argc -= 2;
        argv += 2;
    }
    if (argc == 2 && !strcmp(argv[1], "--header")) {
        printf("%s\n", HEADER);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--methods")) { /* every method, default settings */
        for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) printf("%s ", ct_method_string((ct_method)m));
        printf("\n");
        return 0;
    }
    if (argc < 5) {
        fprintf(stderr, "usage: %s [--storage dense|sparse|auto] problem method tol repeats [max_iter]\n",
                argv[0]);
        return 2;
    }
    if (bench_variant_parse(argv[2], &s) != 0) return 2;
    tol = atof(argv[3]);
    repeats = atoi(argv[4]);
    if (argc > 5) max_iter = strcmp(argv[5], "default") ? atoi(argv[5]) : s.max_iter;
    if (!(tol > 0) || repeats < 1 || max_iter < 0) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    if (bench_load_storage(argv[1], &bp, load) != 0) {
        fprintf(stderr, "%s: cannot load\n", argv[1]);
        return 2;
    }
    if (storage && !strcmp(storage, "auto") && bench_auto_storage(&bp) == BENCH_DENSE &&
        bench_keep(&bp, BENCH_DENSE) != 0) {
        fprintf(stderr, "%s: out of memory\n", argv[1]);
        return 2;
    }
    if (!storage) snprintf(label, sizeof(label), "%s", argv[2]);
    else
        snprintf(label, sizeof(label), "%s:%s%s", argv[2], strcmp(storage, "auto") ? "" : "auto=",
                 bp.G ? "dense" : "sparse");
    p = bench_ct(&bp);
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = tol;
    s.max_iter = max_iter;
    s.warm_start = 0;
    if (!getenv("BENCH_W")) s.sym_tol = 0; /* bench_problem symmetrized G exactly; BENCH_W=given: the default */
    r = ct_workspace_alloc_problem(&ws, &p, &s, NULL);
    if (r != CT_OK) {
        fprintf(stderr, "%s: workspace: %s\n", bp.name, ct_result_string(r));
        return 2;
    }
    times = (double *)malloc(sizeof(double) * (size_t)repeats);
    lambda = (double *)calloc((size_t)bp.n + 1, sizeof(double));
    v = (double *)calloc((size_t)bp.n + 1, sizeof(double));
    c.p = &p; c.s = &s; c.ws = &ws; c.lambda = lambda; c.v = v; c.info = &info; c.r = CT_OK;
    for (k = 0, batch = 1; k < repeats; ++k) {
        (void)bench_clock_cost(); /* measured before the first timing */
        times[k] = ct_batch_us(&c, batch) / batch;
        r = c.r;
        if (r != CT_OK) break;
        if (k == 0 && !sized) { /* BENCH_MIN_MS and BENCH_BATCH_US (bench_problem.h); the first
                                   again when batched */
            sized = 1;
            bench_more_repeats(&times, &repeats);
            batch = bench_batch(times[0], ct_batch_us, &c);
            if (batch > 1) --k;
        }
    }
    if (r != CT_OK) {
        printf("%s,%s,%d,%d,%.4g,%.3g,contact.h,%s,%g,%d,nan,0,0,nan,nan,nan,0,error%d\n", bp.name,
               bp.family, bp.nc, bp.n, bp.density, bp.asym, label, tol, repeats, (int)r);
        fprintf(stderr, "%s: %s\n", bp.name, ct_result_string(r));
        return 1;
    }
    qsort(times, (size_t)repeats, sizeof(double), cmp_double);
    bench_score(&bp, lambda, v, &rel, &absr);
    printf("%s,%s,%d,%d,%.4g,%.3g,contact.h,%s,%g,%d,%.6g,%d,%d,%.6g,%.6g,%.6g,%d,%s\n", bp.name,
           bp.family, bp.nc, bp.n, bp.density, bp.asym, label, tol, repeats,
           times[repeats / 2], info.iterations, info.factorizations, (double)info.model.relative,
           rel, absr, rel <= tol, status_token(info.status));
    ct_workspace_free(&ws);
    free(times);
    free(lambda);
    free(v);
    bench_free(&bp);
    return 0;
}
