/* tests/problems.h - problems shared by the solver tests (test_solver.c, test_gs.c, ...): an owned
   problem, random feasible problems built as G = J M^-1 J^T, and the condition number of G by
   Jacobi eigenvalues, and the two-box stack. Include after contact.h and harness.h
   (public API only: the implementation may be in another translation unit). */
#ifndef TESTS_PROBLEMS_H
#define TESTS_PROBLEMS_H

typedef struct owned_problem {
    ct_problem p;
    ct_real *G, *g, *mu, *R;
    int n;
} owned_problem;

static TH_UNUSED void op_free(owned_problem *o) {
    free(o->G); free(o->g); free(o->mu); free(o->R);
    memset(o, 0, sizeof(*o));
}
static TH_UNUSED void op_alloc(owned_problem *o, int nb, int nu, int nc) {
    int n = nb + nu + 3 * nc;
    memset(o, 0, sizeof(*o));
    o->n = n;
    o->G = (ct_real *)calloc((size_t)(n ? n * n : 1), sizeof(ct_real));
    o->g = (ct_real *)calloc((size_t)(n ? n : 1), sizeof(ct_real));
    o->mu = (ct_real *)calloc((size_t)(nc ? nc : 1), sizeof(ct_real));
    o->p.nb = nb; o->p.nu = nu; o->p.nc = nc;
    o->p.G = o->G; o->p.g = o->g; o->p.mu = o->mu; o->p.R = NULL;
}

/* one ct_solve in a workspace of its own (allocated for p and s->method, freed after) */
static TH_UNUSED ct_result solve_with(const ct_problem *p, const ct_settings *s, ct_real *lambda,
                                      ct_real *v, ct_info *info) {
    ct_workspace ws;
    ct_result r = ct_workspace_alloc_problem(&ws, p, s, NULL); /* a block-sparse G too */
    if (r != CT_OK) return r;
    r = ct_solve(p, s, &ws, lambda, v, info);
    ct_workspace_free(&ws);
    return r;
}

/* Jacobi eigenvalues of a symmetric n x n matrix (double); ev receives them */
static TH_UNUSED void jacobi_eig(const ct_real *G, int n, double *ev) {
    double *a = (double *)malloc((size_t)n * n * sizeof(double));
    int i, j, sweep, p, q;
    for (i = 0; i < n * n; ++i) a[i] = G[i];
    for (sweep = 0; sweep < 100; ++sweep) {
        double off = 0;
        for (i = 0; i < n; ++i)
            for (j = i + 1; j < n; ++j) off += a[i * n + j] * a[i * n + j];
        if (off < 1e-30) break;
        for (p = 0; p < n; ++p)
            for (q = p + 1; q < n; ++q) {
                double apq = a[p * n + q], theta, t, c, s;
                int k;
                if (fabs(apq) < 1e-300) continue;
                theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
                t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1));
                c = 1 / sqrt(t * t + 1);
                s = t * c;
                for (k = 0; k < n; ++k) { /* columns p, q */
                    double akp = a[k * n + p], akq = a[k * n + q];
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for (k = 0; k < n; ++k) { /* rows p, q */
                    double apk = a[p * n + k], aqk = a[q * n + k];
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
            }
    }
    for (i = 0; i < n; ++i) ev[i] = a[i * n + i];
    free(a);
}
static TH_UNUSED double condition_number(const ct_real *G, int n) {
    double *ev = (double *)malloc((size_t)n * sizeof(double)), lo = 1e300, hi = 0;
    int i;
    jacobi_eig(G, n, ev);
    for (i = 0; i < n; ++i) {
        if (ev[i] < lo) lo = ev[i];
        if (ev[i] > hi) hi = ev[i];
    }
    free(ev);
    return lo > 0 ? hi / lo : 1e300;
}

/* G = J M^-1 J^T (ct_delassus_from_mj), g = J v0, scaled to max diag G = 1, ||g||_inf = 1.
   J is Gaussian with nv >= 2 n columns (full row rank), M = B B^T / k + diag in [0.5, 2];
   with_R adds a compliance diagonal in [1e-3, 1e-1]. */
