/* ct_bench.c - one contact.h solve of one benchmark problem, timed, one CSV line.

     ct_bench <problem (.hdf5 FCLib or .ctp contact.h text)> <method> <tol> <repeats> [max_iter]
     ct_bench --header
     ct_bench --methods          (the names of every method)

   method: any name of ct_method_string (every method takes (G, g, mu) alone), optionally with
   an ADMM penalty rule, METHOD[:linear=TAU|:spectral=STEP|:fixed=RHO0] (bench/variant.h, the
   syntax bench/suite shares), e.g. ADMM_NCP:linear=4; the method column repeats it as given.
   Protocol (the same as bench/siconos_bench.c): the symmetrized problem of bench_problem.h;
   cold start (lambda = 0) for every repeat; the solve stops on Siconos' measure, the relative
   natural-map error with the De Saxce term <= tol (settings.stop = CT_STOP_RELATIVE), each
   method in its own model's flavor; iteration cap max_iter (default 10000); only ct_solve is
   timed (the workspace is allocated once, outside), median of the repeats. The answer is
   re-scored by bench_score, the function that scores Siconos' answers too.

   Build: cc -O2 -march=native -DBENCH_WITH_FCLIB -I. bench/ct_bench.c -lfclib -lhdf5 -lm */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "bench_problem.h"
#include "variant.h"

#include <time.h>

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

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

static const char *HEADER = "problem,family,nc,n,density,asym,side,method,tol,repeats,median_us,"
                            "iterations,factorizations,own_error,rel_error,abs_error,converged,status";

int main(int argc, char **argv) {
    bench_problem bp;
    ct_problem p;
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    double tol, *times, *lambda, *v, rel, absr;
    int repeats, max_iter = 10000, k, m;
    ct_result r = CT_OK;
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
        fprintf(stderr, "usage: %s problem method tol repeats [max_iter]\n", argv[0]);
        return 2;
    }
    if (bench_variant_parse(argv[2], &s) != 0) return 2;
    tol = atof(argv[3]);
    repeats = atoi(argv[4]);
    if (argc > 5) max_iter = atoi(argv[5]);
    if (!(tol > 0) || repeats < 1 || max_iter < 0) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    if (bench_load(argv[1], &bp) != 0) {
        fprintf(stderr, "%s: cannot load\n", argv[1]);
        return 2;
    }
    p = bench_ct(&bp);
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = tol;
    s.max_iter = max_iter;
    s.warm_start = 0;
    s.sym_tol = 0; /* bench_problem symmetrized G exactly */
    if (ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL) != CT_OK) return 2;
    times = (double *)malloc(sizeof(double) * (size_t)repeats);
    lambda = (double *)calloc((size_t)bp.n + 1, sizeof(double));
    v = (double *)calloc((size_t)bp.n + 1, sizeof(double));
    for (k = 0; k < repeats; ++k) {
        double t0 = now_us();
        r = ct_solve(&p, &s, &ws, lambda, v, &info);
        times[k] = now_us() - t0;
        if (r != CT_OK) break;
    }
    if (r != CT_OK) {
        printf("%s,%s,%d,%d,%.4g,%.3g,contact.h,%s,%g,%d,nan,0,0,nan,nan,nan,0,error%d\n", bp.name,
               bp.family, bp.nc, bp.n, bp.density, bp.asym, argv[2], tol, repeats, (int)r);
        fprintf(stderr, "%s: %s\n", bp.name, ct_result_string(r));
        return 1;
    }
    qsort(times, (size_t)repeats, sizeof(double), cmp_double);
    bench_score(&bp, lambda, v, &rel, &absr);
    printf("%s,%s,%d,%d,%.4g,%.3g,contact.h,%s,%g,%d,%.6g,%d,%d,%.6g,%.6g,%.6g,%d,%s\n", bp.name,
           bp.family, bp.nc, bp.n, bp.density, bp.asym, argv[2], tol, repeats,
           times[repeats / 2], info.iterations, info.factorizations, (double)info.model.relative,
           rel, absr, rel <= tol, status_token(info.status));
    ct_workspace_free(&ws);
    free(times);
    free(lambda);
    free(v);
    bench_free(&bp);
    return 0;
}
