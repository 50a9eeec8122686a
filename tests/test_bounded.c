/* test_bounded.c - bounded time and memory, and float robustness.

   1. max_iter = 0 and max_iter = 1 for every method (and the variants PGS_CCP + De Saxce,
      STAGGERED lcp) on three random problems started from lambda = 0 (contacts only; joints,
      limits and contacts; with compliance): ct_solve returns CT_OK, info.iterations <=
      max_iter, lambda, v and the residuals are finite, and the status agrees with the
      residuals: with max_iter = 0 on a problem that lambda = 0 does not solve, the status is
      not CONVERGED and lambda is still 0; CONVERGED only when the returned point meets the
      tolerance in the method's flavor.
   2. An infeasible problem: two bilateral rows that contradict each other, G = [1 1; 1 1]
      (singular) and g = (1, -1) outside its range (v = 0 needs lambda_1 + lambda_2 = -1 and
      = 1). ADMM_CCP must stop with CT_STATUS_NUMERICAL_FAILURE or MAX_ITERATIONS and finite
      outputs; every other method is held to the same. The same with a contact whose normal
      row repeats a bilateral row with the opposite free velocity.
   3. Float robustness: a 1e3 kg box on a 1 kg box on the ground, 4 contacts each, G and g
      from ct_delassus_from_mj, stepped 100 times (dt = 0.01 s, impulses, warm-started) by
      ADMM_NCP: every step converges (to STACK_TOL_ABS: 2e-3 in float, see below) and the
      stack stays at rest (body speeds below STACK_SPEED_TOL, the normal impulses carry the
      weights within STACK_WEIGHT_TOL).
   4. The workspace formula of docs/robustness.md against ct_workspace_size for every method
      and many sizes:
          up(k)     = ceil(k sizeof(ct_real) / 64) * 64          (each array 64-byte aligned)
          C0        = ct_workspace_size(0, 0, 0): the alignment slack (63)
          sweep     = C0 + 3 up(n) + up(18 nc)                       (PGS_*, NBGS, RAISIM*)
          ADMM      = C0 + 6 up(n) + up(n^2) + up(NB n)         (ADMM_NCP, ADMM_CCP: + up(2n))
          STAGGERED = ADMM + up(2n) + up(ceil(n sizeof(int) / sizeof(ct_real))) + up(nc) + up(n)
          NEWTON_SOFT = ADMM + up(ceil(n sizeof(int) / sizeof(ct_real))) + 4 up(n) + 2 up(n^2)
                      + up(2 (9 nc + nb + nu))
          NSN       = up(n^2) + 14 up(n) + 2 up(9 ng) + 5 up(ceil(n sizeof(int) / sizeof(ct_real)))
          IPM       = 9 up(n) + 2 up(9 ng) + up(ng)
          NEWTON_NCP, PROX_NCP = C0 + up(n) + NSN;
          HYBRID_NCP = ADMM + up(2n) + 2 up(n) + up(18 nc) + IPM + NSN
      with n = nb + nu + 3 nc, ng = nb + nu + nc and NB = CT__CHOL_NB = 16 (the Cholesky panel
      width); and CT_WORKSPACE_BOUND is at least ct_workspace_size and close above it. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

/* The stack's tolerances. Its contact impulses are ~25 N s, so v = G lambda + g sums terms
   of ~25 m/s that cancel to 0: float's rounding (6e-8 relative) leaves v errors of ~1e-6 and
   complementarity residuals lambda v of ~1e-4..1e-3. tol_abs = 1e-4 (float's default) is at
   that floor and ADMM_NCP runs into max_iter on every step (residual 1e-3..8e-2 after 1000
   iterations); 2e-3 is met in ~50 iterations cold and 0-20 warm (measured). */
#ifdef CONTACT_USE_FLOAT
#define STACK_TOL_ABS 2e-3
#define STACK_SPEED_TOL 5e-4  /* m/s (measured: 4e-4 on the first step, then 1e-4)       */
#define STACK_WEIGHT_TOL 1e-3 /* relative */
#else
#define STACK_TOL_ABS 1e-8
#define STACK_SPEED_TOL 1e-6
#define STACK_WEIGHT_TOL 1e-6
#endif

