/* suite.c - every contact.h method on generated problem families, cold and warm, as CSV.

     suite [-r repeats] [-t tol[,tol...]] [-f family[,family...]] [-m method | -V variants]
           [-s cold|both] [-x max_iter] [-P rest|zero] [-R]

   Defaults: 5 repeats, tolerances 1e-6 and 1e-8, every family, every method, cold and warm
   starts, max_iter 10000. -f restricts the run to the listed families and -m to one method
   (e.g. -f stack,mixed -m ADMM_NCP); -s cold skips the warm starts. -R makes the ADMM warm
   starts take the penalty of the preceding cold solve too (admm.warm_rho = 1).
   -V runs the listed method variants instead of the plain methods, e.g.
   -V ADMM_NCP:linear=4,ADMM_NCP:spectral=0.08,ADMM_CCP:fixed=1: METHOD[:linear=TAU |
   :spectral=STEP | :fixed=RHO0], the syntax of bench/variant.h (shared with ct_bench), each
   written as given in the method column. NEWTON_SOFT[:ccp_mujoco|:sap|:lagged|:similar] picks
   a soft model (SOFT MODELS below); -P sets its phi0.
   One CSV row per (problem, method, start, tolerance) on stdout, progress on stderr:

     family,size,instance,nc,nb,nu,n,method,start,tol,repeats,iterations,median_us,
     ncp_residual,relative_error,status,density_J,rank_J,cond_G,category,factorizations,
     model_residual

   bench/suite.sh runs it into build/bench/suite.csv, bench/suite_report.py draws the
   performance profiles and the result files (bench/results/suite*_<machine>_<date>.csv).

   METHODS. Every method of the header, by iterating m = 0 .. CT_METHOD_COUNT_ - 1 and naming it
   ct_method_string(m): methods added to contact.h are picked up without editing this file.
   Each runs at ct_default_settings() except method, stop = CT_STOP_ABSOLUTE, tol_abs = tol and
   max_iter = 10000. With -V, the listed variants instead (bench/variant.h: the method and, for
   ADMM, its penalty rule; the rest as above); bench/admm_penalty.sh runs the ADMM rules so.
   NEWTON_SOFT needs a soft model: a plain NEWTON_SOFT (the method loop, -m) is
   NEWTON_SOFT:ccp_mujoco (the header's p->soft = NULL, CT_SOFT_CCP with p->R), never the rigid
   problem (R = NULL there: CT_ERROR_INVALID_SOFT).

   SOFT MODELS (soft_build; docs/benchmarks.md, "make bench-newton", has the reasons). The
   NEWTON_SOFT variants solve another problem from the same geometry, in impulse units: G the
   same, g = J v_free with no bias and not divided by dt (the penetration acts through phi0,
   [Castro23] eq. 6), lambda in N s; warm: g' = J v_free'.
   Per contact, w = ||G_ii||_F / 3, k = 4 pi^2 / (beta^2 w dt (dt + tau_d)) (SAP's near-rigid
   stiffness: period beta dt; the same k for Lagged and Similar), phi0 = -lambda_n / k with
   lambda_n the rigid answer's normal force (ADMM_NCP to 1e-8, not timed; -P zero: phi0 = 0),
   vn0 = normal rows of J v0 (v0: the step's start velocity, 0 where the family has none).
     ccp_mujoco  CT_SOFT_CCP, p->soft = NULL, R = ct_compliance_mujoco(solref (0.02, 1), solimp
                 (0.9, 0.95, 0.001, 0.5, 2), pos = phi0, vel = NULL, tangent_ref 0) on every row,
                 then R_t = R_n (MuJoCo's elliptic rule, impratio 1), g += its vref
     sap         tau_d = 1e-4 s, beta = 1, sigma = 1e-3
     lagged,     Hunt-Crossley d = 10 s/m, v_s = 1e-4 m/s, sigma = 1e-3 (eq. 26)
     similar
   Joint and limit rows: MuJoCo's R (as ccp_mujoco) for every model, R = 0 on the contacts of
   sap, lagged, similar. tol_abs = tol x dt (impulse units), so the tol column is comparable.

   PROBLEMS. Every family builds rigid bodies: a mass matrix M (nv x nv, nv = 6 per body, body
   velocity (vx, vy, vz, wx, wy, wz) in the world frame at the centre of mass), a Jacobian J whose
   rows are [d^T, (r x d)^T] for a point at r from the centre and a direction d (a relative
   velocity: the first body's row minus the second body's), and a free velocity v_free after one
   step dt = 1e-3 s. G = J M^-1 J^T and g = J v_free come from ct_delassus_from_mj, G is made
   exactly symmetric ((G + G^T) / 2), then g (with its biases) is divided by dt: the problem is
   solved for forces (N), as in examples/box_push.c. Contacts are (t1 = x, t2 = y, normal = z) on
   horizontal planes (robot's rows are random instead). Gravity 9.81 m/s^2 along -z. Everything is
   deterministic (one xorshift generator, reseeded per problem from family, size, instance).

   robot       size = nc in {4, 8, 12, 20, 30} contacts, instance k = 0..4 with nv = 12 + 6 k
               (12 to 36 degrees of freedom; hyperstatic when 3 nc > nv). J uniform in [-1, 1]
               (3 nc x nv), M = D^1/2 (A A^T / nv + I) D^1/2 with A uniform and masses D
               log-spread over [0.1, 10] kg, v_free = dt (a0 + J^+ c): a0 uniform in [-1, 1],
               c = -(1 + u) sqrt(nv) on the normal rows (u uniform in [0, 1]) and 0 on the
               tangential ones, J^+ the least-squares inverse. So g = J v_free / dt has its
               normal components biased negative (70 to 100 % of the contacts active) while it
               stays in the range of J: a bias added to g outside range(J) leaves most
               hyperstatic instances without a solution (lambda diverges, every method fails).
               mu uniform in [0.2, 1]. Bodies counted as nv / 6.
   box_plane4  size = nc = 4: the 1 kg, 0.2 m cube of examples/box_push.c on the ground by its
               4 bottom corners (rank 6 of 12).
   box_plane8  size = nc = 8: the same cube on its 4 corners and 4 bottom edge midpoints
               (rank 6 of 24: strongly hyperstatic).
               Instances k = 0..14 of both: a horizontal push F = f mu m g, f in
               {0, 0.5, 0.95, 1.05, 2} (k mod 5; below and above the friction limit) along a random
               direction, and an initial horizontal velocity of 0, 1e-3 or 0.1 m/s (k / 5) along
               another random direction (1e-3 m/s is stopped by friction within the step, 0.1
               m/s keeps sliding); mu uniform in [0.3, 0.8].
   stack       size = number of boxes in {2, 3, 5, 8, 12, 15}; instance k = 0..3 is the mass ratio
               top / bottom = 100^k (1, 1e2, 1e4, 1e6). Cubes of 0.2 m stacked exactly, at rest
               under gravity; box i (0 = bottom) has mass ratio^(i / (B - 1) - 1) kg (geometric
               progression, the top box 1 kg: heavy on light, the hard case), inertia m a^2 / 6;
               each box touches the box below (or the ground) at its 4 bottom corners
               (4 B contacts, J of rank 6 B for 12 B rows); mu = 0.5.
   mixed       size = number of bodies K in {2, 4, 8, 16}: a chain of rods (0.3 x 0.1 x 0.1 m,
               mass uniform in [0.5, 2] kg, box inertia) along x, consecutive rods joined by ball
               joints at their shared end (3 bilateral rows each: the relative velocity of the
               joint point is 0); joint limits as unilateral rows on a relative angular velocity
               component, (w_prev - w_next) . e >= 0 with e = z (yaw) or y (pitch), with a bias
               of -(0.005 + 0.01 u) rad/s so the limits are active; initial velocities v uniform
               in [-0.1, 0.1] m/s (horizontal) and w in [-0.05, 0.05] rad/s per rod. Instances:
                 0  hanging: a ball joint to the world at the first end, no contact, random
                    limits (yaw with probability 0.5, pitch 0.3 per joint, at least one);
                 1  bridge: ball joints to the world at both ends (a closed loop, straight: the
                    x rows of the joints are redundant, rank n - 1), yaw limits on the inner
                    joints (a limit on every joint of the loop would have no solution);
                 2  hanging as 0, and the free end of the last rod touches the ground (1 contact);
                 3, 4  lying on the ground: each rod touches it at 0, 1 or 2 points of its
                    bottom face (x = +-0.12 m from its centre, y = -+0.05 m; at least one contact
                    in all), random limits.
               mu = 0.6; nb > 0 and nu > 0 in every instance. Categories: Independent Joints (0),
               Redundant Joints (1), Single Contact (2), Sparse Contacts or Dense Constraints.

   START. cold: lambda = 0 (settings.warm_start = 0). warm: the next time step, mimicked by
   perturbing the free velocity by 1e-3 of its size, v_free' = v_free + 1e-3 ||v_free||_inf r
   (r uniform in [-1, 1] per degree of freedom; biases unchanged; G unchanged), g' = J v_free' / dt
   + biases / dt, solved from lambda0 = the SAME method's cold answer to the unperturbed
   problem at the same tolerance (what a simulation running that method would warm start
   from; a method that failed cold starts from its failed answer). The perturbation is in
   body-velocity space so g' stays consistent with J (a bilateral row of a hyperstatic system
   stays feasible).

   TIMING. Only ct_solve is timed (clock_gettime CLOCK_MONOTONIC), workspace allocated once per
   (problem, method), lambda reset before each repeat outside the timed region; median of the
   repeats. A solve whose first repeat does not converge (max_iter, stalled, numerical failure)
   is not repeated (repeats = 1): solves are deterministic, its time does not enter the
   profiles, and skipping the repeats keeps the suite to minutes when a method hits max_iter.
   iterations and residuals are those of the last repeat (all repeats are identical).

   COLUMNS. ncp_residual = info.ncp.absolute, relative_error = info.ncp.relative, status =
   converged | max_iter | stalled | numerical_failure | error (ct_solve returned an error),
   factorizations = info.factorizations (Cholesky factorizations of the last repeat; 0 for the
   methods without one), model_residual = info.model.absolute (the law the method stops on).
   Soft solves: both in force units, model_residual = info.model.absolute / dt (the SOFT
   flavor's max ||lambda_i - gamma_i(v_c)||) and the NCP columns = ct_criteria(NCP) of
   (lambda / dt, v / dt) with g / dt (relative_error is unchanged by the scaling).
   [Tsounis25]'s descriptors (Sec. VII-B, VII-C), with n_bodies = nv / 6:
     density_J  d_JC = n / (6 n_bodies): the density of the whole constraint Jacobian J (joint
                rows nb + nu and contact rows 3 nc); d_J = (nb + nu) / (6 n_bodies) and
                d_C = 3 nc / (6 n_bodies) follow from the other columns.
     rank_J     numerical rank of J (m x nv): one-sided Jacobi SVD, singular values above
                max(m, nv) eps sigma_max. Since M is SPD, rank(G) = rank(J): G is singular
                exactly when rank_J < n.
     cond_G     sigma_max / sigma_min over the NONZERO spectrum of G: the eigenvalues of G are
                the squared singular values of B = J L^-T (M = L L^T), computed by the same
                Jacobi SVD (accurate for the mass scaling of B's columns); cond_G =
                (s_1 / s_r)^2 with r = rank(B) (= rank_J; a mismatch is reported on stderr).
                The full condition number is infinite whenever rank_J < n.
     category   [Tsounis25] Sec. VII-A's table, in this order, with n_J = nb + nu joint rows:
                n_c = 0: Independent Joints if rank_J = n, else Redundant Joints if d_J < 1,
                else Dense Joints; n_c >= 1 and n_J >= 1 and d_JC > 1: Dense Constraints;
                n_c = 1: Single Contact; n_c <= 2 n_bodies: Sparse Contacts; else Dense
                Contacts.

   Build: cc -O2 -march=native -I. bench/suite.c -o build/bench/suite -lm */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "variant.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DT 1e-3
