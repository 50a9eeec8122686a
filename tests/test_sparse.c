/* test_sparse.c - the block-sparse storage of G and the sparse Cholesky: the converter from
   dense, the validation of the structure, the sparse factor against the dense one, every
   method on both storages (velocities to the solver tolerance, impulses where unique), the
   solver object's reuse of the ordering and symbolic factorization across values with the
   same pattern and of the numeric factor across new g, a 1000-contact pile solved within the
   workspace ct_workspace_size_problem reports, and the operator form (ct_operator) against
   the dense G. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

/* a pile: nbody bodies (6 dof, masses log-spread, diagonal inertia), nc contacts between two
   random bodies or a body and the ground (frame: world x, y, z; random contact points), nb
   joint rows and nu limit rows between neighbours. G = J M^-1 J^T is computed block by block
   from the bodies the rows share, so it comes block-sparse without a dense product; the dense
   copy is made only for small piles. */
typedef struct pile {
    int nb, nu, nc, n, ng;
    ct_real *G, *g, *mu;               /* G: dense copy or NULL                          */
    int *row_ptr, *col, nnzb;          /* the block-sparse G                             */
    ct_real *val;
    ct_sparse S;
} pile;

static void pile_make(pile *P, int nbody, int nb, int nu, int nc, unsigned seed, int dense) {
    const int c0 = nb + nu, ng = c0 + nc, n = c0 + 3 * nc;
    int *ba = (int *)calloc((size_t)ng, sizeof(int)), *bb = (int *)calloc((size_t)ng, sizeof(int));
    double *J = (double *)calloc((size_t)n * 12, sizeof(double)); /* per row: 6 for a, 6 for b */
    double *minv = (double *)calloc((size_t)nbody * 6, sizeof(double)), *vf = (double *)calloc((size_t)nbody * 6, sizeof(double));
    int *cnt = (int *)calloc((size_t)nbody + 1, sizeof(int)), *lst, *start = (int *)calloc((size_t)nbody + 1, sizeof(int));
    int *mark = (int *)calloc((size_t)ng, sizeof(int)), i, j, k, q, gi;
    th_seed(seed);
    P->nb = nb; P->nu = nu; P->nc = nc; P->n = n; P->ng = ng;
    for (i = 0; i < nbody; ++i) {
        double m = pow(10, th_range(-1, 1));
        for (k = 0; k < 6; ++k) minv[6 * i + k] = k < 3 ? 1 / m : 1 / (0.01 * m);
        for (k = 0; k < 6; ++k) vf[6 * i + k] = 0.1 * th_normal() - (k == 2 ? 9.81e-2 : 0);
    }
    for (gi = 0; gi < ng; ++gi) {
        ba[gi] = (int)(th_uniform() * nbody);
        bb[gi] = gi < c0 ? (ba[gi] + 1) % nbody : (int)(th_uniform() * (nbody + 1)) - 1;
        if (bb[gi] == ba[gi]) bb[gi] = -1;
    }
    for (gi = 0; gi < ng; ++gi) {
        int r0 = gi < c0 ? gi : c0 + 3 * (gi - c0), sz = gi < c0 ? 1 : 3, t;
        double ra[3], rb[3];
        for (k = 0; k < 3; ++k) { ra[k] = th_range(-0.1, 0.1); rb[k] = th_range(-0.1, 0.1); }
        for (t = 0; t < sz; ++t) {
            double d[3] = {0, 0, 0}, *row = J + (size_t)(r0 + t) * 12;
            if (sz == 1) { d[0] = th_normal(); d[1] = th_normal(); d[2] = th_normal(); }
            else d[t] = 1; /* (t1, t2, n) = (x, y, z) */
            row[0] = d[0]; row[1] = d[1]; row[2] = d[2];
            row[3] = ra[1] * d[2] - ra[2] * d[1]; row[4] = ra[2] * d[0] - ra[0] * d[2]; row[5] = ra[0] * d[1] - ra[1] * d[0];
            row[6] = -d[0]; row[7] = -d[1]; row[8] = -d[2];
            row[9] = -(rb[1] * d[2] - rb[2] * d[1]); row[10] = -(rb[2] * d[0] - rb[0] * d[2]); row[11] = -(rb[0] * d[1] - rb[1] * d[0]);
        }
    }
    /* groups per body */
    for (gi = 0; gi < ng; ++gi) { cnt[ba[gi]]++; if (bb[gi] >= 0) cnt[bb[gi]]++; }
    for (i = 0; i < nbody; ++i) start[i + 1] = start[i] + cnt[i];
    lst = (int *)calloc((size_t)start[nbody] + 1, sizeof(int));
    for (i = 0; i < nbody; ++i) cnt[i] = 0;
    for (gi = 0; gi < ng; ++gi) {
        lst[start[ba[gi]] + cnt[ba[gi]]++] = gi;
        if (bb[gi] >= 0) lst[start[bb[gi]] + cnt[bb[gi]]++] = gi;
    }
    /* the block pattern: groups sharing a body */
    P->row_ptr = (int *)calloc((size_t)ng + 1, sizeof(int));
    for (q = 0; q < 2; ++q) { /* count, then fill */
        int nz = 0;
        for (gi = 0; gi < ng; ++gi) {
            int body[2], bi, c = 0, first = nz;
            body[0] = ba[gi]; body[1] = bb[gi];
            for (bi = 0; bi < 2; ++bi) {
                if (body[bi] < 0) continue;
                for (k = start[body[bi]]; k < start[body[bi] + 1]; ++k)
                    if (mark[lst[k]] != gi + 1) {
                        mark[lst[k]] = gi + 1;
                        if (q) P->col[nz] = lst[k];
                        ++nz;
                        ++c;
                    }
            }
            if (q) { /* sort the row and compute its blocks */
                int a2, b2;
                for (k = first + 1; k < nz; ++k) {
                    int x = P->col[k];
                    for (j = k - 1; j >= first && P->col[j] > x; --j) P->col[j + 1] = P->col[j];
                    P->col[j + 1] = x;
                }
                for (k = first; k < nz; ++k) {
                    int gj = P->col[k], ri = gi < c0 ? gi : c0 + 3 * (gi - c0), rj = gj < c0 ? gj : c0 + 3 * (gj - c0);
                    int si = gi < c0 ? 1 : 3, sj = gj < c0 ? 1 : 3;
                    for (a2 = 0; a2 < si; ++a2)
                        for (b2 = 0; b2 < sj; ++b2) {
                            double e = 0;
                            int u, w;
                            const double *Ji = J + (size_t)(ri + a2) * 12, *Jj = J + (size_t)(rj + b2) * 12;
                            for (u = 0; u < 2; ++u) {
                                int cb = u ? bb[gi] : ba[gi];
                                if (cb < 0) continue;
                                for (w = 0; w < 2; ++w)
                                    if ((w ? bb[gj] : ba[gj]) == cb) {
                                        int m2;
                                        for (m2 = 0; m2 < 6; ++m2) e += Ji[6 * u + m2] * minv[6 * cb + m2] * Jj[6 * w + m2];
                                    }
                            }
                            P->val[9 * (size_t)k + 3 * a2 + b2] = (ct_real)e;
                        }
                }
            }
            (void)c;
            P->row_ptr[gi + 1] = nz;
        }
        if (!q) {
            P->nnzb = nz;
            P->col = (int *)calloc((size_t)nz + 1, sizeof(int));
            P->val = (ct_real *)calloc(9 * (size_t)nz + 1, sizeof(ct_real));
            for (gi = 0; gi < ng; ++gi) mark[gi] = 0;
        }
    }
    P->S.row_ptr = P->row_ptr; P->S.col = P->col; P->S.val = P->val;
    P->g = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    for (i = 0; i < n; ++i) {
        gi = i < c0 ? i : c0 + (i - c0) / 3;
        {
            double e = 0;
            for (k = 0; k < 6; ++k) {
                e += J[(size_t)i * 12 + k] * vf[6 * ba[gi] + k];
                if (bb[gi] >= 0) e += J[(size_t)i * 12 + 6 + k] * vf[6 * bb[gi] + k];
            }
            P->g[i] = (ct_real)e;
        }
    }
    P->mu = (ct_real *)calloc((size_t)(nc ? nc : 1), sizeof(ct_real));
    for (i = 0; i < nc; ++i) P->mu[i] = (ct_real)th_range(0.2, 0.9);
    P->G = NULL;
    if (dense) { /* expand */
        P->G = (ct_real *)calloc((size_t)n * n, sizeof(ct_real));
        for (gi = 0; gi < ng; ++gi)
            for (k = P->row_ptr[gi]; k < P->row_ptr[gi + 1]; ++k) {
                int gj = P->col[k], ri = gi < c0 ? gi : c0 + 3 * (gi - c0), rj = gj < c0 ? gj : c0 + 3 * (gj - c0);
                int a2, b2;
                for (a2 = 0; a2 < (gi < c0 ? 1 : 3); ++a2)
                    for (b2 = 0; b2 < (gj < c0 ? 1 : 3); ++b2)
                        P->G[(size_t)(ri + a2) * n + rj + b2] = P->val[9 * (size_t)k + 3 * a2 + b2];
            }
    }
    free(ba); free(bb); free(J); free(minv); free(vf); free(cnt); free(lst); free(start); free(mark);
}
static void pile_free(pile *P) { free(P->G); free(P->g); free(P->mu); free(P->row_ptr); free(P->col); free(P->val); }