static int all_finite(const ct_real *x, int n) {
    int i;
    for (i = 0; i < n; ++i)
        if (!((x[i] - x[i]) == 0)) return 0;
    return 1;
}
static int residuals_finite(const ct_residuals *q) {
    ct_real a[7];
    a[0] = q->primal; a[1] = q->dual; a[2] = q->comp; a[3] = q->natmap;
    a[4] = q->signorini; a[5] = q->absolute; a[6] = q->relative;
    return all_finite(a, 7);
}

/* every method, then PGS_CCP + De Saxce and STAGGERED lcp. NEWTON_SOFT is skipped by the
   solve tests (skip_variant): it solves a soft model that needs R > 0 and p->soft, which
   these rigid problems do not have; the workspace formula covers it. */
#define N_VARIANTS ((int)CT_METHOD_COUNT_ + 2)
static int skip_variant(const ct_settings *s) { return s->method == CT_METHOD_NEWTON_SOFT; }
static ct_settings variant(int k) {
    ct_settings s = ct_default_settings();
    s.warm_start = 0;
    if (k < (int)CT_METHOD_COUNT_) s.method = (ct_method)k;
    else if (k == (int)CT_METHOD_COUNT_) { s.method = CT_METHOD_PGS_CCP; s.pgs.desaxce = 1; }
    else { s.method = CT_METHOD_STAGGERED; s.staggered.lcp = 1; }
    return s;
}

/* 1. max_iter = 0 and 1 */
static void test_max_iter(void) {
    int pk, k, mi, i;
    for (pk = 0; pk < 3; ++pk) {
        owned_problem o;
        th_seed(0xB0DEDull + (unsigned long long)pk);
        if (pk == 0) random_problem(&o, 0, 0, 4, 30, 0.2, 0.8, 0);
        else if (pk == 1) random_problem(&o, 2, 2, 3, 40, 0.1, 0.9, 0);
        else random_problem(&o, 1, 0, 3, 30, 0.3, 0.6, 1);
        /* make sure lambda = 0 does not solve it: push every normal into the ground */
        for (i = 0; i < o.p.nc; ++i) o.g[o.p.nb + o.p.nu + 3 * i + 2] = -1;
        for (k = 0; k < N_VARIANTS; ++k)
            for (mi = 0; mi <= 1; ++mi) {
                ct_settings s = variant(k);
                ct_workspace ws;
                ct_info info;
                ct_residuals at0;
                ct_real *lambda = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
                ct_result r;
                int zero = 1, met0, met;
                const char *name = ct_method_string(s.method);
                if (skip_variant(&s)) {
                    free(lambda);
                    free(v);
                    continue;
                }
                s.max_iter = mi;
                /* the start's residuals in the method's flavor */
                ct_velocity(&o.p, lambda, v);
                ct_criteria(&o.p, lambda, v, ct_method_flavor(&s), &at0);
                met0 = at0.absolute <= s.tol_abs;
                CHECK_EQ_INT(ct_workspace_alloc(&ws, o.p.nb, o.p.nu, o.p.nc, &s, NULL), CT_OK);
                r = ct_solve(&o.p, &s, &ws, lambda, v, &info);
                CHECKF(r == CT_OK, "%s max_iter %d problem %d: %s", name, mi, pk, ct_result_string(r));
                if (s.method == CT_METHOD_HYBRID_NCP) {
                    /* max_iter bounds its sweeps and ADMM iterations; its Newton phases have their own
                       bounds (hybrid.newton_first, prox_first, newton_max, prox_max, max_phases) */
                    const ct_hybrid_settings *h = &s.hybrid;
                    const int nmax = h->newton_first + h->prox_first + h->max_phases * (h->newton_max > h->prox_max ? h->newton_max : h->prox_max);
                    CHECKF(info.iterations - info.newton_iterations >= 0 && info.iterations - info.newton_iterations <= mi,
                           "%s max_iter %d: %d ADMM iterations", name, mi, info.iterations - info.newton_iterations);
                    CHECKF(info.newton_iterations <= nmax, "%s: %d Newton steps", name, info.newton_iterations);
                } else {
                    CHECKF(info.iterations >= 0 && info.iterations <= mi, "%s max_iter %d: %d iterations",
                           name, mi, info.iterations);
                }
                CHECKF(all_finite(lambda, o.n) && all_finite(v, o.n), "%s max_iter %d problem %d", name, mi, pk);
                CHECKF(residuals_finite(&info.ncp) && residuals_finite(&info.model), "%s max_iter %d", name, mi);
                CHECKF(info.status != CT_STATUS_NOT_SOLVED, "%s max_iter %d", name, mi);
                met = info.model.absolute <= s.tol_abs;
                if (info.status == CT_STATUS_CONVERGED)
                    CHECKF(met, "%s max_iter %d problem %d: CONVERGED with residual %g", name, mi, pk,
                           (double)info.model.absolute);
                if (mi == 0 && s.method != CT_METHOD_HYBRID_NCP) { /* (its Newton start runs) */
                    CHECKF(!met0, "problem %d: lambda = 0 already solves it", pk);
                    CHECKF(info.status != CT_STATUS_CONVERGED, "%s max_iter 0 problem %d: %s", name, pk,
                           ct_status_string(info.status));
                    for (i = 0; i < o.n; ++i) zero &= lambda[i] == 0;
                    CHECKF(zero, "%s max_iter 0 problem %d: lambda moved", name, pk);
                }
                ct_workspace_free(&ws);
                free(lambda);
                free(v);
            }
        op_free(&o);
    }
}

