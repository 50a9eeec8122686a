/* families_baseline.c - ADMM_NCP and PGS_NCP on the problem families of bench/families.h, as CSV.

     families_baseline [--sweep | -f FAMILY[,FAMILY...] -n SIZE[,SIZE...] [-k COUNT]] [-s SEED]
                       [-t TOL] [-x MAX_ITER] [--no-loose]

   --sweep (the default) runs the standard sweep (fam_sweep: each (family, size) with its
   instance count), -f/-n/-k the given families and sizes, COUNT instances each (default 1);
   instance k has the seed fam_instance_seed(SEED, k) (SEED default 1). Each problem is solved
   cold (lambda = 0) by ADMM_NCP and by PGS_NCP at ct_default_settings() with stop =
   CT_STOP_RELATIVE, tol_rel = TOL (1e-8) and max_iter = MAX_ITER (2000), and once more by
   ADMM_NCP at the loose tolerance tol_rel = 1e-4 with max_iter 20000 (--no-loose skips it):
   the sanity check that a family is solvable at all. One CSV row per problem on stdout:

     family,size,seed,k,nv,nbodies,nb,nu,nc,n,has_bias,mass_ratio,validate,rank_G,cond_G,cond_GR,
     admm_status,admm_iter,admm_rel,admm_ms,pgs_status,pgs_iter,pgs_rel,pgs_ms,
     loose_status,loose_iter,loose_rel,loose_ms,open,stick,slide

   validate  ct_result_string-like short code of ct_problem_validate(p, 1e-8) ("ok" expected)
   rank_G    numerical rank of G = J M^-1 J^T: its eigenvalues are the squared singular
             values of B = J L^-T (M = L L^T, dense Cholesky in double), computed by one-sided
             Jacobi on B (or B^T, whichever has fewer columns); rank = singular values above
             max(n, nv) eps sigma_max
   cond_G    lambda_max / lambda_min over the NONZERO eigenvalues of G (those of the rank)
   cond_GR   cond(G + R): (lambda_max + r) / (lambda_min + r) when R is r on every row
             (illcond, fingers:soft; lambda_min = 0 when rank_G < n); without R, cond_G if
             G has full rank, else inf
   *_status  converged | max_iter | stalled | numerical_failure | error; *_rel =
             info.ncp.relative (Siconos' relative error of the returned point); *_ms wall time
             of ct_solve alone (one run)
   open, stick, slide  ct_contact_modes of the better ADMM answer (strict or loose, by
             relative error rel) with tol = 10 max(rel, 1e-7) max(||lambda||_inf, ||v||_inf,
             ||g||_inf): a mode is only called where the answer's error cannot flip it

   Build: cc -O2 -march=native -I. -Ibench bench/families_baseline.c -lm (double only). */
#define _POSIX_C_SOURCE 200112L
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#define FAMILIES_IMPLEMENTATION
#include "families.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef CONTACT_USE_FLOAT
#error "families_baseline is a double-precision benchmark"
#endif

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static const char *status_name(ct_result r, ct_status s) {
    if (r != CT_OK) return "error";
    switch (s) {
        case CT_STATUS_CONVERGED: return "converged";
        case CT_STATUS_MAX_ITERATIONS: return "max_iter";
        case CT_STATUS_STALLED: return "stalled";
        case CT_STATUS_NUMERICAL_FAILURE: return "numerical_failure";
        default: return "error";
    }
}

/* singular values of X (r x c, overwritten) by one-sided Jacobi on its columns, descending */
static void jacobi_sv(double *X, int r, int c, double *sv) {
    int sweep, p, q, i, rotated = 1;
    for (sweep = 0; sweep < 60 && rotated; ++sweep) {
        rotated = 0;
        for (p = 0; p < c - 1; ++p)
            for (q = p + 1; q < c; ++q) {
                double app = 0, aqq = 0, apq = 0, zeta, t, cs, sn;
                for (i = 0; i < r; ++i) {
                    double xp = X[(size_t)i * c + p], xq = X[(size_t)i * c + q];
                    app += xp * xp;
                    aqq += xq * xq;
                    apq += xp * xq;
                }
                if (apq == 0 || fabs(apq) <= 1e-15 * sqrt(app * aqq)) continue;
                rotated = 1;
                zeta = (aqq - app) / (2 * apq);
                t = (zeta >= 0 ? 1 : -1) / (fabs(zeta) + sqrt(1 + zeta * zeta));
                cs = 1 / sqrt(1 + t * t);
                sn = cs * t;
                for (i = 0; i < r; ++i) {
                    double xp = X[(size_t)i * c + p], xq = X[(size_t)i * c + q];
                    X[(size_t)i * c + p] = cs * xp - sn * xq;
                    X[(size_t)i * c + q] = sn * xp + cs * xq;
                }
            }
    }
    for (p = 0; p < c; ++p) {
        double s = 0;
        for (i = 0; i < r; ++i) s += X[(size_t)i * c + p] * X[(size_t)i * c + p];
        sv[p] = sqrt(s);
    }
    for (p = 1; p < c; ++p) {
        double v = sv[p];
        for (q = p - 1; q >= 0 && sv[q] < v; --q) sv[q + 1] = sv[q];
        sv[q + 1] = v;
    }
}

