/* test_hardening.c - the public entry points beyond ct_solve under hostile input: each check is
   a finding that once failed (a crash, an inf or NaN returned under CT_OK, a misleading code,
   outputs written on an error). Problem files are in test_io.c, the workspace size in
   test_validate.c. */
#include "contact.h"
#include "harness.h"
#include "problems.h"
#include <limits.h>
#include <math.h>
#include <string.h>

static int finite3(const ct_real x[3]) {
    return isfinite((double)x[0]) && isfinite((double)x[1]) && isfinite((double)x[2]);
}

/* sizes at every entry point: no overflow, no read out of bounds */
static void test_sizes(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, l[3] = {0}, v[3];
    ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu), q;
    ct_residuals res;
    ct_settings s = ct_default_settings();
    size_t bytes;
    ct_contact_mode modes[1];
    q = p;
    q.nb = INT_MAX;
    q.nu = 1;
    CHECK_EQ_INT(ct_criteria(&q, l, v, CT_FLAVOR_NCP, &res), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_contact_modes(&q, l, v, (ct_real)1e-6, modes), CT_ERROR_INVALID_SIZE);
    q = p;
    q.nc = INT_MAX / 3 + 1;
    CHECK_EQ_INT(ct_velocity(&q, l, v), CT_ERROR_INVALID_SIZE);
    q.nb = INT_MAX;
    q.nu = INT_MAX;
    CHECK_EQ_INT(ct_workspace_size_problem(&q, &s, &bytes), CT_ERROR_INVALID_SIZE);
}

/* finite input never gives inf or NaN under CT_OK */
static void test_overflow(void) {
    static const ct_real big[4][3] = {{1e300, 1e300, -1e300}, {-1e300, 0, 1e300}, {1e200, -1e250, 1e-300}, {0, 0, -1e308}};
    ct_real out[3];
    int k;
    for (k = 0; k < 4; ++k) {
        ct_real x[3];
        x[0] = sizeof(ct_real) == 4 ? (ct_real)(big[k][0] > 0 ? 1e37 : big[k][0] < 0 ? -1e37 : 0) : big[k][0];
        x[1] = sizeof(ct_real) == 4 ? (ct_real)(big[k][1] > 0 ? 1e37 : big[k][1] < 0 ? -1e37 : 0) : big[k][1];
        x[2] = sizeof(ct_real) == 4 ? (ct_real)(big[k][2] > 0 ? 1e37 : big[k][2] < 0 ? -1e37 : 0) : big[k][2];
        ct_project_cone(1, x, out);
        CHECKF(finite3(out), "cone %d: %g %g %g", k, (double)out[0], (double)out[1], (double)out[2]);
        ct_project_dual_cone((ct_real)0.5, x, out);
        CHECK(finite3(out));
        ct_project_polar_cone((ct_real)0.5, x, out);
        CHECK(finite3(out));
        ct_project_pyramid((ct_real)0.5, x, out);
        CHECK(finite3(out));
        ct_project_disk(x[2] > 0 ? x[2] : 1, x, out);
        CHECK(isfinite((double)out[0]) && isfinite((double)out[1]));
    }
    { /* the scaled path agrees with the plain one where both are exact (powers of two) */
        ct_real a[3] = {3, 4, -1}, b[3], oa[3], ob[3];
        const ct_real c = sizeof(ct_real) == 4 ? (ct_real)1e30 : (ct_real)1e200;
        ct_project_cone(1, a, oa);
        b[0] = a[0] * c; b[1] = a[1] * c; b[2] = a[2] * c;
        ct_project_cone(1, b, ob);
        for (k = 0; k < 3; ++k) CHECK_NEAR(ob[k] / c, oa[k], 1e-5 * fabs((double)oa[k]) + 1e-30);
    }
#ifndef CONTACT_USE_FLOAT
    { /* G = J M^-1 J^T overflows from finite M and J */
        ct_real M[1] = {1e-300}, J[1] = {1e200}, GG[1], gg[1], vf[1] = {1}, sc[64];
        CHECK_EQ_INT(ct_delassus_from_mj(1, 1, M, J, vf, GG, gg, sc), CT_ERROR_OUT_OF_RANGE);
    }
#endif
    { /* compliance helpers with tiny time constants */
        ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, R[3], vref[3];
        ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
        const ct_real tiny = sizeof(ct_real) == 4 ? (ct_real)1e-30 : (ct_real)1e-300;
        const ct_real solref[2] = {tiny, 1}, solimp[5] = {(ct_real)0.9, (ct_real)0.95, (ct_real)0.001, (ct_real)0.5, 2};
        const ct_real pos[3] = {0, 0, (ct_real)-0.001}, vel[3] = {0, 0, -1};
        CHECK_EQ_INT(ct_compliance_spring_damper(&p, 0, 1, tiny, 1, 0, NULL, R, vref), CT_ERROR_OUT_OF_RANGE);
        CHECK_EQ_INT(ct_compliance_sap(&p, 0, 1, tiny, 1, 0, 0, 0, NULL, R, vref), CT_ERROR_OUT_OF_RANGE);
        CHECK_EQ_INT(ct_compliance_mujoco(&p, 0, 3, solref, solimp, tiny, pos, vel, 0, R, vref), CT_ERROR_OUT_OF_RANGE);
        CHECK_EQ_INT(ct_compliance_spring_damper(&p, 0, 1, (ct_real)0.01, 1000, 10, NULL, R, vref), CT_OK);
    }
}

