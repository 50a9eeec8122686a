/* test_criteria.c - ct_criteria and ct_contact_modes on hand-made points with known residuals.

   ct_criteria scores the given (lambda, v) and uses g only for the denominator of the
   relative error; it reads G only for the SIGNORINI flavor's model residual (the diagonal
   blocks). Expected values are computed by hand in the comments. */
#include "contact.h"
#include "harness.h"

#define TOL (16 * TH_EPS) /* the hand-made values are O(1) */

static ct_real G9[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

static ct_problem make1(ct_real *g, ct_real *mu) {
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    p.nb = 0; p.nu = 0; p.nc = 1;
    p.G = G9; p.g = g; p.mu = mu; p.R = NULL;
    return p;
}

static void score(const ct_problem *p, const double *l, const double *v, int n, ct_flavor f,
                  ct_residuals *r) {
    ct_real lr[64], vr[64];
    int i;
    for (i = 0; i < n; ++i) { lr[i] = (ct_real)l[i]; vr[i] = (ct_real)v[i]; }
    CHECK_EQ_INT(ct_criteria(p, lr, vr, f, r), CT_OK);
}

/* a sliding solution of the NCP: all zero in NCP, dual and comp != 0 in CCP */
static void test_sliding(void) {
    /* mu = 0.5, lambda = (-0.3, -0.4, 1): ||lambda_T|| = 0.5 = mu lambda_n; v = (0.6, 0.8, 0):
       lambda_T = -mu lambda_n v_T / ||v_T||. NCP: w = v + (0, 0, mu ||v_T||) = (0.6, 0.8, 0.5) is
       on the boundary of K_2 and <lambda, w> = -0.18 - 0.32 + 0.5 = 0.
       CCP: w = v; P_K*(v) = 0.8 (0.6, 0.8, 0.5) = (0.48, 0.64, 0.4); dual = ||(0.12, 0.16, -0.4)||
       = sqrt(0.2); comp = |<lambda, v>| = 0.5. */
    ct_real g[3] = {1, 2, -2}, mu[1] = {0.5f};
    ct_problem p = make1(g, mu);
    double l[3] = {-0.3, -0.4, 1}, v[3] = {0.6, 0.8, 0};
    ct_residuals r;
    score(&p, l, v, 3, CT_FLAVOR_NCP, &r);
    CHECK_NEAR(r.primal, 0, TOL);
    CHECK_NEAR(r.dual, 0, TOL);
    CHECK_NEAR(r.comp, 0, TOL);
    CHECK_NEAR(r.natmap, 0, TOL);
    CHECK_NEAR(r.signorini, 0, TOL);
    CHECK_NEAR(r.absolute, 0, TOL);
    CHECK_NEAR(r.relative, 0, TOL);
    score(&p, l, v, 3, CT_FLAVOR_CCP, &r);
    CHECK_NEAR(r.primal, 0, TOL);
    CHECK_NEAR(r.dual, sqrt(0.2), TOL);
    CHECK_NEAR(r.comp, 0.5, TOL);
    CHECK_NEAR(r.absolute, 0.5, TOL);
    CHECK_EQ_INT(r.absolute_row, 0);
    CHECK_EQ_INT(r.dual_row, 0);
    CHECK_NEAR(r.signorini, 0, TOL); /* lambda_n v_n = 0 in both flavors */
    /* natmap in CCP: lambda - P_K(lambda - v) = (-0.3,-0.4,1) - P_K((-0.9,-1.2,1)); t = 1.5,
       s = (0.75 + 1)/1.25 = 1.4, f = 0.5*1.4/1.5 -> (-0.42, -0.56, 1.4); diff (0.12, 0.16, -0.4) */
    CHECK_NEAR(r.natmap, sqrt(0.2), TOL);
    /* relative = ||natmap||_2 / max(||g|| = 3, ||lambda|| = sqrt(1.25), ||v|| = 1) */
    CHECK_NEAR(r.relative, sqrt(0.2) / 3, TOL);

    /* the CCP's own sliding solution "hovers": v_n = mu ||v_T||: all zero in CCP, not in NCP */
    {
        double v2[3] = {0.6, 0.8, 0.5};
        score(&p, l, v2, 3, CT_FLAVOR_CCP, &r);
        CHECK_NEAR(r.absolute, 0, TOL);
        CHECK_NEAR(r.natmap, 0, TOL);
        CHECK_NEAR(r.signorini, 0.5, TOL); /* |lambda_n v_n| */
        score(&p, l, v2, 3, CT_FLAVOR_NCP, &r);
        /* w = (0.6, 0.8, 1): inside K_2, comp = -0.18 - 0.32 + 1 = 0.5 */
        CHECK_NEAR(r.dual, 0, TOL);
        CHECK_NEAR(r.comp, 0.5, TOL);
        CHECK_NEAR(r.absolute, 0.5, TOL);
    }
}

/* SIGNORINI (Preclik's model): natmap is the model residual ||B (lambda - lambda*)||, lambda*
   the exact local solution given the other contacts, and it is part of absolute, so friction
   is certified. G = I, mu = 0.5, g = (1, 0, -1). The point lambda = (0, 0, 1), v = (1, 0, 0)
   meets cone feasibility and Signorini (primal = dual = comp = 0) but its friction is zero
   while the contact slides. c = v - B lambda = (1, 0, -1); -B^-1 c = (-1, 0, 1) is outside
   K_0.5, so the contact slides: with B = I, v_n = 0 gives lambda*_n = 1 and the minimum of
   1/2 |l|^2 + c.l on the circle |l_T| = 0.5 is lambda*_T = -0.5 (1, 0). Residual
   ||lambda - lambda*|| = 0.5; relative 0.5 / max(||g|| = sqrt 2, 1, 1). */
static void test_signorini_model(void) {
    ct_real g[3] = {1, 0, -1}, mu[1] = {0.5f}, ls[3], c[3] = {1, 0, -1};
    ct_problem p = make1(g, mu);
    double l[3] = {0, 0, 1}, v[3] = {1, 0, 0}, l2[3] = {-0.5, 0, 1}, v2[3] = {0.5, 0, 0};
    ct_residuals r, r2;
    score(&p, l, v, 3, CT_FLAVOR_SIGNORINI, &r);
    CHECK_NEAR(r.primal, 0, TOL);
    CHECK_NEAR(r.dual, 0, TOL);
    CHECK_NEAR(r.comp, 0, TOL);
    CHECK_NEAR(r.natmap, 0.5, TOL);
    CHECK_NEAR(r.absolute, 0.5, TOL);
    CHECK_EQ_INT(r.absolute_row, 0);
    CHECK_NEAR(r.relative, 0.5 / sqrt(2.0), TOL);
    /* the exact local law agrees, and its answer scores zero */
    CHECK_EQ_INT(ct_local_contact(CT_LOCAL_PRECLIK_EXACT, mu[0], G9, c, NULL, ls), CT_OK);
    CHECK_NEAR(ls[0], -0.5, TOL);
    CHECK_NEAR(ls[1], 0, TOL);
    CHECK_NEAR(ls[2], 1, TOL);
    score(&p, l2, v2, 3, CT_FLAVOR_SIGNORINI, &r);
    CHECK_NEAR(r.absolute, 0, TOL);
    CHECK_NEAR(r.natmap, 0, TOL);
    /* a block-sparse G gives the same residuals, bitwise */
    {
        int rp[2] = {0, 1}, col[1] = {0};
        ct_sparse S;
        ct_problem ps = p;
        S.row_ptr = rp; S.col = col; S.val = G9;
        ps.G = NULL; ps.Gs = &S;
        score(&ps, l, v, 3, CT_FLAVOR_SIGNORINI, &r2);
        score(&p, l, v, 3, CT_FLAVOR_SIGNORINI, &r);
        CHECK(memcmp(&r, &r2, sizeof(r)) == 0);
    }
    /* the model residual needs G's blocks: none, or two forms, is an error; no contact, none */
    {
        ct_problem q = p;
        ct_real lr[3] = {0, 0, 1}, vr[3] = {1, 0, 0};
        q.G = NULL;
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_SIGNORINI, &r), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_criteria_rule(&q, lr, vr, CT_FLAVOR_SIGNORINI, CT_STOP_ABSOLUTE, &r),
                     CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_NCP, &r), CT_OK); /* the others do not */
        q.nc = 0;
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_SIGNORINI, &r), CT_OK);
    }
}