/* the converter's output, to check it against the generator's pattern */
typedef struct sparse_g {
    int *row_ptr, *col, nnzb;
    ct_real *val;
    ct_sparse S;
} sparse_g;

static void sparse_make(sparse_g *S, const pile *P) {
    int ng = P->nb + P->nu + P->nc;
    CHECK_EQ_INT(ct_sparse_count(P->nb, P->nu, P->nc, P->G, 0, &S->nnzb), CT_OK);
    S->row_ptr = (int *)calloc((size_t)ng + 1, sizeof(int));
    S->col = (int *)calloc((size_t)S->nnzb + 1, sizeof(int));
    S->val = (ct_real *)calloc(9 * (size_t)S->nnzb + 1, sizeof(ct_real));
    CHECK_EQ_INT(ct_sparse_from_dense(P->nb, P->nu, P->nc, P->G, 0, S->row_ptr, S->col, S->val), CT_OK);
    S->S.row_ptr = S->row_ptr;
    S->S.col = S->col;
    S->S.val = S->val;
}
static void sparse_free(sparse_g *S) { free(S->row_ptr); free(S->col); free(S->val); }

static void problems(const pile *P, const sparse_g *S, ct_problem *pd, ct_problem *ps) {
    memset(pd, 0, sizeof(*pd));
    pd->nb = P->nb; pd->nu = P->nu; pd->nc = P->nc; pd->G = P->G; pd->g = P->g; pd->mu = P->mu;
    *ps = *pd;
    ps->G = NULL;
    ps->Gs = &S->S;
}

