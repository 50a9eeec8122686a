/* gen_problems.c - small generated problems (1 to 16 contacts) in contact.h's text format.

     gen_problems <output directory>

   Writes gen_nc<NC>_<k>.ctp for NC in {1, 2, 3, 4, 6, 8, 12, 16} and k = 0..2: random
   robot-like problems, G = J M^-1 J^T from a random J (3 NC x nv, nv = 12 + 6 ((NC + k) mod 5)
   between 12 and 36 degrees of freedom, so the larger ones have more contact rows than degrees
   of freedom: G singular) and a random SPD M with masses spread over 1e2, g = J v0 (feasible),
   scaled so that max diag G = 1 and ||g||_inf = 1, mu uniform in [0.2, 1]; and gen_box_push_2N
   and gen_box_push_6N, the box of examples/box_push.c (4 corner contacts, rank 6 of 12)
   pushed below and above the friction limit. Deterministic (fixed seed).

   Build: cc -O2 -I. bench/gen_problems.c -lm */
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static double urand(void) { /* uniform in [-1, 1) */
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

static int write_problem(const char *dir, const char *name, const ct_problem *p) {
    char path[1024];
    FILE *f;
    ct_result r;
    snprintf(path, sizeof(path), "%s/%s.ctp", dir, name);
    f = fopen(path, "w");
    if (!f) return -1;
    r = ct_problem_write(p, f);
    fclose(f);
    if (r != CT_OK) {
        fprintf(stderr, "%s: %s\n", path, ct_result_string(r));
        return -1;
    }
    return 0;
}

static int random_problem(const char *dir, int nc, int k) {
    int n = 3 * nc, nv = 12 + 6 * ((nc + k) % 5), i, j, q;
    double *J = (double *)malloc(sizeof(double) * (size_t)n * nv);
    double *A = (double *)malloc(sizeof(double) * (size_t)nv * nv);
    double *M = (double *)malloc(sizeof(double) * (size_t)nv * nv);
    double *v0 = (double *)malloc(sizeof(double) * (size_t)nv);
    double *G = (double *)malloc(sizeof(double) * (size_t)n * n);
    double *g = (double *)malloc(sizeof(double) * (size_t)n);
    double *mu = (double *)malloc(sizeof(double) * (size_t)nc);
    double *scr = (double *)malloc(sizeof(double) * ct_delassus_scratch_size(nv, n));
    double dmax = 0, gmax = 0;
    char name[64];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    int rc;
    for (i = 0; i < n * nv; ++i) J[i] = urand();
    for (i = 0; i < nv * nv; ++i) A[i] = urand();
    /* M = D^1/2 (A A^T + I) D^1/2 with masses D spread over 1e2 */
    for (i = 0; i < nv; ++i)
        for (j = 0; j < nv; ++j) {
            double s = 0, di = pow(10.0, 2.0 * i / nv), dj = pow(10.0, 2.0 * j / nv);
            for (q = 0; q < nv; ++q) s += A[i * nv + q] * A[j * nv + q];
            M[i * nv + j] = sqrt(di * dj) * (s / nv + (i == j ? 1 : 0));
        }
    for (i = 0; i < nv; ++i) v0[i] = urand();
    if (ct_delassus_from_mj(nv, n, M, J, v0, G, g, scr) != CT_OK) return -1;
    for (i = 0; i < n; ++i) {
        dmax = fmax(dmax, G[i * n + i]);
        gmax = fmax(gmax, fabs(g[i]));
    }
    for (i = 0; i < n * n; ++i) G[i] /= dmax;
    for (i = 0; i < n; ++i) g[i] /= gmax;
    for (i = 0; i < n; ++i) /* exact symmetry */
        for (j = 0; j < i; ++j) G[j * n + i] = G[i * n + j];
    for (i = 0; i < nc; ++i) mu[i] = 0.6 + 0.4 * urand();
    p.nb = 0; p.nu = 0; p.nc = nc; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    snprintf(name, sizeof(name), "gen_nc%02d_%d", nc, k);
    rc = write_problem(dir, name, &p);
    free(J); free(A); free(M); free(v0); free(G); free(g); free(mu); free(scr);
    return rc;
}

/* the box of examples/box_push.c: 1 kg, 0.2 m, mu 0.4, 4 corners, pushed by F for 1 ms;
   forces (g divided by dt) */
static int box_problem(const char *dir, double F) {
    const double m = 1, a = 0.2, dt = 1e-3, grav = 9.81;
    double M[36] = {0}, J[12 * 6] = {0}, G[144], g[12], mu[4], vf[6], scr[36 + 72 + 96];
    int c, k, i;
    char name[64];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    for (i = 0; i < 3; ++i) {
        M[i * 6 + i] = m;
        M[(i + 3) * 6 + i + 3] = m * a * a / 6;
    }
    for (c = 0; c < 4; ++c) {
        double r[3];
        r[0] = (c & 1) ? a / 2 : -a / 2;
        r[1] = (c & 2) ? a / 2 : -a / 2;
        r[2] = -a / 2;
        for (k = 0; k < 3; ++k) {
            double d[3] = {0, 0, 0}, *row = J + (3 * c + k) * 6;
            d[k] = 1;
            row[0] = d[0]; row[1] = d[1]; row[2] = d[2];
            row[3] = r[1] * d[2] - r[2] * d[1];
            row[4] = r[2] * d[0] - r[0] * d[2];
            row[5] = r[0] * d[1] - r[1] * d[0];
        }
        mu[c] = 0.4;
    }
    vf[0] = F / m * dt; vf[1] = 0; vf[2] = -grav * dt; vf[3] = vf[4] = vf[5] = 0;
    if (ct_delassus_from_mj(6, 12, M, J, vf, G, g, scr) != CT_OK) return -1;
    for (i = 0; i < 12; ++i) g[i] /= dt;
    p.nb = 0; p.nu = 0; p.nc = 4; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    snprintf(name, sizeof(name), "gen_box_push_%.0fN", F);
    return write_problem(dir, name, &p);
}

int main(int argc, char **argv) {
    static const int ncs[] = {1, 2, 3, 4, 6, 8, 12, 16};
    int i, k, fails = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: %s output-directory\n", argv[0]);
        return 2;
    }
    for (i = 0; i < (int)(sizeof(ncs) / sizeof(ncs[0])); ++i)
        for (k = 0; k < 3; ++k) fails += random_problem(argv[1], ncs[i], k) != 0;
    fails += box_problem(argv[1], 2.0) != 0;
    fails += box_problem(argv[1], 6.0) != 0;
    return fails ? 1 : 0;
}