/* derivatives: a non-finite seed is refused, not propagated */
static void test_derivative_seeds(void) {
    ct_real G[9] = {2, 0, 0, 0, 2, 0, 0, 0, 1}, g[3] = {(ct_real)0.1, 0, -1}, mu[1] = {(ct_real)0.5};
    ct_real l[3] = {0}, v[3], dg[3] = {0, 0, 1}, dl[3], dv[3], lbar[3] = {1, 0, 0}, gbar[3];
    ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    size_t bytes;
    void *mem;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(ct_derivatives_size(0, 0, 1, &bytes), CT_OK);
    mem = malloc(bytes);
    CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes), CT_OK);
    CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, dv, NULL), CT_OK);
    CHECK(finite3(dl) && finite3(dv));
    dg[1] = (ct_real)NAN;
    CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, dv, NULL), CT_ERROR_NON_FINITE);
    dg[1] = (ct_real)INFINITY;
    CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, dv, NULL), CT_ERROR_NON_FINITE);
    CHECK_EQ_INT(ct_vjp(&p, &s, &ws, l, v, lbar, NULL, gbar, NULL, NULL, NULL, NULL), CT_OK);
    lbar[2] = (ct_real)NAN;
    CHECK_EQ_INT(ct_vjp(&p, &s, &ws, l, v, lbar, NULL, gbar, NULL, NULL, NULL, NULL), CT_ERROR_NON_FINITE);
    free(mem);
}