#define PI 3.14159265358979323846
#define GRAV 9.81
#define MAX_REPEATS 64
#define MAX_TOLS 4
#define MAX_VARIANTS 64
#define MAX_FAMILIES 8

/* ---- random numbers (xorshift64) ---------------------------------------------------------- */
static unsigned long long rng_state = 1;
static void rng_seed(unsigned long long s) {
    int i;
    rng_state = s * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    if (!rng_state) rng_state = 1;
    for (i = 0; i < 8; ++i) { /* mix */
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
    }
}
static double urand(void) { /* uniform in [0, 1) */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}
static double srand1(void) { return 2 * urand() - 1; } /* uniform in [-1, 1) */

/* ---- a problem under construction --------------------------------------------------------- */
typedef struct build {
    const char *family;
    int size, instance;
    int nv, nbodies;       /* degrees of freedom, bodies (nv / 6) */
    int nb, nu, nc, m;     /* rows: m = nb + nu + 3 nc, added in this order by the builders */
    int row;               /* rows filled so far */
    double *M, *J, *vfree, *bias, *mu;
    double *v0;            /* (nv) velocity at the start of the step (0 where unknown); only the
                              soft models read it (vn0 = J v0 on the normal rows) */
} build;

static void *xcalloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz);
    if (!p) {
        fprintf(stderr, "suite: out of memory\n");
        exit(2);
    }
    return p;
}

static void build_init(build *b, const char *family, int size, int instance, int nv, int nb,
                       int nu, int nc) {
    memset(b, 0, sizeof(*b));
    b->family = family;
    b->size = size;
    b->instance = instance;
    b->nv = nv;
    b->nbodies = nv / 6;
    b->nb = nb;
    b->nu = nu;
    b->nc = nc;
    b->m = nb + nu + 3 * nc;
    b->M = (double *)xcalloc((size_t)nv * nv, sizeof(double));
    b->J = (double *)xcalloc((size_t)b->m * nv, sizeof(double));
    b->vfree = (double *)xcalloc((size_t)nv, sizeof(double));
    b->bias = (double *)xcalloc((size_t)b->m, sizeof(double));
    b->mu = (double *)xcalloc((size_t)(nc ? nc : 1), sizeof(double));
    b->v0 = (double *)xcalloc((size_t)nv, sizeof(double));
}

static void build_free(build *b) {
    free(b->M); free(b->J); free(b->vfree); free(b->bias); free(b->mu); free(b->v0);
}

/* rigid body `body` (or -1 for the world): mass and diagonal inertia */
static void set_body(build *b, int body, double mass, double ix, double iy, double iz) {
    int o = 6 * body, i;
    for (i = 0; i < 3; ++i) b->M[(o + i) * b->nv + o + i] = mass;
    b->M[(o + 3) * b->nv + o + 3] = ix;
    b->M[(o + 4) * b->nv + o + 4] = iy;
    b->M[(o + 5) * b->nv + o + 5] = iz;
}

