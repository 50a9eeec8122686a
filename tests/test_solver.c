/* test_solver.c - ct_solve with CT_METHOD_PGS_NCP and CT_METHOD_ADMM_NCP.

   1. one contact with known answers (stick, slide, take off), diagonal and non-diagonal G;
   2. random feasible problems G = J M^-1 J^T, g = J v0 (ct_delassus_from_mj), scaled to
      max diag G = 1 and ||g||_inf = 1: contacts only, mixed bilateral/unilateral/contact,
      rank-deficient (more rows than degrees of freedom), with compliance; both methods must
      reach the NCP residual, and on well-conditioned problems (cond(G) <= 1e2 checked by a
      Jacobi eigenvalue computation, mu <= 0.2) they must agree on v;
   3. info fields, warm start, determinism, inputs left untouched;
   4. caller-owned workspaces of exactly ct_workspace_size bytes at every misalignment. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

#ifdef CONTACT_USE_FLOAT
#define SOLVE_TOL 1e-5      /* tol_abs handed to the solver on random problems */
#define KNOWN_TOL_REL 1e-6  /* tol_rel on the known single-contact answers */
#else
#define SOLVE_TOL 1e-9
#define KNOWN_TOL_REL 1e-13
#endif
/* warm start from an answer ACCURATE_FACTOR times more accurate than the tolerance: at most
   WARM_MAX_IT iterations (float cannot get much below its tolerance, hence the looser bound) */
#ifdef CONTACT_USE_FLOAT
#define ACCURATE_FACTOR 10
#define WARM_MAX_IT 5
#else
#define ACCURATE_FACTOR 100
#define WARM_MAX_IT 2
#endif
#define PGS_MAX_ITER 20000
#define ADMM_MAX_ITER 20000

static const ct_method METHODS[2] = {CT_METHOD_PGS_NCP, CT_METHOD_ADMM_NCP};

/* ---------------------------------------------------------------------------------------- */
static ct_settings settings_for(ct_method m, double tol, int max_iter) {
    ct_settings s = ct_default_settings();
    s.method = m;
    s.tol_abs = (ct_real)tol;
    s.max_iter = max_iter;
    return s;
}


/* everything that must hold for a converged solve; returns 1 when all passed */
static int check_info(const ct_problem *p, const ct_settings *s, const ct_real *lambda,
                      const ct_real *v, const ct_info *info, const char *what) {
    int n = p->nb + p->nu + 3 * p->nc, ok = 1;
    size_t bytes = 0;
    ct_real *v2 = (ct_real *)malloc((size_t)(n ? n : 1) * sizeof(ct_real));
    ct_residuals r;
    ok &= CHECKF(info->status == CT_STATUS_CONVERGED, "%s %s: status %s, ncp %g after %d it", what,
                 ct_method_string(s->method), ct_status_string(info->status),
                 (double)info->ncp.absolute, info->iterations);
    /* 0 iterations: the start already met the tolerance (ct_solve checks it first) */
    ok &= CHECKF(info->iterations >= 0 && info->iterations <= s->max_iter, "%s: iterations %d", what,
                 info->iterations);
    ok &= CHECK_EQ_INT(info->method, s->method);
    ok &= CHECK_EQ_INT(info->flavor, CT_FLAVOR_NCP);
    if (info->iterations == 0) {
        ok &= CHECKF(info->factorizations == 0, "%s: %d factorizations without an iteration", what,
                     info->factorizations);
    } else if (s->method == CT_METHOD_ADMM_NCP) {
        ok &= CHECKF(info->factorizations >= 1, "%s: ADMM factorizations %d", what, info->factorizations);
        ok &= CHECKF(info->rho > 0, "%s: ADMM rho %g", what, (double)info->rho);
    } else {
        ok &= CHECKF(info->factorizations == 0, "%s: PGS factorizations %d", what, info->factorizations);
        ok &= CHECK(info->rho == 0);
    }
    ok &= CHECK_EQ_INT(ct_workspace_size(p->nb, p->nu, p->nc, s, &bytes), CT_OK);
    ok &= CHECKF(info->workspace_peak > 0 && info->workspace_peak <= bytes,
                 "%s: workspace_peak %lu, ct_workspace_size %lu", what,
                 (unsigned long)info->workspace_peak, (unsigned long)bytes);
    /* v is (G + R) lambda + g and info.ncp scores the returned point, bit for bit */
    ct_velocity(p, lambda, v2);
    ok &= CHECKF(memcmp(v, v2, (size_t)n * sizeof(ct_real)) == 0, "%s: v != (G+R) lambda + g", what);
    ct_criteria(p, lambda, v, CT_FLAVOR_NCP, &r);
    ok &= CHECKF(memcmp(&r, &info->ncp, sizeof(r)) == 0, "%s: info.ncp != ct_criteria", what);
    ok &= CHECKF(memcmp(&info->model, &info->ncp, sizeof(r)) == 0, "%s: NCP methods: model == ncp", what);
    if (s->stop == CT_STOP_ABSOLUTE)
        ok &= CHECKF(info->ncp.absolute <= s->tol_abs, "%s: ncp.absolute %g > tol_abs %g", what,
                     (double)info->ncp.absolute, (double)s->tol_abs);
    else
        ok &= CHECKF(info->ncp.relative <= s->tol_rel, "%s: ncp.relative %g > tol_rel %g", what,
                     (double)info->ncp.relative, (double)s->tol_rel);
    free(v2);
    return ok;
}

