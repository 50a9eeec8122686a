/* test_newton.c - NEWTON_SOFT and the soft models of seed 002: the per-contact kernels against
   finite differences (gamma = -grad l, H = -d gamma / d v symmetric PSD), the regularized CCP
   and SAP against ADMM_CCP on the same convex problem, the contact-space and generalized-
   velocity paths against each other, Lagged and Similar closed forms, a singular G, the
   iteration counts, the start's score, J's pattern, and the input errors. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

#ifdef CONTACT_USE_FLOAT
#define TOL_REL 1e-5
#define FD_TOL 2e-2
#else
#define TOL_REL 1e-12
#define FD_TOL 1e-5
#endif

/* ---- 1. kernels against finite differences ------------------------------------------------ */
static void kernel_fd(const ct_problem *p, const ct_real vc[3], const char *what) {
    ct_real cost, gam[3], H[9], vp[3], cp, cm, gp[3], gm[3], Hd[9];
    double scale = 1e-6 + fabs((double)vc[0]) + fabs((double)vc[1]) + fabs((double)vc[2]);
    double h = sizeof(ct_real) == 4 ? 1e-3 * scale : 1e-6 * scale, gmax = 0, hmax = 0, eg = 0, eh = 0;
    int a, b;
    CHECK_EQ_INT(ct_soft_kernel(p, 0, vc, &cost, gam, H), CT_OK);
    for (a = 0; a < 3; ++a) {
        for (b = 0; b < 3; ++b) vp[b] = vc[b];
        vp[a] = (ct_real)(vc[a] + h);
        CHECK_EQ_INT(ct_soft_kernel(p, 0, vp, &cp, gp, Hd), CT_OK);
        vp[a] = (ct_real)(vc[a] - h);
        CHECK_EQ_INT(ct_soft_kernel(p, 0, vp, &cm, gm, Hd), CT_OK);
        /* gamma_a = -d l / d v_a; H_ba = -d gamma_b / d v_a */
        eg = fmax(eg, fabs(-(double)(cp - cm) / (2 * h) - gam[a]));
        gmax = fmax(gmax, fabs((double)gam[a]));
        for (b = 0; b < 3; ++b) {
            eh = fmax(eh, fabs(-(double)(gp[b] - gm[b]) / (2 * h) - H[3 * b + a]));
            hmax = fmax(hmax, fabs((double)H[3 * b + a]));
        }
    }
    CHECKF(eg <= FD_TOL * (1 + gmax), "%s: gamma vs -grad l off by %g (|gamma| %g)", what, eg, gmax);
    CHECKF(eh <= FD_TOL * (1 + hmax), "%s: H vs -d gamma/dv off by %g (|H| %g)", what, eh, hmax);
    for (a = 0; a < 3; ++a)
        for (b = 0; b < a; ++b)
            CHECKF(fabs((double)H[3 * a + b] - H[3 * b + a]) <= 1e-6 * (1 + hmax), "%s: H not symmetric", what);
    {
        double ev[3];
        jacobi_eig(H, 3, ev);
        CHECKF(ev[0] >= -1e-6 * (1 + hmax) && ev[1] >= -1e-6 * (1 + hmax) && ev[2] >= -1e-6 * (1 + hmax),
               "%s: H not PSD (%g %g %g)", what, ev[0], ev[1], ev[2]);
    }
}

static void test_kernels(void) {
    ct_real G[9] = {2, (ct_real)0.1, 0, (ct_real)0.1, (ct_real)1.5, 0, 0, 0, 1}, g[3] = {0, 0, 0};
    ct_real mu[1] = {(ct_real)0.6}, R[3] = {(ct_real)0.02, (ct_real)0.02, (ct_real)0.05};
    ct_real phi0[1] = {(ct_real)-0.002}, vn0[1] = {(ct_real)-0.1}, k[1] = {(ct_real)1e4}, d[1] = {(ct_real)0.5};
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    int model, trial;
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    p.nc = 1; p.G = G; p.g = g; p.mu = mu;
    sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.vn0 = vn0; sf.k = k; sf.d = d;
    sf.v_s = (ct_real)1e-2; sf.sigma = (ct_real)1e-3; sf.beta = 1;
    th_seed(11);
    for (model = 0; model < 4; ++model) {
        sf.model = (ct_soft_model)model;
        p.soft = model == 0 ? NULL : &sf;
        p.R = model == 0 ? R : NULL;
        if (model == 1) d[0] = (ct_real)0.01; /* SAP: tau_d in s */
        else d[0] = (ct_real)0.5;
        { ct_real vz[3] = {0, 0, 0}, cz, gz[3]; CHECK_EQ_INT(ct_soft_kernel(&p, 0, vz, &cz, gz, NULL), CT_OK); }
        for (trial = 0; trial < 60; ++trial) {
            ct_real vc[3];
            char what[64];
            vc[0] = (ct_real)th_range(-0.5, 0.5);
            vc[1] = (ct_real)th_range(-0.5, 0.5);
            vc[2] = (ct_real)th_range(-0.4, 0.3);
            if (trial % 4 == 0) { /* near stiction; float's differences cannot resolve the kink */
                if (sizeof(ct_real) == 4) continue;
                vc[0] = vc[1] = (ct_real)(1e-3 * th_normal());
            }
            snprintf(what, sizeof(what), "model %d trial %d", model, trial);
            kernel_fd(&p, vc, what);
        }
    }
}

/* ---- 2. the regularized CCP and SAP against ADMM_CCP ------------------------------------ */
static void test_ccp_against_admm(void) {
    int seed;
    for (seed = 0; seed < 6; ++seed) {
        owned_problem o;
        ct_real *l1, *v1, *l2, *v2, *R, *gs;
        ct_settings s = ct_default_settings();
        ct_info i1, i2;
        double dl = 0, lmax = 0;
        int k, n, sap = seed >= 3;
        ct_soft sf;
        ct_real *phi0, *kk, *dd;
        th_seed(700 + (unsigned)seed);
        random_problem(&o, sap ? 0 : seed % 2, sap ? 0 : 1, 4 + seed, 30, 0.2, 0.9, 1);
        n = o.n;
        l1 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        v1 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        l2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        v2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        R = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        gs = (ct_real *)calloc((size_t)n, sizeof(ct_real));
        phi0 = (ct_real *)calloc((size_t)o.p.nc, sizeof(ct_real));
        kk = (ct_real *)calloc((size_t)o.p.nc, sizeof(ct_real));
        dd = (ct_real *)calloc((size_t)o.p.nc, sizeof(ct_real));
        for (k = 0; k < o.p.nc; ++k) o.R[3 * k + 1 + o.p.nb + o.p.nu] = o.R[3 * k + o.p.nb + o.p.nu]; /* isotropic */
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)TOL_REL;
        s.max_iter = 200000;
        if (!sap) {
            s.method = CT_METHOD_NEWTON_SOFT;
            CHECK_EQ_INT(solve_with(&o.p, &s, l1, v1, &i1), CT_OK);
            s.method = CT_METHOD_ADMM_CCP;
            CHECK_EQ_INT(solve_with(&o.p, &s, l2, v2, &i2), CT_OK);
        } else { /* SAP's R and v^ through the helper, then ADMM_CCP on (G + R, g + vref) */
            ct_problem q = o.p;
            memset(&sf, 0, sizeof(sf));
            for (k = 0; k < o.p.nc; ++k) {
                phi0[k] = (ct_real)th_range(-1e-3, 1e-3);
                kk[k] = (ct_real)th_range(10, 1e3);
                dd[k] = (ct_real)th_range(0, 0.05);
            }
            sf.model = CT_SOFT_SAP; sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd;
            sf.sigma = (ct_real)1e-3; sf.beta = 1;
            o.p.R = NULL;
            o.p.soft = &sf;
            s.method = CT_METHOD_NEWTON_SOFT;
            CHECK_EQ_INT(solve_with(&o.p, &s, l1, v1, &i1), CT_OK);
            for (k = 0; k < o.p.nc; ++k) {
                CHECK_EQ_INT(ct_compliance_sap(&q, k, 1, sf.dt, kk[k], dd[k], 1, sf.sigma, phi0, R, gs), CT_OK);
            }
            for (k = 0; k < n; ++k) gs[k] += o.g[k];
            q.R = R;
            q.g = gs;
            q.soft = NULL;
            s.method = CT_METHOD_ADMM_CCP;
            CHECK_EQ_INT(solve_with(&q, &s, l2, v2, &i2), CT_OK);
        }
        CHECKF(i1.status == CT_STATUS_CONVERGED, "seed %d NEWTON_SOFT: %s after %d (rel %g)", seed,
               ct_status_string(i1.status), i1.iterations, (double)i1.model.relative);
        CHECKF(i2.status == CT_STATUS_CONVERGED, "seed %d ADMM_CCP: %s", seed, ct_status_string(i2.status));
        CHECK_EQ_INT(i1.flavor, CT_FLAVOR_SOFT);
        for (k = 0; k < n; ++k) {
            dl = fmax(dl, fabs((double)l1[k] - l2[k]));
            lmax = fmax(lmax, fabs((double)l2[k]));
        }
        CHECKF(dl <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-7) * (1 + lmax), "seed %d: NEWTON_SOFT and ADMM_CCP differ by %g",
               seed, dl);
        CHECKF(i1.iterations <= 50, "seed %d: %d Newton iterations", seed, i1.iterations);
        printf("  %s seed %d: n %d, Newton %d iterations (%d factorizations), ADMM_CCP %d; |dlambda| %.2g\n",
               sap ? "SAP" : "CCP", seed, n, i1.iterations, i1.factorizations, i2.iterations, dl);
        free(l1); free(v1); free(l2); free(v2); free(R); free(gs); free(phi0); free(kk); free(dd);
        op_free(&o);
    }
}

/* ---- 3. contact space and generalized velocities give the same answer --------------------- */
/* a random system: M SPD (nv x nv), J (n x nv), v*, and G = J M^-1 J^T, g = J v* (G exactly
   symmetric) */
