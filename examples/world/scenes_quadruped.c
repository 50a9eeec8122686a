/* scenes_quadruped.c - a quadruped on the world layer and [Hwangbo18]'s experiments on it
   (scenes.h). */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#endif
#include "scenes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PI 3.14159265358979323846
#define GRAV 9.81

/* geometry (m) and masses (kg): ANYmal-like, 36 kg */
#define Q_BASE_HX 0.30
#define Q_BASE_HY 0.12
#define Q_BASE_HZ 0.08
#define Q_BASE_M 20.0
#define Q_HIP_X 0.28   /* hip abduction joints at (+-0.28, +-0.12, 0) in the base frame       */
#define Q_HIP_Y 0.12
#define Q_HIP_OFF 0.08 /* hip flexion joint 8 cm further out                                  */
#define Q_HIP_M 2.0
#define Q_THIGH_M 1.5
#define Q_FOOT_M 0.5   /* the shank, lumped at its foot                                       */
#define Q_LEN 0.25     /* thigh and shank length                                              */
#define Q_FOOT_R 0.03
#define Q_STAND 0.40   /* hip flexion joint above the foot when standing                      */
#define Q_KP 400.0     /* N m / rad                                                           */
#define Q_KD 10.0      /* N m s / rad                                                         */
#define Q_FOOT_MU 0.8

const ct_method quad_methods[QUAD_METHODS] = {CT_METHOD_RAISIM, CT_METHOD_PGS_NCP, CT_METHOD_NBGS,
                                              CT_METHOD_ADMM_NCP, CT_METHOD_NEWTON_NCP,
                                              CT_METHOD_RAISIM_DS};

const char *quad_task_name(quad_task t) {
    static const char *names[QUAD_TASKS] = {"trot", "hang", "drop", "random", "push"};
    return (unsigned)t < QUAD_TASKS ? names[t] : "?";
}

typedef struct quad {
    world w;
    int base, hip[4], thigh[4], foot[4];
    int jhaa[4], jhfe[4], jkfe[4];
    double side_x[4], side_y[4]; /* +-1 */
    double at0, as0;             /* nominal thigh and shank angles from the vertical (rad) */
} quad;

