/* test_cones.c - the cone projections of contact.h.

   K_mu = {||x_T|| <= mu x_n} (so x_n >= 0), K_mu* = K_1/mu = {mu ||x_T|| <= x_n}, polar = -K*.
   Projections are checked through Moreau's theorem: if x = p + q with p in C, q in the polar
   of C and <p, q> = 0, then p = P_C(x) and q = P_polar(x). The membership tests below use
   exact distance formulas computed in double, independent of contact.h. */
#include "contact.h"
#include "harness.h"

typedef void (*proj3_fn)(ct_real, const ct_real *, ct_real *);

#ifdef CONTACT_USE_FLOAT
#define HUGE_SCALE 1e18 /* squares stay below FLT_MAX */
#define BRUTE_TOL 1e-3
#define TINY_SCALE 1e-18
#else
#define HUGE_SCALE 1e150
#define BRUTE_TOL 1e-6
#define TINY_SCALE 1e-150
#endif

static const double MUS[] = {0.0, 1e-6, 0.1, 0.3, 0.5, 1.0, 2.0, 10.0, 1e6};
#define NMUS ((int)(sizeof(MUS) / sizeof(MUS[0])))

/* round a double 3-vector to ct_real and back (so references see the exact inputs). The
   rounding goes through a volatile: GCC 12.2 at -O2 (Debian bookworm) vectorizes the round
   trip of x[0], x[1] into a plain copy, in float, once the callees are not inlined (the
   implementation is in another translation unit), and the exact checks fail on the inputs. */
static void to_real3(const double x[3], ct_real r[3], double xd[3]) {
    int i;
    for (i = 0; i < 3; ++i) {
        volatile ct_real t = (ct_real)x[i];
        r[i] = t;
        xd[i] = (double)t;
    }
}
static void call3(proj3_fn f, double mu, const double x[3], double out[3]) {
    ct_real xr[3], o[3];
    int i;
    for (i = 0; i < 3; ++i) xr[i] = (ct_real)x[i];
    f((ct_real)mu, xr, o);
    for (i = 0; i < 3; ++i) out[i] = (double)o[i];
}
static double tnorm(const double y[3]) { return sqrt(y[0] * y[0] + y[1] * y[1]); }
static double dist3(const double a[3], const double b[3]) {
    double d[3];
    d[0] = a[0] - b[0]; d[1] = a[1] - b[1]; d[2] = a[2] - b[2];
    return th_norm3(d);
}

/* Euclidean distance of y to K_mu = {||y_T|| <= mu y_n, y_n >= 0}. */
static double dist_K(double mu, const double y[3]) {
    double t = tnorm(y), n = y[2];
    if (n >= 0 && t <= mu * n) return 0;
    if (mu * t <= -n) return th_norm3(y); /* polar region: nearest point is the apex */
    return (t - mu * n) / sqrt(1 + mu * mu);
}
/* distance of y to K_mu* = {mu ||y_T|| <= y_n} (mu = 0: the half-space y_n >= 0) */
static double dist_Kdual(double mu, const double y[3]) {
    double t = tnorm(y), n = y[2];
    if (mu * t <= n) return 0;
    if (t <= -mu * n) return th_norm3(y); /* in -K_mu, the polar of K*: nearest is the apex */
    return (mu * t - n) / sqrt(1 + mu * mu);
}
/* distance of y to the polar of K_mu, -K_mu* */
static double dist_Kpolar(double mu, const double y[3]) {
    double m[3];
    m[0] = -y[0]; m[1] = -y[1]; m[2] = -y[2];
    return dist_Kdual(mu, m);
}
/* distance of y to -K_mu, the polar of K_mu* */
static double dist_minusK(double mu, const double y[3]) {
    double m[3];
    m[0] = -y[0]; m[1] = -y[1]; m[2] = -y[2];
    return dist_K(mu, m);
}

/* random test point: a mix of generic points, near-boundary points, polar-region points */
static void random_point(double mu, double x[3]) {
    double scale = pow(10.0, th_range(-2, 2));
    int kind = (int)(th_uniform() * 5);
    double phi = th_range(0, 6.283185307179586);
    if (kind <= 1) {
        x[0] = th_normal(); x[1] = th_normal(); x[2] = th_normal();
    } else if (kind == 2) { /* near the boundary of K_mu */
        double n = th_range(0.1, 1), t = mu * n * (1 + 1e-3 * th_normal());
        x[0] = t * cos(phi); x[1] = t * sin(phi); x[2] = n;
    } else if (kind == 3) { /* near the boundary of the polar cone (t = -n / mu) */
        double n = -th_range(0.1, 1), t = mu > 0 ? -n / mu * (1 + 1e-3 * th_normal()) : 1;
        x[0] = t * cos(phi); x[1] = t * sin(phi); x[2] = n;
    } else { /* one tangential axis only */
        x[0] = th_normal(); x[1] = 0; x[2] = th_normal();
    }
    x[0] *= scale; x[1] *= scale; x[2] *= scale;
}