/* primal = distance to K_mu; a point in the polar region has distance ||lambda|| */
static void test_primal(void) {
    ct_real g[3] = {0, 0, 0}, mu[1] = {0.5f};
    ct_problem p = make1(g, mu);
    double v[3] = {0, 0, 0};
    ct_residuals r;
    {
        double l[3] = {3, 4, 1}; /* (t - mu n)/sqrt(1 + mu^2) = 4.5/sqrt(1.25) */
        score(&p, l, v, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, 4.5 / sqrt(1.25), TOL * 8);
        CHECK_NEAR(r.absolute, 4.5 / sqrt(1.25), TOL * 8);
        CHECK_EQ_INT(r.primal_row, 0);
        CHECK_NEAR(r.dual, 0, TOL);
        CHECK_NEAR(r.comp, 0, TOL);
        /* natmap = lambda - P_K(lambda) = the primal distance here (v = 0) */
        CHECK_NEAR(r.natmap, 4.5 / sqrt(1.25), TOL * 8);
        /* relative: ||g|| = ||v|| = 0, ||lambda|| = sqrt(26) */
        CHECK_NEAR(r.relative, 4.5 / sqrt(1.25) / sqrt(26.0), TOL * 8);
    }
    {
        double l[3] = {0.1, 0, -2}; /* polar region: mu * 0.1 <= 2 */
        score(&p, l, v, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, sqrt(4.01), TOL * 8);
    }
    {
        double l[3] = {0.1, 0.2, 1}; /* inside */
        score(&p, l, v, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, 0, TOL);
    }
    /* dual: v = (0, 0, -2) with lambda 0: distance of v to K* is 2; comp 0 */
    {
        double l[3] = {0, 0, 0}, v2[3] = {0, 0, -2};
        score(&p, l, v2, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.dual, 2, TOL);
        CHECK_NEAR(r.primal, 0, TOL);
        CHECK_NEAR(r.comp, 0, TOL);
        CHECK_NEAR(r.natmap, 2, TOL); /* 0 - P_K((0, 0, 2)) */
    }
    /* mu = 0: frictionless sliding is a solution (K_0* is the half-space), tangential force is
       primal infeasible */
    {
        ct_real mu0[1] = {0};
        ct_problem p0 = make1(g, mu0);
        double l[3] = {0, 0, 1}, v2[3] = {0.3, -0.2, 0}, l2[3] = {0.1, 0, 1};
        score(&p0, l, v2, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.absolute, 0, TOL);
        CHECK_NEAR(r.natmap, 0, TOL);
        score(&p0, l2, v2, 3, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, 0.1, TOL);
        CHECK_NEAR(r.comp, 0.03, TOL);
    }
}

