/* tests/fuzz/findings/repro.c - minimal reproducers of the fuzzing findings (see README.md
   in this folder). Not part of make test: every case here fails on contact.h 53edd8a.
       cc -I. tests/fuzz/findings/repro.c -o repro -lm && ./repro      (add -DCONTACT_USE_FLOAT)
   Each case prints the result, status and residuals and "VIOLATION" when ct_solve returns
   CT_OK with a non-finite output or residual, or CONVERGED with a residual above tolerance. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"

#include <stdio.h>
#include <string.h>

static int fin(ct_real x) { return (x - x) == 0; }

static void problem(ct_problem *p, int nb, int nu, int nc, const ct_real *G, const ct_real *g,
                    const ct_real *mu, const ct_real *R) {
    memset(p, 0, sizeof(*p));
    p->nb = nb;
    p->nu = nu;
    p->nc = nc;
    p->G = G;
    p->g = g;
    p->mu = mu;
    p->R = R;
}

static int report(const char *name, const ct_problem *p, ct_settings s, ct_real *lambda) {
    int n = p->nb + p->nu + 3 * p->nc, i, bad = 0;
    ct_workspace ws;
    ct_info info;
    ct_real v[16];
    ct_result r;
    const ct_residuals *q = &info.ncp;
    if (ct_workspace_alloc(&ws, p->nb, p->nu, p->nc, &s, NULL) != CT_OK) return 1;
    r = ct_solve(p, &s, &ws, lambda, v, &info);
    ct_workspace_free(&ws);
    if (r == CT_OK) {
        for (i = 0; i < n; ++i) bad |= !fin(lambda[i]) || !fin(v[i]);
        bad |= !fin(q->primal) || !fin(q->dual) || !fin(q->comp) || !fin(q->natmap) ||
               !fin(q->signorini) || !fin(q->absolute) || !fin(q->relative);
        bad |= !fin(info.model.absolute) || !fin(info.model.relative);
        if (info.status == CT_STATUS_CONVERGED)
            bad |= s.stop == CT_STOP_RELATIVE ? !(info.model.relative <= s.tol_rel) || !fin(info.model.absolute)
                                              : !(info.model.absolute <= s.tol_abs);
    }
    printf("%-44s %-6s %-18.18s it %4d |lambda_0| %.3g abs %.3g rel %.3g%s\n", name,
           r == CT_OK ? "CT_OK" : ct_result_string(r), r == CT_OK ? ct_status_string(info.status) : "-",
           info.iterations, (double)(lambda[0] < 0 ? -lambda[0] : lambda[0]), (double)q->absolute,
           (double)q->relative, bad ? "  VIOLATION" : "");
    return bad;
}

int main(void) {
    int bad = 0, m;
#ifdef CONTACT_USE_FLOAT
    const ct_real big = (ct_real)1e37, huge_g = (ct_real)1e37; /* float overflows at 3.4e38 */
#else
    const ct_real big = (ct_real)1e297, huge_g = (ct_real)1e300;
