/* world.c - the engine layer of examples/world (world.h is the reference, docs/engine.md the
   manual). Includes contact.h; never defines CONTACT_IMPLEMENTATION.

   References: [Tsounis25] Sec. IV (maximal coordinates, joints, limits, contacts), Sec. V-B
   (free velocity), Sec. V-C (biases, eq. 89-91); [LeLidec24] Sec. III-E (warm start per
   contact); [Castro23] (the soft models). */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#endif
#include "world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One row of a step: at most two bodies, each a 6-vector of J (linear, angular) */
enum { ROW_JOINT, ROW_DRIVE, ROW_LIMIT, ROW_T1, ROW_T2, ROW_N };
struct world_row {
    int a, b;           /* bodies (-1: the ground)                                           */
    int da, db;         /* 1: that body is dynamic (an unknown of the island)                */
    int kind, owner, k; /* ROW_*, the joint or contact, the row of the joint                 */
    double J[12];       /* J on a (6), then on b (6)                                         */
    double WJ[12];      /* M^-1 J^T per dynamic side (0 for a kinematic one)                  */
    double err;         /* contact gap, joint error, limit distance, drive position            */
    double R;           /* compliance (drives), in force units                                */
    int bounce;         /* restitution: 1 once it was applied in this step                     */
    double vfree;       /* J u_free of the current sub-step                                   */
    double relax_bias;  /* the bias without position correction (relax pass)                  */
};

