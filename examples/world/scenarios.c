/* scenarios.c - the physical scenarios of examples/world (see scenarios.h for each oracle). */
#include "scenarios.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GRAV 9.81
#define CUBE_HALF 0.1 /* the [LeLidec24] cube: side 0.2 m, 1 kg, mu 0.4 */
#define CUBE_MASS 1.0
#define CUBE_MU 0.4
#define PI 3.14159265358979323846

sc_opts sc_default_opts(ct_method method) {
    sc_opts o;
    o.method = method;
    o.dt = 1e-3;
    o.tol = 1e-9;
    o.max_iter = 2000;
    o.beta_joint = 0.2;
    o.soft_model = CT_SOFT_LAGGED;
    o.ccp_mujoco = 0;
    o.csv = NULL;
    return o;
}

static sc_result empty_result(void) {
    sc_result r;
    memset(&r, 0, sizeof(r));
    return r;
}

static int setup(world *w, const sc_opts *o, int nbody, int njoint, int ncontact) {
    if (world_init(w, nbody, njoint, ncontact) != CT_OK) return 0;
    w->dt = o->dt;
    w->beta_joint = o->beta_joint;
    w->settings.method = o->method;
    w->settings.tol_abs = (ct_real)o->tol;
    w->settings.max_iter = o->max_iter;
    w->soft_model = o->soft_model;
    w->soft_ccp_mujoco = o->ccp_mujoco;
    return 1;
}

/* Scenes with heavy bodies: forces of order 1e4 N cannot meet an absolute 1e-9 N, so the
   tolerance is taken relative to the heaviest weight (tol_abs = o->tol * m_max g). */
static void scale_tolerance(world *w, const sc_opts *o) {
    double mmax = 0;
    int i;
    for (i = 0; i < w->nbody; ++i)
        if (w->body[i].mass > mmax) mmax = w->body[i].mass;
    if (mmax * GRAV > 1) w->settings.tol_abs = (ct_real)(o->tol * mmax * GRAV);
}

/* one step and its bookkeeping */
static void step(world *w, sc_result *r) {
    ct_result res = world_step(w);
    r->steps++;
    if (res != CT_OK) r->failed++;
    else if (w->info.status != CT_STATUS_CONVERGED && w->info.status != CT_STATUS_ITERATIONS_DONE)
        r->unconverged++;
    if ((double)w->info.model.absolute > r->max_residual) r->max_residual = (double)w->info.model.absolute;
}

static void finish(world *w, sc_result *r) {
    r->solve_us = r->steps > 0 ? w->solve_seconds / r->steps * 1e6 : 0;
    world_free(w);
}

static int add_cube(world *w, double x, double y, double z, double mass) {
    double p[3];
    p[0] = x; p[1] = y; p[2] = z;
    return world_add_box(w, CUBE_HALF, CUBE_HALF, CUBE_HALF, mass, p);
}

/* the total contact force the ground puts on body i, world frame (N) */
static void ground_force(const world *w, int i, double f[3]) {
    int c, k;
    f[0] = f[1] = f[2] = 0;
    for (c = 0; c < w->ncontact; ++c) {
        const world_contact *ct = &w->contact[c];
        if (ct->a != WORLD_GROUND || ct->b != i) continue;
        for (k = 0; k < 3; ++k)
            f[k] += ct->lambda[0] * ct->t1[k] + ct->lambda[1] * ct->t2[k] + ct->lambda[2] * ct->n[k];
    }
}

static double speed(const world_body *b) {
    return sqrt(b->v[0] * b->v[0] + b->v[1] * b->v[1] + b->v[2] * b->v[2]);
}

/* ---- [LeLidec24] Fig. 10: energy of a sliding cube ------------------------------------------ */
sc_result sc_slide_energy(const sc_opts *o, double v0) {
    sc_result r = empty_result();
    world w;
    double e0 = 0.5 * CUBE_MASS * v0 * v0, tstop = v0 / (CUBE_MU * GRAV);
    int k, n;
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    add_cube(&w, 0, 0, CUBE_HALF, CUBE_MASS);
    w.body[0].v[0] = v0;
    r.value[0] = -1;
    r.value[1] = tstop;
    n = (int)((tstop + 0.1) / o->dt);
    if (o->csv) fprintf(o->csv, "t,x,z,vx,ke,ke_analytic,fn,ft\n");
    for (k = 1; k <= n; ++k) {
        double t = k * o->dt, va = v0 - CUBE_MU * GRAV * t, ke, ka, f[3];
        step(&w, &r);
        ke = world_kinetic_energy(&w);
        ka = va > 0 ? 0.5 * CUBE_MASS * va * va : 0;
        if (t <= tstop && fabs(ke - ka) / e0 > r.err) r.err = fabs(ke - ka) / e0;
        if (r.value[0] < 0 && speed(&w.body[0]) < 1e-6) r.value[0] = t;
        ground_force(&w, 0, f);
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", t, w.body[0].x[0],
                    w.body[0].x[2], w.body[0].v[0], ke, ka, f[2], sqrt(f[0] * f[0] + f[1] * f[1]));
    }
    finish(&w, &r);
    return r;
}