/* bilateral rows score |v| (dual, natmap), unilateral rows max(0,-lambda), max(0,-v), |lambda v| */
static void test_rows(void) {
    static ct_real G[4] = {1, 0, 0, 1}, g[2] = {0, 0};
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_residuals r;
    p.G = G; p.g = g; p.mu = NULL; p.R = NULL; p.nc = 0;
    /* bilateral */
    p.nb = 2; p.nu = 0;
    {
        double l[2] = {5, -5}, v[2] = {0.3, -0.7};
        score(&p, l, v, 2, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, 0, 0);
        CHECK_NEAR(r.comp, 0, 0);
        CHECK_NEAR(r.dual, 0.7, TOL);
        CHECK_EQ_INT(r.dual_row, 1);
        CHECK_NEAR(r.natmap, 0.7, TOL);
        CHECK_EQ_INT(r.natmap_row, 1);
        CHECK_NEAR(r.absolute, 0.7, TOL);
        CHECK_EQ_INT(r.absolute_row, 1);
        CHECK_NEAR(r.signorini, 0, 0);
        /* relative: sqrt(0.09 + 0.49) / max(0, sqrt(50), sqrt(0.58)) */
        CHECK_NEAR(r.relative, sqrt(0.58) / sqrt(50.0), TOL);
    }
    /* unilateral */
    p.nb = 0; p.nu = 2;
    {
        double l[2] = {-0.2, 2}, v[2] = {0.5, -0.3};
        /* row 0: primal 0.2, dual 0, comp 0.1; natmap = l - max(0, l - v) = -0.2
           row 1: primal 0, dual 0.3, comp 0.6; natmap = 2 - max(0, 2.3) = -0.3 */
        score(&p, l, v, 2, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.primal, 0.2, TOL);
        CHECK_EQ_INT(r.primal_row, 0);
        CHECK_NEAR(r.dual, 0.3, TOL);
        CHECK_EQ_INT(r.dual_row, 1);
        CHECK_NEAR(r.comp, 0.6, TOL);
        CHECK_EQ_INT(r.comp_row, 1);
        CHECK_NEAR(r.signorini, 0.6, TOL);
        CHECK_NEAR(r.natmap, 0.3, TOL);
        CHECK_EQ_INT(r.natmap_row, 1);
        CHECK_NEAR(r.absolute, 0.6, TOL);
        CHECK_EQ_INT(r.absolute_row, 1);
        CHECK_NEAR(r.relative, sqrt(0.04 + 0.09) / sqrt(4.04), TOL);
        /* the CCP flavor is the same on unilateral rows */
        score(&p, l, v, 2, CT_FLAVOR_CCP, &r);
        CHECK_NEAR(r.absolute, 0.6, TOL);
    }
    {
        double l[2] = {1, 0}, v[2] = {1, 3}; /* comp 1 on row 0; natmap row 0: 1 - 0 = 1 */
        score(&p, l, v, 2, CT_FLAVOR_NCP, &r);
        CHECK_NEAR(r.comp, 1, TOL);
        CHECK_NEAR(r.primal, 0, 0);
        CHECK_NEAR(r.dual, 0, 0);
        CHECK_NEAR(r.natmap, 1, TOL);
        CHECK_EQ_INT(r.comp_row, 0);
    }
}

