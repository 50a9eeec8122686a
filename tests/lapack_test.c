/* lapack_test.c - contact.h with CONTACT_USE_LAPACK / CONTACT_USE_BLAS against the built-in
   linear algebra. Built four ways by lapack_test.sh: {double, float} x {hooked: -DCONTACT_USE_LAPACK
   -DCONTACT_USE_BLAS -llapack -lblas, reference: no macros}. Modes:

     lapack_test chol              ct_cholesky_factor/solve on random SPD matrices of known
                                   condition (n up to 300) against the straightforward Cholesky
                                   below, in double: ||L - Lref||_F <= 1e2 n eps cond ||Lref||_F;
                                   the upper triangle is untouched; a bad pivot is reported at
                                   the right row.
     lapack_test solve OUT         ct_solve (ADMM_NCP and PGS_NCP) on random feasible problems
                                   G = J M^-1 J^T (ct_delassus_from_mj), g = J v0: each must
                                   converge; writes v of every solve to OUT.
     lapack_test compare A B TOL   velocities in A and B agree: |vA - vB| <= TOL max(1, |v|_inf)
                                   for each solve.

   Each check prints "PASS name" or "FAIL name: reason"; exit status 1 if any failed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LAPACK_TEST_EXTERNAL_IMPL: the reference build linked against the C tests' implementation
   object instead (lapack_test.sh does when make test has built tests/impl.c) */
#ifndef LAPACK_TEST_EXTERNAL_IMPL
#define CONTACT_IMPLEMENTATION
#endif
#include "contact.h"

#ifdef CONTACT_USE_FLOAT
#define PREC "float"
#define EPS 1.1920928955078125e-07
#else
#define PREC "double"
#define EPS 2.220446049250313e-16
#endif
#if defined(CONTACT_USE_LAPACK) || defined(CONTACT_USE_BLAS)
#define BUILD "lapack"
#else
#define BUILD "builtin"
#endif

static int n_pass, n_fail;
static char why[256]; /* the reason of the next failing check */
static void check(int ok, const char *name) {
    if (ok) {
        printf("PASS %s\n", name);
        ++n_pass;
    } else {
        printf("FAIL %s: %s\n", name, why);
        ++n_fail;
    }
}

/* xorshift64*: the same stream in every build, so both builds see the same problems */
static unsigned long long rng_state = 88172645463325252ULL;
static double urand(void) { /* [0, 1) */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}
static double srand1(void) { return 2 * urand() - 1; } /* [-1, 1) */

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        printf("FAIL out of memory\n");
        exit(1);
    }
    return p;
}

/* A = Q diag(d) Q^T (n x n, double, row-major), d log-spaced in [1, cond], Q a product of
   three random Householder reflectors: SPD with 2-norm condition number cond. */
static void spd_with_cond(int n, double cond, double *A) {
    double *v = (double *)xmalloc(sizeof(double) * n), *w = (double *)xmalloc(sizeof(double) * n);
    int i, j, r;
    for (i = 0; i < n * n; ++i) A[i] = 0;
    for (i = 0; i < n; ++i) A[i * n + i] = n == 1 ? cond : pow(cond, (double)i / (n - 1));
    for (r = 0; r < 3 && n > 1; ++r) {
        double vv = 0, vwv = 0;
        for (i = 0; i < n; ++i) {
            v[i] = srand1();
            vv += v[i] * v[i];
        }
        /* H A H with H = I - 2 v v^T / vv:  A - 2 w v^T/vv - 2 v w^T/vv + 4 (v^T w) v v^T/vv^2,
           w = A v */
        for (i = 0; i < n; ++i) {
            double s = 0;
            for (j = 0; j < n; ++j) s += A[i * n + j] * v[j];
            w[i] = s;
        }
        for (i = 0; i < n; ++i) vwv += v[i] * w[i];
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j)
                A[i * n + j] += (-2 * w[i] * v[j] - 2 * v[i] * w[j]) / vv + 4 * vwv * v[i] * v[j] / (vv * vv);
    }
    for (i = 0; i < n; ++i) /* exact symmetry */
        for (j = 0; j < i; ++j) A[j * n + i] = A[i * n + j];
    free(v);
    free(w);
}

/* The straightforward reference: A = L L^T, L row-major lower (double). 0 on success. */
static int ref_cholesky(const double *A, int n, double *L) {
    int i, j, k;
    for (i = 0; i < n * n; ++i) L[i] = 0;
    for (j = 0; j < n; ++j) {
        double d = A[j * n + j];
        for (k = 0; k < j; ++k) d -= L[j * n + k] * L[j * n + k];
        if (!(d > 0)) return 1;
        L[j * n + j] = sqrt(d);
        for (i = j + 1; i < n; ++i) {
            double s = A[i * n + j];
            for (k = 0; k < j; ++k) s -= L[i * n + k] * L[j * n + k];
            L[i * n + j] = s / L[j * n + j];
        }
    }
    return 0;
}

