/* test_admm.c - the ADMM family beyond ADMM_NCP's core tests: ADMM_CCP (the convex Anitescu
   model, s = 0) against its closed form and against PGS_CCP, the three penalty rules
   (spectral, linear, fixed) with their settings validation, divergence on infeasible problems,
   mass-ratio stacks, compliant closed forms, the compliance helpers, reuse across calls
   (the solver object's state: warm rho and dual, reuse of the factorization; the history buffer) and the inverse dynamics. */
#include "contact.h"
#include "harness.h"
#include "problems.h"
#define FAMILIES_IMPLEMENTATION
#include "bench/families.h"

#ifdef CONTACT_USE_FLOAT
#define TOL_REL 1e-5
#else
#define TOL_REL 1e-10
#endif

/* one contact, G = I, g = (1, 0, -1), mu = 0.5: the CCP answer hovers, v_n = mu ||v_T|| */
static void test_ccp_closed_form(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {1, 0, -1}, mu[1] = {(ct_real)0.5};
    ct_real l[3] = {0, 0, 0}, v[3];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
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


/* ---- divergence: an infeasible problem stops with NUMERICAL_FAILURE and finite outputs ---- */
/* G = diag(1, 1, 0): the normal cannot move, and g_n = -1 pushes into it; no impulse makes
   v_n >= 0 (both models are infeasible), and the normal direction is an unbounded one. */
static void test_divergence(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 0}, g[3] = {(ct_real)0.5, 0, -1}, mu[1] = {(ct_real)0.5};
    static const ct_method methods[2] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP};
    static const ct_rho_rule rules[3] = {CT_RHO_SPECTRAL, CT_RHO_LINEAR, CT_RHO_FIXED};
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    int mi, ri;
    p.nb = 0; p.nu = 0; p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    for (mi = 0; mi < 2; ++mi)
        for (ri = 0; ri < 3; ++ri) {
            ct_settings s = ct_default_settings();
            ct_real l[3] = {0, 0, 0}, v[3];
            ct_info info;
            s.method = methods[mi];
            s.admm.rule = rules[ri];
            s.max_iter = 5000;
            CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
#ifndef CONTACT_USE_FLOAT
            CHECKF(info.status == CT_STATUS_NUMERICAL_FAILURE && info.iterations < 200,
                   "%s rule %d: %s after %d iterations", ct_method_string(s.method), (int)rules[ri],
                   ct_status_string(info.status), info.iterations);
#else
            CHECK(info.status != CT_STATUS_CONVERGED); /* float: only exact zeros certify */
#endif
            CHECK(isfinite((double)l[0]) && isfinite((double)l[1]) && isfinite((double)l[2]));
            CHECK(isfinite((double)v[0]) && isfinite((double)v[1]) && isfinite((double)v[2]));
        }
}

/* ---- stacks: mass ratios 1e4 and 1e6, hyperstatic, rigid (seed 003 Sec. V-A) -------------- */
static void test_stacks(void) {
#ifndef CONTACT_USE_FLOAT
    static const double masses[2][2] = {{1e-1, 1e3}, {1e-3, 1e3}}; /* ratios 1e4, 1e6 */
    static const ct_method methods[2] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP};
    int k, mi;
    for (k = 0; k < 2; ++k)
        for (mi = 0; mi < 2; ++mi) {
            ct_real G[BOX_N * BOX_N], g[BOX_N], mu[BOX_NC], l[BOX_N], v[BOX_N];
            ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
            ct_settings s = ct_default_settings();
            ct_info info;
            double fn_floor = 0, fn_box = 0;
            int c;
            box_stack(G, g, mu, masses[k][0], masses[k][1]);
            p.nb = 0; p.nu = 0; p.nc = BOX_NC; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
            s.method = methods[mi];
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = 1e-8;
            s.max_iter = 20000;
            memset(l, 0, sizeof(l));
            CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
            CHECKF(info.status == CT_STATUS_CONVERGED && info.model.relative <= 1e-8,
                   "stack ratio %g %s: %s, relative %g after %d iterations", masses[k][1] / masses[k][0],
                   ct_method_string(s.method), ct_status_string(info.status), (double)info.model.relative,
                   info.iterations);
            printf("  stack ratio %7.0e %-8s %5d iterations %3d factorizations, relative %.2g\n",
                   masses[k][1] / masses[k][0], ct_method_string(s.method), info.iterations,
                   info.factorizations, (double)info.model.relative);
            for (c = 0; c < 4; ++c) { fn_floor += l[3 * c + 2]; fn_box += l[3 * (c + 4) + 2]; }
            CHECK_NEAR(fn_floor, (masses[k][0] + masses[k][1]) * 9.81, 1e-5 * 9.81e3);
            CHECK_NEAR(fn_box, masses[k][1] * 9.81, 1e-5 * 9.81e3);
        }
#endif
}

