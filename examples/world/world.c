/* world.c - the rigid-body world of examples/world (see world.h for the tour).

   Seeds: 001 Sec. IV (maximal coordinates, joints, limits, contacts), Sec. V-B (free
   velocity), Sec. V-C (biases, eq. 89-91); 000 Sec. III-E (warm start per contact pair). */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#endif
#include "world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- small 3-vector and quaternion helpers ---------------------------------------------- */
static double dot3(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static void cross3(const double a[3], const double b[3], double out[3]) {
    double c0 = a[1] * b[2] - a[2] * b[1], c1 = a[2] * b[0] - a[0] * b[2],
           c2 = a[0] * b[1] - a[1] * b[0];
    out[0] = c0; out[1] = c1; out[2] = c2;
}
static void sub3(const double a[3], const double b[3], double out[3]) {
    out[0] = a[0] - b[0]; out[1] = a[1] - b[1]; out[2] = a[2] - b[2];
}
static void scale3(double s, double x[3]) { x[0] *= s; x[1] *= s; x[2] *= s; }
static void normalize3(double x[3]) {
    double n = sqrt(dot3(x, x));
    if (n > 0) scale3(1 / n, x);
}

/* out = a b (Hamilton product, (w, x, y, z)) */
static void quat_mul(const double a[4], const double b[4], double out[4]) {
    double w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
    double x = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
    double y = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
    double z = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
    out[0] = w; out[1] = x; out[2] = y; out[3] = z;
}
static void quat_conj(const double q[4], double out[4]) {
    out[0] = q[0]; out[1] = -q[1]; out[2] = -q[2]; out[3] = -q[3];
}
/* R(q): columns are the body axes in world coordinates */
static void quat_to_mat(const double q[4], double R[9]) {
    double w = q[0], x = q[1], y = q[2], z = q[3];
    R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z);     R[2] = 2 * (x * z + w * y);
    R[3] = 2 * (x * y + w * z);     R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
    R[6] = 2 * (x * z - w * y);     R[7] = 2 * (y * z + w * x);     R[8] = 1 - 2 * (x * x + y * y);
}
void world_quat_rotate(const double q[4], const double v[3], double out[3]) {
    double R[9], o[3];
    int i;
    quat_to_mat(q, R);
    for (i = 0; i < 3; ++i) o[i] = R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2];
    out[0] = o[0]; out[1] = o[1]; out[2] = o[2];
}
/* out = R(q)^T v */
static void quat_unrotate(const double q[4], const double v[3], double out[3]) {
    double qc[4];
    quat_conj(q, qc);
    world_quat_rotate(qc, v, out);
}
void world_quat_from_axis_angle(const double axis[3], double angle, double q[4]) {
    double a[3] = {axis[0], axis[1], axis[2]}, s = sin(angle / 2);
    normalize3(a);
    q[0] = cos(angle / 2); q[1] = s * a[0]; q[2] = s * a[1]; q[3] = s * a[2];
}
void world_body_point(const world_body *b, const double local[3], double out[3]) {
    world_quat_rotate(b->q, local, out);
    out[0] += b->x[0]; out[1] += b->x[1]; out[2] += b->x[2];
}
/* the world-frame inverse inertia R diag(1/I) R^T (Iinv) and inertia R diag(I) R^T (I) */
static void body_inertia(const world_body *b, double I[9], double Iinv[9]) {
    double R[9];
    int i, j, k;
    quat_to_mat(b->q, R);
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) {
            double s = 0, si = 0;
            for (k = 0; k < 3; ++k) {
                s += R[3 * i + k] * b->inertia[k] * R[3 * j + k];
                si += R[3 * i + k] / b->inertia[k] * R[3 * j + k];
            }
            if (I) I[3 * i + j] = s;
            if (Iinv) Iinv[3 * i + j] = si;
        }
}
static void mat3_mul_vec(const double A[9], const double x[3], double out[3]) {
    double o0 = A[0] * x[0] + A[1] * x[1] + A[2] * x[2];
    double o1 = A[3] * x[0] + A[4] * x[1] + A[5] * x[2];
    double o2 = A[6] * x[0] + A[7] * x[1] + A[8] * x[2];
    out[0] = o0; out[1] = o1; out[2] = o2;
}