/* add sign * [d^T, (r x d)^T] of body `body` to J row `row` (body -1 = the world: nothing) */
static void add_point_row(build *b, int row, int body, double sign, const double r[3],
                          const double d[3]) {
    double *j;
    if (body < 0) return;
    j = b->J + (size_t)row * b->nv + 6 * body;
    j[0] += sign * d[0];
    j[1] += sign * d[1];
    j[2] += sign * d[2];
    j[3] += sign * (r[1] * d[2] - r[2] * d[1]);
    j[4] += sign * (r[2] * d[0] - r[0] * d[2]);
    j[5] += sign * (r[0] * d[1] - r[1] * d[0]);
}

static const double EX[3] = {1, 0, 0}, EY[3] = {0, 1, 0}, EZ[3] = {0, 0, 1};

/* 3 rows (t1 = x, t2 = y, n = z) of the relative velocity at a point: body a (at ra from its
   centre) minus body b (at rb; -1 = ground) */
static void add_point3(build *b, int a, const double ra[3], int bb, const double rb[3]) {
    const double *d[3];
    int k;
    d[0] = EX; d[1] = EY; d[2] = EZ;
    for (k = 0; k < 3; ++k) {
        add_point_row(b, b->row + k, a, 1, ra, d[k]);
        add_point_row(b, b->row + k, bb, -1, rb, d[k]);
    }
    b->row += 3;
}

/* one row: relative angular velocity (body a - body bb) along e */
static void add_angular_row(build *b, int a, int bb, const double e[3]) {
    int k;
    for (k = 0; k < 3; ++k) {
        if (a >= 0) b->J[(size_t)b->row * b->nv + 6 * a + 3 + k] += e[k];
        if (bb >= 0) b->J[(size_t)b->row * b->nv + 6 * bb + 3 + k] -= e[k];
    }
    b->row += 1;
}

static void box_inertia(double mass, double lx, double ly, double lz, double I[3]) {
    I[0] = mass * (ly * ly + lz * lz) / 12;
    I[1] = mass * (lx * lx + lz * lz) / 12;
    I[2] = mass * (lx * lx + ly * ly) / 12;
}

/* ---- families ----------------------------------------------------------------------------- */
static unsigned long long seed_of(const char *family, int size, int instance) {
    unsigned long long h = 1469598103934665603ULL;
    while (*family) h = (h ^ (unsigned char)*family++) * 1099511628211ULL;
    return h ^ ((unsigned long long)size << 20) ^ (unsigned long long)instance;
}

/* in-place lower Cholesky of a row-major SPD n x n matrix (plain, for the set-up only) */
static void cholesky(double *a, int n) {
    int i, j, k;
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i; ++j) {
            double s = a[i * n + j];
            for (k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = i == j ? sqrt(s > 0 ? s : 1e-300) : s / a[j * n + j];
        }
}
static void cholesky_solve(const double *l, int n, double *x) {
    int i, k;
    for (i = 0; i < n; ++i) {
        for (k = 0; k < i; ++k) x[i] -= l[i * n + k] * x[k];
        x[i] /= l[i * n + i];
    }
    for (i = n - 1; i >= 0; --i) {
        for (k = i + 1; k < n; ++k) x[i] -= l[k * n + i] * x[k];
        x[i] /= l[i * n + i];
    }
}

/* x += the least-squares (minimum-norm when m <= nv) solution u of J u = r (J: m x nv, full rank) */
static void least_squares_add(const double *J, int m, int nv, const double *r, double *x) {
    int i, j, k, q = m <= nv ? m : nv;
    double *N = (double *)xcalloc((size_t)q * q, sizeof(double));
    double *y = (double *)xcalloc((size_t)(m > nv ? m : nv), sizeof(double));
    if (m <= nv) { /* u = J^T (J J^T)^-1 r */
        for (i = 0; i < m; ++i)
            for (j = 0; j < m; ++j)
                for (k = 0; k < nv; ++k) N[i * m + j] += J[i * nv + k] * J[j * nv + k];
        for (i = 0; i < m; ++i) y[i] = r[i];
        cholesky(N, m);
        cholesky_solve(N, m, y);
        for (k = 0; k < nv; ++k)
            for (i = 0; i < m; ++i) x[k] += J[i * nv + k] * y[i];
    } else { /* u = (J^T J)^-1 J^T r */
        for (i = 0; i < nv; ++i)
            for (j = 0; j < nv; ++j)
                for (k = 0; k < m; ++k) N[i * nv + j] += J[k * nv + i] * J[k * nv + j];
        for (i = 0; i < nv; ++i)
            for (k = 0; k < m; ++k) y[i] += J[k * nv + i] * r[k];
        cholesky(N, nv);
        cholesky_solve(N, nv, y);
        for (i = 0; i < nv; ++i) x[i] += y[i];
    }
    free(N);
    free(y);
}

static void make_robot(build *b, int nc, int k) {
    int nv = 12 + 6 * k, n = 3 * nc, i, j, q;
    double *A = (double *)xcalloc((size_t)(nv > n ? nv : n) * nv, sizeof(double));
    rng_seed(seed_of("robot", nc, k));
    build_init(b, "robot", nc, k, nv, 0, 0, nc);
    for (i = 0; i < n * nv; ++i) b->J[i] = srand1();
    for (i = 0; i < nv * nv; ++i) A[i] = srand1();
    for (i = 0; i < nv; ++i)
        for (j = 0; j < nv; ++j) {
            double s = 0, di = 0.1 * pow(100.0, (double)i / (nv - 1)),
                   dj = 0.1 * pow(100.0, (double)j / (nv - 1));
            for (q = 0; q < nv; ++q) s += A[i * nv + q] * A[j * nv + q];
            b->M[i * nv + j] = sqrt(di * dj) * (s / nv + (i == j ? 1 : 0));
        }
    for (i = 0; i < nv; ++i) b->vfree[i] = DT * srand1();
    /* the normal bias enters v_free (v_free += J^+ bias), not g directly: g = J v_free stays in
       the range of J, so a hyperstatic problem keeps a solution (a bias outside range(J) makes
       most hyperstatic instances infeasible: lambda diverges) */
    for (i = 0; i < n; ++i) A[i] = 0;
    for (i = 0; i < nc; ++i) {
        A[3 * i + 2] = -DT * (1 + urand()) * sqrt((double)nv);
        b->mu[i] = 0.2 + 0.8 * urand();
    }
    least_squares_add(b->J, n, nv, A, b->vfree);
    b->row = n;
    free(A);
}