static void gen_system(int nv, int n, ct_real *M, ct_real *J, ct_real *vstar, ct_real *G, ct_real *g) {
    ct_real *sc = (ct_real *)malloc(ct_delassus_scratch_size(nv, n) * sizeof(ct_real));
    int i, j;
    for (i = 0; i < nv; ++i)
        for (j = 0; j <= i; ++j) M[i * nv + j] = M[j * nv + i] = (ct_real)(i == j ? th_range(1, 3) : 0.1 * th_normal());
    for (i = 0; i < n * nv; ++i) J[i] = (ct_real)th_normal();
    for (i = 0; i < nv; ++i) vstar[i] = (ct_real)(0.3 * th_normal());
    CHECK_EQ_INT(ct_delassus_from_mj(nv, n, M, J, vstar, G, g, sc), CT_OK);
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j) G[i * n + j] = G[j * n + i];
    free(sc);
}
/* contact i's friction, rest penetration, stiffness and dissipation (the soft models' data) */
static void gen_contact(int i, ct_real *mu, ct_real *phi0, ct_real *kk, ct_real *dd) {
    mu[i] = (ct_real)th_range(0.3, 0.8);
    phi0[i] = (ct_real)th_range(-2e-3, 1e-3);
    kk[i] = (ct_real)th_range(1e3, 1e4);
    dd[i] = (ct_real)th_range(0, 1);
}
static void test_generalized(void) {
    const int nv = 9, nc = 5, n = 3 * nc;
    ct_real M[81], J[15 * 9], vstar[9], G[225], g[15], mu[5], phi0[5], kk[5], dd[5];
    ct_real l1[15], v1[15], l2[15], v2[15];
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info i1, i2;
    int i, model;
    th_seed(900);
    gen_system(nv, n, M, J, vstar, G, g);
    for (i = 0; i < nc; ++i) gen_contact(i, mu, phi0, kk, dd);
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd; sf.v_s = (ct_real)1e-3; sf.beta = 1;
    p.nc = nc; p.G = G; p.g = g; p.mu = mu; p.soft = &sf;
    s.method = CT_METHOD_NEWTON_SOFT;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    for (model = 1; model < 4; ++model) {
        double dl = 0, lmax = 0;
        sf.model = (ct_soft_model)model;
        sf.sigma = model == 1 ? (ct_real)1e-3 : 0;
        memset(l1, 0, sizeof(l1));
        memset(l2, 0, sizeof(l2));
        sf.nv = 0;
        CHECK_EQ_INT(solve_with(&p, &s, l1, v1, &i1), CT_OK);
        sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
        CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
        sf.nv = 0;
        CHECKF(i1.status == CT_STATUS_CONVERGED && i2.status == CT_STATUS_CONVERGED,
               "model %d: contact space %s (%d it), generalized %s (%d it)", model, ct_status_string(i1.status),
               i1.iterations, ct_status_string(i2.status), i2.iterations);
        for (i = 0; i < n; ++i) {
            dl = fmax(dl, fabs((double)l1[i] - l2[i]));
            lmax = fmax(lmax, fabs((double)l1[i]));
        }
        CHECKF(dl <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-8) * (1 + lmax), "model %d: paths differ by %g", model, dl);
        printf("  model %d: contact space %d iterations, generalized %d; |dlambda| %.2g of %.2g\n", model,
               i1.iterations, i2.iterations, dl, lmax);
    }
}

/* ---- 3a. M and J alone with structure: a block-diagonal M (free bodies), an articulated
   one, or a floating base (the first body coupled with every other: factored in the reversed
   order), and a J whose rows touch a few bodies (several runs of columns per row group, joint rows
   on two bodies, limit rows on one dof): the answers of the given G = J M^-1 J^T, cold and
   warm started (the products on J's runs, M's factor on its envelope) ---------------------- */
static void test_generalized_structured(void) {
    enum { NB = 6, NV = 6 * NB, NJ = 2, NL = 2, NC = 7, N = NJ + NL + 3 * NC };
    static ct_real M[NV * NV], J[N * NV], G[N * N], vstar[NV], g[N], R[N], mu[NC];
    ct_real l1[N], v1[N], l2[N], v2[N], *sc = (ct_real *)malloc(ct_delassus_scratch_size(NV, N) * sizeof(ct_real));
    ct_soft sf;
    ct_problem p;
    ct_settings s = ct_default_settings();
    ct_info i1, i2;
    int art, warm, i, j, k, b;
    th_seed(920);
    for (art = 0; art < 3; ++art) {
        double dl = 0, dv = 0, lmax = 0;
        int iters[2] = {0, 0};
        /* M: body b's 6 x 6 block, SPD; articulated: each body also couples with the one before */
        memset(M, 0, sizeof(M));
        for (b = 0; b < NB; ++b)
            for (i = 0; i < 6; ++i)
                for (j = 0; j <= i; ++j) {
                    const int r = 6 * b + i, c = 6 * b + j;
                    M[r * NV + c] = M[c * NV + r] = (ct_real)(i == j ? th_range(2, 4) : 0.2 * th_normal());
                }
        for (b = 1; art == 1 && b < NB; ++b)
            for (i = 0; i < 6; ++i) {
                const int r = 6 * b + i, c = 6 * (b - 1) + (i + 1) % 6;
                M[r * NV + c] = M[c * NV + r] = (ct_real)(0.1 * th_normal());
            }
        for (i = 6; art == 2 && i < NV; ++i) /* the base's 6 dofs couple with every other */
            for (k = 0; k < 6; ++k) M[i * NV + k] = M[k * NV + i] = (ct_real)(0.03 * th_normal());
        /* J: joint rows on bodies (b, b + 1), limit rows on one dof, contacts on one body (the
           ground) or two (b, b + 2: two runs), zeros elsewhere */
        memset(J, 0, sizeof(J));
        for (i = 0; i < N; ++i) {
            const int c = i - NJ - NL, b0 = i < NJ ? 2 * i : i < NJ + NL ? 0 : (c / 3) % NB;
            const int b1 = i < NJ ? b0 + 1 : i < NJ + NL ? -1 : (c / 3) % 2 ? (b0 + 2) % NB : -1;
            if (i >= NJ && i < NJ + NL) {
                J[i * NV + 6 * (i - NJ + 3) + 2] = 1; /* a joint limit on one dof */
                continue;
            }
            for (k = 0; k < 6; ++k) {
                J[i * NV + 6 * b0 + k] = (ct_real)th_normal();
                if (b1 >= 0) J[i * NV + 6 * b1 + k] = (ct_real)th_normal();
            }
        }
        for (i = 0; i < NV; ++i) vstar[i] = (ct_real)(0.3 * th_normal());
        CHECK_EQ_INT(ct_delassus_from_mj(NV, N, M, J, vstar, G, g, sc), CT_OK);
        for (i = 0; i < N; ++i)
            for (j = 0; j < i; ++j) G[i * N + j] = G[j * N + i];
        for (i = 0; i < N; ++i) R[i] = (ct_real)th_range(1e-3, 1e-2);
        for (i = 0; i < NC; ++i) {
            const int r0 = NJ + NL + 3 * i;
            mu[i] = (ct_real)th_range(0.3, 0.8);
            R[r0 + 1] = R[r0];
            g[r0 + 2] -= (ct_real)0.3; /* a reference: most contacts press */
        }
        memset(&sf, 0, sizeof(sf));
        memset(&p, 0, sizeof(p));
        sf.model = CT_SOFT_CCP;
        sf.nv = NV; sf.M = M; sf.J = J; sf.vstar = vstar;
        p.nb = NJ; p.nu = NL; p.nc = NC; p.g = g; p.mu = mu; p.R = R; p.soft = &sf;
        s.method = CT_METHOD_NEWTON_SOFT;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-3 : 1e-10);
        for (warm = 0; warm < 2; ++warm) {
            s.warm_start = warm;
            if (warm) /* from the cold answer, moved: the start's products on the pattern */
                for (i = 0; i < N; ++i) l1[i] = l2[i] = (ct_real)(0.9 * l2[i]);
            else {
                memset(l1, 0, sizeof(l1));
                memset(l2, 0, sizeof(l2));
            }
            p.G = G;
            CHECK_EQ_INT(solve_with(&p, &s, l1, v1, &i1), CT_OK);
            p.G = NULL;
            CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
            /* (float: either path may stall near its floor, about 1e-3 here, as in 3b; the answers
               are compared below) */
            CHECKF(sizeof(ct_real) == 4 || (i1.status == CT_STATUS_CONVERGED && i2.status == CT_STATUS_CONVERGED),
                   "articulated %d warm %d: with G %s (%.2g), M and J alone %s (%.2g)", art, warm,
                   ct_status_string(i1.status), (double)i1.model.relative, ct_status_string(i2.status),
                   (double)i2.model.relative);
            for (i = 0; i < N; ++i) {
                dl = fmax(dl, fabs((double)l1[i] - l2[i]));
                dv = fmax(dv, fabs((double)v1[i] - v2[i]));
                lmax = fmax(lmax, fabs((double)l1[i]) + fabs((double)v1[i]));
            }
            iters[warm] = i2.iterations;
        }
        CHECKF(dl + dv <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-8) * (1 + lmax),
               "articulated %d: G given and M, J alone differ by %g, %g", art, dl, dv);
        /* M's factor given (soft.Lm), forwards and in the reversed order: the factor ct_solve
           would compute itself (the floating base's reversed, the others' forwards) gives the
           same bits; the other the same answer within rounding; a factor of another M is
           refused before lambda is touched */
        {
            static ct_real Lf[NV * NV], Lr[NV * NV], l3[N], v3[N];
            ct_real cs[16 * NV];
            ct_info i3;
            int rev, bad_pivot;
            for (i = 0; i < NV; ++i)
                for (j = 0; j < NV; ++j) {
                    Lf[i * NV + j] = M[i * NV + j];
                    Lr[i * NV + j] = M[(NV - 1 - i) * NV + (NV - 1 - j)];
                }
            CHECK_EQ_INT(ct_cholesky_factor(Lf, NV, NV, 0, cs, &bad_pivot), CT_OK);
            CHECK_EQ_INT(ct_cholesky_factor(Lr, NV, NV, 0, cs, &bad_pivot), CT_OK);
            s.warm_start = 0;
            p.G = NULL;
            sf.Lm = NULL;
            memset(l2, 0, sizeof(l2));
            CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
            for (rev = 0; rev < 2; ++rev) {
                double d3 = 0;
                sf.Lm = rev ? Lr : Lf;
                sf.Lm_reversed = rev;
                memset(l3, 0, sizeof(l3));
                CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_OK);
                for (i = 0; i < N; ++i) d3 = fmax(d3, fabs((double)l3[i] - l2[i]) + fabs((double)v3[i] - v2[i]));
                if (rev == (art == 2))
                    CHECKF(memcmp(l2, l3, sizeof(l2)) == 0 && memcmp(v2, v3, sizeof(v2)) == 0 && i3.factorizations == i2.factorizations - 1,
                           "articulated %d: soft.Lm (reversed %d) differs from M alone by %g (factorizations %d, %d)", art,
                           rev, d3, i3.factorizations, i2.factorizations);
                else
                    CHECKF(d3 <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-8) * (1 + lmax),
                           "articulated %d: soft.Lm (reversed %d) differs from M alone by %g", art, rev, d3);
            }
            sf.Lm = Lf; /* M changed, Lm did not (one diagonal entry by half) */
            sf.Lm_reversed = 0;
            M[0] *= (ct_real)1.5;
            for (i = 0; i < N; ++i) l3[i] = (ct_real)7;
            CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_ERROR_INVALID_SOFT);
            CHECK(i3.error_field && strcmp(i3.error_field, "soft.Lm") == 0 && l3[0] == (ct_real)7);
            M[0] /= (ct_real)1.5;
            sf.Lm_reversed = 1; /* the forward factor said to be reversed */
            CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_ERROR_INVALID_SOFT);
            sf.Lm_reversed = 2;
            CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_ERROR_INVALID_SOFT);
            sf.Lm_reversed = 0;
            Lf[5 * NV + 5] = 0;
            CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_ERROR_INVALID_SOFT);
            Lf[5 * NV + 2] = (ct_real)NAN; /* the row that holds it */
            CHECK_EQ_INT(solve_with(&p, &s, l3, v3, &i3), CT_ERROR_NON_FINITE);
            CHECK(i3.error_field && strcmp(i3.error_field, "soft.Lm") == 0 && i3.error_index == 5);
            sf.Lm = NULL;
        }
        printf("  structured M and J alone (%s M, nv %d, n %d): the answers of the given G, cold %d and "
               "warm %d Newton iterations\n", art == 2 ? "floating-base" : art ? "articulated" : "block-diagonal",
               NV, N, iters[0], iters[1]);
    }
    free(sc);
}