/* ---- 1. one contact with known answers ----------------------------------------------------
   These stop on the relative (natural-map) criterion: it is linear in the distance to the
   solution, while the absolute criterion of a sliding contact is quadratic in the angle
   between lambda_T and -v_T (comp = mu lambda_n ||v_T|| (1 - cos angle)), so an absolute
   tolerance of 1e-13 only pins lambda to ~1e-7. */
static void known_case(const ct_real G[9], ct_real mu, const double lam_want[3],
                       const double v_want[3], int compare, const char *what) {
    owned_problem o;
    int m, i;
    op_alloc(&o, 0, 0, 1);
    memcpy(o.G, G, 9 * sizeof(ct_real));
    o.mu[0] = mu;
    /* g = v - G lambda */
    for (i = 0; i < 3; ++i)
        o.g[i] = (ct_real)(v_want[i] - ((double)G[3 * i] * lam_want[0] + (double)G[3 * i + 1] * lam_want[1] +
                                        (double)G[3 * i + 2] * lam_want[2]));
    for (m = 0; m < 2; ++m) {
        ct_settings s = settings_for(METHODS[m], 1e-3, m == 0 ? 100000 : 20000);
        ct_real lambda[3] = {0, 0, 0}, v[3];
        ct_info info;
        s.warm_start = 0;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)KNOWN_TOL_REL;
        if (!CHECK_EQ_INT(solve_with(&o.p, &s, lambda, v, &info), CT_OK)) continue;
        check_info(&o.p, &s, lambda, v, &info, what);
        if (compare) {
            for (i = 0; i < 3; ++i) {
                CHECKF(fabs(lambda[i] - lam_want[i]) <= TOL_KNOWN, "%s %s: lambda[%d] = %.17g, want %.17g", what,
                       ct_method_string(s.method), i, (double)lambda[i], lam_want[i]);
                CHECKF(fabs(v[i] - v_want[i]) <= TOL_KNOWN, "%s %s: v[%d] = %.17g, want %.17g", what,
                       ct_method_string(s.method), i, (double)v[i], v_want[i]);
            }
        }
        CHECKF(info.ncp.absolute <= TOL_KNOWN, "%s %s: ncp %g", what, ct_method_string(s.method),
               (double)info.ncp.absolute);
    }
    op_free(&o);
}