/* the worst-row indices in a mixed problem: the first row of the worst constraint */
static void test_worst_rows(void) {
    enum { NB = 1, NU = 2, NC = 3, N = NB + NU + 3 * NC };
    ct_real G[N * N], g[N], mu[NC] = {0.5f, 0.5f, 0.5f};
    double l[N], v[N];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_residuals r;
    int i;
    for (i = 0; i < N * N; ++i) G[i] = (i % (N + 1) == 0) ? 1 : 0;
    for (i = 0; i < N; ++i) { g[i] = 0; l[i] = 0; v[i] = 0; }
    p.nb = NB; p.nu = NU; p.nc = NC; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    /* all zero: residuals 0, the rows are the first row of the first constraint */
    score(&p, l, v, N, CT_FLAVOR_NCP, &r);
    CHECK(r.absolute == 0 && r.relative == 0 && r.primal == 0 && r.dual == 0 && r.comp == 0);
    CHECK_EQ_INT(r.primal_row, 0);
    CHECK_EQ_INT(r.absolute_row, 0);
    /* bilateral v = 0.1 (dual 0.1); unilateral row 2: lambda = -0.05 (primal 0.05);
       contact 1 (rows 6..8): lambda outside the cone (primal 0.7 .. ); contact 2 (rows 9..11):
       v_n = -0.4 with lambda 0 (dual 0.4); contact 0 (rows 3..5): lambda (0,0,2), v = (0,0,0.1):
       comp 0.2 */
    v[0] = 0.1;
    l[2] = -0.05;
    l[3] = 0; l[4] = 0; l[5] = 2; v[5] = 0.1;
    l[6] = 1; l[7] = 0; l[8] = 0; /* distance of (1, 0, 0) to K_0.5: 1/sqrt(1.25) */
    v[11] = -0.4;
    score(&p, l, v, N, CT_FLAVOR_NCP, &r);
    CHECK_NEAR(r.primal, 1 / sqrt(1.25), TOL);
    CHECK_EQ_INT(r.primal_row, 6);
    CHECK_NEAR(r.dual, 0.4, TOL);
    CHECK_EQ_INT(r.dual_row, 9);
    CHECK_NEAR(r.comp, 0.2, TOL);
    CHECK_EQ_INT(r.comp_row, 3);
    CHECK_NEAR(r.signorini, 0.2, TOL);
    CHECK_EQ_INT(r.signorini_row, 3);
    CHECK_NEAR(r.absolute, 1 / sqrt(1.25), TOL);
    CHECK_EQ_INT(r.absolute_row, 6);
    /* make the bilateral row the worst dual */
    v[0] = -3;
    score(&p, l, v, N, CT_FLAVOR_NCP, &r);
    CHECK_NEAR(r.dual, 3, TOL);
    CHECK_EQ_INT(r.dual_row, 0);
    CHECK_EQ_INT(r.absolute_row, 0);
    CHECK_EQ_INT(r.natmap_row, 0);
    /* the unilateral row the worst primal */
    l[2] = -5;
    score(&p, l, v, N, CT_FLAVOR_NCP, &r);
    CHECK_NEAR(r.primal, 5, TOL);
    CHECK_EQ_INT(r.primal_row, 2);
    CHECK_EQ_INT(r.absolute_row, 2);
    /* relative = ||natmap||_2 / max(||g||, ||l||, ||v||), natmap computed independently:
       row 0: |v| = 3; row 2: l - max(0, l - v) = -5; contact 0: l - P_K(l - w) with
       w = (0, 0, 0.1): P_K((0,0,1.9)) = (0,0,1.9) -> 0.1; contact 1: (1,0,0) - P_K((1,0,0)) =
       (1, 0, 0) - (0.2, 0, 0.4) -> sqrt(0.64 + 0.16) = sqrt(0.8); contact 2: 0 - P_K((0,0,0.4))
       -> 0.4. ||lambda|| = sqrt(25 + 4 + 1) = sqrt(30), ||v|| = sqrt(9 + 0.01 + 0.16) */
    CHECK_NEAR(r.relative, sqrt(9 + 25 + 0.01 + 0.8 + 0.16) / sqrt(30.0), TOL);
    CHECK_NEAR(r.natmap, 5, TOL);
}