/* the spectrum of G = J M^-1 J^T: rank, and its largest and smallest nonzero eigenvalues */
static void spectrum(const fam_problem *fp, int *rank, double *lmax, double *lmin_nz) {
    int n = fp->n, nv = fp->nv, i, j, k, cnt;
    double *L = (double *)calloc((size_t)nv * nv, sizeof(double));
    double *B = (double *)calloc((size_t)n * nv + 1, sizeof(double));
    double *X = (double *)calloc((size_t)n * nv + 1, sizeof(double));
    double *sv = (double *)calloc((size_t)(n + nv), sizeof(double));
    double tol;
    *rank = 0;
    *lmax = *lmin_nz = 0;
    if (!L || !B || !X || !sv) goto done;
    for (i = 0; i < nv * nv; ++i) L[i] = fp->M[i];
    for (i = 0; i < nv; ++i) /* M = L L^T */
        for (j = 0; j <= i; ++j) {
            double s = L[(size_t)i * nv + j];
            for (k = 0; k < j; ++k) s -= L[(size_t)i * nv + k] * L[(size_t)j * nv + k];
            L[(size_t)i * nv + j] = i == j ? sqrt(s > 0 ? s : 1e-300) : s / L[(size_t)j * nv + j];
        }
    for (i = 0; i < n; ++i) /* row i of B solves L b = J_i^T */
        for (j = 0; j < nv; ++j) {
            double s = fp->J[(size_t)i * nv + j];
            for (k = 0; k < j; ++k) s -= L[(size_t)j * nv + k] * B[(size_t)i * nv + k];
            B[(size_t)i * nv + j] = s / L[(size_t)j * nv + j];
        }
    if (n <= nv) { /* X = B^T (nv x n): n columns */
        for (i = 0; i < n; ++i)
            for (j = 0; j < nv; ++j) X[(size_t)j * n + i] = B[(size_t)i * nv + j];
        jacobi_sv(X, nv, n, sv);
        cnt = n;
    } else {
        memcpy(X, B, sizeof(double) * (size_t)n * nv);
        jacobi_sv(X, n, nv, sv);
        cnt = nv;
    }
    tol = (n > nv ? n : nv) * DBL_EPSILON * sv[0];
    while (*rank < cnt && sv[*rank] > tol) ++*rank;
    *lmax = sv[0] * sv[0];
    *lmin_nz = *rank > 0 ? sv[*rank - 1] * sv[*rank - 1] : 0;
done:
    free(L); free(B); free(X); free(sv);
}

typedef struct run {
    ct_result r;
    ct_info info;
    double ms;
} run;

static run solve(const fam_problem *fp, ct_method m, double tol, int max_iter, ct_real *lambda, ct_real *v) {
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    run out;
    double t0;
    memset(&out, 0, sizeof(out));
    s.method = m;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)tol;
    s.max_iter = max_iter;
    s.warm_start = 0;
    memset(lambda, 0, sizeof(ct_real) * (size_t)fp->n);
    out.r = ct_workspace_alloc(&ws, fp->problem.nb, fp->problem.nu, fp->problem.nc, &s, NULL);
    if (out.r != CT_OK) return out;
    t0 = now_ms();
    out.r = ct_solve(&fp->problem, &s, &ws, lambda, v, &out.info);
    out.ms = now_ms() - t0;
    ct_workspace_free(&ws);
    return out;
}

static void print_run(const run *r) {
    printf(",%s,%d,%.3e,%.3f", status_name(r->r, r->info.status), r->info.iterations,
           (double)r->info.ncp.relative, r->ms);
}