static void test_single_contact(void) {
    static const ct_real GI[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    static const ct_real G2[9] = {2, 0.5f, 0, 0.5f, 1, 0, 0, 0, 1.5f};        /* G_NT = 0 */
    static const ct_real G3[9] = {2, 0.3f, 0.4f, 0.3f, 1, -0.2f, 0.4f, -0.2f, 1.5f}; /* G_NT != 0 */
    const ct_real *Gs[3] = {GI, G2, G3};
    int k;
    for (k = 0; k < 3; ++k) {
        int exact = k < 2; /* closed forms need G_NT = 0; otherwise the residual only */
        /* stick: lambda inside the cone, v = 0 */
        {
            double l[3] = {0.1, -0.05, 1}, v[3] = {0, 0, 0};
            known_case(Gs[k], 0.5f, l, v, 1, k == 0 ? "stick G=I" : k == 1 ? "stick G2" : "stick G3");
        }
        /* slide: lambda_T = -mu lambda_n u, v_T = 0.7 u, v_n = 0 */
        {
            double mu = 0.4, ln = 1.2, u[2] = {0.6, -0.8};
            double l[3], v[3];
            l[0] = -mu * ln * u[0]; l[1] = -mu * ln * u[1]; l[2] = ln;
            v[0] = 0.7 * u[0]; v[1] = 0.7 * u[1]; v[2] = 0;
            known_case(Gs[k], (ct_real)mu, l, v, exact, k == 0 ? "slide G=I" : k == 1 ? "slide G2" : "slide G3");
        }
        /* slide along one axis with a large mu */
        {
            double mu = 2, ln = 0.3, l[3], v[3];
            l[0] = -mu * ln; l[1] = 0; l[2] = ln;
            v[0] = 1.5; v[1] = 0; v[2] = 0;
            known_case(Gs[k], (ct_real)mu, l, v, exact, "slide, mu = 2");
        }
        /* frictionless slide: mu = 0, lambda_T = 0 */
        {
            double l[3] = {0, 0, 0.8}, v[3] = {0.3, -0.1, 0};
            known_case(Gs[k], 0, l, v, exact, "slide, mu = 0");
        }
        /* take off: g_n > 0 gives lambda = 0 and v = g (any G) */
        {
            double l[3] = {0, 0, 0}, v[3] = {0.3, -0.2, 0.5};
            known_case(Gs[k], 0.5f, l, v, 1, "take off");
        }
    }
    /* Reproducer of a contact.h bug (see the report): a diagonal, well-conditioned G whose
       tangential diagonal differs by more than 2x. PGS steps both tangential rows by
       1/min(G_t1t1, G_t2t2) = 1, so lambda_t1 <- lambda_t1 - (2.5 lambda_t1 + g_t1) has the
       factor -1.5 and never settles (it bounces on the disk edge). */
    {
        static const ct_real GD[9] = {2.5f, 0, 0, 0, 1, 0, 0, 0, 1};
        double l[3] = {0.1, 0, 1}, v[3] = {0, 0, 0};
        known_case(GD, 0.5f, l, v, 1, "stick G=diag(2.5,1,1)");
    }
    /* the stick answer is -G^-1 g: a diagonal check by hand, g = (-0.1, 0.05, -1) with G = I */
    {
        owned_problem o;
        int m;
        op_alloc(&o, 0, 0, 1);
        memcpy(o.G, GI, sizeof(GI));
        o.mu[0] = 0.5f;
        o.g[0] = -0.1f; o.g[1] = 0.05f; o.g[2] = -1;
        for (m = 0; m < 2; ++m) {
            ct_settings s = settings_for(METHODS[m], 1e-3, 20000);
            ct_real l[3] = {0, 0, 0}, v[3];
            ct_info info;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)KNOWN_TOL_REL;
            CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
            CHECK_NEAR(l[0], 0.1f, TOL_KNOWN);
            CHECK_NEAR(l[1], -0.05f, TOL_KNOWN);
            CHECK_NEAR(l[2], 1, TOL_KNOWN);
        }
        op_free(&o);
    }
}

/* ---- 2. random feasible problems --------------------------------------------------------- */
typedef struct config {
    int nb, nu, nc, nv;
    double mu_lo, mu_hi;
    int with_R, well_conditioned, seeds;
    const char *name;
} config;