/* ---- one compliant contact against its closed forms --------------------------------------- */
static void solve_one(ct_method m, const ct_real *G, const ct_real *g, const ct_real *R, ct_real mu0,
                      ct_real *l, ct_real *v, ct_info *info) {
    ct_real mu[1];
    ct_problem p;
    ct_settings s = ct_default_settings();
    mu[0] = mu0;
    p = ct_problem_dense(0, 0, 1, G, g, mu);
    p.R = R;
    s.method = m;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    s.max_iter = 20000;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, info), CT_OK);
    CHECKF(info->status == CT_STATUS_CONVERGED, "%s: %s (relative %g)", ct_method_string(m),
           ct_status_string(info->status), (double)info->model.relative);
}

static void test_compliant_closed_forms(void) {
    static const ct_method methods[2] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP};
    const ct_real G[9] = {2, (ct_real)0.3, (ct_real)0.2, (ct_real)0.3, (ct_real)1.5, (ct_real)-0.1,
                          (ct_real)0.2, (ct_real)-0.1, 1};
    const ct_real Gd[9] = {2, 0, 0, 0, (ct_real)1.5, 0, 0, 0, 1}; /* G_NT = 0 */
    const ct_real R[3] = {(ct_real)0.1, (ct_real)0.1, (ct_real)0.25};
    const double tol = 1e4 * TOL_REL + 1e-9;
    int mi, i, j;
    for (mi = 0; mi < 2; ++mi) {
        ct_real l[3], v[3], g[3];
        const ct_real want[3] = {(ct_real)0.1, (ct_real)-0.05, 1}; /* inside K_0.5 */
        ct_info info;
        /* sticking: lambda = -(G + R)^-1 g, so g = -(G + R) lambda */
        for (i = 0; i < 3; ++i) {
            g[i] = -R[i] * want[i];
            for (j = 0; j < 3; ++j) g[i] -= G[3 * i + j] * want[j];
        }
        solve_one(methods[mi], G, g, R, (ct_real)0.5, l, v, &info);
        for (i = 0; i < 3; ++i) CHECK_NEAR(l[i], want[i], tol);
        /* mu = 0, g_n < 0: lambda_n = -g_n / (G_nn + R_n) in every flavor */
        g[0] = 1; g[1] = (ct_real)-0.5; g[2] = -2;
        solve_one(methods[mi], Gd, g, R, 0, l, v, &info);
        CHECK_NEAR(l[2], 2 / (1 + 0.25), tol);
        CHECK_NEAR(l[0], 0, tol);
        CHECK_NEAR(l[1], 0, tol);
        /* sliding with G_NT = 0 (the sticking impulse -(G+R)_TT^-1 g_T = (-1.43, 0.94) is
           outside the cone): NCP keeps lambda_n = -g_n / (G_nn + R_n); the CCP glides,
           v_n = mu ||v_T|| > 0 */
        g[0] = 3; g[1] = (ct_real)-1.5;
        solve_one(methods[mi], Gd, g, R, (ct_real)0.5, l, v, &info);
        if (methods[mi] == CT_METHOD_ADMM_NCP) {
            CHECK_NEAR(l[2], 2 / (1 + 0.25), tol);
            CHECK_NEAR(v[2], 0, tol);
        } else {
            CHECK_NEAR(v[2], 0.5 * sqrt((double)v[0] * v[0] + (double)v[1] * v[1]), tol);
            CHECK(v[2] > 0.1);
        }
        CHECK_NEAR(sqrt((double)l[0] * l[0] + (double)l[1] * l[1]), 0.5 * l[2], tol); /* on the cone */
    }
}