static TH_UNUSED void random_problem(owned_problem *o, int nb, int nu, int nc, int nv, double mu_lo,
                           double mu_hi, int with_R) {
    int n, i, j, k = nv < 10 ? nv : 10;
    ct_real *M = (ct_real *)malloc((size_t)nv * nv * sizeof(ct_real));
    ct_real *J, *v0, *sc;
    double *B = (double *)malloc((size_t)nv * k * sizeof(double));
    double dmax = 0, gmax = 0;
    op_alloc(o, nb, nu, nc);
    n = o->n;
    J = (ct_real *)malloc((size_t)n * nv * sizeof(ct_real));
    v0 = (ct_real *)malloc((size_t)nv * sizeof(ct_real));
    sc = (ct_real *)malloc(ct_delassus_scratch_size(nv, n) * sizeof(ct_real));
    for (i = 0; i < nv * k; ++i) B[i] = th_normal();
    for (i = 0; i < nv; ++i)
        for (j = 0; j <= i; ++j) {
            double s = 0;
            int q;
            for (q = 0; q < k; ++q) s += B[i * k + q] * B[j * k + q];
            s /= k;
            if (i == j) s += th_range(0.5, 2);
            M[i * nv + j] = M[j * nv + i] = (ct_real)s;
        }
    for (i = 0; i < n * nv; ++i) J[i] = (ct_real)th_normal();
    for (i = 0; i < nv; ++i) v0[i] = (ct_real)th_normal();
    if (!CHECK_EQ_INT(ct_delassus_from_mj(nv, n, M, J, v0, o->G, o->g, sc), CT_OK)) {
        for (i = 0; i < n; ++i) o->G[i * n + i] = 1;
    }
    for (i = 0; i < n; ++i) {
        if (o->G[i * n + i] > dmax) dmax = o->G[i * n + i];
        if (fabs(o->g[i]) > gmax) gmax = fabs(o->g[i]);
    }
    for (i = 0; i < n * n; ++i) o->G[i] = (ct_real)(o->G[i] / dmax);
    for (i = 0; i < n; ++i) o->g[i] = (ct_real)(o->g[i] / gmax);
    for (i = 0; i < nc; ++i) o->mu[i] = (ct_real)th_range(mu_lo, mu_hi);
    if (with_R) {
        o->R = (ct_real *)malloc((size_t)n * sizeof(ct_real));
        for (i = 0; i < n; ++i) o->R[i] = (ct_real)th_range(1e-3, 1e-1);
        o->p.R = o->R;
    }
    free(M); free(J); free(v0); free(sc); free(B);
}

/* Two 0.2 m cubes stacked on the floor (seed 000 Sec. IV-A, Fig. 13: 1e-3 kg under 1e3 kg),
   4 corner contacts per face: 8 contacts, hyperstatic (rank 12 of 24), rigid (R = 0), g in
   forces (divided by dt = 1e-3 s). mu 0.9 on the floor, 0.95 between the boxes. */
#define BOX_NV 12
#define BOX_NC 8
#define BOX_N (3 * BOX_NC)
static TH_UNUSED void box_stack(ct_real *G, ct_real *g, ct_real *mu, double m_bottom, double m_top) {
    const double a = 0.2, m[2] = {m_bottom, m_top}, dt = 1e-3, grav = 9.81;
    ct_real M[BOX_NV * BOX_NV], J[BOX_N * BOX_NV], vfree[BOX_NV];
    ct_real *sc = (ct_real *)malloc(ct_delassus_scratch_size(BOX_NV, BOX_N) * sizeof(ct_real));
    int b, i, c, k;
    memset(M, 0, sizeof(M));
    memset(J, 0, sizeof(J));
    memset(vfree, 0, sizeof(vfree));
    for (b = 0; b < 2; ++b)
        for (i = 0; i < 3; ++i) {
            M[(6 * b + i) * BOX_NV + 6 * b + i] = (ct_real)m[b];
            M[(6 * b + 3 + i) * BOX_NV + 6 * b + 3 + i] = (ct_real)(m[b] * a * a / 6);
        }
    vfree[2] = vfree[8] = (ct_real)(-grav * dt);
    /* contacts 0-3: floor under the bottom box (body 0, centre at z = a/2); 4-7: the top box
       (body 1, centre 3a/2) on the bottom box, at z = a. Row of a body for direction d at the
       point p: [d^T, (r x d)^T], r = p - centre; minus for the body below. */
    for (c = 0; c < BOX_NC; ++c) {
        double p[3], cb[2][3] = {{0, 0, a / 2}, {0, 0, 1.5 * a}};
        p[0] = (c & 1) ? a / 2 : -a / 2;
        p[1] = (c & 2) ? a / 2 : -a / 2;
        p[2] = c < 4 ? 0 : a;
        mu[c] = (ct_real)(c < 4 ? 0.9 : 0.95);
        for (k = 0; k < 3; ++k) {
            double d[3] = {0, 0, 0};
            int body, above = c < 4 ? 0 : 1;
            d[k] = 1;
            for (body = 0; body < 2; ++body) {
                double r[3], sgn;
                ct_real *row = J + (3 * c + k) * BOX_NV + 6 * body;
                if (c < 4 && body == 1) continue;      /* the floor contacts touch body 0 only */
                sgn = body == above ? 1 : -1;
                for (i = 0; i < 3; ++i) r[i] = p[i] - cb[body][i];
                row[0] = (ct_real)(sgn * d[0]); row[1] = (ct_real)(sgn * d[1]); row[2] = (ct_real)(sgn * d[2]);
                row[3] = (ct_real)(sgn * (r[1] * d[2] - r[2] * d[1]));
                row[4] = (ct_real)(sgn * (r[2] * d[0] - r[0] * d[2]));
                row[5] = (ct_real)(sgn * (r[0] * d[1] - r[1] * d[0]));
            }
        }
    }
    CHECK_EQ_INT(ct_delassus_from_mj(BOX_NV, BOX_N, M, J, vfree, G, g, sc), CT_OK);
    for (i = 0; i < BOX_N; ++i) g[i] = (ct_real)(g[i] / dt); /* forces (N) */
    free(sc);
}


#endif
