/* scenes_loops.c - [Tsounis25]'s loops with contact and limits on the world layer: a four-bar
   whose coupler hits the ground, a chain swinging into its joint limits (scenes.h). */
#include "scenes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

static int loops_setup(world *w, const sc_opts *o, int nbody, int njoint, int ncontact) {
    if (world_init(w, nbody, njoint, ncontact) != CT_OK) return 0;
    w->dt = o->dt;
    w->beta_joint = o->beta_joint;
    w->settings.method = o->method;
    w->settings.tol_abs = (ct_real)o->tol;
    w->settings.max_iter = o->max_iter;
    return 1;
}

static double joint_error_max(const world *w, int j0, int j1) {
    double e, emax = 0;
    int j;
    for (j = j0; j < j1; ++j) {
        world_joint_error(w, j, &e, NULL);
        if (e > emax) emax = e;
    }
    return emax;
}

sc_result loop_fourbar_ground(const sc_opts *o, double T, int ground) {
    sc_result r;
    world w;
    const double lc = 0.3, lg = 0.4, z0 = 0.25;
    double O1[3] = {0, 0, 0}, O2[3] = {0, 0, 0}, A[3], B[3], p[3], y[3] = {0, 1, 0};
    int k, crank, coupler, rocker, n = (int)(T / o->dt + 0.5), touched = 0;
    memset(&r, 0, sizeof(r));
    if (!loops_setup(&w, o, 3, 4, 16)) { r.failed = 1; return r; }
    w.ground = ground;
    O1[2] = O2[2] = z0;
    O2[0] = lg;
    for (k = 0; k < 3; ++k) { /* released horizontal: the links along +x */
        A[k] = O1[k];
        B[k] = O2[k];
    }
    A[0] += lc;
    B[0] += lc;
    p[0] = lc / 2; p[1] = 0; p[2] = z0;
    crank = world_add_box(&w, lc / 2, 0.01, 0.01, 1, p);
    p[0] = lc + lg / 2;
    coupler = world_add_box(&w, lg / 2, 0.05, 0.01, 1, p); /* a plate: lands flat on the ground */
    p[0] = lg + lc / 2;
    rocker = world_add_box(&w, lc / 2, 0.01, 0.01, 1, p);
    w.body[crank].no_collide = w.body[rocker].no_collide = WORLD_NO_GROUND;
    world_add_joint(&w, WORLD_REVOLUTE, WORLD_GROUND, crank, O1, y);
    world_add_joint(&w, WORLD_REVOLUTE, crank, coupler, A, y);
    world_add_joint(&w, WORLD_REVOLUTE, coupler, rocker, B, y);
    world_add_joint(&w, WORLD_REVOLUTE, WORLD_GROUND, rocker, O2, y); /* closes the loop */
    if (o->csv) fprintf(o->csv, "t,crank_angle,loop_error,coupler_z,penetration,contacts\n");
    for (k = 1; k <= n; ++k) {
        double e, pen = 0;
        int c;
        ct_result res = world_step(&w);
        r.steps++;
        if (res != CT_OK) r.failed++;
        else if (w.info.status != CT_STATUS_CONVERGED) r.unconverged++;
        e = joint_error_max(&w, 0, 4);
        for (c = 0; c < w.ncontact; ++c) {
            if (-w.contact[c].gap > pen) pen = -w.contact[c].gap;
            if (w.contact[c].lambda[2] > 0) touched = 1;
        }
        if (e > r.err) r.err = e;
        if (touched && e > r.value[0]) r.value[0] = e; /* from the first impact on */
        if (pen > r.value[1]) r.value[1] = pen;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.9g,%.6g,%.9g,%.6g,%d\n", k * o->dt, world_joint_angle(&w, 0), e,
                    w.body[coupler].x[2], pen, w.ncontact);
    }
    r.value[2] = touched;
    r.value[3] = w.body[coupler].x[2];
    r.solve_us = r.steps > 0 ? 1e6 * w.solve_seconds / r.steps : 0;
    world_free(&w);
    return r;
}

sc_result loop_chain_limits(const sc_opts *o, int links, double T) {
    sc_result r;
    world w;
    const double L = 0.2, lim = 0.3, z0 = 1.5;
    double p[3], y[3] = {0, 1, 0}, *qprev;
    int i, k, n = (int)(T / o->dt + 0.5);
    memset(&r, 0, sizeof(r));
    qprev = (double *)calloc((size_t)links, sizeof(double));
    if (!qprev || !loops_setup(&w, o, links, links, 4)) { free(qprev); r.failed = 1; return r; }
    w.ground = 0;
    for (i = 0; i < links; ++i) { /* horizontal along +x, hinged about y */
        p[0] = L * i + L / 2; p[1] = 0; p[2] = z0;
        world_add_box(&w, L / 2, 0.02, 0.02, 1, p);
    }
    for (i = 0; i < links; ++i) {
        p[0] = L * i; p[1] = 0; p[2] = z0;
        world_add_joint(&w, WORLD_REVOLUTE, i == 0 ? WORLD_GROUND : i - 1, i, p, y);
        if (i > 0) world_set_limit(&w, i, -lim, lim);
    }
    if (o->csv) fprintf(o->csv, "t,max_violation,one_step_motion,joint_error,tip_z\n");
    for (k = 1; k <= n; ++k) {
        double viol = 0, move = 0, e;
        ct_result res = world_step(&w);
        r.steps++;
        if (res != CT_OK) r.failed++;
        else if (w.info.status != CT_STATUS_CONVERGED) r.unconverged++;
        for (i = 1; i < links; ++i) {
            const double q = world_joint_angle(&w, i), v = q > lim ? q - lim : q < -lim ? -lim - q : 0;
            if (v > viol) viol = v;
            if (fabs(q - qprev[i]) > move) move = fabs(q - qprev[i]);
            qprev[i] = q;
        }
        e = joint_error_max(&w, 0, links);
        if (viol > r.err) r.err = viol;
        if (move > r.value[0]) r.value[0] = move;
        if (e > r.value[1]) r.value[1] = e;
        r.value[2] = viol;
        if (o->csv)
            fprintf(o->csv, "%.6g,%.6g,%.6g,%.6g,%.9g\n", k * o->dt, viol, move, e, w.body[links - 1].x[2]);
    }
    r.solve_us = r.steps > 0 ? 1e6 * w.solve_seconds / r.steps : 0;
    free(qprev);
    world_free(&w);
    return r;
}