/* ---- setup ------------------------------------------------------------------------------ */
ct_result world_init(world *w, int max_body, int max_joint, int max_contact) {
    int nv = 6 * max_body, rows = 6 * max_joint + max_joint + 3 * max_contact, m;
    size_t ws_bytes = 0;
    memset(w, 0, sizeof(*w));
    w->dt = 1e-3;
    w->gravity[2] = -9.81;
    w->margin = 2e-3;
    w->beta_contact = 0.2;
    w->beta_joint = 0.2;
    w->beta_limit = 0.2;
    w->ground_mu = 0.4;
    w->ground = 1;
    w->warm_start = 1;
    w->restitution_threshold = 0.1;
    w->settings = ct_default_settings();
    w->soft_model = CT_SOFT_LAGGED;
    w->soft_ccp_mujoco = 0;
    w->soft_k = 1e7;
    w->soft_d = 500;
    w->soft_tau_d = 1e-3;
    w->soft_v_s = 1e-4;
    w->soft_sigma = 1e-3;
    w->soft_beta = 1;
    w->soft_solref[0] = 0.02; w->soft_solref[1] = 1;
    w->soft_solimp[0] = 0.9; w->soft_solimp[1] = 0.95; w->soft_solimp[2] = 0.001;
    w->soft_solimp[3] = 0.5; w->soft_solimp[4] = 2;
    w->soft_margin = 1e-2;
    w->soft_joint_compliance = 1e-5;
    w->max_body = max_body;
    w->max_joint = max_joint;
    w->max_contact = max_contact;
    w->max_rows = rows;
    w->body = (world_body *)calloc((size_t)max_body, sizeof(world_body));
    w->joint = (world_joint *)calloc((size_t)(max_joint > 0 ? max_joint : 1), sizeof(world_joint));
    w->contact = (world_contact *)calloc((size_t)max_contact, sizeof(world_contact));
    w->cache = (world_cached *)calloc((size_t)max_contact, sizeof(world_cached));
    w->M = (ct_real *)calloc((size_t)nv * nv, sizeof(ct_real));
    w->J = (ct_real *)calloc((size_t)rows * nv, sizeof(ct_real));
    w->G = (ct_real *)calloc((size_t)rows * rows, sizeof(ct_real));
    w->g = (ct_real *)calloc((size_t)rows, sizeof(ct_real));
    w->uf = (ct_real *)calloc((size_t)nv, sizeof(ct_real));
    w->lam = (ct_real *)calloc((size_t)rows, sizeof(ct_real));
    w->vel = (ct_real *)calloc((size_t)rows, sizeof(ct_real));
    w->mu = (ct_real *)calloc((size_t)max_contact, sizeof(ct_real));
    w->scratch = (ct_real *)calloc(ct_delassus_scratch_size(nv, rows) + 1, sizeof(ct_real));
    w->bias = (double *)calloc((size_t)rows, sizeof(double));
    w->limit_of_row = (int *)calloc((size_t)(max_joint > 0 ? max_joint : 1), sizeof(int));
    w->R = (ct_real *)calloc(4 * ((size_t)rows + 1), sizeof(ct_real)); /* R, vref, 2 scratch */
    w->vref = w->R ? w->R + rows + 1 : NULL;
    w->phi0 = (ct_real *)calloc(4 * (size_t)max_contact + 4, sizeof(ct_real));
    w->vn0 = w->phi0 ? w->phi0 + max_contact + 1 : NULL;
    w->kc = w->phi0 ? w->phi0 + 2 * (max_contact + 1) : NULL;
    w->dc = w->phi0 ? w->phi0 + 3 * (max_contact + 1) : NULL;
    /* one workspace big enough for every method at the largest problem (the layout grows
       with the sizes), so settings.method may change between steps */
    for (m = 0; m < CT_METHOD_COUNT_; ++m) {
        ct_settings s = ct_default_settings();
        size_t bytes = 0;
        s.method = (ct_method)m;
        if (ct_workspace_size(6 * max_joint, max_joint, max_contact, &s, &bytes) == CT_OK &&
            bytes > ws_bytes)
            ws_bytes = bytes;
    }
    w->ws_mem = calloc(ws_bytes + 64, 1);
    if (!w->body || !w->joint || !w->contact || !w->cache || !w->M || !w->J || !w->G || !w->g ||
        !w->uf || !w->lam || !w->vel || !w->mu || !w->scratch || !w->bias || !w->limit_of_row ||
        !w->R || !w->vref || !w->phi0 ||
        !w->ws_mem || ct_workspace_init(&w->ws, w->ws_mem, ws_bytes + 64) != CT_OK) {
        world_free(w);
        return CT_ERROR_OUT_OF_MEMORY;
    }
    return CT_OK;
}

void world_free(world *w) {
    free(w->ws_mem);
    free(w->body); free(w->joint); free(w->contact); free(w->cache);
    free(w->M); free(w->J); free(w->G); free(w->g); free(w->uf); free(w->lam); free(w->vel);
    free(w->mu); free(w->scratch); free(w->bias); free(w->limit_of_row);
    free(w->R); free(w->phi0);
    memset(w, 0, sizeof(*w));
}

static int add_body(world *w, world_shape shape, const double half[3], double mass,
                    const double x[3]) {
    world_body *b;
    if (w->nbody >= w->max_body) return -1;
    b = &w->body[w->nbody];
    memset(b, 0, sizeof(*b));
    b->shape = shape;
    b->half[0] = half[0]; b->half[1] = half[1]; b->half[2] = half[2];
    b->mass = mass;
    b->mu = -1; /* unset: the pair's friction comes from the other body or the ground */
    b->x[0] = x[0]; b->x[1] = x[1]; b->x[2] = x[2];
    b->q[0] = 1;
    if (shape == WORLD_BOX) { /* I = m (b^2 + c^2) / 3 with half extents */
        b->inertia[0] = mass * (half[1] * half[1] + half[2] * half[2]) / 3;
        b->inertia[1] = mass * (half[0] * half[0] + half[2] * half[2]) / 3;
        b->inertia[2] = mass * (half[0] * half[0] + half[1] * half[1]) / 3;
    } else { /* solid sphere 2/5 m r^2 */
        b->inertia[0] = b->inertia[1] = b->inertia[2] = 0.4 * mass * half[0] * half[0];
    }
    return w->nbody++;
}
int world_add_box(world *w, double hx, double hy, double hz, double mass, const double x[3]) {
    double half[3];
    half[0] = hx; half[1] = hy; half[2] = hz;
    return add_body(w, WORLD_BOX, half, mass, x);
}
int world_add_sphere(world *w, double radius, double mass, const double x[3]) {
    double half[3];
    half[0] = half[1] = half[2] = radius;
    return add_body(w, WORLD_SPHERE, half, mass, x);
}

static const double identity_q[4] = {1, 0, 0, 0};
static const double zero3[3] = {0, 0, 0};
static const double *body_q(const world *w, int i) { return i < 0 ? identity_q : w->body[i].q; }
static const double *body_x(const world *w, int i) { return i < 0 ? zero3 : w->body[i].x; }

/* local coordinates of a world point / direction on body i (the ground: world) */
static void to_local(const world *w, int i, const double p[3], int is_point, double out[3]) {
    double d[3];
    if (is_point) sub3(p, body_x(w, i), d);
    else { d[0] = p[0]; d[1] = p[1]; d[2] = p[2]; }
    quat_unrotate(body_q(w, i), d, out);
}

