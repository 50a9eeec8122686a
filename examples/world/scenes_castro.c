/* scenes_castro.c - [Castro23] Sec. XI on the world layer: the oscillating conveyor belt, the
   falling sphere, the sliding rod, and their time-step convergence (scenes.h). */
#include "scenes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define GRAV 9.81

const char *castro_scene_name(castro_scene s) {
    static const char *names[CASTRO_SCENES] = {"belt", "sphere_drop", "rod"};
    return (unsigned)s < CASTRO_SCENES ? names[s] : "?";
}

/* the belt: 1 Hz, 0.2 m amplitude of displacement, x_b = A sin(w t) */
#define BELT_A 0.2
#define BELT_W (2 * PI)

static double belt_velocity(double t) { return BELT_A * BELT_W * cos(BELT_W * t); }

/* the world of a scene, the tracked body returned */
static int castro_world(world *w, const sc_opts *o, castro_scene sc, int *body) {
    const int soft = o->method == CT_METHOD_NEWTON_SOFT;
    double p[3] = {0, 0, 0};
    if (world_init(w, 2, 0, 16) != CT_OK) return 0;
    w->dt = o->dt;
    w->settings.method = o->method;
    w->settings.tol_abs = (ct_real)o->tol;
    w->settings.max_iter = o->max_iter;
    w->soft_model = o->soft_model;
    w->soft_ccp_mujoco = o->ccp_mujoco;
    if (sc == CASTRO_BELT) {
        int belt;
        w->ground = 0;
        p[2] = -0.05;
        belt = world_add_box(w, 3, 0.5, 0.05, 0, p); /* kinematic: moved by its velocity */
        w->body[belt].mu = 0.7;
        w->body[belt].v[0] = belt_velocity(0);
        p[2] = 0.025 - (soft ? GRAV / (4 * w->soft_k) : 0); /* at its resting penetration */
        *body = world_add_box(w, 0.025, 0.025, 0.025, 1.0, p);
        w->body[*body].mu = 0.7;
        w->body[*body].v[0] = belt_velocity(0); /* moving with the belt */
    } else if (sc == CASTRO_SPHERE) {
        w->ground_mu = 0.5;
        p[2] = 0.025 + 0.05; /* its bottom 5 cm above the ground */
        *body = world_add_sphere(w, 0.025, 0.5, p);
        w->body[*body].v[0] = 2.0;
    } else { /* the rod: a capsule, its lower end leading, 30 degrees up behind it */
        const double ya[3] = {0, 1, 0}, phi0 = 30 * PI / 180, r = 0.005, hl = 0.25 - 0.005;
        w->ground_mu = 2.3;
        w->soft_d = 0.2;       /* [Castro23] Sec. XI-C's dissipation */
        w->soft_tau_d = 4e-6;
        p[2] = r + hl * sin(phi0) - (soft ? 0.3 * GRAV / w->soft_k : 0);
        *body = world_add_capsule(w, r, hl, 0.3, p);
        world_quat_from_axis_angle(ya, -(PI / 2 - phi0), w->body[*body].q); /* z axis up-back */
        w->body[*body].v[0] = 10.0;
        /* a thin rod's inertia (0.3 kg, 0.5 m): m L^2 / 12 across, the capsule's along */
        w->body[*body].inertia[0] = w->body[*body].inertia[1] = 0.3 * 0.25 / 12;
    }
    return 1;
}

int castro_run(const sc_opts *o, castro_scene sc, double T, double sample_dt, double *traj, sc_result *r) {
    world w;
    int body, k, n = (int)(T / o->dt + 0.5), every = (int)(sample_dt / o->dt + 0.5), ns = 0;
    memset(r, 0, sizeof(*r));
    if (every < 1) every = 1;
    if (!castro_world(&w, o, sc, &body)) { r->failed = 1; return 0; }
    if (o->csv) fprintf(o->csv, "t,x,z,vx,vz,slip,fn,angle\n");
    if (traj) memcpy(traj, w.body[body].x, 3 * sizeof(double)), ns = 1;
    for (k = 1; k <= n; ++k) {
        const world_body *b = &w.body[body];
        ct_result res;
        if (sc == CASTRO_BELT) w.body[0].v[0] = belt_velocity((k - 1) * o->dt);
        res = world_step(&w);
        r->steps++;
        if (res != CT_OK) r->failed++;
        else if (w.info.status != CT_STATUS_CONVERGED) r->unconverged++;
        if (traj && k % every == 0) memcpy(traj + 3 * (size_t)ns++, b->x, 3 * sizeof(double));
        if (sc == CASTRO_ROD && b->x[2] > r->value[1]) r->value[1] = b->x[2]; /* the jump */
        if (sc == CASTRO_ROD && r->value[2] == 0) { /* the jump: its lowest point 1 mm up */
            const double za[3] = {0, 0, 1};
            double ax[3];
            world_quat_rotate(b->q, za, ax);
            if (b->x[2] - b->half[2] * fabs(ax[2]) - b->half[0] > 1e-3) r->value[2] = k * o->dt;
        }
        if (sc == CASTRO_BELT && fabs(b->v[2]) > r->value[1]) r->value[1] = fabs(b->v[2]);
        if (o->csv) {
            double fn = 0, slip = 0, ang;
            int c;
            for (c = 0; c < w.ncontact; ++c) fn += w.contact[c].lambda[2];
            if (sc == CASTRO_BELT) slip = b->v[0] - w.body[0].v[0];
            else if (sc == CASTRO_SPHERE) slip = b->v[0] - b->w[1] * b->x[2];
            ang = 2 * atan2(b->q[2], b->q[0]);
            fprintf(o->csv, "%.7g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", k * o->dt, b->x[0], b->x[2], b->v[0],
                    b->v[2], slip, fn, ang);
        }
    }
    r->value[0] = w.body[body].v[0];
    r->solve_us = r->steps > 0 ? 1e6 * w.solve_seconds / r->steps : 0;
    world_free(&w);
    return ns;
}