/* ---- [LeLidec24] Fig. 11-12: the cube dragged by F = 20 t ----------------------------------- */
/* the drag world: the cube at rest; drag_step applies F(t_k) = 20 t_k N at the centre of mass,
   evaluated at the start of step k, then steps */
static int drag_world(world *w, const sc_opts *o, double dt) {
    sc_opts od = *o;
    od.dt = dt;
    if (!setup(w, &od, 1, 0, 8)) return 0;
    add_cube(w, 0, 0, CUBE_HALF, CUBE_MASS);
    return 1;
}
static void drag_step(world *w, int k, sc_result *r) {
    w->body[0].force[0] = 20.0 * k * w->dt;
    step(w, r);
}

sc_result sc_drag(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    const double tstar = CUBE_MU * CUBE_MASS * GRAV / 20.0;
    int k, n = (int)(1.0 / o->dt + 0.5);
    if (!drag_world(&w, o, o->dt)) { r.failed = 1; return r; }
    r.value[0] = -1;
    r.value[1] = tstar;
    if (o->csv) fprintf(o->csv, "t,x,vx,force,friction,x_analytic\n");
    for (k = 0; k < n; ++k) {
        double t = (k + 1) * o->dt, x, xa, f[3];
        drag_step(&w, k, &r);
        x = w.body[0].x[0];
        xa = t > tstar ? 10.0 / 3.0 * pow(t - tstar, 3) : 0;
        if (r.value[0] < 0 && speed(&w.body[0]) > 1e-6) r.value[0] = k * o->dt; /* step start */
        if (t >= tstar + 0.05 - 1e-12 && fabs(x - xa) / xa > r.err) r.err = fabs(x - xa) / xa;
        ground_force(&w, 0, f);
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g\n", t, x, w.body[0].v[0],
                    20.0 * k * o->dt, f[0], xa);
    }
    finish(&w, &r);
    return r;
}

/* ---- [LeLidec24] Fig. 9: sliding at an angle from the pyramid's facets ---------------------- */
sc_result sc_slide_angle(const sc_opts *o, double angle_deg) {
    sc_result r = empty_result();
    world w;
    const double v0 = 1, th = angle_deg * PI / 180, c = cos(th), s = sin(th);
    int k, n = (int)(0.6 / o->dt);
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    add_cube(&w, 0, 0, CUBE_HALF, CUBE_MASS);
    w.body[0].v[0] = v0 * c;
    w.body[0].v[1] = v0 * s;
    r.value[1] = -1;
    if (ct_method_flavor(&w.settings) == CT_FLAVOR_LCP) {
        /* the pyramid (a box) stops each component at mu g: x_f = vx^2 / (2 mu g), same in y */
        double xf = (v0 * c) * (v0 * c) / (2 * CUBE_MU * GRAV), yf = (v0 * s) * (v0 * s) / (2 * CUBE_MU * GRAV);
        r.value[2] = -xf * s + yf * c;
    }
    if (o->csv) fprintf(o->csv, "t,x,y,vx,vy,fx,fy,fn\n");
    for (k = 1; k <= n; ++k) {
        double f[3];
        step(&w, &r);
        ground_force(&w, 0, f);
        if (k == 5) r.value[3] = sqrt(f[0] * f[0] + f[1] * f[1]) / (CUBE_MU * f[2]);
        if (r.value[1] < 0 && speed(&w.body[0]) < 1e-6) r.value[1] = k * o->dt;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", k * o->dt, w.body[0].x[0],
                    w.body[0].x[1], w.body[0].v[0], w.body[0].v[1], f[0], f[1], f[2]);
    }
    r.value[0] = -w.body[0].x[0] * s + w.body[0].x[1] * c; /* perpendicular to v0 */
    r.err = fabs(r.value[0] - r.value[2]);
    finish(&w, &r);
    return r;
}