/* Moreau checks of the K_mu projection, the polar projection and the dual projection at x.
   Returns the number of failed checks (for the summary of the random loops). */
static int check_moreau_point(double mu, const double xin[3], int verbose_line) {
    ct_real xr[3];
    double x[3], p[3], q[3], d[3], e[3], pp[3], qq[3], dd[3], negx[3], pk[3], s, r[3];
    int bad = 0;
    to_real3(xin, xr, x);
    s = th_norm3(x);
    call3(ct_project_cone, mu, x, p);
    call3(ct_project_polar_cone, mu, x, q);
    call3(ct_project_dual_cone, mu, x, d);
    if (s == 0) {
        bad += !CHECK(th_norm3(p) == 0 && th_norm3(q) == 0 && th_norm3(d) == 0);
        return bad;
    }
    /* normalize for the tests (values down to 1e-150 and up to 1e150) */
    {
        int i;
        for (i = 0; i < 3; ++i) {
            x[i] /= s; p[i] /= s; q[i] /= s; d[i] /= s;
            e[i] = x[i] - d[i];
            r[i] = x[i] - p[i] - q[i];
        }
    }
    /* K_mu: x = P(x) + P_polar(x), P in K, Q in polar, orthogonal */
    bad += !CHECKF(dist_K(mu, p) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) P=(%g,%g,%g) dist %g (line %d)",
                   mu, xin[0], xin[1], xin[2], p[0], p[1], p[2], dist_K(mu, p), verbose_line);
    bad += !CHECKF(dist_Kpolar(mu, q) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) Q=(%g,%g,%g) dist %g", mu,
                   xin[0], xin[1], xin[2], q[0], q[1], q[2], dist_Kpolar(mu, q));
    bad += !CHECKF(th_norm3(r) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) ||x-P-Q|| = %g", mu, xin[0],
                   xin[1], xin[2], th_norm3(r));
    bad += !CHECKF(fabs(th_dot3(p, q)) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) <P,Q> = %g", mu, xin[0],
                   xin[1], xin[2], th_dot3(p, q));
    /* dual: x = P_K*(x) + P_{-K}(x) */
    bad += !CHECKF(dist_Kdual(mu, d) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) D=(%g,%g,%g) dist %g", mu,
                   xin[0], xin[1], xin[2], d[0], d[1], d[2], dist_Kdual(mu, d));
    bad += !CHECKF(dist_minusK(mu, e) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) x-D dist to -K %g", mu,
                   xin[0], xin[1], xin[2], dist_minusK(mu, e));
    bad += !CHECKF(fabs(th_dot3(d, e)) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) <D,x-D> = %g", mu, xin[0],
                   xin[1], xin[2], th_dot3(d, e));
    /* the two functions agree: P_K*(x) = x + P_K(-x) */
    negx[0] = -xin[0]; negx[1] = -xin[1]; negx[2] = -xin[2];
    call3(ct_project_cone, mu, negx, pk);
    {
        double c[3];
        c[0] = x[0] + pk[0] / s; c[1] = x[1] + pk[1] / s; c[2] = x[2] + pk[2] / s;
        bad += !CHECKF(dist3(c, d) <= TOL_PROJ, "mu=%g x=(%g,%g,%g) P_K*(x) != x + P_K(-x)", mu,
                       xin[0], xin[1], xin[2]);
    }
    /* idempotence (on the unnormalized outputs) */
    {
        double P[3], Q[3], D[3];
        int i;
        for (i = 0; i < 3; ++i) { P[i] = p[i] * s; Q[i] = q[i] * s; D[i] = d[i] * s; }
        call3(ct_project_cone, mu, P, pp);
        call3(ct_project_polar_cone, mu, Q, qq);
        call3(ct_project_dual_cone, mu, D, dd);
        for (i = 0; i < 3; ++i) { pp[i] /= s; qq[i] /= s; dd[i] /= s; }
        bad += !CHECKF(dist3(pp, p) <= TOL_PROJ && dist3(qq, q) <= TOL_PROJ &&
                           dist3(dd, d) <= TOL_PROJ,
                       "mu=%g x=(%g,%g,%g) not idempotent: %g %g %g", mu, xin[0], xin[1], xin[2],
                       dist3(pp, p), dist3(qq, q), dist3(dd, d));
    }
    return bad;
}

static void test_cone_random(void) {
    int m, k, fails = 0, total = 0;
    th_seed(1);
    for (m = 0; m < NMUS; ++m)
        for (k = 0; k < 2000; ++k) {
            double x[3];
            random_point(MUS[m], x);
            fails += check_moreau_point(MUS[m], x, __LINE__) ? 1 : 0;
            ++total;
        }
    CHECKF(fails == 0, "%d of %d random points failed", fails, total);
}