/* ---- compliance helpers -------------------------------------------------------------------- */
static void test_compliance_helpers(void) {
    const double PI = 3.14159265358979323846;
    ct_real G[36], R[12], vref[12], phi0[2] = {(ct_real)-0.001, (ct_real)0.002}, pos[12], vel[12];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    double f0 = 0, w;
    int i, j;
    memset(G, 0, sizeof(G));
    for (i = 0; i < 6; ++i) G[7 * i] = (ct_real)(1 + i); /* diag 1..6 and one coupling */
    G[1] = G[6] = (ct_real)0.5;
    p.nb = 0; p.nu = 0; p.nc = 2; p.G = G; p.g = NULL; p.mu = NULL; p.R = NULL;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) f0 += (double)G[6 * i + j] * G[6 * i + j];
    f0 = sqrt(f0);
    /* ContactBench: R_n = ||G_ii||_F / (4 pi^2), R_t = 1e-3 R_n */
    for (i = 0; i < 12; ++i) R[i] = -1;
    CHECK_EQ_INT(ct_compliance_contactbench(&p, 0, 1, R), CT_OK);
    CHECK_NEAR(R[2], f0 / (4 * PI * PI), 1e-6 * R[2]);
    CHECK_NEAR(R[0], 1e-3 * f0 / (4 * PI * PI), 1e-6 * R[0]);
    CHECK_NEAR(R[1], R[0], 0);
    CHECK_NEAR(R[3], -1, 0); /* contact 1 untouched */
    /* SAP: w = ||G_ii||_F / 3; soft k: R_n = 1 / (dt k (dt + tau_d)); stiff k: the near-rigid
       clamp beta^2 w / (4 pi^2); R_t = sigma w; vref_n = phi0 / (dt + tau_d) */
    w = f0 / 3;
    CHECK_EQ_INT(ct_compliance_sap(&p, 0, 2, (ct_real)0.01, 100, (ct_real)0.1, 1, (ct_real)1e-3, phi0, R, vref),
                 CT_OK);
    CHECK_NEAR(R[2], 1 / (0.01 * 100 * 0.11), 1e-5 * R[2]);
    CHECK_NEAR(R[0], 1e-3 * w, 1e-5 * R[0]);
    CHECK_NEAR(vref[2], -0.001 / 0.11, 1e-5);
    CHECK_NEAR(vref[5], 0.002 / 0.11, 1e-5);
    CHECK_NEAR(vref[0], 0, 0);
    CHECK_EQ_INT(ct_compliance_sap(&p, 0, 1, (ct_real)0.01, (ct_real)1e9, 0, 1, (ct_real)1e-3, NULL, R, NULL), CT_OK);
    CHECK_NEAR(R[2], w / (4 * PI * PI), 1e-5 * R[2]);
    /* spring-damper: R_n = 1 / (dt (k dt + d)), vref_n = k phi0 / (k dt + d), rigid tangents */
    CHECK_EQ_INT(ct_compliance_spring_damper(&p, 1, 1, (ct_real)0.01, 1000, 5, phi0, R, vref), CT_OK);
    CHECK_NEAR(R[5], 1 / (0.01 * 15), 1e-5 * R[5]);
    CHECK_NEAR(vref[5], 1000 * 0.002 / 15, 1e-6);
    CHECK_NEAR(R[3], 0, 0);
    /* MuJoCo: solimp (0.9, 0.95, 0.001, 0.5, 2): d = dmin at r = 0, dmax beyond the width,
       x = 0.25 <= midpoint: d = dmin + (x^2 / 0.5)(dmax - dmin); R = (1 - d)/d G_jj */
    {
        const ct_real solref[2] = {(ct_real)0.02, 1}, solimp[5] = {(ct_real)0.9, (ct_real)0.95, (ct_real)0.001,
                                                                   (ct_real)0.5, 2};
        const double dt = 0.002, tc = 0.02, b = 2 / (0.95 * tc), kk = 1 / (0.95 * 0.95 * tc * tc);
        double d;
        for (i = 0; i < 12; ++i) { pos[i] = 0; vel[i] = (ct_real)(0.1 * (i + 1)); }
        pos[2] = (ct_real)-0.00025;  /* contact 0: x = 0.25 */
        pos[5] = (ct_real)-0.002;    /* contact 1: beyond the width */
        CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, R, vref), CT_OK);
        d = 0.9 + 0.25 * 0.25 / 0.5 * 0.05;
        CHECK_NEAR(R[2], (1 - d) / d * 3, 1e-5);
        CHECK_NEAR(R[0], (1 - d) / d * 3, 1e-5); /* the contact's distance and normal set all its rows */
        CHECK_NEAR(R[1], R[0], 0);
        CHECK_NEAR(vref[2], dt * (b * 0.3 + kk * d * -0.00025), 1e-6);
        CHECK_NEAR(vref[0], 0, 0); /* tangent_ref = 0 */
        CHECK_NEAR(R[5], (1 - 0.95) / 0.95 * 6, 1e-5);
        CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 3, solref, solimp, (ct_real)dt, pos, vel, 1, R, vref), CT_OK);
        CHECK_NEAR(vref[0], dt * b * 0.1, 1e-6); /* MuJoCo's tangential damping */
        { /* MuJoCo's diagonal approximation in place of G's diagonal: R_j = (1 - d)/d diag[jn],
             the same vref, G not read */
            ct_real diag[12], R2[12], v2[12];
            ct_problem q = p;
            for (i = 0; i < 12; ++i) diag[i] = (ct_real)(0.5 + 0.25 * i);
            q.G = NULL;
            CHECK_EQ_INT(ct_compliance_mujoco_approx(&q, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, diag, R2, v2),
                         CT_OK);
            CHECK_NEAR(R2[2], (1 - d) / d * 1.0, 1e-5);
            CHECK_NEAR(R2[0], R2[2], 0);
            CHECK_NEAR(R2[5], (1 - 0.95) / 0.95 * 1.75, 1e-5);
            CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, R, vref), CT_OK);
            for (i = 0; i < 6; ++i) CHECK_NEAR(v2[i], vref[i], 0);
            diag[5] = 0;
            CHECK_EQ_INT(ct_compliance_mujoco_approx(&q, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, diag, R2, v2),
                         CT_ERROR_INVALID_VALUE);
            diag[5] = (ct_real)NAN;
            CHECK_EQ_INT(ct_compliance_mujoco_approx(&q, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, diag, R2, v2),
                         CT_ERROR_NON_FINITE);
            CHECK_EQ_INT(ct_compliance_mujoco_approx(&q, 0, 6, solref, solimp, (ct_real)dt, pos, vel, 0, NULL, R2, v2),
                         CT_ERROR_INVALID_ARGUMENT);
            CHECK_EQ_INT(ct_compliance_mujoco_approx(&q, 4, 3, solref, solimp, (ct_real)dt, pos, vel, 0, diag, R2, v2),
                         CT_ERROR_INVALID_SIZE);
        }
        /* errors */
        CHECK_EQ_INT(ct_compliance_mujoco(&p, 4, 3, solref, solimp, (ct_real)dt, pos, vel, 0, R, vref),
                     CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 3, solref, solimp, 0, pos, vel, 0, R, vref),
                     CT_ERROR_INVALID_VALUE);
    }
    CHECK_EQ_INT(ct_compliance_sap(&p, 0, 1, (ct_real)0.01, 0, 0, 1, 0, NULL, R, NULL), CT_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(ct_compliance_spring_damper(&p, 0, 3, (ct_real)0.01, 1, 1, NULL, R, NULL), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_compliance_contactbench(NULL, 0, 1, R), CT_ERROR_INVALID_ARGUMENT);
}