/* ---- Anitescu's glide gap dt mu ||v_T|| ----------------------------------------------------- */
sc_result sc_glide(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    int k, n = (int)(0.5 / o->dt), airborne = 0, landed = 0, glide = 0, ccp;
    double sum_gap = 0, sum_pred = 0;
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    ccp = ct_method_flavor(&w.settings) == CT_FLAVOR_CCP;
    add_cube(&w, 0, 0, CUBE_HALF, CUBE_MASS);
    w.body[0].v[0] = 1;
    r.value[0] = -1;
    if (o->csv) fprintf(o->csv, "t,x,gap,gap_anitescu,vx,vz,fn\n");
    for (k = 1; k <= n; ++k) {
        double f[3], vt, gap, pred;
        step(&w, &r);
        ground_force(&w, 0, f);
        vt = sqrt(w.body[0].v[0] * w.body[0].v[0] + w.body[0].v[1] * w.body[0].v[1]);
        gap = w.body[0].x[2] - CUBE_HALF; /* the bottom face's height */
        pred = o->dt * CUBE_MU * vt;
        if (f[2] <= 0) airborne = 1;
        else if (airborne && !landed) {
            landed = 1;
            r.value[0] = k * o->dt;
        }
        /* the glide: after the first landing for CCP (from the start for the others), while
           the cube still slides clearly (the gap vanishes with the speed) */
        if ((landed || !ccp) && vt > 0.2 && f[2] > 0) {
            double e = ccp ? fabs(gap / pred - 1) : fabs(gap) / pred;
            if (e > r.err) r.err = e;
            sum_gap += gap;
            sum_pred += pred;
            ++glide;
        }
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", k * o->dt, w.body[0].x[0], gap,
                    pred, w.body[0].v[0], w.body[0].v[2], f[2]);
    }
    if (ccp && !landed) r.err = 1; /* the CCP cube must take off and land */
    if (glide > 0) {
        r.value[1] = sum_gap / glide;
        r.value[2] = sum_pred / glide;
    }
    finish(&w, &r);
    return r;
}

/* ---- [LeLidec24] Fig. 12 right: internal forces at stiction --------------------------------- */
sc_result sc_internal_forces(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    int k, i, j, c;
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    add_cube(&w, 0, 0, CUBE_HALF, CUBE_MASS);
    w.body[0].force[0] = 1.0; /* below mu m g = 3.92 N: the cube sticks */
    if (o->csv) fprintf(o->csv, "t,corner,fx,fy,fn\n");
    for (k = 1; k <= 50; ++k) {
        step(&w, &r);
        if (o->csv)
            for (c = 0; c < w.ncontact; ++c)
                fprintf(o->csv, "%.6g,%d,%.9g,%.9g,%.9g\n", k * o->dt, w.contact[c].feature,
                        w.contact[c].lambda[0], w.contact[c].lambda[1], w.contact[c].lambda[2]);
    }
    {
        /* lambda_min = J (J^T J)^-1 J^T lambda: the least-norm forces with the same
           generalized force J^T lambda, hence the same motion; lambda - lambda_min is the
           internal part (J has rank 6 here: 4 corners, one body) */
        ct_real A[36], y[6], cs[256];
        double fmax = 0, Jc[18];
        for (i = 0; i < 36; ++i) A[i] = 0;
        for (i = 0; i < 6; ++i) y[i] = 0;
        for (c = 0; c < w.ncontact; ++c) { /* J^T J and J^T lambda from each contact's rows */
            world_contact_jacobian(&w, c, 0, Jc);
            for (k = 0; k < 3; ++k)
                for (i = 0; i < 6; ++i) {
                    for (j = 0; j < 6; ++j) A[6 * i + j] += (ct_real)(Jc[6 * k + i] * Jc[6 * k + j]);
                    y[i] += (ct_real)(Jc[6 * k + i] * w.contact[c].lambda[k]);
                }
        }
        if (ct_cholesky_scratch_size(6) <= 256 && ct_cholesky_factor(A, 6, 6, 0, cs, NULL) == CT_OK) {
            ct_cholesky_solve(A, 6, 6, y);
            for (c = 0; c < w.ncontact; ++c) {
                double d2 = 0;
                world_contact_jacobian(&w, c, 0, Jc);
                for (k = 0; k < 3; ++k) {
                    double lmin = 0, dl;
                    for (j = 0; j < 6; ++j) lmin += Jc[6 * k + j] * (double)y[j];
                    dl = w.contact[c].lambda[k] - lmin;
                    d2 += dl * dl;
                }
                if (sqrt(d2) > fmax) fmax = sqrt(d2);
                if (c < 4) r.value[c] = w.contact[c].lambda[1];
            }
            r.err = fmax / 1.0;
        } else {
            r.failed++;
        }
    }
    finish(&w, &r);
    return r;
}

/* ---- [LeLidec24] Fig. 13: 1e3 kg on 1e-3 kg ------------------------------------------------- */
sc_result sc_stack(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    const double a = 2 * CUBE_HALF;
    int k, bot, top;
    if (!setup(&w, o, 2, 0, 16)) { r.failed = 1; return r; }
    w.ground_mu = 0.9;
    bot = add_cube(&w, 0, 0, a / 2 + a / 50, 1e-3);
    top = add_cube(&w, 0, 0, 3 * a / 2 + 3 * a / 50, 1e3);
    w.body[bot].mu = w.body[top].mu = 0.95;
    scale_tolerance(&w, o);
    if (o->csv) fprintf(o->csv, "t,z_bottom,z_top,x_top,ncp_residual\n");
    for (k = 1; k <= 200; ++k) {
        double eb, et;
        step(&w, &r);
        eb = sqrt(w.body[bot].x[0] * w.body[bot].x[0] + w.body[bot].x[1] * w.body[bot].x[1] +
                  (w.body[bot].x[2] - a / 2) * (w.body[bot].x[2] - a / 2));
        et = sqrt(w.body[top].x[0] * w.body[top].x[0] + w.body[top].x[1] * w.body[top].x[1] +
                  (w.body[top].x[2] - 3 * a / 2) * (w.body[top].x[2] - 3 * a / 2));
        if (k > 100 && (eb > r.err || et > r.err)) r.err = eb > et ? eb : et;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.6g\n", k * o->dt, w.body[bot].x[2],
                    w.body[top].x[2], w.body[top].x[0], (double)w.info.ncp.absolute);
    }
    r.value[0] = w.body[top].x[2] - 3 * a / 2;
    r.value[1] = sqrt(w.body[top].x[0] * w.body[top].x[0] + w.body[top].x[1] * w.body[top].x[1]);
    finish(&w, &r);
    return r;
}