static void test_cone_edges(void) {
    static const double pts[][3] = {
        {0, 0, 0},  {0, 0, 1},   {0, 0, -1},  {1, 0, 0},   {0, -1, 0},   {3, 4, 5},
        {3, 4, -5}, {-3, 4, 1},  {1, 1, 1e-3}, {1e-3, 0, 1}, {0.3, -0.4, 1}, {-1, -1, -1},
        {2, 0, 1},  {0, 2, -1}};
    static const double scales[] = {1.0, HUGE_SCALE, TINY_SCALE};
    int m, i, s;
    for (s = 0; s < 3; ++s)
        for (m = 0; m < NMUS; ++m)
            for (i = 0; i < (int)(sizeof(pts) / sizeof(pts[0])); ++i) {
                double x[3], p[3], d[3];
                int j;
                ct_real xr[3];
                for (j = 0; j < 3; ++j) x[j] = pts[i][j] * scales[s];
                to_real3(x, xr, x);
                check_moreau_point(MUS[m], x, __LINE__);
                call3(ct_project_cone, MUS[m], x, p);
                call3(ct_project_dual_cone, MUS[m], x, d);
                CHECKF(isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]) && isfinite(d[0]) &&
                           isfinite(d[1]) && isfinite(d[2]),
                       "non-finite projection of (%g,%g,%g), mu=%g", x[0], x[1], x[2], MUS[m]);
                /* x_T = 0: P = (0, 0, max(0, x_n)) for every mu, and P_K* likewise */
                if (x[0] == 0 && x[1] == 0) {
                    double want = x[2] > 0 ? x[2] : 0;
                    CHECKF(p[0] == 0 && p[1] == 0 && p[2] == want, "x_T = 0, mu=%g, x_n=%g", MUS[m],
                           x[2]);
                    CHECKF(d[0] == 0 && d[1] == 0 && d[2] == want, "dual, x_T = 0, mu=%g, x_n=%g",
                           MUS[m], x[2]);
                }
            }
}

/* mu = 0: K_0 is the ray x_T = 0, x_n >= 0 and K_0* the half-space x_n >= 0 (exact) */
static void test_cone_mu0(void) {
    int k, bad = 0;
    th_seed(2);
    for (k = 0; k < 1000; ++k) {
        double x[3], p[3], d[3], q[3];
        ct_real xr[3];
        double xd[3];
        x[0] = th_normal(); x[1] = th_normal(); x[2] = th_normal();
        to_real3(x, xr, xd);
        call3(ct_project_cone, 0, xd, p);
        call3(ct_project_dual_cone, 0, xd, d);
        call3(ct_project_polar_cone, 0, xd, q);
        bad += !(p[0] == 0 && p[1] == 0 && p[2] == (xd[2] > 0 ? xd[2] : 0));
        bad += !(d[0] == xd[0] && d[1] == xd[1] && d[2] == (xd[2] > 0 ? xd[2] : 0));
        /* polar of the ray: half-space x_n <= 0 */
        bad += !(q[0] == xd[0] && q[1] == xd[1] && q[2] == (xd[2] < 0 ? xd[2] : 0));
    }
    CHECKF(bad == 0, "%d exact mu = 0 projections wrong", bad);
}

/* out may alias x */
static void test_aliasing(void) {
    static const proj3_fn fns[] = {ct_project_cone, ct_project_dual_cone, ct_project_polar_cone,
                                   ct_project_pyramid, ct_clamp_box_tangent, ct_desaxce};
    int f, k, bad = 0;
    th_seed(3);
    for (f = 0; f < 6; ++f)
        for (k = 0; k < 200; ++k) {
            ct_real x[3], a[3], o[3], mu = (ct_real)th_range(0, 2);
            int i;
            for (i = 0; i < 3; ++i) x[i] = a[i] = (ct_real)th_normal();
            fns[f](mu, x, o);
            fns[f](mu, a, a);
            bad += memcmp(o, a, sizeof(o)) != 0;
        }
    CHECKF(bad == 0, "%d aliased calls differ from non-aliased ones", bad);
    {
        ct_real x[2] = {3, 4}, o[2], a[2] = {3, 4};
        ct_project_disk(1, x, o);
        ct_project_disk(1, a, a);
        CHECK(memcmp(o, a, sizeof(o)) == 0);
    }
    {
        ct_real x[3] = {3, 4, 1}, o[3], a[3] = {3, 4, 1}, dm[3] = {2, 2, 0.5};
        CHECK(ct_project_cone_metric((ct_real)0.5, dm, x, o) == CT_OK);
        CHECK(ct_project_cone_metric((ct_real)0.5, dm, a, a) == CT_OK);
        CHECK(memcmp(o, a, sizeof(o)) == 0);
    }
}