/* ---- 1. the structure: converter, validation ---------------------------------------------- */
static void test_structure(void) {
    pile P;
    sparse_g S;
    ct_problem pd, ps;
    int ng, k, zero = 0;
    pile_make(&P, 12, 2, 1, 10, 1, 1);
    sparse_make(&S, &P);
    problems(&P, &S, &pd, &ps);
    ng = P.nb + P.nu + P.nc;
    CHECKF(S.nnzb < ng * ng, "the pile's G should be block-sparse: %d of %d blocks", S.nnzb, ng * ng);
    CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8), CT_OK);
    { /* entries agree with the dense G: the columns G e_j + g, exact for a unit e_j */
        ct_real *e = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
        ct_real *cd = (ct_real *)calloc((size_t)P.n, sizeof(ct_real)), *cs = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
        double d = 0;
        int i, j;
        for (j = 0; j < P.n; ++j) {
            e[j] = 1;
            CHECK_EQ_INT(ct_velocity(&pd, e, cd), CT_OK);
            CHECK_EQ_INT(ct_velocity(&ps, e, cs), CT_OK);
            for (i = 0; i < P.n; ++i) d = fmax(d, fabs((double)cd[i] - cs[i]));
            e[j] = 0;
        }
        CHECK(d == 0);
        free(e); free(cd); free(cs);
    }
    /* errors: a missing diagonal block, unsorted columns, an asymmetric block, NaN */
    for (k = S.row_ptr[0]; k < S.row_ptr[1]; ++k) zero += S.col[k] == 0;
    CHECK_EQ_INT(zero, 1);
    if (S.row_ptr[1] - S.row_ptr[0] >= 2) {
        int t = S.col[0];
        S.col[0] = S.col[1];
        S.col[1] = t;
        CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8), CT_ERROR_INVALID_SIZE);
        S.col[1] = S.col[0];
        S.col[0] = t;
    }
    {
        ct_real keep = S.val[9 * (S.row_ptr[1] - 1)];
        S.val[9 * (S.row_ptr[1] - 1)] += 1; /* block (0, last) no longer the transpose */
        CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8),
                     S.col[S.row_ptr[1] - 1] == 0 ? CT_OK : CT_ERROR_NOT_SYMMETRIC);
        S.val[9 * (S.row_ptr[1] - 1)] = (ct_real)NAN;
        CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8), CT_ERROR_NON_FINITE);
        S.val[9 * (S.row_ptr[1] - 1)] = keep;
    }
    {
        int save = S.row_ptr[ng];
        S.row_ptr[ng] = S.row_ptr[ng - 1]; /* the last block row empty: no diagonal */
        CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8), CT_ERROR_INVALID_SIZE);
        S.row_ptr[ng] = save;
    }
    CHECK_EQ_INT(ct_problem_validate(&ps, (ct_real)1e-8), CT_OK);
    sparse_free(&S);
    pile_free(&P);
}