static void make_box(build *b, const char *family, int nc, int k) {
    const double m = 1, a = 0.2, levels[5] = {0, 0.5, 0.95, 1.05, 2}, speeds[3] = {0, 1e-3, 0.1};
    double mu, th, ph, F, v0, I[3];
    int c;
    rng_seed(seed_of(family, nc, k));
    build_init(b, family, nc, k, 6, 0, 0, nc);
    box_inertia(m, a, a, a, I);
    set_body(b, 0, m, I[0], I[1], I[2]);
    mu = 0.3 + 0.5 * urand();
    th = 2 * PI * urand();
    ph = 2 * PI * urand();
    F = levels[k % 5] * mu * m * GRAV;
    v0 = speeds[(k / 5) % 3];
    for (c = 0; c < nc; ++c) {
        double r[3];
        if (c < 4) { /* corners */
            r[0] = (c & 1) ? a / 2 : -a / 2;
            r[1] = (c & 2) ? a / 2 : -a / 2;
        } else { /* edge midpoints */
            static const double mid[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
            r[0] = mid[c - 4][0] * a / 2;
            r[1] = mid[c - 4][1] * a / 2;
        }
        r[2] = -a / 2;
        add_point3(b, 0, r, -1, r);
        b->mu[c] = mu;
    }
    b->v0[0] = v0 * cos(ph);
    b->v0[1] = v0 * sin(ph);
    b->vfree[0] = v0 * cos(ph) + F * cos(th) / m * DT;
    b->vfree[1] = v0 * sin(ph) + F * sin(th) / m * DT;
    b->vfree[2] = -GRAV * DT;
}

static void make_stack(build *b, int nbox, int k) {
    const double a = 0.2, ratio = pow(100.0, k);
    double top[3], bot[3], I[3];
    int i, c;
    rng_seed(seed_of("stack", nbox, k));
    build_init(b, "stack", nbox, k, 6 * nbox, 0, 0, 4 * nbox);
    for (i = 0; i < nbox; ++i) {
        double m = pow(ratio, (nbox > 1 ? (double)i / (nbox - 1) : 1.0) - 1);
        box_inertia(m, a, a, a, I);
        set_body(b, i, m, I[0], I[1], I[2]);
        b->vfree[6 * i + 2] = -GRAV * DT;
    }
    for (i = 0; i < nbox; ++i)
        for (c = 0; c < 4; ++c) {
            top[0] = bot[0] = (c & 1) ? a / 2 : -a / 2;
            top[1] = bot[1] = (c & 2) ? a / 2 : -a / 2;
            top[2] = -a / 2; /* the bottom corner of box i ...          */
            bot[2] = a / 2;  /* ... is a top corner of box i - 1        */
            add_point3(b, i, top, i - 1, bot);
            b->mu[4 * i + c] = 0.5;
        }
}

static void make_mixed(build *b, int K, int k) {
    const double L = 0.3, w = 0.1, h = 0.1;
    int bridge = (k == 1), ground = (k >= 3);
    int j0, j1, i, j, nb, nu = 0, nc = 0, c, any = 0;
    int limit[66][2], ncont[65];
    double mass[65], vel[65][6], I[3];
    if (K > 64) K = 64;
    memset(limit, 0, sizeof(limit));
    memset(ncont, 0, sizeof(ncont));
    rng_seed(seed_of("mixed", K, k));
    for (i = 0; i < K; ++i) {
        mass[i] = 0.5 + 1.5 * urand();
        vel[i][0] = 0.1 * srand1();
        vel[i][1] = 0.1 * srand1();
        vel[i][2] = 0;
        for (j = 3; j < 6; ++j) vel[i][j] = 0.05 * srand1();
    }
    /* joint j joins body j - 1 and body j (body -1 and body K: the world): joints j0..j1 */
    j0 = ground ? 1 : 0;
    j1 = bridge ? K : K - 1;
    for (j = j0; j <= j1; ++j) {
        if (bridge) { /* yaw limits on the inner joints only: a limit on every joint of the
                         closed loop, all biased, would have no solution (their rows sum to 0) */
            limit[j][0] = j >= 1 && j <= K - 1;
            continue;
        }
        limit[j][0] = urand() < 0.5; /* yaw   */
        limit[j][1] = urand() < 0.3; /* pitch */
    }
    for (j = j0; j <= j1; ++j) any |= limit[j][0] | limit[j][1];
    if (!any) limit[bridge ? 1 : K - 1][0] = 1;
    for (j = j0; j <= j1; ++j) nu += limit[j][0] + limit[j][1];
    for (i = 0; i < K; ++i) {
        double u = urand();
        ncont[i] = ground ? (u < 0.2 ? 0 : u < 0.5 ? 1 : 2) : 0;
        nc += ncont[i];
    }
    if (k == 2 || (ground && nc == 0)) { /* one contact at the free end / at least one */
        ncont[K - 1] = 1;
        nc = 1;
    }
    nb = 3 * (j1 - j0 + 1);
    build_init(b, "mixed", K, k, 6 * K, nb, nu, nc);
    for (i = 0; i < K; ++i) {
        box_inertia(mass[i], L, w, h, I);
        set_body(b, i, mass[i], I[0], I[1], I[2]);
        for (j = 0; j < 6; ++j) b->vfree[6 * i + j] = b->v0[6 * i + j] = vel[i][j];
        b->vfree[6 * i + 2] += -GRAV * DT;
    }
    /* ball joints: the joint point is at +L/2 along x of body j - 1 and at -L/2 of body j;
       the world's side contributes nothing (a fixed point) */
    for (j = j0; j <= j1; ++j) {
        double rp[3] = {L / 2, 0, 0}, rn[3] = {-L / 2, 0, 0};
        add_point3(b, j - 1, rp, j < K ? j : -1, rn);
    }
    /* limits: unilateral rows on the relative angular velocity, biased to be active */
    for (j = j0; j <= j1; ++j) {
        int next = j < K ? j : -1;
        if (limit[j][0]) {
            b->bias[b->row] = -(0.005 + 0.01 * urand());
            add_angular_row(b, j - 1, next, EZ);
        }
        if (limit[j][1]) {
            b->bias[b->row] = -(0.005 + 0.01 * urand());
            add_angular_row(b, j - 1, next, EY);
        }
    }
    /* ground contacts at the rod's bottom face */
    c = 0;
    for (i = 0; i < K; ++i) {
        static const double px[2] = {-0.12, 0.12}, py[2] = {0.05, -0.05};
        int q;
        for (q = 0; q < ncont[i]; ++q) {
            double r[3];
            int side = ncont[i] == 1 ? (k == 2 ? 1 : (i & 1)) : q;
            r[0] = px[side];
            r[1] = py[side];
            r[2] = -h / 2;
            add_point3(b, i, r, -1, r);
            b->mu[c++] = 0.6;
        }
    }
}

/* ---- linear algebra for the descriptors --------------------------------------------------- */
/* Singular values of X (r x c, row-major, overwritten) by one-sided Jacobi on its columns;
   sv gets the c column norms in descending order. */
static void jacobi_sv(double *X, int r, int c, double *sv) {
    int sweep, p, q, i, rotated = 1;
    for (sweep = 0; sweep < 80 && rotated; ++sweep) {
        rotated = 0;
        for (p = 0; p < c - 1; ++p)
            for (q = p + 1; q < c; ++q) {
                double app = 0, aqq = 0, apq = 0, zeta, t, cs, sn;
                for (i = 0; i < r; ++i) {
                    double xp = X[i * c + p], xq = X[i * c + q];
                    app += xp * xp;
                    aqq += xq * xq;
                    apq += xp * xq;
                }
                if (fabs(apq) <= 1e-15 * sqrt(app * aqq) || apq == 0) continue;
                rotated = 1;
                zeta = (aqq - app) / (2 * apq);
                t = (zeta >= 0 ? 1 : -1) / (fabs(zeta) + sqrt(1 + zeta * zeta));
                cs = 1 / sqrt(1 + t * t);
                sn = cs * t;
                for (i = 0; i < r; ++i) {
                    double xp = X[i * c + p], xq = X[i * c + q];
                    X[i * c + p] = cs * xp - sn * xq;
                    X[i * c + q] = sn * xp + cs * xq;
                }
            }
    }
    for (p = 0; p < c; ++p) {
        double s = 0;
        for (i = 0; i < r; ++i) s += X[i * c + p] * X[i * c + p];
        sv[p] = sqrt(s);
    }
    for (p = 1; p < c; ++p) { /* insertion sort, descending */
        double v = sv[p];
        for (q = p - 1; q >= 0 && sv[q] < v; --q) sv[q + 1] = sv[q];
        sv[q + 1] = v;
    }
}

/* singular values of A (m x nv): Jacobi on whichever of A, A^T has fewer columns; returns the
   count (min(m, nv)) in sv, descending */
static int singular_values(const double *A, int m, int nv, double *sv) {
    int i, j, cnt;
    double *X = (double *)xcalloc((size_t)m * nv, sizeof(double));
    if (m <= nv) { /* X = A^T: nv x m */
        for (i = 0; i < m; ++i)
            for (j = 0; j < nv; ++j) X[j * m + i] = A[i * nv + j];
        jacobi_sv(X, nv, m, sv);
        cnt = m;
    } else {
        memcpy(X, A, sizeof(double) * (size_t)m * nv);
        jacobi_sv(X, m, nv, sv);
        cnt = nv;
    }
    free(X);
    return cnt;
}

static int numerical_rank(const double *sv, int cnt, int m, int nv) {
    int r = 0;
    double tol = (m > nv ? m : nv) * DBL_EPSILON * (cnt > 0 ? sv[0] : 0);
    while (r < cnt && sv[r] > tol) ++r;
    return r;
}

typedef struct descriptors {
    double density; /* d_JC */
    int rank_J;
    double cond_G;  /* over the nonzero spectrum */
    const char *category;
} descriptors;

static void describe(const build *b, descriptors *d) {
    int m = b->m, nv = b->nv, cnt, rG, i, j, k;
    double *sv = (double *)xcalloc((size_t)(m + nv), sizeof(double));
    double *L = (double *)xcalloc((size_t)nv * nv, sizeof(double));
    double *B = (double *)xcalloc((size_t)m * nv, sizeof(double));
    double dJ, dJC;
    int nJ = b->nb + b->nu;
    cnt = singular_values(b->J, m, nv, sv);
    d->rank_J = numerical_rank(sv, cnt, m, nv);
    /* M = L L^T */
    memcpy(L, b->M, sizeof(double) * (size_t)nv * nv);
    cholesky(L, nv);
    /* B = J L^-T: row i of B solves L b = J_i^T (forward substitution) */
    for (i = 0; i < m; ++i)
        for (j = 0; j < nv; ++j) {
            double s = b->J[i * nv + j];
            for (k = 0; k < j; ++k) s -= L[j * nv + k] * B[i * nv + k];
            B[i * nv + j] = s / L[j * nv + j];
        }
    cnt = singular_values(B, m, nv, sv);
    rG = numerical_rank(sv, cnt, m, nv);
    if (rG != d->rank_J)
        fprintf(stderr, "suite: %s size %d instance %d: rank(J) = %d but rank(G) = %d\n",
                b->family, b->size, b->instance, d->rank_J, rG);
    d->cond_G = rG > 0 ? (sv[0] / sv[rG - 1]) * (sv[0] / sv[rG - 1]) : 1;
    dJ = (double)nJ / (6.0 * b->nbodies);
    dJC = (double)m / (6.0 * b->nbodies);
    d->density = dJC;
    if (b->nc == 0)
        d->category = d->rank_J == m ? "Independent Joints"
                      : dJ < 1        ? "Redundant Joints"
                                      : "Dense Joints";
    else if (nJ >= 1 && dJC > 1)
        d->category = "Dense Constraints";
    else if (b->nc == 1)
        d->category = "Single Contact";
    else if (b->nc <= 2 * b->nbodies)
        d->category = "Sparse Contacts";
    else
        d->category = "Dense Contacts";
    free(sv); free(L); free(B);
}

/* ---- solving and timing ------------------------------------------------------------------- */
static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static const char *status_token(ct_result r, ct_status s) {
    if (r != CT_OK) return "error";
    switch (s) {
        case CT_STATUS_CONVERGED: return "converged";
        case CT_STATUS_MAX_ITERATIONS: return "max_iter";
        case CT_STATUS_STALLED: return "stalled";
        case CT_STATUS_NUMERICAL_FAILURE: return "numerical_failure";
        default: return "error";
    }
}

typedef struct outcome {
    ct_result result;
    ct_info info;
    int repeats;
    double median_us;
    double ncp_abs, ncp_rel, model_abs; /* the CSV's residuals, force units (see COLUMNS) */
} outcome;

/* repeats solves from lambda0 (NULL: cold); lambda receives the answer */
static int g_warm_rho = 0;             /* -R */
static ct_solver_state g_cold_state;   /* -R: the state the last cold solve left */
static int g_have_cold_state = 0;

/* one solve: ct_solve, or with -R a solver object on ws's memory (setup and solve timed
   together, as ct_solve's own setup is), which keeps the cold solve's state for the warm one */
static ct_result one_solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws, ct_real *lambda,
                           ct_real *v, ct_info *info, int cold) {
    ct_solver sv;
    ct_result r;
    if (!g_warm_rho) return ct_solve(p, s, ws, lambda, v, info);
    if (ct_solver_init(&sv, ws->base, ws->size) != CT_OK) return CT_ERROR_INVALID_ARGUMENT;
    r = ct_solver_setup(&sv, p, s, info);
    if (r == CT_OK && !cold && g_have_cold_state) r = ct_solver_state_set(&sv, &g_cold_state, NULL);
    if (r == CT_OK) r = ct_solver_solve(&sv, lambda, v, info);
    if (r == CT_OK && cold) g_have_cold_state = ct_solver_state_get(&sv, &g_cold_state, NULL) == CT_OK;
    if (!cold) return r;
    g_cold_state.has_dual = 0; /* -R takes the penalty only */
    return r;
}