/* ---- small 3-vector and quaternion helpers ---------------------------------------------- */
static double dot3(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static double dot6(const double a[6], const double b[6]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5];
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
static double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

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
    double a[3], s = sin(angle / 2);
    a[0] = axis[0]; a[1] = axis[1]; a[2] = axis[2];
    normalize3(a);
    q[0] = cos(angle / 2); q[1] = s * a[0]; q[2] = s * a[1]; q[3] = s * a[2];
}
void world_body_point(const world_body *b, const double local[3], double out[3]) {
    world_quat_rotate(b->q, local, out);
    out[0] += b->x[0]; out[1] += b->x[1]; out[2] += b->x[2];
}
/* the world-frame inertia R diag(I) R^T (I) and its inverse (Iinv; 0 for a kinematic body) */
static void body_inertia(const world_body *b, double I[9], double Iinv[9]) {
    double R[9];
    int i, j, k;
    quat_to_mat(b->q, R);
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) {
            double s = 0, si = 0;
            for (k = 0; k < 3; ++k) {
                s += R[3 * i + k] * b->inertia[k] * R[3 * j + k];
                if (b->mass > 0 && b->inertia[k] > 0) si += R[3 * i + k] / b->inertia[k] * R[3 * j + k];
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
static double now_seconds(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

static const double identity_q[4] = {1, 0, 0, 0};
static const double zero3[3] = {0, 0, 0};
static const double *body_q(const world *w, int i) { return i < 0 ? identity_q : w->body[i].q; }
static const double *body_x(const world *w, int i) { return i < 0 ? zero3 : w->body[i].x; }
static int is_dynamic(const world *w, int i) { return i >= 0 && w->body[i].mass > 0; }
static int is_soft(const world *w) { return w->settings.method == CT_METHOD_NEWTON_SOFT; }
static double bound_radius(const world_body *b) {
    if (b->shape == WORLD_SPHERE) return b->half[0];
    if (b->shape == WORLD_CAPSULE) return b->half[0] + b->half[2];
    return sqrt(dot3(b->half, b->half));
}

/* local coordinates of a world point / direction on body i (the ground: world) */
static void to_local(const world *w, int i, const double p[3], int is_point, double out[3]) {
    double d[3];
    if (is_point) sub3(p, body_x(w, i), d);
    else { d[0] = p[0]; d[1] = p[1]; d[2] = p[2]; }
    quat_unrotate(body_q(w, i), d, out);
}

/* ---- mass properties -------------------------------------------------------------------- */
void world_mass_box(double rho, double hx, double hy, double hz, double *mass, double inertia[3]) {
    double m = rho * 8 * hx * hy * hz; /* I = m (b^2 + c^2) / 3 with half extents */
    *mass = m;
    inertia[0] = m * (hy * hy + hz * hz) / 3;
    inertia[1] = m * (hx * hx + hz * hz) / 3;
    inertia[2] = m * (hx * hx + hy * hy) / 3;
}
void world_mass_sphere(double rho, double radius, double *mass, double inertia[3]) {
    double m = rho * 4.0 / 3.0 * 3.14159265358979323846 * radius * radius * radius;
    *mass = m;
    inertia[0] = inertia[1] = inertia[2] = 0.4 * m * radius * radius;
}
/* a cylinder of radius r and length 2 h along z plus two hemispheres (centres of mass 3r/8
   from the cylinder's ends: the parallel-axis terms of the two caps) */
void world_mass_capsule(double rho, double r, double h, double *mass, double inertia[3]) {
    const double pi = 3.14159265358979323846;
    double mc = rho * pi * r * r * 2 * h, ms = rho * 4.0 / 3.0 * pi * r * r * r; /* both caps */
    double ia = mc * r * r / 2 + ms * 0.4 * r * r;
    double it = mc * (3 * r * r + 4 * h * h) / 12 + ms * (0.4 * r * r + h * h + 0.75 * h * r);
    *mass = mc + ms;
    inertia[0] = inertia[1] = it;
    inertia[2] = ia;
}

/* ---- setup ------------------------------------------------------------------------------ */
#define WORLD_DENSE_CAP 600      /* rows of the largest dense G (islands beyond: block-sparse) */
#define WORLD_BLOCKS_PER_GROUP 64 /* capacity of G's blocks per row group                    */
#define WORLD_ALIGN 64           /* alignment of the arena's pieces (bytes)                    */

ct_result world_init(world *w, int max_body, int max_joint, int max_contact) {
    const int jrows = 8; /* per joint: 6 (weld) + a drive + a limit */
    int rows = jrows * max_joint + 3 * max_contact, groups = jrows * max_joint + max_contact;
    int m, cap = 1, dense;
    size_t ws_bytes = 0;
    memset(w, 0, sizeof(*w));
    w->dt = 1e-3;
    w->substeps = 1;
    w->gravity[2] = -9.81;
    w->margin = 2e-3;
    w->beta_contact = 0.2;
    w->max_push = 0.1;
    w->relax = 0;
    w->carry_penalty = 1;
    w->beta_joint = 0.2;
    w->beta_limit = 0.2;
    w->ground_mu = 0.4;
    w->ground = 1;
    w->warm_start = 1;
    w->islands = 1;
    w->storage = WORLD_STORAGE_AUTO;
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
    if (max_body < 1) max_body = 1;
    if (max_joint < 0) max_joint = 0;
    if (max_contact < 1) max_contact = 1;
    w->max_body = max_body;
    w->max_joint = max_joint;
    w->max_contact = max_contact;
    w->max_rows = rows;
    w->max_groups = groups;
    w->max_blocks = groups * (groups < WORLD_BLOCKS_PER_GROUP ? groups : WORLD_BLOCKS_PER_GROUP);
    dense = rows < WORLD_DENSE_CAP ? rows : WORLD_DENSE_CAP;
    w->dense_max_rows = dense;
    while (cap < 2 * max_contact) cap *= 2;
    w->cache_cap = cap;
    w->body = (world_body *)calloc((size_t)max_body, sizeof(world_body));
    w->joint = (world_joint *)calloc((size_t)(max_joint > 0 ? max_joint : 1), sizeof(world_joint));
    w->contact = (world_contact *)calloc((size_t)max_contact, sizeof(world_contact));
    w->cache = (world_cached *)calloc((size_t)max_contact, sizeof(world_cached));
    w->cache_slot = (int *)malloc((size_t)cap * sizeof(int));
    w->row = (world_row *)calloc((size_t)rows, sizeof(world_row));
    w->grp_row = (int *)calloc(7 * (size_t)groups + 2, sizeof(int));
    if (w->grp_row) {
        w->grp_island = w->grp_row + groups + 1;
        w->grp_order = w->grp_island + groups;
        w->grp_local = w->grp_order + groups;
        w->grp_mark = w->grp_local + groups;
        w->grp_cols = w->grp_mark + groups;
        w->grp_off = w->grp_cols + groups;
    }
    w->body_ptr = (int *)calloc(8 * (size_t)max_body + 3 + 2 * (size_t)groups, sizeof(int));
    if (w->body_ptr) {
        w->body_island = w->body_ptr + max_body + 1;
        w->body_parent = w->body_island + max_body;
        w->island_body = w->body_parent + max_body;
        w->island_ptr = w->island_body + max_body;     /* max_body + 1 */
        w->island_gptr = w->island_ptr + max_body + 1; /* max_body + 1 */
        w->sweep = w->island_gptr + max_body + 1;
        w->body_cur = w->sweep + max_body;
        w->body_grp = w->body_cur + max_body;          /* 2 per group */
    }
    w->inv_mass = (double *)calloc(37 * (size_t)max_body, sizeof(double));
    if (w->inv_mass) {
        w->body_rho = w->inv_mass + 25 * (size_t)max_body;
        w->rot = w->body_rho + 2 * (size_t)max_body;
        w->reach = w->rot + 9 * (size_t)max_body;
        w->inv_I = w->inv_mass + max_body;
        w->I_w = w->inv_I + 9 * (size_t)max_body;
        w->uf = w->I_w + 9 * (size_t)max_body;
    }
    w->g = (ct_real *)calloc(6 * (size_t)rows + (size_t)max_contact, sizeof(ct_real));
    if (w->g) {
        w->lam = w->g + rows;
        w->lamL = w->lam + rows;
        w->vel = w->lamL + rows;
        w->R = w->vel + rows;
        w->vref = w->R + rows;
        w->mu = w->vref + rows;
    }
    w->sval = (ct_real *)calloc(9 * (size_t)w->max_blocks, sizeof(ct_real));
    w->srow_ptr = (int *)calloc((size_t)groups + 1 + (size_t)w->max_blocks, sizeof(int));
    if (w->srow_ptr) w->scol = w->srow_ptr + groups + 1;
    w->frz_row = (world_row *)calloc((size_t)rows, sizeof(world_row));
    w->frz_key = (int *)calloc(4 * (size_t)rows, sizeof(int));
    w->frz_pose = (double *)calloc(7 * (size_t)max_body, sizeof(double));
    w->frz_slot = (int *)malloc((size_t)max_body * sizeof(int));
    w->kept = (world_kept *)calloc((size_t)max_body, sizeof(world_kept));
    if (w->frz_slot)
        for (m = 0; m < max_body; ++m) w->frz_slot[m] = -1;
    w->phi0 = (ct_real *)calloc(4 * (size_t)max_contact + 4, sizeof(ct_real));
    if (w->phi0) {
        w->vn0 = w->phi0 + max_contact + 1;
        w->kc = w->vn0 + max_contact + 1;
        w->dc = w->kc + max_contact + 1;
    }
    /* one solver object big enough for every method on the largest dense island and for the
       Gauss-Seidel family on the largest island (block-sparse): settings.method may change
       between steps. A factoring method on a larger block-sparse island is sized at its
       setup (world_step's fallback). */
    for (m = 0; m < CT_METHOD_COUNT_; ++m) {
        ct_settings s = ct_default_settings();
        size_t bytes = 0;
        int part;
        s.method = (ct_method)m;
        for (part = 0; part < 3; ++part) { /* all contacts, all joint rows, a mix */
            int nb = part == 1 ? dense : part == 2 ? dense / 3 : 0;
            int nc = part == 0 ? dense / 3 : part == 2 ? dense / 6 : 0;
            if (ct_workspace_size(nb, 0, nc, &s, &bytes) == CT_OK && bytes > ws_bytes) ws_bytes = bytes;
        }
        if (m == CT_METHOD_PGS_NCP || m == CT_METHOD_PGS_CCP || m == CT_METHOD_PGS_LCP ||
            m == CT_METHOD_NBGS || m == CT_METHOD_RAISIM || m == CT_METHOD_RAISIM_DS ||
            m == CT_METHOD_RAISIM_DS_ES)
            if (ct_workspace_size(jrows * max_joint, 0, max_contact, &s, &bytes) == CT_OK &&
                bytes > ws_bytes)
                ws_bytes = bytes;
    }
    /* the arena: the largest island (its dense G or a copy of its block-sparse G, and the
       workspace above) always fits once the kept setups are dropped */
    w->arena_bytes = ws_bytes + 4096 + (size_t)dense * (size_t)dense * sizeof(ct_real) +
                     9 * (size_t)w->max_blocks * sizeof(ct_real) +
                     ((size_t)groups + 1 + (size_t)w->max_blocks) * sizeof(int) + 4 * WORLD_ALIGN;
    w->arena = (unsigned char *)malloc(w->arena_bytes);
    if (!w->body || !w->joint || !w->contact || !w->cache || !w->cache_slot || !w->row ||
        !w->grp_row || !w->body_ptr || !w->inv_mass || !w->g || !w->sval || !w->srow_ptr ||
        !w->phi0 || !w->arena || !w->frz_row || !w->frz_key || !w->frz_pose || !w->frz_slot ||
        !w->kept) {
        world_free(w);
        return CT_ERROR_OUT_OF_MEMORY;
    }
    return CT_OK;
}

void world_free(world *w) {
    free(w->arena);
    free(w->body); free(w->joint); free(w->contact); free(w->cache); free(w->cache_slot);
    free(w->row); free(w->grp_row); free(w->body_ptr); free(w->inv_mass); free(w->g);
    free(w->sval); free(w->srow_ptr); free(w->phi0);
    free(w->frz_row); free(w->frz_key); free(w->frz_pose); free(w->frz_slot); free(w->kept);
    memset(w, 0, sizeof(*w));
}

static int add_body(world *w, world_shape shape, const double half[3], double mass,
                    const double x[3]) {
    world_body *b;
    double unused;
    if (w->nbody >= w->max_body) return -1;
    b = &w->body[w->nbody];
    memset(b, 0, sizeof(*b));
    b->shape = shape;
    b->half[0] = half[0]; b->half[1] = half[1]; b->half[2] = half[2];
    b->mass = mass > 0 ? mass : 0;
    b->mu = -1; /* unset: the pair's friction comes from the other body or the ground */
    b->x[0] = x[0]; b->x[1] = x[1]; b->x[2] = x[2];
    b->q[0] = 1;
    w->sweep[w->nbody] = w->nbody; /* the broad phase's order: appended */
    /* the inertia of a uniform solid of this mass: the unit-density moments scaled */
    if (shape == WORLD_BOX) world_mass_box(1, half[0], half[1], half[2], &unused, b->inertia);
    else if (shape == WORLD_SPHERE) world_mass_sphere(1, half[0], &unused, b->inertia);
    else world_mass_capsule(1, half[0], half[2], &unused, b->inertia);
    scale3(unused > 0 ? b->mass / unused : 0, b->inertia);
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
int world_add_capsule(world *w, double radius, double half_length, double mass, const double x[3]) {
    double half[3];
    half[0] = half[1] = radius;
    half[2] = half_length;
    return add_body(w, WORLD_CAPSULE, half, mass, x);
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

void world_set_drive(world *w, int joint, double target, double target_velocity, double kp,
                     double kd) {
    world_joint *j = &w->joint[joint];
    j->has_drive = kp > 0 || kd > 0;
    j->target = target;
    j->target_velocity = target_velocity;
    j->kp = kp > 0 ? kp : 0;
    j->kd = kd > 0 ? kd : 0;
}

int world_joint_rows(const world_joint *j) {
    return j->type == WORLD_BALL ? 3 : j->type == WORLD_WELD ? 6 : 5;
}

/* ---- collision detection ---------------------------------------------------------------- */
void world_point_velocity(const world *w, int i, const double p[3], double out[3]) {
    double r[3];
    if (i < 0) { out[0] = out[1] = out[2] = 0; return; }
    sub3(p, w->body[i].x, r);
    cross3(w->body[i].w, r, out);
    out[0] += w->body[i].v[0]; out[1] += w->body[i].v[1]; out[2] += w->body[i].v[2];
}

void world_contact_frame(const double n[3], double t1[3], double t2[3]) {
    static const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    const double *e = fabs(n[0]) < 0.9 ? ex : ey;
    double en = dot3(e, n);
    t1[0] = e[0] - en * n[0]; t1[1] = e[1] - en * n[1]; t1[2] = e[2] - en * n[2];
    normalize3(t1);
    cross3(n, t1, t2);
}

/* Adds a contact when it is within the margin, or would close within this step (a
   speculative contact, [Tsounis25] eq. 91): gap < margin + dt max(0, -v_n). Soft models:
   gap < soft_margin + dt max(0, -v_n) + (dt + tau_d) mu ||v_T|| (tau_d = 0 unless SAP): the
   Similar and SAP impulses act on an open contact up to a gap of dt mu ||v_T|| (SAP:
   (dt + tau_d) mu ||v_T||) at v_n = 0, the gliding of [Castro23] eq. 24; the reach grows with
   the slip so that no model force is ever cut off by the detection. */
static void add_contact(world *w, int a, int b, int feature, const double p[3],
                        const double n[3], double gap) {
    world_contact *c;
    double va[3], vb[3], dv[3], vn, mua, mub, ea, eb, mu, reach;
    world_point_velocity(w, a, p, va);
    world_point_velocity(w, b, p, vb);
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
    world_contact_frame(n, c->t1, c->t2);
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

/* the two ends of a capsule's segment (world) */
static void capsule_ends(const world_body *b, double e0[3], double e1[3]) {
    double l[3] = {0, 0, 0};
    l[2] = -b->half[2];
    world_body_point(b, l, e0);
    l[2] = b->half[2];
    world_body_point(b, l, e1);
}

/* the closest point of segment [a0, a1] to p (parameter in [0, 1]) */
static double segment_closest(const double a0[3], const double a1[3], const double p[3], double out[3]) {
    double d[3], ap[3], dd, t;
    sub3(a1, a0, d);
    sub3(p, a0, ap);
    dd = dot3(d, d);
    t = dd > 0 ? clampd(dot3(ap, d) / dd, 0, 1) : 0;
    out[0] = a0[0] + t * d[0]; out[1] = a0[1] + t * d[1]; out[2] = a0[2] + t * d[2];
    return t;
}

static void collide_ground(world *w, int i) {
    const world_body *b = &w->body[i];
    /* no point higher than margin + dt (|v| + |w| r) makes a contact (add_contact's test; the
       soft models' wider one: a bound of 100 m/s) */
    const double r = bound_radius(b), far = is_soft(w) ? w->soft_margin + w->dt * 100 : w->margin + w->reach[i] - r;
    double n[3] = {0, 0, 1}, p[3];
    int k;
    if (b->x[2] - r >= far) return;
    if (b->shape == WORLD_SPHERE) {
        p[0] = b->x[0]; p[1] = b->x[1]; p[2] = 0;
        add_contact(w, WORLD_GROUND, i, 0, p, n, b->x[2] - b->half[0]);
        return;
    }
    if (b->shape == WORLD_CAPSULE) { /* each end's sphere */
        double e[2][3];
        capsule_ends(b, e[0], e[1]);
        for (k = 0; k < 2; ++k) {
            p[0] = e[k][0]; p[1] = e[k][1]; p[2] = 0;
            add_contact(w, WORLD_GROUND, i, k, p, n, e[k][2] - b->half[0]);
        }
        return;
    }
    {
        const double *R = w->rot + 9 * (size_t)i;
        for (k = 0; k < 8; ++k) { /* every corner below the margin: 4 for a box lying flat */
            double local[3];
            box_corner(b, k, local);
            mat3_mul_vec(R, local, p);
            p[0] += b->x[0]; p[1] += b->x[1]; p[2] += b->x[2];
            if (p[2] < far || is_soft(w)) add_contact(w, WORLD_GROUND, i, k, p, n, p[2]);
        }
    }
}

/* Box-box. The reference face is the face normal, among both boxes' six, of largest
   separation (a separating-axis test restricted to face normals; ties go to the larger face,
   then to the lower index). The incident box's corners near that face, clamped to the face's
   rectangle, are the contact points: exact for parallel faces, aligned or offset; rotated or
   edge-on boxes get an approximation. */
static void collide_box_box(world *w, int ia, int ib) {
    /* no gap at or beyond margin + dt (|v| + |w| r) of both bodies makes a contact (the broad
       phase's reach; the soft models' wider test: a bound of 100 m/s) */
    const double far = is_soft(w) ? w->soft_margin + w->dt * 100
                                  : w->margin + w->reach[ia] - bound_radius(&w->body[ia]) +
                                        w->reach[ib] - bound_radius(&w->body[ib]);
    int ref, k, best_ref = -1, best_axis = 0, c;
    double best_s = -1e300, best_area = 0, best_sign = 1;
    for (ref = 0; ref < 2; ++ref) {
        const world_body *R = &w->body[ref == 0 ? ia : ib], *I = &w->body[ref == 0 ? ib : ia];
        const double *RR = w->rot + 9 * (size_t)(ref == 0 ? ia : ib), *RI = w->rot + 9 * (size_t)(ref == 0 ? ib : ia);
        double d[3], dl[3];
        int j;
        sub3(I->x, R->x, d);
        for (j = 0; j < 3; ++j) dl[j] = RR[j] * d[0] + RR[3 + j] * d[1] + RR[6 + j] * d[2]; /* R^T d */
        for (k = 0; k < 3; ++k) {
            /* extent of I along R's axis k: sum_j |a_k . b_j| h_I,j */
            double ext = 0, s, area;
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
    if (best_s >= far) return; /* a separating face normal: every gap beyond reach */
    {
        const int ir = best_ref == 0 ? ia : ib;
        const world_body *R = &w->body[ir];
        const world_body *I = &w->body[best_ref == 0 ? ib : ia];
        const double *MR = w->rot + 9 * (size_t)ir, *MI = w->rot + 9 * (size_t)(best_ref == 0 ? ib : ia);
        double nref[3] = {0, 0, 0}, n[3];
        nref[best_axis] = best_sign; /* R's face normal toward I, in R's frame */
        mat3_mul_vec(MR, nref, n);
        if (best_ref == 1) scale3(-1, n); /* keep n from a = ia to b = ib */
        for (c = 0; c < 8; ++c) {
            double local[3], p[3], d[3], pl[3], gap;
            int j;
            box_corner(I, c, local);
            mat3_mul_vec(MI, local, p); /* the corner, world */
            p[0] += I->x[0]; p[1] += I->x[1]; p[2] += I->x[2];
            sub3(p, R->x, d); /* in R's frame: MR^T d */
            for (j = 0; j < 3; ++j) pl[j] = MR[j] * d[0] + MR[3 + j] * d[1] + MR[6 + j] * d[2];
            gap = best_sign * pl[best_axis] - R->half[best_axis];
            if (gap >= far && !is_soft(w)) continue; /* add_contact's test fails */
            for (j = 0; j < 3; ++j) /* clamp onto the face rectangle */
                if (j != best_axis) pl[j] = clampd(pl[j], -R->half[j], R->half[j]);
            mat3_mul_vec(MR, pl, p);
            p[0] += R->x[0]; p[1] += R->x[1]; p[2] += R->x[2];
            add_contact(w, ia, ib, 8 * best_ref + c, p, n, gap);
        }
    }
}

/* A sphere of radius rad centred at cw (world), part `feature` of body ib, against box ia:
   the closest point of the box; normal from the box (a) to the sphere (b). */
static void collide_box_ball(world *w, int ia, int ib, const double cw[3], double rad, int feature) {
    const world_body *A = &w->body[ia];
    double cl[3], q[3], d[3], nl[3] = {0, 0, 0}, n[3], p[3], dist, gap;
    int k, inside = 1;
    to_local(w, ia, cw, 1, cl);
    for (k = 0; k < 3; ++k) {
        q[k] = clampd(cl[k], -A->half[k], A->half[k]);
        if (q[k] != cl[k]) inside = 0;
    }
    if (!inside) {
        sub3(cl, q, d);
        dist = sqrt(dot3(d, d));
        nl[0] = d[0] / dist; nl[1] = d[1] / dist; nl[2] = d[2] / dist;
        gap = dist - rad;
    } else { /* centre inside: leave through the nearest face */
        int best = 0;
        for (k = 1; k < 3; ++k)
            if (A->half[k] - fabs(cl[k]) < A->half[best] - fabs(cl[best])) best = k;
        nl[best] = cl[best] >= 0 ? 1 : -1;
        q[best] = nl[best] * A->half[best];
        gap = -(A->half[best] - fabs(cl[best])) - rad;
    }
    world_quat_rotate(A->q, nl, n);
    world_body_point(A, q, p);
    add_contact(w, ia, ib, feature, p, n, gap);
}

/* two balls (centres ca of body ia, cb of body ib), normal from a to b */
static void collide_balls(world *w, int ia, int ib, const double ca[3], double ra,
                          const double cb[3], double rb, int feature) {
    double d[3], n[3], p[3], dist;
    sub3(cb, ca, d);
    dist = sqrt(dot3(d, d));
    if (dist <= 0) return;
    n[0] = d[0] / dist; n[1] = d[1] / dist; n[2] = d[2] / dist;
    p[0] = ca[0] + ra * n[0]; p[1] = ca[1] + ra * n[1]; p[2] = ca[2] + ra * n[2];
    add_contact(w, ia, ib, feature, p, n, dist - ra - rb);
}

/* capsule (ia) against a sphere (ib) */
static void collide_capsule_sphere(world *w, int ia, int ib) {
    const world_body *A = &w->body[ia], *B = &w->body[ib];
    double e0[3], e1[3], c[3];
    capsule_ends(A, e0, e1);
    segment_closest(e0, e1, B->x, c);
    collide_balls(w, ia, ib, c, A->half[0], B->x, B->half[0], 0);
}

/* two capsules: nearly parallel and overlapping, the two ends of the overlap (2 contacts);
   else the closest points of the segments (1 contact) */
static void collide_capsules(world *w, int ia, int ib) {
    const world_body *A = &w->body[ia], *B = &w->body[ib];
    double a0[3], a1[3], b0[3], b1[3], da[3], db[3], ca[3], cb[3];
    double la, lb, cosang;
    capsule_ends(A, a0, a1);
    capsule_ends(B, b0, b1);
    sub3(a1, a0, da);
    sub3(b1, b0, db);
    la = sqrt(dot3(da, da));
    lb = sqrt(dot3(db, db));
    cosang = la > 0 && lb > 0 ? dot3(da, db) / (la * lb) : 0;
    if (fabs(cosang) > 0.999 && la > 0 && lb > 0) {
        /* B's ends projected on A's axis, clipped to A: the overlap's ends */
        double t0, t1, lo, hi, t, pa[3], pb[3];
        int k, f;
        double tb0[3], tb1[3];
        sub3(b0, a0, tb0);
        sub3(b1, a0, tb1);
        t0 = dot3(tb0, da) / (la * la);
        t1 = dot3(tb1, da) / (la * la);
        lo = clampd(t0 < t1 ? t0 : t1, 0, 1);
        hi = clampd(t0 < t1 ? t1 : t0, 0, 1);
        if (hi - lo > 1e-9) {
            for (f = 0; f < 2; ++f) {
                t = f == 0 ? lo : hi;
                for (k = 0; k < 3; ++k) pa[k] = a0[k] + t * da[k];
                segment_closest(b0, b1, pa, pb);
                collide_balls(w, ia, ib, pa, A->half[0], pb, B->half[0], 1 + f);
            }
            return;
        }
    }
    /* closest points: alternate projections (exact for skew segments after a few rounds) */
    {
        int it;
        segment_closest(a0, a1, B->x, ca);
        for (it = 0; it < 8; ++it) {
            segment_closest(b0, b1, ca, cb);
            segment_closest(a0, a1, cb, ca);
        }
        collide_balls(w, ia, ib, ca, A->half[0], cb, B->half[0], 0);
    }
}

/* capsule (ib) against a box (ia): each end's sphere, and the segment's closest point to the
   box when it lies between the ends and deeper than both (a capsule across an edge) */
static void collide_box_capsule(world *w, int ia, int ib) {
    const world_body *A = &w->body[ia], *B = &w->body[ib];
    double e[2][3], c[3], cl[3], q[3], qw[3], d0 = 0, d1 = 0, dc, tmp[3];
    int k, it;
    capsule_ends(B, e[0], e[1]);
    collide_box_ball(w, ia, ib, e[0], B->half[0], 0);
    collide_box_ball(w, ia, ib, e[1], B->half[0], 1);
    /* alternate: the box point closest to the segment point, the segment point closest to it */
    segment_closest(e[0], e[1], A->x, c);
    for (it = 0; it < 8; ++it) {
        to_local(w, ia, c, 1, cl);
        for (k = 0; k < 3; ++k) q[k] = clampd(cl[k], -A->half[k], A->half[k]);
        world_body_point(A, q, qw);
        segment_closest(e[0], e[1], qw, c);
    }
    sub3(c, qw, tmp);
    dc = sqrt(dot3(tmp, tmp));
    for (k = 0; k < 2; ++k) {
        to_local(w, ia, e[k], 1, cl);
        for (it = 0; it < 3; ++it) q[it] = clampd(cl[it], -A->half[it], A->half[it]);
        world_body_point(A, q, qw);
        sub3(e[k], qw, tmp);
        if (k == 0) d0 = sqrt(dot3(tmp, tmp));
        else d1 = sqrt(dot3(tmp, tmp));
    }
    if (dc < d0 - 1e-6 && dc < d1 - 1e-6) collide_box_ball(w, ia, ib, c, B->half[0], 2);
}

/* bodies joined by a joint do not collide */
static int jointed(const world *w, int a, int b) {
    int j;
    for (j = 0; j < w->njoint; ++j)
        if ((w->joint[j].a == a && w->joint[j].b == b) || (w->joint[j].a == b && w->joint[j].b == a))
            return 1;
    return 0;
}


static void collide_pair(world *w, int i, int k) {
    const world_shape si = w->body[i].shape, sk = w->body[k].shape;
    if (si == WORLD_BOX && sk == WORLD_BOX) collide_box_box(w, i, k);
    else if (si == WORLD_BOX && sk == WORLD_SPHERE) collide_box_ball(w, i, k, w->body[k].x, w->body[k].half[0], 0);
    else if (sk == WORLD_BOX && si == WORLD_SPHERE) collide_box_ball(w, k, i, w->body[i].x, w->body[i].half[0], 0);
    else if (si == WORLD_BOX) collide_box_capsule(w, i, k);
    else if (sk == WORLD_BOX) collide_box_capsule(w, k, i);
    else if (si == WORLD_SPHERE && sk == WORLD_SPHERE)
        collide_balls(w, i, k, w->body[i].x, w->body[i].half[0], w->body[k].x, w->body[k].half[0], 0);
    else if (si == WORLD_CAPSULE && sk == WORLD_SPHERE) collide_capsule_sphere(w, i, k);
    else if (sk == WORLD_CAPSULE && si == WORLD_SPHERE) collide_capsule_sphere(w, k, i);
    else collide_capsules(w, i, k);
}

/* Broad phase: sort and sweep along x. The order of the previous step is kept in w->sweep and
   re-sorted by insertion (nearly sorted: linear), so the pairs come in a deterministic order.
   Each body's reach is its bounding radius plus how far a point of it may move in dt,
   dt (|v| + |w| r): a pair farther apart than their reaches and the margin has every gap
   above margin + dt max(0, -v_n), add_contact's test (the soft models' wider test: a bound
   of 100 m/s). */
static void collide(world *w) {
    const int soft = is_soft(w);
    const double slack = soft ? w->soft_margin : w->margin;
    int i, k, n = w->nbody;
    w->ncontact = 0;
    for (i = 0; i < n; ++i) {
        const world_body *b = &w->body[i];
        const double r = bound_radius(b);
        w->reach[i] = r + (soft ? w->dt * 50 : w->dt * (sqrt(dot3(b->v, b->v)) + sqrt(dot3(b->w, b->w)) * r));
    }
    for (i = 0; i < n; ++i)
        if (w->body[i].mass > 0 && w->ground && !(w->body[i].no_collide & WORLD_NO_GROUND)) collide_ground(w, i);
    for (i = 1; i < n; ++i) { /* insertion sort of the indices by min x */
        int v = w->sweep[i];
        double xv = w->body[v].x[0] - w->reach[v];
        k = i - 1;
        while (k >= 0 && w->body[w->sweep[k]].x[0] - w->reach[w->sweep[k]] > xv) {
            w->sweep[k + 1] = w->sweep[k];
            --k;
        }
        w->sweep[k + 1] = v;
    }
    for (i = 0; i < n; ++i) {
        const int bi = w->sweep[i];
        const world_body *A = &w->body[bi];
        const double ri = w->reach[bi], xmax = A->x[0] + ri + slack;
        for (k = i + 1; k < n; ++k) {
            const int bk = w->sweep[k];
            const world_body *B = &w->body[bk];
            double d[3], reach, rk = w->reach[bk];
            if (B->x[0] - rk > xmax) break;
            if (A->mass <= 0 && B->mass <= 0) continue; /* two kinematic bodies */
            if ((A->no_collide | B->no_collide) & WORLD_NO_BODIES) continue;
            sub3(B->x, A->x, d);
            reach = ri + rk + slack;
            if (dot3(d, d) > reach * reach || jointed(w, bi, bk)) continue; /* bounding spheres */
            if (bi < bk) collide_pair(w, bi, bk);
            else collide_pair(w, bk, bi);
        }
    }
}

/* the contacts in the order of their keys (a, b, feature): the broad phase's order follows
   tiny moves (a stack's bodies share their x), the problem's rows should not. Insertion sort:
   the pairs come nearly sorted. */
static int contact_before(const world_contact *p, const world_contact *q) {
    if (p->a != q->a) return p->a < q->a;
    if (p->b != q->b) return p->b < q->b;
    return p->feature < q->feature;
}
static void sort_contacts(world *w) {
    int i, k;
    for (i = 1; i < w->ncontact; ++i) {
        world_contact c;
        if (!contact_before(&w->contact[i], &w->contact[i - 1])) continue;
        c = w->contact[i];
        k = i - 1;
        while (k >= 0 && contact_before(&c, &w->contact[k])) {
            w->contact[k + 1] = w->contact[k];
            --k;
        }
        w->contact[k + 1] = c;
    }
}

/* ---- persistent contacts: the cache of last step's forces, keyed on (a, b, feature) ---- */
static unsigned cache_hash(int a, int b, int f) {
    unsigned h = 2166136261u;
    h = (h ^ (unsigned)(a + 1)) * 16777619u;
    h = (h ^ (unsigned)(b + 1)) * 16777619u;
    h = (h ^ (unsigned)f) * 16777619u;
    return h;
}

static void read_cache(world *w) {
    const unsigned mask = (unsigned)w->cache_cap - 1;
    int i;
    for (i = 0; i < w->ncontact; ++i) {
        world_contact *c = &w->contact[i];
        unsigned s = cache_hash(c->a, c->b, c->feature) & mask;
        c->is_new = 1;
        if (w->ncache == 0) continue;
        for (;;) {
            int e = w->cache_slot[s];
            const world_cached *ce;
            if (e < 0) break;
            ce = &w->cache[e];
            if (ce->a == c->a && ce->b == c->b && ce->feature == c->feature) {
                if (w->warm_start) memcpy(c->lambda, ce->lambda, sizeof(c->lambda));
                c->is_new = ce->lambda[2] <= 0;
                break;
            }
            s = (s + 1) & mask;
        }
    }
}

static void write_cache(world *w) {
    const unsigned mask = (unsigned)w->cache_cap - 1;
    int i;
    for (i = 0; i < w->cache_cap; ++i) w->cache_slot[i] = -1;
    for (i = 0; i < w->ncontact; ++i) {
        const world_contact *c = &w->contact[i];
        unsigned s = cache_hash(c->a, c->b, c->feature) & mask;
        w->cache[i].a = c->a;
        w->cache[i].b = c->b;
        w->cache[i].feature = c->feature;
        memcpy(w->cache[i].lambda, c->lambda, sizeof(c->lambda));
        while (w->cache_slot[s] >= 0) s = (s + 1) & mask;
        w->cache_slot[s] = i;
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
    if (j->type == WORLD_PRISMATIC) { /* (pb - pa) . axis, axis in world */
        double pa[3], pb[3], e[3], ax[3];
        joint_anchors(w, j, pa, pb);
        sub3(pb, pa, e);
        world_quat_rotate(body_q(w, j->a), j->axis_a, ax);
        return dot3(e, ax);
    } else {
        double qd[4];
        joint_relative_rotation(w, j, qd);
        return 2 * atan2(qd[1] * j->axis_a[0] + qd[2] * j->axis_a[1] + qd[3] * j->axis_a[2], qd[0]);
    }
}

/* Rows of a joint: directions d (world) and the error r whose rate is the row's velocity
   d . (v_b(p) - v_a(p)) for linear rows, d . (w_b - w_a) for angular rows. */
typedef struct joint_row { double d[3]; double r; int angular; } joint_row;

static void perp_basis(const double a[3], double p1[3], double p2[3]) {
    static const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    cross3(a, fabs(a[0]) < 0.9 ? ex : ey, p1);
    normalize3(p1);
    cross3(a, p1, p2);
}

static int joint_rows(const world *w, const world_joint *j, joint_row rows[6]) {
    double pa[3], pb[3], e[3];
    int k, n = 0;
    joint_anchors(w, j, pa, pb);
    sub3(pb, pa, e); /* anchor separation: its rate is v_b(p) - v_a(p) */
    if (j->type == WORLD_PRISMATIC) { /* only the separation across the axis */
        double ax[3], p1[3], p2[3];
        world_quat_rotate(body_q(w, j->a), j->axis_a, ax);
        perp_basis(ax, p1, p2);
        for (k = 0; k < 2; ++k, ++n) {
            const double *p = k == 0 ? p1 : p2;
            rows[n].d[0] = p[0]; rows[n].d[1] = p[1]; rows[n].d[2] = p[2];
            rows[n].r = dot3(p, e);
            rows[n].angular = 0;
        }
    } else {
        for (k = 0; k < 3; ++k, ++n) {
            rows[n].d[0] = rows[n].d[1] = rows[n].d[2] = 0;
            rows[n].d[k] = 1;
            rows[n].r = e[k];
            rows[n].angular = 0;
        }
    }
    if (j->type == WORLD_REVOLUTE) {
        /* the axes stay aligned: p1, p2 perpendicular to a's axis; the misalignment
           a_a x a_b has rate (w_b - w_a) projected on the plane of p1, p2 */
        double aa[3], ab[3], mis[3], p1[3], p2[3];
        world_quat_rotate(body_q(w, j->a), j->axis_a, aa);
        world_quat_rotate(w->body[j->b].q, j->axis_b, ab);
        cross3(aa, ab, mis);
        perp_basis(aa, p1, p2);
        for (k = 0; k < 2; ++k, ++n) {
            const double *p = k == 0 ? p1 : p2;
            rows[n].d[0] = p[0]; rows[n].d[1] = p[1]; rows[n].d[2] = p[2];
            rows[n].r = dot3(p, mis);
            rows[n].angular = 1;
        }
    } else if (j->type == WORLD_WELD || j->type == WORLD_PRISMATIC) {
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
        if (b->mass <= 0) continue;
        body_inertia(b, I, NULL);
        mat3_mul_vec(I, b->w, Iw);
        e += 0.5 * b->mass * dot3(b->v, b->v) + 0.5 * dot3(b->w, Iw);
    }
    return e;
}

/* ---- rows ------------------------------------------------------------------------------- */
/* a row of a linear direction d at world points pa (on a) and pb (on b): +[d, (pb - x_b) x d]
   on b, -[d, (pa - x_a) x d] on a */
/* a row's bodies, every field but J and WJ cleared (J: row_linear_J, row_angular or a kept
   island's freeze; WJ: row_finish or the freeze) */
static void row_bodies(const world *w, world_row *r, int a, int b) {
    r->a = a; r->b = b;
    r->da = is_dynamic(w, a);
    r->db = is_dynamic(w, b);
    r->kind = r->owner = r->k = r->bounce = 0;
    r->err = r->R = r->vfree = r->relax_bias = 0;
}
static void row_linear_J(const world *w, world_row *r, const double d[3], const double pa[3],
                         const double pb[3]) {
    const int a = r->a, b = r->b;
    double rr[3], rxd[3];
    int k;
    if (a >= 0) {
        sub3(pa, w->body[a].x, rr);
        cross3(rr, d, rxd);
        for (k = 0; k < 3; ++k) { r->J[k] = -d[k]; r->J[3 + k] = -rxd[k]; }
    } else {
        memset(r->J, 0, 6 * sizeof(double));
    }
    if (b >= 0) {
        sub3(pb, w->body[b].x, rr);
        cross3(rr, d, rxd);
        for (k = 0; k < 3; ++k) { r->J[6 + k] = d[k]; r->J[9 + k] = rxd[k]; }
    } else {
        memset(r->J + 6, 0, 6 * sizeof(double));
    }
}
static void row_linear(const world *w, world_row *r, int a, int b, const double d[3],
                       const double pa[3], const double pb[3]) {
    row_bodies(w, r, a, b);
    row_linear_J(w, r, d, pa, pb);
}
/* J of contact row r (its direction and point from the contact) */
static void contact_row_J(const world *w, world_row *r) {
    const world_contact *c = &w->contact[r->owner];
    row_linear_J(w, r, r->kind == ROW_T1 ? c->t1 : r->kind == ROW_T2 ? c->t2 : c->n, c->p, c->p);
}
/* a row of an angular direction d: +[0, d] on b, -[0, d] on a */
static void row_angular(const world *w, world_row *r, int a, int b, const double d[3]) {
    int k;
    row_bodies(w, r, a, b);
    memset(r->J, 0, sizeof(r->J));
    for (k = 0; k < 3; ++k) {
        if (a >= 0) r->J[3 + k] = -d[k];
        if (b >= 0) r->J[9 + k] = d[k];
    }
}
/* WJ = M^-1 J^T on each dynamic side */
static void row_finish(const world *w, world_row *r) {
    int s;
    for (s = 0; s < 2; ++s) {
        const int i = s == 0 ? r->a : r->b, dyn = s == 0 ? r->da : r->db;
        double *wj = r->WJ + 6 * s;
        const double *j = r->J + 6 * s;
        if (!dyn) { memset(wj, 0, 6 * sizeof(double)); continue; }
        wj[0] = w->inv_mass[i] * j[0];
        wj[1] = w->inv_mass[i] * j[1];
        wj[2] = w->inv_mass[i] * j[2];
        mat3_mul_vec(w->inv_I + 9 * (size_t)i, j + 3, wj + 3);
    }
}
/* the row's velocity J u with u = (v, w) of each body, or the free velocity uf of dynamic
   bodies (free = 1) */
static double row_velocity(const world *w, const world_row *r, int free_) {
    double s = 0;
    int side;
    for (side = 0; side < 2; ++side) {
        const int i = side == 0 ? r->a : r->b, dyn = side == 0 ? r->da : r->db;
        const double *j = r->J + 6 * side;
        if (i < 0) continue;
        if (free_ && dyn) s += dot6(j, w->uf + 6 * (size_t)i);
        else s += dot3(j, w->body[i].v) + dot3(j + 3, w->body[i].w);
    }
    return s;
}
/* G entry of rows r and c: the sum over the dynamic bodies they share of J_r W J_c^T */
static double row_dot(const world_row *r, const world_row *c) {
    double s = 0;
    if (r->da) {
        if (c->da && c->a == r->a) s += dot6(r->J, c->WJ);
        if (c->db && c->b == r->a) s += dot6(r->J, c->WJ + 6);
    }
    if (r->db) {
        if (c->da && c->a == r->b) s += dot6(r->J + 6, c->WJ);
        if (c->db && c->b == r->b) s += dot6(r->J + 6, c->WJ + 6);
    }
    return s;
}

/* the rows of contact c: those of the last step (the J and W of its solve) when it made
   them, else built from the current pose into tmp */
static const world_row *contact_rows(const world *w, int c, world_row tmp[3]) {
    const world_contact *ct = &w->contact[c];
    int k, s, l;
    if (w->nrows > 0 && w->contact_row0 + 3 * c + 2 < w->nrows &&
        w->row[w->contact_row0 + 3 * c].kind == ROW_T1 && w->row[w->contact_row0 + 3 * c].owner == c)
        return w->row + w->contact_row0 + 3 * c;
    for (k = 0; k < 3; ++k) {
        const double *d = k == 0 ? ct->t1 : k == 1 ? ct->t2 : ct->n;
        row_linear(w, &tmp[k], ct->a, ct->b, d, ct->p, ct->p);
        memset(tmp[k].WJ, 0, sizeof(tmp[k].WJ));
        for (s = 0; s < 2; ++s) { /* W from the current pose */
            const int i = s == 0 ? tmp[k].a : tmp[k].b;
            double Iinv[9];
            if (!(s == 0 ? tmp[k].da : tmp[k].db)) continue;
            body_inertia(&w->body[i], NULL, Iinv);
            for (l = 0; l < 3; ++l) tmp[k].WJ[6 * s + l] = tmp[k].J[6 * s + l] / w->body[i].mass;
            mat3_mul_vec(Iinv, tmp[k].J + 6 * s + 3, tmp[k].WJ + 6 * s + 3);
        }
    }
    return tmp;
}

void world_contact_jacobian(const world *w, int c, int i, double J[18]) {
    world_row tmp[3];
    const world_row *r = contact_rows(w, c, tmp);
    int k, s;
    memset(J, 0, 18 * sizeof(double));
    for (k = 0; k < 3; ++k)
        for (s = 0; s < 2; ++s)
            if ((s == 0 ? r[k].a : r[k].b) == i && i >= 0) memcpy(J + 6 * k, r[k].J + 6 * s, 6 * sizeof(double));
}

void world_contact_block(const world *w, int c, double B[9]) {
    world_row tmp[3];
    const world_row *r = contact_rows(w, c, tmp);
    int k, l;
    for (k = 0; k < 3; ++k)
        for (l = 0; l < 3; ++l) B[3 * k + l] = row_dot(&r[k], &r[l]);
}

/* Builds every row of the step into w->row and the row groups (a joint, drive or limit row is
   a group of 1, a contact a group of 3), in contact.h's order: bilateral, unilateral,
   contacts. Returns the number of rows; w->nb, nu, nc are set. */
static int build_rows(world *w, int *ngroups) {
    int i, k, n = 0, ng = 0, nb = 0, nu = 0;
    world_row *r;
    for (i = 0; i < w->njoint; ++i) { /* joint rows */
        const world_joint *j = &w->joint[i];
        joint_row jr[6];
        double pa[3], pb[3];
        int m = joint_rows(w, j, jr);
        joint_anchors(w, j, pa, pb);
        for (k = 0; k < m; ++k) {
            r = &w->row[n];
            if (jr[k].angular) row_angular(w, r, j->a, j->b, jr[k].d);
            else row_linear(w, r, j->a, j->b, jr[k].d, pa, pb);
            r->kind = ROW_JOINT; r->owner = i; r->k = k;
            r->err = jr[k].r;
            w->lam[n] = (ct_real)j->lambda[k];
            w->grp_row[ng++] = n++;
        }
    }
    for (i = 0; i < w->njoint; ++i) { /* drives: bilateral rows along the axis */
        const world_joint *j = &w->joint[i];
        double ax[3], pa[3], pb[3], c;
        if (!j->has_drive || (j->type != WORLD_REVOLUTE && j->type != WORLD_PRISMATIC)) continue;
        world_quat_rotate(body_q(w, j->a), j->axis_a, ax);
        r = &w->row[n];
        if (j->type == WORLD_REVOLUTE) row_angular(w, r, j->a, j->b, ax);
        else {
            joint_anchors(w, j, pa, pb);
            row_linear(w, r, j->a, j->b, ax, pa, pb);
        }
        r->kind = ROW_DRIVE; r->owner = i;
        r->err = world_joint_angle(w, i);
        /* force = kp (target - q - h qd) + kd (target_velocity - qd), implicit:
           R = 1 / (c h), c = kp h + kd (see the bias in solve_island) */
        c = j->kp * (w->dt / w->substeps) + j->kd;
        r->R = c > 0 ? 1 / (c * (w->dt / w->substeps)) : 0;
        w->lam[n] = (ct_real)j->drive_lambda;
        w->grp_row[ng++] = n++;
    }
    nb = n;
    for (i = 0; i < w->njoint; ++i) { /* limits reached ([Tsounis25] eq. 29) */
        const world_joint *j = &w->joint[i];
        double q, ax[3], pa[3], pb[3];
        int upper;
        if (!j->has_limit || (j->type != WORLD_REVOLUTE && j->type != WORLD_PRISMATIC)) continue;
        q = world_joint_angle(w, i);
        if (q > j->lo && q < j->hi) continue;
        upper = q >= j->hi;
        world_quat_rotate(body_q(w, j->a), j->axis_a, ax);
        if (upper) scale3(-1, ax); /* g_max = hi - q: the row carries -axis ([Tsounis25] eq. 28b) */
        r = &w->row[n];
        if (j->type == WORLD_REVOLUTE) row_angular(w, r, j->a, j->b, ax);
        else {
            joint_anchors(w, j, pa, pb);
            row_linear(w, r, j->a, j->b, ax, pa, pb);
        }
        r->kind = ROW_LIMIT; r->owner = i;
        r->err = upper ? j->hi - q : q - j->lo;
        w->lam[n] = (ct_real)j->limit_lambda;
        w->grp_row[ng++] = n++;
        ++nu;
    }
    w->contact_row0 = n;
    for (i = 0; i < w->ncontact; ++i) { /* contacts (t1, t2, n) */
        const world_contact *c = &w->contact[i];
        w->grp_row[ng++] = n;
        for (k = 0; k < 3; ++k, ++n) {
            r = &w->row[n];
            row_bodies(w, r, c->a, c->b); /* J: per island (a kept island's rows keep theirs) */
            r->kind = k == 0 ? ROW_T1 : k == 1 ? ROW_T2 : ROW_N;
            r->owner = i;
            r->err = k == 2 ? c->gap : 0;
            w->lam[n] = (ct_real)c->lambda[k];
        }
    }
    w->nb = nb; /* M^-1 J^T: row_finish, per island (a kept island's rows keep theirs) */
    w->nu = nu;
    w->nc = w->ncontact;
    w->grp_row[ng] = n;
    *ngroups = ng;
    w->nrows = n;
    return n;
}

static int grp_size(const world *w, int gi) { return w->grp_row[gi + 1] - w->grp_row[gi]; }

/* ---- islands ---------------------------------------------------------------------------- */
static int uf_find(int *parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

/* Islands of dynamic bodies linked by row groups; fills body_island, island_ptr / island_body
   (the bodies of each island), grp_island, grp_order with island_gptr (the groups of each
   island, in row order), body_ptr / body_grp (the groups of each body, in island order).
   Returns the number of islands. */
static int build_islands(world *w, int ng) {
    const int nbody = w->nbody;
    int i, g, nis = 0;
    for (i = 0; i < nbody; ++i) w->body_parent[i] = i;
    for (g = 0; g < ng; ++g) {
        const world_row *r = &w->row[w->grp_row[g]];
        if (r->da && r->db) {
            int ra = uf_find(w->body_parent, r->a), rb = uf_find(w->body_parent, r->b);
            if (ra != rb) w->body_parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
        }
    }
    for (i = 0; i < nbody; ++i) w->body_island[i] = -1;
    for (i = 0; i < nbody; ++i) { /* number the islands by their lowest body */
        int root;
        if (w->body[i].mass <= 0) continue;
        root = w->islands ? uf_find(w->body_parent, i) : -1;
        if (root >= 0 && root != i) w->body_island[i] = w->body_island[root];
        else if (!w->islands && nis > 0) w->body_island[i] = 0;
        else w->body_island[i] = nis++;
    }
    /* bodies by island (counting sort) */
    memset(w->island_ptr, 0, (size_t)(nis + 1) * sizeof(int));
    for (i = 0; i < nbody; ++i)
        if (w->body_island[i] >= 0) w->island_ptr[w->body_island[i] + 1]++;
    for (i = 0; i < nis; ++i) w->island_ptr[i + 1] += w->island_ptr[i];
    memcpy(w->body_cur, w->island_ptr, (size_t)nis * sizeof(int));
    for (i = 0; i < nbody; ++i)
        if (w->body_island[i] >= 0) w->island_body[w->body_cur[w->body_island[i]]++] = i;
    /* groups by island, in row order (counting sort: stable) */
    memset(w->island_gptr, 0, (size_t)(nis + 1) * sizeof(int));
    for (g = 0; g < ng; ++g) {
        const world_row *r = &w->row[w->grp_row[g]];
        w->grp_island[g] = r->da ? w->body_island[r->a] : r->db ? w->body_island[r->b] : -1;
        if (w->grp_island[g] >= 0) w->island_gptr[w->grp_island[g] + 1]++;
    }
    for (i = 0; i < nis; ++i) w->island_gptr[i + 1] += w->island_gptr[i];
    memcpy(w->body_cur, w->island_gptr, (size_t)nis * sizeof(int));
    for (g = 0; g < ng; ++g)
        if (w->grp_island[g] >= 0) w->grp_order[w->body_cur[w->grp_island[g]]++] = g;
    /* the groups of each body, in island order (ascending local index) */
    memset(w->body_ptr, 0, (size_t)(nbody + 1) * sizeof(int));
    for (g = 0; g < ng; ++g) {
        const world_row *r = &w->row[w->grp_row[g]];
        if (r->da) w->body_ptr[r->a + 1]++;
        if (r->db && !(r->da && r->b == r->a)) w->body_ptr[r->b + 1]++;
    }
    for (i = 0; i < nbody; ++i) w->body_ptr[i + 1] += w->body_ptr[i];
    memcpy(w->body_cur, w->body_ptr, (size_t)nbody * sizeof(int));
    for (i = 0; i < nis; ++i) {
        int k;
        for (k = w->island_gptr[i]; k < w->island_gptr[i + 1]; ++k) {
            const int gg = w->grp_order[k];
            const world_row *r = &w->row[w->grp_row[gg]];
            if (r->da) w->body_grp[w->body_cur[r->a]++] = gg;
            if (r->db && !(r->da && r->b == r->a)) w->body_grp[w->body_cur[r->b]++] = gg;
        }
    }
    return nis;
}

/* ---- one island: assembly, sub-steps, solves -------------------------------------------- */
/* the penetration bias of a gap r < 0: beta r / h, capped at -max_push */
static double push_bias(const world *w, double r, double h) {
    double b = r < 0 ? w->beta_contact * r / h : 0;
    if (w->max_push > 0 && b < -w->max_push) b = -w->max_push;
    return b;
}

/* The bias (a velocity) of row r in sub-step s of length h; vfree: its free velocity J u_free */
static double row_bias(world *w, world_row *r, int s, double h, double vfree) {
    const int soft = is_soft(w);
    r->relax_bias = 0;
    switch (r->kind) {
    case ROW_N: {
        const world_contact *c = &w->contact[r->owner];
        const double e = r->err;
        if (soft) return 0; /* phi0 carries the gap */
        /* restitution ([Tsounis25] eq. 54, 80) on a contact that carried no force last step
           and closes during this sub-step (free motion would cover the gap), approaching
           faster than restitution_threshold: v_n+ >= -e v_n-, with the pre-step velocity
           v_n- (eq. 75). It replaces the speculative term, once per step. */
        if (r->bounce == 0 && c->is_new && c->restitution > 0 && vfree + (e > 0 ? e / h : 0) < 0 &&
            c->vn_minus < -w->restitution_threshold) {
            r->bounce = 1;
            r->relax_bias = c->restitution * c->vn_minus;
            return push_bias(w, e, h) + r->relax_bias;
        }
        /* [Tsounis25] eq. 91 with penetration margin 0: capped Baumgarte on penetration, and
           on an open contact the speculative gap / h (it may close, not pass through) */
        r->relax_bias = e > 0 ? e / h : 0;
        return e > 0 ? e / h : push_bias(w, e, h);
    }
    case ROW_JOINT: return w->beta_joint / h * r->err;                 /* eq. 89 */
    case ROW_LIMIT: return w->beta_limit / h * (r->err < 0 ? r->err : 0); /* eq. 90 */
    case ROW_DRIVE: {
        const world_joint *j = &w->joint[r->owner];
        const double c = j->kp * h + j->kd;
        (void)s;
        /* (G + R) lambda + (J u_free - (kp (target - q) + kd target_velocity) / c) / h = 0 with
           R = 1 / (c h) is lambda = kp (target - q - h qd+) + kd (target_velocity - qd+) */
        r->relax_bias = c > 0 ? -(j->kp * (j->target - r->err) + j->kd * j->target_velocity) / c : 0;
        return r->relax_bias;
    }
    default: return 0; /* tangents: none, the De Saxce term stays exact (Sec. V-C) */
    }
}

/* the soft models' per-contact data of an island (contacts c0 .. c0 + nc of the world, rows of
   the problem prob) and the compliance: joint and limit rows R = soft_joint_compliance G_jj,
   contacts phi0, vn0, k, d (or tau_d), and for CT_SOFT_CCP the R and vref of a helper */
static ct_result soft_fill(world *w, const ct_problem *prob, const int *contact_of, ct_real *diag) {
    const int c0 = prob->nb + prob->nu, nc = prob->nc, m = c0 + 3 * nc;
    const int sap_like = w->soft_model == CT_SOFT_SAP ||
                         (w->soft_model == CT_SOFT_CCP && !w->soft_ccp_mujoco);
    ct_soft *sf = &w->soft;
    ct_result res = CT_OK;
    int i;
    memset(sf, 0, sizeof(*sf));
    memset(w->vref, 0, (size_t)m * sizeof(ct_real));
    for (i = 0; i < c0; ++i) w->R[i] = (ct_real)((double)w->R[i] + w->soft_joint_compliance * (double)diag[i]);
    for (i = c0; i < m; ++i) w->R[i] = 0;
    for (i = 0; i < nc; ++i) {
        const world_contact *c = &w->contact[contact_of[i]];
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
            ct_real solref[2], solimp[5], *pos = w->g, *vel = w->vel;
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
               G_t2t2, and NEWTON_SOFT needs an isotropic tangent compliance: their mean */
            for (i = 0; i < nc; ++i) {
                ct_real *Rc = w->R + c0 + 3 * i;
                Rc[0] = Rc[1] = (ct_real)0.5 * (Rc[0] + Rc[1]);
            }
        }
    }
    return res;
}

/* semi-implicit Euler for body i over h: x += h v, q <- normalize(q + h/2 (0, w) q) */
static void integrate_body(world_body *b, double h) {
    double wq[4], dq[4], qn;
    int k;
    for (k = 0; k < 3; ++k) b->x[k] += h * b->v[k];
    wq[0] = 0; wq[1] = b->w[0]; wq[2] = b->w[1]; wq[3] = b->w[2];
    quat_mul(wq, b->q, dq);
    for (k = 0; k < 4; ++k) b->q[k] += 0.5 * h * dq[k];
    qn = sqrt(b->q[0] * b->q[0] + b->q[1] * b->q[1] + b->q[2] * b->q[2] + b->q[3] * b->q[3]);
    for (k = 0; k < 4; ++k) b->q[k] /= qn;
}

/* u_free = u + h M^-1 (f_ext - w x I w) + h gravity of body i, into w->uf ([Tsounis25] eq. 59,
   72; the world inertia of the step's start) */
static void free_velocity(world *w, int i, double h) {
    const world_body *b = &w->body[i];
    double Iw[3], tau[3], gyro[3], dw[3];
    double *u = w->uf + 6 * (size_t)i;
    int k;
    mat3_mul_vec(w->I_w + 9 * (size_t)i, b->w, Iw);
    cross3(b->w, Iw, gyro);
    sub3(b->torque, gyro, tau);
    mat3_mul_vec(w->inv_I + 9 * (size_t)i, tau, dw);
    for (k = 0; k < 3; ++k) {
        u[k] = b->v[k] + h * (b->force[k] * w->inv_mass[i] + w->gravity[k]);
        u[3 + k] = b->w[k] + h * dw[k];
    }
}

/* the worst solve of the step into w->info: not converged first, then the largest model
   residual */
static void note_solve(world *w, const ct_info *info, int *have) {
    /* a fixed budget's CT_STATUS_ITERATIONS_DONE is the outcome asked for, not a miss */
    const int bad = info->status != CT_STATUS_CONVERGED && info->status != CT_STATUS_ITERATIONS_DONE;
    const int wbad = w->info.status != CT_STATUS_CONVERGED && w->info.status != CT_STATUS_ITERATIONS_DONE;
    world_stats *st = &w->stats;
    st->solves++;
    st->iterations += info->iterations;
    if (bad) st->unconverged++;
    if ((double)info->ncp.absolute > st->max_residual) st->max_residual = (double)info->ncp.absolute;
    if (!*have || (bad && !wbad) ||
        (bad == wbad && info->model.absolute > w->info.model.absolute)) {
        w->info = *info;
        *have = 1;
    }
}

/* the dense G (n x n, into G) of an island from its blocks */
static void scatter_dense(const world *w, ct_real *G, const int *order, int ngi, int n) {
    int li, k, x, y;
    memset(G, 0, (size_t)n * (size_t)n * sizeof(ct_real));
    for (li = 0; li < ngi; ++li) {
        const int ri = w->grp_off[order[li]], si = grp_size(w, order[li]);
        for (k = w->srow_ptr[li]; k < w->srow_ptr[li + 1]; ++k) {
            const int gj = order[w->scol[k]], rj = w->grp_off[gj], sj = grp_size(w, gj);
            for (x = 0; x < si; ++x)
                for (y = 0; y < sj; ++y)
                    G[(size_t)(ri + x) * n + rj + y] = w->sval[9 * (size_t)k + 3 * x + y];
        }
    }
}

/* the island's bodies' velocities u = u_free + M^-1 J^T (scale lambda): scale = h for forces,
   1 for impulses */
static void apply_forces(world *w, const int *order, int ngi, const int *bodies, int nbi, double scale) {
    int i, li, k, side, x;
    for (i = 0; i < nbi; ++i) {
        world_body *b = &w->body[bodies[i]];
        const double *u = w->uf + 6 * (size_t)bodies[i];
        b->v[0] = u[0]; b->v[1] = u[1]; b->v[2] = u[2];
        b->w[0] = u[3]; b->w[1] = u[4]; b->w[2] = u[5];
    }
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li], off = w->grp_off[gg], r0 = w->grp_row[gg];
        for (k = 0; k < grp_size(w, gg); ++k) {
            const world_row *r = &w->row[r0 + k];
            const double p = (double)w->lamL[off + k] * scale; /* impulse (N s) */
            if (p == 0) continue;
            for (side = 0; side < 2; ++side) {
                world_body *b;
                const double *wj = r->WJ + 6 * side;
                if (!(side == 0 ? r->da : r->db)) continue;
                b = &w->body[side == 0 ? r->a : r->b];
                for (x = 0; x < 3; ++x) {
                    b->v[x] += wj[x] * p;
                    b->w[x] += wj[3 + x] * p;
                }
            }
        }
    }
}

/* ---- keeping an island's setup across steps (w->reuse) ------------------------------------ */
/* the identity of a row: its kind and owner, for contacts the (a, b, feature) key */
static void row_key(const world *w, const world_row *r, int key[4]) {
    key[0] = r->kind;
    if (r->kind == ROW_T1 || r->kind == ROW_T2 || r->kind == ROW_N) {
        const world_contact *c = &w->contact[r->owner];
        key[1] = c->a; key[2] = c->b; key[3] = c->feature;
    } else {
        key[1] = r->owner; key[2] = r->k; key[3] = -1;
    }
}

/* ---- the arena: kept setups from the bottom, the scratch of one island above ---------- */
static size_t arena_round(size_t bytes) { return (bytes + WORLD_ALIGN - 1) / WORLD_ALIGN * WORLD_ALIGN; }

/* bytes of the arena from arena_top, or NULL when they do not fit; the top moves past them */
static void *arena_take(world *w, size_t bytes) {
    void *p;
    if (bytes > w->arena_bytes || w->arena_top > w->arena_bytes - bytes) return NULL;
    p = w->arena + w->arena_top;
    w->arena_top += arena_round(bytes);
    if (w->arena_top > w->arena_bytes) w->arena_top = w->arena_bytes;
    return p;
}

/* drop every kept setup: the arena and the row pool are free again */
static void arena_reset(world *w) {
    int i;
    for (i = 0; i < w->max_body; ++i) w->kept[i].valid = 0;
    w->arena_top = 0;
    w->frz_top = 0;
}

/* Remember island (order, bodies) just set up in slot kp: its rows (keys, J, M^-1 J^T) in the
   row pool, its bodies' poses; its G and solver are already in the slot. A body belongs to
   one kept island: the slot it was kept with before is dropped. */
static void freeze(world *w, world_kept *kp, const int *order, int ngi, const int *bodies, int nbi,
                   int n, int sparse, const ct_settings *st) {
    const int slot = (int)(kp - w->kept);
    int li, k, i;
    kp->row_off = w->frz_top;
    w->frz_top += n;
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li], off = kp->row_off + w->grp_off[gg], r0 = w->grp_row[gg];
        for (k = 0; k < grp_size(w, gg); ++k) {
            w->frz_row[off + k] = w->row[r0 + k];
            row_key(w, &w->row[r0 + k], w->frz_key + 4 * (size_t)(off + k));
        }
    }
    for (i = 0; i < nbi; ++i) {
        const int b = bodies[i];
        if (w->frz_slot[b] >= 0 && w->frz_slot[b] != slot) w->kept[w->frz_slot[b]].valid = 0;
        w->frz_slot[b] = slot;
        memcpy(w->frz_pose + 7 * (size_t)b, w->body[b].x, 3 * sizeof(double));
        memcpy(w->frz_pose + 7 * (size_t)b + 3, w->body[b].q, 4 * sizeof(double));
    }
    kp->n = n;
    kp->nbody = nbi;
    kp->sparse = sparse;
    kp->method = st->method;
    kp->valid = 1;
}

/* 1 when island (order, bodies) is the one kept in kp: the same rows in the same order, the
   same method, and no body moved more than w->reuse (m) since, nor turned by more than
   w->reuse over its bounding radius */
static int kept_matches(const world *w, const world_kept *kp, const int *order, int ngi,
                        const int *bodies, int nbi, int n, const ct_settings *st) {
    int li, k, i, key[4];
    if (!(w->reuse > 0) || !kp->valid || is_soft(w) || kp->n != n || kp->nbody != nbi ||
        kp->method != st->method)
        return 0;
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li], off = kp->row_off + w->grp_off[gg], r0 = w->grp_row[gg];
        for (k = 0; k < grp_size(w, gg); ++k) {
            row_key(w, &w->row[r0 + k], key);
            if (memcmp(key, w->frz_key + 4 * (size_t)(off + k), sizeof(key)) != 0) return 0;
        }
    }
    for (i = 0; i < nbi; ++i) {
        const world_body *b = &w->body[bodies[i]];
        const double *f = w->frz_pose + 7 * (size_t)bodies[i];
        double dx = b->x[0] - f[0], dy = b->x[1] - f[1], dz = b->x[2] - f[2];
        double c = fabs(b->q[0] * f[3] + b->q[1] * f[4] + b->q[2] * f[5] + b->q[3] * f[6]);
        double angle = c >= 1 ? 0 : 2 * acos(c);
        if (w->frz_slot[bodies[i]] != (int)(kp - w->kept)) return 0;
        if (dx * dx + dy * dy + dz * dz > w->reuse * w->reuse || angle * bound_radius(b) > w->reuse) return 0;
    }
    return 1;
}

/* The setup of a fresh island in the arena: its G (dense: scattered there; block-sparse: the
   assembly's arrays, copied when kept) and the solver's workspace above it. keep: into slot
   kp, otherwise into the scratch solver; either way above the kept setups, and arena_top is
   left below them (a kept island's caller moves it past the workspace its first solve used). When the arena's free part is
   too small the kept setups are dropped and it is tried again on the whole arena; a
   block-sparse island whose factor does not fit even then is tried dense. */
static ct_result setup_island(world *w, world_kept *kp, int keep, const int *order, int ngi, int n,
                              int *sparse, ct_problem *prob, const ct_settings *st, ct_info *info,
                              ct_solver **sv) {
    const int nbk = ngi > 0 ? w->srow_ptr[ngi] : 0;
    ct_result res = CT_ERROR_WORKSPACE_TOO_SMALL;
    int attempt;
    for (attempt = 0; attempt < 4 && res == CT_ERROR_WORKSPACE_TOO_SMALL; ++attempt) {
        size_t mark;
        if (attempt == 2) {
            if (!*sparse || n > w->dense_max_rows) break;
            *sparse = 0; /* a factoring method's sparse factor does not fit: dense storage */
        }
        if (attempt == 1 || attempt == 3) {
            if (w->arena_top == 0 && attempt == 1) continue; /* nothing to drop */
            arena_reset(w);
        }
        if (keep && w->frz_top + n > w->max_rows) arena_reset(w);
        mark = w->arena_top;
        prob->G = NULL;
        prob->Gs = NULL;
        if (!*sparse) {
            ct_real *G = (ct_real *)arena_take(w, (size_t)n * (size_t)n * sizeof(ct_real));
            if (!G) { w->arena_top = mark; continue; }
            scatter_dense(w, G, order, ngi, n);
            prob->G = G;
            kp->G = G;
        } else if (keep) { /* the assembly's arrays are the next island's: a copy */
            int *ip = (int *)arena_take(w, ((size_t)ngi + 1 + (size_t)nbk) * sizeof(int));
            ct_real *v = (ct_real *)arena_take(w, 9 * (size_t)nbk * sizeof(ct_real) + 1);
            if (!ip || !v) { w->arena_top = mark; continue; }
            memcpy(ip, w->srow_ptr, ((size_t)ngi + 1) * sizeof(int));
            memcpy(ip + ngi + 1, w->scol, (size_t)nbk * sizeof(int));
            memcpy(v, w->sval, 9 * (size_t)nbk * sizeof(ct_real));
            kp->sp.row_ptr = ip;
            kp->sp.col = ip + ngi + 1;
            kp->sp.val = v;
            kp->G = NULL;
            prob->Gs = &kp->sp;
        } else {
            prob->Gs = &w->sp;
        }
        *sv = keep ? &kp->solver : &w->solver;
        res = ct_solver_init(*sv, w->arena + w->arena_top, w->arena_bytes - w->arena_top);
        if (res == CT_OK) res = ct_solver_setup(*sv, prob, st, info);
        w->arena_top = mark; /* scratch until the caller keeps it */
    }
    return res;
}

/* Assemble, solve and advance island isl (its groups and bodies from build_islands). */
static ct_result solve_island(world *w, int isl, int *have_info) {
    const int g0 = w->island_gptr[isl], ngi = w->island_gptr[isl + 1] - g0;
    const int *order = w->grp_order + g0;
    const int *bodies = w->island_body + w->island_ptr[isl];
    const int nbi = w->island_ptr[isl + 1] - w->island_ptr[isl];
    const int soft = is_soft(w);
    const int nsub = soft || w->substeps < 1 ? 1 : w->substeps;
    const double h = w->dt / nsub;
    int li, k, i, n = 0, nbl = 0, nul = 0, ncl = 0, nnzb = 0, sparse, any_r = 0, s;
    ct_problem prob;
    ct_settings st = w->settings;
    ct_result res = CT_OK;
    ct_sparse *sp = &w->sp;
    const int carry = w->carry_penalty && (st.method == CT_METHOD_ADMM_NCP || st.method == CT_METHOD_ADMM_CCP);
    const ct_flavor flavor = ct_method_flavor(&st);
    world_kept *kp = &w->kept[bodies[0]];
    const int keep = w->reuse > 0 && !soft;
    ct_solver *sv = &w->solver;
    int ready = 0, first = 1, met, reuse = 0, kept_now = 0;
    double t0;

    if (ngi == 0) { /* free bodies: no rows, no solve */
        for (s = 0; s < nsub; ++s)
            for (i = 0; i < nbi; ++i) {
                world_body *b = &w->body[bodies[i]];
                free_velocity(w, bodies[i], h);
                memcpy(b->v, w->uf + 6 * (size_t)bodies[i], 3 * sizeof(double));
                memcpy(b->w, w->uf + 6 * (size_t)bodies[i] + 3, 3 * sizeof(double));
                integrate_body(b, h);
            }
        return CT_OK;
    }
    /* local numbering: groups in row order, rows by their group's offset */
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li];
        const world_row *r = &w->row[w->grp_row[gg]];
        w->grp_local[gg] = li;
        w->grp_off[gg] = n;
        w->grp_mark[li] = -1;
        if (r->kind == ROW_LIMIT) ++nul;
        else if (r->kind == ROW_T1) ++ncl;
        else ++nbl;
        n += grp_size(w, gg);
    }
    reuse = kept_matches(w, kp, order, ngi, bodies, nbi, n, &st);
    if (reuse) { /* the rows of the freeze: J, M^-1 J^T, hence G and its factorization */
        for (li = 0; li < ngi; ++li) {
            const int gg = order[li], off = kp->row_off + w->grp_off[gg], r0 = w->grp_row[gg];
            for (k = 0; k < grp_size(w, gg); ++k) {
                memcpy(w->row[r0 + k].J, w->frz_row[off + k].J, sizeof(w->row[0].J));
                memcpy(w->row[r0 + k].WJ, w->frz_row[off + k].WJ, sizeof(w->row[0].WJ));
            }
        }
        ready = 1;
        sv = &kp->solver;
        w->stats.reused_islands++;
    } else {
        kp->valid = 0; /* the slot is about to hold this island's setup, if any */
        for (li = 0; li < ngi; ++li) /* contacts' J, M^-1 J^T (a kept island's rows come with theirs) */
            for (k = 0; k < grp_size(w, order[li]); ++k) {
                world_row *r = &w->row[w->grp_row[order[li]] + k];
                if (r->kind == ROW_T1 || r->kind == ROW_T2 || r->kind == ROW_N) contact_row_J(w, r);
                row_finish(w, r);
            }
    }
    /* G by blocks: the groups sharing a dynamic body with group li, ascending */
    if (!reuse) w->srow_ptr[0] = 0;
    for (li = 0; li < ngi && !reuse; ++li) {
        const int gg = order[li], si = grp_size(w, gg);
        const world_row *r = &w->row[w->grp_row[gg]];
        int cnt = 0, side, a, b;
        for (side = 0; side < 2; ++side) {
            const int body = side == 0 ? (r->da ? r->a : -1) : (r->db ? r->b : -1);
            if (body < 0) continue;
            for (k = w->body_ptr[body]; k < w->body_ptr[body + 1]; ++k) {
                const int lj = w->grp_local[w->body_grp[k]];
                if (w->grp_mark[lj] == li) continue;
                w->grp_mark[lj] = li;
                w->grp_cols[cnt++] = lj;
            }
        }
        for (a = 1; a < cnt; ++a) { /* insertion sort */
            const int v = w->grp_cols[a];
            b = a - 1;
            while (b >= 0 && w->grp_cols[b] > v) { w->grp_cols[b + 1] = w->grp_cols[b]; --b; }
            w->grp_cols[b + 1] = v;
        }
        if (nnzb + cnt > w->max_blocks) return CT_ERROR_WORKSPACE_TOO_SMALL;
        for (a = 0; a < cnt; ++a) {
            const int gj = order[w->grp_cols[a]], sj = grp_size(w, gj);
            ct_real *blk = w->sval + 9 * (size_t)nnzb;
            int x, y;
            const world_row *ri = &w->row[w->grp_row[gg]], *rj = &w->row[w->grp_row[gj]];
            int sa[4], sb[4], np = 0, q;
            w->scol[nnzb] = w->grp_cols[a];
            if (w->grp_cols[a] < li) { /* below the diagonal: the transpose of block (lj, li) */
                const int lj = w->grp_cols[a];
                int lo = w->srow_ptr[lj], hi = w->srow_ptr[lj + 1] - 1;
                while (lo < hi) { /* row lj's columns ascend: find li */
                    const int mid = (lo + hi) / 2;
                    if (w->scol[mid] < li) lo = mid + 1;
                    else hi = mid;
                }
                for (x = 0; x < 3; ++x)
                    for (y = 0; y < 3; ++y) blk[3 * x + y] = w->sval[9 * (size_t)lo + 3 * y + x];
                ++nnzb;
                continue;
            }
            for (x = 0; x < 9; ++x) blk[x] = 0;
            /* the dynamic bodies the two groups share (their rows all have the same bodies) */
            for (x = 0; x < 2; ++x)
                for (y = 0; y < 2; ++y)
                    if ((x ? ri->db : ri->da) && (y ? rj->db : rj->da) && (x ? ri->b : ri->a) == (y ? rj->b : rj->a)) {
                        sa[np] = 6 * x;
                        sb[np++] = 6 * y;
                    }
            for (x = 0; x < si; ++x)
                for (y = 0; y < sj; ++y) {
                    double e = 0;
                    for (q = 0; q < np; ++q) e += dot6(ri[x].J + sa[q], rj[y].WJ + sb[q]);
                    blk[3 * x + y] = (ct_real)e;
                }
            ++nnzb;
        }
        w->srow_ptr[li + 1] = nnzb;
    }
    sparse = w->storage == WORLD_STORAGE_SPARSE ||
             (w->storage == WORLD_STORAGE_AUTO && ngi >= 16 && (double)nnzb <= 0.4 * (double)ngi * (double)ngi);
    if (n > w->dense_max_rows) sparse = 1;
    if (reuse) sparse = kp->sparse;
    sp->row_ptr = w->srow_ptr;
    sp->col = w->scol;
    sp->val = w->sval;

    /* the problem's vectors: warm start, mu, compliance; the contacts' world indices */
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li], off = w->grp_off[gg], r0 = w->grp_row[gg];
        for (k = 0; k < grp_size(w, gg); ++k) {
            world_row *r = &w->row[r0 + k];
            w->lamL[off + k] = w->lam[r0 + k];
            w->R[off + k] = (ct_real)r->R;
            any_r |= r->R > 0;
            r->bounce = 0;
        }
        if (w->row[r0].kind == ROW_T1) {
            const int lc = (off - nbl - nul) / 3;
            w->mu[lc] = (ct_real)w->contact[w->row[r0].owner].mu;
            w->grp_cols[lc] = w->row[r0].owner; /* contact_of, for the soft data */
        }
    }
    prob = ct_problem_dense(nbl, nul, ncl, NULL, w->g, w->mu);
    if (reuse) {
        if (kp->sparse) prob.Gs = &kp->sp;
        else prob.G = kp->G;
    } else {
        prob.Gs = sp; /* until the setup: G's place in the arena */
    }
    if (soft && n > 0) {
        for (li = 0; li < ngi; ++li) { /* the diagonal of G, for the joint compliance */
            const int off = w->grp_off[order[li]];
            for (k = w->srow_ptr[li]; k < w->srow_ptr[li + 1]; ++k)
                if (w->scol[k] == li) w->vel[off] = w->sval[9 * (size_t)k];
        }
        res = soft_fill(w, &prob, w->grp_cols, w->vel);
        if (res != CT_OK) return res;
        for (i = 0; i < n; ++i) w->lamL[i] = (ct_real)((double)w->lamL[i] * h); /* N -> N s */
        st.tol_abs = (ct_real)((double)st.tol_abs * h);
        any_r = 1;
    }
    if (!w->warm_start) memset(w->lamL, 0, (size_t)n * sizeof(ct_real));
    /* the penalty of the island's last solve (known by its lowest body, when it had as many
       rows: the same contacts, most likely): its spectral exponent as the rule's start, so
       that the setup factors at that penalty once */
    if (carry && st.admm.rule == CT_RHO_SPECTRAL && w->body_rho[w->max_body + bodies[0]] == (double)n)
        st.admm.rho_power = (ct_real)w->body_rho[bodies[0]];
    if (w->reuse > 0) { /* a kept setup's next solves start at its penalty and its dual: a
                           resting island's dual barely changes, about half the iterations */
        st.admm.warm_rho = 1;
        st.admm.warm_dual = 1;
    }
    prob.R = any_r ? w->R : NULL;
    if (soft) prob.soft = &w->soft;

    for (s = 0; s < nsub; ++s) {
        ct_info info;
        int pass;
        for (i = 0; i < nbi; ++i) free_velocity(w, bodies[i], h);
        for (pass = 0; pass < 1 + (w->relax && !soft); ++pass) {
            /* pass 0: g with every bias; pass 1 (relax): without the position corrections */
            for (li = 0; li < ngi; ++li) {
                const int gg = order[li], off = w->grp_off[gg], r0 = w->grp_row[gg];
                for (k = 0; k < grp_size(w, gg); ++k) {
                    world_row *r = &w->row[r0 + k];
                    double b;
                    if (pass == 0) {
                        r->vfree = row_velocity(w, r, 1);
                        b = row_bias(w, r, s, h, r->vfree);
                    } else {
                        b = r->relax_bias;
                    }
                    w->g[off + k] = soft ? (ct_real)(r->vfree + b + (double)w->vref[off + k])
                                         : (ct_real)((r->vfree + b) / h);
                }
            }
            t0 = now_seconds();
            memset(&info, 0, sizeof(info));
            met = 0;
            if (first && !ready && w->warm_start && !soft && st.stop != CT_STOP_NONE &&
                ct_velocity(&prob, w->lamL, w->vel) == CT_OK &&
                ct_criteria(&prob, w->lamL, w->vel, flavor, &info.model) == CT_OK)
                /* the warm start meets the tolerance (a resting island): no setup (validation,
                   spectrum, factorization) and no solve; ct_solve would return it as it is */
                met = (st.stop == CT_STOP_ABSOLUTE || info.model.relative <= st.tol_rel) &&
                      (st.stop == CT_STOP_RELATIVE || info.model.absolute <= st.tol_abs);
            if (met) {
                info.status = CT_STATUS_CONVERGED;
                info.method = st.method;
                info.flavor = flavor;
                info.error_index = -1;
                if (flavor == CT_FLAVOR_NCP) info.ncp = info.model;
                else ct_criteria(&prob, w->lamL, w->vel, CT_FLAVOR_NCP, &info.ncp);
                res = CT_OK;
            } else {
                if (!ready) {
                    res = setup_island(w, kp, keep, order, ngi, n, &sparse, &prob, &st, &info, &sv);
                    ready = res == CT_OK;
                    kept_now = ready && keep;
                } else {
                    res = ct_solver_update_vectors(sv, w->g, w->mu);
                }
                if (res == CT_OK) res = ct_solver_solve(sv, w->lamL, w->vel, &info);
                if (kept_now) { /* the workspace this island's solver uses stays taken */
                    kept_now = 0;
                    if (res == CT_OK) {
                        w->arena_top = (size_t)((unsigned char *)sv->ws.base - w->arena) +
                                       arena_round(info.workspace_peak + WORLD_ALIGN);
                        if (w->arena_top > w->arena_bytes) w->arena_top = w->arena_bytes;
                        freeze(w, kp, order, ngi, bodies, nbi, n, sparse, &st);
                    }
                }
                if (carry) { /* the exponent the island's penalty ended with, if it converged */
                    ct_solver_state rs;
                    w->body_rho[w->max_body + bodies[0]] = -1;
                    if (res == CT_OK && info.status == CT_STATUS_CONVERGED &&
                        ct_solver_state_get(sv, &rs, NULL) == CT_OK && rs.has_rho_power) {
                        w->body_rho[bodies[0]] = (double)rs.rho_power;
                        w->body_rho[w->max_body + bodies[0]] = (double)n;
                    }
                }
            }
            first = 0;
            w->solve_seconds += now_seconds() - t0;
            w->solves++;
            if (res != CT_OK) {
                memset(w->lamL, 0, (size_t)n * sizeof(ct_real));
                info.status = CT_STATUS_NOT_SOLVED;
            }
            note_solve(w, &info, have_info);
            if (w->solve_hook) w->solve_hook(w->solve_hook_user, &prob, w->lamL, &info);
            /* u = u_free + h M^-1 J^T lambda ([Tsounis25] eq. 76) */
            apply_forces(w, order, ngi, bodies, nbi, soft ? 1 : h);
            if (pass == 0) { /* positions move with the corrected velocity */
                for (i = 0; i < nbi; ++i) integrate_body(&w->body[bodies[i]], h);
                if (nsub > 1) /* the gaps and errors advance along the rows' velocities */
                    for (li = 0; li < ngi; ++li) {
                        const int gg = order[li], r0 = w->grp_row[gg];
                        for (k = 0; k < grp_size(w, gg); ++k) {
                            world_row *r = &w->row[r0 + k];
                            if (r->kind != ROW_T1 && r->kind != ROW_T2) r->err += h * row_velocity(w, r, 0);
                        }
                    }
            }
            if (res != CT_OK) break;
        }
        if (res != CT_OK) break;
    }
    for (i = s + 1; i < nsub; ++i) { /* after a failed solve: the rest without forces */
        int x;
        for (x = 0; x < nbi; ++x) {
            world_body *b = &w->body[bodies[x]];
            free_velocity(w, bodies[x], h);
            memcpy(b->v, w->uf + 6 * (size_t)bodies[x], 3 * sizeof(double));
            memcpy(b->w, w->uf + 6 * (size_t)bodies[x] + 3, 3 * sizeof(double));
            integrate_body(b, h);
        }
    }
    /* the forces (N) back to the global rows */
    for (li = 0; li < ngi; ++li) {
        const int gg = order[li], off = w->grp_off[gg], r0 = w->grp_row[gg];
        for (k = 0; k < grp_size(w, gg); ++k)
            w->lam[r0 + k] = soft ? (ct_real)((double)w->lamL[off + k] / h) : w->lamL[off + k];
    }
    w->stats.islands++;
    w->stats.sparse_islands += sparse && n > 0;
    w->stats.rows += n;
    return res;
}

