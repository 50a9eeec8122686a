/* bench/engine_scenes.h - the scenes of `make bench-engine` and the game-preset study, and the
   measures every engine is scored with (header-only C99, also C++; no dependency).

   Both sides (bench/engine_world.c on examples/world, bench/engine_bullet.cpp on Bullet) build
   the same bodies from es_make() and hand their poses and velocities to the same functions, so
   drift, penetration and kinetic energy are measured alike, from the state, not from each
   engine's own contact reports.

   Scenes (SI units, gravity -9.81 z, ground plane z = 0, friction 0.5 for every pair, no
   restitution, cubes of side 1 m and 1 kg unless said):
     stack5      5 cubes stacked, touching, at rest
     stack10     10 cubes stacked
     pyramid20   20 cubes in rows of 6, 5, 4, 3, 2 (0.05 m apart in a row; each cube on two)
     ratio10     4 cubes stacked, 1, 10, 1, 10 kg from the bottom (heavy on light twice)
     wall10      a wall of 5 x 2 cubes (0.01 m apart) hit at 5 m/s by a 5 kg ball of radius
                 0.5 m at the height of the top row's centre
   Measures after the run (es_seconds of the scene):
     drift       the largest distance of a body from its start (resting scenes) or from its
                 pose half-way through the run (wall10: the pieces must settle and stay), m
     penetration the deepest overlap of the final poses: ground against each body's lowest
                 point, cube against cube along the face normal of least overlap, ball
                 against cube by the closest point, m (0 when nothing overlaps)
     kinetic     1/2 m v^2 + 1/2 w^T I w summed over the bodies, J */
#ifndef ENGINE_SCENES_H
#define ENGINE_SCENES_H

#include <math.h>
#include <string.h>

#define ES_MAX 32
#define ES_BOX 0
#define ES_BALL 1

typedef struct es_body {
    int shape;          /* ES_BOX or ES_BALL                                         */
    double half[3];     /* half extents; a ball: half[0] is the radius                */
    double mass;        /* kg                                                         */
    double x[3], v[3];  /* start position and velocity (identity orientation)         */
} es_body;

typedef struct es_scene {
    const char *name;
    int nbody;
    es_body body[ES_MAX];
    double seconds;     /* simulated time                                             */
    double mu;          /* friction of every pair                                     */
    int drift_from_half; /* 1: drift from the pose at seconds / 2 (the hit wall)       */
} es_scene;

/* a body's state: position, unit quaternion (w, x, y, z), twist (world) */
typedef struct es_state {
    double x[3], q[4], v[3], w[3];
} es_state;

static const char *const es_names[] = {"stack5", "stack10", "pyramid20", "ratio10", "wall10"};
#define ES_NSCENES 5

static void es__box(es_scene *s, double x, double y, double z, double mass) {
    es_body *b = &s->body[s->nbody++];
    memset(b, 0, sizeof(*b));
    b->shape = ES_BOX;
    b->half[0] = b->half[1] = b->half[2] = 0.5;
    b->mass = mass;
    b->x[0] = x; b->x[1] = y; b->x[2] = z;
}

/* the scene of this name into s; 0 if there is none */
static int es_make(const char *name, es_scene *s) {
    int i, r;
    memset(s, 0, sizeof(*s));
    s->seconds = 10;
    s->mu = 0.5;
    if (!strcmp(name, "stack5") || !strcmp(name, "stack10")) {
        const int n = !strcmp(name, "stack5") ? 5 : 10;
        for (i = 0; i < n; ++i) es__box(s, 0, 0, 0.5 + i, 1);
    } else if (!strcmp(name, "pyramid20")) {
        for (r = 0; r < 5; ++r) {
            const int n = 6 - r;
            for (i = 0; i < n; ++i) es__box(s, (i - 0.5 * (n - 1)) * 1.05, 0, 0.5 + r, 1);
        }
    } else if (!strcmp(name, "ratio10")) {
        for (i = 0; i < 4; ++i) es__box(s, 0, 0, 0.5 + i, i % 2 ? 10 : 1);
    } else if (!strcmp(name, "wall10")) {
        es_body *b;
        for (r = 0; r < 2; ++r)
            for (i = 0; i < 5; ++i) es__box(s, (i - 2) * 1.01, 0, 0.5 + r, 1);
        b = &s->body[s->nbody++];
        memset(b, 0, sizeof(*b));
        b->shape = ES_BALL;
        b->half[0] = b->half[1] = b->half[2] = 0.5;
        b->mass = 5;
        b->x[0] = 0; b->x[1] = -3; b->x[2] = 1.5;
        b->v[1] = 5;
        s->drift_from_half = 1;
    } else {
        s->name = 0;
        return 0;
    }
    s->name = name;
    return 1;
}

/* the principal inertia of a body of the scene (uniform solid) */
static void es_inertia(const es_body *b, double I[3]) {
    if (b->shape == ES_BALL) {
        I[0] = I[1] = I[2] = 0.4 * b->mass * b->half[0] * b->half[0];
    } else {
        I[0] = b->mass * (b->half[1] * b->half[1] + b->half[2] * b->half[2]) / 3;
        I[1] = b->mass * (b->half[0] * b->half[0] + b->half[2] * b->half[2]) / 3;
        I[2] = b->mass * (b->half[0] * b->half[0] + b->half[1] * b->half[1]) / 3;
    }
}