/* MuJoCo's decoupled mass-spring-damper (seed 001 eq. 113): on one bilateral row,
   v+ = -d v_r + (1 - d) v_f; and the spring-damper helper's contact obeys its law
   lambda_n = dt (-k (phi0 + dt v_n) - d v_n) */
static void test_compliance_physics(void) {
    ct_real G[9] = {(ct_real)0.5, 0, 0, 0, (ct_real)0.5, 0, 0, 0, (ct_real)0.5};
    ct_real g[3], gu[3], R[3], vref[3], l[3], v[3], mu[1] = {(ct_real)0.5};
    ct_real pos[1] = {(ct_real)-0.01}, vel[1] = {(ct_real)-0.2};
    const ct_real solref[2] = {(ct_real)0.02, 1}, solimp[5] = {(ct_real)0.9, (ct_real)0.95, (ct_real)0.001,
                                                               (ct_real)0.5, 2};
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info info;
    double d = 0.95, dt = 0.002, k = 1000, damp = 20, phi = -0.003;
    ct_real phi0[1];
    p.nb = 1; p.nu = 0; p.nc = 0; p.G = G; p.g = g; p.mu = NULL; p.R = R;
    g[0] = (ct_real)-0.3;
    CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 1, solref, solimp, (ct_real)dt, pos, vel, 1, R, vref), CT_OK);
    gu[0] = g[0] + vref[0];
    p.g = gu;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    l[0] = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    /* v+ = G lambda + g (without R and vref) */
    CHECK_NEAR(G[0] * l[0] + g[0], -d * vref[0] + (1 - d) * g[0], 1e3 * TOL_REL + 1e-9);
    /* the spring-damper contact, pressing (phi0 < 0) and sliding */
    p.nb = 0; p.nc = 1; p.mu = mu; p.g = gu; p.R = R;
    g[0] = (ct_real)0.2; g[1] = 0; g[2] = (ct_real)-0.5;
    phi0[0] = (ct_real)phi;
    CHECK_EQ_INT(ct_compliance_spring_damper(&p, 0, 1, (ct_real)dt, (ct_real)k, (ct_real)damp, phi0, R, vref), CT_OK);
    gu[0] = g[0] + vref[0]; gu[1] = g[1] + vref[1]; gu[2] = g[2] + vref[2];
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    {
        double vn = (double)G[8] * l[2] + g[2]; /* the physical normal velocity */
        CHECK_NEAR(l[2], dt * (-k * (phi + dt * vn) - damp * vn), 1e4 * TOL_REL + 1e-9);
        CHECK(l[2] > 0);
    }
}