static void timed_solve(const ct_problem *p, const ct_settings *s0, ct_workspace *ws,
                        const ct_real *lambda0, ct_real *lambda, ct_real *v, int repeats,
                        outcome *o) {
    double t[MAX_REPEATS];
    int n = p->nb + p->nu + 3 * p->nc, r;
    ct_settings s = *s0;
    s.warm_start = lambda0 != NULL;
    /* -R: the warm start also takes the penalty of the cold solve that preceded it
       (admm.warm_rho); every repeat starts from that same state */
    if (lambda0 && g_warm_rho) s.admm.warm_rho = 1;
    if (!lambda0) g_have_cold_state = 0;
    o->repeats = 0;
    for (r = 0; r < repeats; ++r) {
        double t0;
        if (lambda0) memcpy(lambda, lambda0, sizeof(ct_real) * (size_t)(n ? n : 1));
        else memset(lambda, 0, sizeof(ct_real) * (size_t)(n ? n : 1));
        t0 = now_us();
        o->result = one_solve(p, &s, ws, lambda, v, &o->info, lambda0 == NULL);
        t[r] = now_us() - t0;
        o->repeats = r + 1;
        if (o->result != CT_OK || o->info.status != CT_STATUS_CONVERGED) break;
    }
    o->ncp_abs = (double)o->info.ncp.absolute;
    o->ncp_rel = (double)o->info.ncp.relative;
    o->model_abs = (double)o->info.model.absolute;
    qsort(t, (size_t)o->repeats, sizeof(double), cmp_double);
    o->median_us = o->repeats % 2 ? t[o->repeats / 2]
                                  : 0.5 * (t[o->repeats / 2 - 1] + t[o->repeats / 2]);
}

static void print_row(const build *b, const descriptors *d, const char *method,
                      const char *start, double tol, const outcome *o) {
    int n = b->m;
    printf("%s,%d,%d,%d,%d,%d,%d,%s,%s,%.0e,%d,%d,%.3f,%.6e,%.6e,%s,%.4f,%d,%.6e,%s,%d,%.6e\n",
           b->family, b->size, b->instance, b->nc, b->nb, b->nu, n, method, start, tol,
           o->repeats, o->info.iterations, o->median_us, o->ncp_abs, o->ncp_rel,
           status_token(o->result, o->info.status), d->density, d->rank_J, d->cond_G,
           d->category, o->result == CT_OK ? o->info.factorizations : 0, o->model_abs);
}