/* ---- [Carpentier24] Fig. 1: a wall of cubes of growing masses hit by a ball ----------------- */
sc_result sc_wall(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    double x0[3][3]; /* the bottom row's start */
    int k, row, col, ball, n = (int)(0.2 / o->dt + 0.5);
    double p[3];
    if (!setup(&w, o, 16, 0, 200)) { r.failed = 1; return r; }
    for (row = 0; row < 5; ++row)
        for (col = 0; col < 3; ++col) {
            int i = add_cube(&w, (col - 1) * 0.21, 0, CUBE_HALF + 2 * CUBE_HALF * row, pow(10.0, row));
            if (row == 0) memcpy(x0[col], w.body[i].x, sizeof(x0[col]));
        }
    p[0] = 0; p[1] = -0.3; p[2] = 0.3;
    ball = world_add_sphere(&w, 0.15, 1e3, p);
    w.body[ball].v[1] = 2;
    scale_tolerance(&w, o);
    if (o->csv) fprintf(o->csv, "t,ball_y,ball_z,bottom_max_disp,max_penetration,ncp_residual,contacts,iterations\n");
    for (k = 1; k <= n; ++k) {
        double pen = 0, disp = 0;
        int c;
        step(&w, &r);
        for (c = 0; c < w.ncontact; ++c)
            if (-w.contact[c].gap > pen) pen = -w.contact[c].gap;
        for (col = 0; col < 3; ++col) {
            double d[3], dn;
            d[0] = w.body[col].x[0] - x0[col][0];
            d[1] = w.body[col].x[1] - x0[col][1];
            d[2] = w.body[col].x[2] - x0[col][2];
            dn = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (dn > disp) disp = dn;
        }
        if (pen > r.err) r.err = pen;
        if (disp > r.value[0]) r.value[0] = disp;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.6g,%d,%d\n", k * o->dt, w.body[ball].x[1],
                    w.body[ball].x[2], disp, pen, (double)w.info.ncp.absolute, w.ncontact,
                    w.info.iterations);
    }
    finish(&w, &r);
    return r;
}

/* ---- a ball dropped with restitution -------------------------------------------------------- */
sc_result sc_ball_bounce(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    const double h0 = 1, e = 0.8, rad = 0.1;
    double p[3], apex = 0;
    int k, n = (int)(3.0 / o->dt), bounced = 0;
    if (!setup(&w, o, 1, 0, 2)) { r.failed = 1; return r; }
    p[0] = 0; p[1] = 0; p[2] = h0 + rad;
    world_add_sphere(&w, rad, 1, p);
    w.body[0].restitution = e;
    if (o->csv) fprintf(o->csv, "t,height,vz,fn\n");
    for (k = 1; k <= n; ++k) {
        double f[3];
        step(&w, &r);
        ground_force(&w, 0, f);
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g\n", k * o->dt, w.body[0].x[2] - rad, w.body[0].v[2], f[2]);
        if (w.body[0].v[2] > 0) bounced = 1;
        if (bounced && w.body[0].x[2] - rad > apex) apex = w.body[0].x[2] - rad;
        if (bounced && w.body[0].v[2] <= 0) break; /* the first apex */
    }
    r.value[0] = apex;
    r.err = fabs(apex - e * e * h0) / (e * e * h0);
    finish(&w, &r);
    return r;
}

/* ---- [Tsounis25] Table II: four-bar --------------------------------------------------------- */
static double max_joint_error(const world *w) {
    double emax = 0, e;
    int j;
    for (j = 0; j < w->njoint; ++j) {
        world_joint_error(w, j, &e, NULL);
        if (e > emax) emax = e;
    }
    return emax;
}