/* the rigid Coulomb box on the belt, integrated at 1e-6 s (an ODE: stick while the belt's
   acceleration is below mu g, else mu g toward the belt's velocity) */
void castro_belt_exact(double T, double sample_dt, double *x_out) {
    const double h = 1e-6, mug = 0.7 * GRAV;
    const int n = (int)(T / h + 0.5), every = (int)(sample_dt / h + 0.5);
    double x = 0, v = belt_velocity(0);
    int k, stuck = 1, ns = 1;
    x_out[0] = 0;
    for (k = 0; k < n; ++k) {
        const double t = k * h, vb = belt_velocity(t), ab = -BELT_A * BELT_W * BELT_W * sin(BELT_W * t);
        double a;
        if (stuck && fabs(ab) <= mug) a = ab;
        else {
            a = vb > v ? mug : -mug;
            if (stuck) a = ab > 0 ? mug : -mug;
            stuck = 0;
        }
        x += h * (v + 0.5 * h * a);
        v += h * a;
        if (!stuck && (v - belt_velocity(t + h)) * (v - h * a - vb) <= 0) { /* slip ends */
            stuck = 1;
            v = belt_velocity(t + h);
        }
        if ((k + 1) % every == 0) x_out[ns++] = x;
    }
}

/* the reference is the Lagged model at ref_dt ([Castro23] Sec. XI) */
sc_result castro_convergence(const sc_opts *o, castro_scene sc, const double *dts, int ndt, double ref_dt,
                             double T, double sample_dt, int exact_ref, double *err) {
    sc_result r, rr;
    sc_opts ro = *o;
    const int ns = (int)(T / sample_dt + 0.5) + 1;
    double *ref = (double *)malloc(sizeof(double) * 3 * (size_t)ns);
    double *q = (double *)malloc(sizeof(double) * 3 * (size_t)ns), sx = 0, sy = 0, sxx = 0, sxy = 0;
    int d, i, m = 0;
    memset(&r, 0, sizeof(r));
    if (!ref || !q) { free(ref); free(q); r.failed = 1; return r; }
    ro.method = CT_METHOD_NEWTON_SOFT;
    ro.soft_model = CT_SOFT_LAGGED;
    ro.dt = ref_dt;
    ro.tol = 1e-5;
    ro.csv = NULL;
    if (exact_ref && sc == CASTRO_BELT) { /* the rigid ODE's x; y and z as the box at rest */
        castro_belt_exact(T, sample_dt, q);
        for (i = 0; i < ns; ++i) {
            ref[3 * i] = q[i];
            ref[3 * i + 1] = 0;
            ref[3 * i + 2] = 0.025;
        }
    } else {
        castro_run(&ro, sc, T, sample_dt, ref, &rr);
        r.failed += rr.failed;
    }
    for (d = 0; d < ndt; ++d) {
        sc_opts oo = *o;
        double e2 = 0;
        int got;
        oo.dt = dts[d];
        oo.csv = NULL;
        got = castro_run(&oo, sc, T, sample_dt, q, &rr);
        r.failed += rr.failed;
        r.unconverged += rr.unconverged;
        r.steps += rr.steps;
        for (i = 0; i < got && i < ns; ++i) {
            const double dx = q[3 * i] - ref[3 * i], dy = q[3 * i + 1] - ref[3 * i + 1],
                         dz = exact_ref ? 0 : q[3 * i + 2] - ref[3 * i + 2];
            e2 += dx * dx + dy * dy + dz * dz;
        }
        err[d] = got > 0 ? sqrt(e2 / got) : 0;
        if (err[d] > 0) { /* least squares slope of log e against log dt */
            sx += log(dts[d]); sy += log(err[d]);
            sxx += log(dts[d]) * log(dts[d]); sxy += log(dts[d]) * log(err[d]);
            ++m;
        }
    }
    r.err = m >= 2 ? (m * sxy - sx * sy) / (m * sxx - sx * sx) : 0; /* the order */
    /* the local order over the two smallest steps (a plateau shows here) */
    if (ndt >= 2 && err[ndt - 1] > 0 && err[ndt - 2] > 0)
        r.value[0] = log(err[ndt - 2] / err[ndt - 1]) / log(dts[ndt - 2] / dts[ndt - 1]);
    /* over the two largest */
    if (ndt >= 2 && err[0] > 0 && err[1] > 0) r.value[1] = log(err[0] / err[1]) / log(dts[0] / dts[1]);
    free(ref);
    free(q);
    return r;
}