/* ---- 3b. M and J alone (no G, Gs or Gop): the same answers, fewer or more dofs than rows,
   the codes of bad M and J, and the entry points that need G --------------------------------- */
static void test_generalized_alone(void) {
    static const int shapes[3][2] = {{9, 5}, {30, 3}, {4, 4}}; /* nv < n, nv > n, nv << n */
    int t, i, model;
    th_seed(910);
    for (t = 0; t < 3; ++t) {
        const int nv = shapes[t][0], nc = shapes[t][1], n = 3 * nc;
        ct_real *M = (ct_real *)malloc(sizeof(ct_real) * (size_t)(nv * nv)), *J = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n * nv));
        ct_real *G = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n * n)), vstar[30], g[15], R[15], mu[5], phi0[5], kk[5], dd[5];
        ct_real l1[15], v1[15], l2[15], v2[15];
        ct_soft sf;
        ct_problem p;
        ct_settings s = ct_default_settings();
        ct_info i1, i2;
        gen_system(nv, n, M, J, vstar, G, g);
        for (i = 0; i < nc; ++i) {
            gen_contact(i, mu, phi0, kk, dd);
            g[3 * i + 2] -= (ct_real)0.2; /* a reference folded into g (MuJoCo's efc_b): g != J v* */
            R[3 * i] = R[3 * i + 1] = (ct_real)th_range(1e-3, 1e-2);
            R[3 * i + 2] = (ct_real)th_range(1e-3, 1e-2);
        }
        memset(&sf, 0, sizeof(sf));
        memset(&p, 0, sizeof(p));
        sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd; sf.v_s = (ct_real)1e-3;
        p.nc = nc; p.g = g; p.mu = mu; p.soft = &sf;
        s.method = CT_METHOD_NEWTON_SOFT;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-3 : 1e-10); /* above the CCP's floor */
        for (model = 0; model < 4; ++model) {
            double dl = 0, dv = 0, lmax = 0;
            if (model == CT_SOFT_SAP) continue; /* reads G's blocks: below */
            sf.model = (ct_soft_model)model;
            sf.sigma = 0;
            p.R = model == CT_SOFT_CCP ? R : NULL;
            memset(l1, 0, sizeof(l1));
            memset(l2, 0, sizeof(l2));
            sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
            p.G = G;
            CHECK_EQ_INT(solve_with(&p, &s, l1, v1, &i1), CT_OK);
            p.G = NULL;
            CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
            /* (float: the CCP of the 30-dof system stalls near 5e-3 on either path) */
            CHECKF(i1.status == i2.status && (sizeof(ct_real) == 4 || i2.status == CT_STATUS_CONVERGED),
                   "nv %d nc %d model %d: with G %s (%.2g), M and J alone %s (%.2g)", nv, nc, model,
                   ct_status_string(i1.status), (double)i1.model.relative, ct_status_string(i2.status), (double)i2.model.relative);
            for (i = 0; i < n; ++i) {
                dl = fmax(dl, fabs((double)l1[i] - l2[i]));
                dv = fmax(dv, fabs((double)v1[i] - v2[i]));
                lmax = fmax(lmax, fabs((double)l1[i]) + fabs((double)v1[i]));
            }
            CHECKF(dl + dv <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-8) * (1 + lmax),
                   "nv %d nc %d model %d: G given and M, J alone differ by %g, %g", nv, nc, model, dl, dv);
        }
        /* a solver object: setup, two solves (the factor of M recomputed each), bitwise */
        {
            ct_solver sv;
            ct_real l3[15], v3[15];
            sf.model = CT_SOFT_CCP; p.R = R; p.G = NULL;
            memset(l2, 0, sizeof(l2));
            memset(l3, 0, sizeof(l3));
            CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
            CHECK_EQ_INT(ct_solver_alloc(&sv, &p, &s, NULL), CT_OK);
            CHECK_EQ_INT(ct_solver_setup(&sv, &p, &s, NULL), CT_OK);
            CHECK_EQ_INT(ct_solver_solve(&sv, l3, v3, &i1), CT_OK);
            memset(l3, 0, sizeof(l3));
            CHECK_EQ_INT(ct_solver_solve(&sv, l3, v3, &i1), CT_OK);
            CHECK(memcmp(l2, l3, sizeof(ct_real) * (size_t)n) == 0 && memcmp(v2, v3, sizeof(ct_real) * (size_t)n) == 0);
            ct_solver_free(&sv);
        }
        printf("  M and J alone, nv %d, n %d: the answers of the given G (%d Newton iterations)\n", nv, n, i2.iterations);
        free(M); free(J); free(G);
    }
    {   /* the codes */
        const int nv = 6, nc = 2, n = 6;
        ct_real M[36], J[36], G[36], vstar[6], g[6], R[6] = {1, 1, 1, 1, 1, 1}, mu[2] = {(ct_real)0.5, (ct_real)0.5};
        ct_real l[6], v[6], l0[6], v0[6], M0;
        ct_soft sf;
        ct_problem p;
        ct_settings s = ct_default_settings();
        ct_info info;
        ct_residuals res;
        ct_workspace ws;
        size_t bytes;
        static unsigned char big[1 << 15];
        unsigned char *al = big + (64 - (size_t)big % 64) % 64;
        gen_system(nv, n, M, J, vstar, G, g);
        memset(&sf, 0, sizeof(sf));
        memset(&p, 0, sizeof(p));
        sf.model = CT_SOFT_CCP; sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
        p.nc = nc; p.g = g; p.mu = mu; p.R = R; p.soft = &sf;
        s.method = CT_METHOD_NEWTON_SOFT;
        memset(l, 0, sizeof(l)); /* the warm start */
        memset(v, 0, sizeof(v));
        CHECK_EQ_INT(ct_problem_validate(&p, s.sym_tol), CT_OK);
        /* the workspace: ct_workspace_size_problem's bytes at any alignment, and not one fewer */
        CHECK_EQ_INT(ct_workspace_size_problem(&p, &s, &bytes), CT_OK);
        CHECK(bytes + 65 <= sizeof(big));
        CHECK_EQ_INT(ct_workspace_init(&ws, al, bytes - 1), CT_OK);
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
        CHECK_EQ_INT(ct_workspace_init(&ws, al + 1, bytes), CT_OK);
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_OK);
        /* M not positive definite: NOT_PSD at soft.M, lambda and v untouched */
        for (i = 0; i < n; ++i) l0[i] = l[i] = v0[i] = v[i] = (ct_real)(i + 1);
        M0 = M[1];
        M[1] = M[6] = 10; /* |M_01| > sqrt(M_00 M_11) */
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NOT_PSD);
        CHECK(info.error_field && strcmp(info.error_field, "soft.M") == 0);
        CHECK(memcmp(l, l0, sizeof(l)) == 0 && memcmp(v, v0, sizeof(v)) == 0);
        M[6] = M0 + 1; /* asymmetric: the first row that shows it */
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NOT_SYMMETRIC);
        CHECK(info.error_field && strcmp(info.error_field, "soft.M") == 0 && info.error_index == 1);
        M[1] = M[6] = M0;
        M[0] = -1;
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NOT_PSD);
        M[0] = 2;
        J[7] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NON_FINITE);
        CHECK(info.error_field && strcmp(info.error_field, "soft.J") == 0);
        J[7] = 1;
        sf.vstar = NULL;
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_INVALID_ARGUMENT);
        sf.vstar = vstar;
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_OK);
        /* the other methods need G's rows or an operator */
        s.method = CT_METHOD_ADMM_NCP;
        CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_STORAGE_UNSUPPORTED);
        s.method = CT_METHOD_PGS_NCP;
        CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_STORAGE_UNSUPPORTED);
        s.method = CT_METHOD_NEWTON_SOFT;
        {   /* SAP's w reads G's blocks */
            ct_real phi0[2] = {0, 0}, kk[2] = {1, 1}, dd[2] = {0, 0};
            sf.model = CT_SOFT_SAP; sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd; sf.sigma = (ct_real)1e-3;
            p.R = NULL;
            CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_STORAGE_UNSUPPORTED);
            CHECK_EQ_INT(ct_criteria(&p, l, v, CT_FLAVOR_SOFT, &res), CT_ERROR_STORAGE_UNSUPPORTED);
            sf.model = CT_SOFT_CCP; p.R = R;
        }
        /* the entry points that read G need it; the criteria of lambda and v do not */
        CHECK_EQ_INT(ct_velocity(&p, l, v), CT_ERROR_STORAGE_UNSUPPORTED);
        CHECK_EQ_INT(ct_criteria(&p, l, v, CT_FLAVOR_NCP, &res), CT_OK);
        CHECK_EQ_INT(ct_criteria(&p, l, v, CT_FLAVOR_SOFT, &res), CT_OK);
        CHECK_EQ_INT(ct_criteria(&p, l, v, CT_FLAVOR_SIGNORINI, &res), CT_ERROR_STORAGE_UNSUPPORTED);
        {   /* the derivatives read G's entries */
            ct_real dl[6], dg[6] = {1, 0, 0, 0, 0, 0};
            CHECK_EQ_INT(ct_workspace_init(&ws, al, sizeof(big) - 64), CT_OK);
            CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, NULL, NULL), CT_ERROR_STORAGE_UNSUPPORTED);
            CHECK_EQ_INT(ct_vjp(&p, &s, &ws, l, v, dg, NULL, dl, NULL, NULL, NULL, NULL), CT_ERROR_STORAGE_UNSUPPORTED);
        }
    }
}