/* ---- 1b. validation of the values: symmetry across a missing mirror, the diagonal blocks ---- */
/* One joint row (group 0) and two contacts (groups 1, 2): G = diag, plus a coupling block
   between the contacts, stored in row 2 only (its mirror in row 1 missing) when lower_only. */
static ct_result validate_two(ct_real coupling, ct_real diag_asym, ct_real diag_neg, int lower_only) {
    static int row_ptr[4], col[6];
    static ct_real val[9 * 6];
    ct_sparse S;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real g[7] = {0}, mu[2] = {0.5, 0.5};
    int k = 0, i;
    memset(val, 0, sizeof(val));
    row_ptr[0] = 0;
    col[k] = 0; val[9 * k] = 2; ++k; /* the joint: a 1-row group, its block's (0, 0) */
    row_ptr[1] = k;
    col[k] = 1; for (i = 0; i < 3; ++i) val[9 * k + 4 * i] = 1; val[9 * k + 1] = diag_asym;
    val[9 * k + 8] = diag_neg ? -1 : 1; ++k;
    if (!lower_only) { col[k] = 2; val[9 * k + 2] = coupling; ++k; }
    row_ptr[2] = k;
    col[k] = 1; val[9 * k + 6] = coupling; ++k; /* the transpose of (1, 2): (2, 1)[2][0] */
    col[k] = 2; for (i = 0; i < 3; ++i) val[9 * k + 4 * i] = 1; ++k;
    row_ptr[3] = k;
    S.row_ptr = row_ptr; S.col = col; S.val = val;
    memset(&p, 0, sizeof(p));
    p.nb = 1; p.nc = 2; p.Gs = &S; p.g = g; p.mu = mu;
    return ct_problem_validate(&p, (ct_real)1e-8);
}

static void test_values(void) {
    CHECK_EQ_INT(validate_two((ct_real)0.25, 0, 0, 0), CT_OK);                   /* mirrored */
    CHECK_EQ_INT(validate_two((ct_real)0.25, 0, 0, 1), CT_ERROR_NOT_SYMMETRIC);  /* below only */
    CHECK_EQ_INT(validate_two(0, 0, 0, 1), CT_OK);                               /* a stored zero */
    CHECK_EQ_INT(validate_two(0, (ct_real)0.25, 0, 0), CT_ERROR_NOT_SYMMETRIC);  /* B_01 != B_10 */
    CHECK_EQ_INT(validate_two(0, 0, 1, 0), CT_ERROR_NOT_PSD);                    /* B_nn = -1 */
}

