/* Benchmark: the built-in dense LU (partial pivoting, blocked; NEWTON_NCP's dense factor) against
 * LAPACK dgetrf (OpenBLAS), double precision. The counterpart of bench/cholesky.c.
 *
 * Build (OpenBLAS linked explicitly, as in bench/cholesky.c) and run single-threaded:
 *   make bench-lu
 * Output: CSV  n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio,residual
 * (flops = 2 n^3 / 3, median of >= 9 timings; ratio = builtin GFLOP/s / LAPACK GFLOP/s; residual
 * = ||A x - b||_inf / (||A||_inf ||x||_inf) of a solve with the built-in factors). The matrix is
 * copied before each timing, outside the timed region. Row-major A is column-major A^T for
 * dgetrf: the same flops, the factors of the transpose. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#define CONTACT_IMPLEMENTATION
#include "contact.h"

#ifdef __cplusplus
extern "C"
#endif
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}
static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double rnd(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
}

#define MAX_REPS 4001

int main(void) {
    static const int sizes[] = {12, 24, 48, 96, 192, 384, 768};
    static double t_b[MAX_REPS], t_l[MAX_REPS];
    int si;
    const char *env = getenv("OPENBLAS_NUM_THREADS");
    if (!env || strcmp(env, "1") != 0)
        fprintf(stderr, "warning: OPENBLAS_NUM_THREADS is not 1\n");
    printf("n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio,residual\n");
    for (si = 0; si < (int)(sizeof(sizes) / sizeof(sizes[0])); ++si) {
        const int n = sizes[si];
        const size_t nn = (size_t)n * (size_t)n;
        double *A = (double *)malloc(sizeof(double) * nn), *W = (double *)malloc(sizeof(double) * nn);
        ct_real *Wb = (ct_real *)malloc(sizeof(ct_real) * nn), *x = (ct_real *)malloc(sizeof(ct_real) * (size_t)n);
        int *piv = (int *)malloc(sizeof(int) * (size_t)n), *ipiv = (int *)malloc(sizeof(int) * (size_t)n);
        double flops = 2.0 * n * n * n / 3.0, tb, tl, res = 0, an = 0, xn = 0;
        int i, j, r, reps, info = 0, bad = 0;
        for (i = 0; i < (int)nn; ++i) A[i] = rnd(); /* a general matrix: pivoting happens */
        reps = (int)(2e8 / (flops + 2e3));
        if (reps < 9) reps = 9;
        if (reps > MAX_REPS) reps = MAX_REPS;
        for (r = -2; r < reps; ++r) { /* two warm-up rounds */
            double t0;
            for (i = 0; i < (int)nn; ++i) Wb[i] = (ct_real)A[i];
            t0 = now_us();
            ct_result rr = ct_lu_factor(Wb, n, n, piv, &bad);
            if (rr != CT_OK && rr != CT_ERROR_SINGULAR) { fprintf(stderr, "ct_lu_factor: %s\n", ct_result_string(rr)); return 1; }
            if (r >= 0) t_b[r] = now_us() - t0;
            memcpy(W, A, sizeof(double) * nn);
            t0 = now_us();
            dgetrf_(&n, &n, W, &n, ipiv, &info);
            if (r >= 0) t_l[r] = now_us() - t0;
        }
        if (bad >= 0 || info != 0) { fprintf(stderr, "factorization failed at n=%d (%d, %d)\n", n, bad, info); return 1; }
        for (i = 0; i < n; ++i) x[i] = (ct_real)1; /* solve A x = A 1 with the factors */
        for (i = 0; i < n; ++i) {
            double s = 0, a = 0;
            for (j = 0; j < n; ++j) { s += A[(size_t)i * n + j]; a += fabs(A[(size_t)i * n + j]); }
            x[i] = (ct_real)s;
            if (a > an) an = a;
        }
        ct_lu_solve(Wb, n, n, piv, x, 0);
        for (i = 0; i < n; ++i) if (fabs((double)x[i]) > xn) xn = fabs((double)x[i]);
        for (i = 0; i < n; ++i) {
            double s = 0, b = 0;
            for (j = 0; j < n; ++j) { s += A[(size_t)i * n + j] * (double)x[j]; b += A[(size_t)i * n + j]; }
            if (fabs(s - b) > res) res = fabs(s - b);
        }
        res /= an * xn;
        if (!(res < 1e-10)) { fprintf(stderr, "solve residual %g at n=%d\n", res, n); return 1; }
        qsort(t_b, (size_t)reps, sizeof(double), cmp_double);
        qsort(t_l, (size_t)reps, sizeof(double), cmp_double);
        tb = t_b[reps / 2];
        tl = t_l[reps / 2];
        printf("%d,%.2f,%.2f,%.2f,%.2f,%.3f,%.2g\n", n, tb, flops / tb * 1e-3, tl, flops / tl * 1e-3, tl / tb, res);
        fflush(stdout);
        free(A); free(W); free(Wb); free(x); free(piv); free(ipiv);
    }
    return 0;
}