static void es__rot(const double q[4], double R[9]) {
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z);     R[2] = 2 * (x * z + w * y);
    R[3] = 2 * (x * y + w * z);     R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
    R[6] = 2 * (x * z - w * y);     R[7] = 2 * (y * z + w * x);     R[8] = 1 - 2 * (x * x + y * y);
}

static double es_kinetic(const es_scene *s, const es_state *st) {
    double e = 0;
    int i, k, j;
    for (i = 0; i < s->nbody; ++i) {
        double I[3], R[9], wl[3];
        es_inertia(&s->body[i], I);
        es__rot(st[i].q, R);
        for (k = 0; k < 3; ++k) /* w in the body frame: R^T w */
            for (wl[k] = 0, j = 0; j < 3; ++j) wl[k] += R[3 * j + k] * st[i].w[j];
        e += 0.5 * s->body[i].mass *
             (st[i].v[0] * st[i].v[0] + st[i].v[1] * st[i].v[1] + st[i].v[2] * st[i].v[2]);
        for (k = 0; k < 3; ++k) e += 0.5 * I[k] * wl[k] * wl[k];
    }
    return e;
}

static double es_drift(const es_scene *s, const es_state *st, const es_state *ref) {
    double d = 0;
    int i;
    for (i = 0; i < s->nbody; ++i) {
        const double dx = st[i].x[0] - ref[i].x[0], dy = st[i].x[1] - ref[i].x[1],
                     dz = st[i].x[2] - ref[i].x[2], n = sqrt(dx * dx + dy * dy + dz * dz);
        if (n > d) d = n;
    }
    return d;
}

/* overlap of two cubes: the smallest over the 6 face normals of (extent sum - distance along
   it); <= 0 when some face normal separates them */
static double es__box_box(const es_body *A, const es_state *a, const es_body *B, const es_state *b) {
    double RA[9], RB[9], d[3], best = 1e300;
    int ref, k, j;
    es__rot(a->q, RA);
    es__rot(b->q, RB);
    d[0] = b->x[0] - a->x[0]; d[1] = b->x[1] - a->x[1]; d[2] = b->x[2] - a->x[2];
    for (ref = 0; ref < 2; ++ref) {
        const double *R1 = ref ? RB : RA, *R2 = ref ? RA : RB;
        const es_body *B1 = ref ? B : A, *B2 = ref ? A : B;
        for (k = 0; k < 3; ++k) {
            const double ax[3] = {R1[k], R1[3 + k], R1[6 + k]};
            double ext = B1->half[k], dist = fabs(ax[0] * d[0] + ax[1] * d[1] + ax[2] * d[2]), ov;
            for (j = 0; j < 3; ++j)
                ext += fabs(ax[0] * R2[j] + ax[1] * R2[3 + j] + ax[2] * R2[6 + j]) * B2->half[j];
            ov = ext - dist;
            if (ov < best) best = ov;
        }
    }
    return best;
}

/* overlap of a ball (centre c, radius r) and a cube */
static double es__ball_box(const double c[3], double r, const es_body *B, const es_state *b) {
    double R[9], dl[3], q[3], e2 = 0;
    int k, j;
    es__rot(b->q, R);
    for (k = 0; k < 3; ++k) {
        for (dl[k] = 0, j = 0; j < 3; ++j) dl[k] += R[3 * j + k] * (c[j] - b->x[j]);
        q[k] = dl[k] < -B->half[k] ? -B->half[k] : dl[k] > B->half[k] ? B->half[k] : dl[k];
        e2 += (dl[k] - q[k]) * (dl[k] - q[k]);
    }
    return r - sqrt(e2);
}

static double es_penetration(const es_scene *s, const es_state *st) {
    double pen = 0;
    int i, k, c;
    for (i = 0; i < s->nbody; ++i) {
        const es_body *A = &s->body[i];
        double low;
        if (A->shape == ES_BALL) {
            low = st[i].x[2] - A->half[0];
        } else {
            double R[9];
            es__rot(st[i].q, R);
            low = 1e300;
            for (c = 0; c < 8; ++c) {
                double z = st[i].x[2];
                for (k = 0; k < 3; ++k) z += R[6 + k] * ((c >> k) & 1 ? A->half[k] : -A->half[k]);
                if (z < low) low = z;
            }
        }
        if (-low > pen) pen = -low;
        for (k = i + 1; k < s->nbody; ++k) {
            const es_body *B = &s->body[k];
            double ov;
            if (A->shape == ES_BOX && B->shape == ES_BOX) ov = es__box_box(A, &st[i], B, &st[k]);
            else if (A->shape == ES_BALL && B->shape == ES_BOX) ov = es__ball_box(st[i].x, A->half[0], B, &st[k]);
            else if (B->shape == ES_BALL && A->shape == ES_BOX) ov = es__ball_box(st[k].x, B->half[0], A, &st[i]);
            else {
                const double dx = st[k].x[0] - st[i].x[0], dy = st[k].x[1] - st[i].x[1],
                             dz = st[k].x[2] - st[i].x[2];
                ov = A->half[0] + B->half[0] - sqrt(dx * dx + dy * dy + dz * dz);
            }
            if (ov > pen) pen = ov;
        }
    }
    return pen;
}

#endif /* ENGINE_SCENES_H */