sc_result sc_fourbar(const sc_opts *o, int steps) {
    sc_result r = empty_result();
    world w;
    const double th0 = -60 * PI / 180, lc = 0.3, lg = 0.4;
    double dir[3], O1[3] = {0, 0, 1}, O2[3] = {0.4, 0, 1}, A[3], B[3], p[3], q[4], y[3] = {0, 1, 0};
    int k, crank, coupler, rocker;
    if (!setup(&w, o, 3, 4, 8)) { r.failed = 1; return r; }
    w.ground = 0;
    dir[0] = cos(th0); dir[1] = 0; dir[2] = sin(th0);
    for (k = 0; k < 3; ++k) {
        A[k] = O1[k] + lc * dir[k];
        B[k] = O2[k] + lc * dir[k];
    }
    world_quat_from_axis_angle(y, -th0, q); /* the link's x axis along dir */
    for (k = 0; k < 3; ++k) p[k] = O1[k] + lc / 2 * dir[k];
    crank = world_add_box(&w, lc / 2, 0.01, 0.01, 1, p);
    memcpy(w.body[crank].q, q, sizeof(q));
    for (k = 0; k < 3; ++k) p[k] = (A[k] + B[k]) / 2;
    coupler = world_add_box(&w, lg / 2, 0.01, 0.01, 1, p);
    for (k = 0; k < 3; ++k) p[k] = O2[k] + lc / 2 * dir[k];
    rocker = world_add_box(&w, lc / 2, 0.01, 0.01, 1, p);
    memcpy(w.body[rocker].q, q, sizeof(q));
    world_add_joint(&w, WORLD_REVOLUTE, WORLD_GROUND, crank, O1, y);
    world_add_joint(&w, WORLD_REVOLUTE, crank, coupler, A, y);
    world_add_joint(&w, WORLD_REVOLUTE, coupler, rocker, B, y);
    world_add_joint(&w, WORLD_REVOLUTE, WORLD_GROUND, rocker, O2, y); /* closes the loop */
    if (o->csv) fprintf(o->csv, "t,crank_angle,loop_error,coupler_x,coupler_z\n");
    r.value[2] = r.value[3] = th0;
    for (k = 1; k <= steps; ++k) {
        double e, th;
        step(&w, &r);
        th = th0 - world_joint_angle(&w, 0);
        if (th < r.value[2]) r.value[2] = th;
        if (th > r.value[3]) r.value[3] = th;
        e = max_joint_error(&w);
        if (e > r.err) r.err = e;
        if (k <= steps / 2 && e > r.value[0]) r.value[0] = e;
        if (k > steps / 2 && e > r.value[1]) r.value[1] = e;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.6g,%.9g,%.9g\n", k * o->dt, th, e,
                    w.body[coupler].x[0], w.body[coupler].x[2]);
    }
    finish(&w, &r);
    return r;
}

/* ---- [Tsounis25] Table II: nunchuk ---------------------------------------------------------- */
sc_result sc_nunchuk(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    double p[3], spin = 4;
    int k, i, n = (int)(1.0 / o->dt + 0.5);
    if (!setup(&w, o, 3, 2, 48)) { r.failed = 1; return r; }
    for (i = 0; i < 3; ++i) {
        p[0] = (i - 1) * 0.3; p[1] = 0; p[2] = 0.5;
        world_add_box(&w, 0.15, 0.02, 0.02, 0.3, p);
        w.body[i].v[1] = spin * p[0]; /* a rigid spin about z through the middle stick */
        w.body[i].w[2] = spin;
        w.body[i].w[0] = 1.0;
    }
    for (i = 0; i < 2; ++i) {
        p[0] = (i == 0 ? -0.15 : 0.15); p[1] = 0; p[2] = 0.5;
        world_add_joint(&w, WORLD_BALL, i, i + 1, p, NULL);
    }
    if (o->csv) fprintf(o->csv, "t,x0,z0,x1,z1,x2,z2,joint_error\n");
    for (k = 1; k <= n; ++k) {
        double e;
        step(&w, &r);
        e = max_joint_error(&w);
        if (e > r.err) r.err = e;
        r.value[0] = e;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.6g\n", k * o->dt, w.body[0].x[0],
                    w.body[0].x[2], w.body[1].x[0], w.body[1].x[2], w.body[2].x[0], w.body[2].x[2], e);
    }
    finish(&w, &r);
    return r;
}

/* ---- a joint limit and a weld --------------------------------------------------------------- */
sc_result sc_limit_weld(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    double p[3], y[3] = {0, 1, 0}, pivot[3] = {0, 0, 1}, hi = PI / 3;
    int k, rod, tip, hinge, weld, n = (int)(1.0 / o->dt + 0.5);
    if (!setup(&w, o, 2, 2, 8)) { r.failed = 1; return r; }
    w.ground = 0;
    p[0] = 0.25; p[1] = 0; p[2] = 1;
    rod = world_add_box(&w, 0.25, 0.02, 0.02, 1, p);
    p[0] = 0.53;
    tip = world_add_box(&w, 0.03, 0.03, 0.03, 1e3, p);
    hinge = world_add_joint(&w, WORLD_REVOLUTE, WORLD_GROUND, rod, pivot, y);
    world_set_limit(&w, hinge, -PI, hi); /* the angle grows as the rod swings down */
    p[0] = 0.5;
    weld = world_add_joint(&w, WORLD_WELD, rod, tip, p, NULL);
    scale_tolerance(&w, o);
    if (o->csv) fprintf(o->csv, "t,angle,limit_force,weld_error\n");
    for (k = 1; k <= n; ++k) {
        double q, e;
        step(&w, &r);
        q = world_joint_angle(&w, hinge);
        world_joint_error(&w, weld, &e, NULL);
        if (q - hi > r.err) r.err = q - hi;
        if (e > r.value[0]) r.value[0] = e;
        r.value[1] = q;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.6g\n", k * o->dt, q, w.joint[hinge].limit_lambda, e);
    }
    finish(&w, &r);
    return r;
}