int world_add_joint(world *w, world_joint_type type, int a, int b, const double anchor[3],
                    const double axis[3]) {
    world_joint *j;
    double qa_c[4];
    if (w->njoint >= w->max_joint || b < 0 || b >= w->nbody || a >= w->nbody) return -1;
    j = &w->joint[w->njoint];
    memset(j, 0, sizeof(*j));
    j->type = type;
    j->a = a;
    j->b = b;
    to_local(w, a, anchor, 1, j->pa);
    to_local(w, b, anchor, 1, j->pb);
    if (axis) {
        to_local(w, a, axis, 0, j->axis_a);
        to_local(w, b, axis, 0, j->axis_b);
        normalize3(j->axis_a);
        normalize3(j->axis_b);
    }
    quat_conj(body_q(w, a), qa_c);
    quat_mul(qa_c, body_q(w, b), j->qrel0);
    return w->njoint++;
}

void world_set_limit(world *w, int joint, double lo, double hi) {
    w->joint[joint].has_limit = 1;
    w->joint[joint].lo = lo;
    w->joint[joint].hi = hi;
}

int world_joint_rows(const world_joint *j) {
    return j->type == WORLD_BALL ? 3 : j->type == WORLD_REVOLUTE ? 5 : 6;
}

/* ---- collision detection ---------------------------------------------------------------- */
/* the velocity of body i's material point p */
static void point_velocity(const world *w, int i, const double p[3], double out[3]) {
    double r[3];
    if (i < 0) { out[0] = out[1] = out[2] = 0; return; }
    sub3(p, w->body[i].x, r);
    cross3(w->body[i].w, r, out);
    out[0] += w->body[i].v[0]; out[1] += w->body[i].v[1]; out[2] += w->body[i].v[2];
}

static int is_soft(const world *w) { return w->settings.method == CT_METHOD_NEWTON_SOFT; }

/* Adds a contact when it is within the margin, or would close within this step (a
   speculative contact, [Tsounis25] eq. 91): gap < margin + dt max(0, -v_n). Soft models:
   gap < soft_margin + dt max(0, -v_n) + (dt + tau_d) mu ||v_T|| (tau_d = 0 unless SAP): the
   Similar and SAP impulses act on an open contact up to a gap of dt mu ||v_T|| (SAP:
   (dt + tau_d) mu ||v_T||) at v_n = 0, the gliding of [Castro23] eq. 24; the reach grows with
   the slip so that no model force is ever cut off by the detection. */
static void add_contact(world *w, int a, int b, int feature, const double p[3],
                        const double n[3], double gap) {
    world_contact *c;
    double va[3], vb[3], dv[3], vn, ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    double mua, mub, ea, eb, mu, reach;
    point_velocity(w, a, p, va);
    point_velocity(w, b, p, vb);
    sub3(vb, va, dv);
    vn = dot3(n, dv);
    mua = a < 0 ? w->ground_mu : w->body[a].mu;
    mub = w->body[b].mu;
    mu = mua < 0 ? mub : mub < 0 ? mua : mua < mub ? mua : mub;
    if (mu < 0) mu = w->ground_mu;
    reach = w->margin + w->dt * (vn < 0 ? -vn : 0);
    if (is_soft(w)) {
        double vt[3], tau = w->soft_tau_d;
        vt[0] = dv[0] - vn * n[0]; vt[1] = dv[1] - vn * n[1]; vt[2] = dv[2] - vn * n[2];
        reach = w->soft_margin + w->dt * (vn < 0 ? -vn : 0) + (w->dt + tau) * mu * sqrt(dot3(vt, vt));
    }
    if (gap >= reach || w->ncontact >= w->max_contact) return;
    c = &w->contact[w->ncontact++];
    memset(c, 0, sizeof(*c));
    c->a = a; c->b = b; c->feature = feature;
    c->p[0] = p[0]; c->p[1] = p[1]; c->p[2] = p[2];
    c->n[0] = n[0]; c->n[1] = n[1]; c->n[2] = n[2];
    c->gap = gap;
    c->vn_minus = vn; /* (J u-)_n, [Tsounis25] eq. 75 */
    /* t1 = world x projected on the tangent plane (world y if n is nearly x), t2 = n x t1:
       a ground contact has t1 = x, t2 = y */
    {
        const double *e = fabs(n[0]) < 0.9 ? ex : ey;
        double en = dot3(e, n);
        c->t1[0] = e[0] - en * n[0]; c->t1[1] = e[1] - en * n[1]; c->t1[2] = e[2] - en * n[2];
        normalize3(c->t1);
        cross3(n, c->t1, c->t2);
    }
    c->mu = mu;
    ea = a < 0 ? 0 : w->body[a].restitution;
    eb = w->body[b].restitution;
    c->restitution = ea > eb ? ea : eb;
}

static void box_corner(const world_body *b, int k, double local[3]) {
    local[0] = (k & 1) ? b->half[0] : -b->half[0];
    local[1] = (k & 2) ? b->half[1] : -b->half[1];
    local[2] = (k & 4) ? b->half[2] : -b->half[2];
}

static void collide_ground(world *w, int i) {
    const world_body *b = &w->body[i];
    double n[3] = {0, 0, 1}, p[3];
    int k;
    if (b->shape == WORLD_SPHERE) {
        p[0] = b->x[0]; p[1] = b->x[1]; p[2] = 0;
        add_contact(w, WORLD_GROUND, i, 0, p, n, b->x[2] - b->half[0]);
        return;
    }
    for (k = 0; k < 8; ++k) { /* every corner below the margin: 4 for a box lying flat */
        double local[3];
        box_corner(b, k, local);
        world_body_point(b, local, p);
        add_contact(w, WORLD_GROUND, i, k, p, n, p[2]);
    }
}

