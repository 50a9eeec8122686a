/* sparse_crossover.c - dense against block-sparse storage of G on generated piles: where does
   the sparse path start to pay? (the --storage auto rule of bench/ct_bench.c)

     sparse_crossover [-r repeats] [-t tol] [-n nc[,nc...]] [-d density[,density...]]
                      [-m method[,method...]] [-i max_iter] [-b nbody[,nbody...]]

   Defaults: 5 repeats, relative tolerance 1e-8, nc 8,16,32,64,128,256, block densities
   0.02,0.05,0.1,0.2,0.4,1, methods ADMM_NCP,PGS_NCP, iteration cap 2000. -b gives the numbers
   of bodies directly instead of -d (the densities between 0.3 and 1 need 2 to 6 bodies).

   PROBLEMS (deterministic, one xorshift generator reseeded per problem). A pile of nbody rigid
   bodies (6 dof, masses log-uniform in [0.1, 10], inertia 0.01 m) on a cubic lattice; each
   contact joins a random body and a random lattice neighbour of it (26-neighbourhood), or the
   ground for bodies of the bottom layer, at random points (offsets up to 0.1) and a random
   orthonormal frame (t1, t2, n), mu uniform in [0.2, 1]. G = J M^-1 J^T is summed body by body;
   g = J v0 with v0 normal (sigma 0.1) plus a downward 0.1 (gravity over a step), which always
   has a solution. Each contact couples with about 4 nc / nbody others, so nbody = 4 / density
   (density >= 1: every contact on one body and the ground, G fully dense); the block density
   actually reached (nnzb / nc^2 of the converted form) is printed. With nbody < nc / 2 the
   problem has more contact rows than degrees of freedom: G singular, as on the FCLib piles.

   PROTOCOL. The same problem in both storages: the dense G and its ct_sparse_from_dense form
   (drop_tol 0: every block with a non-zero entry). Cold start, settings.stop =
   CT_STOP_RELATIVE, tol_rel = tol, default settings otherwise; workspaces sized by
   ct_workspace_size_problem and allocated once per storage, outside the timing; only ct_solve
   is timed; the repeats alternate dense and sparse (the machine is noisy) and the median of
   each is printed.

   Output, CSV: nc,n,nbody,block_density,density,method,dense_us,sparse_us,ratio,
   dense_iter,sparse_iter,dense_fact,sparse_fact,dense_conv,sparse_conv
   with ratio = dense_us / sparse_us (> 1: sparse faster).

   Build: cc -O2 -march=native -I. bench/sparse_crossover.c -lm  (make bench-crossover) */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "variant.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long rng_state;