/* the denominator 0 gives relative 0; an empty problem gives rows -1 */
static void test_degenerate(void) {
    ct_real g[3] = {0, 0, 0}, mu[1] = {0.5f};
    ct_problem p = make1(g, mu);
    double l[3] = {0, 0, 0}, v[3] = {0, 0, 0};
    ct_residuals r;
    score(&p, l, v, 3, CT_FLAVOR_NCP, &r);
    CHECK(r.relative == 0);
    CHECK(r.absolute == 0);
    {
        ct_problem e = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        ct_real one[1] = {0};
        e.nb = e.nu = e.nc = 0; e.G = NULL; e.g = one; e.mu = NULL; e.R = NULL;
        CHECK_EQ_INT(ct_criteria(&e, one, one, CT_FLAVOR_NCP, &r), CT_OK);
        CHECK_EQ_INT(r.primal_row, -1);
        CHECK_EQ_INT(r.dual_row, -1);
        CHECK_EQ_INT(r.comp_row, -1);
        CHECK_EQ_INT(r.natmap_row, -1);
        CHECK_EQ_INT(r.signorini_row, -1);
        CHECK_EQ_INT(r.absolute_row, -1);
        CHECK(r.relative == 0 && r.absolute == 0);
    }
    /* argument errors */
    {
        ct_real lr[3] = {0, 0, 0}, vr[3] = {0, 0, 0};
        ct_problem q = p;
        CHECK_EQ_INT(ct_criteria(NULL, lr, vr, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_criteria(&p, NULL, vr, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_criteria(&p, lr, NULL, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_criteria(&p, lr, vr, CT_FLAVOR_NCP, NULL), CT_ERROR_INVALID_ARGUMENT);
        q.mu = NULL;
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_ARGUMENT);
        q = p; q.g = NULL;
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_ARGUMENT);
        q = p; q.nb = -1;
        CHECK_EQ_INT(ct_criteria(&q, lr, vr, CT_FLAVOR_NCP, &r), CT_ERROR_INVALID_SIZE);
    }
}

/* Siconos' relative error on a random mixed point against an independent computation */
static void test_relative_random(void) {
    enum { NB = 2, NU = 2, NC = 4, N = NB + NU + 3 * NC };
    ct_real G[N * N], g[N], mu[NC], lr[N], vr[N];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_residuals r;
    int k, i, bad = 0;
    th_seed(11);
    for (i = 0; i < N * N; ++i) G[i] = 0;
    p.nb = NB; p.nu = NU; p.nc = NC; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    for (k = 0; k < 200; ++k) {
        double f2 = 0, ng = 0, nl = 0, nv = 0, den, want, wabs = 0;
        for (i = 0; i < NC; ++i) mu[i] = (ct_real)th_range(0, 1.5);
        for (i = 0; i < N; ++i) {
            g[i] = (ct_real)th_normal(); lr[i] = (ct_real)th_normal(); vr[i] = (ct_real)th_normal();
            ng += (double)g[i] * g[i]; nl += (double)lr[i] * lr[i]; nv += (double)vr[i] * vr[i];
        }
        for (i = 0; i < NB; ++i) { f2 += (double)vr[i] * vr[i]; if (fabs(vr[i]) > wabs) wabs = fabs(vr[i]); }
        for (i = NB; i < NB + NU; ++i) {
            double l = lr[i], w = vr[i], nat = l - (l - w > 0 ? l - w : 0);
            double e = l < 0 ? -l : 0;
            if (w < 0 && -w > e) e = -w;
            if (fabs(l * w) > e) e = fabs(l * w);
            if (e > wabs) wabs = e;
            f2 += nat * nat;
        }
        for (i = 0; i < NC; ++i) {
            int q = NB + NU + 3 * i, j;
            ct_real w[3], a[3], pr[3];
            double m = mu[i], wd[3], ld[3], e, dd[3];
            for (j = 0; j < 3; ++j) { ld[j] = lr[q + j]; wd[j] = vr[q + j]; }
            wd[2] += m * sqrt(wd[0] * wd[0] + wd[1] * wd[1]);
            for (j = 0; j < 3; ++j) { w[j] = (ct_real)wd[j]; a[j] = (ct_real)(ld[j] - wd[j]); }
            ct_project_cone(mu[i], a, pr);
            for (j = 0; j < 3; ++j) { double d = ld[j] - pr[j]; f2 += d * d; }
            /* absolute: primal via the cone projection of lambda, dual via the dual projection */
            ct_project_cone(mu[i], lr + q, pr);
            for (j = 0; j < 3; ++j) dd[j] = ld[j] - pr[j];
            e = th_norm3(dd);
            ct_project_dual_cone(mu[i], w, pr);
            for (j = 0; j < 3; ++j) dd[j] = wd[j] - pr[j];
            if (th_norm3(dd) > e) e = th_norm3(dd);
            if (fabs(th_dot3(ld, wd)) > e) e = fabs(th_dot3(ld, wd));
            if (e > wabs) wabs = e;
        }
        den = sqrt(ng);
        if (sqrt(nl) > den) den = sqrt(nl);
        if (sqrt(nv) > den) den = sqrt(nv);
        want = sqrt(f2) / den;
        CHECK_EQ_INT(ct_criteria(&p, lr, vr, CT_FLAVOR_NCP, &r), CT_OK);
        bad += !(fabs(r.relative - want) <= 1e3 * TH_EPS * (1 + want));
        bad += !(fabs(r.absolute - wabs) <= 1e3 * TH_EPS * (1 + wabs));
        bad += !(r.absolute == r.primal || r.absolute == r.dual || r.absolute == r.comp);
        bad += !(r.absolute >= r.primal && r.absolute >= r.dual && r.absolute >= r.comp);
    }
    CHECKF(bad == 0, "%d random relative/absolute errors differ from the reference", bad);
}

/* The solvers' stopping tests compute only what their rule reads (ct_criteria_rule): the same
   relative and absolute values, bitwise, as the full ct_criteria, in every flavor, with open
   contacts (lambda_i = 0) mixed in; the fields a rule does not read are -1. */
static void test_partial(void) {
    enum { NB = 2, NU = 2, NC = 5, N = NB + NU + 3 * NC };
    static const ct_flavor fl[4] = {CT_FLAVOR_NCP, CT_FLAVOR_CCP, CT_FLAVOR_LCP, CT_FLAVOR_SIGNORINI};
    ct_real G[N * N], g[N], mu[NC], lr[N], vr[N];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_residuals full, part;
    int k, i, f, bad = 0;
    th_seed(12);
    for (i = 0; i < N * N; ++i) G[i] = 0;
    memset(&p, 0, sizeof(p));
    p.nb = NB; p.nu = NU; p.nc = NC; p.G = G; p.g = g; p.mu = mu;
    for (k = 0; k < 200; ++k) {
        for (i = 0; i < NC; ++i) mu[i] = (ct_real)th_range(0, 1.5);
        for (i = 0; i < N; ++i) {
            g[i] = (ct_real)th_normal(); lr[i] = (ct_real)th_normal(); vr[i] = (ct_real)th_normal();
        }
        for (i = 0; i < NC; ++i)
            if (th_uniform() < 0.4) lr[NB + NU + 3 * i] = lr[NB + NU + 3 * i + 1] = lr[NB + NU + 3 * i + 2] = 0;
        for (f = 0; f < 4; ++f) {
            ct_criteria(&p, lr, vr, fl[f], &full);
            CHECK_EQ_INT(ct_criteria_rule(&p, lr, vr, fl[f], CT_STOP_RELATIVE, &part), CT_OK);
            bad += !(part.relative == full.relative && part.natmap == full.natmap &&
                     part.natmap_row == full.natmap_row && part.absolute == -1 && part.primal == -1);
            CHECK_EQ_INT(ct_criteria_rule(&p, lr, vr, fl[f], CT_STOP_ABSOLUTE, &part), CT_OK);
            bad += !(part.absolute == full.absolute && part.primal == full.primal &&
                     part.dual == full.dual && part.comp == full.comp && part.relative == -1 &&
                     part.natmap == -1);
        }
    }
    CHECKF(bad == 0, "%d partial criteria differ from the full ones", bad);
}

static void test_modes(void) {
    enum { NB = 1, NU = 1, NC = 4, N = NB + NU + 3 * NC };
    ct_real G[N * N], g[N], mu[NC] = {0.5f, 0.5f, 0.5f, 0.5f}, l[N], v[N];
    ct_contact_mode modes[NC];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    int i;
    for (i = 0; i < N * N; ++i) G[i] = 0;
    for (i = 0; i < N; ++i) g[i] = l[i] = v[i] = 0;
    p.nb = NB; p.nu = NU; p.nc = NC; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    /* contact 0: lambda_n = 0 -> open (even with tangential velocity) */
    v[2] = 1; v[3] = 1; v[4] = 2;
    /* contact 1: lambda_n = 1, v_T = 0 -> stick */
    l[7] = 1;
    /* contact 2: lambda_n = 1, v_T = (0.375, 0.5) -> slide */
    l[10] = 1; v[8] = 0.375f; v[9] = 0.5f; /* ||v_T|| = 0.625 exactly */
    /* contact 3: lambda_n = 1e-3 <= tol -> open; v_T tiny */
    l[13] = 1e-3f; v[11] = 1e-4f;
    CHECK_EQ_INT(ct_contact_modes(&p, l, v, (ct_real)1e-2, modes), CT_OK);
    CHECK_EQ_INT(modes[0], CT_MODE_OPEN);
    CHECK_EQ_INT(modes[1], CT_MODE_STICK);
    CHECK_EQ_INT(modes[2], CT_MODE_SLIDE);
    CHECK_EQ_INT(modes[3], CT_MODE_OPEN);
    /* the tolerance decides: with tol = 1e-4, contact 3 has lambda_n > tol and ||v_T|| = 1e-4 */
    CHECK_EQ_INT(ct_contact_modes(&p, l, v, (ct_real)1e-4, modes), CT_OK);
    CHECK_EQ_INT(modes[3], CT_MODE_STICK);
    CHECK_EQ_INT(ct_contact_modes(&p, l, v, (ct_real)0.625, modes), CT_OK);
    CHECK_EQ_INT(modes[2], CT_MODE_STICK); /* ||v_T|| = 0.625 <= 0.625 */
    CHECK_EQ_INT(modes[0], CT_MODE_OPEN);  /* lambda_n = 0 <= tol */
    CHECK_EQ_INT(ct_contact_modes(NULL, l, v, 0, modes), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_contact_modes(&p, NULL, v, 0, modes), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_contact_modes(&p, l, NULL, 0, modes), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_contact_modes(&p, l, v, 0, NULL), CT_ERROR_INVALID_ARGUMENT);
}

/* ct_velocity: v = (G + R) lambda + g */
static void test_velocity(void) {
    ct_real G[9] = {2, 1, 0, 1, 3, 1, 0, 1, 4}, g[3] = {1, -1, 0.5f}, R[3] = {0.5f, 0, 1}, mu[1] = {1};
    ct_real l[3] = {1, 2, -1}, v[3];
    ct_problem p = make1(g, mu);
    p.G = G;
    CHECK_EQ_INT(ct_velocity(&p, l, v), CT_OK);
    CHECK_NEAR(v[0], 2 + 2 + 0 + 1, TOL);
    CHECK_NEAR(v[1], 1 + 6 - 1 - 1, TOL);
    CHECK_NEAR(v[2], 0 + 2 - 4 + 0.5, TOL);
    p.R = R;
    CHECK_EQ_INT(ct_velocity(&p, l, v), CT_OK);
    CHECK_NEAR(v[0], 5 + 0.5, TOL);
    CHECK_NEAR(v[1], 5, TOL);
    CHECK_NEAR(v[2], -1.5 - 1, TOL);
    CHECK_EQ_INT(ct_velocity(NULL, l, v), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_velocity(&p, NULL, v), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_velocity(&p, l, NULL), CT_ERROR_INVALID_ARGUMENT);
    p.nc = -1;
    CHECK_EQ_INT(ct_velocity(&p, l, v), CT_ERROR_INVALID_SIZE);
}

int main(void) {
    test_sliding();
    test_signorini_model();
    test_primal();
    test_rows();
    test_worst_rows();
    test_degenerate();
    test_relative_random();
    test_partial();
    test_modes();
    test_velocity();
    return th_summary();
}
