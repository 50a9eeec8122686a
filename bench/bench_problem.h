/* bench_problem.h - loading benchmark problems for the bench programs (not part of contact.h).

   bench_load(path, &bp) reads, with a dense G; bench_load_storage(path, &bp, storage) with
   storage = BENCH_DENSE, BENCH_SPARSE or both (BENCH_DENSE | BENCH_SPARSE):
   - an FCLib local problem (*.hdf5) with libfclib: W (sparse: CSC, CSR or triplet with
     i = row, p = column) is read as triplets, each contact permuted from FCLib's (n, t1, t2)
     to contact.h's (t1, t2, n), duplicates summed in file order, and symmetrized as
     (W + W^T)/2 straight into contact.h's block-sparse form (ct_sparse: 3x3 blocks, both
     triangles, the pattern of W + W^T plus every diagonal block); the dense G, when asked
     for, is that form expanded, so both storages hold bitwise the same entries (0.5 a + 0.5 b
     = 0.5 (a + b) exactly) and the sparse path never builds an n x n array; the asymmetry it removed,
     ||W - W^T||_F / ||W||_F, is kept in bp.asym (6 of the 16 problems of ../shared/fclib carry
     1.6e-5 to 4.1e-4 of numerical noise; both contact.h and Siconos get the symmetrized W);
   - a problem in contact.h's own text format (ct_problem_write / ct_problem_read of contact.h
     with CONTACT_IO), for generated problems and bug reports (dense in the file; the sparse
     form is ct_sparse_from_dense with drop_tol 0: every block with a non-zero entry).
   bench_ct gives the ct_problem: the dense G when bp.G is set, else the block-sparse bp.Gs.
   Needs: CONTACT_IO and the implementation of contact.h in the including file, double precision,
   and -lfclib -lhdf5 when BENCH_WITH_FCLIB is defined. BENCH_W=given in the environment: an
   FCLib W as the file has it, not symmetrized (contact.h only: Siconos symmetrizes nothing
   either, but its scores would then differ from the symmetrized runs). */
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

#define BENCH_DENSE 1  /* bench_load_storage: fill bp.G  */
#define BENCH_SPARSE 2 /* bench_load_storage: fill bp.Gs */

typedef struct bench_problem {
    char name[256];   /* file name without directory and extension */
    char family[64];  /* FCLib family (README table of ../shared/fclib) or "generated" */
    int nb, nu, nc, n;
    double *G;        /* n x n row-major, contact.h order, symmetric; NULL unless BENCH_DENSE */
    double *g, *mu;   /* n, nc */
    double *R;        /* n, the compliance of a .ctp problem; NULL: none (FCLib)          */
    double asym;      /* ||W - W^T||_F / ||W||_F before symmetrization */
    double density;   /* fraction of non-zero entries of G */
    /* the block-sparse G (ct_sparse, groups nb + nu + nc); arrays NULL unless BENCH_SPARSE */
    int ng, nnzb;     /* groups, stored blocks (both triangles, diagonal included) */
    int *sp_row_ptr, *sp_col;
    double *sp_val;
    ct_sparse Gs;     /* points at the three arrays above */
    double block_density; /* nnzb / ng^2 (known for either storage) */
} bench_problem;

#ifdef _POSIX_C_SOURCE /* the timed programs (ct_bench, siconos_bench) define it for clock_gettime */
#include <time.h>
/* microseconds; BENCH_CLOCK=cpu: this process's CPU time instead of wall time (a shared,
   overloaded machine), the same switch for ct_bench and siconos_bench */
static BENCH_UNUSED double now_us(void) {
    struct timespec ts;
    static int cpu = -1;
    if (cpu < 0) cpu = getenv("BENCH_CLOCK") && !strcmp(getenv("BENCH_CLOCK"), "cpu");
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}
/* The clock's own cost in a timed interval (us): the median of 101 back-to-back reads, measured
   once. The CPU-time clock costs about 1 us a read on some virtual machines (the wall clock 20
   ns), as much as a whole small solve; ct_bench and siconos_bench subtract it from every
   timing (bench_elapsed), so sub-10-us times compare the solves, not the clock. */