/* ---- 3c. the Newton matrix's factor updated by rank-1 changes ------------------------------ */
/* M and J alone with limit rows that switch on or off between Newton iterations while the
   contacts stay stuck: the Newton matrix's factor then changes by rank-1 updates and downdates
   (an iteration without a factorization). Each answer against the contact-space solve from G
   (a different Newton matrix, I + L^T H L, whose iterates are the same up to rounding): the same
   point, the same iteration count within one (a wrong factor costs Newton its quadratic
   convergence), and the path taken on a good share of the family. */
static void test_generalized_incremental(void) {
    int t, i, used = 0, tried = 0;
    th_seed(930);
    for (t = 0; t < 60; ++t) {
        const int nv = 6 + t % 5, nu = 1 + t % 3, nc = 1 + (t / 3) % 3, n = nu + 3 * nc;
        ct_real M[10 * 10], J[12 * 10], G[144], vstar[10], g[12], R[12], mu[3], l1[12], v1[12], l2[12], v2[12];
        double dl = 0, lmax = 0;
        ct_soft sf;
        ct_problem p;
        ct_settings s = ct_default_settings();
        ct_info i1, i2;
        gen_system(nv, n, M, J, vstar, G, g);
        for (i = 0; i < nu; ++i) { /* a limit near its switch */
            g[i] = (ct_real)th_range(-0.05, 0.05);
            R[i] = (ct_real)th_range(1e-3, 1e-2);
        }
        for (i = 0; i < nc; ++i) { /* pressed, barely pushed sideways, high friction: stuck */
            const int r0 = nu + 3 * i;
            mu[i] = (ct_real)th_range(0.8, 1.2);
            g[r0] = (ct_real)(0.01 * th_normal());
            g[r0 + 1] = (ct_real)(0.01 * th_normal());
            g[r0 + 2] = (ct_real)th_range(-1, -0.5);
            R[r0] = R[r0 + 1] = R[r0 + 2] = (ct_real)th_range(1e-3, 1e-2);
        }
        memset(&sf, 0, sizeof(sf));
        memset(&p, 0, sizeof(p));
        sf.model = CT_SOFT_CCP;
        p.nu = nu; p.nc = nc; p.g = g; p.mu = mu; p.R = R; p.soft = &sf;
        s.method = CT_METHOD_NEWTON_SOFT;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-3 : 1e-10);
        memset(l1, 0, sizeof(l1));
        memset(l2, 0, sizeof(l2));
        p.G = G; /* contact space */
        CHECK_EQ_INT(solve_with(&p, &s, l1, v1, &i1), CT_OK);
        sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
        p.G = NULL; /* M and J alone */
        CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
        for (i = 0; i < n; ++i) {
            dl = fmax(dl, fabs((double)l1[i] - l2[i]));
            lmax = fmax(lmax, fabs((double)l1[i]));
        }
        if (sizeof(ct_real) == 4) { /* float: 1/R up to 1e3 puts the CCP's floor near the tolerance,
                                       where either path may stall (as before these updates) */
            CHECKF(i1.status != CT_STATUS_NUMERICAL_FAILURE && i2.status != CT_STATUS_NUMERICAL_FAILURE &&
                   dl <= 1e-2 * (1 + lmax), "problem %d: %s, %s, the answers differ by %g", t,
                   ct_status_string(i1.status), ct_status_string(i2.status), dl);
        } else {
            CHECKF(i1.status == CT_STATUS_CONVERGED && i2.status == CT_STATUS_CONVERGED, "problem %d: %s, %s", t,
                   ct_status_string(i1.status), ct_status_string(i2.status));
            CHECKF(dl <= 1e-8 * (1 + lmax), "problem %d: the answers differ by %g", t, dl);
            CHECKF(abs(i1.iterations - i2.iterations) <= 1, "problem %d: %d Newton iterations from G, %d from M and J",
                   t, i1.iterations, i2.iterations);
        }
        ++tried;
        used += i2.factorizations < 1 + i2.iterations; /* M's factor, and one per assembled N */
    }
    CHECKF(used >= tried / 10 || sizeof(ct_real) == 4, "the factor was updated in %d of %d solves", used, tried);
    printf("  M and J alone, limits switching: the factor updated by rank-1 changes in %d of %d solves\n", used, tried);
}

/* ---- 4. closed forms: Lagged friction is mu gamma_n0 t_s; SAP resting contact ------------- */
static void test_closed_forms(void) {
    /* one contact, unit inverse mass, sliding fast along t1 with v_n free = 0 */
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {2, 0, 0}, mu[1] = {(ct_real)0.5};
    ct_real phi0[1] = {(ct_real)-1e-3}, vn0[1] = {0}, k[1] = {(ct_real)1e4}, d[1] = {0}, l[3] = {0, 0, 0}, v[3];
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info info;
    double dt = 0.01, gn0 = dt * 1e4 * 1e-3, vn, n_expect;
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    sf.model = CT_SOFT_LAGGED; sf.dt = (ct_real)dt; sf.phi0 = phi0; sf.vn0 = vn0; sf.k = k; sf.d = d;
    sf.v_s = (ct_real)1e-4;
    p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.soft = &sf;
    s.method = CT_METHOD_NEWTON_SOFT;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)TOL_REL;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    /* Lagged: |gamma_T| = mu gamma_n0 ||v_T|| / sqrt(||v_T||^2 + eps^2), v_T = 2 - |gamma_T| */
    CHECK_NEAR(-l[0], 0.5 * gn0 * (2 - 0.5 * gn0) / sqrt((2 - 0.5 * gn0) * (2 - 0.5 * gn0) + 1e-8), 1e3 * TOL_REL + 1e-9);
    /* normal: n(v_n) = dt k (-phi0 - dt v_n) with v_n = g_n + lambda_n (G = I): linear */
    vn = v[2];
    n_expect = dt * 1e4 * (1e-3 - dt * vn);
    CHECK_NEAR(l[2], n_expect, 1e3 * TOL_REL + 1e-9);
    CHECK_NEAR(vn, l[2], 1e3 * TOL_REL + 1e-9); /* g_n = 0 */
    /* Similar, the same contact: the normal impulse sees z = v_n - mu ||v_T||_s */
    sf.model = CT_SOFT_SIMILAR;
    l[0] = l[1] = l[2] = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(info.status, CT_STATUS_CONVERGED);
    {
        double vt = fabs((double)v[0]), st = sqrt(vt * vt + 1e-8) - 1e-4, z = v[2] - 0.5 * st;
        CHECK_NEAR(l[2], dt * 1e4 * (1e-3 - dt * z), 1e3 * TOL_REL + 1e-9);
        CHECK_NEAR(-l[0], 0.5 * l[2] * vt / (st + 1e-4), 1e3 * TOL_REL + 1e-9);
    }
}

/* ---- 5. a singular G: a box on a plane by its 4 corners (rank 6 of 12), SAP --------------- */
static void test_singular(void) {
    ct_real G[BOX_N * BOX_N], g[BOX_N], mu[BOX_NC], l[12], v[12], phi0[4], kk[4], dd[4];
    ct_real G4[144], g4[12];
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info info;
    double ev[12], fn = 0;
    int i, j, rank = 0;
    box_stack(G, g, mu, 1, 1e-9); /* the bottom box; the top one weighs nothing */
    for (i = 0; i < 12; ++i) {
        for (j = 0; j < 12; ++j) G4[i * 12 + j] = G[i * BOX_N + j];
        g4[i] = g[i];
    }
    jacobi_eig(G4, 12, ev);
    for (i = 0; i < 12; ++i) rank += ev[i] > 1e-9 * ev[11];
    CHECK_EQ_INT(rank, 6);
    for (i = 0; i < 4; ++i) { phi0[i] = 0; kk[i] = (ct_real)1e5; dd[i] = (ct_real)1e-3; }
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    sf.model = CT_SOFT_SAP; sf.dt = (ct_real)1e-3; sf.phi0 = phi0; sf.k = kk; sf.d = dd;
    sf.sigma = (ct_real)1e-3; sf.beta = 1;
    /* g is in forces (divided by dt) in box_stack: back to velocities */
    for (i = 0; i < 12; ++i) g4[i] = (ct_real)(g4[i] * 1e-3);
    p.nc = 4; p.G = G4; p.g = g4; p.mu = mu; p.soft = &sf;
    s.method = CT_METHOD_NEWTON_SOFT;
    s.stop = CT_STOP_RELATIVE;
    /* float: v = (G + R) lambda + g rounds at 1e-7 of G's scale and SAP's near-rigid R_n ~ w/40
       amplifies it in the law residual: 1.4e-5 is float's floor here */
    s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : TOL_REL);
    memset(l, 0, sizeof(l));
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECKF(info.status == CT_STATUS_CONVERGED, "box: %s after %d, relative %g", ct_status_string(info.status),
           info.iterations, (double)info.model.relative);
    for (i = 0; i < 4; ++i) fn += l[3 * i + 2];
    CHECK(fn > 0 && fn < 9.81e-3 * 1.01 + 1e-6); /* at most the step's weight impulse */
    printf("  box on a plane (rank 6 of 12), SAP: %d iterations, normal impulse %.4g N s (weight %.4g)\n",
           info.iterations, fn, 9.81e-3);
}