/* ---- pyramid {x_n >= 0, |x_t1| <= mu x_n, |x_t2| <= mu x_n} ---- */
static int in_pyramid(double mu, const double y[3], double tol) {
    return y[2] >= -tol && fabs(y[0]) <= mu * y[2] + tol * (1 + mu) &&
           fabs(y[1]) <= mu * y[2] + tol * (1 + mu);
}
/* own active-set enumeration in long double: the candidates are x itself, its projections on
   the 4 facet planes and the 4 edge rays, and the apex; the answer is the candidate that best
   satisfies Moreau's conditions (in the pyramid, x - c in the polar cone, <x - c, c> = 0).
   Choosing by Moreau violation rather than by distance keeps near-ties exact. */
static long double pyr_violation(long double mu, const long double x[3], const long double c[3]) {
    long double r[3], v = 0, s = 1 + sqrtl(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]), t;
    int j;
    for (j = 0; j < 3; ++j) r[j] = x[j] - c[j];
    t = -c[2]; if (t > v) v = t; /* c in the pyramid */
    t = (fabsl(c[0]) - mu * c[2]) / sqrtl(1 + mu * mu); if (t > v) v = t;
    t = (fabsl(c[1]) - mu * c[2]) / sqrtl(1 + mu * mu); if (t > v) v = t;
    for (j = 0; j < 4; ++j) { /* r in the polar: <r, g> <= 0 for the generators */
        long double g0 = (j & 1) ? -mu : mu, g1 = (j & 2) ? -mu : mu;
        t = (r[0] * g0 + r[1] * g1 + r[2]) / sqrtl(2 * mu * mu + 1);
        if (t > v) v = t;
    }
    t = fabsl(r[0] * c[0] + r[1] * c[1] + r[2] * c[2]) / s; /* orthogonality */
    if (t > v) v = t;
    return v;
}
static void pyramid_ref(double mud, const double xd[3], double out[3]) {
    long double mu = mud, x[3], cand[10][3], best = 1e300L;
    out[0] = out[1] = out[2] = 0;
    int nc = 0, j, k;
    for (j = 0; j < 3; ++j) x[j] = xd[j];
    for (j = 0; j < 3; ++j) cand[nc][j] = x[j];
    ++nc;
    for (j = 0; j < 3; ++j) cand[nc][j] = 0;
    ++nc;
    for (j = 0; j < 4; ++j) { /* facet normals a: (+-1, 0, -mu), (0, +-1, -mu) */
        long double a[3], t;
        a[0] = j == 0 ? 1 : j == 1 ? -1 : 0;
        a[1] = j == 2 ? 1 : j == 3 ? -1 : 0;
        a[2] = -mu;
        t = (a[0] * x[0] + a[1] * x[1] + a[2] * x[2]) / (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        for (k = 0; k < 3; ++k) cand[nc][k] = x[k] - t * a[k];
        /* on the facet plane by construction: |c_f| = mu c_n exactly */
        if (j < 2) cand[nc][0] = (j == 0 ? 1 : -1) * mu * cand[nc][2];
        else cand[nc][1] = (j == 2 ? 1 : -1) * mu * cand[nc][2];
        ++nc;
    }
    for (j = 0; j < 4; ++j) { /* edges (+-mu, +-mu, 1) */
        long double g0 = (j & 1) ? -mu : mu, g1 = (j & 2) ? -mu : mu, t;
        t = (g0 * x[0] + g1 * x[1] + x[2]) / (g0 * g0 + g1 * g1 + 1);
        if (t < 0) t = 0;
        cand[nc][0] = t * g0; cand[nc][1] = t * g1; cand[nc][2] = t;
        ++nc;
    }
    for (j = 0; j < nc; ++j) {
        long double v = pyr_violation(mu, x, cand[j]);
        if (v < best) {
            best = v;
            for (k = 0; k < 3; ++k) out[k] = (double)cand[j][k];
        }
    }
}

static void test_pyramid(void) {
    int m, k, bad_moreau = 0, bad_ref = 0, bad_brute = 0, total = 0;
    th_seed(4);
    for (m = 0; m < NMUS; ++m)
        for (k = 0; k < 1500; ++k) {
            double mu = MUS[m], xin[3], x[3], p[3], ref[3], r[3], s;
            ct_real xr[3];
            int j, i;
            random_point(mu, xin);
            if (k % 7 == 0) { /* along the diagonal: the edge is the answer */
                xin[1] = xin[0] * (k % 2 ? 1 : -1);
            }
            to_real3(xin, xr, x);
            s = th_norm3(x);
            if (s == 0) continue;
            ++total;
            call3(ct_project_pyramid, mu, x, p);
            for (i = 0; i < 3; ++i) { x[i] /= s; p[i] /= s; r[i] = x[i] - p[i]; }
            /* Moreau with the generators (+-mu, +-mu, 1): <x - P, k> <= 0, <x - P, P> = 0 */
            {
                int ok = in_pyramid(mu, p, TOL_PROJ) && fabs(th_dot3(r, p)) <= TOL_PROJ;
                for (j = 0; j < 4; ++j) {
                    double g[3];
                    g[0] = (j & 1) ? -mu : mu;
                    g[1] = (j & 2) ? -mu : mu;
                    g[2] = 1;
                    ok = ok && th_dot3(r, g) <= TOL_PROJ * th_norm3(g);
                }
                if (!ok && bad_moreau++ < 5)
                    CHECKF(0, "pyramid Moreau fails: mu=%g x=(%.17g,%.17g,%.17g) P=(%g,%g,%g)", mu,
                           x[0], x[1], x[2], p[0], p[1], p[2]);
            }
            pyramid_ref(mu, x, ref);
            if (!(dist3(ref, p) <= 10 * TOL_PROJ) && bad_ref++ < 5)
                CHECKF(0, "pyramid vs enumeration: mu=%g x=(%.17g,%.17g,%.17g) P=(%g,%g,%g) ref=(%g,%g,%g)",
                       mu, x[0], x[1], x[2], p[0], p[1], p[2], ref[0], ref[1], ref[2]);
            /* brute force: no sampled point of the pyramid is nearer than P */
            if (k % 10 == 0) {
                double dp = dist3(p, x);
                int q;
                for (q = 0; q < 400; ++q) {
                    double c[3] = {0, 0, 0};
                    for (j = 0; j < 4; ++j) {
                        double w = th_uniform() * th_uniform() * 2;
                        c[0] += w * ((j & 1) ? -mu : mu);
                        c[1] += w * ((j & 2) ? -mu : mu);
                        c[2] += w;
                    }
                    if (q % 2) { /* near P */
                        for (j = 0; j < 3; ++j) c[j] = p[j] + 1e-3 * (c[j] - p[j]);
                    }
                    if (dist3(c, x) < dp - TOL_PROJ) {
                        if (bad_brute++ < 5)
                            CHECKF(0, "brute force beats pyramid: mu=%g x=(%g,%g,%g)", mu, x[0],
                                   x[1], x[2]);
                        break;
                    }
                }
            }
        }
    CHECKF(bad_moreau == 0, "%d of %d pyramid points fail Moreau", bad_moreau, total);
    CHECKF(bad_ref == 0, "%d of %d pyramid points differ from the enumeration", bad_ref, total);
    CHECKF(bad_brute == 0, "%d pyramid points beaten by brute force", bad_brute);
    /* known answers */
    {
        double p[3], x1[3] = {2, 0, 0}, x2[3] = {0, 0, -1}, x3[3] = {3, 3, 0}, x4[3] = {0.2, -0.1, 1};
        call3(ct_project_pyramid, 1, x1, p); /* onto facet t1 = n: (1, 0, 1) */
        CHECK(fabs(p[0] - 1) <= TOL_PROJ && fabs(p[1]) <= TOL_PROJ && fabs(p[2] - 1) <= TOL_PROJ);
        call3(ct_project_pyramid, 1, x2, p); /* apex */
        CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0);
        call3(ct_project_pyramid, 1, x3, p); /* edge (1,1,1) * 2 */
        CHECK(fabs(p[0] - 2) <= 4 * TOL_PROJ && fabs(p[1] - 2) <= 4 * TOL_PROJ &&
              fabs(p[2] - 2) <= 4 * TOL_PROJ);
        call3(ct_project_pyramid, 0.5, x4, p); /* inside */
        CHECK(p[0] == (double)(ct_real)x4[0] && p[1] == (double)(ct_real)x4[1] && p[2] == 1);
    }
    /* Reproducers of a contact.h bug (see the report): the facet candidate is rejected by its
       own feasibility test when c = x - k a suffers cancellation, and the edge is returned
       instead, which moves a zero tangential component off zero. */
    {
        double p[3], x1[3] = {0.9, 0, 0.4}, x2[3] = {1, 0, 0.1};
        double want_n = 0.4 + 1e-6 * (0.9 - 1e-6 * 0.4) / (1 + 1e-12);
        call3(ct_project_pyramid, 1e-6, x1, p); /* facet t1 = mu n: (mu c_n, 0, c_n) */
        CHECKF(p[1] == 0 && fabs(p[2] - want_n) <= TOL_PROJ && fabs(p[0] - 1e-6 * want_n) <= TOL_PROJ,
               "pyramid(mu=1e-6, (0.9, 0, 0.4)) = (%.17g, %.17g, %.17g), want (%.17g, 0, %.17g)",
               p[0], p[1], p[2], 1e-6 * want_n, want_n);
        call3(ct_project_pyramid, 0.1, x2, p); /* (0.0198.., 0, 0.198..) */
        CHECKF(p[1] == 0 && fabs(p[2] - 0.2 / 1.01) <= TOL_PROJ && fabs(p[0] - 0.02 / 1.01) <= TOL_PROJ,
               "pyramid(mu=0.1, (1, 0, 0.1)) = (%.9g, %.9g, %.9g), want (%.9g, 0, %.9g)", p[0],
               p[1], p[2], 0.02 / 1.01, 0.2 / 1.01);
    }
}