/* ---- reuse across calls -------------------------------------------------------------------- */
static void test_reuse(void) {
    owned_problem o;
    ct_settings s = ct_default_settings();
    ct_workspace ws0;
    ct_solver sv1, sv3;
    ct_solver_state st, st0;
    ct_real *l0, *l1, *l2, *v1, *v2, *g2, *dual, *dual0;
    ct_info i0, i1, i2;
    ct_real rho = 0;
    int n, k;
    th_seed(400);
    random_problem(&o, 1, 1, 6, 40, 0.2, 0.8, 0);
    n = o.n;
    l0 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    l1 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    l2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    v1 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    v2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    g2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    dual = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    dual0 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)(TOL_REL * 10);
    s.max_iter = 20000;
    CHECK_EQ_INT(ct_workspace_alloc(&ws0, 1, 1, 6, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_alloc(&sv1, &o.p, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_alloc(&sv3, &o.p, &s, NULL), CT_OK);
    /* nothing to reuse yet: no setup */
    CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v1, &i1), CT_ERROR_NO_SETUP);
    CHECK_EQ_INT(ct_solver_state_get(&sv1, &st, dual), CT_ERROR_NO_SETUP);
    CHECK_EQ_INT(ct_solve(&o.p, &s, &ws0, l0, v1, &i0), CT_OK);
    CHECK_EQ_INT(i0.status, CT_STATUS_CONVERGED);
    CHECK(i0.factorizations >= 1);
    CHECK_EQ_INT(i0.reused, 0);
    /* the solver object asked for its state (warm_rho, warm_dual): its first solve has none and
       gives ct_solve's bits, the factorization coming from the setup */
    s.admm.warm_dual = 1;
    s.admm.warm_rho = 1;
    CHECK_EQ_INT(ct_solver_setup(&sv1, &o.p, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v2, &i1), CT_OK);
    CHECK(memcmp(l1, l0, (size_t)n * sizeof(ct_real)) == 0);
    CHECK(memcmp(v1, v2, (size_t)n * sizeof(ct_real)) == 0);
    CHECK_EQ_INT(i1.iterations, i0.iterations);
    CHECK_EQ_INT(i1.factorizations, i0.factorizations - 1);
    CHECK_EQ_INT(i1.reused, CT_REUSED_FACTOR);
    CHECK_EQ_INT(ct_solver_state_get(&sv1, &st0, dual0), CT_OK);
    CHECK(st0.has_rho && st0.has_dual && st0.rho == i1.rho);
    /* a new g: the update reuses the factorization, the penalty and the dual; another solver
       object given the same state factors again and gives the same bits */
    for (k = 0; k < n; ++k) g2[k] = o.p.g[k] * (ct_real)1.05 + (ct_real)(0.01 * (k % 3));
    memcpy(l1, l0, (size_t)n * sizeof(ct_real));
    memcpy(l2, l0, (size_t)n * sizeof(ct_real));
    CHECK_EQ_INT(ct_solver_update_vectors(&sv1, g2, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v1, &i1), CT_OK);
    CHECK_EQ_INT(ct_solver_setup(&sv3, &o.p, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_update_vectors(&sv3, g2, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_state_set(&sv3, &st0, dual0), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv3, l2, v2, &i2), CT_OK);
    CHECK_EQ_INT(i1.status, CT_STATUS_CONVERGED);
    CHECK(i1.iterations > 0);
    CHECK(memcmp(l1, l2, (size_t)n * sizeof(ct_real)) == 0);
    CHECK(memcmp(v1, v2, (size_t)n * sizeof(ct_real)) == 0);
    CHECK_EQ_INT(i1.iterations, i2.iterations);
    CHECK(i1.rho == i2.rho);
    CHECK_EQ_INT(i2.factorizations, i1.factorizations + 1); /* the other solver's first factor */
    CHECK_EQ_INT(i1.reused, CT_REUSED_RHO | CT_REUSED_DUAL | CT_REUSED_FACTOR);
    CHECK_EQ_INT(i2.reused, CT_REUSED_RHO | CT_REUSED_DUAL);
    printf("  reuse: first solve %d iterations %d factorizations; update %d iterations %d factorizations\n",
           i0.iterations, i0.factorizations, i1.iterations, i1.factorizations);
    /* the state API: get from sv1, set into sv3, warm solve */
    CHECK_EQ_INT(ct_solver_state_get(&sv1, &st, dual), CT_OK);
    rho = st.rho;
    CHECK(rho == i1.rho);
    st.has_rho_power = 0; /* a penalty by hand: its exponent is derived on the spectrum */
    CHECK_EQ_INT(ct_solver_state_set(&sv3, &st, dual), CT_OK);
    memcpy(l2, l1, (size_t)n * sizeof(ct_real));
    s.tol_rel = (ct_real)(TOL_REL * 5);
    CHECK_EQ_INT(ct_solver_update_settings(&sv3, &s), CT_OK);
    CHECK_EQ_INT(ct_solver_solve(&sv3, l2, v2, &i2), CT_OK);
    CHECK_EQ_INT(i2.status, CT_STATUS_CONVERGED);
    CHECK(i2.reused & CT_REUSED_RHO);
    CHECK(i2.reused & CT_REUSED_DUAL);
    CHECK_NEAR(i2.rho, rho, 1e-6 * rho); /* the first penalty is the one set (up to log/pow) */
    st.rho = 0;
    CHECK_EQ_INT(ct_solver_state_set(&sv3, &st, dual), CT_ERROR_INVALID_VALUE);
    st.rho = rho;
    CHECK_EQ_INT(ct_solver_state_set(&sv3, &st, NULL), CT_ERROR_INVALID_ARGUMENT); /* has_dual, no dual */
    /* another R (or another method family) cannot reuse */
    {
        ct_real *R = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        CHECK_EQ_INT(ct_solver_update_compliance(&sv1, R), CT_OK);
        memset(l1, 0, (size_t)n * sizeof(ct_real)); /* a cold start: the solve runs */
        CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v1, &i1), CT_OK);
        CHECK(!(i1.reused & CT_REUSED_FACTOR));
        CHECK(i1.factorizations >= 1);
        CHECK_EQ_INT(ct_solver_update_compliance(&sv1, NULL), CT_OK);
        free(R);
        s.method = CT_METHOD_PGS_NCP;
        CHECK_EQ_INT(ct_solver_update_settings(&sv1, &s), CT_OK);
        CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v1, &i1), CT_OK);
        CHECK_EQ_INT(ct_solver_state_get(&sv1, &st, dual), CT_ERROR_INVALID_VALUE); /* no dual */
        s.method = CT_METHOD_ADMM_NCP;
        CHECK_EQ_INT(ct_solver_update_settings(&sv1, &s), CT_OK);
        memset(l1, 0, (size_t)n * sizeof(ct_real));
        CHECK_EQ_INT(ct_solver_solve(&sv1, l1, v1, &i1), CT_OK);
        CHECK_EQ_INT(i1.reused, 0);
    }
    ct_workspace_free(&ws0);
    ct_solver_free(&sv1);
    ct_solver_free(&sv3);
    free(l0); free(l1); free(l2); free(v1); free(v2); free(g2); free(dual); free(dual0);
    op_free(&o);
}

