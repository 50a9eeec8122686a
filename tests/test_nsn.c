/* test_nsn.c - the second-order rigid methods NEWTON_NCP, PROX_NCP and HYBRID_NCP.

   1. Alart-Curnier's function (ct_ac_function): its generalized Jacobian A = dF/dv,
      B = dF/dlambda against central finite differences at random points away from the kinks,
      in every mode; the kinks (||x_T|| = 0, mu = 0, a = 0) give the documented elements.
   2. One contact with a known answer, for each method: slide, stick, take-off, on the cone's
      boundary, mu = 0, a pure normal push; and a general block with ADMM_NCP's answer.
   3. Local quadratic convergence of NEWTON_NCP on nondegenerate problems (strictly
      complementary, full-rank G): the relative errors of the last three steps above the
      rounding floor obey r_{k+1} <= C r_k^2 (settings.history), in double.
   4. Rank-deficient G (two stacked boxes, rank 12 of 24, mass ratio 1e3), joints and limits
      mixed with contacts, a compliance R, and a block-sparse G: every method meets the
      tolerance; ct_info's counters are consistent (newton_iterations, linear_solves,
      factorizations); the solver object gives ct_solve's bits.
   5. HYBRID_NCP on stacks with alternating mass ratios (bench/families.h), where Newton alone
      can stall: it meets the tolerance.
   6.-8. HYBRID_NCP's PGS try, its best point, PROX_NCP on stacks (their comments).
   9. HYBRID_NCP's interior-point phase: alone (every other phase off), then Newton, it solves
      joints, limits, contacts with mu = 0 and a compliance, on the dense and the block-sparse
      form alike; it solves 15-box stacks with alternating mass ratios on which the hybrid
      without it ended at 2e-8 to 4e-7; its settings check; its counters. */
#include "contact.h"
#include "harness.h"
#include "problems.h"
#define FAMILIES_IMPLEMENTATION
#include "bench/families.h"

#ifdef CONTACT_USE_FLOAT
#define FD_H 1e-3
#define FD_TOL 2e-2
#define KNOWN_TOL 1e-4
#define SOLVE_TOL 1e-5
#else
#define FD_H 1e-6
#define FD_TOL 1e-6
#define KNOWN_TOL 1e-9
#define SOLVE_TOL 1e-10
#endif

static const ct_method METHODS[3] = {CT_METHOD_NEWTON_NCP, CT_METHOD_PROX_NCP, CT_METHOD_HYBRID_NCP};

/* ---- 1. the Jacobian ---------------------------------------------------------------------- */
static void test_jacobian(void) {
    int t, bad = 0, modes[3] = {0, 0, 0};
    double worst = 0;
    th_seed(31);
    for (t = 0; t < 4000; ++t) {
        ct_real l[3], v[3], F[3], A[9], B[9], Fp[3], Fm[3], x[3];
        const ct_real mu = (ct_real)th_range(0.05, 1.5), rn = (ct_real)th_range(0.2, 3),
                      rt = (ct_real)th_range(0.2, 3);
        double scale = 1;
        int i, j, mode, mp, mm;
        for (i = 0; i < 3; ++i) {
            l[i] = (ct_real)th_normal();
            v[i] = (ct_real)th_normal();
        }
        mode = ct_ac_function(mu, rn, rt, l, v, F, A, B);
        CHECK(mode >= 0 && mode <= 2);
        if (mode < 0) continue;
        /* away from the kinks: a, the cone boundary t = r, and t = 0 */
        {
            const double a = (double)l[2] - rn * (double)v[2];
            const double x0 = l[0] - rt * (double)v[0], x1 = l[1] - rt * (double)v[1];
            const double tt = sqrt(x0 * x0 + x1 * x1), r = a > 0 ? mu * a : 0;
            if (fabs(a) < 1e-2 || fabs(tt - r) < 1e-2 || tt < 1e-2) continue;
        }
        modes[mode]++;
        for (j = 0; j < 6; ++j) { /* columns: v then l */
            ct_real *z = j < 3 ? v : l;
            const int c = j % 3;
            const ct_real z0 = z[c];
            z[c] = (ct_real)(z0 + FD_H);
            mp = ct_ac_function(mu, rn, rt, l, v, Fp, NULL, NULL);
            z[c] = (ct_real)(z0 - FD_H);
            mm = ct_ac_function(mu, rn, rt, l, v, Fm, NULL, NULL);
            z[c] = z0;
            if (mp != mode || mm != mode) continue; /* crossed a kink */
            for (i = 0; i < 3; ++i) {
                const double fd = ((double)Fp[i] - Fm[i]) / (2 * FD_H);
                const double an = j < 3 ? A[3 * i + c] : B[3 * i + c];
                const double err = fabs(fd - an) / (scale + fabs(an));
                if (err > worst) worst = err;
                if (err > FD_TOL) ++bad;
            }
        }
        (void)x;
    }
    CHECKF(bad == 0, "%d Jacobian entries differ from central differences (worst %.2g)", bad, worst);
    CHECKF(modes[0] > 100 && modes[1] > 100 && modes[2] > 100, "modes covered: open %d stick %d slide %d",
           modes[0], modes[1], modes[2]);
    printf("  Jacobian vs finite differences: open %d, stick %d, slide %d points; worst %.2g\n", modes[0],
           modes[1], modes[2], worst);
    { /* the kinks: mu = 0 (the tangential rows are identity rows of B), x_T = 0 and open */
        ct_real l[3] = {0, 0, 1}, v[3] = {0, 0, 0}, F[3], A[9], B[9];
        CHECK_EQ_INT(ct_ac_function(0, 1, 1, l, v, F, A, B), 0);
        CHECK(B[0] == 1 && B[4] == 1 && A[0] == 0 && A[4] == 0 && A[8] == 1);
        l[2] = -1; /* a < 0: open, F = l */
        CHECK_EQ_INT(ct_ac_function((ct_real)0.5, 1, 1, l, v, F, A, B), 0);
        CHECK(F[2] == -1 && B[8] == 1 && A[8] == 0);
        CHECK_EQ_INT(ct_ac_function(-1, 1, 1, l, v, F, A, B), -1);
        CHECK_EQ_INT(ct_ac_function(1, 0, 1, l, v, F, A, B), -1);
    }
}

