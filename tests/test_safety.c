/* test_safety.c - numerical safety (issue "hardening", item 2): for finite inputs no output
   is ever NaN or infinite, and the status says when the answer is poor. Every method on:
   entries of G and g scaled from 1e-12 to 1e12 (1e-6 to 1e6 in float, whose range is smaller),
   mass ratios up to 1e9 (a 1e6 kg box on a 1e-3 kg box), frictionless contacts (mu = 0), a
   contact with a zero diagonal block (its point is locked: G_ii = 0), a contact locked by a
   joint (its normal row repeats the joint's, so its 3x3 block is singular with the joint's).
   Checked: ct_solve returns CT_OK (or CT_ERROR_OUT_OF_RANGE / CT_ERROR_INVALID_SOFT where the
   inputs call for it), lambda, v and every residual are finite, the status is one of the four
   outcomes, and CONVERGED only when the returned point meets the tolerance. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

static int cases = 0, converged = 0;

static void check_all_methods(const ct_problem *p0, const char *what) {
    const int n = p0->nb + p0->nu + 3 * p0->nc;
    ct_real *l = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real)), *v = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
    ct_real *R = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
    int m, i;
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        ct_problem p = *p0;
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        ct_result r;
        s.method = (ct_method)m;
        s.max_iter = 300;
        if (m == CT_METHOD_NEWTON_SOFT) { /* the regularized CCP needs R > 0: 1e-3 of the diagonal */
            double dmax = 0;
            for (i = 0; i < n; ++i) dmax = fmax(dmax, fabs((double)p.G[i * n + i]));
            for (i = 0; i < n; ++i) R[i] = (ct_real)(1e-3 * (fabs((double)p.G[i * n + i]) + 1e-6 * dmax) + 1e-30);
            for (i = p.nb + p.nu; i < n; i += 3) R[i] = R[i + 1] = R[i + 2] = (R[i] > R[i + 1] ? R[i] : R[i + 1]) > R[i + 2] ? (R[i] > R[i + 1] ? R[i] : R[i + 1]) : R[i + 2];
            p.R = R;
        }
        for (i = 0; i < n; ++i) l[i] = 0;
        if (!CHECK_EQ_INT(ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL), CT_OK)) continue;
        r = ct_solve(&p, &s, &ws, l, v, &info);
        ct_workspace_free(&ws);
        ++cases;
        if (r == CT_ERROR_OUT_OF_RANGE || (r == CT_ERROR_INVALID_SOFT && m == CT_METHOD_NEWTON_SOFT)) continue;
        CHECKF(r == CT_OK, "%s %s: %s", what, ct_method_string(s.method), ct_result_string(r));
        if (r != CT_OK) continue;
        for (i = 0; i < n; ++i)
            if (!CHECKF(isfinite((double)l[i]) && isfinite((double)v[i]), "%s %s: row %d lambda %g v %g", what,
                        ct_method_string(s.method), i, (double)l[i], (double)v[i]))
                break;
        CHECKF(isfinite((double)info.model.absolute) && isfinite((double)info.model.relative) &&
                   isfinite((double)info.ncp.absolute) && isfinite((double)info.ncp.relative) &&
                   isfinite((double)info.ncp.natmap) && isfinite((double)info.ncp.comp),
               "%s %s: a residual is not finite", what, ct_method_string(s.method));
        CHECK(info.status == CT_STATUS_CONVERGED || info.status == CT_STATUS_MAX_ITERATIONS ||
              info.status == CT_STATUS_STALLED || info.status == CT_STATUS_NUMERICAL_FAILURE);
        if (info.status == CT_STATUS_CONVERGED) {
            ++converged;
            CHECKF(info.model.absolute <= s.tol_abs, "%s %s: CONVERGED with residual %g", what,
                   ct_method_string(s.method), (double)info.model.absolute);
        }
    }
    free(l); free(v); free(R);
}

static void test_scales(void) {
    static const double big[2] = {1e12, 1e6}, small[2] = {1e-12, 1e-6};
    const int fl = sizeof(ct_real) == 4;
    double gs[3], vs[3];
    int a, b, seed;
    gs[0] = small[fl]; gs[1] = 1; gs[2] = big[fl];
    vs[0] = small[fl]; vs[1] = 1; vs[2] = big[fl];
    for (seed = 0; seed < 2; ++seed)
        for (a = 0; a < 3; ++a)
            for (b = 0; b < 3; ++b) {
                owned_problem o;
                char what[64];
                int i;
                th_seed(3000 + (unsigned)seed);
                random_problem(&o, seed, 1, 3, 12, 0, 0.9, 0);
                for (i = 0; i < o.n * o.n; ++i) o.G[i] = (ct_real)(o.G[i] * gs[a]);
                for (i = 0; i < o.n; ++i) o.g[i] = (ct_real)(o.g[i] * vs[b]);
                o.mu[0] = 0; /* a frictionless contact */
                snprintf(what, sizeof(what), "G x %g, g x %g, seed %d", gs[a], vs[b], seed);
                check_all_methods(&o.p, what);
                op_free(&o);
            }
}

static void test_mass_ratio(void) {
    ct_real G[BOX_N * BOX_N], g[BOX_N], mu[BOX_NC];
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    box_stack(G, g, mu, 1e-3, 1e6); /* ratio 1e9 */
    memset(&p, 0, sizeof(p));
    p.nc = BOX_NC; p.G = G; p.g = g; p.mu = mu;
    check_all_methods(&p, "mass ratio 1e9");
}

/* a zero diagonal block, and a contact whose normal repeats a joint row */
static void test_locked(void) {
    owned_problem o;
    int n, i, c0;
    th_seed(4000);
    random_problem(&o, 1, 0, 3, 12, 0.3, 0.6, 0);
    n = o.n;
    c0 = 1;
    /* contact 0 locked: zero its rows and columns (G_ii = 0, the point cannot move) */
    for (i = 0; i < n; ++i) {
        int k;
        for (k = 0; k < 3; ++k) o.G[(c0 + k) * n + i] = o.G[i * n + c0 + k] = 0;
    }
    o.g[c0 + 2] = -1; /* pressed: no impulse can make it separate */
    check_all_methods(&o.p, "zero diagonal block");
    op_free(&o);
    th_seed(4001);
    random_problem(&o, 1, 0, 3, 12, 0.3, 0.6, 0);
    n = o.n;
    /* contact 1's normal row repeats the joint row 0: G is singular across the two */
    for (i = 0; i < n; ++i) {
        o.G[(c0 + 5) * n + i] = o.G[0 * n + i];
        o.G[i * n + c0 + 5] = o.G[i * n + 0];
    }
    o.G[(c0 + 5) * n + c0 + 5] = o.G[0];
    o.g[c0 + 5] = o.g[0];
    check_all_methods(&o.p, "contact locked by a joint");
    op_free(&o);
}

int main(void) {
    test_scales();
    test_mass_ratio();
    test_locked();
    printf("  %d solves, %d converged within 300 iterations; all outputs finite\n", cases, converged);
    return th_summary();
}