/* ---- the per-iteration history ------------------------------------------------------------ */
/* admm.screen: the full check only when the x-step's free velocity says the tolerance is near
   (and every 10th check). Same answers as scoring every iteration, at most 10 iterations later;
   a converged point meets the tolerance; a history turns the screen off. */
static void test_screen(void) {
    static const ct_method methods[3] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP, CT_METHOD_HYBRID_NCP};
    int seed, mi, same = 0, total = 0;
    for (seed = 0; seed < 6; ++seed) {
        owned_problem o;
        th_seed(900 + (unsigned)seed);
        random_problem(&o, seed % 2, seed % 3 == 2, 3 + 3 * seed, 30, 0.1, 0.8, seed == 4);
        for (mi = 0; mi < 3; ++mi) {
            ct_real *l0 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_real *l1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_settings s = ct_default_settings();
            ct_info i0, i1;
            s.method = methods[mi];
            s.max_iter = 3000;
            s.stop = seed % 2 ? CT_STOP_RELATIVE : CT_STOP_ABSOLUTE;
            s.admm.screen = 0;
            CHECK_EQ_INT(solve_with(&o.p, &s, l0, v, &i0), CT_OK);
            s.admm.screen = 1;
            CHECK_EQ_INT(solve_with(&o.p, &s, l1, v, &i1), CT_OK);
            CHECKF(i1.status == i0.status, "seed %d %s: %s with the screen, %s without", seed,
                   ct_method_string(s.method), ct_status_string(i1.status), ct_status_string(i0.status));
            CHECKF(i1.iterations >= i0.iterations && i1.iterations <= i0.iterations + 10,
                   "seed %d %s: %d iterations with the screen, %d without", seed, ct_method_string(s.method),
                   i1.iterations, i0.iterations);
            if (i1.status == CT_STATUS_CONVERGED)
                CHECK(s.stop == CT_STOP_RELATIVE ? i1.model.relative <= s.tol_rel : i1.model.absolute <= s.tol_abs);
            same += i1.iterations == i0.iterations && !memcmp(l0, l1, (size_t)o.n * sizeof(ct_real));
            ++total;
            free(l0); free(l1); free(v);
        }
        op_free(&o);
    }
    CHECKF(2 * same >= total, "the screen changed %d of %d solves", total - same, total);
    {
        ct_settings s = ct_default_settings();
        s.admm.screen = 2;
        CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    }
}

static void test_history(void) {
    owned_problem o;
    ct_history_entry e[40];
    ct_history h;
    ct_settings s = ct_default_settings();
    ct_real *l, *v;
    ct_info info;
    int k;
    th_seed(500);
    random_problem(&o, 0, 1, 5, 30, 0.2, 0.8, 0);
    l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
    h.entries = e; h.capacity = 40; h.count = -1;
    s.history = &h;
    s.max_iter = 30;
    s.check_every = 2;
    CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(h.count, info.iterations);
    for (k = 0; k < h.count; ++k) {
        CHECK_EQ_INT(e[k].iteration, k + 1);
        CHECK(e[k].rho > 0 && e[k].primal >= 0 && e[k].dual >= 0);
        CHECK(k % 2 == 1 ? e[k].criterion >= 0 : e[k].criterion == -1); /* no screen with a history */
    }
    if (info.status == CT_STATUS_CONVERGED && h.count > 0 && h.count % 2 == 0)
        CHECK_NEAR(e[h.count - 1].criterion, info.model.absolute, 0);
    /* a Gauss-Seidel method: no penalty, no internal residuals */
    s.method = CT_METHOD_PGS_NCP;
    s.check_every = 1;
    h.capacity = 5;
    memset(l, 0, (size_t)o.n * sizeof(ct_real));
    CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(h.count, info.iterations < 5 ? info.iterations : 5);
    CHECK(h.count == 0 || (e[0].rho == 0 && e[0].primal == -1 && e[0].criterion >= 0));
    h.capacity = -1;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    free(l); free(v);
    op_free(&o);
}

