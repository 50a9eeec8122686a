/* Benchmark: built-in dense Cholesky vs LAPACK dpotrf (OpenBLAS), double precision.
 *
 * Build (OpenBLAS linked explicitly, NOT through liblapack.so, which Debian's alternatives may route to the
 * reference LAPACK):
 *   gcc -O2 -march=native -o cholesky bench/cholesky.c \
 *       /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so -lm
 * Run OpenBLAS single-threaded (the comparison is one core against one core):
 *   OPENBLAS_NUM_THREADS=1 ./cholesky
 * OpenBLAS 0.3.21 (Debian 12) does not recognise newer Xeons (e.g. family 6 model 207) and falls back to its
 * generic "Prescott" kernels; OPENBLAS_VERBOSE=2 prints the core it picked, OPENBLAS_CORETYPE=Haswell or SkylakeX
 * forces the AVX2 / AVX-512 kernels for a fairer comparison.
 * Output: CSV  n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio   (flops = n^3/3, median of >= 7 timings;
 * ratio = builtin GFLOP/s / LAPACK GFLOP/s). The matrix is copied before each timing, outside the timed region.
 *
 * Row-major lower L has the memory layout of column-major upper U = L^T, so dpotrf('U') on the same buffer
 * computes the same factor. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

/* ---- the built-in factorization under test: contact.h's ct_cholesky_factor ---- */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#define BENCH_SCRATCH(n) ct_cholesky_scratch_size(n)
static int builtin_factor(ct_real *a, int n, int lda, ct_real *scratch)
{
    return ct_cholesky_factor(a, n, lda, 0, scratch, NULL) == CT_OK ? -1 : 0;
}
/* ---- end of the built-in block ---- */

#ifdef __cplusplus
extern "C"
#endif
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info);

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double rnd(void)
{
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
}

#define MAX_REPS 4001

int main(void)
{
    static const int sizes[] = {12, 24, 48, 96, 192, 384, 768};
    static double t_b[MAX_REPS], t_l[MAX_REPS];
    int si;
    const char *env = getenv("OPENBLAS_NUM_THREADS");
    if (!env || strcmp(env, "1") != 0)
        fprintf(stderr, "warning: OPENBLAS_NUM_THREADS is not 1; run as OPENBLAS_NUM_THREADS=1 ./cholesky\n");
    printf("n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio\n");
    for (si = 0; si < (int)(sizeof(sizes) / sizeof(sizes[0])); ++si) {
        const int n = sizes[si];
        const size_t nn = (size_t)n * (size_t)n;
        double *A = (double *)malloc(sizeof(double) * nn), *B = (double *)malloc(sizeof(double) * nn);
        double *W = (double *)malloc(sizeof(double) * nn);
        ct_real *Wb = (ct_real *)malloc(sizeof(ct_real) * nn);
        ct_real *S = (ct_real *)malloc(sizeof(ct_real) * (size_t)(BENCH_SCRATCH(n) + 1));
        double flops = (double)n * n * n / 3.0, tb, tl, maxd = 0, maxl = 0;
        int i, j, p, r, reps, info = 0, ret = -1;
        /* A = B B^T + n I */
        for (i = 0; i < (int)nn; ++i) B[i] = rnd();
        for (i = 0; i < n; ++i)
            for (j = 0; j <= i; ++j) {
                double s = 0;
                for (p = 0; p < n; ++p) s += B[i * n + p] * B[j * n + p];
                if (i == j) s += n;
                A[i * n + j] = s; A[j * n + i] = s;
            }
        /* about 0.2 s of work per method, at least 9 timings */
        reps = (int)(2e8 / (flops + 2e3));
        if (reps < 9) reps = 9;
        if (reps > MAX_REPS) reps = MAX_REPS;
        for (r = -2; r < reps; ++r) { /* two warm-up rounds */
            double t0;
            for (i = 0; i < (int)nn; ++i) Wb[i] = (ct_real)A[i];
            t0 = now_us();
            ret = builtin_factor(Wb, n, n, S);
            if (r >= 0) t_b[r] = now_us() - t0;
            memcpy(W, A, sizeof(double) * nn);
            t0 = now_us();
            dpotrf_("U", &n, W, &n, &info);
            if (r >= 0) t_l[r] = now_us() - t0;
        }
        if (ret != -1 || info != 0) { fprintf(stderr, "factorization failed at n=%d (%d, %d)\n", n, ret, info); return 1; }
        for (i = 0; i < n; ++i)
            for (j = 0; j <= i; ++j) {
                double d = fabs((double)Wb[i * n + j] - W[i * n + j]);
                if (d > maxd) maxd = d;
                if (fabs(W[i * n + j]) > maxl) maxl = fabs(W[i * n + j]);
            }
        if (maxd > 1e-3 * maxl) { fprintf(stderr, "factors differ at n=%d: %g\n", n, maxd / maxl); return 1; }
        qsort(t_b, (size_t)reps, sizeof(double), cmp_double);
        qsort(t_l, (size_t)reps, sizeof(double), cmp_double);
        tb = t_b[reps / 2];
        tl = t_l[reps / 2];
        printf("%d,%.2f,%.2f,%.2f,%.2f,%.3f\n", n, tb, flops / tb * 1e-3, tl, flops / tl * 1e-3, tl / tb);
        fflush(stdout);
        free(A); free(B); free(W); free(Wb); free(S);
    }
    return 0;
}