/* Box-box for aligned stacks. The reference face is the face normal, among both boxes' six,
   of largest separation (a separating-axis test restricted to face normals; ties go to the
   larger face, then to the lower index). The incident box's corners near that face, clamped
   to the face's rectangle, are the contact points: exact for parallel faces, aligned or
   offset; rotated or edge-on boxes get an approximation. */
static void collide_box_box(world *w, int ia, int ib) {
    int ref, k, best_ref = -1, best_axis = 0, c;
    double best_s = -1e300, best_area = 0, best_sign = 1;
    for (ref = 0; ref < 2; ++ref) {
        const world_body *R = &w->body[ref == 0 ? ia : ib], *I = &w->body[ref == 0 ? ib : ia];
        double RR[9], RI[9], d[3], dl[3];
        quat_to_mat(R->q, RR);
        quat_to_mat(I->q, RI);
        sub3(I->x, R->x, d);
        quat_unrotate(R->q, d, dl);
        for (k = 0; k < 3; ++k) {
            /* extent of I along R's axis k: sum_j |a_k . b_j| h_I,j */
            double ext = 0, s, area;
            int j;
            for (j = 0; j < 3; ++j) {
                double akbj = RR[k] * RI[j] + RR[3 + k] * RI[3 + j] + RR[6 + k] * RI[6 + j];
                ext += fabs(akbj) * I->half[j];
            }
            s = fabs(dl[k]) - R->half[k] - ext;
            area = R->half[(k + 1) % 3] * R->half[(k + 2) % 3];
            if (s > best_s + 1e-6 || (s > best_s - 1e-6 && area > best_area * (1 + 1e-9))) {
                best_s = s; best_ref = ref; best_axis = k; best_area = area;
                best_sign = dl[k] >= 0 ? 1 : -1;
            }
        }
    }
    if (best_s > (is_soft(w) ? w->soft_margin : w->margin) + w->dt * 100)
        return; /* far apart (100 m/s bound) */
    {
        const world_body *R = &w->body[best_ref == 0 ? ia : ib];
        const world_body *I = &w->body[best_ref == 0 ? ib : ia];
        double nref[3] = {0, 0, 0}, n[3];
        nref[best_axis] = best_sign; /* R's face normal toward I, in R's frame */
        world_quat_rotate(R->q, nref, n);
        if (best_ref == 1) scale3(-1, n); /* keep n from a = ia to b = ib */
        for (c = 0; c < 8; ++c) {
            double local[3], p[3], pl[3], gap;
            int j;
            box_corner(I, c, local);
            world_body_point(I, local, p);
            to_local(w, (int)(R - w->body), p, 1, pl);
            gap = best_sign * pl[best_axis] - R->half[best_axis];
            for (j = 0; j < 3; ++j) /* clamp onto the face rectangle */
                if (j != best_axis) {
                    if (pl[j] > R->half[j]) pl[j] = R->half[j];
                    if (pl[j] < -R->half[j]) pl[j] = -R->half[j];
                }
            world_body_point(R, pl, p);
            add_contact(w, ia, ib, 8 * best_ref + c, p, n, gap);
        }
    }
}

/* sphere (b) against box (a): the closest point of the box */
static void collide_box_sphere(world *w, int ia, int ib) {
    const world_body *A = &w->body[ia], *S = &w->body[ib];
    double cl[3], q[3], d[3], nl[3] = {0, 0, 0}, n[3], p[3], dist, gap;
    int k, inside = 1;
    to_local(w, ia, S->x, 1, cl);
    for (k = 0; k < 3; ++k) {
        q[k] = cl[k] > A->half[k] ? A->half[k] : cl[k] < -A->half[k] ? -A->half[k] : cl[k];
        if (q[k] != cl[k]) inside = 0;
    }
    if (!inside) {
        sub3(cl, q, d);
        dist = sqrt(dot3(d, d));
        nl[0] = d[0] / dist; nl[1] = d[1] / dist; nl[2] = d[2] / dist;
        gap = dist - S->half[0];
    } else { /* centre inside: leave through the nearest face */
        int best = 0;
        for (k = 1; k < 3; ++k)
            if (A->half[k] - fabs(cl[k]) < A->half[best] - fabs(cl[best])) best = k;
        nl[best] = cl[best] >= 0 ? 1 : -1;
        q[best] = nl[best] * A->half[best];
        gap = -(A->half[best] - fabs(cl[best])) - S->half[0];
    }
    world_quat_rotate(A->q, nl, n);
    world_body_point(A, q, p);
    add_contact(w, ia, ib, 0, p, n, gap);
}

static void collide_spheres(world *w, int ia, int ib) {
    const world_body *A = &w->body[ia], *B = &w->body[ib];
    double d[3], n[3], p[3], dist;
    sub3(B->x, A->x, d);
    dist = sqrt(dot3(d, d));
    if (dist <= 0) return;
    n[0] = d[0] / dist; n[1] = d[1] / dist; n[2] = d[2] / dist;
    p[0] = A->x[0] + A->half[0] * n[0];
    p[1] = A->x[1] + A->half[0] * n[1];
    p[2] = A->x[2] + A->half[0] * n[2];
    add_contact(w, ia, ib, 0, p, n, dist - A->half[0] - B->half[0]);
}

/* bodies joined by a joint do not collide */
static int jointed(const world *w, int a, int b) {
    int j;
    for (j = 0; j < w->njoint; ++j)
        if ((w->joint[j].a == a && w->joint[j].b == b) || (w->joint[j].a == b && w->joint[j].b == a))
            return 1;
    return 0;
}