ct_result world_step(world *w) {
    const double t_step = now_seconds();
    int i, k, n, ng, nis, have = 0;
    ct_result res = CT_OK;

    memset(&w->stats, 0, sizeof(w->stats));
    memset(&w->info, 0, sizeof(w->info));
    if (w->arena_top > w->arena_bytes) arena_reset(w); /* the arena was made smaller */
    w->info.status = CT_STATUS_CONVERGED;
    /* 1. per-body inverse masses and world inertias of the step's start */
    for (i = 0; i < w->nbody; ++i) {
        const world_body *b = &w->body[i];
        w->inv_mass[i] = b->mass > 0 ? 1 / b->mass : 0;
        body_inertia(b, w->I_w + 9 * (size_t)i, w->inv_I + 9 * (size_t)i);
        quat_to_mat(b->q, w->rot + 9 * (size_t)i); /* for the collision tests */
    }
    /* 2. contacts, with warm start and the "new this step" flag from the cache */
    collide(w);
    sort_contacts(w);
    read_cache(w);
    /* 3. rows, islands */
    n = build_rows(w, &ng);
    nis = build_islands(w, ng);
    w->stats.contacts = w->ncontact;
    w->stats.limit_rows = w->nu;
    w->stats.joints_rows = w->nb;
    /* 4. every island: assemble, sub-steps, solves, integration */
    for (i = 0; i < nis; ++i) {
        ct_result r = solve_island(w, i, &have);
        if (r != CT_OK && res == CT_OK) res = r;
    }
    /* 5. kinematic bodies move with their velocity */
    for (i = 0; i < w->nbody; ++i)
        if (w->body[i].mass <= 0) integrate_body(&w->body[i], w->dt);
    /* 6. keep the forces: joints, drives, limits, contacts and the cache */
    for (i = 0; i < n; ++i) {
        const world_row *r = &w->row[i];
        const double l = (double)w->lam[i];
        switch (r->kind) {
        case ROW_JOINT: w->joint[r->owner].lambda[r->k] = l; break;
        case ROW_DRIVE: w->joint[r->owner].drive_lambda = l; break;
        case ROW_LIMIT: w->joint[r->owner].limit_lambda = l; break;
        case ROW_T1: w->contact[r->owner].lambda[0] = l; break;
        case ROW_T2: w->contact[r->owner].lambda[1] = l; break;
        default: w->contact[r->owner].lambda[2] = l; break;
        }
    }
    for (i = 0; i < w->njoint; ++i) { /* a limit no longer active carries no force */
        int active = 0;
        for (k = w->nb; k < w->nb + w->nu; ++k) active |= w->row[k].owner == i;
        if (!active) w->joint[i].limit_lambda = 0;
    }
    write_cache(w);
    w->result = res;
    w->time += w->dt;
    w->step_seconds += now_seconds() - t_step;
    return res;
}