static void test_disk_box_desaxce(void) {
    int k, bad_disk = 0, bad_box = 0, bad_ds = 0;
    static const double radii[] = {0, 0.3, 1, 5};
    th_seed(5);
    for (k = 0; k < 4000; ++k) {
        double r = radii[k % 4], x[2], o[2], want[2], t;
        ct_real xr[2], orr[2];
        xr[0] = (ct_real)(th_normal() * 2); xr[1] = (ct_real)(k % 5 == 0 ? 0 : th_normal() * 2);
        x[0] = xr[0]; x[1] = xr[1];
        ct_project_disk((ct_real)r, xr, orr);
        o[0] = orr[0]; o[1] = orr[1];
        t = sqrt(x[0] * x[0] + x[1] * x[1]);
        if (t <= r) { want[0] = x[0]; want[1] = x[1]; }
        else { want[0] = r * x[0] / t; want[1] = r * x[1] / t; }
        if (t <= r) bad_disk += !(o[0] == x[0] && o[1] == x[1]); /* inside: unchanged, exactly */
        bad_disk += !(fabs(o[0] - want[0]) <= TOL_PROJ * (1 + t) &&
                      fabs(o[1] - want[1]) <= TOL_PROJ * (1 + t) &&
                      sqrt(o[0] * o[0] + o[1] * o[1]) <= r * (1 + 4 * TH_EPS));
    }
    CHECKF(bad_disk == 0, "%d disk projections wrong", bad_disk);
    for (k = 0; k < 4000; ++k) {
        double mu = MUS[k % NMUS], x[3], o[3], n, lim;
        ct_real xr[3];
        x[0] = th_normal(); x[1] = th_normal(); x[2] = th_normal();
        to_real3(x, xr, x);
        call3(ct_clamp_box_tangent, mu, x, o);
        n = x[2] > 0 ? x[2] : 0;
        lim = (double)((ct_real)mu * (ct_real)n);
        bad_box += !(o[2] == n && o[0] == (x[0] > lim ? lim : x[0] < -lim ? -lim : x[0]) &&
                     o[1] == (x[1] > lim ? lim : x[1] < -lim ? -lim : x[1]));
        call3(ct_desaxce, mu, x, o);
        bad_ds += !(o[0] == 0 && o[1] == 0 &&
                    fabs(o[2] - mu * tnorm(x)) <= 4 * TH_EPS * mu * tnorm(x));
    }
    CHECKF(bad_box == 0, "%d box clamps wrong", bad_box);
    CHECKF(bad_ds == 0, "%d De Saxce terms wrong", bad_ds);
    {
        double o[3], v[3] = {3, 4, 7};
        call3(ct_desaxce, 0.5, v, o);
        CHECK(o[0] == 0 && o[1] == 0 && o[2] == 2.5);
        call3(ct_clamp_box_tangent, 0.5, v, o); /* limit 3.5 */
        CHECK(o[0] == 3 && o[1] == 3.5 && o[2] == 7);
    }
    /* NCP identity (seed 000 trap 2): for a sliding point, v + Gamma is on the boundary of K*
       and orthogonal to lambda = (-mu lambda_n v_T/|v_T|, lambda_n) */
    {
        double mu = 0.4, v[3] = {0.6, -0.8, 0}, g[3], w[3], l[3] = {-0.24, 0.32, 1};
        call3(ct_desaxce, mu, v, g);
        w[0] = v[0] + g[0]; w[1] = v[1] + g[1]; w[2] = v[2] + g[2];
        CHECK_NEAR(th_dot3(l, w), 0, TOL_PROJ);
        CHECK_NEAR(mu * tnorm(w), w[2], TOL_PROJ);
        CHECK(dist_Kdual(mu, w) <= TOL_PROJ);
    }
}