static void collide(world *w) {
    int i, k;
    w->ncontact = 0;
    for (i = 0; i < w->nbody; ++i) {
        const world_body *bi = &w->body[i];
        double ri = sqrt(dot3(bi->half, bi->half));
        if (w->ground) collide_ground(w, i);
        for (k = i + 1; k < w->nbody; ++k) {
            const world_body *bk = &w->body[k];
            double d[3], rk = sqrt(dot3(bk->half, bk->half)), reach;
            sub3(bk->x, bi->x, d);
            reach = ri + rk + (is_soft(w) ? w->soft_margin : w->margin) + w->dt * 100;
            if (dot3(d, d) > reach * reach || jointed(w, i, k)) continue; /* bounding spheres */
            if (bi->shape == WORLD_BOX && bk->shape == WORLD_BOX) collide_box_box(w, i, k);
            else if (bi->shape == WORLD_BOX) collide_box_sphere(w, i, k);
            else if (bk->shape == WORLD_BOX) collide_box_sphere(w, k, i);
            else collide_spheres(w, i, k);
        }
    }
}

/* Warm start and "new" flag from last step's contacts ([LeLidec24] Sec. III-E: the cache is
   keyed on the contact pair and its feature). */
static void read_cache(world *w) {
    int i, k;
    for (i = 0; i < w->ncontact; ++i) {
        world_contact *c = &w->contact[i];
        c->is_new = 1;
        for (k = 0; k < w->ncache; ++k) {
            const world_cached *e = &w->cache[k];
            if (e->a == c->a && e->b == c->b && e->feature == c->feature) {
                if (w->warm_start) memcpy(c->lambda, e->lambda, sizeof(c->lambda));
                c->is_new = e->lambda[2] <= 0;
                break;
            }
        }
    }
}

static void write_cache(world *w) {
    int i;
    for (i = 0; i < w->ncontact; ++i) {
        w->cache[i].a = w->contact[i].a;
        w->cache[i].b = w->contact[i].b;
        w->cache[i].feature = w->contact[i].feature;
        memcpy(w->cache[i].lambda, w->contact[i].lambda, sizeof(w->cache[i].lambda));
    }
    w->ncache = w->ncontact;
}

/* ---- joints ----------------------------------------------------------------------------- */
static void joint_anchors(const world *w, const world_joint *j, double pa[3], double pb[3]) {
    if (j->a < 0) { pa[0] = j->pa[0]; pa[1] = j->pa[1]; pa[2] = j->pa[2]; }
    else world_body_point(&w->body[j->a], j->pa, pa);
    world_body_point(&w->body[j->b], j->pb, pb);
}

/* the rotation of b relative to its creation pose, in a's frame: qd = conj(qa) qb conj(qrel0) */
static void joint_relative_rotation(const world *w, const world_joint *j, double qd[4]) {
    double qa_c[4], qr[4], q0c[4];
    quat_conj(body_q(w, j->a), qa_c);
    quat_mul(qa_c, body_q(w, j->b), qr);
    quat_conj(j->qrel0, q0c);
    quat_mul(qr, q0c, qd);
    if (qd[0] < 0) { qd[0] = -qd[0]; qd[1] = -qd[1]; qd[2] = -qd[2]; qd[3] = -qd[3]; }
}

double world_joint_angle(const world *w, int joint) {
    const world_joint *j = &w->joint[joint];
    double qd[4];
    joint_relative_rotation(w, j, qd);
    return 2 * atan2(qd[1] * j->axis_a[0] + qd[2] * j->axis_a[1] + qd[3] * j->axis_a[2], qd[0]);
}

/* Rows of a joint: directions d (world) and the error r whose rate is the row's velocity
   d . (v_b(p) - v_a(p)) for linear rows, d . (w_b - w_a) for angular rows. */
typedef struct joint_row { double d[3]; double r; int angular; } joint_row;

static int joint_rows(const world *w, const world_joint *j, joint_row rows[6]) {
    double pa[3], pb[3], e[3];
    int k, n = 0;
    joint_anchors(w, j, pa, pb);
    sub3(pb, pa, e); /* anchor separation: its rate is v_b(p) - v_a(p) */
    for (k = 0; k < 3; ++k, ++n) {
        rows[n].d[0] = rows[n].d[1] = rows[n].d[2] = 0;
        rows[n].d[k] = 1;
        rows[n].r = e[k];
        rows[n].angular = 0;
    }
    if (j->type == WORLD_REVOLUTE) {
        /* the axes stay aligned: p1, p2 perpendicular to a's axis; the misalignment
           a_a x a_b has rate (w_b - w_a) projected on the plane of p1, p2 */
        double aa[3], ab[3], mis[3], p1[3], p2[3], ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
        world_quat_rotate(body_q(w, j->a), j->axis_a, aa);
        world_quat_rotate(w->body[j->b].q, j->axis_b, ab);
        cross3(aa, ab, mis);
        cross3(aa, fabs(aa[0]) < 0.9 ? ex : ey, p1);
        normalize3(p1);
        cross3(aa, p1, p2);
        for (k = 0; k < 2; ++k, ++n) {
            const double *p = k == 0 ? p1 : p2;
            rows[n].d[0] = p[0]; rows[n].d[1] = p[1]; rows[n].d[2] = p[2];
            rows[n].r = dot3(p, mis);
            rows[n].angular = 1;
        }
    } else if (j->type == WORLD_WELD) {
        /* the rotation error 2 vec(qd), in world coordinates, has rate w_b - w_a */
        double qd[4], vl[3], vw[3];
        joint_relative_rotation(w, j, qd);
        vl[0] = 2 * qd[1]; vl[1] = 2 * qd[2]; vl[2] = 2 * qd[3];
        world_quat_rotate(body_q(w, j->a), vl, vw);
        for (k = 0; k < 3; ++k, ++n) {
            rows[n].d[0] = rows[n].d[1] = rows[n].d[2] = 0;
            rows[n].d[k] = 1;
            rows[n].r = vw[k];
            rows[n].angular = 1;
        }
    }
    return n;
}