static void run_config(const config *c) {
    int seed;
    for (seed = 0; seed < c->seeds; ++seed) {
        owned_problem o;
        int n, m, i;
        ct_real *lam[2], *vel[2];
        ct_info info[2];
        double cond = 0;
        char what[128];
        th_seed(1000 + 17 * seed + 101 * c->nc + 7 * c->nv + c->nb + 3 * c->nu);
        random_problem(&o, c->nb, c->nu, c->nc, c->nv, c->mu_lo, c->mu_hi, c->with_R);
        n = o.n;
        sprintf(what, "%s seed %d (nb %d nu %d nc %d nv %d)", c->name, seed, c->nb, c->nu, c->nc, c->nv);
        if (c->well_conditioned) {
            cond = condition_number(o.G, n);
            CHECKF(cond <= 1e2, "%s: cond(G) = %g > 1e2, not a well-conditioned problem", what, cond);
        }
        for (m = 0; m < 2; ++m) {
            ct_settings s = settings_for(METHODS[m], SOLVE_TOL, m == 0 ? PGS_MAX_ITER : ADMM_MAX_ITER);
            ct_real *G0 = (ct_real *)malloc((size_t)n * n * sizeof(ct_real));
            ct_real *g0 = (ct_real *)malloc((size_t)n * sizeof(ct_real));
            ct_real *l2 = (ct_real *)malloc((size_t)n * sizeof(ct_real));
            ct_real *v2 = (ct_real *)malloc((size_t)n * sizeof(ct_real));
            ct_info info2;
            memcpy(G0, o.G, (size_t)n * n * sizeof(ct_real));
            memcpy(g0, o.g, (size_t)n * sizeof(ct_real));
            lam[m] = (ct_real *)calloc((size_t)n, sizeof(ct_real));
            vel[m] = (ct_real *)calloc((size_t)n, sizeof(ct_real));
            if (!CHECK_EQ_INT(solve_with(&o.p, &s, lam[m], vel[m], &info[m]), CT_OK)) {
                free(G0); free(g0); free(l2); free(v2);
                continue;
            }
            check_info(&o.p, &s, lam[m], vel[m], &info[m], what);
            CHECKF(info[m].ncp.absolute <= TOL_SOLVE, "%s %s: NCP residual %g after %d iterations",
                   what, ct_method_string(s.method), (double)info[m].ncp.absolute, info[m].iterations);
            /* inputs untouched */
            CHECK(memcmp(G0, o.G, (size_t)n * n * sizeof(ct_real)) == 0);
            CHECK(memcmp(g0, o.g, (size_t)n * sizeof(ct_real)) == 0);
            /* deterministic: a second cold solve gives the same bits */
            for (i = 0; i < n; ++i) l2[i] = 0;
            CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info2), CT_OK);
            CHECKF(memcmp(l2, lam[m], (size_t)n * sizeof(ct_real)) == 0 && info2.iterations == info[m].iterations,
                   "%s %s: two identical solves differ", what, ct_method_string(s.method));
            /* warm start from the answer: PGS needs a sweep or two; ADMM restarts its dual
               from v + Gamma and its penalty from the spectral rule, so its first iterates
               leave the tolerance and come back: a fraction of a cold solve */
            memcpy(l2, lam[m], (size_t)n * sizeof(ct_real));
            CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info2), CT_OK);
            CHECKF(info2.status == CT_STATUS_CONVERGED &&
                       info2.iterations <= (m == 0 ? 2 : info[m].iterations / 3 + 1),
                   "%s %s: warm start from the answer took %d iterations (cold %d), status %s", what,
                   ct_method_string(s.method), info2.iterations, info[m].iterations,
                   ct_status_string(info2.status));
            /* the answer scored as is (max_iter = 0) meets the tolerance without iterating */
            memcpy(l2, lam[m], (size_t)n * sizeof(ct_real));
            s.max_iter = 0;
            CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info2), CT_OK);
            {
                double dl = 0, sc = 0;
                for (i = 0; i < n; ++i) {
                    if (fabs((double)l2[i] - lam[m][i]) > dl) dl = fabs((double)l2[i] - lam[m][i]);
                    if (fabs(lam[m][i]) > sc) sc = fabs(lam[m][i]);
                }
                /* ADMM returns P_K(lambda): the same point up to rounding */
                CHECKF(dl <= 64 * TH_EPS * (1 + sc), "%s %s: max_iter = 0 moved lambda by %g", what,
                       ct_method_string(s.method), dl);
            }
            CHECKF(info2.status == CT_STATUS_CONVERGED && info2.iterations == 0,
                   "%s %s: max_iter = 0 from the answer: %s, %d iterations", what,
                   ct_method_string(s.method), ct_status_string(info2.status), info2.iterations);
            s.max_iter = m == 0 ? PGS_MAX_ITER : ADMM_MAX_ITER;
            /* from a more accurate answer: at most WARM_MAX_IT iterations */
            if (info[m].status == CT_STATUS_CONVERGED) {
                ct_settings sa = s;
                sa.tol_abs = (ct_real)(SOLVE_TOL / ACCURATE_FACTOR);
                memcpy(l2, lam[m], (size_t)n * sizeof(ct_real));
                CHECK_EQ_INT(solve_with(&o.p, &sa, l2, v2, &info2), CT_OK);
                if (info2.status == CT_STATUS_CONVERGED) {
                    CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info2), CT_OK);
                    CHECKF(info2.status == CT_STATUS_CONVERGED && info2.iterations <= WARM_MAX_IT,
                           "%s %s: warm start from an accurate answer took %d iterations", what,
                           ct_method_string(s.method), info2.iterations);
                }
            }
            /* warm_start = 0 ignores lambda, even a non-finite one */
            for (i = 0; i < n; ++i) l2[i] = (ct_real)NAN;
            s.warm_start = 0;
            CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info2), CT_OK);
            CHECKF(memcmp(l2, lam[m], (size_t)n * sizeof(ct_real)) == 0, "%s %s: warm_start = 0 is not a cold start",
                   what, ct_method_string(s.method));
            free(G0); free(g0); free(l2); free(v2);
        }
        if (c->well_conditioned) {
            double dv = 0, scale = 0;
            for (i = 0; i < n; ++i) {
                double d = fabs((double)vel[0][i] - (double)vel[1][i]);
                if (d > dv) dv = d;
                if (fabs(vel[1][i]) > scale) scale = fabs(vel[1][i]);
            }
            CHECKF(dv <= TOL_AGREE * (1 + scale),
                   "%s: PGS and ADMM disagree on v by %g (cond %g); NCP residuals PGS %g ADMM %g", what, dv,
                   cond, (double)info[0].ncp.absolute, (double)info[1].ncp.absolute);
        }
        for (m = 0; m < 2; ++m) { free(lam[m]); free(vel[m]); }
        op_free(&o);
    }
}