/* ---- 2. one contact ------------------------------------------------------------------------- */
static void solve_one(ct_method m, const ct_real G[9], const ct_real g[3], ct_real mu0, ct_real l[3],
                      ct_real v[3], ct_info *info) {
    ct_real mu[1];
    ct_problem p;
    ct_settings s = ct_default_settings();
    mu[0] = mu0;
    p = ct_problem_dense(0, 0, 1, G, g, mu);
    s.method = m;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)SOLVE_TOL;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, info), CT_OK);
    CHECKF(info->status == CT_STATUS_CONVERGED, "%s: %s (relative %g)", ct_method_string(m),
           ct_status_string(info->status), (double)info->ncp.relative);
}

static void test_known(void) {
    static const ct_real I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    /* g, mu, the answer lambda */
    static const double cases[6][7] = {
        {1, 0, -1, 0.5, -0.5, 0, 1},     /* slide along t1                       */
        {0.1, 0, -1, 0.5, -0.1, 0, 1},   /* stick                                */
        {1, 0.5, 1, 0.5, 0, 0, 0},       /* take-off                             */
        {0.5, 0, -1, 0.5, -0.5, 0, 1},   /* on the cone's boundary (v_T = 0)     */
        {1, -2, -1, 0, 0, 0, 1},         /* mu = 0: frictionless                 */
        {0, 0, -2, 0.8, 0, 0, 2}};       /* a pure normal push: v_T = 0          */
    int m, c, i;
    for (m = 0; m < 3; ++m)
        for (c = 0; c < 6; ++c) {
            ct_real g[3], l[3], v[3];
            ct_info info;
            for (i = 0; i < 3; ++i) g[i] = (ct_real)cases[c][i];
            solve_one(METHODS[m], I3, g, (ct_real)cases[c][3], l, v, &info);
            for (i = 0; i < 3; ++i)
                CHECKF(fabs((double)l[i] - cases[c][4 + i]) <= KNOWN_TOL, "%s case %d: lambda[%d] = %.12g, want %g",
                       ct_method_string(METHODS[m]), c, i, (double)l[i], cases[c][4 + i]);
            CHECKF(info.newton_iterations <= info.iterations && info.linear_solves == info.factorizations -
                       (METHODS[m] == CT_METHOD_HYBRID_NCP ? info.factorizations - info.newton_iterations : 0),
                   "%s case %d: counters %d iterations, %d Newton, %d solves, %d factorizations",
                   ct_method_string(METHODS[m]), c, info.iterations, info.newton_iterations, info.linear_solves,
                   info.factorizations);
        }
    { /* a general block: the same point as ADMM_NCP */
        static const ct_real G[9] = {2, (ct_real)0.3, (ct_real)0.2, (ct_real)0.3, 1, (ct_real)0.1,
                                     (ct_real)0.2, (ct_real)0.1, (ct_real)1.5};
        static const ct_real g[3] = {(ct_real)0.7, (ct_real)-0.4, -1};
        ct_real l[3], v[3], la[3], va[3];
        ct_info info;
        solve_one(CT_METHOD_ADMM_NCP, G, g, (ct_real)0.4, la, va, &info);
        for (m = 0; m < 3; ++m) {
            solve_one(METHODS[m], G, g, (ct_real)0.4, l, v, &info);
            for (i = 0; i < 3; ++i)
                CHECKF(fabs((double)l[i] - la[i]) <= 1e3 * SOLVE_TOL, "%s general block: lambda[%d] %g vs ADMM %g",
                       ct_method_string(METHODS[m]), i, (double)l[i], (double)la[i]);
        }
    }
}