static void one(const char *family, int size, unsigned long long seed, int k, double tol, int max_iter, int loose) {
    fam_problem fp;
    int rc = fam_generate(family, size, fam_instance_seed(seed, k), &fp), rank, i, counts[3] = {0, 0, 0};
    double lmax, lmin, condG, condGR;
    ct_real *lambda, *v;
    ct_contact_mode *modes;
    ct_result val;
    run admm, pgs, lo;
    if (rc != FAM_OK) {
        fprintf(stderr, "families_baseline: %s size %d: %s\n", family, size, fam_error_string(rc));
        return;
    }
    fprintf(stderr, "%s %d k%d (n %d): %s\n", fp.family, size, k, fp.n, fp.desc);
    lambda = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
    modes = (ct_contact_mode *)calloc((size_t)fp.problem.nc + 1, sizeof(ct_contact_mode));
    if (!lambda || !v || !modes) {
        fprintf(stderr, "families_baseline: out of memory\n");
        exit(2);
    }
    val = ct_problem_validate(&fp.problem, (ct_real)1e-8);
    spectrum(&fp, &rank, &lmax, &lmin);
    condG = lmin > 0 ? lmax / lmin : INFINITY;
    if (fp.R) {
        double r0 = (double)fp.R[0];
        int uniform = 1;
        for (i = 1; i < fp.n; ++i) uniform &= (double)fp.R[i] == r0;
        condGR = uniform ? (lmax + r0) / ((rank < fp.n ? 0 : lmin) + r0) : NAN;
    } else {
        condGR = rank == fp.n ? condG : INFINITY;
    }
    pgs = solve(&fp, CT_METHOD_PGS_NCP, tol, max_iter, lambda, v);
    memset(&lo, 0, sizeof(lo));
    if (loose) lo = solve(&fp, CT_METHOD_ADMM_NCP, 1e-4, 20000, lambda, v);
    admm = solve(&fp, CT_METHOD_ADMM_NCP, tol, max_iter, lambda, v);
    if (loose && admm.r == CT_OK && lo.r == CT_OK && !(admm.info.ncp.relative <= lo.info.ncp.relative))
        lo = solve(&fp, CT_METHOD_ADMM_NCP, 1e-4, 20000, lambda, v); /* the better answer */
    {
        double mx = 0, rel = admm.info.ncp.relative;
        if (loose && lo.r == CT_OK && !(rel <= lo.info.ncp.relative)) rel = lo.info.ncp.relative;
        if (!(rel >= 1e-7)) rel = 1e-7;
        for (i = 0; i < fp.n; ++i) {
            if (fabs((double)lambda[i]) > mx) mx = fabs((double)lambda[i]);
            if (fabs((double)v[i]) > mx) mx = fabs((double)v[i]);
            if (fabs((double)fp.g[i]) > mx) mx = fabs((double)fp.g[i]);
        }
        if (fp.problem.nc > 0 && ct_contact_modes(&fp.problem, lambda, v, (ct_real)(10 * rel * mx), modes) == CT_OK)
            for (i = 0; i < fp.problem.nc; ++i) counts[modes[i]]++;
    }
    printf("%s,%d,%llu,%d,%d,%d,%d,%d,%d,%d,%d,%.3g,%s,%d,%.3e,%.3e", fp.family, size, seed, k, fp.nv, fp.nbodies,
           fp.problem.nb, fp.problem.nu, fp.problem.nc, fp.n, fp.has_bias, fp.mass_ratio,
           val == CT_OK ? "ok" : ct_result_string(val), rank, condG, condGR);
    print_run(&admm);
    print_run(&pgs);
    if (loose) print_run(&lo);
    else printf(",,,,");
    printf(",%d,%d,%d\n", counts[CT_MODE_OPEN], counts[CT_MODE_STICK], counts[CT_MODE_SLIDE]);
    fflush(stdout);
    free(lambda);
    free(v);
    free(modes);
    fam_free(&fp);
}

int main(int argc, char **argv) {
    const char *fams = NULL, *sizes = NULL;
    unsigned long long seed = 1;
    int count = 1, max_iter = 2000, loose = 1, i, k;
    double tol = 1e-8;
    for (i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--sweep")) fams = NULL;
        else if (!strcmp(argv[i], "--no-loose")) loose = 0;
        else if (!strcmp(argv[i], "-f") && i + 1 < argc) fams = argv[++i];
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) sizes = argv[++i];
        else if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) tol = atof(argv[++i]);
        else if (!strcmp(argv[i], "-x") && i + 1 < argc) max_iter = atoi(argv[++i]);
        else {
            fprintf(stderr,
                    "usage: %s [--sweep | -f FAMILY[,FAMILY] -n SIZE[,SIZE] [-k COUNT]] [-s SEED] [-t TOL] [-x MAX_ITER] [--no-loose]\n",
                    argv[0]);
            return 2;
        }
    }
    printf("family,size,seed,k,nv,nbodies,nb,nu,nc,n,has_bias,mass_ratio,validate,rank_G,cond_G,cond_GR,"
           "admm_status,admm_iter,admm_rel,admm_ms,pgs_status,pgs_iter,pgs_rel,pgs_ms,"
           "loose_status,loose_iter,loose_rel,loose_ms,open,stick,slide\n");
    if (!fams) {
        const fam_sweep_entry *e;
        int cnt = fam_sweep(&e);
        for (i = 0; i < cnt; ++i)
            for (k = 0; k < e[i].count; ++k) one(e[i].family, e[i].size, seed, k, tol, max_iter, loose);
    } else {
        char fbuf[512], nbuf[512], *f, *fs, *n, *ns;
        snprintf(fbuf, sizeof(fbuf), "%s", fams);
        for (f = strtok_r(fbuf, ",", &fs); f; f = strtok_r(NULL, ",", &fs)) {
            snprintf(nbuf, sizeof(nbuf), "%s", sizes ? sizes : "4");
            for (n = strtok_r(nbuf, ",", &ns); n; n = strtok_r(NULL, ",", &ns))
                for (k = 0; k < count; ++k) one(f, atoi(n), seed, k, tol, max_iter, loose);
        }
    }
    return 0;
}
