/* test_cholesky.c - ct_cholesky_factor / ct_cholesky_solve against a plain long double
   reference, and ct_delassus_from_mj against J M^-1 J^T computed the same way.

   Buffers are allocated with their exact extent ((n-1)*lda + n elements, scratch of exactly
   ct_cholesky_scratch_size) so that the sanitizer build catches any access past them; the
   strictly upper triangle and the lda padding hold sentinels that must survive. */
#include "contact.h"
#include "harness.h"

#define NMAX 300
#define SENTINEL_UP(i, j) ((ct_real)(-1000 - (i) - 0.5 * (j)))
#define SENTINEL_PAD ((ct_real)12345.0)

/* reference: row-major lower Cholesky of a (n x n, ld n) in long double; returns -1 or the
   first bad pivot */
static int ref_chol(long double *a, int n) {
    int i, j, k;
    for (j = 0; j < n; ++j) {
        long double d = a[j * n + j];
        for (k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        if (!(d > 0)) return j;
        d = sqrtl(d);
        a[j * n + j] = d;
        for (i = j + 1; i < n; ++i) {
            long double s = a[i * n + j];
            for (k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / d;
        }
    }
    return -1;
}

/* random SPD matrix in long double (n x n): B B^T / k + diag(0.5..2), B n x k */
static void random_spd(long double *A, int n, int k) {
    static double B[NMAX * 24];
    int i, j, q;
    for (i = 0; i < n * k; ++i) B[i] = th_normal();
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i; ++j) {
            long double s = 0;
            for (q = 0; q < k; ++q) s += (long double)B[i * k + q] * B[j * k + q];
            s /= k;
            if (i == j) s += th_range(0.5, 2);
            A[i * n + j] = A[j * n + i] = s;
        }
}

/* copy the lower triangle of A (rounded to ct_real) into a fresh exact-size buffer with
   sentinels in the upper triangle and the padding */
static ct_real *make_buffer(const long double *A, int n, int lda, long double *Around) {
    size_t len = (size_t)(n - 1) * lda + n;
    ct_real *a = (ct_real *)malloc(len * sizeof(ct_real));
    int i, j;
    for (i = 0; i < n; ++i)
        for (j = 0; j < lda && (size_t)i * lda + j < len; ++j) {
            ct_real *e = a + (size_t)i * lda + j;
            if (j >= n) *e = SENTINEL_PAD;
            else if (j > i) *e = SENTINEL_UP(i, j);
            else {
                *e = (ct_real)A[i * n + j];
                Around[i * n + j] = Around[j * n + i] = (long double)*e;
            }
        }
    return a;
}

/* factor a (from A) and compare with the reference; returns the relative error of L */
static double factor_and_compare(ct_real *a, const long double *Ar, int n, int lda, double shift,
                                 long double *ref, int *ok_sentinels, ct_result *res) {
    size_t ss = ct_cholesky_scratch_size(n);
    ct_real *scratch = ss ? (ct_real *)malloc(ss * sizeof(ct_real)) : NULL;
    int i, j, bad = -7;
    double maxref = 0, maxerr = 0;
    *res = ct_cholesky_factor(a, n, lda, (ct_real)shift, scratch, &bad);
    free(scratch);
    for (i = 0; i < n * n; ++i) ref[i] = Ar[i];
    for (i = 0; i < n; ++i) ref[i * n + i] += (long double)(ct_real)shift;
    if (ref_chol(ref, n) >= 0) return -1; /* the reference failed: not SPD */
    *ok_sentinels = 1;
    for (i = 0; i < n; ++i)
        for (j = 0; j < lda; ++j) {
            size_t o = (size_t)i * lda + j;
            if (o >= (size_t)(n - 1) * lda + n) break;
            if (j >= n) *ok_sentinels &= a[o] == SENTINEL_PAD;
            else if (j > i) *ok_sentinels &= a[o] == SENTINEL_UP(i, j);
            else {
                double e = fabs((double)a[o] - (double)ref[i * n + j]);
                if (fabs((double)ref[i * n + j]) > maxref) maxref = fabs((double)ref[i * n + j]);
                if (!(e <= maxerr)) maxerr = e; /* NaN propagates */
            }
        }
    if (*res == CT_OK && bad != -1) *ok_sentinels = 0; /* bad_pivot must be -1 on success */
    return maxerr / maxref;
}

/* solve residual ||A x - b||_inf / (||A||_inf ||x||_inf + ||b||_inf), A the rounded input */
static double solve_residual(const ct_real *l, const long double *Ar, int n, int lda, double shift) {
    ct_real *b = (ct_real *)malloc((size_t)n * sizeof(ct_real));
    double *b0 = (double *)malloc((size_t)n * sizeof(double));
    double rmax = 0, anorm = 0, xmax = 0, bmax = 0;
    int i, j;
    for (i = 0; i < n; ++i) {
        b[i] = (ct_real)th_normal();
        b0[i] = b[i];
        if (fabs(b0[i]) > bmax) bmax = fabs(b0[i]);
    }
    ct_cholesky_solve(l, n, lda, b);
    for (i = 0; i < n; ++i) {
        long double s = -(long double)b0[i], rs = 0;
        for (j = 0; j < n; ++j) {
            long double aij = Ar[i * n + j] + (i == j ? (long double)(ct_real)shift : 0);
            s += aij * b[j];
            rs += fabsl(aij);
        }
        if (fabs((double)s) > rmax) rmax = fabs((double)s);
        if ((double)rs > anorm) anorm = (double)rs;
        if (fabs((double)b[i]) > xmax) xmax = fabs((double)b[i]);
    }
    free(b);
    free(b0);
    return rmax / (anorm * xmax + bmax);
}

static void test_random_spd(void) {
    static long double A[NMAX * NMAX], Ar[NMAX * NMAX], ref[NMAX * NMAX];
    int n, bad_fac = 0, bad_err = 0, bad_sent = 0, bad_solve = 0;
    double worst = 0, worst_solve = 0;
    int worst_n = 0;
    th_seed(21);
    for (n = 1; n <= NMAX; ++n) {
        int lda = (n % 3 == 0) ? n + 5 : (n % 3 == 1 ? n : n + 1);
        int k = n < 20 ? n : 20, ok_s = 0;
        ct_real *a;
        ct_result res;
        double err, tol = 64.0 * n * TOL_CHOL, rs;
        random_spd(A, n, k);
        a = make_buffer(A, n, lda, Ar);
        err = factor_and_compare(a, Ar, n, lda, 0, ref, &ok_s, &res);
        bad_fac += res != CT_OK;
        bad_sent += !ok_s;
        if (!(err <= tol)) {
            if (bad_err++ < 3) CHECKF(0, "n=%d lda=%d: relative error of L %g > %g", n, lda, err, tol);
        }
        if (err > worst) { worst = err; worst_n = n; }
        if (res == CT_OK) {
            rs = solve_residual(a, Ar, n, lda, 0);
            if (!(rs <= 8.0 * n * TOL_CHOL)) {
                if (bad_solve++ < 3) CHECKF(0, "n=%d: solve residual %g", n, rs);
            }
            if (rs > worst_solve) worst_solve = rs;
        }
        free(a);
    }
    CHECKF(bad_fac == 0, "%d random SPD matrices not factored", bad_fac);
    CHECKF(bad_err == 0, "%d factors differ from the reference (worst %g at n=%d)", bad_err, worst, worst_n);
    CHECKF(bad_sent == 0, "%d factorizations touched the upper triangle or the padding", bad_sent);
    CHECKF(bad_solve == 0, "%d solves with a large residual (worst %g)", bad_solve, worst_solve);
}

/* ---- profile (envelope) matrices: the factor skips each row's leading zeros, and is the same
   bit for bit as the dense one --------------------------------------------------------------- */
/* ct__dot's order: four partial sums over k mod 4 (the tail into the first), (s0 + s1) + (s2 + s3) */
static ct_real dot_ordered(const ct_real *x, const ct_real *y, int n) {
    ct_real s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += x[k] * y[k];
        s1 += x[k + 1] * y[k + 1];
        s2 += x[k + 2] * y[k + 2];
        s3 += x[k + 3] * y[k + 3];
    }
    for (; k < n; ++k) s0 += x[k] * y[k];
    return (s0 + s1) + (s2 + s3);
}
/* the dense Cholesky in that order, every entry computed (the leading zeros included) */
static int dense_ordered(ct_real *a, int n, int lda) {
    int i, j;
    for (j = 0; j < n; ++j) {
        ct_real *aj = a + j * lda, s = aj[j] - dot_ordered(aj, aj, j), r;
        if (!(s > 0)) return j;
        aj[j] = (ct_real)sqrt((double)s);
        r = 1 / aj[j];
        for (i = j + 1; i < n; ++i) a[i * lda + j] = (a[i * lda + j] - dot_ordered(a + i * lda, aj, j)) * r;
    }
    return -1;
}
static void test_profile(void) {
    static ct_real a[48 * 48], b[48 * 48], scratch[16 * 48];
    int kind, n, bad = 0, cases = 0, skipped = 0;
    th_seed(33);
    /* the orders of the unblocked paths: the dense one up to 6 (no envelope), the envelope's
       below 48; both must give the dense factor's bits */
    for (kind = 0; kind < 4; ++kind)
        for (n = 1; n < 48; ++n) {
            int i, j, f, w = 1 + n % 7, bad_pivot;
            for (i = 0; i < n * n; ++i) a[i] = (ct_real)-1e30; /* the upper triangle: untouched */
            for (i = 0; i < n; ++i) {
                ct_real off = 0;
                /* row i's first nonzero: 0 (dense), its block's first row (block-diagonal, blocks
                   of w), i - w (banded), or anywhere (a random profile) */
                f = kind == 0 ? 0 : kind == 1 ? i - i % w : kind == 2 ? (i > w ? i - w : 0) : (int)(th_uniform() * (i + 1)) % (i + 1);
                for (j = 0; j < i; ++j) {
                    a[i * n + j] = j < f ? (ct_real)((i + j) % 2 ? -0.0 : 0.0) : (ct_real)th_range(-1, 1);
                    off += (ct_real)fabs((double)a[i * n + j]);
                }
                a[i * n + i] = off + (ct_real)th_range(1, 2);
            }
            for (i = 0; i < n; ++i) /* diagonal dominance by rows of the symmetric matrix */
                for (j = i + 1; j < n; ++j) a[j * n + j] += (ct_real)fabs((double)a[j * n + i]), a[i * n + i] += (ct_real)fabs((double)a[j * n + i]);
            memcpy(b, a, sizeof(ct_real) * (size_t)(n * n));
            if (ct_cholesky_factor(a, n, n, 0, scratch, &bad_pivot) != CT_OK || dense_ordered(b, n, n) >= 0) {
                ++skipped;
                continue;
            }
            ++cases;
            for (i = 0; i < n; ++i) {
                if (memcmp(a + i * n, b + i * n, sizeof(ct_real) * (size_t)(i + 1)) != 0) {
                    if (bad++ < 3) CHECKF(0, "profile kind %d n %d: row %d differs from the dense factor", kind, n, i);
                    break;
                }
                for (j = i + 1; j < n; ++j)
                    if (a[i * n + j] != (ct_real)-1e30) {
                        if (bad++ < 3) CHECKF(0, "profile kind %d n %d: upper (%d, %d) touched", kind, n, i, j);
                        break;
                    }
            }
        }
    CHECKF(skipped == 0, "%d profile matrices not factored", skipped);
    CHECKF(bad == 0, "%d profile factors differ from the dense one", bad);
    printf("  %d profile matrices (dense, block-diagonal, banded, random; signed zeros before each "
           "row's first nonzero): the same bits as the dense factor\n", cases);
}