static BENCH_UNUSED double bench_clock_cost(void) {
    static double cost = -1;
    if (cost < 0) {
        double d[101], t;
        int i, j;
        for (i = 0; i < 101; ++i) {
            const double t0 = now_us();
            d[i] = now_us() - t0;
        }
        for (i = 1; i < 101; ++i) /* insertion sort: the median */
            for (j = i; j > 0 && d[j - 1] > d[j]; --j) {
                t = d[j];
                d[j] = d[j - 1];
                d[j - 1] = t;
            }
        cost = d[50] > 0 ? d[50] : 0;
    }
    return cost;
}
/* t1 - t0 less the clock's cost, never below 0 */
static BENCH_UNUSED double bench_elapsed(double t0, double t1) {
    const double e = t1 - t0 - bench_clock_cost();
    return e > 0 ? e : 0;
}
#endif

/* BENCH_MIN_MS (environment; unset or 0: off): a solve whose first run is faster than that is
   repeated until the repeats take about BENCH_MIN_MS milliseconds (at least the repeats asked
   for, at most 1001, an odd count), so that the median of a microsecond solve is not the middle
   of three noisy samples. ct_bench and siconos_bench apply the same rule after their first
   timed solve. */
static BENCH_UNUSED int bench_repeats(int repeats, double first_us) {
    const char *e = getenv("BENCH_MIN_MS");
    double ms = e ? atof(e) : 0;
    long want;
    if (!(ms > 0) || !(first_us > 0)) return repeats;
    want = (long)(ms * 1e3 / first_us);
    if (want > 1001) want = 1001;
    if (want % 2 == 0) ++want;
    return want > repeats ? (int)want : repeats;
}
/* After the first timed solve (times[0]): times grown to bench_repeats entries, *repeats set */
static BENCH_UNUSED void bench_more_repeats(double **times, int *repeats) {
    int m = bench_repeats(*repeats, (*times)[0]);
    double *t = m > *repeats ? (double *)realloc(*times, sizeof(double) * (size_t)m) : NULL;
    if (t) {
        *times = t;
        *repeats = m;
    }
}

/* BENCH_BATCH_US (environment; default 50): a solve faster than that is timed in batches of b
   back-to-back solves lasting at least that long, each timing divided by b, so that the
   clock's resolution and cost (bench_clock_cost) do not decide a sub-microsecond time. The
   caller sizes b by doubling it from 1 until a batch (timed by batch_us(ctx, b)) lasts that
   long, at most 65536; 1 when the first solve already did (first_us). */
static BENCH_UNUSED int bench_batch(double first_us, double (*batch_us)(void *ctx, int b), void *ctx) {
    const char *e = getenv("BENCH_BATCH_US");
    const double us = e ? atof(e) : 50;
    int b = 1;
    if (!(us > 0) || first_us >= us) return 1;
    while (b < 65536 && batch_us(ctx, b) < us) b *= 2;
    return b;
}

/* qsort order of doubles (medians of timings) */
static BENCH_UNUSED int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

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

/* one entry of W in contact.h order; k = position in the file (duplicates summed in file order) */
typedef struct bench_trip {
    int r, c;
    long k;
    double x;
} bench_trip;

static BENCH_UNUSED int bench_trip_cmp(const void *pa, const void *pb) {
    const bench_trip *a = (const bench_trip *)pa, *b = (const bench_trip *)pb;
    if (a->r != b->r) return (a->r > b->r) - (a->r < b->r);
    if (a->c != b->c) return (a->c > b->c) - (a->c < b->c);
    return (a->k > b->k) - (a->k < b->k);
}

static BENCH_UNUSED int bench_long_cmp(const void *pa, const void *pb) {
    long a = *(const long *)pa, b = *(const long *)pb;
    return (a > b) - (a < b);
}

/* the position of block (gi, gj) in bp's block-sparse arrays (it must be there) */
static BENCH_UNUSED double *bench_sp_block(bench_problem *bp, int gi, int gj) {
    int lo = bp->sp_row_ptr[gi], hi = bp->sp_row_ptr[gi + 1] - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (bp->sp_col[mid] == gj) return bp->sp_val + 9 * (size_t)mid;
        if (bp->sp_col[mid] < gj) lo = mid + 1;
        else hi = mid - 1;
    }
    return NULL;
}

/* the dense G from the block-sparse arrays (FCLib problems: contacts only) */
static BENCH_UNUSED int bench_expand_dense(bench_problem *bp) {
    const int n = bp->n, c0 = bp->nb + bp->nu;
    int gi, k, a, b;
    free(bp->G);
    bp->G = (double *)calloc((size_t)n * n + 1, sizeof(double));
    if (!bp->G) return -1;
    for (gi = 0; gi < bp->ng; ++gi) {
        const int ri = gi < c0 ? gi : c0 + 3 * (gi - c0), si = gi < c0 ? 1 : 3;
        for (k = bp->sp_row_ptr[gi]; k < bp->sp_row_ptr[gi + 1]; ++k) {
            const int gj = bp->sp_col[k], rj = gj < c0 ? gj : c0 + 3 * (gj - c0), sj = gj < c0 ? 1 : 3;
            for (a = 0; a < si; ++a)
                for (b = 0; b < sj; ++b) bp->G[(size_t)(ri + a) * n + rj + b] = bp->sp_val[9 * (size_t)k + 3 * a + b];
        }
    }
    return 0;
}