/* ---- the game preset -------------------------------------------------------------------- */
void world_fixed_sweeps(ct_settings *s, int sweeps) {
    /* CT_STOP_NONE: exactly max_iter iterations, no check in between, status
       CT_STATUS_ITERATIONS_DONE; the Gauss-Seidel methods score the returned point from the
       velocity their sweeps keep (no product by G). */
    s->max_iter = sweeps;
    s->stop = CT_STOP_NONE;
}

/* The game preset, chosen by bench/engine_world.c --study (docs/engine.md has the table):
   fixed Gauss-Seidel sweeps (PGS_NCP, any count from 1 to 32, 1 to 8 sub-steps, relaxation
   0.5 to 1.3, with or without the relax pass) let stacks of 5 and 10 cubes walk centimetres
   at 60 Hz, as Bullet's 10 iterations do; ADMM_NCP stopped at Siconos' relative error 1e-4
   holds stacks, pyramids and the 1:10 stack to micrometres in 2 to 6 iterations per step
   once each island starts from its last penalty. The cap of 50 iterations bounds a step;
   5 power iterations for the spectrum cost a third less than the default 20 at no loss. */
ct_settings world_game_settings(void) {
    ct_settings s = ct_default_settings();
    s.method = CT_METHOD_ADMM_NCP;
    s.stop = CT_STOP_RELATIVE;
    s.tol_rel = (ct_real)1e-4;
    s.max_iter = 50;
    s.admm.power_iters = 5; /* the spectrum only scales the penalty: 5 products, not 20 */
    return s;
}

void world_use_game_preset(world *w) {
    w->settings = world_game_settings();
    w->substeps = 1;
    w->relax = 0;
    w->carry_penalty = 1;
    w->reuse = 3e-4; /* 1e-4: the 10-cube stack's top set up again on 1 step in 8 */
}