/* ---- 3. quadratic convergence ---------------------------------------------------------------- */
static void test_quadratic(void) {
#ifndef CONTACT_USE_FLOAT
    int k, checked = 0;
    th_seed(77);
    for (k = 0; k < 30; ++k) {
        owned_problem o;
        ct_settings s = ct_default_settings();
        ct_history_entry e[200];
        ct_history h;
        ct_info info;
        ct_real *l, *v;
        double r[200];
        int i, nr = 0;
        random_problem(&o, 0, 0, 3 + k % 8, 4 * (3 + k % 8) * 3, 0.3, 0.9, 0); /* nv >= 2 n: full rank */
        l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
        h.entries = e;
        h.capacity = 200;
        h.count = 0;
        s.method = CT_METHOD_NEWTON_NCP;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)1e-15;
        s.history = &h;
        CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
        for (i = 0; i < h.count; ++i)
            if (e[i].criterion > 1e-13) r[nr++] = e[i].criterion; /* above the rounding floor */
        if (nr >= 3) {
            /* the last three iterates above the floor: r_{k+1} / r_k^2 twice */
            if (checked == 0) {
                printf("  relative errors of NEWTON_NCP's steps on problem %d:", k);
                for (i = 0; i < h.count; ++i) printf(" %.2g", (double)e[i].criterion);
                printf("\n");
            }
            for (i = nr - 2; i < nr; ++i)
                CHECKF(r[i] <= 1e3 * r[i - 1] * r[i - 1], "problem %d step %d: %.3g after %.3g (ratio %.3g)", k, i,
                       r[i], r[i - 1], r[i] / (r[i - 1] * r[i - 1]));
            ++checked;
        }
        free(l);
        free(v);
        op_free(&o);
    }
    CHECKF(checked >= 8, "only %d problems had enough steps above the rounding floor", checked);
    printf("  quadratic convergence checked on %d problems\n", checked);
#endif
}