/* ---- [LeLidec24] Fig. 11, 15: self-consistency in the time step ----------------------------- */
sc_result sc_consistency(const sc_opts *o) {
    sc_result r = empty_result();
    const double T = 0.5, dt_ref = 1e-5, dts[3] = {1e-2, 1e-3, 1e-4};
    const int every = 10, nsamples = (int)(T / (every * dt_ref) + 0.5); /* reference every 1e-4 s */
    double *ref = (double *)malloc(3 * (size_t)(nsamples + 1) * sizeof(double));
    double solve_s = 0;
    world w;
    int k, d;
    if (!ref || !drag_world(&w, o, dt_ref)) { free(ref); r.failed = 1; return r; }
    memcpy(ref, w.body[0].x, 3 * sizeof(double));
    for (k = 0; k < nsamples * every; ++k) {
        drag_step(&w, k, &r);
        if ((k + 1) % every == 0) memcpy(ref + 3 * ((k + 1) / every), w.body[0].x, 3 * sizeof(double));
    }
    solve_s += w.solve_seconds;
    world_free(&w);
    if (o->csv) fprintf(o->csv, "dt,t,x,x_ref,z,z_ref\n");
    for (d = 0; d < 3; ++d) {
        const int n = (int)(T / dts[d] + 0.5), stride = (int)(dts[d] / (every * dt_ref) + 0.5);
        double err = 0;
        if (!drag_world(&w, o, dts[d])) { r.failed++; continue; }
        for (k = 0; k < n; ++k) {
            const double *q = w.body[0].x, *qr = ref + 3 * (size_t)((k + 1) * stride);
            drag_step(&w, k, &r);
            /* sum_t ||q(t) - q_ref(t)|| dt */
            err += sqrt((q[0] - qr[0]) * (q[0] - qr[0]) + (q[1] - qr[1]) * (q[1] - qr[1]) +
                        (q[2] - qr[2]) * (q[2] - qr[2])) * dts[d];
            if (o->csv)
                fprintf(o->csv, "%g,%.6g,%.9g,%.9g,%.9g,%.9g\n", dts[d], (k + 1) * dts[d], q[0], qr[0],
                        q[2], qr[2]);
        }
        r.value[d] = err;
        solve_s += w.solve_seconds;
        world_free(&w);
    }
    r.err = r.value[1];
    r.solve_us = solve_s / r.steps * 1e6;
    free(ref);
    return r;
}

/* ---- the soft models ([Castro23]) ----------------------------------------------------------- */
const char *sc_model_name(const sc_opts *o) {
    static const char *flavors[] = {"NCP", "CCP", "LCP", "Signorini", "soft"};
    ct_settings s = ct_default_settings();
    ct_flavor f;
    s.method = o->method;
    if (o->method == CT_METHOD_NEWTON_SOFT) {
        switch (o->soft_model) {
        case CT_SOFT_SAP: return "SAP";
        case CT_SOFT_LAGGED: return "Lagged";
        case CT_SOFT_SIMILAR: return "Similar";
        default: return o->ccp_mujoco ? "CCP-MuJoCo" : "CCP-SAP";
        }
    }
    f = ct_method_flavor(&s);
    return (unsigned)f < sizeof(flavors) / sizeof(flavors[0]) ? flavors[f] : "?";
}

/* [Castro23] XI-B: 0.5 kg sphere of radius 0.025 m, mu 0.5, sliding at 2 m/s */
#define ROLL_R 0.025
#define ROLL_M 0.5
#define ROLL_MU 0.5
#define ROLL_V0 2.0