/* PSD rank-deficient + shift: factors A + shift I */
static void test_shifted_singular(void) {
    static long double A[NMAX * NMAX], Ar[NMAX * NMAX], ref[NMAX * NMAX];
    static const int sizes[] = {2, 3, 5, 17, 40, 64, 101};
    int s;
    th_seed(22);
    for (s = 0; s < 7; ++s) {
        int n = sizes[s], r = n / 2, i, j, q, ok_s = 0;
        double shift = 0.1, err, maxeig = 0;
        static double B[NMAX * NMAX];
        ct_real *a;
        ct_result res;
        for (i = 0; i < n * r; ++i) B[i] = th_normal();
        for (i = 0; i < n; ++i)
            for (j = 0; j <= i; ++j) {
                long double x = 0;
                for (q = 0; q < r; ++q) x += (long double)B[i * r + q] * B[j * r + q];
                A[i * n + j] = A[j * n + i] = r ? x / r : 0;
            }
        for (i = 0; i < n; ++i) maxeig += (double)A[i * n + i]; /* trace bounds lambda_max */
        a = make_buffer(A, n, n, Ar);
        err = factor_and_compare(a, Ar, n, n, shift, ref, &ok_s, &res);
        CHECKF(res == CT_OK, "n=%d rank %d + shift: %s", n, r, ct_result_string(res));
        CHECKF(err >= 0 && err <= 64.0 * n * TOL_CHOL * (1 + maxeig / shift),
               "n=%d rank %d + shift: relative error %g", n, r, err);
        CHECK(ok_s);
        if (res == CT_OK) {
            double rs = solve_residual(a, Ar, n, n, shift);
            CHECKF(rs <= 8.0 * n * TOL_CHOL * (1 + maxeig / shift), "n=%d: solve residual %g", n, rs);
        }
        free(a);
    }
    /* exactly singular without a shift: the zero pivot is reported */
    {
        ct_real a[4] = {1, -99, 1, 1}, sc[128];
        ct_real b[9] = {4, -99, -99, 2, 1, -99, 2, 1, 5};
        int bad = -7;
        CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, 0, sc, &bad), CT_ERROR_NOT_POSITIVE_DEFINITE);
        CHECK_EQ_INT(bad, 1);
        a[0] = 1; a[2] = 1; a[3] = 1;
        CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, (ct_real)0.5, sc, &bad), CT_OK);
        CHECK_EQ_INT(bad, -1);
        CHECK_NEAR(a[0], sqrt(1.5), 4 * TH_EPS);
        CHECK_NEAR(a[3], sqrt(1.5 - 1 / 1.5), 8 * TH_EPS);
        CHECK(a[1] == -99);
        CHECK_EQ_INT(ct_cholesky_factor(b, 3, 3, 0, sc, &bad), CT_ERROR_NOT_POSITIVE_DEFINITE);
        CHECK_EQ_INT(bad, 1);
    }
}