/* ---- inverse dynamics (seed 003 Sec. IV, Alg. 2) ------------------------------------------ */
static void test_inverse(void) {
    ct_real c[3], R[3], mu[1] = {(ct_real)0.5}, l[3], sg[3];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info info;
    p.nb = 0; p.nu = 0; p.nc = 1; p.G = NULL; p.g = c; p.mu = mu; p.R = NULL;
    s.admm.eta = (ct_real)1e-8; /* seed 003's rho */
    s.max_iter = 200;
    /* (a) rigid, target tangent to the wall (c_N = 0, sliding): CCP fails, NCP solves */
    c[0] = (ct_real)0.3; c[1] = (ct_real)-0.4; c[2] = 0;
    s.method = CT_METHOD_ADMM_CCP;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_OK);
    CHECKF(info.status == CT_STATUS_NUMERICAL_FAILURE, "(a) CCP: %s after %d", ct_status_string(info.status),
           info.iterations);
    CHECK(isfinite((double)l[0]) && isfinite((double)l[1]) && isfinite((double)l[2]));
    CHECK(isfinite((double)sg[0]) && isfinite((double)sg[1]) && isfinite((double)sg[2]));
    s.method = CT_METHOD_ADMM_NCP;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    CHECK_LE(info.ncp.absolute, TOL_SOLVE);
    /* (b) compliant, sliding and pressing (c_N < 0): NCP lambda_n = -c_N / R_N,
       lambda_T = -mu lambda_n c_T / ||c_T||; the CCP answer differs, its v_n = mu ||v_T|| > 0 */
    R[0] = R[1] = (ct_real)0.01; R[2] = (ct_real)0.02;
    p.R = R;
    c[0] = 1; c[1] = (ct_real)0.5; c[2] = (ct_real)-0.3;
    s.admm.eta = (ct_real)1e-6;
    s.max_iter = 2000;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    {
        double ln = 0.3 / 0.02, ct = sqrt(1.25);
        CHECK_NEAR(l[2], ln, 1e4 * TOL_REL);
        CHECK_NEAR(l[0], -0.5 * ln * 1 / ct, 1e4 * TOL_REL);
        CHECK_NEAR(l[1], -0.5 * ln * 0.5 / ct, 1e4 * TOL_REL);
        CHECK_NEAR(sg[2], 0, 1e4 * TOL_REL);
        s.method = CT_METHOD_ADMM_CCP;
        l[0] = l[1] = l[2] = 0;
        CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        CHECK(fabs((double)l[2] - ln) > 0.1 * ln);
        CHECK_NEAR(sg[2], 0.5 * sqrt((double)sg[0] * sg[0] + (double)sg[1] * sg[1]), 1e4 * TOL_REL);
        CHECK(sg[2] > 0.1);
    }
    /* bilateral and unilateral rows with compliance: lambda = -c / R, and max(0, .) */
    {
        ct_real c2[5] = {(ct_real)0.2, (ct_real)-0.4, (ct_real)0.15, 0, (ct_real)-1};
        ct_real R2[5] = {(ct_real)0.1, (ct_real)0.2, (ct_real)0.3, (ct_real)0.3, (ct_real)0.5};
        ct_real l2[5] = {0, 0, 0, 0, 0}, s2[5];
        ct_real mu2[1] = {(ct_real)0.4};
        ct_problem q = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        q.nb = 1; q.nu = 1; q.nc = 1; q.G = NULL; q.g = c2; q.mu = mu2; q.R = R2;
        s.method = CT_METHOD_ADMM_NCP;
        CHECK_EQ_INT(ct_inverse_dynamics(&q, &s, l2, s2, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
        CHECK_NEAR(l2[0], -2, 1e4 * TOL_REL);
        CHECK_NEAR(l2[1], 2, 1e4 * TOL_REL);
        CHECK_NEAR(l2[4], 2, 1e4 * TOL_REL); /* contact: sticking, lambda = -c / R inside K */
        CHECK_NEAR(l2[2], -0.5, 1e4 * TOL_REL);
        /* rigid bilateral row with c != 0: infeasible in both flavors */
        R2[0] = 0;
        s.max_iter = 100;
        l2[0] = l2[1] = l2[2] = l2[3] = l2[4] = 0;
        CHECK_EQ_INT(ct_inverse_dynamics(&q, &s, l2, s2, &info), CT_OK);
        CHECK_EQ_INT(info.status, CT_STATUS_NUMERICAL_FAILURE);
    }
    /* errors */
    R[1] = (ct_real)0.02;
    s.method = CT_METHOD_ADMM_NCP;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_ERROR_ANISOTROPIC_COMPLIANCE);
    R[1] = R[0];
    s.method = CT_METHOD_PGS_NCP;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_ERROR_INVALID_SETTINGS);
    s.method = CT_METHOD_ADMM_CCP;
    s.admm.eta = 0;
    s.admm.rule = CT_RHO_FIXED;
    p.R = NULL;
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, l, sg, &info), CT_ERROR_INVALID_SETTINGS);
    CHECK_EQ_INT(ct_inverse_dynamics(&p, &s, NULL, sg, &info), CT_ERROR_INVALID_ARGUMENT);
}