/* ---- 4. harder problems ------------------------------------------------------------------------ */
static void check_all(const char *what, const ct_problem *p, int n, double tol_rel) {
    int m;
    for (m = 0; m < 3; ++m) {
        ct_settings s = ct_default_settings();
        ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_real *l2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        ct_info info, i2;
        ct_solver sv;
        s.method = METHODS[m];
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)tol_rel;
        CHECK_EQ_INT(solve_with(p, &s, l, v, &info), CT_OK);
        CHECKF(info.status == CT_STATUS_CONVERGED, "%s %s: %s, relative %g", what, ct_method_string(s.method),
               ct_status_string(info.status), (double)info.ncp.relative);
        CHECK(info.newton_iterations >= 1 && info.line_search_steps >= 0);
        /* the solver object: the same bits */
        CHECK_EQ_INT(ct_solver_alloc(&sv, p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_setup(&sv, p, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solver_solve(&sv, l2, v, &i2), CT_OK);
        CHECKF(memcmp(l, l2, sizeof(ct_real) * (size_t)n) == 0, "%s %s: the solver object differs", what,
               ct_method_string(s.method));
        ct_solver_free(&sv);
        printf("  %-28s %-10s %s: %d iterations (%d Newton), %d line-search steps, relative %.2g\n", what,
               ct_method_string(s.method), ct_status_string(info.status), info.iterations, info.newton_iterations,
               info.line_search_steps, (double)info.ncp.relative);
        free(l);
        free(v);
        free(l2);
    }
}

/* the block-sparse form of o's G in S (its arrays malloc'd: free S->row_ptr, col, val) */
static void sparse_of(const owned_problem *o, ct_sparse *S) {
    int nnzb = 0, *rp, *col;
    ct_real *val;
    CHECK_EQ_INT(ct_sparse_count(o->p.nb, o->p.nu, o->p.nc, o->G, 0, &nnzb), CT_OK);
    rp = (int *)malloc(sizeof(int) * (size_t)(o->p.nb + o->p.nu + o->p.nc + 1));
    col = (int *)malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
    val = (ct_real *)malloc(sizeof(ct_real) * 9 * (size_t)(nnzb > 0 ? nnzb : 1));
    CHECK_EQ_INT(ct_sparse_from_dense(o->p.nb, o->p.nu, o->p.nc, o->G, 0, rp, col, val), CT_OK);
    S->row_ptr = rp;
    S->col = col;
    S->val = val;
}

static void test_harder(void) {
    ct_real G[BOX_N * BOX_N], g[BOX_N], mu[BOX_NC];
    ct_problem p;
    owned_problem o;
    box_stack(G, g, mu, 1, 1000); /* rank 12 of 24 */
    p = ct_problem_dense(0, 0, BOX_NC, G, g, mu);
    check_all("box stack 1:1000 (rank 12/24)", &p, BOX_N, SOLVE_TOL * 10);
    th_seed(5);
    random_problem(&o, 2, 2, 5, 30, 0.2, 0.9, 0); /* joints, limits, contacts; singular G */
    check_all("joints, limits, contacts", &o.p, o.n, SOLVE_TOL * 10);
    op_free(&o);
    random_problem(&o, 1, 1, 4, 60, 0.2, 0.9, 1); /* with compliance R */
    check_all("compliance R", &o.p, o.n, SOLVE_TOL * 10);
    { /* the block-sparse form: the same answer as the dense one */
        int m;
        ct_sparse S;
        ct_problem ps = o.p;
        sparse_of(&o, &S);
        ps.G = NULL;
        ps.Gs = &S;
        check_all("compliance R, block-sparse", &ps, o.n, SOLVE_TOL * 10);
        for (m = 0; m < 3; ++m) {
            ct_settings s = ct_default_settings();
            ct_real *l1 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real)), *l2 = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_info i1, i2;
            double d = 0;
            int i;
            s.method = METHODS[m];
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)SOLVE_TOL;
            CHECK_EQ_INT(solve_with(&o.p, &s, l1, v, &i1), CT_OK);
            CHECK_EQ_INT(solve_with(&ps, &s, l2, v, &i2), CT_OK);
            for (i = 0; i < o.n; ++i) d = fmax(d, fabs((double)l1[i] - l2[i]));
            CHECKF(d <= 1e4 * SOLVE_TOL, "%s: dense and block-sparse answers differ by %g", ct_method_string(s.method), d);
            free(l1); free(l2); free(v);
        }
        free((void *)S.row_ptr); free((void *)S.col); free((void *)S.val);
    }
    op_free(&o);
}

/* ---- 5. the hybrid where Newton alone can stall ------------------------------------------------ */
static void test_hybrid_hard(void) {
    static const char *fams[3] = {"stack:alternating", "stack:heavy_top", "robot:gen"};
    int f, k, solved = 0, total = 0;
    for (f = 0; f < 3; ++f)
        for (k = 0; k < 3; ++k) {
            fam_problem fp;
            ct_settings s = ct_default_settings();
            ct_real *l, *v;
            ct_info info;
            if (fam_generate(fams[f], f == 2 ? 4 : 4 + k, 900 + (unsigned long long)k, &fp) != FAM_OK) {
                CHECKF(0, "fam_generate %s", fams[f]);
                continue;
            }
            l = (ct_real *)calloc((size_t)(fp.n ? fp.n : 1), sizeof(ct_real));
            v = (ct_real *)calloc((size_t)(fp.n ? fp.n : 1), sizeof(ct_real));
            s.method = CT_METHOD_HYBRID_NCP;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : 1e-8); /* float: mass ratios to 1e4 */
            s.max_iter = 20000;
            CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info), CT_OK);
            ++total;
            solved += info.status == CT_STATUS_CONVERGED;
            CHECKF(info.status == CT_STATUS_CONVERGED, "HYBRID_NCP %s size %d seed %d: %s, relative %g", fams[f],
                   4 + k, 900 + k, ct_status_string(info.status), (double)info.ncp.relative);
            free(l);
            free(v);
            fam_free(&fp);
        }
    printf("  HYBRID_NCP on stacks and robots: %d of %d converged\n", solved, total);
}