/* ---- metric projection: argmin_y in K (x - y)^T D (x - y), D = diag(a, a, b) ---- */
static double fD(const double d[3], const double x[3], const double y[3]) {
    return d[0] * (x[0] - y[0]) * (x[0] - y[0]) + d[1] * (x[1] - y[1]) * (x[1] - y[1]) +
           d[2] * (x[2] - y[2]) * (x[2] - y[2]);
}
/* boundary point y(h, phi) = (mu h cos phi, mu h sin phi, h); best h >= 0 for a phi by golden
   section (the objective is a convex quadratic in h) */
static double brute_h(double mu, const double d[3], const double x[3], double phi, double hmax,
                      double *hbest) {
    double lo = 0, hi = hmax, g = 0.6180339887498949;
    int it;
    for (it = 0; it < 200; ++it) {
        double h1 = hi - g * (hi - lo), h2 = lo + g * (hi - lo), y1[3], y2[3];
        y1[0] = mu * h1 * cos(phi); y1[1] = mu * h1 * sin(phi); y1[2] = h1;
        y2[0] = mu * h2 * cos(phi); y2[1] = mu * h2 * sin(phi); y2[2] = h2;
        if (fD(d, x, y1) < fD(d, x, y2)) hi = h2; else lo = h1;
    }
    *hbest = 0.5 * (lo + hi);
    {
        double y[3];
        y[0] = mu * *hbest * cos(phi); y[1] = mu * *hbest * sin(phi); y[2] = *hbest;
        return fD(d, x, y);
    }
}
/* brute-force minimum over K: x itself when inside, else the best boundary point over a grid
   of angles refined by golden section (the apex is h = 0) */