/* a code that names the misuse */
static void test_codes(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, l[3] = {0}, v[3] = {0};
    ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
    ct_settings s = ct_default_settings();
    ct_residuals res;
    int nnzb, m;
    ct_info info;
    s.method = CT_METHOD_ADMM_NCP;
    s.admm.rho_power = (ct_real)1e300;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    s.admm.eta = (ct_real)(sizeof(ct_real) == 4 ? 1e30 : 1e300);
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    s.admm.rho_power = 100; /* valid: the penalty is kept within its range, no false NOT_PSD */
    s.method = CT_METHOD_ADMM_NCP;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(ct_sparse_count(0, 0, 1, G, (ct_real)NAN, &nnzb), CT_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(ct_sparse_count(0, 0, 1, G, -1, &nnzb), CT_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(ct_sparse_count(0, 0, 1, NULL, 0, &nnzb), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_criteria(&p, l, v, (ct_flavor)77, &res), CT_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(ct_criteria_rule(&p, l, v, CT_FLAVOR_NCP, (ct_stop_rule)9, &res), CT_ERROR_INVALID_VALUE);
    CHECK(strcmp(ct_result_explain(CT_ERROR_INVALID_ARGUMENT), ct_result_explain(CT_ERROR_INVALID_VALUE)) != 0);
    /* G indefinite across two contacts, each block PD: every method that factors finds it with
       the same code, and lambda and v are as the caller left them */
    for (m = 0; m < 3; ++m) {
        static const ct_method ms[3] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP, CT_METHOD_STAGGERED};
        ct_real G2[36], g2[6] = {0, 0, -1, 0, 0, -1}, mu2[2] = {(ct_real)0.5, (ct_real)0.5}, l2[6], v2[6];
        ct_problem p2 = ct_problem_dense(0, 0, 2, G2, g2, mu2);
        int i, j, warm;
        for (i = 0; i < 6; ++i)
            for (j = 0; j < 6; ++j) G2[i * 6 + j] = i == j ? 1 : (i % 3 == j % 3 ? (ct_real)1.5 : 0);
        for (warm = 0; warm < 4; ++warm) { /* 2, 3: with settings.scale */
            int same = 1;
            s = ct_default_settings();
            s.method = ms[m];
            s.warm_start = warm & 1;
            s.scale = warm >> 1;
            for (i = 0; i < 6; ++i) { l2[i] = 7; v2[i] = 9; }
            CHECK_EQ_INT(solve_with(&p2, &s, l2, v2, &info), CT_ERROR_NOT_PSD);
            for (i = 0; i < 6; ++i) same &= l2[i] == 7 && v2[i] == 9;
            CHECKF(same, "%s warm %d: lambda or v written on an error", ct_method_string(ms[m]), warm);
            CHECK(info.status == CT_STATUS_NOT_SOLVED && info.error_index >= 0 && info.error_index < 6);
        }
    }
}

/* aliasing: the cheap cases are refused, outputs untouched */
static void test_aliasing(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[6] = {0, 0, -1, 0, 0, 0}, mu[1] = {(ct_real)0.5}, l[3], v[3];
    ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
    ct_settings s = ct_default_settings();
    ct_info info;
    int m, i;
    for (m = 0; m < 2; ++m) {
        s.method = m ? CT_METHOD_ADMM_NCP : CT_METHOD_PGS_NCP;
        for (i = 0; i < 3; ++i) l[i] = 0;
        CHECK_EQ_INT(solve_with(&p, &s, l, l, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK(!strcmp(info.error_field, "lambda/v") && l[0] == 0 && l[2] == 0);
        CHECK_EQ_INT(solve_with(&p, &s, g + 3, v, &info), CT_OK); /* just past g: no overlap */
        CHECK_EQ_INT(solve_with(&p, &s, g + 2, v, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(solve_with(&p, &s, l, G + 6, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK(G[6] == 0 && G[8] == 1 && g[2] == -1);
        CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    }
}

/* a progress callback and a fake clock stop every method, with a scored point */
typedef struct fake {
    int calls, stop_after;
    double now;
} fake;
static int stop_cb(void *user, const ct_progress *pr) {
    fake *f = (fake *)user;
    (void)pr;
    return ++f->calls >= f->stop_after;
}
static double fake_clock(void *user) {
    fake *f = (fake *)user;
    f->now += 1; /* one second per reading */
    return f->now;
}
static void box_stack_problem(owned_problem *o) {
    int i;
    op_alloc(o, 0, 0, BOX_NC);
    box_stack(o->G, o->g, o->mu, 1e-3, 1e3);
    o->R = (ct_real *)malloc(sizeof(ct_real) * (size_t)o->n); /* for NEWTON_SOFT only */
    for (i = 0; i < o->n; ++i) o->R[i] = (ct_real)1e-3 * o->G[i * o->n + i];
}
static void test_interrupt(void) {
    owned_problem o;
    int m, way;
    box_stack_problem(&o); /* mass ratio 1e3: no method is done in a few iterations */
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m)
        for (way = 0; way < 2; ++way) {
            ct_settings s = ct_default_settings();
            ct_real *l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)), *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_residuals res;
            ct_info info;
            fake f = {0, 3, 0};
            ct_result r;
            s.method = (ct_method)m;
            s.tol_abs = (ct_real)1e-12;
            s.max_iter = 100000;
            s.user = &f;
            if (way == 0) {
                s.progress = stop_cb;
            } else {
                s.clock = fake_clock;
                s.time_limit = (ct_real)2.5; /* the third poll reads 3 s after the start */
            }
            if (m == CT_METHOD_NEWTON_SOFT) o.p.R = o.R; /* it needs a compliance */
            r = solve_with(&o.p, &s, l, v, &info);
            o.p.R = NULL;
            if (r == CT_ERROR_COMPILED_OUT) continue;
            CHECKF(r == CT_OK, "%s: %s", ct_method_string(s.method), ct_result_string(r));
            CHECKF(info.status == CT_STATUS_INTERRUPTED, "%s way %d: %s after %d iterations", ct_method_string(s.method),
                   way, ct_status_string(info.status), info.iterations);
            CHECKF(way ? f.now == 4 : f.calls == 3, "%s way %d: polled %d times, clock %g", ct_method_string(s.method), way,
                   f.calls, f.now);
            if (m == CT_METHOD_NEWTON_SOFT) o.p.R = o.R;
            CHECK_EQ_INT(ct_criteria(&o.p, l, v, info.flavor, &res), CT_OK);
            o.p.R = NULL;
            CHECKF(res.absolute == info.model.absolute, "%s: the point is scored", ct_method_string(s.method));
            free(l);
            free(v);
        }
    { /* polled every 10 iterations; a time limit needs a clock */
        ct_settings s = ct_default_settings();
        ct_real *l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)), *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        ct_info info;
        fake f = {0, 1000000, 0};
        s.method = CT_METHOD_PGS_NCP;
        s.tol_abs = (ct_real)1e-30;
        s.max_iter = 95;
        s.progress = stop_cb;
        s.user = &f;
        s.poll_every = 10;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        CHECKF(f.calls == 9 && info.status != CT_STATUS_INTERRUPTED, "%d polls", f.calls);
        s.progress = NULL;
        s.time_limit = 1;
        CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
        s.clock = fake_clock;
        CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
        s.poll_every = 0;
        CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
        free(l);
        free(v);
    }
    op_free(&o);
}

/* A slightly asymmetric G (real data: FCLib's Capsules carry 1.8e-3 of max |G_ii|) is accepted
   below settings.sym_tol and solved as given: every method that converges meets the tolerance
   on the given G, recomputed here; the factor-based ones (ADMM) take the symmetric part and
   correct with the skew part, the Gauss-Seidel ones read rows. sym_tol = 0 refuses it. Dense
   and block-sparse storage alike. */
static void test_asymmetric(void) {
    static const ct_method methods[] = {CT_METHOD_ADMM_NCP, CT_METHOD_PGS_NCP, CT_METHOD_NEWTON_NCP,
                                        CT_METHOD_HYBRID_NCP, CT_METHOD_PROX_NCP, CT_METHOD_ADMM_CCP,
                                        CT_METHOD_PGS_CCP, CT_METHOD_NBGS};
    const double eps = sizeof(ct_real) == 4 ? 1e-3 : 1e-3;
    int seed, mi, sparse;
    for (seed = 0; seed < 4; ++seed) {
        owned_problem o;
        double dmax = 0;
        int i, j;
        th_seed(4100 + (unsigned)seed);
        random_problem(&o, seed == 3, seed == 2, 3 + 2 * seed, 30, 0.2, 0.8, 0);
        for (i = 0; i < o.n; ++i) dmax = fmax(dmax, (double)o.G[(size_t)i * o.n + i]);
        for (i = 0; i < o.n; ++i) /* a skew perturbation inside the existing pattern */
            for (j = 0; j < i; ++j)
                if (o.G[(size_t)i * o.n + j] != 0) {
                    double e = eps * dmax * (th_uniform() - 0.5);
                    o.G[(size_t)i * o.n + j] += (ct_real)e;
                    o.G[(size_t)j * o.n + i] -= (ct_real)e;
                }
        for (sparse = 0; sparse < 2; ++sparse)
            for (mi = 0; mi < (int)(sizeof(methods) / sizeof(methods[0])); ++mi) {
                ct_settings s = ct_default_settings();
                ct_real *l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_real *v2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_problem p = o.p;
                ct_sparse S;
                int *rp = NULL, *col = NULL, nnzb = 0;
                ct_real *val = NULL;
                ct_info info;
                ct_residuals res;
                ct_flavor fl;
                s.method = methods[mi];
                s.max_iter = s.method == CT_METHOD_PGS_NCP || s.method == CT_METHOD_PGS_CCP ||
                             s.method == CT_METHOD_NBGS ? 20000 : 3000;
                if (sparse) {
                    const int ng = p.nb + p.nu + p.nc;
                    CHECK_EQ_INT(ct_sparse_count(p.nb, p.nu, p.nc, o.G, 0, &nnzb), CT_OK);
                    rp = (int *)malloc(sizeof(int) * (size_t)(ng + 1));
                    col = (int *)malloc(sizeof(int) * (size_t)nnzb);
                    val = (ct_real *)malloc(sizeof(ct_real) * 9 * (size_t)nnzb);
                    CHECK_EQ_INT(ct_sparse_from_dense(p.nb, p.nu, p.nc, o.G, 0, rp, col, val), CT_OK);
                    S.row_ptr = rp; S.col = col; S.val = val;
                    p.G = NULL; p.Gs = &S;
                }
                CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
                CHECKF(info.asymmetry > 0.1 * eps && info.asymmetry < eps, "asymmetry %g", (double)info.asymmetry);
                CHECKF(info.status == CT_STATUS_CONVERGED, "seed %d %s %s: %s, absolute %g after %d it", seed,
                       sparse ? "sparse" : "dense", ct_method_string(s.method), ct_status_string(info.status),
                       (double)info.model.absolute, info.iterations);
                /* the answer scored again on the given G, through the public functions */
                fl = s.method == CT_METHOD_ADMM_CCP || s.method == CT_METHOD_PGS_CCP ? CT_FLAVOR_CCP
                     : s.method == CT_METHOD_NBGS ? CT_FLAVOR_SIGNORINI : CT_FLAVOR_NCP;
                CHECK_EQ_INT(ct_velocity(&o.p, l, v2), CT_OK);
                for (i = 0; i < o.n; ++i) CHECK_NEAR(v2[i], v[i], 1e3 * TH_EPS * (1 + fabs((double)v[i])));
                CHECK_EQ_INT(ct_criteria(&o.p, l, v2, fl, &res), CT_OK);
                if (info.status == CT_STATUS_CONVERGED)
                    CHECKF(res.absolute <= 2 * s.tol_abs, "seed %d %s: absolute %g on the given G", seed,
                           ct_method_string(s.method), (double)res.absolute);
                s.sym_tol = 0; /* refuse instead */
                CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_NOT_SYMMETRIC);
                free(l); free(v); free(v2); free(rp); free(col); free(val);
            }
        op_free(&o);
    }
}

/* ct_solver_update_vectors checks only the new vectors (G was validated by the setup): each
   bad value its code, and the solver object keeps its old vectors on an error */
static void test_update_vectors(void) {
    owned_problem o;
    ct_solver sv;
    ct_settings s = ct_default_settings();
    ct_info info;
    ct_real *g2, *mu2, *l, *v;
    int i;
    th_seed(77);
    random_problem(&o, 1, 1, 4, 20, 0.2, 0.8, 0);
    g2 = (ct_real *)malloc(sizeof(ct_real) * (size_t)o.n);
    mu2 = (ct_real *)malloc(sizeof(ct_real) * 4);
    l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
    CHECK_EQ_INT(ct_solver_alloc(&sv, &o.p, &s, NULL), CT_OK);
    CHECK_EQ_INT(ct_solver_setup(&sv, &o.p, &s, &info), CT_OK);
    for (i = 0; i < o.n; ++i) g2[i] = o.g[i];
    for (i = 0; i < 4; ++i) mu2[i] = o.mu[i];
    g2[2] = (ct_real)NAN;
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, NULL), CT_ERROR_NON_FINITE);
    g2[2] = (ct_real)1e200 * (ct_real)1e200;
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, NULL), CT_ERROR_NON_FINITE);
    g2[2] = o.g[2];
    mu2[1] = -1;
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, mu2), CT_ERROR_NEGATIVE_FRICTION);
    CHECK(sv.problem.g == o.g && sv.problem.mu == o.mu); /* untouched */
    mu2[1] = (ct_real)0.5;
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, mu2), CT_OK);
    CHECK(sv.problem.g == g2 && sv.problem.mu == mu2);
    CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    ct_solver_free(&sv);
    CHECK_EQ_INT(ct_solver_update_vectors(&sv, g2, mu2), CT_ERROR_NO_SETUP);
    free(g2); free(mu2); free(l); free(v);
    op_free(&o);
}