/* A = L L^T with integer L (unit diagonal before row k) and A_kk lowered by L_kk^2 + 1: the
   pivot of row k is exactly -1, all earlier ones exactly 1 */
static void test_not_pd(void) {
    static const int ks[] = {0, 1, 3, 9, 15};
    int t;
    for (t = 0; t < 5; ++t) {
        enum { N = 16 };
        int k = ks[t], i, j, q, bad = -7;
        double L[N * N];
        ct_real a[N * N], sc[32 * N];
        ct_result res;
        th_seed(23 + t);
        for (i = 0; i < N; ++i)
            for (j = 0; j < N; ++j)
                L[i * N + j] = j < i ? (double)((int)(th_uniform() * 5) - 2) : (j == i ? (i < k ? 1 : 2) : 0);
        for (i = 0; i < N; ++i)
            for (j = 0; j < N; ++j) {
                double s = 0;
                for (q = 0; q < N; ++q) s += L[i * N + q] * L[j * N + q];
                a[i * N + j] = (ct_real)s;
            }
        a[k * N + k] -= (ct_real)(L[k * N + k] * L[k * N + k] + 1);
        res = ct_cholesky_factor(a, N, N, 0, sc, &bad);
        CHECK_EQ_INT(res, CT_ERROR_NOT_POSITIVE_DEFINITE);
        CHECKF(bad == k, "bad_pivot %d, want %d", bad, k);
        /* bad_pivot may be NULL */
        a[k * N + k] = -50;
        CHECK_EQ_INT(ct_cholesky_factor(a, N, N, 0, sc, NULL), CT_ERROR_NOT_POSITIVE_DEFINITE);
    }
    /* an indefinite matrix with a positive diagonal: [[1, 2], [2, 1]] -> pivot 1 */
    {
        ct_real a[4] = {1, 2, 2, 1}, sc[64];
        int bad = -7;
        CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, 0, sc, &bad), CT_ERROR_NOT_POSITIVE_DEFINITE);
        CHECK_EQ_INT(bad, 1);
        /* a shift that makes it PD: 1 + 3 > 2 */
        a[0] = 4; a[2] = 2; a[3] = 1;
        CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, 3, sc, &bad), CT_OK);
    }
    /* NaN on the diagonal is not a positive pivot */
    {
        ct_real a[9] = {4, 0, 0, 1, 4, 0, 1, 1, 4}, sc[96];
        int bad = -7;
        a[8] = (ct_real)NAN;
        CHECK_EQ_INT(ct_cholesky_factor(a, 3, 3, 0, sc, &bad), CT_ERROR_NOT_POSITIVE_DEFINITE);
        CHECK_EQ_INT(bad, 2);
    }
}