/* ---- 6. errors ------------------------------------------------------------------------------ */
static void test_errors(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {1, 0, -1}, mu[1] = {(ct_real)0.5}, R[3] = {1, 1, 1};
    ct_real phi0[1] = {0}, k[1] = {1}, d[1] = {0}, l[3] = {0, 0, 0}, v[3];
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_info info;
    ct_residuals res;
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    p.nc = 1; p.G = G; p.g = g; p.mu = mu;
    s.method = CT_METHOD_NEWTON_SOFT;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT); /* CCP without R */
    R[1] = 2;
    p.R = R;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_ANISOTROPIC_COMPLIANCE);
    R[1] = (ct_real)(1 + (sizeof(ct_real) == 4 ? 1e-5 : 1e-9)); /* above the relative tolerance */
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_ANISOTROPIC_COMPLIANCE);
    R[1] = 1;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    {   /* tangent R equal up to the last bit (MuJoCo's efc_R): accepted, the mean used */
        ct_real l2[3] = {0, 0, 0}, v2[3];
        ct_info info2;
        R[1] = (ct_real)(sizeof(ct_real) == 4 ? 1 + 2.4e-7 : 1 + 4.4e-16);
        CHECK(R[1] != R[0]);
        CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &info2), CT_OK);
        CHECK_EQ_INT(info2.status, info.status);
        CHECK_NEAR(l2[2], l[2], 1e3 * TH_EPS * (1 + fabs((double)l[2])));
        R[1] = 1;
    }
    sf.model = CT_SOFT_SAP; sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = k; sf.d = d; sf.beta = 1;
    p.soft = &sf;
    p.R = NULL;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT); /* sigma = 0 */
    sf.sigma = (ct_real)1e-3;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    p.R = R;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT); /* R on a model's contact */
    p.R = NULL;
    sf.model = CT_SOFT_LAGGED;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT); /* v_s = 0 */
    sf.v_s = (ct_real)1e-4;
    sf.dt = 0;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT);
    sf.dt = (ct_real)0.01;
    k[0] = -1;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_ERROR_INVALID_SOFT);
    k[0] = 1;
    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
    CHECK_EQ_INT(ct_criteria(&p, l, v, CT_FLAVOR_SOFT, &res), CT_OK);
    CHECK(res.absolute <= 1e3 * TOL_SOLVE);
    s.newton.alpha_max = (ct_real)0.5;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_ERROR_INVALID_SETTINGS);
}


/* ---- 7. derivatives against central finite differences ------------------------------------ */
/* solve p (with g, G, mu replaced) to a tight tolerance */
static void tight_solve(const ct_problem *p, ct_method m, ct_real *l, ct_real *v) {
    ct_settings s = ct_default_settings();
    ct_info info;
    s.method = m;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-6 : 1e-13);
    s.max_iter = 1000000;
    s.warm_start = 0;
    CHECK_EQ_INT(solve_with(p, &s, l, v, &info), CT_OK);
    CHECKF(info.model.relative <= 1e2 * s.tol_rel, "tight solve %s: %s relative %g", ct_method_string(m),
           ct_status_string(info.status), (double)info.model.relative);
}

/* distance of every contact of (l, v) from a mode boundary, relative */
static double mode_margin(const ct_problem *p, const ct_real *l, const ct_real *v) {
    double lmax = 1e-300, vmax = 1e-300, m = 1e300;
    int i, n = p->nb + p->nu + 3 * p->nc, c0 = p->nb + p->nu;
    for (i = 0; i < n; ++i) { lmax = fmax(lmax, fabs((double)l[i])); vmax = fmax(vmax, fabs((double)v[i])); }
    for (i = 0; i < p->nc; ++i) {
        const ct_real *li = l + c0 + 3 * i, *vi = v + c0 + 3 * i;
        double ln = li[2] / lmax, vt = sqrt((double)vi[0] * vi[0] + (double)vi[1] * vi[1]) / vmax;
        double lt = sqrt((double)li[0] * li[0] + (double)li[1] * li[1]) / lmax;
        if (ln <= 1e-9) m = fmin(m, fmax(vi[2] / vmax, 0)); /* open: v_n > 0 */
        else if (vt <= 1e-9) m = fmin(m, fmin(ln, p->mu[i] * ln - lt)); /* stick: inside */
        else m = fmin(m, fmin(ln, vt));
    }
    for (i = p->nb; i < c0; ++i) m = fmin(m, fmax(fabs((double)l[i]) / lmax, fabs((double)v[i]) / vmax));
    return m;
}

static void check_derivatives(ct_problem *p, ct_method m, const char *what) {
    const int n = p->nb + p->nu + 3 * p->nc;
    const double h = 1e-6;
    ct_real *l = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *lp = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *vp = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *lm = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *vm = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *dg = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *dG = (ct_real *)calloc((size_t)n * n, sizeof(ct_real));
    ct_real *dl = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *dv = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *gp = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *Gp = (ct_real *)calloc((size_t)n * n, sizeof(ct_real));
    ct_real *lb = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *vb = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *gb = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *Gb = (ct_real *)calloc((size_t)n * n, sizeof(ct_real));
    ct_real *mub = (ct_real *)calloc((size_t)p->nc + 1, sizeof(ct_real)), *dmu = (ct_real *)calloc((size_t)p->nc + 1, sizeof(ct_real));
    ct_real *mup = (ct_real *)calloc((size_t)p->nc + 1, sizeof(ct_real));
    ct_real *dR = (ct_real *)calloc((size_t)n, sizeof(ct_real)), *Rp = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    ct_real *Rb = (ct_real *)calloc((size_t)n, sizeof(ct_real));
    const ct_real *g0 = p->g, *G0 = p->G, *mu0 = p->mu, *R0 = p->R;
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    double err = 0, scale = 0, margin, lhs, rhs;
    int i, j, unique = -1, soft = m == CT_METHOD_NEWTON_SOFT, dir;
    s.method = m;
    {
        ct_settings sz = ct_default_settings();
        sz.method = CT_METHOD_NEWTON_SOFT;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, p->nb, p->nu, p->nc, &sz, NULL), CT_OK);
    }
    tight_solve(p, m, l, v);
    margin = mode_margin(p, l, v);
    if (!soft) { /* which modes the test covers */
        ct_contact_mode *modes = (ct_contact_mode *)calloc((size_t)p->nc + 1, sizeof(ct_contact_mode));
        int cnt[3] = {0, 0, 0};
        CHECK_EQ_INT(ct_contact_modes(p, l, v, (ct_real)1e-9, modes), CT_OK);
        for (i = 0; i < p->nc; ++i) cnt[modes[i]]++;
        printf("  %s: %d open, %d stick, %d slide\n", what, cnt[0], cnt[1], cnt[2]);
        free(modes);
    }
    for (i = 0; i < n; ++i) dg[i] = (ct_real)th_normal();
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i; ++j) dG[i * n + j] = dG[j * n + i] = (ct_real)(0.1 * th_normal() * sqrt((double)G0[i * n + i] * G0[j * n + j]));
    for (i = 0; i < p->nc; ++i) dmu[i] = (ct_real)th_normal();
    for (i = 0; i < n; ++i) dR[i] = (ct_real)(R0 ? 0.3 * R0[i] * th_normal() : 0);
    for (dir = 0; dir < 4; ++dir) { /* g, G, mu, R */
        if (dir >= 2 && soft) break;
        if (dir == 3 && !p->R) break;
        CHECK_EQ_INT(ct_jvp(p, &s, &ws, l, v, dir == 0 ? dg : NULL, dir == 1 ? dG : NULL, dir == 2 ? dmu : NULL,
                            dir == 3 ? dR : NULL, dl, dv, &unique),
                     CT_OK);
        for (j = 0; j < 2; ++j) { /* +h, -h */
            double sg = j ? -h : h;
            for (i = 0; i < n; ++i) gp[i] = (ct_real)(g0[i] + (dir == 0 ? sg * dg[i] : 0));
            for (i = 0; i < n * n; ++i) Gp[i] = (ct_real)(G0[i] + (dir == 1 ? sg * dG[i] : 0));
            for (i = 0; i < p->nc; ++i) mup[i] = (ct_real)(mu0[i] + (dir == 2 ? sg * dmu[i] : 0));
            for (i = 0; i < n && R0; ++i) Rp[i] = (ct_real)(R0[i] + (dir == 3 ? sg * dR[i] : 0));
            p->g = gp; p->G = Gp; p->mu = mup;
            if (R0) p->R = Rp;
            tight_solve(p, m, j ? lm : lp, j ? vm : vp);
            p->g = g0; p->G = G0; p->mu = mu0; p->R = R0;
        }
        err = 0; scale = 0;
        for (i = 0; i < n; ++i) {
            double fl = ((double)lp[i] - lm[i]) / (2 * h), fv = ((double)vp[i] - vm[i]) / (2 * h);
            err = fmax(err, fmax(fabs(fl - dl[i]), fabs(fv - dv[i])));
            scale = fmax(scale, fmax(fabs(fl), fabs(fv)));
        }
        if (sizeof(ct_real) == 8)
            CHECKF(err <= 1e-5 * (1 + scale), "%s d/d%s: jvp vs differences %g (scale %g, margin %g)", what,
                   dir == 0 ? "g" : dir == 1 ? "G" : dir == 2 ? "mu" : "R", err, scale, margin);
        printf("  %s d/d%s: |jvp - fd| %.2g of %.2g (mode margin %.2g, lambda unique %d)\n", what,
               dir == 0 ? "g" : dir == 1 ? "G" : dir == 2 ? "mu" : "R", err, scale, margin, unique);
    }
    /* the vjp is the adjoint of the jvp: <gbar, dg> + <Gbar, dG> + <mubar, dmu> = <lbar, dl> + <vbar, dv> */
    for (i = 0; i < n; ++i) { lb[i] = (ct_real)th_normal(); vb[i] = (ct_real)th_normal(); }
    CHECK_EQ_INT(ct_vjp(p, &s, &ws, l, v, lb, vb, gb, Gb, soft ? NULL : mub, soft ? NULL : Rb, &unique), CT_OK);
    CHECK_EQ_INT(ct_jvp(p, &s, &ws, l, v, dg, dG, soft ? NULL : dmu, soft ? NULL : dR, dl, dv, &unique), CT_OK);
    lhs = 0; rhs = 0;
    for (i = 0; i < n; ++i) {
        lhs += (double)gb[i] * dg[i];
        rhs += (double)lb[i] * dl[i] + (double)vb[i] * dv[i];
        for (j = 0; j < n; ++j) lhs += (double)Gb[i * n + j] * dG[i * n + j];
    }
    if (!soft) for (i = 0; i < p->nc; ++i) lhs += (double)mub[i] * dmu[i];
    if (!soft) for (i = 0; i < n; ++i) lhs += (double)Rb[i] * dR[i];
    CHECKF(fabs(lhs - rhs) <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-9) * (1 + fabs(rhs)), "%s: adjoint identity %g vs %g",
           what, lhs, rhs);
    ct_workspace_free(&ws);
    free(l); free(v); free(lp); free(vp); free(lm); free(vm); free(dg); free(dG); free(dl); free(dv);
    free(gp); free(Gp); free(lb); free(vb); free(gb); free(Gb); free(mub); free(dmu); free(mup);
    free(dR); free(Rp); free(Rb);
}