static void brute_metric(double mu, const double d[3], const double x[3], double out[3]) {
    double hmax = 4 * (th_norm3(x) + 1e-300) * (1 + sqrt(d[0] / d[2]) + sqrt(d[2] / d[0])) *
                  (1 + 1 / (mu + 1e-300));
    double bestf = 1e300, bestphi = 0, h, lo, hi, g = 0.6180339887498949;
    int i, it;
    if (dist_K(mu, x) == 0) {
        out[0] = x[0]; out[1] = x[1]; out[2] = x[2];
        return;
    }
    if (hmax > 1e6 * th_norm3(x)) hmax = 1e6 * th_norm3(x);
    for (i = 0; i < 360; ++i) {
        double phi = 6.283185307179586 * i / 360, f = brute_h(mu, d, x, phi, hmax, &h);
        if (f < bestf) { bestf = f; bestphi = phi; }
    }
    lo = bestphi - 6.283185307179586 / 360;
    hi = bestphi + 6.283185307179586 / 360;
    for (it = 0; it < 100; ++it) {
        double p1 = hi - g * (hi - lo), p2 = lo + g * (hi - lo);
        if (brute_h(mu, d, x, p1, hmax, &h) < brute_h(mu, d, x, p2, hmax, &h)) hi = p2;
        else lo = p1;
    }
    bestphi = 0.5 * (lo + hi);
    brute_h(mu, d, x, bestphi, hmax, &h);
    out[0] = mu * h * cos(bestphi); out[1] = mu * h * sin(bestphi); out[2] = h;
}