static void test_arguments(void) {
    ct_real a[4] = {4, 0, 2, 5}, sc[64];
    int bad = -7;
    CHECK_EQ_INT(ct_cholesky_factor(a, -1, 2, 0, sc, &bad), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(bad, -1);
    CHECK_EQ_INT(ct_cholesky_factor(a, 2, 1, 0, sc, &bad), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_cholesky_factor(NULL, 2, 2, 0, sc, &bad), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_cholesky_factor(a, 0, 0, 0, NULL, &bad), CT_OK);
    CHECK_EQ_INT(ct_cholesky_factor(NULL, 0, 0, 0, NULL, NULL), CT_OK);
    if (ct_cholesky_scratch_size(2) > 0)
        CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, 0, NULL, &bad), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, (ct_real)NAN, sc, &bad), CT_ERROR_NON_FINITE);
    CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, (ct_real)INFINITY, sc, &bad), CT_ERROR_NON_FINITE);
    CHECK(ct_cholesky_scratch_size(0) == 0);
    CHECK(ct_cholesky_scratch_size(-3) == 0);
    /* nothing was written by the failed calls */
    CHECK(a[0] == 4 && a[1] == 0 && a[2] == 2 && a[3] == 5);
    /* a known 2x2: [[4, 2], [2, 5]] = [[2, 0], [1, 2]] [[2, 1], [0, 2]] */
    CHECK_EQ_INT(ct_cholesky_factor(a, 2, 2, 0, sc, &bad), CT_OK);
    CHECK(a[0] == 2 && a[2] == 1 && a[3] == 2 && a[1] == 0);
    {
        ct_real b[2] = {8, 9}; /* x = (1.5, 1.2): 4*1.5 + 2*1.2 = 8.4 ... solve exactly below */
        ct_cholesky_solve(a, 2, 2, b);
        /* [[4,2],[2,5]] x = (8, 9): x = (22/16, 1.25) */
        CHECK_NEAR(b[0], 22.0 / 16.0, 4 * TH_EPS);
        CHECK_NEAR(b[1], 1.25, 4 * TH_EPS);
    }
}