typedef struct options {
    int repeats, max_iter, ntol, warm;
    int phi0_rest;                          /* -P rest (1, default) or zero (0)            */
    double tol[MAX_TOLS];
    int nfamily, nvariant;
    const char *family[MAX_FAMILIES];
    const char *variant[MAX_VARIANTS];      /* method names or METHOD:rule=value (variant.h) */
    ct_settings settings[MAX_VARIANTS];     /* parsed from variant[] */
    int soft[MAX_VARIANTS];                 /* NEWTON_SOFT's ct_soft_model, else -1          */
} options;

/* ---- the soft problems of NEWTON_SOFT (SOFT MODELS in the top comment) -------------------- */
#define SOFT_TAU_D 1e-4  /* SAP dissipation time scale tau_d (s)                              */
#define SOFT_HC_D 10.0   /* Hunt-Crossley dissipation d (s/m); [Castro23] pairs 10 with 1e-4 s  */
#define SOFT_VS 1e-4     /* LAGGED, SIMILAR stiction tolerance v_s (m/s), [Castro23]            */
#define SOFT_SIGMA 1e-3  /* SAP R_t = sigma w; LAGGED, SIMILAR eq. 26 (Drake)                 */
#define SOFT_BETA 1.0    /* SAP near-rigid parameter (Drake)                                  */

typedef struct softset {
    ct_real *g, *g2;       /* J v_free, J v_free' (m/s): the pure free velocity, no bias      */
    ct_real *gm, *gm2;     /* the same + MuJoCo's vref (CT_SOFT_CCP)                          */
    ct_real *Rm, *Rj;      /* MuJoCo's R on every row; on joint and limit rows only          */
    ct_real *vref, *pos;   /* MuJoCo's reference velocity, pos = phi0 on the normal rows      */
    ct_real *phi0, *vn0, *k, *tau, *dhc, *lam;
    ct_real *gf, *lf, *vf; /* force-unit copies for the CSV's NCP residual                    */
    ct_soft sf[4];
    ct_problem p[4], p2[4]; /* by ct_soft_model: unperturbed (cold) and perturbed (warm)      */
} softset;

/* J x on the rows of b (impulse units: m/s) */
static void jmul(const build *b, const double *x, ct_real *out) {
    int i, j;
    for (i = 0; i < b->m; ++i) {
        double s = 0;
        for (j = 0; j < b->nv; ++j) s += b->J[i * b->nv + j] * x[j];
        out[i] = (ct_real)s;
    }
}

/* The soft problems of b from the same geometry: G of the rigid problem pr (force units, only
   its G is used, the same in both units), g = J v_free without the bias and not divided by dt,
   and the per-contact data. phi0 (rest = 1) = -lambda_n / k with lambda_n the rigid answer's
   normal force (ADMM_NCP to 1e-8): the springs carry, at the start of the step, the load the
   rigid solve finds; 0 with rest = 0. */
static void soft_build(const build *b, const ct_problem *pr, const double *vf2, int rest,
                       softset *S) {
    static const ct_real solref[2] = {(ct_real)0.02, 1};
    static const ct_real solimp[5] = {(ct_real)0.9, (ct_real)0.95, (ct_real)0.001, (ct_real)0.5, 2};
    const int n = b->m, c0 = b->nb + b->nu, nc = b->nc;
    size_t nn = (size_t)(n ? n : 1), nc1 = (size_t)(nc ? nc : 1);
    ct_real *v0c = (ct_real *)xcalloc(nn, sizeof(ct_real));
    ct_result res;
    int i, j, m;
    memset(S, 0, sizeof(*S));
    S->g = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->g2 = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->gm = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->gm2 = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->Rm = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->Rj = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->vref = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->pos = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->lam = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->gf = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->lf = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->vf = (ct_real *)xcalloc(nn, sizeof(ct_real));
    S->phi0 = (ct_real *)xcalloc(nc1, sizeof(ct_real));
    S->vn0 = (ct_real *)xcalloc(nc1, sizeof(ct_real));
    S->k = (ct_real *)xcalloc(nc1, sizeof(ct_real));
    S->tau = (ct_real *)xcalloc(nc1, sizeof(ct_real));
    S->dhc = (ct_real *)xcalloc(nc1, sizeof(ct_real));
    jmul(b, b->vfree, S->g);
    jmul(b, vf2, S->g2);
    jmul(b, b->v0, v0c);
    if (rest && nc > 0) { /* the rigid normal forces (N) */
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        ct_real *v = (ct_real *)xcalloc(nn, sizeof(ct_real));
        s.method = CT_METHOD_ADMM_NCP;
        s.stop = CT_STOP_ABSOLUTE;
        s.tol_abs = (ct_real)1e-8;
        s.max_iter = 10000;
        s.warm_start = 0;
        if (ct_workspace_alloc(&ws, pr->nb, pr->nu, pr->nc, &s, NULL) == CT_OK) {
            if (ct_solve(pr, &s, &ws, S->lam, v, &info) != CT_OK)
                memset(S->lam, 0, sizeof(ct_real) * nn);
            ct_workspace_free(&ws);
        }
        free(v);
    }
    for (i = 0; i < nc; ++i) {
        const int r = c0 + 3 * i;
        double f = 0, w, ln;
        for (j = 0; j < 3; ++j)
            for (m = 0; m < 3; ++m) f += (double)pr->G[(size_t)(r + j) * n + r + m] * pr->G[(size_t)(r + j) * n + r + m];
        w = sqrt(f) / 3; /* [Castro23]'s Delassus scale ||G_ii||_F / 3 (1/kg) */
        /* the near-rigid stiffness: contact period beta dt, SAP's clamp exactly (k_nr) */
        S->k[i] = (ct_real)(4 * PI * PI / (SOFT_BETA * SOFT_BETA * w * DT * (DT + SOFT_TAU_D)));
        S->tau[i] = (ct_real)SOFT_TAU_D;
        S->dhc[i] = (ct_real)SOFT_HC_D;
        ln = isfinite((double)S->lam[r + 2]) ? fmax(0.0, (double)S->lam[r + 2]) : 0;
        S->phi0[i] = (ct_real)(-ln / S->k[i]);
        S->vn0[i] = v0c[r + 2];
        S->pos[r + 2] = S->phi0[i];
    }
    /* MuJoCo's R and vref (position term only: vel = NULL adds no velocity bias, tangent_ref =
       0), then MuJoCo's elliptic-cone rule R_t = R_n / impratio with impratio = 1 (the helper's
       per-row R_t is the pyramidal form: unequal tangents, which CT_SOFT_CCP refuses) */
    res = ct_compliance_mujoco(pr, 0, n, solref, solimp, (ct_real)DT, S->pos, NULL, 0, S->Rm,
                               S->vref);
    if (res != CT_OK) {
        fprintf(stderr, "suite: ct_compliance_mujoco: %s\n", ct_result_string(res));
        exit(2);
    }
    for (i = 0; i < nc; ++i) S->Rm[c0 + 3 * i] = S->Rm[c0 + 3 * i + 1] = S->Rm[c0 + 3 * i + 2];
    for (i = 0; i < c0; ++i) S->Rj[i] = S->Rm[i];
    for (i = 0; i < n; ++i) {
        S->gm[i] = S->g[i] + S->vref[i];
        S->gm2[i] = S->g2[i] + S->vref[i];
    }
    for (m = 0; m < 4; ++m) {
        ct_soft *sf = &S->sf[m];
        sf->model = (ct_soft_model)m;
        sf->dt = (ct_real)DT;
        sf->phi0 = S->phi0;
        sf->vn0 = S->vn0;
        sf->k = S->k;
        sf->d = m == CT_SOFT_SAP ? S->tau : S->dhc;
        sf->v_s = (ct_real)SOFT_VS;
        sf->sigma = (ct_real)SOFT_SIGMA;
        sf->beta = (ct_real)SOFT_BETA;
        S->p[m] = *pr;
        S->p[m].g = m == CT_SOFT_CCP ? S->gm : S->g;
        S->p[m].R = m == CT_SOFT_CCP ? S->Rm : S->Rj;
        S->p[m].soft = m == CT_SOFT_CCP ? NULL : sf; /* NULL: CT_SOFT_CCP with p->R */
        S->p2[m] = S->p[m];
        S->p2[m].g = m == CT_SOFT_CCP ? S->gm2 : S->g2;
    }
    free(v0c);
}