/* One factor-and-solve case: A of size n and condition cond, stored with leading dimension
   n + 3. Returns 1 when it passes, else 0 with the reason in why. *ratio receives
   ||L - Lref||_F / (||Lref||_F n eps cond). */
static int chol_case(int n, double cond, char *why, double *ratio) {
    const int lda = n + 3;
    double *A = (double *)xmalloc(sizeof(double) * n * n);
    double *L = (double *)xmalloc(sizeof(double) * n * n);
    double *b0 = (double *)xmalloc(sizeof(double) * n);
    ct_real *a = (ct_real *)xmalloc(sizeof(ct_real) * n * lda);
    ct_real *scratch = (ct_real *)xmalloc(sizeof(ct_real) * (ct_cholesky_scratch_size(n) + 1));
    ct_real *b = (ct_real *)xmalloc(sizeof(ct_real) * n);
    double num = 0, den = 0, err, tol, rnum = 0, rden = 0, anorm = 0, xnorm = 0, berr, btol;
    int i, j, bad = -2, untouched = 1, ok = 0;
    ct_result r;
    spd_with_cond(n, cond, A);
    *ratio = 0;
    if (ref_cholesky(A, n, L) != 0) {
        sprintf(why, "cond=%g: the reference Cholesky failed", cond);
        goto done;
    }
    /* lower triangle from A, strictly upper triangle and padding marked */
    for (i = 0; i < n; ++i)
        for (j = 0; j < lda; ++j)
            a[i * lda + j] = j >= n ? (ct_real)-7 : j > i ? (ct_real)(1000 + i + j) : (ct_real)A[i * n + j];
    r = ct_cholesky_factor(a, n, lda, 0, scratch, &bad);
    if (r != CT_OK) {
        sprintf(why, "cond=%g: ct_cholesky_factor returned %d, bad pivot %d", cond, (int)r, bad);
        goto done;
    }
    for (i = 0; i < n; ++i)
        for (j = 0; j < lda; ++j) {
            if (j <= i) {
                double d = (double)a[i * lda + j] - L[i * n + j];
                num += d * d;
                den += L[i * n + j] * L[i * n + j];
            } else if ((double)a[i * lda + j] != (j >= n ? -7.0 : 1000.0 + i + j)) {
                untouched = 0;
            }
        }
    if (!untouched) {
        sprintf(why, "cond=%g: the strictly upper triangle or the padding changed", cond);
        goto done;
    }
    err = den > 0 ? sqrt(num / den) : 1;
    tol = 1e2 * n * EPS * cond;
    *ratio = err / (n * EPS * cond);
    if (!(err <= tol)) {
        sprintf(why, "cond=%g: ||L - Lref||_F / ||Lref||_F = %.3g > %.3g", cond, err, tol);
        goto done;
    }
    /* solve: normwise backward error ||A x - b||_inf / (||A||_inf ||x||_inf + ||b||_inf) */
    for (i = 0; i < n; ++i) b0[i] = (double)(b[i] = (ct_real)srand1());
    ct_cholesky_solve(a, n, lda, b);
    for (i = 0; i < n; ++i) {
        double s = -b0[i], t = 0;
        for (j = 0; j < n; ++j) {
            s += A[i * n + j] * (double)b[j];
            t += fabs(A[i * n + j]);
        }
        rnum = fmax(rnum, fabs(s));
        rden = fmax(rden, fabs(b0[i]));
        xnorm = fmax(xnorm, fabs((double)b[i]));
        anorm = fmax(anorm, t);
    }
    berr = rnum / (anorm * xnorm + rden);
    btol = 1e2 * n * EPS;
    if (!(berr <= btol)) {
        sprintf(why, "cond=%g: ct_cholesky_solve backward error %.3g > %.3g", cond, berr, btol);
        goto done;
    }
    ok = 1;
done:
    free(A);
    free(L);
    free(b0);
    free(a);
    free(scratch);
    free(b);
    return ok;
}