/* 2. infeasible: contradicting rows; every method must stop, finite, not CONVERGED */
static void solve_infeasible(const ct_problem *p, int n, const char *what, int verbose) {
    int k;
    for (k = 0; k < N_VARIANTS; ++k) {
        ct_settings s = variant(k);
        ct_workspace ws;
        ct_info info;
        ct_real lambda[8] = {0, 0, 0, 0, 0, 0, 0, 0}, v[8];
        ct_result r;
        const char *name = ct_method_string(s.method);
        if (skip_variant(&s)) continue;
        s.max_iter = 500;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, p->nb, p->nu, p->nc, &s, NULL), CT_OK);
        r = ct_solve(p, &s, &ws, lambda, v, &info);
        CHECKF(r == CT_OK, "%s %s: %s", what, name, ct_result_string(r));
        if (r == CT_OK) {
            CHECKF(all_finite(lambda, n) && all_finite(v, n), "%s %s: non-finite output", what, name);
            CHECKF(residuals_finite(&info.ncp), "%s %s: non-finite residuals", what, name);
            CHECKF(info.status != CT_STATUS_CONVERGED, "%s %s: CONVERGED on an infeasible problem", what,
                   name);
            if (s.method == CT_METHOD_ADMM_CCP)
                CHECKF(info.status == CT_STATUS_NUMERICAL_FAILURE || info.status == CT_STATUS_MAX_ITERATIONS,
                       "%s ADMM_CCP: %s", what, ct_status_string(info.status));
        }
        if (verbose)
            printf("infeasible %s %-12s %-9s %4d it, |lambda|_inf %.3g, |v|_inf %.3g (%s)\n", what,
                   name, r == CT_OK ? "ok" : ct_result_string(r), info.iterations,
                   fmax(fabs((double)lambda[0]), fabs((double)lambda[1])),
                   fmax(fabs((double)v[0]), fabs((double)v[1])),
                   ct_status_string(info.status));
        ct_workspace_free(&ws);
    }
}

static void test_infeasible(int verbose) {
    /* two joints: lambda_1 + lambda_2 = -1 and = +1 */
    static const ct_real G2[4] = {1, 1, 1, 1};
    static const ct_real g2[2] = {1, -1};
    /* a joint row and a contact normal on the same direction: v_n = v_joint + 2, so the joint
       (v = 0) forces v_n = 2... made infeasible by asking v_joint = 0 with g_n = -2 and a
       contact normal that can only push (lambda_n >= 0) against a joint that holds it */
    static const ct_real G4[16] = {1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1};
    static const ct_real g4[4] = {1, 0, 0, -1};
    static const ct_real mu4[1] = {(ct_real)0.5};
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    memset(&p, 0, sizeof(p)); /* fields this test does not know stay zero */
    p.nb = 2; p.nu = 0; p.nc = 0; p.G = G2; p.g = g2; p.mu = NULL; p.R = NULL;
    solve_infeasible(&p, 2, "joints", verbose);
    /* rows: [joint | t1 t2 n], joint row = normal row: v_j = l_j + l_n + 1 = 0 and
       v_n = l_j + l_n - 1 >= 0 contradict (v_n = v_j - 2 = -2 < 0) */
    p.nb = 1; p.nu = 0; p.nc = 1; p.G = G4; p.g = g4; p.mu = mu4; p.R = NULL;
    solve_infeasible(&p, 4, "joint+contact", verbose);
}