/* ---- 6. the hybrid's first try: PGS_NCP sweeps worth a quarter of a factorization ------------ */
static void test_hybrid_pgs(void) {
    static const char *fams[2] = {"vgroove:cylinder", "stack:alternating"};
    int f, k, i, by_sweeps[2] = {0, 0};
    for (f = 0; f < 2; ++f)
        for (k = 0; k < 3; ++k) {
            fam_problem fp;
            ct_settings s = ct_default_settings(), s0;
            ct_real *l, *l0, *v;
            ct_info info, info0;
            if (fam_generate(fams[f], f == 0 ? 64 : 4, 700 + (unsigned long long)k, &fp) != FAM_OK) {
                CHECKF(0, "fam_generate %s", fams[f]);
                continue;
            }
            l = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            l0 = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            s.method = CT_METHOD_HYBRID_NCP;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : 1e-8);
            s.max_iter = 20000;
            s0 = s;
            s0.hybrid.pgs_budget = 0;
            CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info), CT_OK);
            CHECK_EQ_INT(solve_with(&fp.problem, &s0, l0, v, &info0), CT_OK);
            CHECKF(info.status == CT_STATUS_CONVERGED && info0.status == CT_STATUS_CONVERGED, "%s %d: %s, %s",
                   fams[f], k, ct_status_string(info.status), ct_status_string(info0.status));
            if (info.factorizations == 0) {
                ++by_sweeps[f]; /* the sweeps converged: no Newton step */
                CHECKF(info.newton_iterations == 0 && info.iterations > 0, "%s %d", fams[f], k);
            } else {
                /* the sweeps did not converge and were forgotten: the same answer as without
                   them, bit for bit, after the same Newton steps; the sweeps are counted */
                int same = 1;
                for (i = 0; i < fp.n; ++i) same &= l[i] == l0[i];
                CHECKF(same && info.newton_iterations == info0.newton_iterations,
                       "%s %d: differs from pgs_budget = 0 (%d and %d Newton steps)", fams[f], k,
                       info.newton_iterations, info0.newton_iterations);
                CHECKF(info.iterations >= info0.iterations, "%s %d: %d iterations, %d without sweeps", fams[f],
                       k, info.iterations, info0.iterations);
            }
            free(l);
            free(l0);
            free(v);
            fam_free(&fp);
        }
    /* one body with 128 contacts: a sweep costs 1/128 of a factorization, and the sweeps solve
       most of these; mass ratios of 1e2..1e6 in a stack: never */
    CHECKF(by_sweeps[0] >= 1 && by_sweeps[1] == 0, "solved by the sweeps: %d vgroove, %d stacks", by_sweeps[0],
           by_sweeps[1]);
    printf("  HYBRID_NCP's sweeps alone: %d of 3 V-grooves, %d of 3 stacks\n", by_sweeps[0], by_sweeps[1]);
}

/* ---- 7. a hybrid run that converges nowhere returns the best point it met ---------------- */
/* Degenerate problems (nearly coincident contacts on a stack) on a short budget: when
   HYBRID_NCP ends without converging, the returned point's relative error is at most that of
   every Newton and PROX iterate it recorded (their history entries carry rho = 0), not ADMM's
   last point. Checks that the case occurs at least once (twelve instances, 50 iterations, and
   in float a tolerance near its rounding floor: with six instances and 100 iterations a change
   of rounding in the triangular solves made every float run converge). */