static void test_cholesky(void) {
    static const int sizes[] = {1, 2, 3, 7, 16, 31, 32, 33, 64, 100, 150, 300};
#ifdef CONTACT_USE_FLOAT
    static const double conds[] = {10, 100};
#else
    static const double conds[] = {10, 1e4, 1e7};
#endif
    const int ns = (int)(sizeof(sizes) / sizeof(sizes[0]));
    const int nk = (int)(sizeof(conds) / sizeof(conds[0]));
    int si, ci;
    double worst = 0;
    char name[128];
    for (si = 0; si < ns; ++si) {
        int ok = 1;
        for (ci = 0; ci < nk && ok; ++ci) {
            double ratio;
            ok = chol_case(sizes[si], conds[ci], why, &ratio);
            worst = fmax(worst, ratio);
        }
        sprintf(name, "cholesky[%s,%s,n=%d]", PREC, BUILD, sizes[si]);
        check(ok, name);
    }
    printf("# worst ||L - Lref||_F / (||Lref||_F n eps cond) = %.3g (tolerance 100)\n", worst);
    { /* a matrix whose 4th leading minor is not positive: the bad pivot is row 3 */
        ct_real a[25], s[5 * 32 + 1];
        int i, bad = -2;
        ct_result r;
        for (i = 0; i < 25; ++i) a[i] = 0;
        for (i = 0; i < 5; ++i) a[i * 5 + i] = 1;
        a[3 * 5 + 3] = -1;
        r = ct_cholesky_factor(a, 5, 5, 0, s, &bad);
        sprintf(name, "cholesky_bad_pivot[%s,%s]", PREC, BUILD);
        sprintf(why, "result %d, bad pivot %d (want %d, 3)", (int)r, bad, (int)CT_ERROR_NOT_POSITIVE_DEFINITE);
        check(r == CT_ERROR_NOT_POSITIVE_DEFINITE && bad == 3, name);
    }
}

/* Random feasible problems built from a mechanical system. */
typedef struct problem_spec {
    int nb, nu, nc, extra_dofs;
    double compliance; /* R = compliance on every row (0: R = NULL) */
} problem_spec;

static const problem_spec specs[] = {
    {0, 0, 1, 3, 0}, {0, 0, 4, 6, 0}, {2, 2, 6, 6, 0}, {0, 0, 12, 10, 0}, {1, 3, 20, 12, 1e-4},
};
#define NSPECS ((int)(sizeof(specs) / sizeof(specs[0])))
static const ct_method methods[2] = {CT_METHOD_ADMM_NCP, CT_METHOD_PGS_NCP};

static int test_solve(const char *out_path) {
    FILE *out = fopen(out_path, "w");
    int k, mi;
    char name[128];
    if (!out) {
        printf("FAIL open %s\n", out_path);
        return 1;
    }
    for (k = 0; k < NSPECS; ++k) {
        const problem_spec *ps = &specs[k];
        const int m = ps->nb + ps->nu + 3 * ps->nc, nv = m + ps->extra_dofs;
        ct_real *M = (ct_real *)xmalloc(sizeof(ct_real) * nv * nv);
        ct_real *J = (ct_real *)xmalloc(sizeof(ct_real) * m * nv);
        ct_real *v0 = (ct_real *)xmalloc(sizeof(ct_real) * nv);
        ct_real *G = (ct_real *)xmalloc(sizeof(ct_real) * m * m);
        ct_real *g = (ct_real *)xmalloc(sizeof(ct_real) * m);
        ct_real *R = (ct_real *)xmalloc(sizeof(ct_real) * m);
        ct_real *mu = (ct_real *)xmalloc(sizeof(ct_real) * (ps->nc + 1));
        ct_real *scratch = (ct_real *)xmalloc(sizeof(ct_real) * (ct_delassus_scratch_size(nv, m) + 1));
        double *B = (double *)xmalloc(sizeof(double) * nv * nv);
        ct_real *lambda = (ct_real *)xmalloc(sizeof(ct_real) * m);
        ct_real *v = (ct_real *)xmalloc(sizeof(ct_real) * m);
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        ct_result r;
        int i, j, q;
        /* M = B B^T / nv + I (SPD, well conditioned); J, v0 uniform; mu in [0.2, 0.8] */
        for (i = 0; i < nv * nv; ++i) B[i] = srand1();
        for (i = 0; i < nv; ++i)
            for (j = 0; j < nv; ++j) {
                double s = i == j ? 1.0 : 0.0;
                for (q = 0; q < nv; ++q) s += B[i * nv + q] * B[j * nv + q] / nv;
                M[i * nv + j] = (ct_real)s;
            }
        for (i = 0; i < m * nv; ++i) J[i] = (ct_real)srand1();
        for (i = 0; i < nv; ++i) v0[i] = (ct_real)srand1();
        for (i = 0; i < ps->nc; ++i) mu[i] = (ct_real)(0.2 + 0.6 * urand());
        for (i = 0; i < m; ++i) R[i] = (ct_real)ps->compliance;
        r = ct_delassus_from_mj(nv, m, M, J, v0, G, g, scratch);
        sprintf(name, "delassus[%s,%s,problem=%d]", PREC, BUILD, k);
        sprintf(why, "ct_delassus_from_mj returned %d", (int)r);
        check(r == CT_OK, name);
        /* G is symmetric by construction; g = J v0 */
        p.nb = ps->nb;
        p.nu = ps->nu;
        p.nc = ps->nc;
        p.G = G;
        p.g = g;
        p.mu = mu;
        p.R = ps->compliance > 0 ? R : NULL;
        for (mi = 0; mi < 2; ++mi) {
            ct_settings s = ct_default_settings();
            ct_workspace ws;
            ct_info info;
            s.method = methods[mi];
            s.max_iter = s.method == CT_METHOD_PGS_NCP ? 200000 : 20000;
            for (i = 0; i < m; ++i) lambda[i] = 0;
            sprintf(name, "solve[%s,%s,problem=%d,%s]", PREC, BUILD, k, ct_method_string(s.method));
            if (ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL) != CT_OK) {
                sprintf(why, "ct_workspace_alloc failed");
                check(0, name);
                continue;
            }
            r = ct_solve(&p, &s, &ws, lambda, v, &info);
            ct_workspace_free(&ws);
            if (r != CT_OK) {
                sprintf(why, "ct_solve returned %d (%s)", (int)r, ct_result_string(r));
                check(0, name);
            } else {
                sprintf(why, "%s: NCP residual %.3g after %d iterations", ct_status_string(info.status),
                        (double)info.ncp.absolute, info.iterations);
                check(info.status == CT_STATUS_CONVERGED, name);
                int modes[3] = {0, 0, 0};
                ct_contact_mode *cm = (ct_contact_mode *)xmalloc(sizeof(ct_contact_mode) * (p.nc + 1));
                if (ct_contact_modes(&p, lambda, v, (ct_real)(100 * s.tol_abs), cm) == CT_OK)
                    for (i = 0; i < p.nc; ++i) modes[cm[i]]++;
                free(cm);
                printf("# %s: %d iterations, NCP residual %.3g; contacts open %d, stick %d, slide %d\n",
                       name, info.iterations, (double)info.ncp.absolute, modes[CT_MODE_OPEN],
                       modes[CT_MODE_STICK], modes[CT_MODE_SLIDE]);
            }
            fprintf(out, "solve %d %s %d", k, ct_method_string(s.method), m);
            for (i = 0; i < m; ++i) fprintf(out, " %.17g", (double)v[i]);
            fprintf(out, "\n");
        }
        free(M);
        free(J);
        free(v0);
        free(G);
        free(g);
        free(R);
        free(mu);
        free(scratch);
        free(B);
        free(lambda);
        free(v);
    }
    fclose(out);
    return 0;
}