/* 3. a 1e3 kg box on a 1 kg box on the ground */
static void test_stack(int verbose) {
    enum { NV = 12, NC = 8, N = 3 * NC };
    const double h = 0.5, dt = 0.01, grav = 9.81, mA = 1, mB = 1e3;
    ct_real M[NV * NV], J[N * NV], G[N * N], g[N], mu[NC], lambda[N], v[N], u[NV], vfree[NV];
    ct_real *sc = (ct_real *)malloc(ct_delassus_scratch_size(NV, N) * sizeof(ct_real));
    double minv[NV], speed = 0, load_ground = 0, load_top = 0;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    int c, i, j, step, converged = 0;
    memset(&p, 0, sizeof(p)); /* fields this test does not know stay zero */
    memset(M, 0, sizeof(M));
    memset(J, 0, sizeof(J));
    for (i = 0; i < 3; ++i) { /* cubes of side 1: I = m / 6 */
        M[i * NV + i] = (ct_real)mA;
        M[(3 + i) * NV + 3 + i] = (ct_real)(mA / 6);
        M[(6 + i) * NV + 6 + i] = (ct_real)mB;
        M[(9 + i) * NV + 9 + i] = (ct_real)(mB / 6);
    }
    for (i = 0; i < NV; ++i) minv[i] = 1.0 / M[i * NV + i];
    /* contact c < 4: ground under A at A's bottom corners; c >= 4: A's top corners under B.
       Row of direction d for a body with offset r: [d, r x d]; upper body minus lower body. */
    for (c = 0; c < NC; ++c) {
        double x = (c & 1) ? h : -h, y = (c & 2) ? h : -h;
        for (j = 0; j < 3; ++j) {
            double d[3] = {0, 0, 0}, rA[3], rB[3], rxd[3];
            int row = 3 * c + j, k;
            d[j] = 1; /* t1 = x, t2 = y, n = z */
            if (c < 4) { rA[0] = x; rA[1] = y; rA[2] = -h; }
            else { rA[0] = x; rA[1] = y; rA[2] = h; rB[0] = x; rB[1] = y; rB[2] = -h; }
            rxd[0] = rA[1] * d[2] - rA[2] * d[1];
            rxd[1] = rA[2] * d[0] - rA[0] * d[2];
            rxd[2] = rA[0] * d[1] - rA[1] * d[0];
            for (k = 0; k < 3; ++k) { /* A is the upper body on the ground, the lower under B */
                double sgn = c < 4 ? 1 : -1;
                J[row * NV + k] = (ct_real)(sgn * d[k]);
                J[row * NV + 3 + k] = (ct_real)(sgn * rxd[k]);
            }
            if (c >= 4) {
                rxd[0] = rB[1] * d[2] - rB[2] * d[1];
                rxd[1] = rB[2] * d[0] - rB[0] * d[2];
                rxd[2] = rB[0] * d[1] - rB[1] * d[0];
                for (k = 0; k < 3; ++k) {
                    J[row * NV + 6 + k] = (ct_real)d[k];
                    J[row * NV + 9 + k] = (ct_real)rxd[k];
                }
            }
        }
        mu[c] = (ct_real)0.5;
    }
    memset(u, 0, sizeof(u));
    memset(lambda, 0, sizeof(lambda));
    p.nb = 0; p.nu = 0; p.nc = NC; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
    s.method = CT_METHOD_ADMM_NCP;
    s.warm_start = 1;
    s.tol_abs = (ct_real)STACK_TOL_ABS;
    CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, NC, &s, NULL), CT_OK);
    for (step = 0; step < 100; ++step) {
        ct_info info;
        ct_result r;
        for (i = 0; i < NV; ++i) vfree[i] = u[i];
        vfree[2] -= (ct_real)(grav * dt);
        vfree[8] -= (ct_real)(grav * dt);
        if (!CHECK_EQ_INT(ct_delassus_from_mj(NV, N, M, J, vfree, G, g, sc), CT_OK)) break;
        r = ct_solve(&p, &s, &ws, lambda, v, &info);
        if (!CHECKF(r == CT_OK, "step %d: %s", step, ct_result_string(r))) break;
        converged += info.status == CT_STATUS_CONVERGED;
        CHECKF(info.status == CT_STATUS_CONVERGED, "step %d: %s, %d iterations, residual %g", step,
               ct_status_string(info.status), info.iterations, (double)info.ncp.absolute);
        /* u = vfree + M^-1 J^T lambda */
        speed = 0;
        for (i = 0; i < NV; ++i) {
            double acc = vfree[i];
            for (j = 0; j < N; ++j) acc += minv[i] * J[j * NV + i] * lambda[j];
            u[i] = (ct_real)acc;
            if (fabs(acc) > speed) speed = fabs(acc);
        }
        CHECKF(speed <= STACK_SPEED_TOL, "step %d: a body moves at %g m/s", step, speed);
        if (verbose && (step < 3 || step == 99))
            printf("stack (%s) step %d: %s, %d iterations, ncp residual %.3g, max speed %.3g m/s\n",
                   TH_PRECISION, step, ct_status_string(info.status), info.iterations,
                   (double)info.ncp.absolute, speed);
    }
    for (c = 0; c < NC; ++c) {
        if (c < 4) load_ground += lambda[3 * c + 2];
        else load_top += lambda[3 * c + 2];
    }
    CHECK_NEAR(load_top / (mB * grav * dt), 1, STACK_WEIGHT_TOL);
    CHECK_NEAR(load_ground / ((mA + mB) * grav * dt), 1, STACK_WEIGHT_TOL);
    CHECK_EQ_INT(converged, 100);
    ct_workspace_free(&ws);
    free(sc);
}

