/* test_admm.c - the ADMM family beyond ADMM_NCP's core tests: ADMM_CCP (the convex Anitescu
   model, s = 0) against its closed form and against PGS_CCP, and the three penalty rules
   (spectral, linear, fixed) with their settings validation. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "harness.h"
#include "problems.h"

#ifdef CONTACT_USE_FLOAT
#define TOL_REL 1e-5
#else
#define TOL_REL 1e-10
#endif

static ct_result solve_with(const ct_problem *p, ct_settings *s, ct_real *lambda, ct_real *v,
                            ct_info *info) {
    ct_workspace ws;
    ct_result r = ct_workspace_alloc(&ws, p->nb, p->nu, p->nc, s, NULL);
    if (r != CT_OK) return r;
    r = ct_solve(p, s, &ws, lambda, v, info);
    ct_workspace_free(&ws);
    return r;
}

/* one contact, G = I, g = (1, 0, -1), mu = 0.5: the CCP answer hovers, v_n = mu ||v_T|| */
static void test_ccp_closed_form(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {1, 0, -1}, mu[1] = {(ct_real)0.5};
    ct_real l[3] = {0, 0, 0}, v[3];
    ct_problem p;
    ct_settings s = ct_default_settings();
    ct_info info;
    p.nb = 0; p.nu = 0; p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    s.method = CT_METHOD_ADMM_CCP;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    s.max_iter = 10000;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    CHECK_EQ_INT(info.flavor, CT_FLAVOR_CCP);
    CHECK_EQ_INT(ct_method_flavor(&s), CT_FLAVOR_CCP);
    CHECK_NEAR(l[0], -0.6, 1e3 * TOL_REL + 1e-6);
    CHECK_NEAR(l[1], 0, 1e3 * TOL_REL + 1e-6);
    CHECK_NEAR(l[2], 1.2, 1e3 * TOL_REL + 1e-6);
    CHECK_NEAR(v[2], 0.5 * sqrt((double)v[0] * v[0] + (double)v[1] * v[1]), 1e3 * TOL_REL + 1e-6);
    CHECK(info.ncp.absolute > 0.1); /* the CCP answer is not an NCP solution: it hovers */
}

/* ADMM_CCP and PGS_CCP solve the same convex problem: v is unique (G lambda is constant on
   the set of minimizers of 1/2 l^T G l + g^T l over K) */
static void test_ccp_agreement(void) {
    int seed;
    for (seed = 0; seed < 4; ++seed) {
        owned_problem o;
        ct_real *l1, *v1, *l2, *v2;
        ct_settings s = ct_default_settings();
        ct_info i1, i2;
        double d = 0;
        int k;
        th_seed(100 + (unsigned)seed);
        random_problem(&o, seed % 2, seed % 3, 3 + seed, 30, 0.1, 0.8, 0);
        l1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        l2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)TOL_REL;
        s.max_iter = 50000;
        s.method = CT_METHOD_ADMM_CCP;
        CHECK_EQ_INT(solve_with(&o.p, &s, l1, v1, &i1), CT_OK);
        s.method = CT_METHOD_PGS_CCP;
        CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &i2), CT_OK);
        CHECKF(i1.status == CT_STATUS_CONVERGED && i2.status == CT_STATUS_CONVERGED,
               "seed %d: ADMM_CCP %s (%g), PGS_CCP %s (%g)", seed, ct_status_string(i1.status),
               (double)i1.model.relative, ct_status_string(i2.status), (double)i2.model.relative);
        for (k = 0; k < o.n; ++k) d = fabs((double)v1[k] - v2[k]) > d ? fabs((double)v1[k] - v2[k]) : d;
        CHECKF(d <= 1e4 * TOL_REL + 1e-7, "seed %d: ADMM_CCP and PGS_CCP differ on v by %g", seed, d);
        free(l1); free(v1); free(l2); free(v2);
        op_free(&o);
    }
}

/* every rule reaches the tolerance on random problems, for both flavors; the fixed rule
   factors exactly once */
static void test_rules(void) {
    static const ct_rho_rule rules[3] = {CT_RHO_SPECTRAL, CT_RHO_LINEAR, CT_RHO_FIXED};
    static const ct_method methods[2] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP};
    int seed, ri, mi;
    for (seed = 0; seed < 3; ++seed) {
        owned_problem o;
        th_seed(200 + (unsigned)seed);
        random_problem(&o, 1, 1, 4 + 2 * seed, 24, 0.1, 0.6, seed == 2);
        for (mi = 0; mi < 2; ++mi)
            for (ri = 0; ri < 3; ++ri) {
                ct_real *l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_settings s = ct_default_settings();
                ct_info info;
                s.method = methods[mi];
                s.admm.rule = rules[ri];
                s.stop = CT_STOP_RELATIVE;
                s.tol_rel = (ct_real)(TOL_REL * 10);
                s.max_iter = 50000;
                CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
                CHECKF(info.status == CT_STATUS_CONVERGED, "seed %d %s rule %d: %s, rel %g after %d it",
                       seed, ct_method_string(s.method), (int)rules[ri], ct_status_string(info.status),
                       (double)info.model.relative, info.iterations);
                if (rules[ri] == CT_RHO_FIXED && info.iterations > 0) {
                    CHECK_EQ_INT(info.factorizations, 1);
                    CHECK_NEAR(info.rho, 1, 0);
                }
                free(l); free(v);
            }
        op_free(&o);
    }
}

static void test_settings(void) {
    ct_settings s = ct_default_settings();
    CHECK_EQ_INT(s.admm.rule, CT_RHO_SPECTRAL);
    CHECK_NEAR(s.admm.rho0, 1, 0);
    CHECK_NEAR(s.admm.linear_factor, 2, 0);
    s.admm.eta = 0; /* the spectral rule needs eta > 0 */
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s.admm.rule = CT_RHO_FIXED;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
    s.admm.rule = CT_RHO_LINEAR;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
    s.admm.eta = -1;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    s.admm.rule = (ct_rho_rule)3;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    s.admm.rho0 = 0;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    s.admm.linear_factor = 1;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    { /* eta = 0 with the fixed rule solves a full-rank problem */
        owned_problem o;
        ct_real *l, *v;
        ct_info info;
        th_seed(300);
        random_problem(&o, 0, 0, 3, 30, 0.2, 0.5, 0);
        l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        s = ct_default_settings();
        s.method = CT_METHOD_ADMM_CCP;
        s.admm.eta = 0;
        s.admm.rule = CT_RHO_FIXED;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(TOL_REL * 10);
        s.max_iter = 50000;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        free(l); free(v);
        op_free(&o);
    }
}

int main(void) {
    test_ccp_closed_form();
    test_ccp_agreement();
    test_rules();
    test_settings();
    return th_summary();
}