/* Derivatives of a soft model from order 48 on, where the Cholesky of I + C^T G C works by
   panels and takes ct_cholesky_scratch_size of scratch: a workspace of exactly
   ct_derivatives_size bytes (malloc'd: the sanitizer builds see a write past it), the jvp and
   the vjp adjoint to each other */
static void test_derivatives_large(void) {
    enum { NC = 20, N = 3 * NC };
    static ct_real G[N * N], g[N], R[N], mu[NC], l[N], v[N], dg[N], dl[N], dv[N], lb[N], vb[N], gb[N];
    ct_real B[N * 8];
    ct_soft sf;
    ct_problem p;
    ct_settings s = ct_default_settings();
    ct_workspace ws, w2;
    ct_info info;
    size_t bytes = 0;
    double lhs = 0, rhs = 0;
    int i, j, k;
    th_seed(930);
    for (i = 0; i < N * 8; ++i) B[i] = (ct_real)th_normal();
    for (i = 0; i < N; ++i)
        for (j = 0; j < N; ++j) {
            double e = i == j;
            for (k = 0; k < 8; ++k) e += (double)B[i * 8 + k] * B[j * 8 + k] / 8;
            G[i * N + j] = (ct_real)e;
        }
    for (i = 0; i < N; ++i) {
        g[i] = (ct_real)(i % 3 == 2 ? -1 : 0.2 * th_normal());
        R[i] = (ct_real)0.01;
        dg[i] = (ct_real)th_normal();
        lb[i] = (ct_real)th_normal();
        vb[i] = (ct_real)th_normal();
    }
    for (i = 0; i < NC; ++i) mu[i] = (ct_real)0.5;
    p = ct_problem_dense(0, 0, NC, G, g, mu);
    memset(&sf, 0, sizeof(sf));
    sf.model = CT_SOFT_CCP;
    p.R = R;
    p.soft = &sf;
    s.method = CT_METHOD_NEWTON_SOFT;
    CHECK_EQ_INT(ct_workspace_alloc_problem(&ws, &p, &s, NULL), CT_OK);
    memset(l, 0, sizeof(l));
    CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_OK);
    ct_workspace_free(&ws);
    CHECK_EQ_INT(ct_derivatives_size(0, 0, NC, &bytes), CT_OK);
    w2.mem = w2.alloc_ctx = NULL;
    w2.base = (unsigned char *)malloc(bytes);
    w2.size = bytes;
    CHECK_EQ_INT(ct_jvp(&p, &s, &w2, l, v, dg, NULL, NULL, NULL, dl, dv, NULL), CT_OK);
    CHECK_EQ_INT(ct_vjp(&p, &s, &w2, l, v, lb, vb, gb, NULL, NULL, NULL, NULL), CT_OK);
    for (i = 0; i < N; ++i) {
        lhs += (double)gb[i] * dg[i];
        rhs += (double)lb[i] * dl[i] + (double)vb[i] * dv[i];
    }
    CHECKF(fabs(lhs - rhs) <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-9) * (1 + fabs(rhs)),
           "order %d: adjoint identity %g vs %g", N, lhs, rhs);
    free(w2.base);
}

static void test_derivatives(void) {
    int seed;
    for (seed = 0; seed < 8; ++seed) {
        owned_problem o;
        ct_soft sf;
        ct_real phi0[8], kk[8], dd[8];
        int k;
        char what[64];
        th_seed(1000 + (unsigned)seed);
        random_problem(&o, seed % 2, seed % 3 == 0, 3 + seed % 3, 20, 0.2, 0.9, seed < 4 || seed >= 6);
        memset(&sf, 0, sizeof(sf));
        if (seed < 2) { /* regularized CCP: R > 0 everywhere, isotropic tangents */
            for (k = 0; k < o.p.nc; ++k) o.R[o.p.nb + o.p.nu + 3 * k + 1] = o.R[o.p.nb + o.p.nu + 3 * k];
            snprintf(what, sizeof(what), "soft CCP seed %d", seed);
            check_derivatives(&o.p, CT_METHOD_NEWTON_SOFT, what);
        } else if (seed < 4) { /* Similar / Lagged: R only on the joint and limit rows */
            for (k = 0; k < o.p.nc; ++k) {
                int r0 = o.p.nb + o.p.nu + 3 * k;
                o.R[r0] = o.R[r0 + 1] = o.R[r0 + 2] = 0;
                phi0[k] = (ct_real)th_range(-0.05, -0.01);
                kk[k] = (ct_real)th_range(50, 200);
                dd[k] = (ct_real)th_range(0, 0.5);
            }
            sf.model = seed == 2 ? CT_SOFT_SIMILAR : CT_SOFT_LAGGED;
            sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd; sf.v_s = (ct_real)1e-2;
            o.p.soft = &sf;
            snprintf(what, sizeof(what), "soft %s seed %d", seed == 2 ? "SIMILAR" : "LAGGED", seed);
            check_derivatives(&o.p, CT_METHOD_NEWTON_SOFT, what);
        } else { /* rigid NCP and CCP on their modes */
            snprintf(what, sizeof(what), "%s seed %d", seed % 2 ? "ADMM_CCP" : "ADMM_NCP", seed);
            check_derivatives(&o.p, seed % 2 ? CT_METHOD_ADMM_CCP : CT_METHOD_ADMM_NCP, what);
        }
        op_free(&o);
    }
}

/* a hyperstatic G (the two-box stack, all sticking): lambda is not unique, v's derivative is */
static void test_derivative_singular(void) {
#ifndef CONTACT_USE_FLOAT
    ct_real G[BOX_N * BOX_N], g[BOX_N], mu[BOX_NC], l[BOX_N], v[BOX_N], lp[BOX_N], vp[BOX_N], lm[BOX_N], vm[BOX_N];
    ct_real dg[BOX_N], gp[BOX_N], dl[BOX_N], dv[BOX_N];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    const double h = 1e-6;
    double err = 0, scale = 0;
    int i, unique = -1;
    box_stack(G, g, mu, 1, 2);
    memset(&p, 0, sizeof(p));
    p.nc = BOX_NC; p.G = G; p.g = g; p.mu = mu;
    s.method = CT_METHOD_ADMM_NCP;
    {
        ct_settings sz = ct_default_settings();
        sz.method = CT_METHOD_NEWTON_SOFT;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, BOX_NC, &sz, NULL), CT_OK);
    }
    tight_solve(&p, CT_METHOD_ADMM_NCP, l, v);
    th_seed(77);
    /* a physical direction: dg = G w lies in range(G) = range(J), as g = J v_free does */
    for (i = 0; i < BOX_N; ++i) lp[i] = (ct_real)th_normal();
    for (i = 0; i < BOX_N; ++i) {
        int j;
        double e = 0;
        for (j = 0; j < BOX_N; ++j) e += (double)G[i * BOX_N + j] * lp[j];
        dg[i] = (ct_real)e;
    }
    CHECK_EQ_INT(ct_jvp(&p, &s, &ws, l, v, dg, NULL, NULL, NULL, dl, dv, &unique), CT_OK);
    CHECK_EQ_INT(unique, 0);
    for (i = 0; i < BOX_N; ++i) gp[i] = (ct_real)(g[i] + h * dg[i]);
    p.g = gp;
    tight_solve(&p, CT_METHOD_ADMM_NCP, lp, vp);
    for (i = 0; i < BOX_N; ++i) gp[i] = (ct_real)(g[i] - h * dg[i]);
    tight_solve(&p, CT_METHOD_ADMM_NCP, lm, vm);
    p.g = g;
    for (i = 0; i < BOX_N; ++i) {
        double fv = ((double)vp[i] - vm[i]) / (2 * h);
        err = fmax(err, fabs(fv - dv[i]));
        scale = fmax(scale, fabs((double)dg[i]));
    }
    CHECKF(err <= 1e-5 * (1 + scale), "singular G: dv off by %g", err);
    printf("  hyperstatic stack: lambda unique %d, |dv - fd| %.2g\n", unique, err);
    (void)lp; (void)lm;
    ct_workspace_free(&ws);
#endif
}

