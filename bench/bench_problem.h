/* bench_problem.h - loading benchmark problems for the bench programs (not part of contact.h).

   bench_load(path, &bp) reads
   - an FCLib local problem (*.hdf5) with libfclib: W (sparse: CSC, CSR or triplet with
     i = row, p = column) is expanded dense, each contact permuted from FCLib's (n, t1, t2) to
     contact.h's (t1, t2, n), and symmetrized as (W + W^T)/2; the asymmetry it removed,
     ||W - W^T||_F / ||W||_F, is kept in bp.asym (6 of the 16 problems of ../shared/fclib carry
     1.6e-5 to 4.1e-4 of numerical noise; both contact.h and Siconos get the symmetrized W);
   - a problem in contact.h's own text format (ct_problem_write / ct_problem_read of contact.h
     with CONTACT_IO), for generated problems and bug reports.
   Needs: CONTACT_IO and the implementation of contact.h in the including file, double precision,
   and -lfclib -lhdf5 when BENCH_WITH_FCLIB is defined. */
#ifndef BENCH_PROBLEM_H
#define BENCH_PROBLEM_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef BENCH_WITH_FCLIB
#include <fclib.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_UNUSED __attribute__((unused))
#else
#define BENCH_UNUSED
#endif

typedef struct bench_problem {
    char name[256];   /* file name without directory and extension */
    char family[64];  /* FCLib family (README table of ../shared/fclib) or "generated" */
    int nb, nu, nc, n;
    double *G;        /* n x n row-major, contact.h order, symmetric */
    double *g, *mu;   /* n, nc */
    double asym;      /* ||W - W^T||_F / ||W||_F before symmetrization */
    double density;   /* fraction of non-zero entries of G */
} bench_problem;

static BENCH_UNUSED void bench_family(const char *name, char *family, size_t cap) {
    const char *f = "generated";
    if (!strncmp(name, "Box_Stacks", 10) || !strncmp(name, "BoxesStack", 10) ||
        !strncmp(name, "local_problem_test", 18))
        f = "BoxesStack";
    else if (!strncmp(name, "Capsules", 8)) f = "Capsules";
    else if (!strncmp(name, "Spheres", 7)) f = "Spheres";
    else if (!strncmp(name, "OneObject", 9)) f = "OneObject";
    else if (!strncmp(name, "CubeH8", 6) || !strncmp(name, "LMGC", 4)) f = "CubesH8";
    else if (!strncmp(name, "FC3D_Example", 12) || !strncmp(name, "Rover", 5)) f = "Siconos";
    snprintf(family, cap, "%s", f);
}

static BENCH_UNUSED void bench_set_name(bench_problem *bp, const char *path) {
    const char *base = strrchr(path, '/');
    char *dot;
    snprintf(bp->name, sizeof(bp->name), "%s", base ? base + 1 : path);
    dot = strstr(bp->name, ".hdf5");
    if (!dot) dot = strstr(bp->name, ".ctp");
    if (dot) *dot = 0;
    bench_family(bp->name, bp->family, sizeof(bp->family));
}

static BENCH_UNUSED void bench_finish(bench_problem *bp) {
    int i, n = bp->n;
    size_t nnz = 0;
    for (i = 0; i < n * n; ++i) nnz += bp->G[i] != 0;
    bp->density = n > 0 ? (double)nnz / ((double)n * n) : 0;
}