/* Reads "solve K METHOD M v_0 .. v_M-1" lines; compares line by line. */
static int test_compare(const char *pa, const char *pb, double tol) {
    FILE *fa = fopen(pa, "r"), *fb = fopen(pb, "r");
    char name[160], ma[32], mb[32];
    int ka, kb, na, nb, lines = 0;
    if (!fa || !fb) {
        printf("FAIL compare: cannot open %s or %s\n", pa, pb);
        ++n_fail;
        if (fa) fclose(fa);
        if (fb) fclose(fb);
        return 1;
    }
    while (fscanf(fa, " solve %d %31s %d", &ka, ma, &na) == 3) {
        double dmax = 0, vmax = 0;
        int i, ok = 1;
        ++lines;
        if (fscanf(fb, " solve %d %31s %d", &kb, mb, &nb) != 3 || ka != kb || na != nb ||
            strcmp(ma, mb) != 0) {
            printf("FAIL compare: %s and %s list different solves\n", pa, pb);
            ++n_fail;
            break;
        }
        for (i = 0; i < na; ++i) {
            double x, y;
            if (fscanf(fa, "%lf", &x) != 1 || fscanf(fb, "%lf", &y) != 1) {
                ok = 0;
                break;
            }
            dmax = fmax(dmax, fabs(x - y));
            vmax = fmax(vmax, fmax(fabs(x), fabs(y)));
        }
        sprintf(name, "velocities_match[%s,problem=%d,%s]", PREC, ka, ma);
        printf("# %s: max |v_lapack - v_builtin| = %.3g, max |v| = %.3g\n", name, dmax, vmax);
        sprintf(why, "max |v_lapack - v_builtin| = %.3g > %.3g", dmax, tol * fmax(1.0, vmax));
        if (!ok) sprintf(why, "truncated file");
        check(ok && dmax <= tol * fmax(1.0, vmax), name);
    }
    if (lines == 0) {
        printf("FAIL compare: no solves in %s\n", pa);
        ++n_fail;
    }
    fclose(fa);
    fclose(fb);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "chol") == 0) {
        test_cholesky();
    } else if (argc >= 3 && strcmp(argv[1], "solve") == 0) {
        test_solve(argv[2]);
    } else if (argc >= 5 && strcmp(argv[1], "compare") == 0) {
        test_compare(argv[2], argv[3], atof(argv[4]));
    } else {
        fprintf(stderr, "usage: %s chol | solve OUT | compare A B TOL\n", argv[0]);
        return 2;
    }
    return n_fail > 0;
}