static void test_random_problems(void) {
#ifdef CONTACT_USE_FLOAT
    static const config cfgs[] = {
        {0, 0, 3, 24, 0.05, 0.2, 0, 1, 3, "well-conditioned contacts"},
        {1, 1, 3, 30, 0.05, 0.2, 0, 1, 3, "well-conditioned mixed"},
        {0, 0, 2, 20, 0.3, 1.0, 1, 0, 2, "contacts with compliance"},
        {0, 0, 4, 8, 0.1, 0.8, 0, 0, 3, "rank-deficient contacts"},
        {1, 1, 3, 8, 0.1, 0.8, 0, 0, 3, "rank-deficient mixed"},
    };
#else
    static const config cfgs[] = {
        {0, 0, 4, 30, 0.05, 0.2, 0, 1, 5, "well-conditioned contacts"},
        {2, 2, 5, 50, 0.0, 0.2, 0, 1, 5, "well-conditioned mixed"},
        {0, 0, 1, 6, 0.1, 0.2, 0, 1, 5, "well-conditioned one contact"},
        {0, 0, 6, 20, 0.2, 1.0, 0, 0, 5, "contacts"},
        {0, 0, 20, 80, 0.1, 0.8, 0, 0, 2, "many contacts"},
        {1, 3, 4, 30, 0.1, 0.9, 1, 0, 5, "mixed with compliance"},
        {0, 0, 8, 12, 0.1, 1.0, 0, 0, 5, "rank-deficient contacts"},
        {3, 2, 6, 15, 0.1, 1.0, 0, 0, 5, "rank-deficient mixed"},
        {0, 0, 12, 18, 0.3, 1.0, 0, 0, 2, "rank-deficient many contacts"},
        {0, 4, 0, 3, 0.0, 0.0, 0, 0, 3, "rank-deficient unilateral only"},
        {4, 0, 0, 8, 0.0, 0.0, 0, 0, 3, "bilateral only"},
    };
#endif
    int i;
    for (i = 0; i < (int)(sizeof(cfgs) / sizeof(cfgs[0])); ++i) run_config(&cfgs[i]);
}