/* ---- 2. the sparse factor against the dense one -------------------------------------------- */
static void test_factor(void) {
    pile P;
    sparse_g S;
    ct_problem pd, ps;
    ct_settings s = ct_default_settings();
    ct_solver sv;
    ct_workspace ws;
    ct_info i1, i2;
    ct_real *l1, *l2, *v;
    double err = 0, bmax = 0;
    int i;
    pile_make(&P, 20, 3, 2, 25, 2, 1);
    sparse_make(&S, &P);
    problems(&P, &S, &pd, &ps);
    /* one ADMM iteration from zero with the fixed penalty: its x-step solves (G + 1e-3 I) x = b
       with the sparse factor or the dense one, and y = P_K(x - z / rho) differs by at most what
       the two solves differ by (a projection is 1-Lipschitz) */
    s.admm.rule = CT_RHO_FIXED;
    s.admm.eta = 0;
    s.admm.rho0 = (ct_real)1e-3;
    s.max_iter = 1;
    s.warm_start = 0;
    l1 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    l2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    CHECK_EQ_INT(ct_solver_alloc(&sv, &ps, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_setup(&sv, &ps, &s, NULL), CT_OK);
    CHECK(sv.nnzl > 0);
    CHECK_EQ_INT(ct_solver_solve(&sv, l1, v, &i1), CT_OK);
    CHECK_EQ_INT(ct_workspace_alloc(&ws, P.nb, P.nu, P.nc, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solve(&pd, &s, &ws, l2, v, &i2), CT_OK);
    CHECK_EQ_INT(i1.iterations, 1);
    CHECK_EQ_INT(i2.iterations, 1);
    for (i = 0; i < P.n; ++i) {
        err = fmax(err, fabs((double)l1[i] - l2[i]));
        bmax = fmax(bmax, fabs((double)l2[i]));
    }
    /* both solve the same SPD system: agreement to rounding times its condition (~1e3 here) */
    CHECKF(err <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-9) * (1 + bmax), "sparse vs dense solve: %g of %g", err, bmax);
    printf("  factor: n %d, %d groups, %d blocks of G, %ld of L (dense L: %d); |x_sparse - x_dense| %.2g of %.2g\n",
           P.n, P.nb + P.nu + P.nc, S.nnzb, sv.nnzl, (P.nb + P.nu + P.nc) * (P.nb + P.nu + P.nc - 1) / 2, err, bmax);
    free(l1); free(l2); free(v);
    ct_solver_free(&sv);
    ct_workspace_free(&ws);
    sparse_free(&S);
    pile_free(&P);
}

/* ---- 3. every method on both storages --------------------------------------------------------- */
static void test_methods(void) {
    pile P;
    sparse_g S;
    ct_problem pd, ps;
    int m;
    pile_make(&P, 15, 2, 2, 12, 3, 1);
    sparse_make(&S, &P);
    problems(&P, &S, &pd, &ps);
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        ct_settings s = ct_default_settings();
        ct_workspace w1, w2;
        ct_info i1, i2;
        ct_real *l1 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real)), *v1 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
        ct_real *l2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real)), *v2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
        double dv = 0, vmax = 0;
        int i;
        if (m == CT_METHOD_NEWTON_SOFT) { /* needs compliance or the generalized form: below */
            free(l1); free(v1); free(l2); free(v2);
            continue;
        }
        s.method = (ct_method)m;
        s.max_iter = 20000;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-5 : 1e-10);
        CHECK_EQ_INT(ct_workspace_alloc_problem(&w1, &pd, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_workspace_alloc_problem(&w2, &ps, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&pd, &s, &w1, l1, v1, &i1), CT_OK);
        CHECK_EQ_INT(ct_solve(&ps, &s, &w2, l2, v2, &i2), CT_OK);
        CHECKF(i1.status == i2.status, "%s: dense %s, sparse %s", ct_method_string(s.method),
               ct_status_string(i1.status), ct_status_string(i2.status));
        for (i = 0; i < P.n; ++i) {
            dv = fmax(dv, fabs((double)v1[i] - v2[i]));
            vmax = fmax(vmax, fabs((double)v1[i]));
        }
        if (i1.status == CT_STATUS_CONVERGED)
            CHECKF(dv <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-6) * (1 + vmax), "%s: v differs by %g", ct_method_string(s.method), dv);
        printf("  %-13s dense %-9s %5d it, sparse %-9s %5d it; |dv| %.2g\n", ct_method_string(s.method),
               i1.status == CT_STATUS_CONVERGED ? "converged" : "not", i1.iterations,
               i2.status == CT_STATUS_CONVERGED ? "converged" : "not", i2.iterations, dv);
        ct_workspace_free(&w1);
        ct_workspace_free(&w2);
        free(l1); free(v1); free(l2); free(v2);
    }
    sparse_free(&S);
    pile_free(&P);
}