static void test_metric(void) {
    int k, bad_kkt = 0, bad_brute = 0, total = 0;
    th_seed(6);
    for (k = 0; k < 1500; ++k) {
        double mu = MUS[k % NMUS], a = pow(10.0, th_range(-2, 2)), b = pow(10.0, th_range(-2, 2));
        double xin[3], x[3], dd[3], y[3], w[3], s, dn;
        ct_real xr[3], dr[3], yr[3];
        ct_result res;
        int i;
        if (mu >= 1e6 || mu == 1e-6) mu = 0.7; /* the brute force needs a moderate mu */
        random_point(mu, xin);
        to_real3(xin, xr, x);
        dr[0] = dr[1] = (ct_real)a; dr[2] = (ct_real)b;
        for (i = 0; i < 3; ++i) dd[i] = dr[i];
        res = ct_project_cone_metric((ct_real)mu, dr, xr, yr);
        if (!CHECK_EQ_INT(res, CT_OK)) continue;
        for (i = 0; i < 3; ++i) y[i] = yr[i];
        s = th_norm3(x);
        if (s == 0) continue;
        ++total;
        /* KKT: y in K, D(x - y) in the polar of K, <D(x - y), y> = 0 */
        dn = dd[0] > dd[2] ? dd[0] : dd[2];
        for (i = 0; i < 3; ++i) w[i] = dd[i] * (x[i] - y[i]) / (dn * s);
        {
            double yn[3];
            for (i = 0; i < 3; ++i) yn[i] = y[i] / s;
            if (!(dist_K(mu, yn) <= TOL_PROJ * 10 && dist_Kpolar(mu, w) <= TOL_PROJ * 10 &&
                  fabs(th_dot3(w, yn)) <= TOL_PROJ * 10) &&
                bad_kkt++ < 5)
                CHECKF(0, "metric KKT: mu=%g d=(%g,%g) x=(%g,%g,%g) y=(%g,%g,%g)", mu, a, b, x[0],
                       x[1], x[2], y[0], y[1], y[2]);
        }
        if (k % 5 == 0) {
            double ref[3], fy = fD(dd, x, y), fr;
            brute_metric(mu, dd, x, ref);
            fr = fD(dd, x, ref);
            /* the library's point is at least as good as the brute force, and near it */
            if (!(fy <= fr + 1e3 * TOL_PROJ * dn * s * s && dist3(ref, y) <= BRUTE_TOL * s) &&
                bad_brute++ < 5)
                CHECKF(0, "metric vs brute force: mu=%g d=(%g,%g) x=(%g,%g,%g) y=(%g,%g,%g) ref=(%g,%g,%g) f %g vs %g",
                       mu, a, b, x[0], x[1], x[2], y[0], y[1], y[2], ref[0], ref[1], ref[2], fy, fr);
        }
    }
    CHECKF(bad_kkt == 0, "%d of %d metric projections fail KKT", bad_kkt, total);
    CHECKF(bad_brute == 0, "%d metric projections differ from brute force", bad_brute);
    /* D = I is the Euclidean projection, bit for bit */
    {
        ct_real d1[3] = {1, 1, 1}, x[3] = {3, -4, 2}, o[3], p[3];
        CHECK(ct_project_cone_metric((ct_real)0.5, d1, x, o) == CT_OK);
        ct_project_cone((ct_real)0.5, x, p);
        CHECK(memcmp(o, p, sizeof(o)) == 0);
    }
    /* bad metrics */
    {
        ct_real x[3] = {1, 2, 3}, o[3];
        ct_real dbad1[3] = {1, 1.5f, 1}, dbad2[3] = {0, 0, 1}, dbad3[3] = {1, 1, 0},
                dbad4[3] = {-1, -1, 1}, dbad5[3] = {1, 1, -2}, dbad6[3] = {2, 1, 1};
        ct_real dnan[3];
        dnan[0] = dnan[1] = (ct_real)NAN; dnan[2] = 1;
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad1, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad6, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad2, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad3, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad4, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad5, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, dnan, x, o), CT_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(ct_project_cone_metric(1, NULL, x, o), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_project_cone_metric(1, dbad6, NULL, o), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_project_cone_metric(1, x, x, NULL), CT_ERROR_INVALID_ARGUMENT);
    }
}

/* the product cones K = R^nb x R+^nu x prod K_mu and K* = {0}^nb x R+^nu x prod K_1/mu */
static void test_constraints(void) {
    enum { NB = 2, NU = 3, NC = 4, N = NB + NU + 3 * NC };
    ct_real mu[NC] = {0, 0.3f, 1, 5}, x[N], p[N], d[N], negx[N], pk[N];
    int k, i, bad = 0;
    th_seed(7);
    for (k = 0; k < 300; ++k) {
        for (i = 0; i < N; ++i) { x[i] = (ct_real)th_normal(); negx[i] = -x[i]; }
        ct_project_constraints(NB, NU, NC, mu, x, p);
        ct_project_dual_constraints(NB, NU, NC, mu, x, d);
        ct_project_constraints(NB, NU, NC, mu, negx, pk);
        for (i = 0; i < NB; ++i) bad += !(p[i] == x[i] && d[i] == 0);
        for (i = NB; i < NB + NU; ++i) {
            ct_real want = x[i] > 0 ? x[i] : 0;
            bad += !(p[i] == want && d[i] == want);
        }
        for (i = 0; i < NC; ++i) {
            ct_real q[3], e[3];
            ct_project_cone(mu[i], x + NB + NU + 3 * i, q);
            ct_project_dual_cone(mu[i], x + NB + NU + 3 * i, e);
            bad += memcmp(q, p + NB + NU + 3 * i, sizeof(q)) != 0;
            bad += memcmp(e, d + NB + NU + 3 * i, sizeof(e)) != 0;
        }
        /* Moreau on the product: P_K*(x) = x + P_K(-x) */
        for (i = 0; i < N; ++i) bad += !(fabs((double)d[i] - ((double)x[i] + pk[i])) <= TOL_PROJ * 10);
    }
    CHECKF(bad == 0, "%d wrong entries of the product projections", bad);
    /* in place */
    for (i = 0; i < N; ++i) x[i] = negx[i] = (ct_real)th_normal();
    ct_project_constraints(NB, NU, NC, mu, x, p);
    ct_project_constraints(NB, NU, NC, mu, x, x);
    CHECK(memcmp(x, p, sizeof(p)) == 0);
    ct_project_dual_constraints(NB, NU, NC, mu, negx, d);
    ct_project_dual_constraints(NB, NU, NC, mu, negx, negx);
    CHECK(memcmp(negx, d, sizeof(d)) == 0);
}

int main(void) {
    test_cone_random();
    test_cone_edges();
    test_cone_mu0();
    test_aliasing();
    test_pyramid();
    test_disk_box_desaxce();
    test_metric();
    test_constraints();
    return th_summary();
}