/* ---- 8. seed 002 notes Sec. 6: kernel values, and a point mass sliding on a plane ---------- */
static void test_notes_values(void) {
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, 0}, mu[1] = {(ct_real)0.5};
    ct_real phi0[1] = {(ct_real)-1e-3}, vn0[1] = {(ct_real)-0.1}, k[1] = {(ct_real)3e5}, d[1] = {15};
    ct_real vc[3] = {(ct_real)0.1, (ct_real)0.05, (ct_real)-0.05}, gam[3], H[9], cost;
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    const double tol = sizeof(ct_real) == 4 ? 1e-4 : 1e-6;
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    sf.dt = (ct_real)1e-2; sf.phi0 = phi0; sf.vn0 = vn0; sf.k = k; sf.d = d; sf.v_s = (ct_real)1e-4;
    p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.soft = &sf;
    sf.model = CT_SOFT_LAGGED; /* gamma_n0 = 7.5 N s */
    CHECK_EQ_INT(ct_soft_kernel(&p, 0, vc, &cost, gam, H), CT_OK);
    CHECK_NEAR(gam[0], -3.354101, tol * 3.4);
    CHECK_NEAR(gam[1], -1.67705, tol * 1.7);
    CHECK_NEAR(gam[2], 7.875, tol * 7.9);
    sf.model = CT_SOFT_SIMILAR; /* the normal impulse increased by slip: the modulation artifact */
    CHECK_EQ_INT(ct_soft_kernel(&p, 0, vc, &cost, gam, H), CT_OK);
    CHECK_NEAR(gam[0], -7.146892, tol * 7.2);
    CHECK_NEAR(gam[1], -3.573446, tol * 3.6);
    CHECK_NEAR(gam[2], 15.980943, tol * 16);
    /* k = 0 and d = 0 (the notes ask for both), and no contact (v_n above v^) */
    {
        ct_real vs[3][3] = {{(ct_real)0.1, (ct_real)0.05, (ct_real)-0.05}, {(ct_real)1e-6, 0, (ct_real)-0.05}, {(ct_real)0.1, 0, (ct_real)0.5}};
        int model, c, kk;
        for (kk = 0; kk < 2; ++kk)
            for (model = 2; model < 4; ++model)
                for (c = 0; c < 3; ++c) {
                    char what[64];
                    sf.model = (ct_soft_model)model;
                    k[0] = kk ? 0 : (ct_real)3e5;
                    d[0] = kk ? 15 : 0;
                    snprintf(what, sizeof(what), "notes model %d %s case %d", model, kk ? "k = 0" : "d = 0", c);
                    if (sizeof(ct_real) == 4 && c == 1) continue; /* float cannot resolve the stiction kink */
                    kernel_fd(&p, vs[c], what);
                }
        k[0] = (ct_real)3e5;
        d[0] = 15;
    }
}

/* the point mass of the notes: m = 1, G = I, dt = 0.01, k = 1e7, d = 500, mu = 0.5, v_s = 1e-4,
   started at rest penetration z = -m g / k with v = (1, 0, 0); warm-started Newton each step */
static void point_mass(ct_soft_model model, int steps, double *z_out, double *vt_out, int *max_it, int *ok) {
    const double dt = 0.01, grav = 9.81;
    ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3], mu[1] = {(ct_real)0.5}, l[3] = {0, 0, 0}, v[3];
    ct_real phi0[1], vn0[1] = {0}, kk[1], dd[1];
    double z = -grav / 1e7, vel[3] = {1, 0, 0};
    ct_soft sf;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    int step;
    memset(&sf, 0, sizeof(sf));
    memset(&p, 0, sizeof(p));
    sf.model = model; sf.dt = (ct_real)dt; sf.phi0 = phi0; sf.vn0 = vn0; sf.k = kk; sf.d = dd;
    sf.v_s = (ct_real)1e-4; sf.sigma = model == CT_SOFT_SAP ? (ct_real)1e-3 : 0; sf.beta = 1;
    kk[0] = (ct_real)1e7;
    dd[0] = model == CT_SOFT_SAP ? (ct_real)1e-3 : 500; /* SAP: tau_d */
    p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.soft = &sf;
    s.method = CT_METHOD_NEWTON_SOFT;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-6 : 1e-12);
    *max_it = 0;
    *ok = 1;
    CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 1, &s, NULL), CT_OK);
    for (step = 0; step < steps; ++step) {
        g[0] = (ct_real)vel[0]; g[1] = (ct_real)vel[1]; g[2] = (ct_real)(vel[2] - grav * dt); /* J v* */
        phi0[0] = (ct_real)z;
        vn0[0] = (ct_real)vel[2];
        /* Lagged converges to 1e-12 every step; Similar and SAP, whose normal law is stiffened
           by the slip (k (1 + d mu ||v_T||)), stall at the law residual's rounding floor
           (cond eps: relative 4e-11 at the launch, 1e-6 to 3e-6 while gliding, measured) */
        if (ct_solve(&p, &s, &ws, l, v, &info) != CT_OK ||
            !(info.status == CT_STATUS_CONVERGED ||
              (model != CT_SOFT_LAGGED && info.status == CT_STATUS_STALLED && info.model.relative <= 1e-5))) {
            if (*ok) printf("  (model %d step %d: %s, relative %g, %d iterations)\n", (int)model, step,
                            ct_status_string(info.status), (double)info.model.relative, info.iterations);
            *ok = 0;
        }
        if (info.iterations > *max_it) *max_it = info.iterations;
        vel[0] = v[0]; vel[1] = v[1]; vel[2] = v[2];
        z += dt * vel[2];
        z_out[step] = z;
        vt_out[step] = sqrt(vel[0] * vel[0] + vel[1] * vel[1]);
    }
    ct_workspace_free(&ws);
}

static void test_point_mass(void) {
    double z[40], vt[40], mg_dt = 0.5 * 9.81 * 0.01, pred;
    int it, ok, step, model;
    /* Lagged: v_n stays 0 and ||v_t|| drops by mu g dt per step */
    point_mass(CT_SOFT_LAGGED, 30, z, vt, &it, &ok);
    if (sizeof(ct_real) == 8) CHECK(ok); /* float: k = 1e7 puts 1e-12 out of reach */
    for (step = 1; step < 30 && vt[step] >= 1000 * 1e-4 && vt[step] > mg_dt; ++step) {
        double drop = vt[step - 1] - vt[step];
        CHECKF(fabs(drop - mg_dt) <= (sizeof(ct_real) == 4 ? 1e-2 : 1e-6) * mg_dt, "Lagged step %d: drop %.9g, mu g dt %.9g",
               step, drop, mg_dt);
        CHECKF(fabs(z[step] + 9.81e-7) <= 1e-9, "Lagged step %d: z %g", step, z[step]);
    }
    printf("  point mass, Lagged: %d steps of exact drop mu g dt, at most %d Newton iterations, z %.4g\n", step, it, z[10]);
    /* Similar and SAP glide at their offsets (step 10): mu dt ||v_t|| and mu (dt + tau_d) ||v_t|| */
    for (model = 0; model < 2; ++model) {
        ct_soft_model m = model ? CT_SOFT_SAP : CT_SOFT_SIMILAR;
        point_mass(m, 16, z, vt, &it, &ok);
        if (sizeof(ct_real) == 8) CHECK(ok);
        pred = 0.5 * (model ? 0.011 : 0.01) * vt[9];
        if (sizeof(ct_real) == 8)
            CHECKF(fabs(z[9] - pred) <= 1e-2 * pred, "%s glide at step 10: z %.5g, predicted %.5g", model ? "SAP" : "Similar",
                   z[9], pred);
        printf("  point mass, %s: glide at step 10 %.4g m (predicted %.4g), at most %d Newton iterations\n",
               model ? "SAP" : "Similar", z[9], pred, it);
    }
}

/* Newton's iterations on random problems, every model: bounded (the maximum is reported) */
static void test_iteration_bound(void) {
    int seed, model, worst = 0;
    for (seed = 0; seed < 10; ++seed)
        for (model = 0; model < 4; ++model) {
            owned_problem o;
            ct_soft sf;
            ct_real phi0[8], kk[8], dd[8], *l, *v;
            ct_settings s = ct_default_settings();
            ct_info info;
            int k;
            th_seed(5000 + (unsigned)seed);
            random_problem(&o, 0, 0, 2 + seed % 6, 24, 0.1, 1.0, 1);
            memset(&sf, 0, sizeof(sf));
            for (k = 0; k < o.p.nc; ++k) {
                phi0[k] = (ct_real)th_range(-0.02, 0.01);
                kk[k] = (ct_real)th_range(10, 1e4);
                dd[k] = (ct_real)(model == 1 ? th_range(0, 0.01) : th_range(0, 1));
                o.R[3 * k + 1] = o.R[3 * k];
            }
            if (model > 0) {
                sf.model = (ct_soft_model)model; sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd;
                sf.v_s = (ct_real)1e-3; sf.sigma = (ct_real)1e-3; sf.beta = 1;
                o.p.soft = &sf;
                o.p.R = NULL;
            }
            l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            s.method = CT_METHOD_NEWTON_SOFT;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)TOL_REL;
            CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
            CHECKF(info.status == CT_STATUS_CONVERGED || info.status == CT_STATUS_STALLED, "seed %d model %d: %s",
                   seed, model, ct_status_string(info.status));
            if (info.iterations > worst) worst = info.iterations;
            free(l); free(v);
            op_free(&o);
        }
    CHECKF(worst <= 30, "Newton needed %d iterations", worst);
    printf("  random problems, 4 models x 10: at most %d Newton iterations\n", worst);
}

/* ---- 9. the line search on a quadratic piece: one evaluation per step ------------------ */
/* Regularized CCP with every row on one piece of the model from the start to the answer
   (bilateral rows; contacts pressed in, sliding ruled out by a large mu): phi is quadratic, its
   Newton step 1 is the line search's root up to rounding, and the step reuses that one trial
   (no further trial point: line_search_steps 0 after the first step). A sliding case, where
   phi' is not linear, takes the further trials and still converges. */
static void test_line_search_quadratic(void) {
    int seed, kind;
    for (seed = 0; seed < 6; ++seed)
        for (kind = 0; kind < 3; ++kind) {
            owned_problem o;
            ct_real *l, *v;
            ct_settings s = ct_default_settings();
            ct_info info;
            int k, c0;
            th_seed(9100 + (unsigned)seed);
            random_problem(&o, kind == 0 ? 3 : 1, 0, kind == 0 ? 0 : 3 + seed % 3, 24, 0.1, 1.0, 1);
            c0 = o.p.nb + o.p.nu;
            for (k = 0; k < o.p.nc; ++k) {
                o.R[c0 + 3 * k + 1] = o.R[c0 + 3 * k];
                o.mu[k] = (ct_real)(kind == 1 ? 1e3 : 0.05);
                o.g[c0 + 3 * k] = (ct_real)(kind == 1 ? 0 : 2 * th_normal());
                o.g[c0 + 3 * k + 1] = (ct_real)(kind == 1 ? 0 : 2 * th_normal());
                o.g[c0 + 3 * k + 2] = (ct_real)-th_range(1, 2);
            }
            l = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            s.method = CT_METHOD_NEWTON_SOFT;
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)TOL_REL;
            CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
            /* (float: sliding stalls at its rounding floor, as in test_iteration_bound) */
            CHECKF(info.status == CT_STATUS_CONVERGED ||
                   (sizeof(ct_real) == 4 && kind == 2 && info.status == CT_STATUS_STALLED &&
                    info.model.relative <= 10 * TOL_REL),
                   "seed %d kind %d: %s (relative %g)", seed, kind, ct_status_string(info.status),
                   (double)info.model.relative);
            if (kind < 2) {
                for (k = 0; k < o.p.nc; ++k) { /* every contact stuck at the answer, as at the start */
                    const ct_real *lk = l + c0 + 3 * k;
                    CHECKF(lk[2] > 0 && sqrt((double)(lk[0] * lk[0] + lk[1] * lk[1])) < 1e3 * lk[2],
                           "seed %d kind %d contact %d not stuck", seed, kind, k);
                }
                /* the first step alone (later ones, at the rounding floor, may search noise) */
                s.max_iter = 1;
                memset(l, 0, (size_t)o.n * sizeof(ct_real));
                CHECK_EQ_INT(solve_with(&o.p, &s, l, v, &info), CT_OK);
                CHECKF(info.iterations == 1 && info.newton_iterations == 1 && info.line_search_steps == 0,
                       "seed %d kind %d: %d trial points beyond the first", seed, kind, info.line_search_steps);
            }
            free(l); free(v);
            op_free(&o);
        }
    printf("  quadratic pieces: one line-search evaluation per step\n");
}