/* ---- admm.update_adapt: the penalty rule sooner while it keeps moving rho one way ------------ */
/* Small stacks start with rho far above its balance (primal residual near 0, the dual one
   1e-1): one step of the rule per update_every iterations takes long to get there. With the
   adaptive gap the solves take fewer iterations (geometric mean over eight stacks, 0.70 in
   double, 0.71 in float; one of them takes 2.2 times as many: a different path into ADMM's
   slow linear phase, where the rule no longer moves rho), both cadences keep factorizations
   <= 1 + iterations / update_every + update_every, and update_adapt = 0 keeps the fixed
   cadence (rho changes only after a multiple of update_every, read from the history), which
   the adaptive one leaves. */
static void test_update_adapt(void) {
    static const char *fams[2] = {"stack:light_top", "stack:heavy_top"};
    int f, k, off_seen = 0, solves = 0;
    double log_ratio = 0;
    for (f = 0; f < 2; ++f)
        for (k = 0; k < 4; ++k) {
            fam_problem fp;
            ct_history_entry *e;
            ct_history h;
            ct_settings s = ct_default_settings();
            ct_real *l, *v;
            ct_info info[2];
            int a, j;
            if (fam_generate(fams[f], 2, fam_instance_seed(61, k), &fp) != FAM_OK) {
                CHECKF(0, "fam_generate %s %d", fams[f], k);
                continue;
            }
            l = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            e = (ct_history_entry *)calloc(20000, sizeof(ct_history_entry));
            h.entries = e;
            h.capacity = 20000;
            s.method = CT_METHOD_ADMM_NCP;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : 1e-8);
            s.max_iter = 20000;
            s.history = &h;
            for (a = 0; a < 2; ++a) {
                int off = 0;
                s.admm.update_adapt = a;
                memset(l, 0, (size_t)fp.n * sizeof(ct_real));
                CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info[a]), CT_OK);
                for (j = 1; j < h.count; ++j) /* iteration j + 1 has the rho the rule set after j */
                    if (e[j].rho != e[j - 1].rho && j % s.admm.update_every != 0) ++off;
                if (a == 0) CHECKF(off == 0, "%s %d: rho changed %d times off the cadence", fams[f], k, off);
                else off_seen += off > 0;
                CHECKF(info[a].factorizations <= 1 + info[a].iterations / s.admm.update_every + s.admm.update_every,
                       "%s %d adapt %d: %d factorizations in %d iterations", fams[f], k, a, info[a].factorizations,
                       info[a].iterations);
            }
            /* (float: one of the heavy tops stays above 1e-4 after 20000 iterations either way) */
            CHECKF(sizeof(ct_real) == 4 ? info[1].status == CT_STATUS_CONVERGED || info[0].status != CT_STATUS_CONVERGED
                                        : info[1].status == CT_STATUS_CONVERGED && info[0].status == CT_STATUS_CONVERGED,
                   "%s %d: %s adaptive, %s fixed", fams[f], k, ct_status_string(info[1].status),
                   ct_status_string(info[0].status));
            if (info[0].status == CT_STATUS_CONVERGED && info[1].status == CT_STATUS_CONVERGED) {
                log_ratio += log((double)info[1].iterations / info[0].iterations);
                ++solves;
            }
            free(e);
            free(l);
            free(v);
            fam_free(&fp);
        }
    log_ratio = solves > 0 ? exp(log_ratio / solves) : 1;
    CHECKF(off_seen >= 1 && log_ratio < 0.8, "adaptive: %.3g of the fixed cadence's iterations (geometric mean), "
           "rho off the cadence in %d solves", log_ratio, off_seen);
    printf("  update_adapt on 8 small stacks: %.3g of the fixed cadence's iterations (geometric mean)\n", log_ratio);
}

int main(void) {
    test_divergence();
    test_stacks();
    test_compliant_closed_forms();
    test_compliance_helpers();
    test_compliance_physics();
    test_reuse();
    test_history();
    test_screen();
    test_inverse();
    test_ccp_closed_form();
    test_ccp_agreement();
    test_rules();
    test_settings();
    test_update_adapt();
    return th_summary();
}