static BENCH_UNUSED void bench_free_sparse(bench_problem *bp) {
    free(bp->sp_row_ptr);
    free(bp->sp_col);
    free(bp->sp_val);
    bp->sp_row_ptr = bp->sp_col = NULL;
    bp->sp_val = NULL;
    memset(&bp->Gs, 0, sizeof(bp->Gs));
}

static BENCH_UNUSED void bench_bind_sparse(bench_problem *bp) {
    bp->Gs.row_ptr = bp->sp_row_ptr;
    bp->Gs.col = bp->sp_col;
    bp->Gs.val = bp->sp_val;
}

#ifdef BENCH_WITH_FCLIB
static BENCH_UNUSED int bench_load_fclib(const char *path, bench_problem *bp, int storage) {
    struct fclib_local *fl = fclib_read_local(path);
    struct fclib_matrix *W;
    bench_trip *t = NULL;
    long *key = NULL, nt = 0, ne = 0, nk = 0, e, q, cap;
    double num = 0, den = 0;
    int m, i, j, nc, ng, ok = -1, given;
    if (!fl || !fl->W || fl->spacedim != 3) {
        if (fl) fclib_delete_local(fl);
        return -1;
    }
    W = fl->W;
    m = W->m;
    nc = m / 3;
    ng = nc;
    cap = W->nz >= 0 ? W->nz : W->p[W->nz == -1 ? W->n : W->m];
    t = (bench_trip *)malloc(sizeof(bench_trip) * (size_t)(cap + 1));
    key = (long *)malloc(sizeof(long) * (size_t)(2 * cap + ng + 1));
    bp->nb = bp->nu = 0;
    bp->nc = nc;
    bp->n = m;
    bp->ng = ng;
    bp->g = (double *)malloc(sizeof(double) * (size_t)(m + 1));
    bp->mu = (double *)malloc(sizeof(double) * (size_t)(nc > 0 ? nc : 1));
    bp->sp_row_ptr = (int *)calloc((size_t)ng + 1, sizeof(int));
    if (!t || !key || !bp->g || !bp->mu || !bp->sp_row_ptr || m != 3 * nc || W->n != m) goto done;
    /* triplets; FCLib row f is contact.h row 3 (f / 3) + (f % 3 + 2) % 3 (normal last) */
#define BENCH_CT_ROW(f) (3 * ((f) / 3) + ((f) % 3 + 2) % 3)
    if (W->nz == -1) { /* compressed columns */
        for (j = 0; j < W->n; ++j)
            for (q = W->p[j]; q < W->p[j + 1]; ++q, ++nt) {
                t[nt].r = BENCH_CT_ROW(W->i[q]); t[nt].c = BENCH_CT_ROW(j); t[nt].x = W->x[q]; t[nt].k = nt;
            }
    } else if (W->nz == -2) { /* compressed rows */
        for (i = 0; i < W->m; ++i)
            for (q = W->p[i]; q < W->p[i + 1]; ++q, ++nt) {
                t[nt].r = BENCH_CT_ROW(i); t[nt].c = BENCH_CT_ROW(W->i[q]); t[nt].x = W->x[q]; t[nt].k = nt;
            }
    } else { /* triplet: i = row, p = column (the CSparse convention the data follows) */
        for (q = 0; q < W->nz; ++q, ++nt) {
            t[nt].r = BENCH_CT_ROW(W->i[q]); t[nt].c = BENCH_CT_ROW(W->p[q]); t[nt].x = W->x[q]; t[nt].k = nt;
        }
    }
#undef BENCH_CT_ROW
    for (e = 0; e < nt; ++e)
        if (t[e].r < 0 || t[e].r >= m || t[e].c < 0 || t[e].c >= m) goto done;
    /* sort by (row, column, file position) and sum the duplicates in file order */
    qsort(t, (size_t)nt, sizeof(bench_trip), bench_trip_cmp);
    for (e = 0; e < nt; ++e) {
        if (ne > 0 && t[ne - 1].r == t[e].r && t[ne - 1].c == t[e].c) t[ne - 1].x += t[e].x;
        else t[ne++] = t[e];
    }
    /* the asymmetry: sum over (i, j) of (W_ij - W_ji)^2 over sum of W_ij^2 */
    for (e = 0; e < ne; ++e) {
        bench_trip probe, *tr;
        double a = t[e].x, b;
        probe.r = t[e].c;
        probe.c = t[e].r;
        probe.k = -1;
        tr = NULL;
        { /* binary search for (c, r) */
            long lo = 0, hi = ne - 1;
            while (lo <= hi) {
                long mid = (lo + hi) / 2;
                int cmp = (t[mid].r != probe.r) ? ((t[mid].r > probe.r) - (t[mid].r < probe.r))
                                                 : ((t[mid].c > probe.c) - (t[mid].c < probe.c));
                if (cmp == 0) { tr = t + mid; break; }
                if (cmp < 0) lo = mid + 1;
                else hi = mid - 1;
            }
        }
        b = tr ? tr->x : 0;
        num += (a - b) * (a - b);
        den += a * a;
        if (!tr) num += a * a; /* the mirrored entry (0 - a)^2 */
    }
    bp->asym = den > 0 ? sqrt(num / den) : 0;
    /* the block pattern: the blocks of W and W^T, and every diagonal block */
    for (e = 0; e < ne; ++e) {
        key[nk++] = (long)(t[e].r / 3) * ng + t[e].c / 3;
        key[nk++] = (long)(t[e].c / 3) * ng + t[e].r / 3;
    }
    for (i = 0; i < ng; ++i) key[nk++] = (long)i * ng + i;
    qsort(key, (size_t)nk, sizeof(long), bench_long_cmp);
    for (e = 0, q = 0; e < nk; ++e)
        if (q == 0 || key[q - 1] != key[e]) key[q++] = key[e];
    nk = q;
    bp->nnzb = (int)nk;
    bp->sp_col = (int *)malloc(sizeof(int) * (size_t)(nk + 1));
    bp->sp_val = (double *)calloc(9 * (size_t)nk + 1, sizeof(double));
    if (!bp->sp_col || !bp->sp_val) goto done;
    for (e = 0; e < nk; ++e) {
        bp->sp_col[e] = (int)(key[e] % ng);
        bp->sp_row_ptr[key[e] / ng + 1]++;
    }
    for (i = 0; i < ng; ++i) bp->sp_row_ptr[i + 1] += bp->sp_row_ptr[i];
    /* G = (W + W^T) / 2: W_ij / 2 to (i, j) and to (j, i); with the two halves added in either
       order this is bitwise 0.5 (W_ij + W_ji), the dense formula. BENCH_W=given in the
       environment keeps W as given (contact.h solves a slightly asymmetric G as given) */
    given = getenv("BENCH_W") && strcmp(getenv("BENCH_W"), "given") == 0;
    for (e = 0; e < ne; ++e) {
        const int r = t[e].r, c = t[e].c;
        const double h = 0.5 * t[e].x;
        if (given) { /* BENCH_W=given: W as the file has it (pattern of W + W^T) */
            bench_sp_block(bp, r / 3, c / 3)[3 * (r % 3) + c % 3] += t[e].x;
            continue;
        }
        bench_sp_block(bp, r / 3, c / 3)[3 * (r % 3) + c % 3] += h;
        bench_sp_block(bp, c / 3, r / 3)[3 * (c % 3) + r % 3] += h;
    }
    bench_bind_sparse(bp);
    for (i = 0; i < m; ++i) bp->g[i] = fl->q[3 * (i / 3) + (i % 3 + 1) % 3];
    for (i = 0; i < nc; ++i) bp->mu[i] = fl->mu[i];
    ok = 0;
    if (storage & BENCH_DENSE) ok = bench_expand_dense(bp);
done:
    free(t);
    free(key);
    fclib_delete_local(fl);
    return ok;
}
#endif