#ifdef BENCH_WITH_FCLIB
static BENCH_UNUSED int bench_load_fclib(const char *path, bench_problem *bp) {
    struct fclib_local *fl = fclib_read_local(path);
    struct fclib_matrix *W;
    double *D, num = 0, den = 0;
    int m, i, j, k, nc;
    if (!fl || !fl->W || fl->spacedim != 3) return -1;
    W = fl->W;
    m = W->m;
    nc = m / 3;
    D = (double *)calloc((size_t)m * m, sizeof(double));
    if (!D) return -1;
    if (W->nz == -1) { /* compressed columns */
        for (j = 0; j < W->n; ++j)
            for (k = W->p[j]; k < W->p[j + 1]; ++k) D[(size_t)W->i[k] * m + j] += W->x[k];
    } else if (W->nz == -2) { /* compressed rows */
        for (i = 0; i < W->m; ++i)
            for (k = W->p[i]; k < W->p[i + 1]; ++k) D[(size_t)i * m + W->i[k]] += W->x[k];
    } else { /* triplet: i = row, p = column (the CSparse convention the data follows) */
        for (k = 0; k < W->nz; ++k) D[(size_t)W->i[k] * m + W->p[k]] += W->x[k];
    }
    bp->nb = bp->nu = 0;
    bp->nc = nc;
    bp->n = m;
    bp->G = (double *)malloc(sizeof(double) * (size_t)m * m);
    bp->g = (double *)malloc(sizeof(double) * (size_t)m);
    bp->mu = (double *)malloc(sizeof(double) * (size_t)(nc > 0 ? nc : 1));
    /* contact.h row r = 3c + k (k = t1, t2, n) is FCLib row 3c + (k + 1) % 3 */
    for (i = 0; i < m; ++i) {
        int fi = 3 * (i / 3) + (i % 3 + 1) % 3;
        for (j = 0; j < m; ++j) {
            int fj = 3 * (j / 3) + (j % 3 + 1) % 3;
            double a = D[(size_t)fi * m + fj], b = D[(size_t)fj * m + fi];
            bp->G[(size_t)i * m + j] = 0.5 * (a + b);
            num += (a - b) * (a - b);
            den += a * a;
        }
        bp->g[i] = fl->q[fi];
    }
    for (i = 0; i < nc; ++i) bp->mu[i] = fl->mu[i];
    bp->asym = den > 0 ? sqrt(num / den) : 0;
    free(D);
    fclib_delete_local(fl);
    return 0;
}
#endif

static BENCH_UNUSED int bench_load_ct(const char *path, bench_problem *bp) {
    FILE *f = fopen(path, "r");
    ct_problem_data d;
    ct_result r;
    if (!f) return -1;
    r = ct_problem_read(f, &d);
    fclose(f);
    if (r != CT_OK) return -1;
    bp->nb = d.problem.nb;
    bp->nu = d.problem.nu;
    bp->nc = d.problem.nc;
    bp->n = bp->nb + bp->nu + 3 * bp->nc;
    /* take the arrays over (R is not used by the benchmarks: it must be absent) */
    bp->G = d.G;
    bp->g = d.g;
    bp->mu = d.mu;
    if (d.R) {
        free(d.R);
        return -1;
    }
    bp->asym = 0;
    return 0;
}

/* 0 on success */
static BENCH_UNUSED int bench_load(const char *path, bench_problem *bp) {
    int r;
    memset(bp, 0, sizeof(*bp));
    bench_set_name(bp, path);
    if (strstr(path, ".hdf5")) {
#ifdef BENCH_WITH_FCLIB
        r = bench_load_fclib(path, bp);
#else
        fprintf(stderr, "%s: built without libfclib\n", path);
        r = -1;
#endif
    } else {
        r = bench_load_ct(path, bp);
    }
    if (r == 0) bench_finish(bp);
    return r;
}

static BENCH_UNUSED void bench_free(bench_problem *bp) {
    free(bp->G);
    free(bp->g);
    free(bp->mu);
    memset(bp, 0, sizeof(*bp));
}

static BENCH_UNUSED ct_problem bench_ct(const bench_problem *bp) {
    ct_problem p;
    memset(&p, 0, sizeof(p)); /* fields this reader does not know stay NULL */
    p.nb = bp->nb;
    p.nu = bp->nu;
    p.nc = bp->nc;
    p.G = bp->G;
    p.g = bp->g;
    p.mu = bp->mu;
    p.R = NULL;
    return p;
}

/* The one scoring of every answer, ours and Siconos': lambda and v in contact.h order.
   rel = Siconos' relative natural-map error with the De Saxce term; absolute = max(primal,
   dual, comp) of contact.h's NCP criteria. */
static BENCH_UNUSED void bench_score(const bench_problem *bp, const double *lambda, const double *v,
                        double *rel, double *absolute) {
    ct_problem p = bench_ct(bp);
    ct_residuals res;
    if (ct_criteria(&p, lambda, v, CT_FLAVOR_NCP, &res) != CT_OK) {
        *rel = *absolute = INFINITY;
        return;
    }
    *rel = res.relative;
    *absolute = res.absolute;
}

#endif