static void soft_free(softset *S) {
    free(S->g); free(S->g2); free(S->gm); free(S->gm2); free(S->Rm); free(S->Rj); free(S->vref);
    free(S->pos); free(S->phi0); free(S->vn0); free(S->k); free(S->tau); free(S->dhc);
    free(S->lam); free(S->gf); free(S->lf); free(S->vf);
}

/* the CSV residuals of a soft answer (impulse units) in force units: model = info.model.absolute
   / dt (the SOFT law's natmap scales as 1/dt); NCP = ct_criteria(NCP) of (lambda / dt, v / dt)
   with g / dt, as the rigid methods' info.ncp (relative: unchanged by the scaling) */
static void soft_residuals(softset *S, const ct_problem *ps, int n, const ct_real *lambda,
                           const ct_real *v, outcome *o) {
    ct_problem pf = *ps;
    ct_residuals r;
    int i;
    if (o->result != CT_OK) return;
    for (i = 0; i < n; ++i) {
        S->gf[i] = (ct_real)(ps->g[i] / DT);
        S->lf[i] = (ct_real)(lambda[i] / DT);
        S->vf[i] = (ct_real)(v[i] / DT);
    }
    pf.g = S->gf;
    pf.soft = NULL;
    o->model_abs = (double)o->info.model.absolute / DT;
    if (ct_criteria(&pf, S->lf, S->vf, CT_FLAVOR_NCP, &r) == CT_OK) {
        o->ncp_abs = (double)r.absolute;
        o->ncp_rel = (double)r.relative;
    }
}

/* G, g (unperturbed) and g' (perturbed) of a build, then every variant x start x tolerance */
static int run_problem(build *b, const options *opt) {
    int n = b->m, nv = b->nv, i, j, mth, ti, errors = 0;
    size_t nn = (size_t)(n ? n : 1);
    ct_real *G = (ct_real *)xcalloc(nn * nn, sizeof(ct_real));
    ct_real *g = (ct_real *)xcalloc(nn, sizeof(ct_real));
    ct_real *g2 = (ct_real *)xcalloc(nn, sizeof(ct_real));
    ct_real *mu = (ct_real *)xcalloc((size_t)(b->nc ? b->nc : 1), sizeof(ct_real));
    ct_real *lambda = (ct_real *)xcalloc(nn, sizeof(ct_real));
    ct_real *lcold = (ct_real *)xcalloc(nn, sizeof(ct_real));
    ct_real *v = (ct_real *)xcalloc(nn, sizeof(ct_real));
    double *vf2 = (double *)xcalloc((size_t)nv, sizeof(double));
    double *Gd = (double *)xcalloc(nn * nn, sizeof(double));
    double *gd = (double *)xcalloc(nn, sizeof(double));
    double *scr = (double *)xcalloc(ct_delassus_scratch_size(nv, n) + 1, sizeof(double));
    double vmax = 0;
    descriptors d;
    ct_problem p, p2;
    ct_result res;
    softset S;
    int any_soft = 0;

    if (b->row != n) {
        fprintf(stderr, "suite: %s %d %d: %d rows filled of %d\n", b->family, b->size,
                b->instance, b->row, n);
        exit(2);
    }
    describe(b, &d);
    memset(&p, 0, sizeof(p)); /* fields set below; the rest (soft) stays NULL */
    /* the perturbed free velocity of the warm start (drawn after the problem's own numbers) */
    rng_seed(seed_of(b->family, b->size, b->instance) ^ 0xABCDEF12345ULL);
    for (i = 0; i < nv; ++i) vmax = fmax(vmax, fabs(b->vfree[i]));
    for (i = 0; i < nv; ++i) vf2[i] = b->vfree[i] + 1e-3 * vmax * srand1();

    res = ct_delassus_from_mj(nv, n, b->M, b->J, b->vfree, Gd, gd, scr);
    if (res != CT_OK) {
        fprintf(stderr, "suite: delassus: %s\n", ct_result_string(res));
        exit(2);
    }
    for (i = 0; i < n; ++i)
        for (j = 0; j < n; ++j) G[i * n + j] = (ct_real)(0.5 * (Gd[i * n + j] + Gd[j * n + i]));
    for (i = 0; i < n; ++i) g[i] = (ct_real)((gd[i] + b->bias[i]) / DT);
    for (i = 0; i < n; ++i) {
        double s = 0;
        for (j = 0; j < nv; ++j) s += b->J[i * nv + j] * vf2[j];
        g2[i] = (ct_real)((s + b->bias[i]) / DT);
    }
    for (i = 0; i < b->nc; ++i) mu[i] = (ct_real)b->mu[i];
    p.nb = b->nb; p.nu = b->nu; p.nc = b->nc; p.G = G; p.g = g; p.mu = b->nc ? mu : NULL;
    p.R = NULL;
    p2 = p;
    p2.g = g2;
    for (mth = 0; mth < opt->nvariant; ++mth) any_soft |= opt->soft[mth] >= 0;
    if (any_soft) soft_build(b, &p, vf2, opt->phi0_rest, &S);

    for (mth = 0; mth < opt->nvariant; ++mth) {
        const char *name = opt->variant[mth];
        ct_settings s = opt->settings[mth];
        ct_workspace ws;
        const int sm = opt->soft[mth];
        const ct_problem *pc = sm >= 0 ? &S.p[sm] : &p, *pw = sm >= 0 ? &S.p2[sm] : &p2;
        s.stop = CT_STOP_ABSOLUTE;
        s.max_iter = opt->max_iter;
        res = ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL);
        if (res != CT_OK) {
            fprintf(stderr, "suite: %s workspace: %s\n", name, ct_result_string(res));
            ++errors;
            continue;
        }
        for (ti = 0; ti < opt->ntol; ++ti) {
            outcome oc, ow;
            /* soft problems are in impulse units: the force tolerance times dt */
            s.tol_abs = (ct_real)(sm >= 0 ? opt->tol[ti] * DT : opt->tol[ti]);
            timed_solve(pc, &s, &ws, NULL, lambda, v, opt->repeats, &oc);
            if (sm >= 0) soft_residuals(&S, pc, n, lambda, v, &oc);
            print_row(b, &d, name, "cold", opt->tol[ti], &oc);
            ow.result = CT_OK;
            if (opt->warm) {
                memcpy(lcold, lambda, sizeof(ct_real) * nn);
                for (i = 0; i < n; ++i) /* a failed solve may leave a non-finite point */
                    if (!isfinite((double)lcold[i])) lcold[i] = 0;
                timed_solve(pw, &s, &ws, lcold, lambda, v, opt->repeats, &ow);
                if (sm >= 0) soft_residuals(&S, pw, n, lambda, v, &ow);
                print_row(b, &d, name, "warm", opt->tol[ti], &ow);
            }
            if (oc.result != CT_OK || ow.result != CT_OK) {
                fprintf(stderr, "suite: %s %d %d %s: %s / %s\n", b->family, b->size,
                        b->instance, name, ct_result_string(oc.result),
                        ct_result_string(ow.result));
                ++errors;
            }
        }
        ct_workspace_free(&ws);
        fflush(stdout);
    }
    free(G); free(g); free(g2); free(mu); free(lambda); free(lcold); free(v); free(vf2);
    free(Gd); free(gd); free(scr);
    if (any_soft) soft_free(&S);
    return errors;
}