/* density, the block-sparse form of a dense G (.ctp) when asked for, and only the storages
   asked for kept; 0 on success */
static BENCH_UNUSED int bench_finish(bench_problem *bp, int storage) {
    const int n = bp->n, c0 = bp->nb + bp->nu;
    size_t nnz = 0, i;
    int gi, k, a, b;
    bp->ng = c0 + bp->nc;
    if (bp->G) {
        for (i = 0; i < (size_t)n * n; ++i) nnz += bp->G[i] != 0;
    } else {
        for (gi = 0; gi < bp->ng; ++gi)
            for (k = bp->sp_row_ptr[gi]; k < bp->sp_row_ptr[gi + 1]; ++k) {
                const int gj = bp->sp_col[k];
                for (a = 0; a < (gi < c0 ? 1 : 3); ++a)
                    for (b = 0; b < (gj < c0 ? 1 : 3); ++b) nnz += bp->sp_val[9 * (size_t)k + 3 * a + b] != 0;
            }
    }
    bp->density = n > 0 ? (double)nnz / ((double)n * n) : 0;
    if (!bp->sp_row_ptr) { /* dense in the file (.ctp): every block with a non-zero entry */
        if (ct_sparse_count(bp->nb, bp->nu, bp->nc, bp->G, 0, &bp->nnzb) != CT_OK) return -1;
        if (storage & BENCH_SPARSE) {
            bp->sp_row_ptr = (int *)malloc(sizeof(int) * ((size_t)bp->ng + 1));
            bp->sp_col = (int *)malloc(sizeof(int) * ((size_t)bp->nnzb + 1));
            bp->sp_val = (double *)malloc(sizeof(double) * (9 * (size_t)bp->nnzb + 1));
            if (!bp->sp_row_ptr || !bp->sp_col || !bp->sp_val ||
                ct_sparse_from_dense(bp->nb, bp->nu, bp->nc, bp->G, 0, bp->sp_row_ptr, bp->sp_col,
                                     bp->sp_val) != CT_OK)
                return -1;
            bench_bind_sparse(bp);
        }
    }
    bp->block_density = bp->ng > 0 ? (double)bp->nnzb / ((double)bp->ng * bp->ng) : 0;
    if (!(storage & BENCH_SPARSE)) bench_free_sparse(bp);
    if (!(storage & BENCH_DENSE)) {
        free(bp->G);
        bp->G = NULL;
    }
    return 0;
}

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
    /* take the arrays over */
    bp->G = d.G;
    bp->g = d.g;
    bp->mu = d.mu;
    bp->R = d.R;
    bp->asym = 0;
    return 0;
}