/* 4. the workspace formula */
static size_t up(size_t k) { return (k * sizeof(ct_real) + 63) / 64 * 64; }
static size_t ws_formula(ct_method m, int nb, int nu, int nc, size_t c0) {
    size_t n = (size_t)(nb + nu + 3 * nc), ncs = (size_t)nc, admm;
#ifdef CT__CHOL_NB
    size_t nbk = CT__CHOL_NB;
#else
    size_t nbk = 16;
#endif
    const size_t ng = (size_t)(nb + nu) + ncs;
    const size_t nsn = up(n * n) + 14 * up(n) + 2 * up(9 * ng) +
                       5 * up((n * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real));
    if (m == CT_METHOD_NEWTON_NCP || m == CT_METHOD_PROX_NCP) return c0 + up(n) + nsn;
    if (m != CT_METHOD_ADMM_NCP && m != CT_METHOD_ADMM_CCP && m != CT_METHOD_STAGGERED &&
        m != CT_METHOD_NEWTON_SOFT && m != CT_METHOD_HYBRID_NCP)
        return c0 + 3 * up(n) + up(18 * ncs);
    admm = c0 + 6 * up(n) + up(n * n) + up(nbk * n);
    if (m == CT_METHOD_HYBRID_NCP) /* the caller's start, ADMM's, the sweep's, the IPM's, Newton's */
        return admm + up(2 * n) + 2 * up(n) + up(18 * ncs) + 9 * up(n) + 2 * up(9 * ng) + up(ng) + nsn;
    if (m == CT_METHOD_ADMM_NCP || m == CT_METHOD_ADMM_CCP) return admm + up(2 * n); /* + the start */
    if (m == CT_METHOD_STAGGERED)
        return admm + up(2 * n) + up((n * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real)) + up(ncs) + up(n);
    if (m == CT_METHOD_NEWTON_SOFT)
        return admm + up((n * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real)) + 4 * up(n) +
               2 * up(n * n) + up(2 * (9 * ncs + (size_t)(nb + nu)));
    return admm;
}