/* ---- 10. the start scored from the solver's first evaluation of the law -------------------- */
/* every field the same (the one criteria function, the same bits) */
static int same_residuals(const ct_residuals *a, const ct_residuals *b) {
    return a->primal == b->primal && a->primal_row == b->primal_row && a->dual == b->dual &&
           a->dual_row == b->dual_row && a->comp == b->comp && a->comp_row == b->comp_row &&
           a->natmap == b->natmap && a->natmap_row == b->natmap_row && a->signorini == b->signorini &&
           a->signorini_row == b->signorini_row && a->absolute == b->absolute &&
           a->absolute_row == b->absolute_row && a->relative == b->relative;
}
/* NEWTON_SOFT scores a zero start from its own first evaluation of the law (ct_solve does not
   score it first): a start that meets the tolerance returns at once, with no factorization of
   G + R or of the Newton matrix, and with the residuals ct_criteria gives that start; one that
   misses it by 1 % is iterated. Rows and contacts, G given and M and J alone. */
static void test_start_score(void) {
    const int nv = 8, nb = 1, nu = 1, nc = 3, n = nb + nu + 3 * nc;
    int t, form, open;
    th_seed(9200);
    for (t = 0; t < 4; ++t)
        for (open = 0; open < 2; ++open)
            for (form = 0; form < 2; ++form) {
                ct_real M[64], J[8 * 11], G[11 * 11], vstar[8], g[11], R[11], mu[3], phi0[3], kk[3], dd[3];
                ct_real l[11], v[11], z[11];
                ct_soft sf;
                ct_problem p;
                ct_settings s = ct_default_settings();
                ct_residuals c;
                ct_info info;
                int i, k;
                th_seed(9200 + (unsigned)t); /* the same system for both forms */
                gen_system(nv, n, M, J, vstar, G, g);
                for (i = 0; i < nc; ++i) gen_contact(i, mu, phi0, kk, dd);
                for (i = 0; i < n; ++i) R[i] = (ct_real)th_range(1e-3, 1e-2);
                for (i = 0; i < nc; ++i) R[nb + nu + 3 * i + 1] = R[nb + nu + 3 * i];
                if (open) { /* v = g leaves every row and contact without force */
                    g[0] = 0;
                    g[1] = (ct_real)0.5;
                    for (i = 0; i < nc; ++i) {
                        g[nb + nu + 3 * i] = g[nb + nu + 3 * i + 1] = 0;
                        g[nb + nu + 3 * i + 2] = (ct_real)th_range(0.1, 1);
                    }
                }
                memset(&sf, 0, sizeof(sf));
                memset(&p, 0, sizeof(p));
                memset(z, 0, sizeof(z));
                sf.model = CT_SOFT_CCP; /* the data of the other models, unread */
                sf.dt = (ct_real)0.01; sf.phi0 = phi0; sf.k = kk; sf.d = dd; sf.v_s = (ct_real)1e-3;
                p.nb = nb; p.nu = nu; p.nc = nc; p.g = g; p.mu = mu; p.R = R; p.soft = &sf;
                if (form == 0) {
                    p.G = G;
                } else {
                    sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
                }
                CHECK_EQ_INT(ct_criteria(&p, z, g, CT_FLAVOR_SOFT, &c), CT_OK);
                CHECKF(open == (c.relative == 0), "t %d form %d: the start's residual %g", t, form, (double)c.relative);
                s.method = CT_METHOD_NEWTON_SOFT;
                s.stop = CT_STOP_RELATIVE;
                for (k = 0; k < 2; ++k) { /* tolerance 1 % above the start's residual, then below */
                    if (open && k == 1) break;
                    s.tol_rel = open ? (ct_real)TOL_REL : c.relative * (ct_real)(k == 0 ? 1.01 : 0.99);
                    s.max_iter = 1;
                    memset(l, 0, sizeof(l));
                    CHECK_EQ_INT(solve_with(&p, &s, l, v, &info), CT_OK);
                    if (k == 0) {
                        CHECKF(info.status == CT_STATUS_CONVERGED && info.iterations == 0 &&
                                   info.factorizations == form && same_residuals(&info.model, &c) &&
                                   memcmp(l, z, sizeof(z)) == 0 && memcmp(v, g, sizeof(ct_real) * (size_t)n) == 0,
                               "t %d open %d form %d: %s after %d iterations, %d factorizations, relative %g "
                               "against the start's %g", t, open, form, ct_status_string(info.status),
                               info.iterations, info.factorizations, (double)info.model.relative,
                               (double)c.relative);
                    } else {
                        CHECKF(info.iterations == 1 && info.factorizations == 2, /* G's or M's, N's */
                               "t %d form %d: %d iterations, %d factorizations", t, form, info.iterations,
                               info.factorizations);
                    }
                }
            }
    printf("  a zero start: scored from the first evaluation of the law, as ct_criteria scores it\n");
}

/* ---- 11. J's pattern: each row its own columns --------------------------------------------- */
/* M and J alone skip the columns of J that are zero in all of a row group's rows (a contact's
   three rows, a joint's one): here every row has its own random columns (a normal row reaching
   dofs its tangent rows do not, zeros of either sign), and the answers must be those of G
   given, G = J M^-1 J^T formed apart. */
static void test_pattern_rows(void) {
    const int nv = 12, nb = 1, nu = 1, nc = 3, n = nb + nu + 3 * nc;
    int t, i, j;
    th_seed(9300);
    for (t = 0; t < 6; ++t) {
        ct_real M[144], J[11 * 12], G[121], vstar[12], g[11], R[11], mu[3], phi0[3], kk[3], dd[3];
        ct_real l1[11], v1[11], l2[11], v2[11];
        ct_real *sc = (ct_real *)malloc(ct_delassus_scratch_size(nv, n) * sizeof(ct_real));
        ct_soft sf;
        ct_problem p;
        ct_settings s = ct_default_settings();
        ct_info i1, i2;
        double dl = 0, lmax = 0;
        gen_system(nv, n, M, J, vstar, G, g);
        for (i = 0; i < n; ++i) {
            for (j = 0; j < nv; ++j)
                if (th_range(0, 1) > 0.3) J[i * nv + j] = (ct_real)(th_range(0, 1) < 0.5 ? 0.0 : -0.0);
            J[i * nv + (5 * i + t) % nv] = (ct_real)th_range(0.5, 1.5); /* one column at least */
        }
        CHECK_EQ_INT(ct_delassus_from_mj(nv, n, M, J, vstar, G, g, sc), CT_OK);
        for (i = 0; i < n; ++i)
            for (j = 0; j < i; ++j) G[i * n + j] = G[j * n + i];
        for (i = 0; i < nc; ++i) {
            gen_contact(i, mu, phi0, kk, dd);
            g[nb + nu + 3 * i + 2] -= (ct_real)0.5; /* approaching: forces */
        }
        g[0] -= (ct_real)0.3;
        g[1] -= (ct_real)0.3;
        for (i = 0; i < n; ++i) R[i] = (ct_real)th_range(1e-3, 1e-2);
        for (i = 0; i < nc; ++i) R[nb + nu + 3 * i + 1] = R[nb + nu + 3 * i];
        memset(&sf, 0, sizeof(sf));
        memset(&p, 0, sizeof(p));
        sf.model = CT_SOFT_CCP;
        p.nb = nb; p.nu = nu; p.nc = nc; p.g = g; p.mu = mu; p.R = R; p.soft = &sf;
        s.method = CT_METHOD_NEWTON_SOFT;
        s.stop = CT_STOP_RELATIVE;
        s.tol_rel = (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : 1e-11);
        memset(l1, 0, sizeof(l1));
        memset(l2, 0, sizeof(l2));
        p.G = G;
        CHECK_EQ_INT(solve_with(&p, &s, l1, v1, &i1), CT_OK);
        p.G = NULL;
        sf.nv = nv; sf.M = M; sf.J = J; sf.vstar = vstar;
        CHECK_EQ_INT(solve_with(&p, &s, l2, v2, &i2), CT_OK);
        for (i = 0; i < n; ++i) {
            dl = fmax(dl, fabs((double)l1[i] - l2[i]));
            lmax = fmax(lmax, fabs((double)l1[i]));
        }
        /* (float: the CCP stalls at its rounding floor, as in test_generalized_alone) */
        CHECKF((sizeof(ct_real) == 4 || (i1.status == CT_STATUS_CONVERGED && i2.status == CT_STATUS_CONVERGED)) &&
                   lmax > 0 && dl <= (sizeof(ct_real) == 4 ? 1e-3 : 1e-8) * lmax,
               "t %d: G given %s, M and J alone %s, answers differ by %g of %g", t,
               ct_status_string(i1.status), ct_status_string(i2.status), dl, lmax);
        free(sc);
    }
    printf("  J's pattern with each row's own columns: the answers of G given\n");
}

int main(void) {
    test_kernels();
    test_ccp_against_admm();
    test_generalized();
    test_generalized_alone();
    test_generalized_incremental();
    test_generalized_structured();
    test_closed_forms();
    test_singular();
    test_errors();
    test_derivatives();
    test_derivatives_large();
    test_derivative_singular();
    test_notes_values();
    test_point_mass();
    test_iteration_bound();
    test_line_search_quadratic();
    test_start_score();
    test_pattern_rows();
    return th_summary();
}
