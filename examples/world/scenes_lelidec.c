/* scenes_lelidec.c - [LeLidec24] Fig. 11 and 12 on the world layer: each model's error against
   an NCP reference at a fine step, and the internal forces of each method at stiction before
   the cube slides and while it slides (scenes.h). */
#include "scenes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GRAV 9.81

/* the [LeLidec24] cube (1 kg, side 0.2 m, mu 0.4) at rest */
static int drag_setup(world *w, const sc_opts *o) {
    double p[3] = {0, 0, 0.1};
    if (world_init(w, 1, 0, 8) != CT_OK) return 0;
    w->dt = o->dt;
    w->settings.method = o->method;
    w->settings.tol_abs = (ct_real)o->tol;
    w->settings.max_iter = o->max_iter;
    w->soft_model = o->soft_model;
    w->soft_ccp_mujoco = o->ccp_mujoco;
    world_add_box(w, 0.1, 0.1, 0.1, 1.0, p);
    return 1;
}

/* the largest y force (N) of the last step's contacts: the drag is along x, the net y force is
   0, so every corner's y force is internal, the corners pulling on each other ([LeLidec24] Fig.
   12 right plots these) */
static double internal_force(const world *w) {
    double fmax = 0;
    int c;
    for (c = 0; c < w->ncontact; ++c) {
        const world_contact *ct = &w->contact[c];
        const double fy = ct->lambda[0] * ct->t1[1] + ct->lambda[1] * ct->t2[1] + ct->lambda[2] * ct->n[1];
        if (fabs(fy) > fmax) fmax = fabs(fy);
    }
    return fmax;
}

/* runs the drag for T s at o->dt: F = 20 t at the start of each step; xs (or NULL) gets the
   centre every sample_dt; the internal forces into r */
static int drag_run(const sc_opts *o, double T, double sample_dt, double *xs, sc_result *r) {
    world w;
    const double tstar = 0.4 * GRAV / 20;
    int k, n = (int)(T / o->dt + 0.5), every = (int)(sample_dt / o->dt + 0.5), ns = 0;
    memset(r, 0, sizeof(*r));
    if (every < 1) every = 1;
    if (!drag_setup(&w, o)) { r->failed = 1; return 0; }
    if (xs) memcpy(xs, w.body[0].x, 3 * sizeof(double)), ns = 1;
    if (o->csv) fprintf(o->csv, "t,x,internal\n");
    for (k = 0; k < n; ++k) {
        const double t = (k + 1) * o->dt;
        double f;
        ct_result res;
        w.body[0].force[0] = 20.0 * k * o->dt;
        res = world_step(&w);
        r->steps++;
        if (res != CT_OK) r->failed++;
        else if (w.info.status != CT_STATUS_CONVERGED) r->unconverged++;
        if (xs && (k + 1) % every == 0) memcpy(xs + 3 * (size_t)ns++, w.body[0].x, 3 * sizeof(double));
        f = internal_force(&w);
        if (t >= 0.05 && t <= tstar - 0.01 && f > r->value[0]) r->value[0] = f; /* stiction */
        if (t >= tstar + 0.05 && f > r->value[1]) r->value[1] = f;             /* sliding */
        if (o->csv) fprintf(o->csv, "%.6g,%.9g,%.6g\n", t, w.body[0].x[0], f);
    }
    r->solve_us = r->steps > 0 ? 1e6 * w.solve_seconds / r->steps : 0;
    world_free(&w);
    return ns;
}

sc_result ll_internal_forces(const sc_opts *o) {
    sc_result r;
    drag_run(o, 0.5, 1, NULL, &r);
    r.err = r.value[0];
    return r;
}

sc_result ll_error_vs_ncp(const sc_opts *o, const double *dts, int ndt, double ref_dt, double T, double *err) {
    sc_result r, rr;
    sc_opts ro = *o;
    const double sample = dts[0];
    const int ns = (int)(T / sample + 0.5) + 1;
    double *ref = (double *)malloc(sizeof(double) * 3 * (size_t)ns);
    double *q = (double *)malloc(sizeof(double) * 3 * (size_t)ns), sx = 0, sy = 0, sxx = 0, sxy = 0;
    int d, i, m = 0;
    memset(&r, 0, sizeof(r));
    if (!ref || !q) { free(ref); free(q); r.failed = 1; return r; }
    /* the reference: NCP (ADMM_NCP, 1e-9 N) at ref_dt */
    ro = sc_default_opts(CT_METHOD_ADMM_NCP);
    ro.dt = ref_dt;
    drag_run(&ro, T, sample, ref, &rr);
    r.failed += rr.failed;
    for (d = 0; d < ndt; ++d) {
        sc_opts oo = *o;
        double e = 0;
        int got;
        oo.dt = dts[d];
        oo.csv = NULL;
        got = drag_run(&oo, T, sample, q, &rr);
        r.failed += rr.failed;
        r.unconverged += rr.unconverged;
        /* [LeLidec24]'s integral consistency error sum_t ||q(t) - q_ref(t)|| dt, on the grid of
           the largest step */
        for (i = 1; i < got && i < ns; ++i) {
            const double dx = q[3 * i] - ref[3 * i], dy = q[3 * i + 1] - ref[3 * i + 1], dz = q[3 * i + 2] - ref[3 * i + 2];
            e += sqrt(dx * dx + dy * dy + dz * dz) * sample;
        }
        err[d] = e;
    }
    for (d = 0; d < ndt; ++d)
        if (err[d] > 0) {
            sx += log(dts[d]); sy += log(err[d]);
            sxx += log(dts[d]) * log(dts[d]); sxy += log(dts[d]) * log(err[d]);
            ++m;
        }
    r.err = m >= 2 ? (m * sxy - sx * sy) / (m * sxx - sx * sx) : 0;
    if (ndt >= 2 && err[ndt - 1] > 0 && err[ndt - 2] > 0)
        r.value[0] = log(err[ndt - 2] / err[ndt - 1]) / log(dts[ndt - 2] / dts[ndt - 1]);
    free(ref);
    free(q);
    return r;
}