/* ---- 3. settings that change the run ------------------------------------------------------ */
static void test_run_controls(void) {
    owned_problem o;
    int m, n;
    th_seed(77);
    random_problem(&o, 1, 1, 3, 30, 0.1, 0.2, 0);
    n = o.n;
    for (m = 0; m < 2; ++m) {
        ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_settings s = settings_for(METHODS[m], SOLVE_TOL, 20000);
        ct_info info;
        int i;
        /* max_iter = 0 from a cold start: nothing done, not converged */
        s.max_iter = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_MAX_ITERATIONS);
        CHECK_EQ_INT(info.iterations, 0);
        /* a tiny iteration budget is reported as such */
        s.max_iter = 2;
        for (i = 0; i < n; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_MAX_ITERATIONS);
        CHECK_EQ_INT(info.iterations, 2);
        CHECK(info.ncp.absolute > s.tol_abs);
        /* check_every = 7: converges at a multiple of 7 */
        s.max_iter = 20000;
        s.check_every = 7;
        for (i = 0; i < n; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        CHECKF(info.iterations % 7 == 0, "check_every = 7 but %d iterations", info.iterations);
        s.check_every = 1;
        /* stopping on the relative criterion */
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(SOLVE_TOL * 10);
        for (i = 0; i < n; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        CHECK_LE(info.model.relative, s.tol_rel);
        s.stop = CT_STOP_ABSOLUTE;
        /* a huge tol_change stalls quickly */
        s.tol_abs = (ct_real)1e-30;
        s.tol_change = (ct_real)0.9;
        for (i = 0; i < n; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECKF(info.status == CT_STATUS_STALLED && info.iterations < 1000, "tol_change: status %s after %d",
               ct_status_string(info.status), info.iterations);
        s.tol_change = 0;
        /* over-relaxation still converges */
        s.tol_abs = (ct_real)SOLVE_TOL;
        s.pgs.omega = (ct_real)1.3;
        s.admm.over_relax = (ct_real)1.5;
        for (i = 0; i < n; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECKF(info.status == CT_STATUS_CONVERGED, "over-relaxed %s: %s, ncp %g", ct_method_string(s.method),
               ct_status_string(info.status), (double)info.ncp.absolute);
        free(l); free(v);
    }
    op_free(&o);
    /* an empty problem is solved at once */
    {
        ct_problem e = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        memset(&e, 0, sizeof(e));
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 0, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&e, &s, &ws, NULL, NULL, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        CHECK_EQ_INT(info.iterations, 0);
        ct_workspace_free(&ws);
    }
    /* info may be NULL */
    {
        owned_problem q;
        ct_settings s = settings_for(CT_METHOD_ADMM_NCP, SOLVE_TOL, 1000);
        ct_real l[3] = {0, 0, 0}, v[3];
        ct_workspace ws;
        op_alloc(&q, 0, 0, 1);
        q.G[0] = q.G[4] = q.G[8] = 1;
        q.g[2] = -1;
        q.mu[0] = 0.5f;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 1, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&q.p, &s, &ws, l, v, NULL), CT_OK);
        CHECK_NEAR(l[2], 1, TOL_SOLVE);
        ct_workspace_free(&ws);
        op_free(&q);
    }
}

/* ---- 4. caller-owned workspaces ----------------------------------------------------------- */
static void test_workspace(void) {
    owned_problem o;
    int m, n, off;
    th_seed(88);
    random_problem(&o, 1, 2, 3, 20, 0.1, 0.5, 0);
    n = o.n;
    for (m = 0; m < 2; ++m) {
        ct_settings s = settings_for(METHODS[m], SOLVE_TOL, 20000);
        size_t bytes = 0;
        ct_real *lref = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_info info;
        int bad_exact = 0;
        CHECK_EQ_INT(ct_workspace_size(o.p.nb, o.p.nu, o.p.nc, &s, &bytes), CT_OK);
        CHECK_EQ_INT(solve_with(&o.p, &s, lref, v, &info), CT_OK);
        for (off = 0; off < 64; ++off) {
            /* exactly ct_workspace_size bytes at every misalignment: works, same answer */
            unsigned char *buf = (unsigned char *)malloc(bytes + (size_t)off);
            ct_workspace ws;
            ct_result r;
            int i;
            CHECK_EQ_INT(ct_workspace_init(&ws, buf + off, bytes), CT_OK);
            for (i = 0; i < n; ++i) l[i] = 0;
            r = ct_solve(&o.p, &s, &ws, l, v, &info);
            bad_exact += r != CT_OK || memcmp(l, lref, (size_t)n * sizeof(ct_real)) != 0;
            free(buf);
        }
        CHECKF(bad_exact == 0, "%s: %d of 64 misaligned exact-size workspaces failed", ct_method_string(s.method), bad_exact);
        /* one byte less at the worst alignment (address % 64 == 1, 63 bytes skipped) must be
           too small; exactly ct_workspace_size bytes there must work */
        {
            unsigned char *buf = (unsigned char *)malloc(bytes + 128);
            unsigned char *mem = buf + (64 - (size_t)buf % 64) % 64 + 1; /* address % 64 == 1 */
            ct_workspace ws;
            CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes - 1), CT_OK);
            CHECKF(ct_solve(&o.p, &s, &ws, l, v, &info) == CT_ERROR_WORKSPACE_TOO_SMALL,
                   "%s: ct_workspace_size() - 1 bytes at address %% 64 == 1 accepted",
                   ct_method_string(s.method));
            CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes), CT_OK);
            CHECK_EQ_INT(ct_solve(&o.p, &s, &ws, l, v, &info), CT_OK);
            free(buf);
        }
        free(lref); free(l); free(v);
    }
    /* a PGS-sized workspace is too small for ADMM; an ADMM-sized one is enough for PGS */
    {
        ct_settings sp = settings_for(CT_METHOD_PGS_NCP, SOLVE_TOL, 20000);
        ct_settings sa = settings_for(CT_METHOD_ADMM_NCP, SOLVE_TOL, 20000);
        ct_workspace ws;
        ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_info info;
        size_t bp = 0, ba = 0;
        CHECK_EQ_INT(ct_workspace_size(1, 2, 3, &sp, &bp), CT_OK);
        CHECK_EQ_INT(ct_workspace_size(1, 2, 3, &sa, &ba), CT_OK);
        CHECK(bp < ba);
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 2, 3, &sp, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&o.p, &sa, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
        ct_workspace_free(&ws);
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 2, 3, &sa, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&o.p, &sp, &ws, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        ct_workspace_free(&ws);
        /* a workspace for a smaller problem is too small */
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 2, 2, &sa, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&o.p, &sa, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
        ct_workspace_free(&ws);
        /* an empty workspace */
        CHECK_EQ_INT(ct_workspace_init(&ws, NULL, 0), CT_OK);
        CHECK_EQ_INT(ct_solve(&o.p, &sa, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
        free(l); free(v);
    }
    /* ct_info.workspace_peak of a solver object follows its method through
       ct_solver_update_settings: each solve reports what ct_solve reports for that method */
    {
        static const ct_method ms[] = {CT_METHOD_ADMM_NCP, CT_METHOD_PGS_NCP, CT_METHOD_HYBRID_NCP,
                                       CT_METHOD_PGS_NCP};
        ct_settings s = settings_for(CT_METHOD_ADMM_NCP, SOLVE_TOL, 20000);
        ct_solver sv;
        ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_info info, ref;
        size_t peaks[4];
        int k, i;
        s.method = CT_METHOD_HYBRID_NCP; /* the largest layout: room for every method above */
        CHECK_EQ_INT(ct_solver_alloc(&sv, &o.p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_setup(&sv, &o.p, &s, NULL), CT_OK);
        for (k = 0; k < 4; ++k) {
            s.method = ms[k];
            CHECK_EQ_INT(ct_solver_update_settings(&sv, &s), CT_OK);
            for (i = 0; i < n; ++i) l[i] = 0;
            CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &info), CT_OK);
            for (i = 0; i < n; ++i) l[i] = 0;
            CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &ref), CT_OK);
            peaks[k] = info.workspace_peak;
            CHECKF(info.workspace_peak == ref.workspace_peak, "%s: solver object's workspace_peak %lu, ct_solve's %lu",
                   ct_method_string(s.method), (unsigned long)info.workspace_peak,
                   (unsigned long)ref.workspace_peak);
        }
        CHECK(peaks[1] < peaks[0] && peaks[0] < peaks[2] && peaks[3] == peaks[1]);
        ct_solver_free(&sv);
        free(l); free(v);
    }
    op_free(&o);
}

int main(void) {
    test_single_contact();
    test_random_problems();
    test_run_controls();
    test_workspace();
    return th_summary();
}