static void test_workspace_formula(int verbose) {
    static const int sizes[][3] = {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 4},
                                   {2, 3, 5}, {6, 0, 1}, {0, 0, 10}, {12, 4, 20}, {0, 0, 100},
                                   {7, 7, 33}, {50, 0, 250}};
    ct_settings s = ct_default_settings();
    size_t c0 = 0, bytes = 0;
    int m, k, bad = 0;
    CHECK_EQ_INT(ct_workspace_size(0, 0, 0, &s, &c0), CT_OK);
    /* every method: a new method fails here until its layout joins the formula (and the docs) */
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        s.method = (ct_method)m;
        CHECK_EQ_INT(ct_workspace_size(0, 0, 0, &s, &bytes), CT_OK);
        CHECKF(bytes == c0, "%s: C0 %lu vs %lu", ct_method_string(s.method), (unsigned long)bytes,
               (unsigned long)c0);
        for (k = 0; k < (int)(sizeof(sizes) / sizeof(sizes[0])); ++k) {
            size_t want = ws_formula(s.method, sizes[k][0], sizes[k][1], sizes[k][2], c0);
            CHECK_EQ_INT(ct_workspace_size(sizes[k][0], sizes[k][1], sizes[k][2], &s, &bytes), CT_OK);
            bad += !CHECKF(bytes == want, "%s nb %d nu %d nc %d: ct_workspace_size %lu, formula %lu",
                           ct_method_string(s.method), sizes[k][0], sizes[k][1], sizes[k][2],
                           (unsigned long)bytes, (unsigned long)want);
            /* the compile-time bound: never below, and not far above (HYBRID_NCP counts the
               common previous iterate twice) */
            bad += !CHECKF(CT_WORKSPACE_BOUND(s.method, sizes[k][0], sizes[k][1], sizes[k][2]) >= bytes &&
                               CT_WORKSPACE_BOUND(s.method, sizes[k][0], sizes[k][1], sizes[k][2]) <=
                                   bytes + 64 * (size_t)(3 * sizes[k][2] + sizes[k][0] + sizes[k][1] + 1),
                           "%s nb %d nu %d nc %d: CT_WORKSPACE_BOUND %lu, ct_workspace_size %lu",
                           ct_method_string(s.method), sizes[k][0], sizes[k][1], sizes[k][2],
                           (unsigned long)CT_WORKSPACE_BOUND(s.method, sizes[k][0], sizes[k][1], sizes[k][2]),
                           (unsigned long)bytes);
            { /* settings.scale: its extra arrays, bounded by CT_WORKSPACE_SCALE_EXTRA */
                size_t scaled = 0;
                const size_t nn = (size_t)(3 * sizes[k][2] + sizes[k][0] + sizes[k][1]);
                s.scale = 1;
                CHECK_EQ_INT(ct_workspace_size(sizes[k][0], sizes[k][1], sizes[k][2], &s, &scaled), CT_OK);
                s.scale = 0;
                bad += !CHECKF(scaled >= bytes + nn * nn * sizeof(ct_real) &&
                                   scaled <= CT_WORKSPACE_BOUND(s.method, sizes[k][0], sizes[k][1], sizes[k][2]) +
                                                 CT_WORKSPACE_SCALE_EXTRA(sizes[k][0], sizes[k][1], sizes[k][2]),
                               "%s nb %d nu %d nc %d scaled: ct_workspace_size %lu", ct_method_string(s.method),
                               sizes[k][0], sizes[k][1], sizes[k][2], (unsigned long)scaled);
            }
        }
    }
    if (verbose)
        printf("workspace (%s): C0 = %lu bytes; nc = 10 contacts: sweep %lu, ADMM %lu, STAGGERED %lu\n",
               TH_PRECISION, (unsigned long)c0,
               (unsigned long)ws_formula(CT_METHOD_PGS_NCP, 0, 0, 10, c0),
               (unsigned long)ws_formula(CT_METHOD_ADMM_NCP, 0, 0, 10, c0),
               (unsigned long)ws_formula(CT_METHOD_STAGGERED, 0, 0, 10, c0));
    (void)bad;
}

int main(int argc, char **argv) {
    int verbose = argc > 1;
    (void)argv;
    test_max_iter();
    test_infeasible(verbose);
    test_stack(verbose);
    test_workspace_formula(verbose);
    return th_summary();
}