static void rng_seed(unsigned long long s) { rng_state = s * 0x9E3779B97F4A7C15ULL + 1; }
static double urand(void) { /* [0, 1) */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}
static double nrand(void) { /* Box-Muller */
    double u = urand() + 1e-300, v = urand();
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the VM is shared */
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct pile {
    int nc, n, nbody;
    double *G, *g, *mu;
} pile;

static void cross3(const double a[3], const double b[3], double c[3]) {
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* the pile of nc contacts over nbody bodies (see the header) */
static int pile_make(pile *P, int nc, int nbody, unsigned long long seed) {
    const int n = 3 * nc;
    int side = 1, c, k, t, i, j, q;
    double *J = (double *)calloc((size_t)n * 12 + 1, sizeof(double)); /* per row: body a, body b */
    int *body = (int *)malloc(sizeof(int) * (size_t)(2 * nc + 1));
    double *minv = (double *)malloc(sizeof(double) * (size_t)(6 * nbody + 1));
    double *v0 = (double *)malloc(sizeof(double) * (size_t)(6 * nbody + 1));
    int *cnt = (int *)calloc((size_t)nbody + 1, sizeof(int)), *lst;
    P->nc = nc;
    P->n = n;
    P->nbody = nbody;
    P->G = (double *)calloc((size_t)n * n + 1, sizeof(double));
    P->g = (double *)calloc((size_t)n + 1, sizeof(double));
    P->mu = (double *)malloc(sizeof(double) * (size_t)(nc + 1));
    lst = (int *)malloc(sizeof(int) * (size_t)(2 * nc + 1));
    if (!J || !body || !minv || !v0 || !cnt || !P->G || !P->g || !P->mu || !lst) return -1;
    rng_seed(seed);
    while (side * side * side < nbody) ++side;
    for (i = 0; i < nbody; ++i) {
        double m = pow(10, 2 * urand() - 1);
        for (k = 0; k < 6; ++k) minv[6 * i + k] = k < 3 ? 1 / m : 1 / (0.01 * m);
        for (k = 0; k < 6; ++k) v0[6 * i + k] = 0.1 * nrand() - (k == 2 ? 0.1 : 0);
    }
    for (c = 0; c < nc; ++c) {
        int a = (int)(urand() * nbody), b = -1, ax = a % side, ay = (a / side) % side, az = a / (side * side);
        double fr[9], ra[3], rb[3], len;
        /* a neighbour on the lattice (or the ground below the bottom layer) */
        for (q = 0; q < 20 && b < 0; ++q) {
            int dx = (int)(urand() * 3) - 1, dy = (int)(urand() * 3) - 1, dz = (int)(urand() * 3) - 1;
            int bx = ax + dx, by = ay + dy, bz = az + dz, cand;
            if (bz < 0) break; /* the ground */
            if ((dx | dy | dz) == 0 || bx < 0 || by < 0 || bx >= side || by >= side || bz >= side) continue;
            cand = bx + side * (by + side * bz);
            if (cand < nbody) b = cand;
        }
        body[2 * c] = a;
        body[2 * c + 1] = b;
        /* a random orthonormal frame: rows t1, t2, n */
        for (k = 0; k < 3; ++k) fr[6 + k] = nrand();
        len = sqrt(fr[6] * fr[6] + fr[7] * fr[7] + fr[8] * fr[8]);
        for (k = 0; k < 3; ++k) fr[6 + k] /= len;
        {
            double e[3] = {1, 0, 0};
            if (fabs(fr[6]) > 0.9) e[0] = 0, e[1] = 1;
            cross3(fr + 6, e, fr);
            len = sqrt(fr[0] * fr[0] + fr[1] * fr[1] + fr[2] * fr[2]);
            for (k = 0; k < 3; ++k) fr[k] /= len;
            cross3(fr + 6, fr, fr + 3);
        }
        for (k = 0; k < 3; ++k) {
            ra[k] = 0.2 * urand() - 0.1;
            rb[k] = 0.2 * urand() - 0.1;
        }
        for (t = 0; t < 3; ++t) {
            double *row = J + (size_t)(3 * c + t) * 12, *d = fr + 3 * t, x[3];
            row[0] = d[0], row[1] = d[1], row[2] = d[2];
            cross3(ra, d, x);
            row[3] = x[0], row[4] = x[1], row[5] = x[2];
            if (b >= 0) {
                row[6] = -d[0], row[7] = -d[1], row[8] = -d[2];
                cross3(rb, d, x);
                row[9] = -x[0], row[10] = -x[1], row[11] = -x[2];
            }
        }
        P->mu[c] = 0.2 + 0.8 * urand();
    }
    /* contacts per body, then G body by body: G_rs += J_r,body M^-1 J_s,body^T */
    for (c = 0; c < 2 * nc; ++c)
        if (body[c] >= 0) cnt[body[c]]++;
    for (i = 1; i <= nbody; ++i) cnt[i] += cnt[i - 1];
    for (c = 2 * nc - 1; c >= 0; --c)
        if (body[c] >= 0) lst[--cnt[body[c]]] = c; /* slot c = 2 contact + side */
    for (i = 0; i < nbody; ++i)
        for (q = cnt[i]; q < cnt[i + 1]; ++q)
            for (j = cnt[i]; j < cnt[i + 1]; ++j) {
                const int ca = lst[q] / 2, sa = lst[q] % 2, cb = lst[j] / 2, sb = lst[j] % 2;
                int ta, tb;
                for (ta = 0; ta < 3; ++ta)
                    for (tb = 0; tb < 3; ++tb) {
                        const double *x = J + (size_t)(3 * ca + ta) * 12 + 6 * sa;
                        const double *y = J + (size_t)(3 * cb + tb) * 12 + 6 * sb;
                        double e = 0;
                        for (k = 0; k < 6; ++k) e += x[k] * minv[6 * i + k] * y[k];
                        P->G[(size_t)(3 * ca + ta) * n + 3 * cb + tb] += e;
                    }
            }
    for (c = 0; c < nc; ++c)
        for (t = 0; t < 3; ++t) {
            const double *row = J + (size_t)(3 * c + t) * 12;
            double e = 0;
            for (k = 0; k < 6; ++k) e += row[k] * v0[6 * body[2 * c] + k];
            if (body[2 * c + 1] >= 0)
                for (k = 0; k < 6; ++k) e += row[6 + k] * v0[6 * body[2 * c + 1] + k];
            P->g[3 * c + t] = e;
        }
    /* exact symmetry (the sums above are symmetric up to rounding order) */
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j) {
            double s = 0.5 * (P->G[(size_t)i * n + j] + P->G[(size_t)j * n + i]);
            P->G[(size_t)i * n + j] = P->G[(size_t)j * n + i] = s;
        }
    free(J), free(body), free(minv), free(v0), free(cnt), free(lst);
    return 0;
}

static int split_list(char *s, char **out, int cap) {
    int k = 0;
    char *tok = strtok(s, ",");
    while (tok && k < cap) {
        out[k++] = tok;
        tok = strtok(NULL, ",");
    }
    return k;
}

int main(int argc, char **argv) {
    char ncs_default[] = "8,16,32,64,128,256", ds_default[] = "0.02,0.05,0.1,0.2,0.4,1";
    char ms_default[] = "ADMM_NCP,PGS_NCP";
    char *ncs = ncs_default, *ds = ds_default, *ms = ms_default, *nc_tok[32], *d_tok[32], *m_tok[32];
    int repeats = 5, max_iter = 2000, nnc, nd, nm, a, b, c, k, i, by_body = 0;
    double tol = 1e-8;
    for (i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "-r") && i + 1 < argc) repeats = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) tol = atof(argv[++i]);
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) ncs = argv[++i];
        else if (!strcmp(argv[i], "-d") && i + 1 < argc) ds = argv[++i];
        else if (!strcmp(argv[i], "-m") && i + 1 < argc) ms = argv[++i];
        else if (!strcmp(argv[i], "-i") && i + 1 < argc) max_iter = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-b") && i + 1 < argc) ds = argv[++i], by_body = 1;
        else {
            fprintf(stderr, "usage: %s [-r repeats] [-t tol] [-n nc,...] [-d density,...] [-m method,...] [-i max_iter] [-b nbody,...]\n",
                    argv[0]);
            return 2;
        }
    }
    if (repeats < 1 || !(tol > 0)) return 2;
    nnc = split_list(ncs, nc_tok, 32);
    nd = split_list(ds, d_tok, 32);
    nm = split_list(ms, m_tok, 32);
    printf("nc,n,nbody,block_density,density,method,dense_us,sparse_us,ratio,dense_iter,sparse_iter,"
           "dense_fact,sparse_fact,dense_conv,sparse_conv\n");
    for (a = 0; a < nnc; ++a)
        for (b = 0; b < nd; ++b) {
            const int nc = atoi(nc_tok[a]);
            const double dens = atof(d_tok[b]);
            int nbody = by_body ? (int)dens : dens >= 1 ? 1 : (int)floor(4 / dens + 0.5), nnzb = 0, n = 3 * nc;
            pile P;
            int *row_ptr, *col;
            double *val, *lambda, *v, *td, *ts, nzd = 0;
            ct_sparse S;
            if (nbody < 1) nbody = 1;
            if (nbody > 2 * nc) continue; /* not that sparse at this size */
            if (pile_make(&P, nc, nbody, 1000003ULL * (unsigned long long)nc + (unsigned long long)nbody) != 0) return 1;
            ct_sparse_count(0, 0, nc, P.G, 0, &nnzb);
            row_ptr = (int *)malloc(sizeof(int) * (size_t)(nc + 1));
            col = (int *)malloc(sizeof(int) * (size_t)nnzb);
            val = (double *)malloc(sizeof(double) * 9 * (size_t)nnzb);
            lambda = (double *)calloc((size_t)n, sizeof(double));
            v = (double *)calloc((size_t)n, sizeof(double));
            td = (double *)malloc(sizeof(double) * (size_t)repeats);
            ts = (double *)malloc(sizeof(double) * (size_t)repeats);
            if (ct_sparse_from_dense(0, 0, nc, P.G, 0, row_ptr, col, val) != CT_OK) return 1;
            S.row_ptr = row_ptr;
            S.col = col;
            S.val = val;
            for (i = 0; i < n * n; ++i) nzd += P.G[i] != 0;
            for (c = 0; c < nm; ++c) {
                ct_settings s = ct_default_settings();
                ct_problem pd, ps;
                ct_workspace wd, wsp;
                ct_info id, is;
                ct_result rd = CT_OK, rs = CT_OK;
                if (bench_variant_parse(m_tok[c], &s) != 0) return 2;
                s.stop = CT_STOP_RELATIVE;
                s.tol_rel = tol;
                s.max_iter = max_iter;
                s.warm_start = 0;
                s.sym_tol = 0;
                memset(&pd, 0, sizeof(pd));
                pd.nc = nc;
                pd.G = P.G;
                pd.g = P.g;
                pd.mu = P.mu;
                ps = pd;
                ps.G = NULL;
                ps.Gs = &S;
                if (ct_workspace_alloc_problem(&wd, &pd, &s, NULL) != CT_OK ||
                    ct_workspace_alloc_problem(&wsp, &ps, &s, NULL) != CT_OK) {
                    fprintf(stderr, "workspace\n");
                    return 1;
                }
                for (k = 0; k < repeats; ++k) { /* alternate the storages */
                    double t0 = now_us();
                    rd = ct_solve(&pd, &s, &wd, lambda, v, &id);
                    td[k] = now_us() - t0;
                    t0 = now_us();
                    rs = ct_solve(&ps, &s, &wsp, lambda, v, &is);
                    ts[k] = now_us() - t0;
                    if (rd != CT_OK || rs != CT_OK) break;
                }
                if (rd != CT_OK || rs != CT_OK) {
                    fprintf(stderr, "nc %d nbody %d %s: %s / %s\n", nc, nbody, m_tok[c], ct_result_string(rd),
                            ct_result_string(rs));
                } else {
                    qsort(td, (size_t)repeats, sizeof(double), cmp_double);
                    qsort(ts, (size_t)repeats, sizeof(double), cmp_double);
                    printf("%d,%d,%d,%.4g,%.4g,%s,%.6g,%.6g,%.3g,%d,%d,%d,%d,%d,%d\n", nc, n, nbody,
                           (double)nnzb / ((double)nc * nc), nzd / ((double)n * n), m_tok[c], td[repeats / 2],
                           ts[repeats / 2], td[repeats / 2] / ts[repeats / 2], id.iterations, is.iterations,
                           id.factorizations, is.factorizations, id.status == CT_STATUS_CONVERGED,
                           is.status == CT_STATUS_CONVERGED);
                    fflush(stdout);
                }
                ct_workspace_free(&wd);
                ct_workspace_free(&wsp);
            }
            free(row_ptr), free(col), free(val), free(lambda), free(v), free(td), free(ts);
            free(P.G), free(P.g), free(P.mu);
        }
    return 0;
}