#endif
    /* FA: v = G lambda + g overflows for a finite G and a finite warm start (here a joint row,
       G = 1e300, R = 0, lambda = -2e12): CT_OK with v = -inf and infinite/NaN residuals.
       Fuzz input: min/30e29fe5 (PGS_LCP); every method shows it. */
    {
        ct_real G[1], g[1] = {(ct_real)-2e-6}, R[1] = {0};
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        problem(&p, 1, 0, 0, G, g, NULL, R);
        G[0] = huge_g;
        for (m = 0; m <= (int)CT_METHOD_ADMM_CCP; ++m) {
            ct_settings s = ct_default_settings();
            ct_real lambda[1] = {(ct_real)-2e12};
            char name[64];
            s.method = (ct_method)m;
            snprintf(name, sizeof(name), "FA overflow of v, %s", ct_method_string(s.method));
            bad += report(name, &p, s, lambda);
        }
    }
    /* FB: a finite point whose norm overflows: ||v||_2 = inf makes the relative residual
       ||F|| / max(||g||, ||lambda||, ||v||) read 0, so with stop = CT_STOP_RELATIVE the start is
       CONVERGED at iteration 0 although the absolute residual is huge or infinite.
       One contact, G = diag(big, 1, 1), g = (0, 0, -1), lambda = (-1e-3, 0, 1), mu = 0.5.
       Fuzz input: long/artifacts/double-crash-81b92cd0 (ADMM_NCP). */
    {
        ct_real G[9] = {0, 0, 0, 0, 1, 0, 0, 0, 1};
        static const ct_real g[3] = {0, 0, -1};
        static const ct_real mu[1] = {(ct_real)0.5};
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        problem(&p, 0, 0, 1, G, g, mu, NULL);
        G[0] = big;
        for (m = 0; m <= (int)CT_METHOD_ADMM_CCP; ++m) {
            ct_settings s = ct_default_settings();
            ct_real lambda[3] = {(ct_real)-1e-3, 0, 1};
            char name[64];
            s.method = (ct_method)m;
            s.stop = CT_STOP_RELATIVE;
            snprintf(name, sizeof(name), "FB relative stop, ||v|| overflows, %s", ct_method_string(s.method));
            bad += report(name, &p, s, lambda);
        }
    }
    /* FC: a symmetric indefinite G with a non-negative diagonal passes ct_problem_validate
       (only the diagonal is checked); the sweep methods diverge. RAISIM ends with
       NUMERICAL_FAILURE but returns lambda ~ 6.6e291 (far past CT_HUGE = 1e150) and v ~ 4e301,
       so the relative residual is NaN (inf / inf). nb = 3, nu = 2, G = 6.4e9 everywhere but
       G_00 = 0.5, g = -2e-12. Fuzz input: min/364aee1c. */
    {
        ct_real G[25];
        ct_real g[5];
        int i;
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        problem(&p, 3, 2, 0, G, g, NULL, NULL);
        for (i = 0; i < 25; ++i) G[i] = (ct_real)6.4e9;
        G[0] = (ct_real)0.5;
        for (i = 0; i < 5; ++i) g[i] = (ct_real)-2e-12;
        for (m = 0; m <= (int)CT_METHOD_ADMM_CCP; ++m) {
            ct_settings s = ct_default_settings();
            ct_real lambda[5] = {0, 0, 0, 0, 0};
            char name[64];
            s.method = (ct_method)m;
            s.max_iter = 50;
            snprintf(name, sizeof(name), "FC indefinite G diverges, %s", ct_method_string(s.method));
            bad += report(name, &p, s, lambda);
        }
    }
    /* FD: a PSD G (J M^-1 J^T scaled by 1e9, rank-deficient: rows 0 and 3 are equal, so a
       joint row and a frictionless contact's t1 row coincide) with g outside its range:
       infeasible. ADMM_NCP diverges for 50 iterations and returns NUMERICAL_FAILURE with
       lambda ~ 4.7e147 and v ~ 2.5e158 (past CT_HUGE): comp = 3e303, relative NaN.
       Fuzz input: FD_admm_ncp_psd_1e9_infeasible.bin (its settings below: a large spectral
       step rho_power_step 0.79 and update_every 2 let rho run away to 6.7e12). */
    {
        static const double Gd[36] = {
            53714500982.367516, 49461582769.282417, 41479094875.087654, 53714500982.367516, 45273363672.309418, 33520713848.445312,
            49461582769.282417, 48251472738.628006, 37453908914.850304, 49461582769.282417, 44088681000.826935, 29267795635.360218,
            41479094875.087654, 37453908914.850304, 42869253159.694664, 41479094875.087654, 33037957565.029552, 29563989222.052402,
            53714500982.367516, 49461582769.282417, 41479094875.087654, 53714500982.367516, 45273363672.309418, 33520713848.445312,
            45273363672.309418, 44088681000.826935, 33037957565.029552, 45273363672.309418, 43277838639.75016, 25079576538.387207,
            33520713848.445312, 29267795635.360218, 29563989222.052402, 33520713848.445312, 25079576538.387207, 39045278185.708656};
        ct_real G[36], g[6], mu[1] = {0};
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        int i;
        ct_settings s = ct_default_settings();
        ct_real lambda[6] = {0, 0, 0, 0, 0, 0};
        for (i = 0; i < 36; ++i) G[i] = (ct_real)Gd[i];
        for (i = 0; i < 6; ++i) g[i] = (ct_real)-2e-4;
        problem(&p, 2, 1, 1, G, g, mu, NULL);
        s.method = CT_METHOD_ADMM_NCP;
        s.max_iter = 50;
        s.admm.eta = (ct_real)1e-9;
        s.admm.over_relax = (ct_real)0.596471;
        s.tol_rel = (ct_real)0.1;
        s.tol_change = (ct_real)1e-11;
        s.sym_tol = (ct_real)1e-9;
        s.admm.rho_power = (ct_real)0.5703125;
        s.admm.rho_power_step = (ct_real)0.78823529411764703;
        s.admm.ratio = (ct_real)26.625;
        s.admm.update_every = 2;
        s.admm.power_iters = 36;
        bad += report("FD infeasible PSD 1e9, ADMM_NCP", &p, s, lambda);
    }
    printf("%d violations\n", bad);
    return bad != 0;
}