static void test_hybrid_best(void) {
    int k, missed = 0;
    for (k = 0; k < 12; ++k) {
        fam_problem fp;
        ct_settings s = ct_default_settings();
        ct_history_entry *E;
        ct_history h;
        ct_real *l, *v, best = -1;
        ct_info info;
        int i;
        if (fam_generate("coincident:stack", 8, fam_instance_seed(9310457, k), &fp) != FAM_OK) {
            CHECKF(0, "fam_generate coincident:stack %d", k);
            continue;
        }
        l = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
        v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
        E = (ct_history_entry *)calloc(20000, sizeof(ct_history_entry));
        h.entries = E;
        h.capacity = 20000;
        h.count = 0;
        s.method = CT_METHOD_HYBRID_NCP;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 2e-7 : 1e-8);
        s.max_iter = 50;          /* a short budget: runs that end unconverged */
        s.hybrid.pgs_budget = 0; /* no PGS try: its sweeps (rho = 0 too) are not kept */
        s.history = &h;
        CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info), CT_OK);
        for (i = 0; i < h.count && i < h.capacity; ++i)
            if (E[i].rho == 0 && E[i].criterion >= 0 && (best < 0 || E[i].criterion < best)) best = E[i].criterion;
        if (info.status != CT_STATUS_CONVERGED && best >= 0) {
            ++missed;
            CHECKF(info.ncp.relative <= best * (1 + 1e-6), "coincident:stack %d: returned %g, a phase reached %g", k,
                   (double)info.ncp.relative, (double)best);
        }
        free(E);
        free(l);
        free(v);
        fam_free(&fp);
    }
    printf("  HYBRID_NCP's best point: %d unconverged runs checked\n", missed);
    CHECKF(missed > 0, "no unconverged run: the check did not run");
}

/* ---- 8. PROX_NCP on statically indeterminate stacks under mass ratios ---------------------- */
/* Four corner contacts per box and mass ratios up to 1e6: with a proximal term scaled per row
   (each row's own diagonal) PROX_NCP ended at 1e-6 to 1e-4 on these (its subproblem's s
   alternated between one that Newton does not solve and ten times that, whose centres barely
   move); with the uniform term s d I it converges at its default settings. Double only: the
   tolerance is 1e-8. */
static void test_prox_stacks(void) {
#ifndef CONTACT_USE_FLOAT
    static const unsigned long long seeds[3] = {9310457, 5550123, 7070707};
    int k, solved = 0;
    for (k = 0; k < 3; ++k) {
        fam_problem fp;
        ct_settings s = ct_default_settings();
        ct_real *l, *v;
        ct_info info;
        if (fam_generate("stack:heavy_top", 15, fam_instance_seed(seeds[k], 0), &fp) != FAM_OK) {
            CHECKF(0, "fam_generate stack:heavy_top %d", k);
            continue;
        }
        l = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
        v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
        s.method = CT_METHOD_PROX_NCP;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)1e-8;
        CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info), CT_OK);
        solved += info.status == CT_STATUS_CONVERGED;
        CHECKF(info.status == CT_STATUS_CONVERGED, "PROX_NCP stack:heavy_top 15, seed %llu: %s, relative %g",
               seeds[k], ct_status_string(info.status), (double)info.ncp.relative);
        free(l);
        free(v);
        fam_free(&fp);
    }
    printf("  PROX_NCP on 15-box stacks with a heavy top: %d of 3 converged\n", solved);
#endif
}

/* ---- 9. the interior-point phase ----------------------------------------------------------- */
/* the settings that leave HYBRID_NCP its interior-point phase and the Newton phase after it */
static ct_settings ipm_only(void) {
    ct_settings s = ct_default_settings();
    s.method = CT_METHOD_HYBRID_NCP;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-5 : 1e-9);
    s.hybrid.pgs_budget = 0;
    s.hybrid.newton_first = 0;
    s.hybrid.prox_first = 0;
    s.max_iter = 0; /* no ADMM */
    return s;
}