sc_result sc_sphere_roll(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    double p[3], vref = 5.0 / 7.0 * ROLL_V0;
    int k, n = (int)(0.4 / o->dt + 0.5), soft = o->method == CT_METHOD_NEWTON_SOFT;
    if (!setup(&w, o, 1, 0, 2)) { r.failed = 1; return r; }
    w.ground_mu = ROLL_MU;
    p[0] = 0; p[1] = 0;
    p[2] = ROLL_R - (soft ? ROLL_M * GRAV / w.soft_k : 0); /* touching, at rest penetration */
    world_add_sphere(&w, ROLL_R, ROLL_M, p);
    w.body[0].v[0] = ROLL_V0;
    if (o->csv) fprintf(o->csv, "t,x,height,vx,omega_r,slip,fn,ft,v_rolling\n");
    for (k = 1; k <= n; ++k) {
        const world_body *b = &w.body[0];
        double f[3], h, sx, sy, slip;
        step(&w, &r);
        h = b->x[2];
        /* the contact point (x, y, 0): its velocity v + w x (0, 0, -h) */
        sx = b->v[0] - b->w[1] * h;
        sy = b->v[1] + b->w[0] * h;
        slip = sqrt(sx * sx + sy * sy);
        if (slip >= 1e-3) r.value[1] = -(k + 1) * o->dt; /* rolls from the next step, if ever */
        if (h - ROLL_R > r.value[3]) r.value[3] = h - ROLL_R;
        ground_force(&w, 0, f);
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", k * o->dt, b->x[0],
                    h - ROLL_R, b->v[0], b->w[1] * ROLL_R, slip, f[2],
                    sqrt(f[0] * f[0] + f[1] * f[1]), vref);
        r.value[0] = b->v[0];
        r.value[2] = slip;
    }
    r.value[1] = r.value[2] < 1e-3 ? -r.value[1] : -1;
    if (r.value[1] == 0) r.value[1] = o->dt; /* never slipped past 1e-3 m/s after step 1 */
    r.err = fabs(r.value[0] / vref - 1);
    finish(&w, &r);
    return r;
}

/* the mean height of the cube's 4 lowest corners */
static double bottom_height(const world_body *b) {
    double z[8], local[3], q[3], t;
    int c, i, j;
    for (c = 0; c < 8; ++c) {
        local[0] = (c & 1) ? b->half[0] : -b->half[0];
        local[1] = (c & 2) ? b->half[1] : -b->half[1];
        local[2] = (c & 4) ? b->half[2] : -b->half[2];
        world_body_point(b, local, q);
        z[c] = q[2];
    }
    for (i = 0; i < 4; ++i) /* partial selection sort: the 4 smallest first */
        for (j = i + 1; j < 8; ++j)
            if (z[j] < z[i]) { t = z[i]; z[i] = z[j]; z[j] = t; }
    return 0.25 * (z[0] + z[1] + z[2] + z[3]);
}

/* SAP's R_n and R_t of the world's first contact ([Castro22], as Drake computes them), from the last G */
static void sap_compliance(const world *w, double *Rn, double *Rt) {
    double f = 0, wd, dt = w->dt, B[9];
    int i;
    world_contact_block(w, 0, B);
    for (i = 0; i < 9; ++i) f += B[i] * B[i];
    wd = sqrt(f) / 3;
    *Rt = w->soft_sigma * wd;
    *Rn = 1 / (dt * w->soft_k * (dt + w->soft_tau_d));
    if (w->soft_beta * w->soft_beta * wd / (4 * PI * PI) > *Rn)
        *Rn = w->soft_beta * w->soft_beta * wd / (4 * PI * PI);
}

sc_result sc_soft_glide(const sc_opts *o) {
    sc_result r = empty_result();
    world w;
    const double v0 = 1, weight = CUBE_MASS * GRAV;
    int k, n = (int)(0.45 / o->dt + 0.5), glide = 0, sap, similar;
    double c, sum_off = 0, hrest = 0;
    if (o->method != CT_METHOD_NEWTON_SOFT) {
        r.skip = "the soft models' glide (NEWTON_SOFT only; the CCP glide is ccp_glide)";
        return r;
    }
    if (o->soft_model == CT_SOFT_CCP && o->ccp_mujoco) {
        r.skip = "no glide formula for MuJoCo's compliance";
        return r;
    }
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    sap = o->soft_model == CT_SOFT_SAP || o->soft_model == CT_SOFT_CCP;
    similar = o->soft_model == CT_SOFT_SIMILAR;
    c = sap ? CUBE_MU * (o->dt + w.soft_tau_d) : similar ? CUBE_MU * o->dt : 0;
    /* start at the glide height (with the weight's penetration), v_n = 0 */
    add_cube(&w, 0, 0, CUBE_HALF + c * v0 - weight / (4 * w.soft_k), CUBE_MASS);
    w.body[0].v[0] = v0;
    r.value[2] = -1;
    if (o->csv) fprintf(o->csv, "t,x,h,h_pred,glide_formula,h_rest,vx,vz,fn\n");
    for (k = 1; k <= n; ++k) {
        const world_body *b = &w.body[0];
        double t = k * o->dt, f[3], vt, h, hr, pred;
        step(&w, &r);
        ground_force(&w, 0, f);
        vt = sqrt(b->v[0] * b->v[0] + b->v[1] * b->v[1]);
        h = bottom_height(b);
        if (sap) {
            double Rn, Rt, fs;
            sap_compliance(&w, &Rn, &Rt);
            fs = vt > 1e-3 ? 1 / (1 + CUBE_MU * CUBE_MU * Rt / Rn) : 1;
            hr = -(o->dt + w.soft_tau_d) * Rn * weight * o->dt / (4 * fs);
        } else if (similar) {
            hr = -weight / (4 * w.soft_k * (1 + w.soft_d * CUBE_MU * vt));
        } else {
            hr = -weight / (4 * w.soft_k);
        }
        pred = c * vt + hr;
        if (vt < 1e-3) hrest = hr;
        if (t >= 0.02 - 1e-12 && vt >= 0.2 && c > 0 && fabs(h - pred) / (c * vt) > r.value[0])
            r.value[0] = fabs(h - pred) / (c * vt); /* eq. 24 as printed (steady v_n = 0) */
        /* SAP's impulse depends on phi0 + (dt + tau_d) v_n = h + tau_d v_n, not h: while the
           glide sinks with the slowing slip (v_n < 0) the bottom sits tau_d |v_n| higher */
        if (sap) pred -= w.soft_tau_d * b->v[2];
        if (r.value[2] < 0 && vt < 1e-3) r.value[2] = t;
        if (t >= 0.02 - 1e-12 && vt >= 0.2) {
            double e = c > 0 ? fabs(h - pred) / (c * vt) : fabs(h - hr);
            if (e > r.err) r.err = e;
            sum_off += c * vt;
            ++glide;
        }
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", t, b->x[0], h, pred,
                    c * vt, hr, b->v[0], b->v[2], f[2]);
        r.value[3] = h;
    }
    if (glide > 0) r.value[1] = sum_off / glide;
    if (r.value[2] < 0 || r.value[2] > 0.45 - 0.1) r.err += 1; /* must stop, then rest 0.1 s */
    r.value[4] = hrest;
    r.value[5] = hrest < 0 ? weight / (-4 * hrest) : 0;
    finish(&w, &r);
    return r;
}