static double now_s(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

/* a point of the base frame to the world, the base at x0 with rotation q0 */
static void base_point(const double x0[3], const double q0[4], const double p[3], double out[3]) {
    double r[3];
    world_quat_rotate(q0, p, r);
    out[0] = x0[0] + r[0]; out[1] = x0[1] + r[1]; out[2] = x0[2] + r[2];
}

/* Builds the robot standing (joint angles 0 = the standing pose), the base at x0 rotated by q0
   (the identity, or upside down for the hang). */
static int quad_build(quad *Q, const sc_opts *o, const double x0[3], const double q0[4], int base_collides) {
    world *w = &Q->w;
    const double xa[3] = {1, 0, 0}, ya[3] = {0, 1, 0};
    int l;
    memset(Q, 0, sizeof(*Q));
    if (world_init(w, 13, 12, 64) != CT_OK) return 0;
    w->dt = o->dt;
    w->beta_joint = o->beta_joint;
    w->settings.method = o->method;
    w->settings.tol_abs = (ct_real)o->tol;
    w->settings.max_iter = o->max_iter;
    w->storage = WORLD_STORAGE_DENSE; /* the solve hook reads a dense G */
    Q->at0 = acos(Q_STAND / (2 * Q_LEN));
    Q->as0 = -Q->at0;
    Q->base = world_add_box(w, Q_BASE_HX, Q_BASE_HY, Q_BASE_HZ, Q_BASE_M, x0);
    memcpy(w->body[Q->base].q, q0, 4 * sizeof(double));
    if (!base_collides) w->body[Q->base].no_collide = WORLD_NO_GROUND | WORLD_NO_BODIES;
    for (l = 0; l < 4; ++l) { /* FL, FR, RL, RR */
        double sx = l < 2 ? 1 : -1, sy = (l % 2 == 0) ? 1 : -1, p[3], c[3], qq[4], qt[4], ax[3];
        double haa[3], hfe[3], knee[3], foot[3], dt_[3], ds_[3];
        int k;
        Q->side_x[l] = sx;
        Q->side_y[l] = sy;
        p[0] = sx * Q_HIP_X; p[1] = sy * Q_HIP_Y; p[2] = 0;
        base_point(x0, q0, p, haa);
        p[1] = sy * (Q_HIP_Y + Q_HIP_OFF);
        base_point(x0, q0, p, hfe);
        dt_[0] = sin(Q->at0); dt_[1] = 0; dt_[2] = -cos(Q->at0); /* in the base frame */
        ds_[0] = sin(Q->as0); ds_[1] = 0; ds_[2] = -cos(Q->as0);
        for (k = 0; k < 3; ++k) p[k] = (k == 1 ? sy * (Q_HIP_Y + Q_HIP_OFF) : k == 0 ? sx * Q_HIP_X : 0) + Q_LEN * dt_[k];
        base_point(x0, q0, p, knee);
        for (k = 0; k < 3; ++k) p[k] += Q_LEN * ds_[k];
        base_point(x0, q0, p, foot);
        /* hip link between the two hip joints */
        for (k = 0; k < 3; ++k) c[k] = 0.5 * (haa[k] + hfe[k]);
        Q->hip[l] = world_add_box(w, 0.04, 0.04, 0.04, Q_HIP_M, c);
        memcpy(w->body[Q->hip[l]].q, q0, 4 * sizeof(double));
        /* thigh: a box along its length, rotated about y by -at0 in the base frame */
        for (k = 0; k < 3; ++k) c[k] = 0.5 * (hfe[k] + knee[k]);
        Q->thigh[l] = world_add_box(w, 0.025, 0.025, Q_LEN / 2, Q_THIGH_M, c);
        world_quat_from_axis_angle(ya, -Q->at0, qt);
        {
            double a[4], b[4];
            memcpy(a, q0, sizeof(a));
            memcpy(b, qt, sizeof(b));
            /* q0 * qt */
            qq[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
            qq[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
            qq[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
            qq[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
        }
        memcpy(w->body[Q->thigh[l]].q, qq, sizeof(qq));
        /* shank + foot: a sphere at the foot */
        Q->foot[l] = world_add_sphere(w, Q_FOOT_R, Q_FOOT_M, foot);
        memcpy(w->body[Q->foot[l]].q, q0, 4 * sizeof(double));
        w->body[Q->foot[l]].inertia[0] = w->body[Q->foot[l]].inertia[1] = w->body[Q->foot[l]].inertia[2] =
            Q_FOOT_M * Q_LEN * Q_LEN / 12; /* a rod's */
        w->body[Q->foot[l]].mu = Q_FOOT_MU;
        w->body[Q->foot[l]].no_collide = WORLD_NO_BODIES;
        w->body[Q->hip[l]].no_collide = WORLD_NO_GROUND | WORLD_NO_BODIES;
        w->body[Q->thigh[l]].no_collide = WORLD_NO_GROUND | WORLD_NO_BODIES;
        world_quat_rotate(q0, xa, ax);
        Q->jhaa[l] = world_add_joint(w, WORLD_REVOLUTE, Q->base, Q->hip[l], haa, ax);
        world_quat_rotate(q0, ya, ax);
        Q->jhfe[l] = world_add_joint(w, WORLD_REVOLUTE, Q->hip[l], Q->thigh[l], hfe, ax);
        Q->jkfe[l] = world_add_joint(w, WORLD_REVOLUTE, Q->thigh[l], Q->foot[l], knee, ax);
        /* limits about the standing pose (rad): abduction +-0.6, flexion +-1.2, the knee from
           1.2 toward straight (1.29 is straight) to 1.3 more bent */
        world_set_limit(w, Q->jhaa[l], -0.6, 0.6);
        world_set_limit(w, Q->jhfe[l], -1.2, 1.2);
        world_set_limit(w, Q->jkfe[l], -1.2, 1.3);
        world_set_drive(w, Q->jhaa[l], 0, 0, Q_KP, Q_KD);
        world_set_drive(w, Q->jhfe[l], 0, 0, Q_KP, Q_KD);
        world_set_drive(w, Q->jkfe[l], 0, 0, Q_KP, Q_KD);
    }
    return 1;
}

/* joint targets that put foot l at (px, pz) from its hip flexion joint in the base frame
   (px forward, pz < 0 down); the knee bends forward */
static void quad_leg_ik(quad *Q, int l, double px, double pz, double qd_scale) {
    double d = sqrt(px * px + pz * pz), beta = atan2(px, -pz), delta, at, as;
    (void)qd_scale;
    if (d > 2 * Q_LEN * 0.999) d = 2 * Q_LEN * 0.999;
    delta = acos(d / (2 * Q_LEN));
    at = beta + delta;
    as = beta - delta;
    /* a rotation by +q about +y turns the downward direction toward -x: angle = -q */
    Q->w.joint[Q->jhfe[l]].target = -(at - Q->at0);
    Q->w.joint[Q->jkfe[l]].target = -((as - at) - (Q->as0 - Q->at0));
}

static double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/* the base's tilt: the angle between its z axis and the world's (rad) */
static double base_tilt(const quad *Q) {
    const double z[3] = {0, 0, 1};
    double bz[3];
    world_quat_rotate(Q->w.body[Q->base].q, z, bz);
    return acos(clampd(bz[2], -1, 1));
}

/* a uniform random number in [0, 1) (a fixed LCG: the runs are reproducible) */
static double rnd(unsigned long *s) {
    *s = (*s * 6364136223846793005UL + 1442695040888963407UL) & 0xffffffffffffffffUL;
    return (double)((*s >> 11) & 0x1fffffffffffffUL) / 9007199254740992.0;
}
static double gauss(unsigned long *s) {
    double u = rnd(s), v = rnd(s);
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2 * log(u)) * cos(2 * PI * v);
}

/* ---- the analysis of each step's contact problem ---- */
typedef struct quad_an {
    double dt;
    int enabled;
    int maxn;
    ct_real *S, *gr, *Rr, *mu, *B, *X, *scratch, *lr, *ln, *vr, *lt;
    ct_workspace ws;
    double *diff, *diff_ds;
    int ndiff, cap, ref_failed, max_contacts;
    double *mt[QUAD_METHODS], *mi[QUAD_METHODS];
    int mfail[QUAD_METHODS], nm;
} quad_an;

static int an_init(quad_an *a, double dt, int cap) {
    const int maxn = 90, maxr = 3 * 16 + 16;
    ct_settings s = ct_default_settings();
    size_t bytes = 0, b;
    int m;
    memset(a, 0, sizeof(*a));
    a->dt = dt;
    a->maxn = maxn;
    a->cap = cap;
    a->S = (ct_real *)malloc(sizeof(ct_real) * (size_t)(maxr * maxr));
    a->gr = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->Rr = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->mu = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->lr = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->ln = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->lt = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxn);
    a->vr = (ct_real *)malloc(sizeof(ct_real) * (size_t)maxr);
    a->B = (ct_real *)malloc(sizeof(ct_real) * (size_t)(maxn * maxn));
    a->X = (ct_real *)malloc(sizeof(ct_real) * (size_t)(maxn * maxr));
    a->scratch = (ct_real *)malloc(sizeof(ct_real) * (ct_cholesky_scratch_size(maxn) + 1));
    a->diff = (double *)malloc(sizeof(double) * (size_t)cap);
    a->diff_ds = (double *)malloc(sizeof(double) * (size_t)cap);
    for (m = 0; m < QUAD_METHODS; ++m) {
        a->mt[m] = (double *)malloc(sizeof(double) * (size_t)cap);
        a->mi[m] = (double *)malloc(sizeof(double) * (size_t)cap);
        if (!a->mt[m] || !a->mi[m]) return 0;
    }
    for (m = 0; m < CT_METHOD_COUNT_; ++m) {
        s.method = (ct_method)m;
        if (m == CT_METHOD_NEWTON_SOFT) continue;
        if (ct_workspace_size(0, 16, 16, &s, &b) == CT_OK && b > bytes) bytes = b;
    }
    {
        void *mem = malloc(bytes + 64);
        if (!mem || ct_workspace_init(&a->ws, mem, bytes + 64) != CT_OK) { free(mem); return 0; }
        a->ws.mem = mem; /* freed by an_free */
    }
    return a->S && a->gr && a->Rr && a->mu && a->lr && a->ln && a->lt && a->vr && a->B && a->X &&
           a->scratch && a->diff && a->diff_ds;
}

static void an_free(quad_an *a) {
    int m;
    free(a->S); free(a->gr); free(a->Rr); free(a->mu); free(a->lr); free(a->ln); free(a->lt);
    free(a->vr); free(a->B); free(a->X); free(a->scratch); free(a->diff); free(a->diff_ds);
    for (m = 0; m < QUAD_METHODS; ++m) { free(a->mt[m]); free(a->mi[m]); }
    free(a->ws.mem);
    memset(a, 0, sizeof(*a));
}

/* the reference: NEWTON_NCP to 1e-12 N s, then HYBRID_NCP if Newton stalls */
static int solve_reference(quad_an *a, const ct_problem *p, ct_real *lam) {
    ct_settings s = ct_default_settings();
    ct_info info;
    const ct_method tries[2] = {CT_METHOD_NEWTON_NCP, CT_METHOD_HYBRID_NCP};
    int t, n = p->nu + 3 * p->nc;
    for (t = 0; t < 2; ++t) {
        ct_real v[64];
        s.method = tries[t];
        s.tol_abs = (ct_real)1e-12;
        s.max_iter = 500;
        s.warm_start = 0;
        memset(lam, 0, sizeof(ct_real) * (size_t)n);
        if (ct_solve(p, &s, &a->ws, lam, v, &info) == CT_OK && info.status == CT_STATUS_CONVERGED &&
            (double)info.ncp.absolute <= 1e-12)
            return 1;
    }
    return 0;
}

static void quad_hook(void *user, const ct_problem *p, const ct_real *lambda, const ct_info *inf) {
    quad_an *a = (quad_an *)user;
    const int nb = p->nb, m = p->nu + 3 * p->nc, n = nb + m;
    int i, j, k, meth;
    ct_problem red;
    double dn = 0, dd = 0, dds = 0;
    (void)lambda;
    (void)inf;
    if (!a->enabled || p->nc == 0 || !p->G || nb > a->maxn || m > 64 || a->ndiff >= a->cap) return;
    if (p->nc > a->max_contacts) a->max_contacts = p->nc;
    /* B = G_bb + R_b (the joint and drive rows: a drive is a compliant row) */
    for (i = 0; i < nb; ++i)
        for (j = 0; j < nb; ++j)
            a->B[i * nb + j] = p->G[(size_t)i * n + j] + (i == j && p->R ? p->R[i] : 0);
    if (ct_cholesky_factor(a->B, nb, nb, 0, a->scratch, NULL) != CT_OK) return;
    /* X = B^-1 G_br, column by column; gb = B^-1 g_b */
    for (k = 0; k < m; ++k) {
        for (i = 0; i < nb; ++i) a->lt[i] = p->G[(size_t)i * n + nb + k];
        ct_cholesky_solve(a->B, nb, nb, a->lt);
        for (i = 0; i < nb; ++i) a->X[(size_t)i * m + k] = a->lt[i];
    }
    for (i = 0; i < nb; ++i) a->lt[i] = p->g[i];
    ct_cholesky_solve(a->B, nb, nb, a->lt);
    /* S = G_rr - G_rb X, g_r' = g_r - G_rb B^-1 g_b, in impulses (x dt): v = S l + dt g' */
    for (i = 0; i < m; ++i) {
        double gi = p->g[nb + i];
        for (k = 0; k < nb; ++k) gi -= p->G[(size_t)(nb + i) * n + k] * a->lt[k];
        a->gr[i] = (ct_real)(gi * a->dt);
        a->Rr[i] = p->R ? p->R[nb + i] : 0;
        for (j = 0; j < m; ++j) {
            double s = p->G[(size_t)(nb + i) * n + nb + j];
            for (k = 0; k < nb; ++k) s -= p->G[(size_t)(nb + i) * n + k] * a->X[(size_t)k * m + j];
            a->S[i * m + j] = (ct_real)s;
        }
    }
    for (i = 0; i < m; ++i) /* symmetric to rounding */
        for (j = 0; j < i; ++j) a->S[i * m + j] = a->S[j * m + i] = (ct_real)(0.5 * (a->S[i * m + j] + a->S[j * m + i]));
    for (i = 0; i < p->nc; ++i) a->mu[i] = p->mu[i];
    red = ct_problem_dense(0, p->nu, p->nc, a->S, a->gr, a->mu);
    for (i = 0; i < m; ++i)
        if (a->Rr[i] != 0) red.R = a->Rr;
    if (!solve_reference(a, &red, a->ln)) {
        a->ref_failed++;
        return;
    }
    /* every method at RaiSim's termination, 1e-6 N s, from zero */
    for (meth = 0; meth < QUAD_METHODS; ++meth) {
        ct_settings s = ct_default_settings();
        ct_info info;
        double t0;
        s.method = quad_methods[meth];
        s.tol_abs = (ct_real)1e-6;
        s.max_iter = 10000;
        s.warm_start = 0;
        if (s.method == CT_METHOD_PGS_NCP) s.pgs.omega = (ct_real)0.6; /* [Hwangbo18] Sec. V-C */
        memset(a->lr, 0, sizeof(ct_real) * (size_t)m);
        t0 = now_s();
        if (ct_solve(&red, &s, &a->ws, a->lr, a->vr, &info) != CT_OK) info.status = CT_STATUS_NOT_SOLVED;
        a->mt[meth][a->ndiff] = 1e6 * (now_s() - t0);
        a->mi[meth][a->ndiff] = info.iterations;
        if (info.status != CT_STATUS_CONVERGED) a->mfail[meth]++;
        if (s.method == CT_METHOD_RAISIM) /* its agreement with the Coulomb NCP */
            for (i = 0; i < m; ++i) {
                dd += ((double)a->lr[i] - (double)a->ln[i]) * ((double)a->lr[i] - (double)a->ln[i]);
                dn += (double)a->ln[i] * (double)a->ln[i];
            }
        if (s.method == CT_METHOD_RAISIM_DS) /* the same bisection on the NCP ([Tsounis25]) */
            for (i = 0; i < m; ++i)
                dds += ((double)a->lr[i] - (double)a->ln[i]) * ((double)a->lr[i] - (double)a->ln[i]);
    }
    a->diff_ds[a->ndiff] = dn > 0 ? sqrt(dds / dn) : 0;
    a->diff[a->ndiff++] = dn > 0 ? sqrt(dd / dn) : 0;
}

static int cmp_double(const void *x, const void *y) {
    const double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}
static double median(double *v, int n) {
    if (n <= 0) return 0;
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return v[n / 2];
}

sc_result quad_run(const sc_opts *o, quad_task task, double seconds, int analyse, quad_stats *st) {
    sc_result r;
    quad Q;
    quad_an an;
    world *w = &Q.w;
    double x0[3] = {0, 0, 0}, q0[4] = {1, 0, 0, 0}, *step_t, *solve_t, vsum = 0, x_start;
    const int n = (int)(seconds / o->dt + 0.5);
    unsigned long seed = 12345;
    int k, l, nsolved = 0, unconv = 0;
    memset(&r, 0, sizeof(r));
    memset(st, 0, sizeof(*st));
    x0[2] = Q_STAND + Q_FOOT_R; /* the feet on the ground */
    if (task == QUAD_HANG) {
        const double xa[3] = {1, 0, 0};
        world_quat_from_axis_angle(xa, PI, q0); /* upside down: the feet above the base */
        x0[2] = 1.0;
    } else if (task == QUAD_DROP || task == QUAD_RANDOM) {
        x0[2] = 1.0;
    }
    if (!quad_build(&Q, o, x0, q0, task != QUAD_HANG)) { r.failed = 1; return r; }
    step_t = (double *)malloc(sizeof(double) * (size_t)(n + 1));
    solve_t = (double *)malloc(sizeof(double) * (size_t)(n + 1));
    if (!step_t || !solve_t || (analyse && !an_init(&an, o->dt, n + 1))) {
        free(step_t); free(solve_t);
        world_free(w);
        r.failed = 1;
        return r;
    }
    if (analyse) {
        an.enabled = 1;
        w->solve_hook = quad_hook;
        w->solve_hook_user = &an;
    }
    if (task == QUAD_DROP)
        for (k = 0; k < w->nbody; ++k) w->body[k].v[0] = 1.0;
    x_start = w->body[Q.base].x[0];
    if (o->csv) fprintf(o->csv, "t,x,y,z,tilt,contacts,diff\n");
    for (k = 0; k < n; ++k) {
        const double t = k * o->dt;
        double s0, s1;
        ct_result res;
        if (task == QUAD_TROT) {
            const double T = 0.36, A = 0.08, H = 0.06, ramp = t < 0.5 ? t / 0.5 : 1;
            for (l = 0; l < 4; ++l) {
                const int pair = (l == 0 || l == 3) ? 0 : 1; /* FL+RR, FR+RL */
                double s = fmod(t / T + 0.5 * pair, 1.0), px, pz;
                if (s < 0.5) { /* stance: the foot moves back */
                    px = A * (1 - 4 * s);
                    pz = -Q_STAND;
                } else { /* swing: forward and up */
                    px = -A + 4 * A * (s - 0.5);
                    pz = -Q_STAND + H * sin(2 * PI * (s - 0.5));
                }
                quad_leg_ik(&Q, l, ramp * px, pz, 0);
            }
        } else if (task == QUAD_RANDOM && k % (int)(0.25 / o->dt + 0.5) == 0) {
            for (l = 0; l < 4; ++l) {
                w->joint[Q.jhaa[l]].target = clampd(gauss(&seed), -0.6, 0.6);
                w->joint[Q.jhfe[l]].target = clampd(gauss(&seed), -1.2, 1.2);
                w->joint[Q.jkfe[l]].target = clampd(gauss(&seed), -1.2, 1.3);
            }
        } else if (task == QUAD_PUSH) {
            w->body[Q.base].force[1] = (t >= 0.2 && t < 0.3) ? 400.0 : 0.0;
        }
        s0 = w->step_seconds;
        s1 = w->solve_seconds;
        res = world_step(w);
        step_t[k] = 1e6 * (w->step_seconds - s0);
        solve_t[k] = 1e6 * (w->solve_seconds - s1);
        r.steps++;
        if (res != CT_OK) r.failed++;
        else if (w->info.status != CT_STATUS_CONVERGED) ++unconv;
        ++nsolved;
        if (t > seconds - 1.0 && task == QUAD_TROT) vsum += w->body[Q.base].v[0];
        if (o->csv)
            fprintf(o->csv, "%.6g,%.6g,%.6g,%.6g,%.6g,%d,%.6g\n", (k + 1) * o->dt, w->body[Q.base].x[0],
                    w->body[Q.base].x[1], w->body[Q.base].x[2], base_tilt(&Q), w->ncontact,
                    analyse && an.ndiff > 0 ? an.diff[an.ndiff - 1] : 0.0);
    }
    /* the task's criterion */
    {
        const world_body *b = &w->body[Q.base];
        const double tilt = base_tilt(&Q), z = b->x[2];
        double sp = sqrt(b->v[0] * b->v[0] + b->v[1] * b->v[1] + b->v[2] * b->v[2]);
        int ok = 0, feet = 0, c;
        for (c = 0; c < w->ncontact; ++c)
            for (l = 0; l < 4; ++l)
                if (w->contact[c].b == Q.foot[l] && w->contact[c].lambda[2] > 0) ++feet;
        switch (task) {
        case QUAD_TROT:
            st->criterion = (b->x[0] - x_start) / seconds;
            ok = tilt < PI / 4 && z > 0.15 && st->criterion >= 0.2;
            break;
        case QUAD_HANG:
            st->criterion = z;
            ok = z < -0.1 && feet == 4;
            break;
        case QUAD_DROP:
            st->criterion = tilt;
            ok = tilt < PI / 4 && z > 0.15 && sp < 0.05;
            break;
        case QUAD_RANDOM: { /* a fall is allowed: the joints must hold, nothing through the ground */
            double e, emax = 0;
            int j;
            for (j = 0; j < w->njoint; ++j) {
                world_joint_error(w, j, &e, NULL);
                if (e > emax) emax = e;
            }
            st->criterion = emax;
            ok = emax < 1e-3 && z > 0;
            break;
        }
        default:
            st->criterion = tilt;
            ok = tilt < PI / 4 && z > 0.15;
            break;
        }
        (void)vsum;
        st->success = ok && r.failed == 0;
        r.value[0] = b->x[0] - x_start;
        r.value[1] = z;
        r.value[2] = tilt;
    }
    st->step_us = median(step_t, nsolved);
    st->solve_us = median(solve_t, nsolved);
    st->unconverged = nsolved > 0 ? (double)unconv / nsolved : 0;
    r.unconverged = unconv;
    r.solve_us = st->solve_us;
    if (analyse) {
        int i, below = 0, m;
        for (i = 0; i < an.ndiff; ++i) below += an.diff[i] < 0.01;
        for (i = 0; i < an.ndiff; ++i) st->below_1pct_ds += an.diff_ds[i] < 0.01;
        if (an.ndiff > 0) st->below_1pct_ds /= an.ndiff;
        st->samples = an.ndiff;
        st->ref_failed = an.ref_failed;
        st->max_contacts = an.max_contacts;
        st->below_1pct = an.ndiff > 0 ? (double)below / an.ndiff : 0;
        if (an.ndiff > 0) {
            qsort(an.diff, (size_t)an.ndiff, sizeof(double), cmp_double);
            st->median_diff = an.diff[an.ndiff / 2];
            st->p99_diff = an.diff[(int)(0.99 * (an.ndiff - 1))];
            st->max_diff = an.diff[an.ndiff - 1];
        }
        for (m = 0; m < QUAD_METHODS; ++m) {
            st->method_fail[m] = an.ndiff > 0 ? (double)an.mfail[m] / an.ndiff : 0;
            st->method_us[m] = median(an.mt[m], an.ndiff);
            st->method_iter[m] = median(an.mi[m], an.ndiff);
        }
        an_free(&an);
    }
    r.err = st->success ? 0 : 1;
    free(step_t);
    free(solve_t);
    world_free(w);
    return r;
}