/* What fuzzing the secondary entry points found (tests/fuzz/fuzz_api.c): each now a code or a
   finite answer. */
static void test_fuzz_findings(void) {
    { /* vectors below sqrt of the smallest normal number (proj_tiny): ||x_T||^2 underflows, and
         x = (3, 4, 0.1) e-170 (float e-22) read as inside K_0.5, its projection is
         (0.624, 0.832, 2.08) e-170. Each projection is positively
         homogeneous: P(x) = P(c x) / c for c a power of two that brings x into range, to the
         rounding of a subnormal output, for random tiny vectors, subnormals included */
        const double c = sizeof(ct_real) == 4 ? 1099511627776.0 * 1099511627776.0 : pow(2.0, 600);
        const double e0 = sizeof(ct_real) == 4 ? 1e-22 : 1e-170;
        ct_real x[3], xc[3], o[3], oc[3], mu = (ct_real)0.5;
        int k, i, bad = 0;
        x[0] = (ct_real)(3 * e0); x[1] = (ct_real)(4 * e0); x[2] = (ct_real)(0.1 * e0);
        ct_project_cone(mu, x, o);
        CHECKF(fabs((double)o[2] - 2.08 * e0) < 1e-6 * e0 && fabs((double)o[0] - 0.624 * e0) < 1e-6 * e0,
               "tiny cone projection (%g, %g, %g)", (double)o[0], (double)o[1], (double)o[2]);
        th_seed(77);
        for (k = 0; k < 2000; ++k) {
            const double e = pow(10.0, th_range(sizeof(ct_real) == 4 ? -44 : -322, sizeof(ct_real) == 4 ? -19 : -151));
            int f;
            for (i = 0; i < 3; ++i) x[i] = (ct_real)(th_normal() * e);
            mu = (ct_real)th_range(0, 2);
            for (i = 0; i < 3; ++i) xc[i] = (ct_real)((double)x[i] * c);
            for (f = 0; f < 4; ++f) {
                if (f == 0) { ct_project_cone(mu, x, o); ct_project_cone(mu, xc, oc); }
                if (f == 1) { ct_project_dual_cone(mu, x, o); ct_project_dual_cone(mu, xc, oc); }
                if (f == 2) { ct_project_pyramid(mu, x, o); ct_project_pyramid(mu, xc, oc); }
                if (f == 3) {
                    const ct_real r = mu * (ct_real)e;
                    ct_project_disk(r, x, o);
                    ct_project_disk((ct_real)((double)r * c), xc, oc);
                    o[2] = oc[2] = 0;
                }
                for (i = 0; i < 3; ++i)
                    bad += !(fabs((double)o[i] * c - (double)oc[i]) <=
                             4 * TH_EPS * fabs((double)oc[i]) + (sizeof(ct_real) == 4 ? 1.2e-38 : 2.3e-308) * c);
            }
        }
        CHECKF(bad == 0, "%d tiny projections differ from the scaled ones", bad);
    }
    { /* x_T tiny beside a normal x_n (the metric projection's normalized vector, found with d_t =
         8.6e-114, d_n = 6.2e292): ||x_T||^2 underflowed and x read as inside K_mu; the answer is
         on the cone's boundary, |out_T| = mu out_n */
        const double e = sizeof(ct_real) == 4 ? 1e-25 : 1e-170, m = sizeof(ct_real) == 4 ? 1e-30 : 1e-200;
        ct_real x[3], o[3];
        double ot;
        x[0] = (ct_real)e; x[1] = (ct_real)e; x[2] = 1;
        ct_project_cone((ct_real)m, x, o);
        ot = hypot((double)o[0], (double)o[1]);
        CHECKF(ot > 0 && fabs(ot - m * (double)o[2]) <= 1e-5 * m * (double)o[2],
               "cone projection of a tiny tangent: |out_T| %g, mu out_n %g", ot, m * (double)o[2]);
    }
    { /* ct_vjp: a tiny G makes gbar huge and Gbar = gbar lambda^T overflow (found in float with
         STAGGERED, one joint row): CT_ERROR_OUT_OF_RANGE, never inf under CT_OK */
        ct_real G[1], g[1] = {(ct_real)1.6}, l[1] = {0}, v[1], lbar[1] = {(ct_real)(sizeof(ct_real) == 4 ? 7e5 : 1e10)}, gbar[1], Gbar[1];
        ct_problem p = ct_problem_dense(1, 0, 0, G, g, NULL);
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        ct_result r;
        size_t bytes;
        void *mem;
        G[0] = (ct_real)(sizeof(ct_real) == 4 ? 2.3e-29 : 1e-290);
        s.method = CT_METHOD_STAGGERED;
        solve_with(&p, &s, l, v, &info);
        CHECK_EQ_INT(ct_derivatives_size(1, 0, 0, &bytes), CT_OK);
        mem = malloc(bytes);
        CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes), CT_OK);
        r = ct_vjp(&p, &s, &ws, l, v, lbar, NULL, gbar, Gbar, NULL, NULL, NULL);
        CHECKF(r == CT_ERROR_OUT_OF_RANGE || (r == CT_OK && isfinite((double)Gbar[0]) && isfinite((double)gbar[0])),
               "vjp: %s, Gbar %g (lambda %g)", ct_result_string(r), (double)Gbar[0], (double)l[0]);
        free(mem);
    }
    { /* a radius beyond CT_HUGE with a tiny x: x was scaled down with the radius and flushed to
         0; x is inside and comes back unchanged */
        ct_real x[2], o[2];
        x[0] = 0;
        x[1] = (ct_real)(sizeof(ct_real) == 4 ? -1e-22 : -1e-170);
        ct_project_disk((ct_real)(sizeof(ct_real) == 4 ? 2e30 : 1e200), x, o);
        CHECK(o[0] == x[0] && o[1] == x[1]);
    }
    { /* the metric projection with mu, d and x beyond CT_HUGE: D^1/2 x overflowed (NaN out);
         x is now brought into range first: finite, in the cone */
        const ct_real big = (ct_real)(sizeof(ct_real) == 4 ? 7.7e26 : 1e200);
        ct_real d[3], x[3], o[3];
        d[0] = d[1] = d[2] = big;
        x[0] = x[1] = x[2] = big;
        CHECK_EQ_INT(ct_project_cone_metric(big, d, x, o), CT_OK);
        CHECK(finite3(o) && o[2] > 0);
    }
    { /* an infinite disk radius: no endless rescaling */
        ct_real x[2] = {3, 4}, o[2];
        ct_project_disk((ct_real)INFINITY, x, o);
        CHECK(o[0] == 3 && o[1] == 4);
        ct_project_disk(-(ct_real)INFINITY, x, o);
        CHECK(o[0] == 0 && o[1] == 0);
    }
    { /* Preclik's local solve with a subnormal mu: frictionless, not the origin */
        ct_real B[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, c[3] = {1, (ct_real)0.5, -1}, o[3];
        int law;
        for (law = 0; law < 3; ++law) {
            CHECK_EQ_INT(ct_local_contact((ct_local_law)law, (ct_real)(sizeof(ct_real) == 4 ? 1e-40 : 1e-310), B, c,
                                          NULL, o),
                         CT_OK);
            CHECK(fabs((double)o[2] - 1) < 1e-6 && fabs((double)o[0]) < 1e-6 && fabs((double)o[1]) < 1e-6);
        }
    }
    { /* the pyramid with mu = 0 and a negative normal: the origin */
        ct_real x[3] = {0, 0, -1}, o[3];
        ct_project_pyramid(0, x, o);
        CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0);
    }
    { /* a huge mu: finite projections */
        ct_real x[3] = {-2, -2, -2}, o[3];
        ct_project_cone((ct_real)(sizeof(ct_real) == 4 ? 3e38 : 1e308), x, o);
        CHECK(isfinite((double)o[0]) && isfinite((double)o[1]) && isfinite((double)o[2]));
        ct_project_dual_cone((ct_real)(sizeof(ct_real) == 4 ? 3e38 : 1e308), x, o);
        CHECK(isfinite((double)o[0]) && isfinite((double)o[2]));
    }
    { /* a subnormal pivot is a zero pivot: CT_ERROR_SINGULAR, no infinite factor */
        const ct_real t = (ct_real)(sizeof(ct_real) == 4 ? 1e-40 : 1e-310);
        ct_real a[4];
        int piv[2], bad = -1;
        a[0] = t; a[1] = 1; a[2] = t / 10; a[3] = 1;
        CHECK_EQ_INT(ct_lu_factor(a, 2, 2, piv, &bad), CT_ERROR_SINGULAR);
        CHECK(isfinite((double)a[2]) && isfinite((double)a[3]));
    }
    { /* ct_velocity: an overflow from finite input is OUT_OF_RANGE */
        ct_real G[1] = {(ct_real)(sizeof(ct_real) == 4 ? 1e30 : 1e200)}, g[1] = {0}, l[1], v[1];
        ct_problem p = ct_problem_dense(1, 0, 0, G, g, NULL);
        l[0] = G[0];
        CHECK_EQ_INT(ct_velocity(&p, l, v), CT_ERROR_OUT_OF_RANGE);
        l[0] = (ct_real)NAN;
        CHECK_EQ_INT(ct_velocity(&p, l, v), CT_ERROR_NON_FINITE);
    }
    { /* ct_jvp: seeds beyond CT_HUGE, and an overflowing linearization, are OUT_OF_RANGE */
        ct_real G[1] = {1}, g[1] = {-1}, l[1] = {1}, v[1] = {0}, dG[1], dl[1], dv[1];
        ct_problem p = ct_problem_dense(0, 1, 0, G, g, NULL);
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        CHECK_EQ_INT(ct_workspace_alloc_problem(&ws, &p, &s, NULL), CT_OK);
        dG[0] = (ct_real)(sizeof(ct_real) == 4 ? 1e30 : 1e300);
        CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, NULL, dG, NULL, NULL, dl, dv, NULL), CT_ERROR_OUT_OF_RANGE);
        G[0] = (ct_real)(sizeof(ct_real) == 4 ? 1e-44 : 4.9e-324); /* subnormal */
        g[0] = -G[0];
        v[0] = 0;
        {
            ct_real dg[1] = {1};
            ct_result r = ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, dv, NULL);
            CHECK(r == CT_ERROR_OUT_OF_RANGE || (r == CT_OK && isfinite((double)dl[0]) && isfinite((double)dv[0])));
        }
        ct_workspace_free(&ws);
    }
    { /* codes: bad values are INVALID_VALUE, not a NULL pointer */
        ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, R[3], vref[3];
        ct_real phi0[1] = {0};
        ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
        CHECK_EQ_INT(ct_compliance_spring_damper(&p, 0, 1, 0, 1, 1, phi0, R, vref), CT_ERROR_INVALID_VALUE);
    }
    { /* a solver object: a NEWTON_SOFT CCP refuses R = NULL on update; a state's rho_power is
         range-checked; on a block-sparse G another method family needs a new setup */
        owned_problem o;
        ct_solver sv;
        ct_settings s = ct_default_settings();
        ct_solver_state st;
        ct_info info;
        ct_real *R;
        int i;
        th_seed(91);
        random_problem(&o, 0, 0, 6, 20, 0.2, 0.8, 0);
        R = (ct_real *)malloc(sizeof(ct_real) * (size_t)o.n);
        for (i = 0; i < o.n; ++i) R[i] = (ct_real)1e-3;
        o.p.R = R;
        s.method = CT_METHOD_NEWTON_SOFT;
        CHECK_EQ_INT(ct_solver_alloc(&sv, &o.p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_setup(&sv, &o.p, &s, &info), CT_OK);
        CHECK_EQ_INT(ct_solver_update_compliance(&sv, NULL), CT_ERROR_INVALID_SOFT);
        ct_solver_free(&sv);
        s.method = CT_METHOD_ADMM_CCP;
        CHECK_EQ_INT(ct_solver_alloc(&sv, &o.p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_setup(&sv, &o.p, &s, &info), CT_OK);
        memset(&st, 0, sizeof(st));
        st.has_rho = 1; st.rho = 1; st.has_rho_power = 1; st.rho_power = 1e6;
        CHECK_EQ_INT(ct_solver_state_set(&sv, &st, NULL), CT_ERROR_INVALID_VALUE);
        ct_solver_free(&sv);
        {
            ct_sparse S;
            int *rp, *col, nnzb = 0;
            ct_real *val;
            ct_problem q = o.p;
            CHECK_EQ_INT(ct_sparse_count(0, 0, 6, o.G, 0, &nnzb), CT_OK);
            rp = (int *)malloc(sizeof(int) * 7);
            col = (int *)malloc(sizeof(int) * (size_t)nnzb);
            val = (ct_real *)malloc(sizeof(ct_real) * 9 * (size_t)nnzb);
            CHECK_EQ_INT(ct_sparse_from_dense(0, 0, 6, o.G, 0, rp, col, val), CT_OK);
            S.row_ptr = rp; S.col = col; S.val = val;
            q.G = NULL; q.Gs = &S; q.R = NULL;
            s.method = CT_METHOD_NEWTON_NCP;
            CHECK_EQ_INT(ct_solver_alloc(&sv, &q, &s, NULL), CT_OK);
            CHECK_EQ_INT(ct_solver_setup(&sv, &q, &s, &info), CT_OK);
            s.method = CT_METHOD_ADMM_NCP;
            CHECK_EQ_INT(ct_solver_update_settings(&sv, &s), CT_ERROR_NO_SETUP);
            ct_solver_free(&sv);
            free(rp); free(col); free(val);
        }
        free(R);
        o.p.R = NULL;
        op_free(&o);
    }
}

/* settings.scale: block-Jacobi equilibration by powers of two, undone inside the solve.
   1. The Gauss-Seidel methods PGS_NCP, PGS_CCP, PGS_LCP and NBGS are invariant to a per-block
      scale: with powers of two their iterates are the same bit for bit (dense and sparse G).
   2. Every method that accepts it: the returned (lambda, v) is the caller's, v = (G + R)
      lambda + g, info.model is ct_criteria of it on the given problem, CONVERGED meets the
      tolerance there.
   3. On problems whose contact blocks differ by up to 1e4.5 in scale, ADMM_NCP solves every
      one with scale and fails most without it.
   4. The codes: scale = 2, an operator G, a soft model; a workspace sized without it. A
      solver object gives ct_solve's answer bit for bit, also after update_vectors and after
      update_settings turns scaling on.
   5. Without a mass ratio (block diagonals within a factor of 16) scaling is not applied, in
      any units. */
static void make_ratio_problem(owned_problem *o, int k) {
    int i, j, n;
    th_seed(900 + k);
    random_problem(o, k % 3, k % 2, 3 + 2 * (k % 4), 2 * (3 * (3 + 2 * (k % 4)) + 3) + 3, 0.1, 1.0, k % 2);
    n = o->n;
    if (o->R)
        for (i = 0; i < o->p.nc; ++i) o->R[o->p.nb + o->p.nu + 3 * i + 1] = o->R[o->p.nb + o->p.nu + 3 * i];
    for (i = 0; i < n; ++i) { /* contact c's rows times 10^(0.75 (c mod 4)), a mass ratio up to 3e4 */
        const int ci = i < o->p.nb + o->p.nu ? -1 : (i - o->p.nb - o->p.nu) / 3;
        const double fi = ci < 0 ? 1 : pow(10, 0.75 * (ci % 4));
        for (j = 0; j < n; ++j) {
            const int cj = j < o->p.nb + o->p.nu ? -1 : (j - o->p.nb - o->p.nu) / 3;
            const double fj = cj < 0 ? 1 : pow(10, 0.75 * (cj % 4));
            o->G[i * n + j] = (ct_real)((double)o->G[i * n + j] * fi * fj);
        }
        o->g[i] = (ct_real)((double)o->g[i] * fi);
        if (o->R) o->R[i] = (ct_real)((double)o->R[i] * fi * fi);
    }
}

static void test_scaling(void) {
    static const ct_method all[] = {CT_METHOD_PGS_NCP, CT_METHOD_PGS_CCP, CT_METHOD_PGS_LCP, CT_METHOD_NBGS,
                                    CT_METHOD_RAISIM, CT_METHOD_RAISIM_DS, CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP,
                                    CT_METHOD_STAGGERED, CT_METHOD_NEWTON_NCP, CT_METHOD_PROX_NCP,
                                    CT_METHOD_HYBRID_NCP};
    const int nm = (int)(sizeof(all) / sizeof(all[0]));
    int k, m, sparse, admm_on = 0, admm_off = 0, nk = 8;
    for (k = 0; k < nk; ++k) {
        owned_problem o;
        int nnzb, *rp, *col;
        ct_real *val, *l0, *l1, *v0, *v1, *v2;
        ct_sparse S;
        ct_problem ps;
        make_ratio_problem(&o, k);
        ct_sparse_count(o.p.nb, o.p.nu, o.p.nc, o.G, 0, &nnzb);
        rp = (int *)malloc(sizeof(int) * (size_t)(o.p.nb + o.p.nu + o.p.nc + 1));
        col = (int *)malloc(sizeof(int) * (size_t)nnzb);
        val = (ct_real *)malloc(sizeof(ct_real) * 9 * (size_t)nnzb);
        ct_sparse_from_dense(o.p.nb, o.p.nu, o.p.nc, o.G, 0, rp, col, val);
        S.row_ptr = rp; S.col = col; S.val = val;
        ps = o.p; ps.G = NULL; ps.Gs = &S;
        l0 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); l1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v0 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); v1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        for (m = 0; m < nm; ++m)
            for (sparse = 0; sparse < 2; ++sparse) {
                const ct_problem *p = sparse ? &ps : &o.p;
                ct_settings s = ct_default_settings();
                ct_info i0, i1;
                ct_residuals res;
                ct_result r0, r1;
                int i, ok = 1;
                s.method = all[m];
                s.max_iter = 3000;
                s.warm_start = 0;
                r0 = solve_with(p, &s, l0, v0, &i0);
                s.scale = 1;
                r1 = solve_with(p, &s, l1, v1, &i1);
                if (r1 == CT_ERROR_STORAGE_UNSUPPORTED && r0 == r1) continue; /* the method's forms */
                if (!CHECKF(r0 == CT_OK && r1 == CT_OK, "problem %d %s %s: %d %d", k, ct_method_string(s.method),
                            sparse ? "sparse" : "dense", (int)r0, (int)r1))
                    continue;
                if (all[m] == CT_METHOD_PGS_NCP || all[m] == CT_METHOD_PGS_CCP || all[m] == CT_METHOD_PGS_LCP ||
                    all[m] == CT_METHOD_NBGS)
                    CHECKF(memcmp(l0, l1, (size_t)o.n * sizeof(ct_real)) == 0 && i0.iterations == i1.iterations &&
                               i0.status == i1.status,
                           "problem %d %s %s: scaling changed a block-invariant method (%d vs %d iterations)", k,
                           ct_method_string(s.method), sparse ? "sparse" : "dense", i0.iterations, i1.iterations);
                if (all[m] == CT_METHOD_ADMM_NCP && !sparse) {
                    admm_off += i0.status == CT_STATUS_CONVERGED;
                    admm_on += i1.status == CT_STATUS_CONVERGED;
                }
                /* the returned point is the caller's and scored on the caller's problem */
                CHECK_EQ_INT(ct_velocity(p, l1, v2), CT_OK);
                for (i = 0; i < o.n; ++i) ok &= v2[i] == v1[i];
                CHECKF(ok, "problem %d %s: v != (G + R) lambda + g", k, ct_method_string(s.method));
                CHECK_EQ_INT(ct_criteria(p, l1, v1, ct_method_flavor(&s), &res), CT_OK);
                CHECKF(memcmp(&res, &i1.model, sizeof(res)) == 0, "problem %d %s: info.model is not ct_criteria's",
                       k, ct_method_string(s.method));
                if (i1.status == CT_STATUS_CONVERGED)
                    CHECKF(res.absolute <= s.tol_abs, "problem %d %s: CONVERGED at %g", k,
                           ct_method_string(s.method), (double)res.absolute);
            }
        free(l0); free(l1); free(v0); free(v1); free(v2); free(rp); free(col); free(val);
        op_free(&o);
    }
    printf("  scale: ADMM_NCP converged on %d of %d ratio problems with scaling, %d without\n", admm_on, nk,
           admm_off);
    for (k = 0; k < 4; ++k) { /* 5. no mass ratio, whatever the units: scales that span at most a
                                 factor of two are not applied (ADMM_NCP, not block-invariant,
                                 gives the same bits with scale on and off) */
        owned_problem o;
        ct_settings s = ct_default_settings();
        ct_info i0, i1;
        ct_real *l0, *l1, *v0, *v1, dmin = 0, dmax = 0;
        const double f = k == 0 ? 1 : pow(10, 2.5 * k - 4); /* 1, 1e-1.5, 1e1, 1e3.5 */
        int i, c;
        th_seed(950 + k);
        random_problem(&o, 0, 0, 4, 40, 0.2, 0.8, 0);
        for (i = 0; i < o.n * o.n; ++i) o.G[i] = (ct_real)((double)o.G[i] * f * f);
        for (i = 0; i < o.n; ++i) o.g[i] = (ct_real)((double)o.g[i] * f);
        for (c = 0; c < o.p.nc; ++c) {
            const ct_real d = (o.G[(3 * c) * o.n + 3 * c] + o.G[(3 * c + 1) * o.n + 3 * c + 1] +
                               o.G[(3 * c + 2) * o.n + 3 * c + 2]) / 3;
            dmin = c == 0 || d < dmin ? d : dmin;
            dmax = c == 0 || d > dmax ? d : dmax;
        }
        if (!CHECKF(dmax <= 16 * dmin, "problem %d: block diagonals %g to %g, not a problem without mass ratio", k,
                    (double)dmin, (double)dmax)) {
            op_free(&o);
            continue;
        }
        l0 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); l1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v0 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); v1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        s.method = CT_METHOD_ADMM_NCP;
        s.warm_start = 0;
        CHECK_EQ_INT(solve_with(&o.p, &s, l0, v0, &i0), CT_OK);
        s.scale = 1;
        CHECK_EQ_INT(solve_with(&o.p, &s, l1, v1, &i1), CT_OK);
        CHECKF(memcmp(l0, l1, (size_t)o.n * sizeof(ct_real)) == 0 && i0.iterations == i1.iterations,
               "units %g: scaling without a mass ratio changed ADMM_NCP (%d vs %d iterations)", f, i0.iterations,
               i1.iterations);
        free(l0); free(l1); free(v0); free(v1);
        op_free(&o);
    }
    CHECKF(admm_on == nk && admm_on >= admm_off, "ADMM_NCP with scaling: %d of %d", admm_on, nk);
    { /* the codes, the workspace, the solver object */
        owned_problem o;
        ct_settings s = ct_default_settings();
        ct_info info;
        ct_workspace ws;
        ct_solver sv;
        ct_real *l, *v, *l2, *v2;
        size_t b0, b1;
        int i, same = 1;
        make_ratio_problem(&o, 3);
        l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        l2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)); v2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        s.scale = 2;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_ERROR_INVALID_SETTINGS);
        CHECK(info.error_field && strcmp(info.error_field, "scale") == 0);
        s.scale = 1;
        s.method = CT_METHOD_NEWTON_SOFT;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_ERROR_INVALID_SETTINGS);
        CHECK(info.error_field && strcmp(info.error_field, "scale") == 0);
        s.method = CT_METHOD_ADMM_NCP;
        s.scale = 0;
        CHECK_EQ_INT(ct_workspace_size_problem(&o.p, &s, &b0), CT_OK);
        s.scale = 1;
        CHECK_EQ_INT(ct_workspace_size_problem(&o.p, &s, &b1), CT_OK);
        CHECK(b1 >= b0 + (size_t)o.n * (size_t)o.n * sizeof(ct_real));
        {
            void *mem = malloc(b1);
            CHECK_EQ_INT(ct_workspace_init(&ws, mem, b0), CT_OK);
            for (i = 0; i < o.n; ++i) l[i] = 3;
            CHECK_EQ_INT(ct_solve(&o.p, &s, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
            for (i = 0; i < o.n; ++i) same &= l[i] == 3;
            CHECK(same);
            free(mem);
        }
        /* the solver object: ct_solve's answers bit for bit, before and after new g */
        s.warm_start = 0;
        CHECK_EQ_INT(ct_solver_alloc(&sv, &o.p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_setup(&sv, &o.p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &info), CT_OK);
        CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info), CT_OK);
        CHECK(memcmp(l, l2, (size_t)o.n * sizeof(ct_real)) == 0 && memcmp(v, v2, (size_t)o.n * sizeof(ct_real)) == 0);
        for (i = 0; i < o.n; ++i) o.g[i] = (ct_real)(0.5 * (double)o.g[i] - 0.1);
        CHECK_EQ_INT(ct_solver_update_vectors(&sv, o.g, o.mu), CT_OK);
        CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &info), CT_OK);
        CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &info), CT_OK);
        CHECK(info.status == CT_STATUS_CONVERGED);
        CHECK(memcmp(l, l2, (size_t)o.n * sizeof(ct_real)) == 0 && memcmp(v, v2, (size_t)o.n * sizeof(ct_real)) == 0);
        s.scale = 0; /* off, then on again through update_settings */
        CHECK_EQ_INT(ct_solver_update_settings(&sv, &s), CT_OK);
        s.scale = 1;
        CHECK_EQ_INT(ct_solver_update_settings(&sv, &s), CT_OK);
        CHECK_EQ_INT(ct_solver_solve(&sv, l, v, &info), CT_OK);
        CHECK(memcmp(l, l2, (size_t)o.n * sizeof(ct_real)) == 0);
        ct_solver_free(&sv);
        free(l); free(v); free(l2); free(v2);
        op_free(&o);
    }
}

int main(void) {
    test_sizes();
    test_overflow();
    test_derivative_seeds();
    test_codes();
    test_aliasing();
    test_interrupt();
    test_asymmetric();
    test_update_vectors();
    test_fuzz_findings();
    test_scaling();
    return th_summary();
}