/* ---- penetration correction: a cube started 5 mm deep ---------------------------------------- */
sc_result sc_deep_start(const sc_opts *o, int mode) {
    sc_result r = empty_result();
    world w;
    double p[3];
    int k, n = (int)(1.0 / o->dt + 0.5);
    if (!setup(&w, o, 1, 0, 8)) { r.failed = 1; return r; }
    if (mode == 0) w.max_push = 0;
    if (mode == 2) w.relax = 1;
    p[0] = 0; p[1] = 0; p[2] = CUBE_HALF - 0.005;
    add_cube(&w, p[0], p[1], p[2], CUBE_MASS);
    r.value[2] = w.beta_contact * 0.005 / o->dt;
    if (o->csv) fprintf(o->csv, "t,bottom,vz,ke\n");
    for (k = 1; k <= n; ++k) {
        double e;
        step(&w, &r);
        e = world_kinetic_energy(&w);
        if (w.body[0].v[2] > r.err) r.err = w.body[0].v[2];
        if (e > r.value[0]) r.value[0] = e;
        if (w.body[0].x[2] - CUBE_HALF > r.value[1]) r.value[1] = w.body[0].x[2] - CUBE_HALF;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g\n", k * o->dt, w.body[0].x[2] - CUBE_HALF, w.body[0].v[2], e);
    }
    finish(&w, &r);
    return r;
}

/* ---- games: a stack at 60 Hz ------------------------------------------------------------------ */
sc_result sc_game_stack(const sc_opts *o, int boxes, int preset) {
    sc_result r = empty_result();
    world w;
    int i, k, n = 600;
    if (world_init(&w, boxes, 0, 16 * boxes) != CT_OK) { r.failed = 1; return r; }
    w.dt = 1.0 / 60;
    w.ground_mu = 0.5;
    if (preset) world_use_game_preset(&w);
    else {
        w.settings.method = CT_METHOD_PGS_NCP;
        world_fixed_sweeps(&w.settings, 10);
    }
    for (i = 0; i < boxes; ++i) {
        double x[3];
        x[0] = 0; x[1] = 0; x[2] = 0.5 + i;
        world_add_box(&w, 0.5, 0.5, 0.5, 1, x);
        w.body[i].mu = 0.5;
    }
    if (o->csv) fprintf(o->csv, "t,drift,top_x,ke\n");
    for (k = 1; k <= n; ++k) {
        double d = 0;
        ct_result res = world_step(&w);
        r.steps++;
        if (res != CT_OK) r.failed++;
        for (i = 0; i < boxes; ++i) {
            double dx = w.body[i].x[0], dy = w.body[i].x[1], dz = w.body[i].x[2] - (0.5 + i);
            double e = sqrt(dx * dx + dy * dy + dz * dz);
            if (e > d) d = e;
        }
        if (d > r.err) r.err = d;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.9g,%.9g\n", k * w.dt, d, w.body[boxes - 1].x[0], world_kinetic_energy(&w));
    }
    r.value[0] = world_kinetic_energy(&w);
    for (i = 0; i < w.ncontact; ++i)
        if (-w.contact[i].gap > r.value[1]) r.value[1] = -w.contact[i].gap;
    r.value[2] = 1e6 * w.step_seconds / n;
    r.solve_us = 1e6 * w.solve_seconds / n;
    world_free(&w);
    return r;
}