/* ---- 4. reuse: the pattern's analysis and the factorization ------------------------------- */
static void test_reuse(void) {
    pile P;
    sparse_g S;
    ct_problem pd, ps;
    ct_settings s = ct_default_settings();
    ct_solver sv;
    ct_info i1, i2;
    ct_real *l, *v, *g2;
    long nnzl;
    int i;
    pile_make(&P, 15, 0, 1, 15, 4, 1);
    sparse_make(&S, &P);
    problems(&P, &S, &pd, &ps);
    s.max_iter = 20000;
    l = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    g2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    CHECK_EQ_INT(ct_solver_alloc(&sv, &ps, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_setup(&sv, &ps, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &i1), CT_OK);
    CHECK_EQ_INT(i1.status, CT_STATUS_CONVERGED);
    CHECK(i1.reused & CT_REUSED_ORDERING);
    nnzl = sv.nnzl;
    CHECK(nnzl > 0);
    /* the same pattern with new values and a new g: the analysis is kept */
    for (i = 0; i < 9 * S.nnzb; ++i) S.val[i] *= (ct_real)1.5;
    for (i = 0; i < P.n; ++i) g2[i] = P.g[i] * (ct_real)0.9;
    CHECK_EQ_INT(ct_solver_update_matrix(&sv, &ps), CT_OK);
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, NULL), CT_OK);
    memset(l, 0, (size_t)P.n * sizeof(ct_real));
    CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &i2), CT_OK);
    CHECK_EQ_INT(i2.status, CT_STATUS_CONVERGED);
    CHECK(i2.reused & CT_REUSED_ORDERING);
    CHECK(!(i2.reused & CT_REUSED_FACTOR)); /* new values: a new numeric factor */
    CHECK(sv.nnzl == nnzl);
    /* a new g only: the numeric factor is reused too */
    for (i = 0; i < P.n; ++i) g2[i] = P.g[i] * (ct_real)1.1;
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, NULL), CT_OK);
    s.admm.warm_rho = 1; /* the penalty of the last solve, whose factor is held */
    CHECK_EQ_INT(ct_solver_update_settings(&sv, &s), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &i2), CT_OK);
    CHECK_EQ_INT(i2.status, CT_STATUS_CONVERGED);
    CHECK(i2.reused & CT_REUSED_FACTOR);
    /* another pattern: the solver object needs a new setup */
    {
        sparse_g S2;
        ct_problem pd2, ps2;
        pile P2;
        pile_make(&P2, 15, 0, 1, 15, 9, 1);
        sparse_make(&S2, &P2);
        problems(&P2, &S2, &pd2, &ps2);
        if (S2.nnzb != S.nnzb || memcmp(S2.col, S.col, sizeof(int) * (size_t)S.nnzb) != 0)
            CHECK_EQ_INT(ct_solver_update_matrix(&sv, &ps2), CT_ERROR_NO_SETUP);
        sparse_free(&S2);
        pile_free(&P2);
    }
    ct_solver_free(&sv);
    free(l); free(v); free(g2);
    sparse_free(&S);
    pile_free(&P);
}

/* ---- 5. a 1000-contact pile within ct_workspace_size_problem ------------------------------ */
static void test_large(void) {
#ifndef CONTACT_USE_FLOAT
    pile P;
    ct_problem ps = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    ct_real *l, *v;
    size_t bytes = 0, dense = 0;
    void *mem;
    pile_make(&P, 600, 0, 0, 1000, 6, 0);
    memset(&ps, 0, sizeof(ps));
    ps.nc = P.nc; ps.Gs = &P.S; ps.g = P.g; ps.mu = P.mu;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = 1e-6;
    s.max_iter = 5000;
    CHECK_EQ_INT(ct_workspace_size_problem(&ps, &s, &bytes), CT_OK);
    CHECK_EQ_INT(ct_workspace_size(0, 0, 1000, &s, &dense), CT_OK);
    mem = malloc(bytes);
    CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes), CT_OK);
    l = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    CHECK_EQ_INT(ct_solve(&ps, &s, &ws, l, v, &info), CT_OK);
    CHECKF(info.status == CT_STATUS_CONVERGED, "1000 contacts: %s after %d (relative %g)",
           ct_status_string(info.status), info.iterations, (double)info.model.relative);
    printf("  pile of 1000 contacts on 600 bodies: %d blocks of G, workspace %.2f MB (dense ADMM: %.1f MB), %d iterations, %d factorizations\n",
           P.nnzb, bytes / 1e6, dense / 1e6, info.iterations, info.factorizations);
    CHECK(bytes < dense / 10);
    free(mem); free(l); free(v);
    pile_free(&P);
#endif
}

/* ---- 6. the operator form (ct_operator): the caller's products and factor/solve ------------- */
/* A caller's operator: a dense G behind callbacks, with its own Cholesky (double), and
   counters of the calls; `fail` makes the factor report a matrix that is not PD, `bad` puts a
   value into the diagonal blocks (NaN, a negative diagonal, an asymmetric entry). */
typedef struct user_op {
    const ct_real *G;
    int n, factors, solves, muls, fail, bad;
    double *L; /* n x n */
} user_op;