void world_joint_error(const world *w, int joint, double *position, double *angle) {
    joint_row rows[6];
    int n = joint_rows(w, &w->joint[joint], rows), k;
    double p2 = 0, a2 = 0;
    for (k = 0; k < n; ++k) {
        if (rows[k].angular) a2 += rows[k].r * rows[k].r;
        else p2 += rows[k].r * rows[k].r;
    }
    if (position) *position = sqrt(p2);
    if (angle) *angle = sqrt(a2);
}

double world_kinetic_energy(const world *w) {
    double e = 0;
    int i;
    for (i = 0; i < w->nbody; ++i) {
        const world_body *b = &w->body[i];
        double I[9], Iw[3];
        body_inertia(b, I, NULL);
        mat3_mul_vec(I, b->w, Iw);
        e += 0.5 * b->mass * dot3(b->v, b->v) + 0.5 * dot3(b->w, Iw);
    }
    return e;
}

/* ---- assembly --------------------------------------------------------------------------- */
/* J row of a linear direction d at world point p: +[d, (p - x_b) x d] on b, - on a */
static void jac_linear(const world *w, ct_real *row, int a, int b, const double d[3],
                       const double p[3]) {
    int side, k;
    for (side = 0; side < 2; ++side) {
        int i = side == 0 ? b : a;
        double s = side == 0 ? 1 : -1, r[3], rxd[3];
        if (i < 0) continue;
        sub3(p, w->body[i].x, r);
        cross3(r, d, rxd);
        for (k = 0; k < 3; ++k) {
            row[6 * i + k] += (ct_real)(s * d[k]);
            row[6 * i + 3 + k] += (ct_real)(s * rxd[k]);
        }
    }
}
/* J row of an angular direction d: +[0, d] on b, - on a */
static void jac_angular(ct_real *row, int a, int b, const double d[3]) {
    int k;
    for (k = 0; k < 3; ++k) {
        row[6 * b + 3 + k] += (ct_real)d[k];
        if (a >= 0) row[6 * a + 3 + k] -= (ct_real)d[k];
    }
}
static double now_seconds(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

/* The free velocity u_free = u + dt M^-1 h, h = gravity + external + gyroscopic ([Tsounis25]
   eq. 59, 72), and the dense mass matrix M = blockdiag(m I, R I_body R^T) (eq. 57-58). */
static void free_velocity(world *w) {
    const int nv = 6 * w->nbody;
    const double dt = w->dt;
    int i, k;
    memset(w->M, 0, (size_t)nv * nv * sizeof(ct_real));
    for (i = 0; i < w->nbody; ++i) {
        world_body *b = &w->body[i];
        double I[9], Iinv[9], Iw[3], tau[3], gyro[3], dw[3];
        body_inertia(b, I, Iinv);
        mat3_mul_vec(I, b->w, Iw);
        cross3(b->w, Iw, gyro);
        sub3(b->torque, gyro, tau);
        mat3_mul_vec(Iinv, tau, dw);
        for (k = 0; k < 3; ++k) {
            int j2;
            w->uf[6 * i + k] = (ct_real)(b->v[k] + dt * (b->force[k] / b->mass + w->gravity[k]));
            w->uf[6 * i + 3 + k] = (ct_real)(b->w[k] + dt * dw[k]);
            w->M[(size_t)(6 * i + k) * nv + 6 * i + k] = (ct_real)b->mass;
            for (j2 = 0; j2 < 3; ++j2)
                w->M[(size_t)(6 * i + 3 + k) * nv + 6 * i + 3 + j2] = (ct_real)I[3 * k + j2];
        }
    }
}

/* The soft models' per-contact data and the compliance of the m rows (after G exists):
   joint and limit rows R = soft_joint_compliance G_jj; contacts phi0 (the gap at the start of
   the step), vn0 (the normal velocity at the start of the step), k, d (or tau_d), and for
   CT_SOFT_CCP the R and vref of a compliance helper (vref is added to g by the caller). */
static ct_result soft_fill(world *w, const ct_problem *prob, int m) {
    const int c0 = prob->nb + prob->nu, nc = prob->nc;
    const int sap_like = w->soft_model == CT_SOFT_SAP ||
                         (w->soft_model == CT_SOFT_CCP && !w->soft_ccp_mujoco);
    ct_soft *sf = &w->soft;
    ct_result res = CT_OK;
    int i;
    memset(sf, 0, sizeof(*sf));
    memset(w->R, 0, (size_t)m * sizeof(ct_real));
    memset(w->vref, 0, (size_t)m * sizeof(ct_real));
    for (i = 0; i < c0; ++i) w->R[i] = (ct_real)(w->soft_joint_compliance * (double)w->G[(size_t)i * m + i]);
    for (i = 0; i < nc; ++i) {
        const world_contact *c = &w->contact[i];
        w->phi0[i] = (ct_real)c->gap;
        w->vn0[i] = (ct_real)c->vn_minus;
        w->kc[i] = (ct_real)w->soft_k;
        w->dc[i] = (ct_real)(sap_like ? w->soft_tau_d : w->soft_d);
    }
    sf->model = w->soft_model;
    sf->dt = (ct_real)w->dt;
    sf->phi0 = w->phi0;
    sf->vn0 = w->vn0;
    sf->k = w->kc;
    sf->d = w->dc;
    sf->v_s = (ct_real)w->soft_v_s;
    sf->sigma = (ct_real)w->soft_sigma;
    sf->beta = (ct_real)w->soft_beta;
    if (w->soft_model == CT_SOFT_CCP && nc > 0) {
        if (!w->soft_ccp_mujoco) {
            res = ct_compliance_sap(prob, 0, nc, (ct_real)w->dt, (ct_real)w->soft_k,
                                    (ct_real)w->soft_tau_d, (ct_real)w->soft_beta,
                                    (ct_real)w->soft_sigma, w->phi0, w->R, w->vref);
        } else {
            ct_real solref[2], solimp[5], *pos = w->R + 2 * (w->max_rows + 1), *vel = pos + w->max_rows + 1;
            for (i = 0; i < 2; ++i) solref[i] = (ct_real)w->soft_solref[i];
            for (i = 0; i < 5; ++i) solimp[i] = (ct_real)w->soft_solimp[i];
            memset(pos, 0, (size_t)m * sizeof(ct_real));
            memset(vel, 0, (size_t)m * sizeof(ct_real));
            for (i = 0; i < nc; ++i) {
                pos[c0 + 3 * i + 2] = w->phi0[i];
                vel[c0 + 3 * i + 2] = w->vn0[i];
            }
            res = ct_compliance_mujoco(prob, c0, 3 * nc, solref, solimp, (ct_real)w->dt, pos, vel,
                                       0, w->R, w->vref);
            /* R_j = (1 - d)/d G_jj row by row: the two tangent rows differ when G_t1t1 !=
               G_t2t2 (a box corner, or rounding), and NEWTON_SOFT needs an isotropic tangent
               compliance (CT_ERROR_ANISOTROPIC_COMPLIANCE): take their mean */
            for (i = 0; i < nc; ++i) {
                ct_real *Rc = w->R + c0 + 3 * i;
                Rc[0] = Rc[1] = (ct_real)0.5 * (Rc[0] + Rc[1]);
            }
        }
    }
    /* generalized velocities when they are fewer than the rows and g = J u_free holds exactly
       (no joint bias, no vref): NEWTON_SOFT's Newton matrix is then M + J^T H J (nv x nv) */
    if (c0 == 0 && w->soft_model != CT_SOFT_CCP && 6 * w->nbody < m) {
        sf->nv = 6 * w->nbody;
        sf->M = w->M;
        sf->J = w->J;
        sf->vstar = w->uf;
    }
    return res;
}

ct_result world_step(world *w) {
    const int nv = 6 * w->nbody;
    const double dt = w->dt;
    const int soft = is_soft(w);
    int i, k, row, nb = 0, nu = 0, nc, m;
    ct_problem prob = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_result res = CT_OK;

    /* 1. contacts, with warm start and the "new this step" flag from the cache */
    collide(w);
    read_cache(w);
    nc = w->ncontact;

    /* 2. rows: joints (bilateral), active limits (unilateral, eq. 29: a limit is a
          constraint once its gap is <= 0), contacts (t1, t2, n) */
    for (i = 0; i < w->njoint; ++i) nb += world_joint_rows(&w->joint[i]);
    for (i = 0; i < w->njoint; ++i) {
        const world_joint *j = &w->joint[i];
        if (j->type == WORLD_REVOLUTE && j->has_limit) {
            double q = world_joint_angle(w, i);
            if (q <= j->lo || q >= j->hi) w->limit_of_row[nu++] = i;
        }
    }
    m = nb + nu + 3 * nc;
    memset(w->J, 0, (size_t)m * nv * sizeof(ct_real));
    memset(w->lam, 0, (size_t)m * sizeof(ct_real));
    row = 0;
    for (i = 0; i < w->njoint; ++i) {
        const world_joint *j = &w->joint[i];
        joint_row jr[6];
        double pa[3], pb[3];
        int n = joint_rows(w, j, jr);
        joint_anchors(w, j, pa, pb);
        for (k = 0; k < n; ++k, ++row) {
            ct_real *Jr = w->J + (size_t)row * nv;
            if (jr[k].angular) jac_angular(Jr, j->a, j->b, jr[k].d);
            else { /* anchor a's velocity at pa, anchor b's at pb */
                jac_linear(w, Jr, -1, j->b, jr[k].d, pb);
                jac_linear(w, Jr, j->a, -1, jr[k].d, pa);
            }
            /* [Tsounis25] eq. 89: v_B = (beta_J / dt) r_J drives the error to zero */
            w->bias[row] = w->beta_joint / dt * jr[k].r;
            w->lam[row] = (ct_real)j->lambda[k];
        }
    }
    for (i = 0; i < nu; ++i, ++row) {
        const world_joint *j = &w->joint[w->limit_of_row[i]];
        double q = world_joint_angle(w, w->limit_of_row[i]), ax[3], r;
        int upper = q >= j->hi;
        world_quat_rotate(body_q(w, j->a), j->axis_a, ax);
        if (upper) scale3(-1, ax); /* g_max = hi - q: the row carries -axis ([Tsounis25] eq. 28b) */
        r = upper ? j->hi - q : q - j->lo;
        jac_angular(w->J + (size_t)row * nv, j->a, j->b, ax);
        /* [Tsounis25] eq. 90: v_B = (beta_L / dt) min(0, r_L) */
        w->bias[row] = w->beta_limit / dt * (r < 0 ? r : 0);
        w->lam[row] = (ct_real)j->limit_lambda;
    }
    for (i = 0; i < nc; ++i) {
        const world_contact *c = &w->contact[i];
        for (k = 0; k < 3; ++k, ++row) {
            const double *d = k == 0 ? c->t1 : k == 1 ? c->t2 : c->n;
            jac_linear(w, w->J + (size_t)row * nv, c->a, c->b, d, c->p);
            w->bias[row] = 0; /* tangential rows: no bias (keeps the De Saxce term exact) */
            w->lam[row] = (ct_real)c->lambda[k];
        }
    }
    /* the free velocity: the restitution test below needs it */
    free_velocity(w);
    for (i = 0, row = nb + nu; i < nc; ++i, row += 3) {
        world_contact *c = &w->contact[i];
        const ct_real *Jn = w->J + (size_t)(row + 2) * nv;
        double r = c->gap, vfree_n = 0, b;
        for (k = 0; k < nv; ++k) vfree_n += (double)Jn[k] * (double)w->uf[k];
        /* [Tsounis25] eq. 91 with penetration margin delta = 0: Baumgarte on penetration and,
           on an open contact, the speculative term gap/dt (it may close, not pass through) */
        b = w->beta_contact / dt * (r < 0 ? r : 0) + (r > 0 ? r / dt : 0);
        if (soft) b = 0; /* the soft models: pure free velocity (phi0 carries the gap) */
        /* restitution ([Tsounis25] eq. 54, 80) on a contact that carried no force last step and
           closes during this one (free motion would cover the gap), approaching faster than
           restitution_threshold: v_n+ >= -e v_n-, with the pre-step velocity v_n- ([Tsounis25]
           eq. 75). It replaces the speculative term: the bounce starts where the step began,
           at most |v_n-| dt above the surface. */
        if (!soft && c->is_new && c->restitution > 0 && vfree_n + (r > 0 ? r / dt : 0) < 0 &&
            c->vn_minus < -w->restitution_threshold)
            b = w->beta_contact / dt * (r < 0 ? r : 0) + c->restitution * c->vn_minus;
        w->bias[row + 2] = b;
        w->mu[i] = (ct_real)c->mu;
    }

    /* 3. G = J M^-1 J^T, g = J u_free; biases on top; everything / dt: lambda is a force.
          Soft models: impulses (g not divided, lambda in N s, tol_abs dt), see world.h */
    w->nb = nb; w->nu = nu; w->nc = nc;
    memset(&w->info, 0, sizeof(w->info));
    if (m > 0) {
        ct_settings s = w->settings;
        double t0;
        res = ct_delassus_from_mj(nv, m, w->M, w->J, w->uf, w->G, w->g, w->scratch);
        if (res != CT_OK) return res;
        if (!w->warm_start) memset(w->lam, 0, (size_t)m * sizeof(ct_real));
        memset(&prob, 0, sizeof(prob));
        prob.nb = nb; prob.nu = nu; prob.nc = nc;
        prob.G = w->G; prob.g = w->g; prob.mu = w->mu; prob.R = NULL;
        if (!soft) {
            for (i = 0; i < m; ++i) w->g[i] = (ct_real)(((double)w->g[i] + w->bias[i]) / dt);
        } else {
            res = soft_fill(w, &prob, m);
            if (res != CT_OK) return res;
            for (i = 0; i < m; ++i) {
                w->g[i] = (ct_real)((double)w->g[i] + w->bias[i] + (double)w->vref[i]);
                w->lam[i] = (ct_real)((double)w->lam[i] * dt); /* the warm start: N -> N s */
            }
            prob.R = w->R;
            prob.soft = &w->soft;
            s.tol_abs = (ct_real)((double)s.tol_abs * dt);
        }
        t0 = now_seconds();
        res = ct_solve(&prob, &s, &w->ws, w->lam, w->vel, &w->info);
        w->solve_seconds += now_seconds() - t0;
        w->solves++;
        if (res != CT_OK) memset(w->lam, 0, (size_t)m * sizeof(ct_real));
        if (soft)
            for (i = 0; i < m; ++i) w->lam[i] = (ct_real)((double)w->lam[i] / dt); /* N s -> N */
    }
    w->result = res;

    /* 4. u+ = u_free + M^-1 J^T lambda dt (eq. 76), then positions (semi-implicit Euler) */
    for (i = 0; i < w->nbody; ++i) {
        world_body *b = &w->body[i];
        double P[3] = {0, 0, 0}, L[3] = {0, 0, 0}, Iinv[9], dw[3], wq[4], dq[4];
        for (row = 0; row < m; ++row) {
            const ct_real *Jr = w->J + (size_t)row * nv + 6 * i;
            double li = (double)w->lam[row] * dt;
            for (k = 0; k < 3; ++k) {
                P[k] += (double)Jr[k] * li;
                L[k] += (double)Jr[3 + k] * li;
            }
        }
        body_inertia(b, NULL, Iinv);
        mat3_mul_vec(Iinv, L, dw);
        for (k = 0; k < 3; ++k) {
            b->v[k] = (double)w->uf[6 * i + k] + P[k] / b->mass;
            b->w[k] = (double)w->uf[6 * i + 3 + k] + dw[k];
            b->x[k] += dt * b->v[k];
        }
        /* q <- normalize(q + dt/2 (0, w) q): w in world coordinates */
        wq[0] = 0; wq[1] = b->w[0]; wq[2] = b->w[1]; wq[3] = b->w[2];
        quat_mul(wq, b->q, dq);
        for (k = 0; k < 4; ++k) b->q[k] += 0.5 * dt * dq[k];
        {
            double qn = sqrt(b->q[0] * b->q[0] + b->q[1] * b->q[1] + b->q[2] * b->q[2] + b->q[3] * b->q[3]);
            for (k = 0; k < 4; ++k) b->q[k] /= qn;
        }
    }

    /* 5. keep the forces: joints, limits, contacts and the cache */
    row = 0;
    for (i = 0; i < w->njoint; ++i) {
        int n = world_joint_rows(&w->joint[i]);
        for (k = 0; k < n; ++k, ++row) w->joint[i].lambda[k] = (double)w->lam[row];
        w->joint[i].limit_lambda = 0;
    }
    for (i = 0; i < nu; ++i, ++row) w->joint[w->limit_of_row[i]].limit_lambda = (double)w->lam[row];
    for (i = 0; i < nc; ++i)
        for (k = 0; k < 3; ++k, ++row) w->contact[i].lambda[k] = (double)w->lam[row];
    write_cache(w);
    w->time += dt;
    return res;
}