static int want(const options *opt, const char *family) {
    int i;
    for (i = 0; i < opt->nfamily; ++i)
        if (strcmp(opt->family[i], family) == 0) return 1;
    return opt->nfamily == 0;
}

/* split s (modified in place) at commas into at most cap items; returns the count, -1 when
   there are more */
static int split_list(char *s, const char **items, int cap) {
    int n = 0;
    while (*s) {
        char *c = strchr(s, ',');
        if (c) *c = 0;
        if (*s) {
            if (n == cap) return -1;
            items[n++] = s;
        }
        if (!c) break;
        s = c + 1;
    }
    return n;
}

int main(int argc, char **argv) {
    static const int robot_nc[] = {4, 8, 12, 20, 30};
    static const int stack_boxes[] = {2, 3, 5, 8, 12, 15};
    static const int chain_bodies[] = {2, 4, 8, 16};
    static const char *family_names[] = {"robot", "box_plane4", "box_plane8", "stack", "mixed"};
    options opt;
    build b;
    const char *method = NULL;
    int i, k, errors = 0, use_variants = 0;
    double t0 = now_us();
    opt.repeats = 5;
    opt.max_iter = 10000;
    opt.ntol = 2;
    opt.tol[0] = 1e-6;
    opt.tol[1] = 1e-8;
    opt.warm = 1;
    opt.phi0_rest = 1;
    opt.nfamily = opt.nvariant = 0;
    for (i = 1; i < argc; ++i) {
        if (i + 1 < argc && strcmp(argv[i], "-r") == 0) {
            opt.repeats = atoi(argv[++i]);
            if (opt.repeats < 1) opt.repeats = 1;
            if (opt.repeats > MAX_REPEATS) opt.repeats = MAX_REPEATS;
        } else if (i + 1 < argc && strcmp(argv[i], "-x") == 0) {
            opt.max_iter = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "-f") == 0) {
            int f, ok;
            opt.nfamily = split_list(argv[++i], opt.family, MAX_FAMILIES);
            for (f = 0, ok = opt.nfamily > 0; ok && f < opt.nfamily; ++f) {
                ok = 0;
                for (k = 0; k < (int)(sizeof(family_names) / sizeof(family_names[0])); ++k)
                    ok |= strcmp(opt.family[f], family_names[k]) == 0;
            }
            if (!ok) {
                fprintf(stderr, "suite: bad -f (families: robot box_plane4 box_plane8 stack mixed)\n");
                return 2;
            }
        } else if (i + 1 < argc && strcmp(argv[i], "-m") == 0) {
            method = argv[++i];
        } else if (i + 1 < argc && strcmp(argv[i], "-V") == 0) {
            opt.nvariant = split_list(argv[++i], opt.variant, MAX_VARIANTS);
            use_variants = 1;
            if (opt.nvariant <= 0) {
                fprintf(stderr, "suite: bad -V (1 to %d comma-separated variants)\n", MAX_VARIANTS);
                return 2;
            }
        } else if (strcmp(argv[i], "-R") == 0) {
            g_warm_rho = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "-P") == 0) {
            ++i;
            if (strcmp(argv[i], "rest") == 0) opt.phi0_rest = 1;
            else if (strcmp(argv[i], "zero") == 0) opt.phi0_rest = 0;
            else {
                fprintf(stderr, "suite: bad -P %s (rest or zero)\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && strcmp(argv[i], "-s") == 0) {
            ++i;
            if (strcmp(argv[i], "cold") == 0) opt.warm = 0;
            else if (strcmp(argv[i], "both") == 0) opt.warm = 1;
            else {
                fprintf(stderr, "suite: bad -s %s (cold or both)\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && strcmp(argv[i], "-t") == 0) {
            char *s = argv[++i], *end;
            opt.ntol = 0;
            while (*s && opt.ntol < MAX_TOLS) {
                double t = strtod(s, &end);
                if (end == s || !(t > 0)) break;
                opt.tol[opt.ntol++] = t;
                s = *end == ',' ? end + 1 : end;
            }
            if (opt.ntol == 0) {
                fprintf(stderr, "suite: bad -t %s\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr,
                    "usage: %s [-r repeats] [-t tol[,tol...]] [-f family[,family...]] "
                    "[-m method | -V variant[,variant...]] [-s cold|both] [-x max_iter] "
                    "[-P rest|zero] [-R]\n"
                    "  families: robot box_plane4 box_plane8 stack mixed\n"
                    "  variant: METHOD[:linear=TAU|:spectral=STEP|:fixed=RHO0] or "
                    "NEWTON_SOFT[:ccp_mujoco|:sap|:lagged|:similar]\n",
                    argv[0]);
            return 2;
        }
    }
    if (use_variants && method) {
        fprintf(stderr, "suite: -m and -V exclude each other\n");
        return 2;
    }
    if (!use_variants) /* every method of the header (or the one of -m), default settings */
        for (k = 0; k < (int)CT_METHOD_COUNT_; ++k)
            if (!method || strcmp(method, ct_method_string((ct_method)k)) == 0)
                opt.variant[opt.nvariant++] = ct_method_string((ct_method)k);
    if (opt.nvariant == 0) {
        fprintf(stderr, "suite: unknown method -m %s\n", method);
        return 2;
    }
    for (k = 0; k < opt.nvariant; ++k) {
        opt.settings[k] = ct_default_settings();
        if (bench_variant_parse_soft(opt.variant[k], &opt.settings[k], &opt.soft[k]) != 0)
            return 2;
    }
    printf("family,size,instance,nc,nb,nu,n,method,start,tol,repeats,iterations,median_us,"
           "ncp_residual,relative_error,status,density_J,rank_J,cond_G,category,factorizations,"
           "model_residual\n");
    if (want(&opt, "robot"))
        for (i = 0; i < (int)(sizeof(robot_nc) / sizeof(robot_nc[0])); ++i)
            for (k = 0; k < 5; ++k) {
                make_robot(&b, robot_nc[i], k);
                errors += run_problem(&b, &opt);
                build_free(&b);
            }
    for (i = 0; i < 2; ++i) {
        const char *fam = i ? "box_plane8" : "box_plane4";
        if (!want(&opt, fam)) continue;
        for (k = 0; k < 15; ++k) {
            make_box(&b, fam, i ? 8 : 4, k);
            errors += run_problem(&b, &opt);
            build_free(&b);
        }
    }
    if (want(&opt, "stack"))
        for (i = 0; i < (int)(sizeof(stack_boxes) / sizeof(stack_boxes[0])); ++i)
            for (k = 0; k < 4; ++k) {
                make_stack(&b, stack_boxes[i], k);
                errors += run_problem(&b, &opt);
                build_free(&b);
                fprintf(stderr, "suite: stack %d/%d done (%.1f s)\n", stack_boxes[i], k,
                        (now_us() - t0) * 1e-6);
            }
    if (want(&opt, "mixed"))
        for (i = 0; i < (int)(sizeof(chain_bodies) / sizeof(chain_bodies[0])); ++i)
            for (k = 0; k < 5; ++k) {
                make_mixed(&b, chain_bodies[i], k);
                errors += run_problem(&b, &opt);
                build_free(&b);
            }
    fprintf(stderr, "suite: %d methods, %.1f s, %d errors\n", opt.nvariant,
            (now_us() - t0) * 1e-6, errors);
    return errors ? 1 : 0;
}