static void uop_mul(void *ctx, const ct_real *x, ct_real *y) {
    user_op *u = (user_op *)ctx;
    int i, j;
    ++u->muls;
    for (i = 0; i < u->n; ++i) {
        double acc = 0;
        for (j = 0; j < u->n; ++j) acc += (double)u->G[i * u->n + j] * x[j];
        y[i] = (ct_real)acc;
    }
}
static void uop_diag(void *ctx, int r, int size, ct_real *B) {
    user_op *u = (user_op *)ctx;
    int a, b;
    for (a = 0; a < size; ++a)
        for (b = 0; b < size; ++b) B[size * a + b] = u->G[(r + a) * u->n + r + b];
    if (size == 3 && u->bad == 1) B[4] = (ct_real)NAN;
    if (size == 3 && u->bad == 2) B[8] = -1;
    if (size == 3 && u->bad == 3) B[1] += 1;
}
static int uop_factor(void *ctx, const ct_real *d) {
    user_op *u = (user_op *)ctx;
    int i, j, k, n = u->n;
    ++u->factors;
    if (u->fail) return 1;
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i; ++j) {
            double acc = (double)u->G[i * n + j] + (i == j ? (double)d[i] : 0);
            for (k = 0; k < j; ++k) acc -= u->L[i * n + k] * u->L[j * n + k];
            if (i == j) {
                if (!(acc > 0)) return 1;
                u->L[i * n + i] = sqrt(acc);
            } else {
                u->L[i * n + j] = acc / u->L[j * n + j];
            }
        }
    return 0;
}
static void uop_solve(void *ctx, ct_real *b) {
    user_op *u = (user_op *)ctx;
    int i, k, n = u->n;
    double *y = (double *)malloc(sizeof(double) * (size_t)n);
    ++u->solves;
    for (i = 0; i < n; ++i) {
        double acc = b[i];
        for (k = 0; k < i; ++k) acc -= u->L[i * n + k] * y[k];
        y[i] = acc / u->L[i * n + i];
    }
    for (i = n - 1; i >= 0; --i) {
        double acc = y[i];
        for (k = i + 1; k < n; ++k) acc -= u->L[k * n + i] * y[k];
        y[i] = acc / u->L[i * n + i];
    }
    for (i = 0; i < n; ++i) b[i] = (ct_real)y[i];
    free(y);
}