static void test_ipm(void) {
    owned_problem o;
    int m, i, k, solved = 0;
    { /* the settings check */
        ct_settings s = ipm_only();
        ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {0.5}, l[3] = {0, 0, 0}, v[3];
        ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
        ct_info info;
        s.hybrid.ipm_max = -1;
        CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SETTINGS);
        CHECK(info.error_field && strcmp(info.error_field, "hybrid.ipm_max") == 0);
        s.hybrid.ipm_max = 0; /* no phase: no Newton step, the start is returned */
        CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
        CHECK(info.status != CT_STATUS_CONVERGED && info.newton_iterations == 0);
    }
    /* joints, limits, contacts (two with mu = 0), a compliance; dense and block-sparse */
    th_seed(17);
    for (k = 0; k < 2; ++k) {
        ct_real *ls[2];
        random_problem(&o, 2, 3, 8, 60, 0.1, 1.0, k);
        o.mu[1] = o.mu[5] = 0;
        for (m = 0; m < 2; ++m) {
            ct_settings s = ipm_only();
            ct_problem p = o.p;
            ct_sparse S;
            ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_info info;
            S.row_ptr = NULL; S.col = NULL; S.val = NULL;
            ls[m] = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            if (m == 1) {
                sparse_of(&o, &S);
                p.G = NULL;
                p.Gs = &S;
            }
            CHECK_EQ_INT(solve_with(&p, &s, ls[m], v, &info), CT_OK);
            CHECKF(info.status == CT_STATUS_CONVERGED, "IPM phase, %s%s: %s, relative %g", k ? "compliance, " : "",
                   m ? "block-sparse" : "dense", ct_status_string(info.status), (double)info.ncp.relative);
            /* every iteration is an interior-point or a Newton step, each with a factorization and
               one or two solves */
            CHECK(info.iterations == info.newton_iterations && info.factorizations >= info.iterations &&
                  info.linear_solves >= info.iterations);
            for (i = 0; i < o.p.nc; ++i) /* mu = 0: no friction */
                if (o.mu[i] == 0) CHECK(ls[m][o.p.nb + o.p.nu + 3 * i] == 0 && ls[m][o.p.nb + o.p.nu + 3 * i + 1] == 0);
            printf("  IPM phase, %s%-12s: %s after %d iterations (%d factorizations), relative %.2g\n",
                   k ? "compliance, " : "", m ? "block-sparse" : "dense", ct_status_string(info.status), info.iterations,
                   info.factorizations, (double)info.ncp.relative);
            free(v); free((void *)S.row_ptr); free((void *)S.col); free((void *)S.val);
        }
        { /* the two forms factor the same matrix: the same answer to rounding */
            double d = 0, amax = 0;
            for (i = 0; i < o.n; ++i) {
                d = fmax(d, fabs((double)ls[0][i] - ls[1][i]));
                amax = fmax(amax, fabs((double)ls[0][i]));
            }
            CHECKF(d <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-7) * (1 + amax), "dense and block-sparse differ by %g", d);
        }
        free(ls[0]); free(ls[1]);
        op_free(&o);
    }
#ifndef CONTACT_USE_FLOAT
    /* 15-box stacks with alternating mass ratios up to 1e6 (instance 0 of the sweep's seeds 31,
       39, 46 and 50): HYBRID_NCP at its defaults ended at 1.4e-7, 2.3e-7, 8.8e-8 and 4.1e-7
       without the phase, and the phase alone solves them */
    {
        static const unsigned long long seeds[4] = {31, 39, 46, 50};
        for (k = 0; k < 4; ++k) {
            fam_problem fp;
            ct_info info;
            ct_real *l, *v;
            int j;
            if (fam_generate("stack:alternating", 15, seeds[k], &fp) != FAM_OK) {
                CHECKF(0, "fam_generate stack:alternating 15, seed %llu", seeds[k]);
                continue;
            }
            l = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            v = (ct_real *)calloc((size_t)fp.n, sizeof(ct_real));
            for (j = 0; j < 2; ++j) {
                ct_settings s = j ? ct_default_settings() : ipm_only();
                s.method = CT_METHOD_HYBRID_NCP;
                s.stop = CT_STOP_RELATIVE;
                s.tol_rel = (ct_real)1e-8;
                memset(l, 0, sizeof(ct_real) * (size_t)fp.n);
                CHECK_EQ_INT(solve_with(&fp.problem, &s, l, v, &info), CT_OK);
                solved += j == 1 && info.status == CT_STATUS_CONVERGED;
                CHECKF(j == 0 || info.status == CT_STATUS_CONVERGED,
                       "HYBRID_NCP stack:alternating 15, seed %llu: %s, relative %g", seeds[k],
                       ct_status_string(info.status), (double)info.ncp.relative);
                printf("  stack:alternating 15, seed %llu, %s: %s after %d iterations, relative %.2g\n", seeds[k],
                       j ? "defaults" : "IPM phase alone", ct_status_string(info.status), info.iterations,
                       (double)info.ncp.relative);
            }
            free(l);
            free(v);
            fam_free(&fp);
        }
        printf("  HYBRID_NCP on alternating 15-box stacks: %d of 4 converged\n", solved);
    }
#endif
    (void)solved;
}

int main(void) {
    test_jacobian();
    test_known();
    test_quadratic();
    test_harder();
    test_hybrid_hard();
    test_hybrid_pgs();
    test_hybrid_best();
    test_prox_stacks();
    test_ipm();
    return th_summary();
}