/* G = J M^-1 J^T and g = J vfree */
static void test_delassus(void) {
    static const int dims[][2] = {{1, 1}, {3, 6}, {6, 3}, {12, 30}, {20, 9}, {7, 0}};
    int t;
    th_seed(24);
    for (t = 0; t < 6; ++t) {
        int nv = dims[t][0], m = dims[t][1], i, j, q;
        size_t ss = ct_delassus_scratch_size(nv, m);
        ct_real *M = (ct_real *)malloc((size_t)nv * nv * sizeof(ct_real));
        ct_real *J = (ct_real *)malloc((size_t)(m ? m : 1) * nv * sizeof(ct_real));
        ct_real *G = (ct_real *)malloc((size_t)(m ? m * m : 1) * sizeof(ct_real));
        ct_real *g = (ct_real *)malloc((size_t)(m ? m : 1) * sizeof(ct_real));
        ct_real *vf = (ct_real *)malloc((size_t)nv * sizeof(ct_real));
        ct_real *sc = (ct_real *)malloc(ss * sizeof(ct_real));
        long double *Ml = (long double *)malloc((size_t)nv * nv * sizeof(long double));
        long double *X = (long double *)malloc((size_t)(m ? m : 1) * nv * sizeof(long double));
        double maxerr = 0, maxg = 0, maxgerr = 0, maxG = 0;
        int sym = 1;
        long double *A = (long double *)malloc((size_t)nv * nv * sizeof(long double));
        random_spd(A, nv, nv < 20 ? nv : 20);
        for (i = 0; i < nv * nv; ++i) { M[i] = (ct_real)A[i]; Ml[i] = M[i]; }
        for (i = 0; i < m * nv; ++i) J[i] = (ct_real)th_normal();
        for (i = 0; i < nv; ++i) vf[i] = (ct_real)th_normal();
        CHECK_EQ_INT(ct_delassus_from_mj(nv, m, M, J, vf, G, g, sc), CT_OK);
        /* reference: X = M^-1 J^T by the long double Cholesky, G = J X */
        CHECK(ref_chol(Ml, nv) < 0);
        for (q = 0; q < m; ++q) {
            long double *x = X + (size_t)q * nv;
            for (i = 0; i < nv; ++i) {
                long double s = J[q * nv + i];
                for (j = 0; j < i; ++j) s -= Ml[i * nv + j] * x[j];
                x[i] = s / Ml[i * nv + i];
            }
            for (i = nv - 1; i >= 0; --i) {
                long double s = x[i];
                for (j = i + 1; j < nv; ++j) s -= Ml[j * nv + i] * x[j];
                x[i] = s / Ml[i * nv + i];
            }
        }
        for (i = 0; i < m; ++i) {
            long double gs = 0;
            for (j = 0; j < m; ++j) {
                long double s = 0;
                for (q = 0; q < nv; ++q) s += (long double)J[i * nv + q] * X[(size_t)j * nv + q];
                if (fabs((double)s) > maxG) maxG = fabs((double)s);
                if (fabs((double)(G[i * m + j] - s)) > maxerr) maxerr = fabs((double)(G[i * m + j] - s));
                sym &= G[i * m + j] == G[j * m + i];
            }
            for (q = 0; q < nv; ++q) gs += (long double)J[i * nv + q] * vf[q];
            if (fabs((double)gs) > maxg) maxg = fabs((double)gs);
            if (fabs((double)(g[i] - gs)) > maxgerr) maxgerr = fabs((double)(g[i] - gs));
        }
        CHECKF(maxerr <= 256.0 * nv * TH_EPS * (maxG + 1), "nv=%d m=%d: |G - J M^-1 J^T| = %g", nv, m, maxerr);
        CHECKF(maxgerr <= 64.0 * nv * TH_EPS * (maxg + 1), "nv=%d m=%d: |g - J vfree| = %g", nv, m, maxgerr);
        CHECK(sym);
        /* vfree NULL: g untouched */
        if (m > 0) {
            g[0] = 777;
            CHECK_EQ_INT(ct_delassus_from_mj(nv, m, M, J, NULL, G, g, sc), CT_OK);
            CHECK(g[0] == 777);
        }
        free(M); free(J); free(G); free(g); free(vf); free(sc); free(Ml); free(X); free(A);
    }
    /* errors */
    {
        ct_real M[4] = {1, 0, 0, -1}, J[4] = {1, 0, 0, 1}, G[4], g[2], vf[2] = {1, 1};
        ct_real sc[256];
        CHECK(ct_delassus_scratch_size(2, 2) <= 256);
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, sc), CT_ERROR_NOT_POSITIVE_DEFINITE);
        M[3] = 1;
        CHECK_EQ_INT(ct_delassus_from_mj(0, 2, M, J, vf, G, g, sc), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_delassus_from_mj(2, -1, M, J, vf, G, g, sc), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, NULL, J, vf, G, g, sc), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, NULL, vf, G, g, sc), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, NULL, g, sc), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, NULL), CT_ERROR_INVALID_ARGUMENT);
        J[1] = (ct_real)NAN;
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, sc), CT_ERROR_NON_FINITE);
        J[1] = 0;
        vf[1] = (ct_real)INFINITY;
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, sc), CT_ERROR_NON_FINITE);
        vf[1] = 1;
        M[1] = (ct_real)NAN;
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, sc), CT_ERROR_NON_FINITE);
        M[1] = 0;
        CHECK_EQ_INT(ct_delassus_from_mj(2, 2, M, J, vf, G, g, sc), CT_OK);
        CHECK(G[0] == 1 && G[1] == 0 && G[2] == 0 && G[3] == 1 && g[0] == 1 && g[1] == 1);
    }
}