static void test_operator(void) {
    pile P;
    ct_problem pd, po;
    ct_operator op;
    user_op u;
    ct_settings s = ct_default_settings();
    ct_workspace w1, w2;
    ct_info i1, i2;
    ct_real *l1, *v1, *l2, *v2;
    size_t bytes_op = 0, bytes_dense = 0;
    int m, i, k;
    pile_make(&P, 15, 2, 2, 12, 5, 1);
    memset(&pd, 0, sizeof(pd));
    pd.nb = P.nb; pd.nu = P.nu; pd.nc = P.nc; pd.G = P.G; pd.g = P.g; pd.mu = P.mu;
    memset(&u, 0, sizeof(u));
    u.G = P.G;
    u.n = P.n;
    u.L = (double *)calloc((size_t)P.n * (size_t)P.n, sizeof(double));
    op.ctx = &u; op.mul = uop_mul; op.diag_block = uop_diag; op.factor = uop_factor; op.solve = uop_solve;
    po = pd;
    po.G = NULL;
    po.Gop = &op;
    l1 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real)); v1 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    l2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real)); v2 = (ct_real *)calloc((size_t)P.n, sizeof(ct_real));
    s.max_iter = 5000;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-5 : 1e-10);
    CHECK_EQ_INT(ct_problem_validate(&po, s.sym_tol), CT_OK);
    /* ADMM_NCP and ADMM_CCP: the operator form against the dense G */
    for (k = 0; k < 2; ++k) {
        double dv = 0, vmax = 0;
        s.method = k ? CT_METHOD_ADMM_CCP : CT_METHOD_ADMM_NCP;
        CHECK_EQ_INT(ct_workspace_size_problem(&po, &s, &bytes_op), CT_OK);
        CHECK_EQ_INT(ct_workspace_size(P.nb, P.nu, P.nc, &s, &bytes_dense), CT_OK);
        CHECKF(bytes_op < bytes_dense, "operator workspace %lu, dense %lu", (unsigned long)bytes_op,
               (unsigned long)bytes_dense);
        CHECK_EQ_INT(ct_workspace_alloc(&w1, P.nb, P.nu, P.nc, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_workspace_alloc_problem(&w2, &po, &s, NULL), CT_OK);
        memset(l1, 0, sizeof(ct_real) * (size_t)P.n);
        memset(l2, 0, sizeof(ct_real) * (size_t)P.n);
        u.factors = u.solves = 0;
        CHECK_EQ_INT(ct_solve(&pd, &s, &w1, l1, v1, &i1), CT_OK);
        CHECK_EQ_INT(ct_solve(&po, &s, &w2, l2, v2, &i2), CT_OK);
        CHECK_EQ_INT(i2.status, i1.status);
        CHECK_EQ_INT(i2.status, CT_STATUS_CONVERGED);
        CHECK(i2.model.relative <= s.tol_rel);
        CHECKF(abs(i2.iterations - i1.iterations) <= 2, "iterations: dense %d, operator %d",
               i1.iterations, i2.iterations);
        CHECK_EQ_INT(u.factors, i2.factorizations);
        CHECKF(u.solves == i2.iterations, "%d solves for %d iterations", u.solves, i2.iterations);
        for (i = 0; i < P.n; ++i) {
            dv = fmax(dv, fabs((double)v1[i] - v2[i]));
            vmax = fmax(vmax, fabs((double)v1[i]));
        }
        CHECKF(dv <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-7) * (1 + vmax), "%s: v differs by %g",
               ct_method_string(s.method), dv);
        printf("  operator %-9s %d it, %d factorizations (dense %d it); |dv| %.2g; workspace %lu of dense %lu bytes\n",
               ct_method_string(s.method), i2.iterations, i2.factorizations, i1.iterations, dv,
               (unsigned long)bytes_op, (unsigned long)bytes_dense);
        /* the solver object: a new g reuses the operator's last factor, no new one */
        if (k == 0) {
            ct_real *l3 = (ct_real *)malloc(sizeof(ct_real) * (size_t)P.n), *v3 = (ct_real *)malloc(sizeof(ct_real) * (size_t)P.n);
            ct_real *g2 = (ct_real *)malloc(sizeof(ct_real) * (size_t)P.n);
            ct_solver sv;
            ct_info i3;
            s.warm_start = 1;
            s.admm.warm_rho = 1;
            CHECK_EQ_INT(ct_solver_alloc(&sv, &po, &s, NULL), CT_OK);
            CHECK_EQ_INT(ct_solver_setup(&sv, &po, &s, NULL), CT_OK);
            memset(l3, 0, sizeof(ct_real) * (size_t)P.n);
            CHECK_EQ_INT(ct_solver_solve(&sv, l3, v3, &i3), CT_OK);
            for (i = 0; i < P.n; ++i) g2[i] = (ct_real)(1.05 * P.g[i]); /* a new g */
            CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, NULL), CT_OK);
            memcpy(l3, l2, sizeof(ct_real) * (size_t)P.n);
            u.factors = 0;
            CHECK_EQ_INT(ct_solver_solve(&sv, l3, v3, &i3), CT_OK);
            free(g2);
            CHECK_EQ_INT(i3.status, CT_STATUS_CONVERGED);
            CHECK(i3.reused & CT_REUSED_FACTOR);
            CHECK_EQ_INT(u.factors, i3.factorizations);
            s.warm_start = 0;
            s.admm.warm_rho = 0;
            ct_solver_free(&sv);
            free(l3); free(v3);
        }
        ct_workspace_free(&w1);
        ct_workspace_free(&w2);
    }
    /* errors: every other method, a missing callback, a factor that fails, bad diagonal blocks */
    CHECK_EQ_INT(ct_workspace_alloc(&w1, P.nb, P.nu, P.nc, &s, NULL), CT_OK);
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        ct_settings t = s;
        ct_workspace w3;
        t.method = (ct_method)m;
        if (m == CT_METHOD_ADMM_NCP || m == CT_METHOD_ADMM_CCP) continue;
        CHECK_EQ_INT(ct_workspace_alloc(&w3, P.nb, P.nu, P.nc, &t, NULL), CT_OK);
        CHECKF(ct_solve(&po, &t, &w3, l2, v2, &i2) == CT_ERROR_STORAGE_UNSUPPORTED, "%s on an operator",
               ct_method_string(t.method));
        ct_workspace_free(&w3);
    }
    s.method = CT_METHOD_ADMM_NCP;
    ct_workspace_free(&w1);
    CHECK_EQ_INT(ct_workspace_alloc(&w1, P.nb, P.nu, P.nc, &s, NULL), CT_OK);
    op.solve = NULL;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_ERROR_INVALID_ARGUMENT);
    op.solve = uop_solve;
    u.fail = 1;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_ERROR_NOT_PSD);
    u.fail = 0;
    u.bad = 1;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_ERROR_NON_FINITE);
    u.bad = 2;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_ERROR_NOT_PSD);
    u.bad = 3;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_ERROR_NOT_SYMMETRIC);
    u.bad = 0;
    CHECK_EQ_INT(ct_solve(&po, &s, &w1, l2, v2, &i2), CT_OK);
    ct_workspace_free(&w1);
    free(l1); free(v1); free(l2); free(v2); free(u.L);
    pile_free(&P);
}

int main(void) {
    test_structure();
    test_values();
    test_factor();
    test_methods();
    test_reuse();
    test_large();
    test_operator();
    return th_summary();
}