static BENCH_UNUSED void bench_free(bench_problem *bp);

/* 0 on success; storage: BENCH_DENSE, BENCH_SPARSE or both */
static BENCH_UNUSED int bench_load_storage(const char *path, bench_problem *bp, int storage) {
    int r;
    memset(bp, 0, sizeof(*bp));
    if (!(storage & (BENCH_DENSE | BENCH_SPARSE))) return -1;
    bench_set_name(bp, path);
    if (strstr(path, ".hdf5")) {
#ifdef BENCH_WITH_FCLIB
        r = bench_load_fclib(path, bp, storage);
#else
        fprintf(stderr, "%s: built without libfclib\n", path);
        r = -1;
#endif
    } else {
        r = bench_load_ct(path, bp);
    }
    if (r == 0) r = bench_finish(bp, storage);
    if (r != 0) bench_free(bp);
    return r;
}

/* 0 on success: the dense G (what siconos_bench and fclib2ctp use) */
static BENCH_UNUSED int bench_load(const char *path, bench_problem *bp) {
    return bench_load_storage(path, bp, BENCH_DENSE);
}

/* switch a problem loaded with the sparse form to the dense one (bench_expand_dense), or the
   reverse with keep = BENCH_SPARSE; 0 on success */
static BENCH_UNUSED int bench_keep(bench_problem *bp, int keep) {
    if ((keep & BENCH_DENSE) && !bp->G && (!bp->sp_row_ptr || bench_expand_dense(bp) != 0)) return -1;
    if ((keep & BENCH_SPARSE) && !bp->sp_row_ptr) return -1;
    if (!(keep & BENCH_SPARSE)) bench_free_sparse(bp);
    if (!(keep & BENCH_DENSE)) {
        free(bp->G);
        bp->G = NULL;
    }
    return 0;
}

static BENCH_UNUSED void bench_free(bench_problem *bp) {
    bench_free_sparse(bp);
    free(bp->G);
    free(bp->g);
    free(bp->mu);
    free(bp->R);
    memset(bp, 0, sizeof(*bp));
}

static BENCH_UNUSED ct_problem bench_ct(const bench_problem *bp) {
    ct_problem p;
    memset(&p, 0, sizeof(p)); /* fields this reader does not know stay NULL */
    p.nb = bp->nb;
    p.nu = bp->nu;
    p.nc = bp->nc;
    p.G = bp->G;
    p.Gs = bp->G ? NULL : &bp->Gs; /* the dense G when both are loaded */
    p.g = bp->g;
    p.mu = bp->mu;
    p.R = bp->R;
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