/* ct_lu_factor / ct_lu_solve: general matrices across the blocked sizes, both solves, the
   singular and non-finite cases, the arguments */
static void test_lu(void) {
    static const int sizes[] = {1, 2, 5, 12, 47, 48, 49, 97, 130};
    const double tol = sizeof(ct_real) == 4 ? 1e-4 : 1e-11;
    unsigned long long st = 12345;
    int si;
    for (si = 0; si < (int)(sizeof(sizes) / sizeof(sizes[0])); ++si) {
        const int n = sizes[si], lda = n + 3;
        ct_real *a = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n * lda)), *a0 = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n * lda));
        ct_real *x = (ct_real *)malloc(sizeof(ct_real) * (size_t)n), *b = (ct_real *)malloc(sizeof(ct_real) * (size_t)n);
        int *piv = (int *)malloc(sizeof(int) * (size_t)n), i, j, tr, bad = 7;
        for (i = 0; i < n * lda; ++i) {
            st = st * 6364136223846793005ULL + 1442695040888963407ULL;
            a0[i] = (ct_real)((double)(st >> 11) / 9007199254740992.0 * 2 - 1);
        }
        for (i = 0; i < n; ++i) a0[i * lda + i] += (ct_real)(i % 3 == 0 ? 0 : 0.5); /* not dominant */
        for (i = 0; i < n * lda; ++i) a[i] = a0[i];
        CHECK_EQ_INT(ct_lu_factor(a, n, lda, piv, &bad), CT_OK);
        CHECK_EQ_INT(bad, -1);
        for (tr = 0; tr < 2; ++tr) {
            double res = 0, an = 0;
            for (i = 0; i < n; ++i) b[i] = x[i] = (ct_real)(1 + i % 7);
            ct_lu_solve(a, n, lda, piv, x, tr);
            for (i = 0; i < n; ++i) { /* |A x - b| (tr: A^T x - b) relative to |A| |x| */
                double r = 0, row = 0;
                for (j = 0; j < n; ++j) {
                    const double aij = (double)(tr ? a0[j * lda + i] : a0[i * lda + j]);
                    r += aij * (double)x[j];
                    row += fabs(aij) * fabs((double)x[j]);
                }
                res = fmax(res, fabs(r - (double)b[i]));
                an = fmax(an, row);
            }
            CHECKF(res <= tol * an, "n %d trans %d: residual %g of %g", n, tr, res, an);
        }
        /* a zero column: singular, its column reported, finite factors */
        for (i = 0; i < n * lda; ++i) a[i] = a0[i];
        for (i = 0; i < n; ++i) a[i * lda + n / 2] = 0;
        CHECK_EQ_INT(ct_lu_factor(a, n, lda, piv, &bad), CT_ERROR_SINGULAR);
        CHECKF(bad == n / 2 || (bad >= 0 && bad < n), "n %d: bad pivot %d", n, bad);
        /* a NaN entry: refused before anything is written */
        for (i = 0; i < n * lda; ++i) a[i] = a0[i];
        a[(n - 1) * lda + n - 1] = (ct_real)NAN;
        CHECK_EQ_INT(ct_lu_factor(a, n, lda, piv, NULL), CT_ERROR_NON_FINITE);
        if (n > 1) CHECK(a[0] == a0[0]);
        free(a); free(a0); free(x); free(b); free(piv);
    }
    {
        ct_real a[4] = {1, 2, 3, 4};
        int piv[2];
        CHECK_EQ_INT(ct_lu_factor(a, -1, 2, piv, NULL), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_lu_factor(a, 2, 1, piv, NULL), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_lu_factor(NULL, 2, 2, piv, NULL), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_lu_factor(a, 2, 2, NULL, NULL), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_lu_factor(a, 0, 0, NULL, NULL), CT_OK);
        CHECK(!strcmp(ct_result_string(CT_ERROR_SINGULAR), "singular matrix"));
    }
}

int main(void) {
    test_lu();
    test_random_spd();
    test_profile();
    test_shifted_singular();
    test_not_pd();
    test_arguments();
    test_delassus();
    return th_summary();
}
