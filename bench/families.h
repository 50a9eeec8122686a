/* families.h - v0.1 - seeded families of physical contact problems for contact.h's benchmarks.
   SPDX-License-Identifier: MIT OR Unlicense

   One generator, shared by every benchmark that needs problems "built from bodies and
   Jacobians, seeded, never tuned to single problems": bench/gen_families.c (writes .ctp files),
   bench/families_baseline.c (ADMM_NCP and PGS_NCP on the standard sweep), tests/test_families.c.
   Not part of contact.h; it uses contact.h's types only (ct_problem, ct_real), none of its
   functions, and computes in double, converting to ct_real at the end (so it also builds with
   -DCONTACT_USE_FLOAT). Plain C99 that compiles as C++.

   Do this:
       #define FAMILIES_IMPLEMENTATION
   before you include this file in ONE C or C++ file (it includes "contact.h" itself).

   QUICK START
       fam_problem fp;
       if (fam_generate("stack:heavy_top", 5, 42, &fp) == FAM_OK) {   (family, size, seed)
           ... ct_solve(&fp.problem, &s, &ws, lambda, v, &info) with fp.n rows;
           ... fp.M (nv x nv), fp.J (n x nv), fp.v_free (nv) for engines and generalized forms
           fam_free(&fp);
       }
       const fam_sweep_entry *e; int i, count = fam_sweep(&e);     the standard sweep
       for (i = 0; i < count; ++i) for (k = 0; k < e[i].count; ++k)
           fam_generate(e[i].family, e[i].size, fam_instance_seed(seed, k), &fp) ...

   WHAT IS GENERATED (the same for every family)
       World z up, gravity 9.81 m/s^2 along -z, time step dt = 1e-2 s. Rigid bodies with masses
       and inertias from their box (or cylinder) dimensions and a density; the density, never a
       scaling of G, makes the mass ratios. Maximal coordinates: 6 velocity DOFs per body,
       (v of the centre of mass, w), world frame. A body's twist is Jb qdot (Jb: 6 x nv; the
       identity on its own 6 DOFs in maximal coordinates, the kinematic chain in robot:gen).
         M       = sum over bodies of Jb^T diag(m, m, m, I_world) Jb              (nv x nv, SPD)
         row     = d^T (v_A(p) - v_B(p)), v_X(p) = v_X + w_X x (p - x_X), for a direction d at
                   a point p between body A (the one the impulse acts on) and B (another body,
                   a kinematic body or the ground)
         contact = 3 rows (t1, t2, n), n the unit normal pointing from B into A, (t1, t2, n)
                   orthonormal and right-handed, t1 at a random angle about n; v_n > 0 separates
         joint   = revolute joint in maximal coordinates: 5 bilateral rows (3 on the relative
                   velocity of the joint point, 2 on the relative angular velocity across the
                   axis); limit = 1 unilateral row s a^T (w_child - w_parent) >= 0
         v_free  = v0 + dt M^-1 f_ext (gravity plus pushes; no Coriolis terms)
         g       = J v_free + bias                                    (velocity units, m/s)
         G       = J M^-1 J^T (computed in double with a profile Cholesky of M, exactly
                   symmetric)
       bias is zero except for (a) kinematic bodies (their prescribed velocity, fingers:kinematic
       and fingers:soft) and (b) Baumgarte instances (about half of robot, stack, wall): bias +=
       (0.2 / dt) J_r delta on bilateral, unilateral and contact normal rows r, for a small random
       configuration error delta (0.3 mm, 1 mrad): the gaps and joint drifts of one rigid
       configuration, so u = -(0.2 / dt) delta keeps every such row at zero and the problem
       stays feasible (a bias outside the range of J could make a problem without solution).
       lambda is an impulse (N s). mu per contact uniform in [0.1, 1]; in a quarter of the
       problems 1 + nc / 20 random contacts get mu = 0. R is NULL except fingers:soft (pad
       compliance) and illcond (eps). The rows come in contact.h's order [bilateral |
       unilateral | contacts].

   FAMILIES (fam_generate's family is "name" or "name:variant"; without a variant one is drawn
   from the seed, and "name" with seed s is the same problem as "name:<that variant>" with s)
     robot       size = nc (1..600). A floating base (a box, 5-50 kg) with 2-6 limbs of 2-4
                 links (revolute joints, random axes near abduction / pitch), link masses
                 m_base Rt^-f (f in (0, 1], deeper links lighter, one link exactly m_base / Rt,
                 Rt = 10^U(2,4)); legs stand on uneven ground (feet; kneeling legs also touch
                 with the knee), a front arm may put its hand on the ground, and with 3+ limbs
                 two arms grip a held box (contacts on both sides, the hands pressed against it).
                 Each contact site has 1-4 points (a patch); larger sizes make denser patches.
                 Variants: gen (generalized coordinates: qdot = base twist, joint rates, box
                 twist; contacts only, J through the chain), max (maximal coordinates, joints
                 as bilateral rows), limits (max plus joint limits as unilateral rows, most of
                 them approached by the joint velocity). Pushes: rest, moving joints, a kick.
     stack       size = boxes (1..200; nc = 4 size): stacks of up to 15 boxes (more: columns
                 side by side), 4 corner contacts per interface and with the ground, boxes of
                 10-30 cm slightly offset. Variants: heavy_top (masses grow upward: heavy on
                 light), light_top (shrink upward), alternating (neighbours differ by R).
                 Mass ratio R = 10^U(2,6), spread geometrically or in one jump.
     vgroove     size = points per contact line (1..200; nc = 2 size): a box (its two bottom
                 edges on the planes) or a cylinder (two lines) in a V-groove of planes at
                 25-60 degrees, the groove sometimes sloped, the object at rest, pushed or
                 moving along the groove, spun, or thrown off one plane. Variants: box,
                 cylinder.
     fingers     size = points per fingertip (1..100; nc = 2 size): a box squeezed between two
                 opposed fingertip patches under gravity. Variants: massive (fingers are
                 bodies of 1e-3 to 10 box masses on prismatic joints to a fixed palm, 5
                 bilateral rows each, pressed with 1-100 box weights), kinematic
                 (infinite mass fingers moving together, no approach: the squeeze is not
                 determined), soft (kinematic fingers closing, compliant pads: R = 1 /
                 (k dt^2) on every row, k = 10^U(3,5) N/m; rigid closing fingers would have no
                 solution).
     wall        size = bricks (1..300): a mortarless brick wall in running bond (half
                 bricks at the ends of odd rows), 4 corner contacts per overlap with the row
                 below or the ground, millimetre gaps between neighbours in a row.
     coincident  size = contact sites (1..100): each site reported 2 or 3 times with points
                 and normals perturbed by eps = 10^U(-9,-6) relative (a collision detector's
                 duplicates): near rank-deficient G. Variants: ground (a box on the ground),
                 stack (a box on a box that rests on the ground by 4 corners).
     illcond     size as the base: a generated rank-deficient G of a base family (variants
                 stack, wall, vgroove, coincident) and R = eps on every row, eps = lambda_max(G)
                 / 1e8 (power iteration in double): cond(G + R) = 1e8 + 1 when G is singular.
                 G stays J M^-1 J^T; eps is in fam_problem.eps.

   CONVENTIONS OF THIS FILE: public fam_snake_case, FAM_UPPER; private fam__; FAM_API on
   every public function (static under FAMILIES_STATIC). Allocation with malloc (bench code).
   Deterministic: its own xorshift64* generator, no rand(), no global state, every random
   draw in its own statement (argument evaluation order is unspecified) and no FMA
   contraction (pragmas around the implementation): the same (family, size, seed) gives
   bitwise the same arrays with gcc and clang, C and C++, -O0 to -O3 -march=native, given
   the same libm (sqrt, pow, sin, cos, tan, log). */
#ifndef FAMILIES_H_INCLUDED
#define FAMILIES_H_INCLUDED

#include "contact.h"

#if defined(__GNUC__) || defined(__clang__)
#define FAM__UNUSED __attribute__((unused))
#else
#define FAM__UNUSED
#endif
#ifdef FAMILIES_STATIC
#define FAM_API static FAM__UNUSED
#else
#define FAM_API extern
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define FAM_OK 0
#define FAM_ERROR_FAMILY (-1) /* unknown family or variant                          */
#define FAM_ERROR_SIZE (-2)   /* size outside the family's range (fam_size_range)   */
#define FAM_ERROR_MEMORY (-3) /* out of memory, or a mass matrix that is not SPD    */

#define FAM_DT 1e-2   /* time step (s) of every family */
#define FAM_MAX_NAME 32

/* A generated problem. Every array is owned (fam_free releases them); problem points into
   them. n = nb + nu + 3 nc rows in contact.h's order. */
typedef struct fam_problem {
    ct_problem problem;   /* nb, nu, nc, G, g, mu, R; soft = Gs = Gop = NULL               */
    int n;                /* rows                                                          */
    int nv;               /* degrees of freedom (columns of J)                             */
    int nbodies;          /* dynamic rigid bodies (the ground and kinematic bodies excluded) */
    int generalized;      /* 1: robot:gen, generalized coordinates; 0: maximal coordinates */
    int has_bias;         /* 1 when bias is not all zero                                   */
    ct_real *G;           /* (n x n) row-major J M^-1 J^T, exactly symmetric               */
    ct_real *g;           /* (n) J v_free + bias (m/s)                                     */
    ct_real *mu;          /* (nc) friction coefficients                                    */
    ct_real *R;           /* (n) compliance, or NULL                                       */
    ct_real *M;           /* (nv x nv) row-major SPD mass matrix                           */
    ct_real *J;           /* (n x nv) row-major constraint Jacobian                        */
    ct_real *v_free;      /* (nv) free velocity v0 + dt M^-1 f_ext                          */
    ct_real *bias;        /* (n) g - J v_free: kinematic bodies and Baumgarte terms        */
    double dt;            /* FAM_DT                                                        */
    double mass_ratio;    /* max / min mass over the dynamic bodies                        */
    double eps;           /* illcond: the R on every row; 0 otherwise                      */
    char family[FAM_MAX_NAME]; /* "name:variant" as generated                              */
    int size;
    unsigned long long seed;
    char desc[256];       /* one line: what the scene is                                   */
} fam_problem;

/* One (family, size) pair of the standard sweep and how many instances
   (fam_instance_seed(seed, k), k = 0 .. count - 1) of it the benchmarks run. */
typedef struct fam_sweep_entry {
    const char *family;
    int size;
    int count;
} fam_sweep_entry;

/* The families: f = 0 .. fam_count() - 1; their variants v = 0 .. fam_variant_count(f) - 1
   (at least 1; a family without variants has one named ""). */
FAM_API int fam_count(void);
FAM_API const char *fam_name(int f);
FAM_API int fam_variant_count(int f);
FAM_API const char *fam_variant_name(int f, int v);
/* Sizes the family accepts and what a size counts. */
FAM_API void fam_size_range(int f, int *min_size, int *max_size);
FAM_API const char *fam_size_meaning(int f);
FAM_API const char *fam_error_string(int code);

/* Builds one problem. family: "name" or "name:variant"; seed: any value (the RNG state also
   mixes in the family name and the size). Returns FAM_OK or a FAM_ERROR_*; on error *out
   holds no memory (fam_free is harmless). */
FAM_API int fam_generate(const char *family, int size, unsigned long long seed, fam_problem *out);
FAM_API void fam_free(fam_problem *p);

/* The seed of instance k of a run with seed s: s itself for k = 0, a mix of (s, k) otherwise
   (consecutive run seeds do not share instances). */
FAM_API unsigned long long fam_instance_seed(unsigned long long seed, int k);

/* The standard sweep, the same set of (family:variant, size, count) for every benchmark:
   *entries points to a static table; returns its length. */
FAM_API int fam_sweep(const fam_sweep_entry **entries);

#ifdef __cplusplus
}
#endif
#endif /* FAMILIES_H_INCLUDED */

/* ========================================================================================= */
#ifdef FAMILIES_IMPLEMENTATION
#ifndef FAMILIES_IMPLEMENTATION_ONCE
#define FAMILIES_IMPLEMENTATION_ONCE

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No FMA contraction in this implementation, whatever the build flags (gnu modes and
   -march=native contract a * b + c by default): the same seed gives the same bits with every
   compiler and optimization level. Restored at the end of the implementation. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

#define FAM__GRAV 9.81
#define FAM__PI 3.14159265358979323846
#define FAM__BETA 0.2 /* Baumgarte factor of the bias instances */

/* >>rng: xorshift64* seeded through splitmix64's finalizer ---------------------------------- */
typedef struct fam__rng {
    unsigned long long s;
} fam__rng;

static unsigned long long fam__mix(unsigned long long z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static unsigned long long fam__next(fam__rng *r) {
    unsigned long long x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Dull;
}
/* uniform in [0, 1) */
static double fam__u01(fam__rng *r) { return (double)(fam__next(r) >> 11) * (1.0 / 9007199254740992.0); }
static double fam__uni(fam__rng *r, double a, double b) { return a + (b - a) * fam__u01(r); }
/* log-uniform in [a, b), a, b > 0 */
static double fam__logu(fam__rng *r, double a, double b) { return a * pow(b / a, fam__u01(r)); }
/* uniform integer in [lo, hi] */
static int fam__int(fam__rng *r, int lo, int hi) {
    return lo + (int)(fam__next(r) % (unsigned long long)(hi - lo + 1));
}
static double fam__gauss(fam__rng *r) {
    double u = fam__u01(r), w = fam__u01(r);
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(2.0 * FAM__PI * w);
}
/* Several draws in one expression or argument list are unsequenced in C (gcc and clang
   order them differently): every multi-draw goes through these, one draw per statement. */
/* o = (U(lo0, hi0), U(lo1, hi1), U(lo2, hi2)), drawn in that order */
static void fam__uni3(fam__rng *r, double o[3], double lo0, double hi0, double lo1, double hi1, double lo2,
                      double hi2) {
    o[0] = fam__uni(r, lo0, hi0);
    o[1] = fam__uni(r, lo1, hi1);
    o[2] = fam__uni(r, lo2, hi2);
}
/* o = s (N(0,1), N(0,1), N(0,1)), drawn in order */
static void fam__gauss3(fam__rng *r, double o[3], double s) {
    o[0] = s * fam__gauss(r);
    o[1] = s * fam__gauss(r);
    o[2] = s * fam__gauss(r);
}
/* -1 or 1 */
static double fam__sign(fam__rng *r) { return fam__u01(r) < 0.5 ? -1.0 : 1.0; }

/* >>vec3: small fixed-size helpers (o never aliases an input unless said) ------------------- */
static void fam__set3(double o[3], double x, double y, double z) { o[0] = x; o[1] = y; o[2] = z; }
static double fam__dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static double fam__norm3(const double a[3]) { return sqrt(fam__dot3(a, a)); }
/* o = a + s b (o may alias a or b) */
static void fam__axpy3(double o[3], const double a[3], double s, const double b[3]) {
    o[0] = a[0] + s * b[0]; o[1] = a[1] + s * b[1]; o[2] = a[2] + s * b[2];
}
static void fam__cross3(double o[3], const double a[3], const double b[3]) {
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}
static void fam__normalize3(double a[3]) {
    double s = fam__norm3(a);
    if (s > 0) { a[0] /= s; a[1] /= s; a[2] /= s; }
}
/* o = Q v (Q row-major 3x3; o may not alias v) */
static void fam__mv3(double o[3], const double Q[9], const double v[3]) {
    o[0] = Q[0] * v[0] + Q[1] * v[1] + Q[2] * v[2];
    o[1] = Q[3] * v[0] + Q[4] * v[1] + Q[5] * v[2];
    o[2] = Q[6] * v[0] + Q[7] * v[1] + Q[8] * v[2];
}
/* C = A B (3x3) */
static void fam__mm3(double C[9], const double A[9], const double B[9]) {
    int i, j;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}
/* rotation by angle about the unit axis a (Rodrigues) */
static void fam__rot(double Q[9], const double a[3], double angle) {
    double c = cos(angle), s = sin(angle), t = 1 - c;
    Q[0] = c + t * a[0] * a[0];        Q[1] = t * a[0] * a[1] - s * a[2]; Q[2] = t * a[0] * a[2] + s * a[1];
    Q[3] = t * a[1] * a[0] + s * a[2]; Q[4] = c + t * a[1] * a[1];        Q[5] = t * a[1] * a[2] - s * a[0];
    Q[6] = t * a[2] * a[0] - s * a[1]; Q[7] = t * a[2] * a[1] + s * a[0]; Q[8] = c + t * a[2] * a[2];
}
static void fam__rand_unit(fam__rng *r, double o[3]) {
    do fam__gauss3(r, o, 1.0);
    while (fam__norm3(o) < 1e-6);
    fam__normalize3(o);
}
/* a unit vector orthogonal to the unit n */
static void fam__perp(const double n[3], double o[3]) {
    double e[3] = {0, 0, 0};
    int k = fabs(n[0]) <= fabs(n[1]) ? (fabs(n[0]) <= fabs(n[2]) ? 0 : 2) : (fabs(n[1]) <= fabs(n[2]) ? 1 : 2);
    e[k] = 1;
    fam__cross3(o, n, e);
    fam__normalize3(o);
}
/* (t1, t2, n) orthonormal, right-handed (t1 x t2 = n), t1 at angle th about n */
static void fam__tangents(const double n[3], double th, double t1[3], double t2[3]) {
    double u[3], w[3];
    fam__perp(n, u);
    fam__cross3(w, n, u);
    fam__set3(t1, cos(th) * u[0] + sin(th) * w[0], cos(th) * u[1] + sin(th) * w[1], cos(th) * u[2] + sin(th) * w[2]);
    fam__normalize3(t1);
    fam__cross3(t2, n, t1);
}
/* a unit vector tilted from n by angle ang about a random axis orthogonal to n */
static void fam__tilt(fam__rng *r, const double n[3], double ang, double o[3]) {
    double t1[3], t2[3], Q[9];
    fam__tangents(n, fam__uni(r, 0, 2 * FAM__PI), t1, t2);
    fam__rot(Q, t1, ang);
    fam__mv3(o, Q, n);
    fam__normalize3(o);
}
/* the rotation whose columns are e1 (unit) and two unit vectors orthogonal to it */
static void fam__frame_of(const double e1[3], double Q[9]) {
    double e2[3], e3[3];
    fam__perp(e1, e2);
    fam__cross3(e3, e1, e2);
    Q[0] = e1[0]; Q[1] = e2[0]; Q[2] = e3[0];
    Q[3] = e1[1]; Q[4] = e2[1]; Q[5] = e3[1];
    Q[6] = e1[2]; Q[7] = e2[2]; Q[8] = e3[2];
}
/* principal inertia of a solid box (lx, ly, lz) of mass m */
static void fam__box_inertia(double m, double lx, double ly, double lz, double I[3]) {
    I[0] = m * (ly * ly + lz * lz) / 12;
    I[1] = m * (lx * lx + lz * lz) / 12;
    I[2] = m * (lx * lx + ly * ly) / 12;
}
/* point k of a patch of p points in [-1, 1]^2: 1 centre, 2 a segment, 3 a triangle, 4 a
   square, more: a row-major grid of ceil(sqrt(p)) columns */
static void fam__patch(int k, int p, double *u, double *v) {
    int gc;
    if (p == 1) { *u = 0; *v = 0; return; }
    if (p == 2) { *u = k ? 1 : -1; *v = 0; return; }
    if (p == 3) {
        double a = FAM__PI / 2 + 2 * FAM__PI * k / 3;
        *u = cos(a); *v = sin(a);
        return;
    }
    if (p == 4) { *u = (k & 1) ? 1 : -1; *v = (k & 2) ? 1 : -1; return; }
    gc = (int)ceil(sqrt((double)p) - 1e-9);
    *u = -1 + 2.0 * (k % gc) / (gc - 1);
    *v = -1 + 2.0 * (k / gc) / (gc - 1);
}

/* >>scene: bodies, rows, forces under construction ---------------------------------------- */
#define FAM__BILATERAL 0
#define FAM__UNILATERAL 1
#define FAM__CONTACT 2

typedef struct fam__body {
    double m;        /* mass (kg); 0 for a kinematic body                                     */
    double I[9];     /* world-frame inertia about the centre of mass (kg m^2)                 */
    double x[3];     /* centre of mass (m)                                                     */
    int kin;         /* 1: kinematic, infinite mass, prescribed twist (vk, wk)                */
    double vk[3], wk[3];
} fam__body;

typedef struct fam__scene {
    fam__rng rng;
    int nv;
    int nbody, cap_body;
    fam__body *body;
    double *bj;      /* cap_body x 6 x nv: the twist (v, w) of body b is bj_b qdot           */
    double *v0, *fext, *delta; /* nv each; delta (Baumgarte configuration error) may be NULL */
    int rows, cap_rows;
    double *J, *bias, *mu;     /* rows x nv, rows, rows (mu on a contact's first row)        */
    int *type, *sub;           /* per row: FAM__*, and the row's index in its contact (0..2)  */
    double *R;                 /* rows, or NULL                                             */
    int illcond;               /* finish: R = lambda_max / 1e8 on every row                 */
    int generalized, oom;
    char desc[256];
} fam__scene;

static void *fam__calloc(size_t n, size_t sz) { return calloc(n ? n : 1, sz); }

static int fam__scene_init(fam__scene *S, int nv, int cap_body) {
    S->nv = nv;
    S->cap_body = cap_body > 0 ? cap_body : 1;
    S->body = (fam__body *)fam__calloc((size_t)S->cap_body, sizeof(fam__body));
    S->bj = (double *)fam__calloc((size_t)S->cap_body * 6 * (size_t)nv, sizeof(double));
    S->v0 = (double *)fam__calloc((size_t)nv, sizeof(double));
    S->fext = (double *)fam__calloc((size_t)nv, sizeof(double));
    if (!S->body || !S->bj || !S->v0 || !S->fext) S->oom = 1;
    return !S->oom;
}

static void fam__scene_free(fam__scene *S) {
    free(S->body); free(S->bj); free(S->v0); free(S->fext); free(S->delta);
    free(S->J); free(S->bias); free(S->mu); free(S->type); free(S->sub); free(S->R);
}

/* count new rows of one type, zeroed; returns the first, or -1 (out of memory) */
static int fam__new_rows(fam__scene *S, int count, int type) {
    int i, first = S->rows;
    if (S->oom) return -1;
    if (S->rows + count > S->cap_rows) {
        int cap = 2 * S->cap_rows + count + 16;
        double *J = (double *)realloc(S->J, sizeof(double) * (size_t)cap * (size_t)S->nv);
        double *b = J ? (double *)realloc(S->bias, sizeof(double) * (size_t)cap) : NULL;
        double *m = b ? (double *)realloc(S->mu, sizeof(double) * (size_t)cap) : NULL;
        int *t = m ? (int *)realloc(S->type, sizeof(int) * (size_t)cap) : NULL;
        int *s = t ? (int *)realloc(S->sub, sizeof(int) * (size_t)cap) : NULL;
        if (J) S->J = J;
        if (b) S->bias = b;
        if (m) S->mu = m;
        if (t) S->type = t;
        if (s) S->sub = s;
        if (!s) {
            S->oom = 1;
            return -1;
        }
        S->cap_rows = cap;
    }
    memset(S->J + (size_t)first * S->nv, 0, sizeof(double) * (size_t)count * (size_t)S->nv);
    for (i = first; i < first + count; ++i) {
        S->bias[i] = 0;
        S->mu[i] = 0;
        S->type[i] = type;
        S->sub[i] = i - first;
    }
    S->rows += count;
    return first;
}

static double *fam__bj(fam__scene *S, int b) { return S->bj + (size_t)b * 6 * (size_t)S->nv; }

/* a new body (zero Jacobian); -1 when full */
static int fam__body_new(fam__scene *S, double m, const double Iw[9], const double x[3]) {
    fam__body *B;
    if (S->nbody >= S->cap_body) {
        S->oom = 1;
        return -1;
    }
    B = &S->body[S->nbody];
    memset(B, 0, sizeof(*B));
    B->m = m;
    if (Iw) memcpy(B->I, Iw, sizeof(B->I));
    memcpy(B->x, x, sizeof(B->x));
    return S->nbody++;
}

/* world inertia Q diag(I) Q^T */
static void fam__world_inertia(const double Q[9], const double I[3], double Iw[9]) {
    int i, j, k;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) {
            double s = 0;
            for (k = 0; k < 3; ++k) s += Q[3 * i + k] * I[k] * Q[3 * j + k];
            Iw[3 * i + j] = s;
        }
    for (i = 0; i < 3; ++i) /* exact symmetry */
        for (j = 0; j < i; ++j) Iw[3 * i + j] = Iw[3 * j + i];
}

/* a free body owning DOFs dof .. dof + 5 (maximal coordinates) */
static int fam__free_body(fam__scene *S, int dof, double m, const double I[3], const double Q[9],
                          const double x[3]) {
    double Iw[9];
    int b, k;
    fam__world_inertia(Q, I, Iw);
    b = fam__body_new(S, m, Iw, x);
    if (b < 0) return -1;
    for (k = 0; k < 6; ++k) fam__bj(S, b)[(size_t)k * S->nv + dof + k] = 1;
    return b;
}

static int fam__kinematic_body(fam__scene *S, const double x[3], const double vk[3], const double wk[3]) {
    int b = fam__body_new(S, 0, NULL, x);
    if (b < 0) return -1;
    S->body[b].kin = 1;
    memcpy(S->body[b].vk, vk, sizeof(double) * 3);
    memcpy(S->body[b].wk, wk, sizeof(double) * 3);
    return b;
}

/* row += s d^T v_b(p) (body -1 = the ground: nothing; a kinematic body goes to the bias) */
static void fam__add_point(fam__scene *S, int row, int b, double s, const double p[3], const double d[3]) {
    const fam__body *B;
    double r[3], rd[3];
    int k;
    if (b < 0 || row < 0) return;
    B = &S->body[b];
    fam__axpy3(r, p, -1, B->x);
    fam__cross3(rd, r, d); /* d . (w x r) = w . (r x d) */
    if (B->kin) {
        S->bias[row] += s * (fam__dot3(d, B->vk) + fam__dot3(rd, B->wk));
    } else {
        const double *Jb = fam__bj(S, b);
        double *row_ = S->J + (size_t)row * S->nv;
        int nv = S->nv;
        for (k = 0; k < nv; ++k)
            row_[k] += s * (d[0] * Jb[k] + d[1] * Jb[nv + k] + d[2] * Jb[2 * nv + k] +
                            rd[0] * Jb[3 * nv + k] + rd[1] * Jb[4 * nv + k] + rd[2] * Jb[5 * nv + k]);
    }
}

/* row += s e^T w_b */
static void fam__add_angular(fam__scene *S, int row, int b, double s, const double e[3]) {
    const fam__body *B;
    int k;
    if (b < 0 || row < 0) return;
    B = &S->body[b];
    if (B->kin) {
        S->bias[row] += s * fam__dot3(e, B->wk);
    } else {
        const double *Jb = fam__bj(S, b);
        double *row_ = S->J + (size_t)row * S->nv;
        int nv = S->nv;
        for (k = 0; k < nv; ++k)
            row_[k] += s * (e[0] * Jb[3 * nv + k] + e[1] * Jb[4 * nv + k] + e[2] * Jb[5 * nv + k]);
    }
}

static double fam__mu(fam__scene *S) { return fam__uni(&S->rng, 0.1, 1.0); }

/* a contact at p with normal n pointing from b into a (a: the body the impulse acts on) */
static void fam__contact(fam__scene *S, int a, int b, const double p[3], const double n[3], double mu) {
    double t1[3], t2[3], nn[3];
    const double *d[3];
    int row, k;
    memcpy(nn, n, sizeof(nn));
    fam__normalize3(nn);
    fam__tangents(nn, fam__uni(&S->rng, 0, 2 * FAM__PI), t1, t2);
    row = fam__new_rows(S, 3, FAM__CONTACT);
    if (row < 0) return;
    d[0] = t1; d[1] = t2; d[2] = nn;
    for (k = 0; k < 3; ++k) {
        fam__add_point(S, row + k, a, 1, p, d[k]);
        fam__add_point(S, row + k, b, -1, p, d[k]);
    }
    S->mu[row] = mu;
}

/* a revolute joint between parent and child at p about the unit axis: 5 bilateral rows */
static void fam__revolute(fam__scene *S, int parent, int child, const double p[3], const double axis[3]) {
    double u[3], w[3];
    const double *d[3];
    int row = fam__new_rows(S, 5, FAM__BILATERAL), k;
    if (row < 0) return;
    fam__perp(axis, u);
    fam__cross3(w, axis, u);
    d[0] = u; d[1] = w; d[2] = axis;
    for (k = 0; k < 3; ++k) {
        fam__add_point(S, row + k, child, 1, p, d[k]);
        fam__add_point(S, row + k, parent, -1, p, d[k]);
    }
    fam__add_angular(S, row + 3, child, 1, u);
    fam__add_angular(S, row + 3, parent, -1, u);
    fam__add_angular(S, row + 4, child, 1, w);
    fam__add_angular(S, row + 4, parent, -1, w);
}

/* a joint limit: s axis^T (w_child - w_parent) >= 0 */
static void fam__limit(fam__scene *S, int parent, int child, const double axis[3], double s) {
    int row = fam__new_rows(S, 1, FAM__UNILATERAL);
    fam__add_angular(S, row, child, s, axis);
    fam__add_angular(S, row, parent, -s, axis);
}

/* f_ext += Jb^T (f, (p - x) x f): a force f at p on body b (dynamic) */
static void fam__force(fam__scene *S, int b, const double f[3], const double p[3]) {
    const double *Jb;
    double r[3], t[3];
    int k, nv = S->nv;
    if (b < 0 || S->body[b].kin) return;
    Jb = fam__bj(S, b);
    fam__axpy3(r, p, -1, S->body[b].x);
    fam__cross3(t, r, f);
    for (k = 0; k < nv; ++k)
        S->fext[k] += f[0] * Jb[k] + f[1] * Jb[nv + k] + f[2] * Jb[2 * nv + k] + t[0] * Jb[3 * nv + k] +
                      t[1] * Jb[4 * nv + k] + t[2] * Jb[5 * nv + k];
}

static void fam__gravity(fam__scene *S) {
    int b;
    for (b = 0; b < S->nbody; ++b) {
        double f[3];
        if (S->body[b].kin) continue;
        fam__set3(f, 0, 0, -S->body[b].m * FAM__GRAV);
        fam__force(S, b, f, S->body[b].x);
    }
}

/* v0 of a free body's DOFs */
static void fam__set_v0(fam__scene *S, int dof, const double v[3], const double w[3]) {
    int k;
    for (k = 0; k < 3; ++k) {
        S->v0[dof + k] = v[k];
        S->v0[dof + 3 + k] = w[k];
    }
}

/* the Baumgarte instances: delta = a random rigid configuration error, trans (m) on
   translational DOFs and rot (rad) on rotational ones (rot_mask[k] = 1) */
static void fam__baumgarte(fam__scene *S, const int *rot_mask, double trans, double rot) {
    int k;
    S->delta = (double *)fam__calloc((size_t)S->nv, sizeof(double));
    if (!S->delta) {
        S->oom = 1;
        return;
    }
    for (k = 0; k < S->nv; ++k) S->delta[k] = (rot_mask[k] ? rot : trans) * fam__gauss(&S->rng);
}
/* rot_mask of maximal coordinates: DOFs 3..5 of each 6 */
static void fam__baumgarte_maximal(fam__scene *S, double trans, double rot) {
    int *mask = (int *)fam__calloc((size_t)S->nv, sizeof(int)), k;
    if (!mask) {
        S->oom = 1;
        return;
    }
    for (k = 0; k < S->nv; ++k) mask[k] = (k % 6) >= 3;
    fam__baumgarte(S, mask, trans, rot);
    free(mask);
}

/* push pattern of an instance: 0 at rest, 1 a sliding push, 2 an opening push */
static int fam__pattern(fam__rng *r) { return fam__int(r, 0, 2); }

/* >>linalg: profile Cholesky of M, G = J M^-1 J^T ----------------------------------------- */
/* In-place lower Cholesky of the SPD n x n row-major a; first[i] = first nonzero column of
   row i (the factor keeps that profile). 0 on success. */
static int fam__cholesky(double *a, int n, const int *first) {
    int i, j, k;
    for (i = 0; i < n; ++i)
        for (j = first[i]; j <= i; ++j) {
            double s = a[(size_t)i * n + j];
            int k0 = first[i] > first[j] ? first[i] : first[j];
            for (k = k0; k < j; ++k) s -= a[(size_t)i * n + k] * a[(size_t)j * n + k];
            if (i == j) {
                if (!(s > 0)) return -1;
                a[(size_t)i * n + i] = sqrt(s);
            } else {
                a[(size_t)i * n + j] = s / a[(size_t)j * n + j];
            }
        }
    return 0;
}
/* x <- L^-1 x */
static void fam__forward(const double *L, int n, const int *first, double *x) {
    int j, k, j0 = 0;
    while (j0 < n && x[j0] == 0) ++j0;
    for (j = j0; j < n; ++j) {
        double s = x[j];
        int k0 = first[j] > j0 ? first[j] : j0;
        for (k = k0; k < j; ++k) s -= L[(size_t)j * n + k] * x[k];
        x[j] = s / L[(size_t)j * n + j];
    }
}
/* x <- L^-T x */
static void fam__backward(const double *L, int n, const int *first, double *x) {
    int j, k;
    for (j = n - 1; j >= 0; --j) {
        double s = x[j];
        for (k = j + 1; k < n; ++k)
            if (first[k] <= j) s -= L[(size_t)k * n + j] * x[k];
        x[j] = s / L[(size_t)j * n + j];
    }
}

/* largest eigenvalue of the symmetric PSD n x n G (power iteration from a fixed start) */
static double fam__lambda_max(const double *G, int n) {
    double *x = (double *)fam__calloc((size_t)n, sizeof(double));
    double *y = (double *)fam__calloc((size_t)n, sizeof(double));
    double lam = 0, prev = -1;
    int it, i, j;
    if (!x || !y) {
        free(x);
        free(y);
        return -1;
    }
    for (i = 0; i < n; ++i) x[i] = 1.0 + 0.01 * (i % 7);
    for (it = 0; it < 5000; ++it) {
        double nx = 0, ny = 0, xy = 0;
        for (i = 0; i < n; ++i) nx += x[i] * x[i];
        nx = sqrt(nx);
        for (i = 0; i < n; ++i) x[i] /= nx;
        for (i = 0; i < n; ++i) {
            double s = 0;
            for (j = 0; j < n; ++j) s += G[(size_t)i * n + j] * x[j];
            y[i] = s;
        }
        for (i = 0; i < n; ++i) {
            xy += x[i] * y[i];
            ny += y[i] * y[i];
        }
        lam = xy;
        memcpy(x, y, sizeof(double) * (size_t)n);
        if (ny == 0) break;
        if (it > 10 && fabs(lam - prev) <= 1e-13 * lam) break;
        prev = lam;
    }
    free(x);
    free(y);
    return lam;
}

/* >>finish: the scene to a fam_problem ---------------------------------------------------- */
static int fam__finish(fam__scene *S, fam_problem *out) {
    int n = S->rows, nv = S->nv, nb = 0, nu = 0, nc = 0, i, j, k, b, q, rc = FAM_ERROR_MEMORY;
    int *perm = NULL, *first = NULL, *cnt = NULL, *ptr = NULL, *lst = NULL;
    double *M = NULL, *L = NULL, *vf = NULL, *Jo = NULL, *bo = NULL, *Bm = NULL, *Gd = NULL;
    double *go = NULL, *Ro = NULL, *mu = NULL, mmin = 0, mmax = 0;
    size_t nn = (size_t)n * (size_t)n;
    if (S->oom) return FAM_ERROR_MEMORY;
    for (i = 0; i < n; ++i) {
        nb += S->type[i] == FAM__BILATERAL;
        nu += S->type[i] == FAM__UNILATERAL;
        nc += S->type[i] == FAM__CONTACT && S->sub[i] == 0;
    }
    perm = (int *)fam__calloc((size_t)n, sizeof(int));
    first = (int *)fam__calloc((size_t)nv, sizeof(int));
    cnt = (int *)fam__calloc((size_t)nv + 1, sizeof(int));
    ptr = (int *)fam__calloc((size_t)nv + 1, sizeof(int));
    M = (double *)fam__calloc((size_t)nv * nv, sizeof(double));
    L = (double *)fam__calloc((size_t)nv * nv, sizeof(double));
    vf = (double *)fam__calloc((size_t)nv, sizeof(double));
    Jo = (double *)fam__calloc((size_t)n * nv, sizeof(double));
    bo = (double *)fam__calloc((size_t)n, sizeof(double));
    Bm = (double *)fam__calloc((size_t)n * nv, sizeof(double));
    Gd = (double *)fam__calloc(nn, sizeof(double));
    go = (double *)fam__calloc((size_t)n, sizeof(double));
    mu = (double *)fam__calloc((size_t)nc, sizeof(double));
    if (!perm || !first || !cnt || !ptr || !M || !L || !vf || !Jo || !bo || !Bm || !Gd || !go || !mu)
        goto done;
    /* rows in contact.h's order */
    q = 0;
    for (k = 0; k < 3; ++k)
        for (i = 0; i < n; ++i)
            if (S->type[i] == k) perm[q++] = i;
    /* mu = 0 on a few contacts of a quarter of the problems */
    for (i = 0, q = 0; i < n; ++i)
        if (S->type[perm[i]] == FAM__CONTACT && S->sub[perm[i]] == 0) mu[q++] = S->mu[perm[i]];
    if (nc > 0 && fam__u01(&S->rng) < 0.25) {
        int z = 1 + nc / 20;
        for (k = 0; k < z; ++k) mu[fam__int(&S->rng, 0, nc - 1)] = 0;
    }
    /* Baumgarte: bias += beta/dt J_r delta on joint, limit and normal rows */
    if (S->delta)
        for (i = 0; i < n; ++i)
            if (S->type[i] != FAM__CONTACT || S->sub[i] == 2) {
                double s = 0;
                for (k = 0; k < nv; ++k) s += S->J[(size_t)i * nv + k] * S->delta[k];
                S->bias[i] += FAM__BETA / FAM_DT * s;
            }
    for (i = 0; i < n; ++i) {
        memcpy(Jo + (size_t)i * nv, S->J + (size_t)perm[i] * nv, sizeof(double) * (size_t)nv);
        bo[i] = S->bias[perm[i]];
    }
    /* M = sum_b Jb^T diag(m, m, m, I) Jb over the nonzero columns of Jb */
    lst = (int *)fam__calloc((size_t)nv, sizeof(int));
    if (!lst) goto done;
    for (b = 0; b < S->nbody; ++b) {
        const fam__body *B = &S->body[b];
        const double *Jb = fam__bj(S, b);
        int nz = 0, a, c;
        double Mb[36];
        if (B->kin) continue;
        if (mmax == 0 || B->m > mmax) mmax = B->m;
        if (mmin == 0 || B->m < mmin) mmin = B->m;
        memset(Mb, 0, sizeof(Mb));
        for (k = 0; k < 3; ++k) Mb[7 * k] = B->m;
        for (i = 0; i < 3; ++i)
            for (j = 0; j < 3; ++j) Mb[(3 + i) * 6 + 3 + j] = B->I[3 * i + j];
        for (k = 0; k < nv; ++k) {
            int any = 0;
            for (i = 0; i < 6; ++i) any |= Jb[(size_t)i * nv + k] != 0;
            if (any) lst[nz++] = k;
        }
        for (a = 0; a < nz; ++a)
            for (c = 0; c < nz; ++c) {
                double s = 0;
                for (i = 0; i < 6; ++i) {
                    double t = 0;
                    for (j = 0; j < 6; ++j) t += Mb[i * 6 + j] * Jb[(size_t)j * nv + lst[c]];
                    s += Jb[(size_t)i * nv + lst[a]] * t;
                }
                M[(size_t)lst[a] * nv + lst[c]] += s;
            }
    }
    for (i = 0; i < nv; ++i) /* exact symmetry */
        for (j = 0; j < i; ++j) M[(size_t)j * nv + i] = M[(size_t)i * nv + j];
    for (i = 0; i < nv; ++i) {
        first[i] = i;
        for (j = 0; j < i; ++j)
            if (M[(size_t)i * nv + j] != 0) {
                first[i] = j;
                break;
            }
    }
    memcpy(L, M, sizeof(double) * (size_t)nv * nv);
    if (fam__cholesky(L, nv, first) != 0) goto done;
    /* v_free = v0 + dt M^-1 f_ext */
    memcpy(vf, S->fext, sizeof(double) * (size_t)nv);
    fam__forward(L, nv, first, vf);
    fam__backward(L, nv, first, vf);
    for (k = 0; k < nv; ++k) vf[k] = S->v0[k] + FAM_DT * vf[k];
    /* g = J v_free + bias */
    for (i = 0; i < n; ++i) {
        double s = 0;
        for (k = 0; k < nv; ++k) s += Jo[(size_t)i * nv + k] * vf[k];
        go[i] = s + bo[i];
    }
    /* B = J L^-T (row i: L^-1 J_i^T); G = B B^T over each column's nonzero rows */
    memcpy(Bm, Jo, sizeof(double) * (size_t)n * nv);
    for (i = 0; i < n; ++i) fam__forward(L, nv, first, Bm + (size_t)i * nv);
    for (i = 0; i < n; ++i)
        for (k = 0; k < nv; ++k) cnt[k] += Bm[(size_t)i * nv + k] != 0;
    for (k = 0; k < nv; ++k) ptr[k + 1] = ptr[k] + cnt[k];
    free(lst);
    lst = (int *)fam__calloc((size_t)ptr[nv], sizeof(int));
    if (!lst) goto done;
    memset(cnt, 0, sizeof(int) * (size_t)nv);
    for (i = 0; i < n; ++i)
        for (k = 0; k < nv; ++k)
            if (Bm[(size_t)i * nv + k] != 0) lst[ptr[k] + cnt[k]++] = i;
    for (k = 0; k < nv; ++k)
        for (i = ptr[k]; i < ptr[k + 1]; ++i) {
            int ri = lst[i];
            double bi = Bm[(size_t)ri * nv + k];
            for (j = i; j < ptr[k + 1]; ++j) {
                int rj = lst[j];
                Gd[(size_t)ri * n + rj] += bi * Bm[(size_t)rj * nv + k];
            }
        }
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j) Gd[(size_t)i * n + j] = Gd[(size_t)j * n + i];
    /* R */
    if (S->illcond) {
        double lam = fam__lambda_max(Gd, n);
        if (lam < 0) goto done;
        out->eps = lam / 1e8;
        Ro = (double *)fam__calloc((size_t)n, sizeof(double));
        if (!Ro) goto done;
        for (i = 0; i < n; ++i) Ro[i] = out->eps;
    } else if (S->R) {
        Ro = (double *)fam__calloc((size_t)n, sizeof(double));
        if (!Ro) goto done;
        for (i = 0; i < n; ++i) Ro[i] = S->R[perm[i]];
    }
    /* to ct_real */
    out->G = (ct_real *)fam__calloc(nn, sizeof(ct_real));
    out->g = (ct_real *)fam__calloc((size_t)n, sizeof(ct_real));
    out->mu = (ct_real *)fam__calloc((size_t)nc, sizeof(ct_real));
    out->M = (ct_real *)fam__calloc((size_t)nv * nv, sizeof(ct_real));
    out->J = (ct_real *)fam__calloc((size_t)n * nv, sizeof(ct_real));
    out->v_free = (ct_real *)fam__calloc((size_t)nv, sizeof(ct_real));
    out->bias = (ct_real *)fam__calloc((size_t)n, sizeof(ct_real));
    if (Ro) out->R = (ct_real *)fam__calloc((size_t)n, sizeof(ct_real));
    if (!out->G || !out->g || !out->mu || !out->M || !out->J || !out->v_free || !out->bias || (Ro && !out->R))
        goto done;
    for (i = 0; i < (int)nn; ++i) out->G[i] = (ct_real)Gd[i];
    for (i = 0; i < n; ++i) {
        out->g[i] = (ct_real)go[i];
        out->bias[i] = (ct_real)bo[i];
        out->has_bias |= bo[i] != 0;
        if (Ro) out->R[i] = (ct_real)Ro[i];
    }
    for (i = 0; i < nc; ++i) out->mu[i] = (ct_real)mu[i];
    for (i = 0; i < nv * nv; ++i) out->M[i] = (ct_real)M[i];
    for (i = 0; i < n * nv; ++i) out->J[i] = (ct_real)Jo[i];
    for (i = 0; i < nv; ++i) out->v_free[i] = (ct_real)vf[i];
    out->n = n;
    out->nv = nv;
    out->nbodies = 0;
    for (b = 0; b < S->nbody; ++b) out->nbodies += !S->body[b].kin;
    out->generalized = S->generalized;
    out->dt = FAM_DT;
    out->mass_ratio = mmin > 0 ? mmax / mmin : 1;
    memcpy(out->desc, S->desc, sizeof(out->desc));
    memset(&out->problem, 0, sizeof(out->problem));
    out->problem.nb = nb;
    out->problem.nu = nu;
    out->problem.nc = nc;
    out->problem.G = out->G;
    out->problem.g = out->g;
    out->problem.mu = out->mu;
    out->problem.R = out->R;
    rc = FAM_OK;
done:
    free(perm); free(first); free(cnt); free(ptr); free(lst); free(M); free(L); free(vf);
    free(Jo); free(bo); free(Bm); free(Gd); free(go); free(Ro); free(mu);
    return rc;
}

/* >>robot -------------------------------------------------------------------------------- */
#define FAM__LEG 0   /* foot on the ground                          */
#define FAM__KNEEL 1 /* knee and foot on the ground                 */
#define FAM__GRIP 2  /* hand pressed against the held box           */
#define FAM__HAND 3  /* front arm, hand on the ground               */
#define FAM__FREE 4  /* arm in the air, no contact                  */

typedef struct fam__site {
    int limb, link; /* the link the site is on                                              */
    double p[3];    /* centre                                                               */
    double n[3];    /* normal: from the ground into the link, or from the hand into the box */
    double radius;  /* patch radius                                                         */
    int grip, pts;
} fam__site;

static void fam__lerp3(double o[3], const double a[3], const double b[3], double t) {
    int k;
    for (k = 0; k < 3; ++k) o[k] = a[k] + t * (b[k] - a[k]);
}

/* chain points P_i + bend sin(pi i / m) dir between P[0] and P[m] (P[m] set) */
static void fam__chain_points(double P[][3], int m, const double dir[3], double bend) {
    int i;
    for (i = 1; i < m; ++i) {
        fam__lerp3(P[i], P[0], P[m], (double)i / m);
        fam__axpy3(P[i], P[i], bend * sin(FAM__PI * i / m), dir);
    }
}

static void fam__robot(fam__scene *S, int variant, int size) {
    fam__rng *r = &S->rng;
    const int gen = variant == 0, limits = variant == 2;
    int L = fam__int(r, 2, 6), K[6], role[6], l, i, j, k, nleg = 0, q, grip, nsites = 0, kept;
    int NL = 0, NJ = 0, jofs[6], lofs[6], has_box, nv, pattern, base = 0, box = -1, bias_on;
    int link_body[6][4], pts_total;
    double P[6][5][3], ax[6][4][3], lm[6][4], lw[6][4], Q0[9], Qt[9], Qy[9], xb[3], bd[3], m0, Rt;
    double bx[3], C[3], elat[3], mbox = 0, up[3] = {0, 0, 1}, ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    double *chain = NULL, *qd = NULL, tmp[3], tmp2[3];
    fam__site site[12];
    static const char *role_name[5] = {"leg", "kneel", "grip", "hand", "free"};
    char lbuf[96];
    for (l = 0; l < L; ++l) K[l] = fam__int(r, 2, 4);
    grip = L >= 4 || (L == 3 && fam__u01(r) < 0.5);
    for (l = 0; l < L; ++l) {
        if (grip && l < 2) role[l] = FAM__GRIP;
        else role[l] = fam__u01(r) < 0.3 ? FAM__KNEEL : FAM__LEG;
    }
    if (grip && L >= 5) {
        double u = fam__u01(r);
        if (u < 0.5) role[L - 1] = FAM__HAND;
        else if (u < 0.75) role[L - 1] = FAM__FREE;
    } else if (!grip && L == 3 && fam__u01(r) < 0.3) {
        role[2] = FAM__FREE;
    }
    for (l = 0; l < L; ++l) nleg += role[l] == FAM__LEG || role[l] == FAM__KNEEL;
    /* the base: a box, tilted and yawed, at height H */
    fam__uni3(r, bd, 0.3, 0.7, 0.2, 0.45, 0.08, 0.2);
    m0 = fam__uni(r, 300, 1200) * bd[0] * bd[1] * bd[2];
    fam__rand_unit(r, tmp);
    tmp[2] = 0;
    fam__normalize3(tmp);
    fam__rot(Qt, tmp, fam__uni(r, 0, 0.1));
    fam__rot(Qy, up, fam__uni(r, 0, 2 * FAM__PI));
    fam__mm3(Q0, Qt, Qy);
    fam__set3(xb, 0, 0, fam__uni(r, 0.25, 0.6));
    Rt = pow(10.0, fam__uni(r, 2, 4));
    /* the held box in front of the base, gripped across its local y */
    fam__uni3(r, bx, 0.06, 0.2, 0.06, 0.2, 0.06, 0.2);
    fam__uni3(r, tmp, 0.08, 0.25, 0, 0, 0, 0.15);
    tmp[0] += bd[0] / 2 + bx[0] / 2;
    tmp[2] += bd[2] / 2;
    fam__mv3(tmp2, Q0, tmp);
    fam__axpy3(C, xb, 1, tmp2);
    fam__mv3(elat, Q0, ey);
    /* limb geometry: joint points P[l][0..K] (P[l][0] on the base), sites */
    q = 0;
    for (l = 0; l < L; ++l) {
        double loc[3], o[3], T[3], bend[3], side = (l == 0) ? 1 : -1, phi, pitch[3];
        int m = K[l];
        if (role[l] == FAM__GRIP) {
            fam__set3(loc, 0.45 * bd[0], side * 0.35 * bd[1], bd[2] / 2);
            fam__axpy3(T, C, side * bx[1] / 2, elat);
            fam__mv3(o, Q0, ey);
            o[0] *= side; o[1] *= side; o[2] *= side;
            fam__axpy3(bend, up, 0.5, o);
        } else if (role[l] == FAM__FREE) {
            fam__set3(loc, -0.3 * bd[0], 0, bd[2] / 2);
            fam__mv3(o, Q0, ex);
            o[0] = -o[0]; o[1] = -o[1]; o[2] = 0;
            fam__normalize3(o);
            fam__set3(bend, 0, 0, 1);
        } else if (role[l] == FAM__HAND) {
            fam__set3(loc, 0.45 * bd[0], 0, 0);
            fam__mv3(o, Q0, ex);
            o[2] = 0;
            fam__normalize3(o);
            fam__set3(bend, o[0], o[1], 1);
        } else {
            phi = FAM__PI / 2 + 2 * FAM__PI * q / (nleg > 0 ? nleg : 1) + fam__uni(r, -0.2, 0.2);
            ++q;
            fam__set3(loc, 0.45 * bd[0] * cos(phi), 0.45 * bd[1] * sin(phi), -bd[2] / 2);
            fam__set3(tmp, cos(phi), sin(phi), 0);
            fam__mv3(o, Q0, tmp);
            o[2] = 0;
            fam__normalize3(o);
            fam__set3(bend, o[0], o[1], 1);
        }
        fam__normalize3(bend);
        fam__mv3(tmp, Q0, loc);
        fam__axpy3(P[l][0], xb, 1, tmp);
        if (role[l] == FAM__GRIP) {
            memcpy(P[l][m], T, sizeof(T));
            fam__chain_points(P[l], m, bend, fam__uni(r, 0.03, 0.1));
        } else if (role[l] == FAM__FREE) {
            fam__axpy3(P[l][m], P[l][0], fam__uni(r, 0.15, 0.35), o);
            P[l][m][2] += fam__uni(r, -0.1, 0.2);
            fam__chain_points(P[l], m, bend, fam__uni(r, 0.02, 0.08));
        } else if (role[l] == FAM__KNEEL) {
            double h[3];
            fam__axpy3(P[l][m - 1], P[l][0], fam__uni(r, 0.0, 0.15), o);
            P[l][m - 1][2] = fam__uni(r, -0.02, 0.02);
            fam__rand_unit(r, h);
            h[2] = 0;
            fam__normalize3(h);
            fam__axpy3(P[l][m], P[l][m - 1], fam__uni(r, 0.1, 0.3), h);
            P[l][m][2] = fam__uni(r, -0.02, 0.02);
            fam__chain_points(P[l], m - 1, bend, fam__uni(r, 0.03, 0.12));
        } else {
            fam__axpy3(P[l][m], P[l][0], fam__uni(r, 0.05, 0.3), o);
            P[l][m][2] = fam__uni(r, -0.02, 0.02);
            fam__chain_points(P[l], m, bend, fam__uni(r, 0.03, 0.15));
        }
        /* joint axes: abduction about the outward direction, then pitch and twist */
        fam__cross3(pitch, o, up);
        fam__normalize3(pitch);
        for (i = 0; i < m; ++i) {
            double d[3], xi[3];
            fam__axpy3(d, P[l][i + 1], -1, P[l][i]);
            fam__normalize3(d);
            if (i == 0) memcpy(ax[l][i], o, sizeof(o));
            else if (i % 2 == 1) memcpy(ax[l][i], pitch, sizeof(pitch));
            else fam__cross3(ax[l][i], d, pitch);
            fam__rand_unit(r, xi);
            fam__axpy3(ax[l][i], ax[l][i], 0.3, xi);
            fam__normalize3(ax[l][i]);
            /* masses: deeper links lighter, m0 Rt^-f, f in (0, 1] */
            lm[l][i] = m0 * pow(Rt, -((double)(i + 1) / m) * (l == 0 && i == m - 1 ? 1.0 : fam__uni(r, 0.5, 1.0)));
            lw[l][i] = fam__uni(r, 0.025, 0.07) * (1 - 0.4 * i / m);
        }
        /* sites */
        if (role[l] == FAM__LEG || role[l] == FAM__KNEEL || role[l] == FAM__HAND) {
            fam__site *s = &site[nsites++];
            s->limb = l; s->link = m - 1; s->grip = 0;
            memcpy(s->p, P[l][m], sizeof(s->p));
            fam__tilt(r, up, fam__uni(r, 0, 0.2), s->n);
            s->radius = fam__uni(r, 0.02, 0.05);
        }
    }
    /* sites in order: feet and hands on the ground, the two grips, knees */
    if (grip)
        for (l = 0; l < 2; ++l) {
            fam__site *s = &site[nsites++];
            s->limb = l; s->link = K[l] - 1; s->grip = 1;
            memcpy(s->p, P[l][K[l]], sizeof(s->p));
            s->n[0] = -(l == 0 ? 1 : -1) * elat[0];
            s->n[1] = -(l == 0 ? 1 : -1) * elat[1];
            s->n[2] = -(l == 0 ? 1 : -1) * elat[2];
            s->radius = fam__uni(r, 0.3, 0.8) * (bx[0] < bx[2] ? bx[0] : bx[2]) / 2;
        }
    for (l = 0; l < L; ++l)
        if (role[l] == FAM__KNEEL) {
            fam__site *s = &site[nsites++];
            s->limb = l; s->link = K[l] - 2; s->grip = 0;
            memcpy(s->p, P[l][K[l] - 1], sizeof(s->p));
            fam__tilt(r, up, fam__uni(r, 0, 0.2), s->n);
            s->radius = fam__uni(r, 0.015, 0.04);
        }
    /* points: 1-4 per kept site, then adjusted to size */
    kept = nsites < size ? nsites : size;
    pts_total = 0;
    for (i = 0; i < kept; ++i) pts_total += site[i].pts = fam__int(r, 1, 4);
    for (i = kept - 1; pts_total > size; i = (i + kept - 1) % kept)
        if (site[i].pts > 1) { --site[i].pts; --pts_total; }
    for (i = 0; pts_total < size; i = (i + 1) % kept) { ++site[i].pts; ++pts_total; }
    has_box = 0;
    for (i = 0; i < kept; ++i) has_box += site[i].grip;
    has_box = has_box == 2;
    if (has_box) mbox = m0 * pow(Rt, -fam__uni(r, 0.2, 0.9));
    /* DOFs: generalized (base 6, joints, box 6) or maximal (6 per body) */
    for (l = 0; l < L; ++l) {
        jofs[l] = 6 + NJ;
        lofs[l] = NL;
        NJ += K[l];
        NL += K[l];
    }
    nv = gen ? 6 + NJ + 6 * has_box : 6 * (1 + NL + has_box);
    if (!fam__scene_init(S, nv, 2 + NL)) return;
    S->generalized = gen;
    chain = (double *)fam__calloc((size_t)(NL + 1) * 6 * (6 + NJ), sizeof(double));
    qd = (double *)fam__calloc((size_t)(6 + NJ), sizeof(double));
    if (!chain || !qd) {
        S->oom = 1;
        free(chain); free(qd);
        return;
    }
    /* chain Jacobians (6 x (6 + NJ)) of the base (index 0) and of every link (1 + lofs + i):
       v_c = v_b + w_b x (c - x_b) + sum_j a_j x (c - P_j) qd_j, w = w_b + sum_j a_j qd_j */
    {
        int ng = 6 + NJ;
        for (k = 0; k < 6; ++k) chain[(size_t)k * ng + k] = 1;
        for (l = 0; l < L; ++l)
            for (i = 0; i < K[l]; ++i) {
                double c[3], rb[3], e[3], t[3];
                double *Jc = chain + (size_t)(1 + lofs[l] + i) * 6 * ng;
                fam__lerp3(c, P[l][i], P[l][i + 1], 0.5);
                fam__axpy3(rb, c, -1, xb);
                for (k = 0; k < 3; ++k) {
                    Jc[(size_t)k * ng + k] = 1;
                    fam__set3(e, k == 0, k == 1, k == 2);
                    fam__cross3(t, e, rb); /* e_k x (c - x_b) */
                    Jc[0 * (size_t)ng + 3 + k] = t[0];
                    Jc[1 * (size_t)ng + 3 + k] = t[1];
                    Jc[2 * (size_t)ng + 3 + k] = t[2];
                    Jc[(size_t)(3 + k) * ng + 3 + k] = 1;
                }
                for (j = 0; j <= i; ++j) {
                    double rj[3];
                    fam__axpy3(rj, c, -1, P[l][j]);
                    fam__cross3(t, ax[l][j], rj);
                    for (k = 0; k < 3; ++k) {
                        Jc[(size_t)k * ng + jofs[l] + j] = t[k];
                        Jc[(size_t)(3 + k) * ng + jofs[l] + j] = ax[l][j][k];
                    }
                }
            }
    }
    /* bodies: base, links, box */
    {
        int ng = 6 + NJ, nb_ = 1 + NL;
        for (k = 0; k < nb_; ++k) {
            double m, I[3], Q[9], x[3];
            int bi;
            if (k == 0) {
                m = m0;
                fam__box_inertia(m, bd[0], bd[1], bd[2], I);
                memcpy(Q, Q0, sizeof(Q));
                memcpy(x, xb, sizeof(x));
            } else {
                double d[3], len;
                for (l = 0; l < L && !(k - 1 >= lofs[l] && k - 1 < lofs[l] + K[l]); ++l) {
                }
                i = k - 1 - lofs[l];
                fam__axpy3(d, P[l][i + 1], -1, P[l][i]);
                len = fam__norm3(d);
                if (len < 0.02) len = 0.02;
                fam__normalize3(d);
                fam__frame_of(d, Q);
                m = lm[l][i];
                fam__box_inertia(m, len, lw[l][i], lw[l][i], I);
                fam__lerp3(x, P[l][i], P[l][i + 1], 0.5);
            }
            if (gen) {
                double Iw[9];
                fam__world_inertia(Q, I, Iw);
                bi = fam__body_new(S, m, Iw, x);
                if (bi < 0) break;
                for (j = 0; j < 6; ++j)
                    memcpy(fam__bj(S, bi) + (size_t)j * nv, chain + ((size_t)k * 6 + j) * ng, sizeof(double) * (size_t)ng);
            } else {
                bi = fam__free_body(S, 6 * k, m, I, Q, x);
            }
            if (k == 0) base = bi;
            else {
                for (l = 0; l < L && !(k - 1 >= lofs[l] && k - 1 < lofs[l] + K[l]); ++l) {
                }
                link_body[l][k - 1 - lofs[l]] = bi;
            }
        }
        if (has_box) {
            double I[3];
            fam__box_inertia(mbox, bx[0], bx[1], bx[2], I);
            box = fam__free_body(S, nv - 6, mbox, I, Q0, C);
        }
    }
    if (S->oom) goto out;
    (void)base;
    /* initial velocities: at rest, moving joints, or moving plus a kick of the base */
    pattern = fam__pattern(r);
    if (pattern > 0) {
        for (k = 0; k < 3; ++k) qd[k] = 0.05 * fam__gauss(r);
        for (k = 3; k < 6; ++k) qd[k] = 0.1 * fam__gauss(r);
        for (k = 6; k < 6 + NJ; ++k) qd[k] = 0.3 * fam__gauss(r);
        if (pattern == 2) {
            double h[3], sp = fam__uni(r, 0.3, 1.0);
            fam__rand_unit(r, h);
            qd[0] += sp * h[0];
            qd[1] += sp * h[1];
            qd[2] += fabs(sp * h[2]);
        }
    }
    if (gen) {
        memcpy(S->v0, qd, sizeof(double) * (size_t)(6 + NJ));
    } else {
        int ng = 6 + NJ;
        for (k = 0; k < 1 + NL; ++k)
            for (j = 0; j < 6; ++j) {
                double s = 0;
                for (i = 0; i < ng; ++i) s += chain[((size_t)k * 6 + j) * ng + i] * qd[i];
                S->v0[6 * k + j] = s;
            }
    }
    if (has_box && pattern > 0)
        for (k = 0; k < 6; ++k) S->v0[nv - 6 + k] = 0.02 * fam__gauss(r);
    /* forces: gravity, the hands pressed against the box */
    fam__gravity(S);
    if (has_box)
        for (i = 0; i < kept; ++i)
            if (site[i].grip) {
                double f[3], F = mbox * FAM__GRAV * fam__uni(r, 0.5, 10);
                int hb = link_body[site[i].limb][site[i].link];
                fam__set3(f, F * site[i].n[0], F * site[i].n[1], F * site[i].n[2]);
                fam__force(S, hb, f, S->body[hb].x);
            }
    /* rows: joints and limits (maximal coordinates), then contacts */
    if (!gen) {
        for (l = 0; l < L; ++l)
            for (i = 0; i < K[l]; ++i)
                fam__revolute(S, i == 0 ? 0 : link_body[l][i - 1], link_body[l][i], P[l][i], ax[l][i]);
        if (limits) {
            int any = 0, pick = fam__int(r, 0, NJ - 1);
            for (l = 0, q = 0; l < L; ++l)
                for (i = 0; i < K[l]; ++i, ++q) {
                    double s, v = qd[jofs[l] + i];
                    if (!(fam__u01(r) < 0.4 || (q == pick && !any))) continue;
                    any = 1;
                    s = v != 0 ? (v > 0 ? -1 : 1) : (fam__u01(r) < 0.5 ? -1 : 1);
                    if (fam__u01(r) >= 0.75) s = -s;
                    fam__limit(S, i == 0 ? 0 : link_body[l][i - 1], link_body[l][i], ax[l][i], s);
                }
        }
    }
    for (i = 0; i < kept; ++i) {
        fam__site *s = &site[i];
        int lb = link_body[s->limb][s->link];
        double t1[3], t2[3];
        fam__tangents(s->n, fam__uni(r, 0, 2 * FAM__PI), t1, t2);
        for (k = 0; k < s->pts; ++k) {
            double u, v, p[3];
            fam__patch(k, s->pts, &u, &v);
            fam__axpy3(p, s->p, s->radius * u, t1);
            fam__axpy3(p, p, s->radius * v, t2);
            if (s->grip) fam__contact(S, box, lb, p, s->n, fam__mu(S));
            else fam__contact(S, lb, -1, p, s->n, fam__mu(S));
        }
    }
    /* Baumgarte instances */
    bias_on = fam__u01(r) < 0.5;
    if (bias_on) {
        if (gen) {
            int *mask = (int *)fam__calloc((size_t)nv, sizeof(int));
            if (!mask) {
                S->oom = 1;
                goto out;
            }
            for (k = 0; k < nv; ++k) mask[k] = (k >= 3 && k < 6) || (k >= 6 && k < 6 + NJ) || (k >= 6 + NJ + 3);
            fam__baumgarte(S, mask, 3e-4, 1e-3);
            free(mask);
        } else {
            fam__baumgarte_maximal(S, 3e-4, 1e-3);
        }
    }
    lbuf[0] = 0;
    for (l = 0; l < L; ++l) {
        size_t used = strlen(lbuf);
        snprintf(lbuf + used, sizeof(lbuf) - used, "%s%s%d", l ? "," : "", role_name[role[l]], K[l]);
    }
    snprintf(S->desc, sizeof(S->desc),
             "floating base %.1f kg, limbs %s (role and links), %s, %d contact sites, link mass ratio %.2g, %s%s",
             m0, lbuf, has_box ? "a held box" : "no held box", kept, Rt,
             pattern == 0 ? "at rest" : pattern == 1 ? "moving" : "kicked", bias_on ? ", Baumgarte bias" : "");
out:
    free(chain);
    free(qd);
}

/* >>stack -------------------------------------------------------------------------------- */
static void fam__stack(fam__scene *S, int variant, int size) {
    fam__rng *r = &S->rng;
    int ncol = (size + 14) / 15, c, i, b0 = 0, jump_mode = fam__u01(r) < 0.5, pattern, bias_on;
    double ratio = pow(10.0, fam__uni(r, 2, 6)), mlight = fam__logu(r, 0.01, 1.0), x0 = 0;
    static const char *vn[3] = {"heavy on light (masses grow upward)", "light on heavy", "alternating"};
    if (!fam__scene_init(S, 6 * size, size)) return;
    pattern = fam__pattern(r);
    for (c = 0; c < ncol; ++c) {
        int cnt = size / ncol + (c < size % ncol), jump = fam__int(r, 1, cnt > 1 ? cnt - 1 : 1);
        double z = 0, prev_x = 0, prev_y = 0, prev_a = 0, prev_b = 0, wmax = 0, cx;
        int prev = -1;
        double dims[15][3];
        for (i = 0; i < cnt; ++i) {
            fam__uni3(r, dims[i], 0.1, 0.3, 0.1, 0.3, 0.05, 0.25);
            if (dims[i][0] > wmax) wmax = dims[i][0];
        }
        cx = x0 + wmax / 2;
        for (i = 0; i < cnt; ++i) {
            double t = cnt > 1 ? (double)i / (cnt - 1) : 0, m, I[3], Q[9], x[3], up[3] = {0, 0, 1};
            double a = dims[i][0], bw = dims[i][1], h = dims[i][2], mn, lo[2], hi[2];
            int b, k;
            if (variant == 2) m = mlight * ((i % 2) ? ratio : 1.0);
            else if (jump_mode) m = mlight * (((variant == 0) == (i >= jump)) ? ratio : 1.0);
            else m = mlight * pow(ratio, variant == 0 ? t : 1 - t);
            m *= fam__uni(r, 0.8, 1.25);
            fam__box_inertia(m, a, bw, h, I);
            fam__rot(Q, up, 0);
            mn = i == 0 ? a : (a < prev_a ? a : prev_a);
            x[0] = cx + fam__uni(r, -0.1, 0.1) * mn;
            mn = i == 0 ? bw : (bw < prev_b ? bw : prev_b);
            x[1] = fam__uni(r, -0.1, 0.1) * mn;
            x[2] = z + h / 2;
            b = fam__free_body(S, 6 * (b0 + i), m, I, Q, x);
            if (b < 0) return;
            /* the support rectangle: the overlap with the box below (or the whole bottom) */
            lo[0] = x[0] - a / 2; hi[0] = x[0] + a / 2;
            lo[1] = x[1] - bw / 2; hi[1] = x[1] + bw / 2;
            if (prev >= 0) {
                if (prev_x - prev_a / 2 > lo[0]) lo[0] = prev_x - prev_a / 2;
                if (prev_x + prev_a / 2 < hi[0]) hi[0] = prev_x + prev_a / 2;
                if (prev_y - prev_b / 2 > lo[1]) lo[1] = prev_y - prev_b / 2;
                if (prev_y + prev_b / 2 < hi[1]) hi[1] = prev_y + prev_b / 2;
            }
            for (k = 0; k < 4; ++k) {
                double p[3];
                fam__set3(p, (k & 1) ? hi[0] : lo[0], (k & 2) ? hi[1] : lo[1], z);
                fam__contact(S, b, prev, p, up, fam__mu(S));
            }
            prev = b;
            prev_x = x[0]; prev_y = x[1]; prev_a = a; prev_b = bw;
            z += h;
        }
        /* pushes: rest, a box pushed sideways, or a box thrown up and another pushed */
        if (pattern == 1) {
            int pb = b0 + fam__int(r, 0, cnt - 1);
            double h[3], w0[3] = {0, 0, 0};
            fam__rand_unit(r, h);
            h[2] = 0;
            fam__normalize3(h);
            h[0] *= fam__uni(r, 0.2, 1.0); h[1] *= fam__uni(r, 0.2, 1.0);
            fam__set_v0(S, 6 * pb, h, w0);
        } else if (pattern == 2) {
            int pb = b0 + fam__int(r, 0, cnt - 1), sb = b0 + fam__int(r, 0, cnt - 1);
            double v[3], w[3];
            fam__gauss3(r, v, 0.02);
            v[2] = fam__uni(r, 0.05, 0.3);
            fam__gauss3(r, w, 0.5);
            fam__set_v0(S, 6 * pb, v, w);
            if (sb != pb) {
                fam__uni3(r, v, -0.3, 0.3, -0.3, 0.3, 0, 0);
                fam__set3(w, 0, 0, 0);
                fam__set_v0(S, 6 * sb, v, w);
            }
        }
        b0 += cnt;
        x0 += wmax + fam__uni(r, 0.05, 0.2);
    }
    fam__gravity(S);
    bias_on = fam__u01(r) < 0.5;
    if (bias_on) fam__baumgarte_maximal(S, 3e-4, 1e-3);
    snprintf(S->desc, sizeof(S->desc), "%d boxes in %d column(s), %s, mass ratio %.2g (%s), %s%s", size, ncol,
             vn[variant], ratio, variant == 2 ? "between neighbours" : jump_mode ? "one jump" : "geometric",
             pattern == 0 ? "at rest" : pattern == 1 ? "a box pushed" : "a box thrown up",
             bias_on ? ", Baumgarte bias" : "");
}

/* >>vgroove ------------------------------------------------------------------------------ */
static void fam__vgroove(fam__scene *S, int variant, int size) {
    fam__rng *r = &S->rng;
    double phi = fam__uni(r, 25, 60) * FAM__PI / 180, slope = fam__u01(r) < 0.5 ? fam__uni(r, 0, 15) * FAM__PI / 180 : 0;
    double yaw = fam__uni(r, 0, 2 * FAM__PI), Qs[9], Qy[9], Qx[9], ex[3] = {1, 0, 0}, ez[3] = {0, 0, 1};
    double nl[3], nr[3], nL[3], nR[3], len, m, I[3], c[3], x[3], zc, wx = 0, v[3] = {0, 0, 0}, w[3] = {0, 0, 0};
    double rho = fam__logu(r, 100, 8000), axis[3], ey[3] = {0, 1, 0}, tmp[3], zb = 0;
    int b, k, pattern, push = 0;
    const char *what;
    if (!fam__scene_init(S, 6, 1)) return;
    fam__rot(Qx, ex, slope);
    fam__rot(Qy, ez, yaw);
    fam__mm3(Qs, Qy, Qx); /* groove frame -> world: slope about x, then yaw */
    fam__set3(nl, sin(phi), 0, cos(phi));
    fam__set3(nr, -sin(phi), 0, cos(phi));
    fam__mv3(nL, Qs, nl);
    fam__mv3(nR, Qs, nr);
    fam__mv3(axis, Qs, ey);
    len = fam__uni(r, 0.1, 0.5);
    if (variant == 1) { /* cylinder of radius rc along y: centre at rc / cos(phi) */
        double rc = fam__uni(r, 0.02, 0.12);
        m = rho * FAM__PI * rc * rc * len;
        I[0] = I[2] = m * (3 * rc * rc + len * len) / 12;
        I[1] = m * rc * rc / 2;
        zc = rc / cos(phi);
        wx = rc;
        what = "cylinder";
    } else { /* box of width bw, height h: bottom edges at x = -+bw/2, z = bw/2 tan(phi) */
        double bw = fam__uni(r, 0.05, 0.3), h = fam__uni(r, 0.05, 0.3);
        m = rho * bw * h * len;
        fam__box_inertia(m, bw, len, h, I);
        zb = bw / 2 * tan(phi);
        zc = zb + h / 2;
        wx = bw;
        what = "box";
    }
    fam__set3(c, 0, 0, zc);
    fam__mv3(x, Qs, c);
    b = fam__free_body(S, 0, m, I, Qs, x);
    if (b < 0) return;
    for (k = 0; k < size; ++k) {
        double y = size > 1 ? (-0.45 + 0.9 * k / (size - 1)) * len : 0, pl[3], pr[3], q[3];
        if (variant == 1) {
            fam__set3(pl, -wx * nl[0], y, zc - wx * nl[2]);
            fam__set3(pr, -wx * nr[0], y, zc - wx * nr[2]);
        } else {
            fam__set3(pl, -wx / 2, y, zb);
            fam__set3(pr, wx / 2, y, zb);
        }
        fam__mv3(q, Qs, pl);
        fam__contact(S, b, -1, q, nL, fam__mu(S));
        fam__mv3(q, Qs, pr);
        fam__contact(S, b, -1, q, nR, fam__mu(S));
    }
    /* at rest; moving along the groove (slow or fast) or pushed along it; lifted */
    pattern = fam__pattern(r);
    if (pattern == 1) {
        double sp = fam__u01(r) < 0.4 ? fam__uni(r, -0.03, 0.03) : fam__uni(r, -2, 2);
        fam__axpy3(v, v, sp, axis);
        if (variant == 1 && fam__u01(r) < 0.5) fam__axpy3(w, w, fam__uni(r, -10, 10), axis);
        push = fam__u01(r) < 0.5;
    } else if (pattern == 2) { /* thrown off the left plane: the right one opens or not */
        fam__axpy3(v, v, fam__uni(r, 0.05, 0.3), nL);
        fam__gauss3(r, tmp, 1.0);
        fam__axpy3(w, w, 0.5, tmp);
    }
    fam__set_v0(S, 0, v, w);
    fam__gravity(S);
    if (push) { /* a force along the groove, 0.5 to 3 times the object's weight */
        double f[3], sg = fam__sign(r);
        fam__set3(f, 0, 0, 0);
        fam__axpy3(f, f, sg * fam__uni(r, 0.5, 3) * m * FAM__GRAV, axis);
        fam__force(S, b, f, x);
    }
    snprintf(S->desc, sizeof(S->desc), "%s %.3g kg in a V-groove of planes at %.0f deg, slope %.1f deg, %d points per line, %s",
             what, m, phi * 180 / FAM__PI, slope * 180 / FAM__PI, size,
             pattern == 0 ? "at rest" : pattern == 1 ? (push ? "moving and pushed along the groove" : "moving along the groove") : "thrown off one plane");
}

/* >>fingers ------------------------------------------------------------------------------ */
static void fam__fingers(fam__scene *S, int variant, int size) {
    fam__rng *r = &S->rng;
    double bd[3], rho = fam__logu(r, 50, 3000), mb, I[3], Q[9], Qy[9], Qt[9], ez[3] = {0, 0, 1}, ex[3] = {1, 0, 0};
    double eg[3], e2[3], e3[3], C[3] = {0, 0, 0.3}, rp, off[2][2], F = 0, mf = 0, approach = 0, lift = 0, k_pad = 0;
    int box, fb[2], side, k, massive = variant == 0, nv = massive ? 18 : 6;
    fam__uni3(r, bd, 0.03, 0.15, 0.03, 0.15, 0.03, 0.15);
    mb = rho * bd[0] * bd[1] * bd[2];
    fam__box_inertia(mb, bd[0], bd[1], bd[2], I);
    /* grip axis: the box's local x, tilted up to 0.3 rad from horizontal, random yaw */
    fam__set3(e2, 0, 1, 0);
    fam__rot(Qt, e2, fam__uni(r, -0.3, 0.3));
    fam__rot(Qy, ez, fam__uni(r, 0, 2 * FAM__PI));
    fam__mm3(Q, Qy, Qt);
    fam__mv3(eg, Q, ex);
    fam__set3(e2, Q[1], Q[4], Q[7]);
    fam__set3(e3, Q[2], Q[5], Q[8]);
    rp = (bd[1] < bd[2] ? bd[1] : bd[2]) / 2 * fam__uni(r, 0.2, 0.8);
    for (side = 0; side < 2; ++side) { /* the two patches slightly misaligned */
        off[side][0] = fam__uni(r, -0.3, 0.3) * rp;
        off[side][1] = fam__uni(r, -0.3, 0.3) * rp;
    }
    if (!fam__scene_init(S, nv, 3)) return;
    box = fam__free_body(S, 0, mb, I, Q, C);
    if (variant == 2) approach = fam__uni(r, 0.005, 0.05);
    if (variant != 0 && fam__u01(r) < 0.6) lift = fam__uni(r, 0, 0.2);
    for (side = 0; side < 2; ++side) {
        double sg = side ? 1 : -1, x[3], zero[3] = {0, 0, 0}, vk[3];
        fam__axpy3(x, C, sg * (bd[0] / 2 + 0.03), eg);
        if (massive) {
            double fd[3] = {0.02, 0.02, 0.06}, If[3], v[3], f[3];
            if (side == 0) mf = mb * fam__logu(r, 1e-3, 10);
            fam__box_inertia(mf, fd[2], fd[0], fd[1], If);
            fb[side] = fam__free_body(S, 6 + 6 * side, mf, If, Q, x);
            /* approaching, pressed toward the box by its actuator */
            if (side == 0) F = mb * FAM__GRAV * fam__logu(r, 1, 100);
            fam__set3(v, 0, 0, 0);
            fam__axpy3(v, v, -sg * fam__uni(r, 0, 0.05), eg);
            fam__set_v0(S, 6 + 6 * side, v, zero);
            fam__set3(f, 0, 0, 0);
            fam__axpy3(f, f, -sg * F, eg);
            fam__force(S, fb[side], f, x);
        } else {
            fam__set3(vk, 0, 0, lift);
            fam__axpy3(vk, vk, -sg * approach, eg);
            fb[side] = fam__kinematic_body(S, x, vk, zero);
        }
    }
    fam__gravity(S);
    if (S->oom) return;
    if (massive) /* each finger on a prismatic joint along the grip axis to the palm (fixed) */
        for (side = 0; side < 2; ++side) {
            double ex_[3] = {1, 0, 0}, ey_[3] = {0, 1, 0}, ez_[3] = {0, 0, 1};
            const double *e[3];
            int row = fam__new_rows(S, 5, FAM__BILATERAL);
            e[0] = ex_; e[1] = ey_; e[2] = ez_;
            fam__add_point(S, row, fb[side], 1, S->body[fb[side]].x, e2);
            fam__add_point(S, row + 1, fb[side], 1, S->body[fb[side]].x, e3);
            for (k = 0; k < 3; ++k) fam__add_angular(S, row + 2 + k, fb[side], 1, e[k]);
        }
    for (side = 0; side < 2; ++side) {
        double sg = side ? 1 : -1, n[3], c[3];
        fam__set3(n, -sg * eg[0], -sg * eg[1], -sg * eg[2]); /* from the finger into the box */
        fam__axpy3(c, C, sg * bd[0] / 2, eg);
        for (k = 0; k < size; ++k) {
            double u, v, p[3];
            fam__patch(k, size, &u, &v);
            fam__axpy3(p, c, rp * u + off[side][0], e2);
            fam__axpy3(p, p, rp * v + off[side][1], e3);
            fam__contact(S, box, fb[side], p, n, fam__mu(S));
        }
    }
    if (variant == 2 && !S->oom) { /* compliant pads: R = 1 / (k dt^2) on every row */
        k_pad = fam__logu(r, 1e3, 1e5);
        S->R = (double *)fam__calloc((size_t)S->rows, sizeof(double));
        if (!S->R) {
            S->oom = 1;
            return;
        }
        for (k = 0; k < S->rows; ++k) S->R[k] = 1 / (k_pad * FAM_DT * FAM_DT);
    }
    if (massive)
        snprintf(S->desc, sizeof(S->desc), "box %.3g kg squeezed by two %.3g kg fingers on prismatic joints with %.3g N (%.1f weights), %d points per fingertip",
                 mb, mf, F, F / (mb * FAM__GRAV), size);
    else if (variant == 1)
        snprintf(S->desc, sizeof(S->desc), "box %.3g kg between two kinematic fingers lifting at %.3g m/s, no approach, %d points per fingertip",
                 mb, lift, size);
    else
        snprintf(S->desc, sizeof(S->desc), "box %.3g kg between two kinematic fingers closing at %.3g m/s each, lifting at %.3g m/s, pads k = %.3g N/m, %d points per fingertip",
                 mb, approach, lift, k_pad, size);
}

/* >>wall --------------------------------------------------------------------------------- */
typedef struct fam__brick {
    double x0, x1, y, d, z, h; /* x extent, y centre, depth, bottom, height */
    int body;
} fam__brick;

static void fam__wall(fam__scene *S, int size) {
    fam__rng *r = &S->rng;
    double bl = fam__uni(r, 0.19, 0.25), bdp = fam__uni(r, 0.09, 0.12), bh = fam__uni(r, 0.05, 0.075), z = 0, up[3] = {0, 0, 1};
    int W = (int)floor(sqrt(1.5 * size) + 0.5), count = 0, row = 0, prev0 = 0, prev1 = 0, i, j, k, pattern, bias_on;
    fam__brick *br = (fam__brick *)fam__calloc((size_t)size, sizeof(fam__brick));
    if (W < 1) W = 1;
    if (W > 25) W = 25;
    if (!br || !fam__scene_init(S, 6 * size, size)) {
        S->oom = 1;
        free(br);
        return;
    }
    while (count < size) {
        int start = count, odd = row % 2, pieces = odd ? W + 1 : W;
        double x = 0, h = bh * fam__uni(r, 0.99, 1.01);
        for (i = 0; i < pieces && count < size; ++i) {
            double len = (odd && (i == 0 || i == pieces - 1)) ? bl / 2 : bl, m, I[3], Q[9], c[3], ldims[3];
            fam__brick *b = &br[count];
            len *= fam__uni(r, 0.99, 1.01);
            b->x0 = x;
            b->x1 = x + len;
            b->y = fam__uni(r, -0.003, 0.003);
            b->d = bdp * fam__uni(r, 0.99, 1.01);
            b->z = z;
            b->h = h;
            fam__set3(ldims, len, b->d, h);
            m = fam__uni(r, 1800, 2200) * ldims[0] * ldims[1] * ldims[2];
            fam__box_inertia(m, ldims[0], ldims[1], ldims[2], I);
            fam__rot(Q, up, 0);
            fam__set3(c, (b->x0 + b->x1) / 2, b->y, z + h / 2);
            b->body = fam__free_body(S, 6 * count, m, I, Q, c);
            ++count;
            x += len + fam__uni(r, 0, 0.002);
            /* contacts with the ground or every brick of the row below it overlaps */
            if (row == 0) {
                for (k = 0; k < 4; ++k) {
                    double p[3];
                    fam__set3(p, (k & 1) ? b->x1 : b->x0, b->y + ((k & 2) ? b->d : -b->d) / 2, z);
                    fam__contact(S, b->body, -1, p, up, fam__mu(S));
                }
            } else {
                for (j = prev0; j < prev1; ++j) {
                    double lo = b->x0 > br[j].x0 ? b->x0 : br[j].x0, hi = b->x1 < br[j].x1 ? b->x1 : br[j].x1;
                    double ylo = b->y - b->d / 2, yhi = b->y + b->d / 2;
                    if (br[j].y - br[j].d / 2 > ylo) ylo = br[j].y - br[j].d / 2;
                    if (br[j].y + br[j].d / 2 < yhi) yhi = br[j].y + br[j].d / 2;
                    if (hi - lo < 0.01) continue;
                    for (k = 0; k < 4; ++k) {
                        double p[3];
                        fam__set3(p, (k & 1) ? hi : lo, (k & 2) ? yhi : ylo, z);
                        fam__contact(S, b->body, br[j].body, p, up, fam__mu(S));
                    }
                }
            }
        }
        prev0 = start;
        prev1 = count;
        z += h;
        ++row;
    }
    /* rest; a brick knocked out of the wall's plane; the top row lifted with a side push */
    pattern = fam__pattern(r);
    if (pattern == 1) {
        int pb = fam__int(r, size > W ? W : 0, size - 1);
        double v[3], w[3] = {0, 0, 0};
        fam__uni3(r, v, -0.1, 0.1, 0.2, 1.0, 0, 0);
        v[1] *= fam__sign(r);
        fam__set_v0(S, 6 * pb, v, w);
    } else if (pattern == 2) {
        double wind = fam__uni(r, 0.05, 0.3);
        for (i = prev0; i < prev1; ++i) {
            double v[3], w[3];
            v[0] = 0.01 * fam__gauss(r);
            v[1] = wind;
            v[2] = fam__uni(r, 0.02, 0.2);
            fam__gauss3(r, w, 0.3);
            fam__set_v0(S, 6 * i, v, w);
        }
    }
    fam__gravity(S);
    bias_on = fam__u01(r) < 0.5;
    if (bias_on) fam__baumgarte_maximal(S, 3e-4, 1e-3);
    snprintf(S->desc, sizeof(S->desc), "%d bricks %.0fx%.0fx%.0f mm in %d rows of %d (running bond), %s%s", size,
             bl * 1e3, bdp * 1e3, bh * 1e3, row, W,
             pattern == 0 ? "at rest" : pattern == 1 ? "a brick knocked" : "top row lifted", bias_on ? ", Baumgarte bias" : "");
    free(br);
}

/* >>coincident --------------------------------------------------------------------------- */
static void fam__coincident(fam__scene *S, int variant, int size) {
    fam__rng *r = &S->rng;
    double eps = pow(10.0, fam__uni(r, -9, -6)), up[3] = {0, 0, 1}, Q[9], d0[3], d1[3], m0, m1, I[3], x[3], z = 0;
    int lower = -1, top, k, dup, pattern, ndup = 0;
    fam__rot(Q, up, fam__uni(r, 0, 2 * FAM__PI));
    fam__uni3(r, d1, 0.1, 0.4, 0.1, 0.4, 0.05, 0.2);
    m1 = fam__logu(r, 100, 5000) * d1[0] * d1[1] * d1[2];
    if (!fam__scene_init(S, variant == 1 ? 12 : 6, 2)) return;
    if (variant == 1) { /* a lower box, on the ground by its 4 corners, 1 to 1e4 heavier or lighter */
        fam__uni3(r, d0, 1.0, 1.5, 1.0, 1.5, 0.05, 0.2);
        d0[0] *= d1[0];
        d0[1] *= d1[1];
        m0 = m1 * pow(10.0, fam__uni(r, -2, 2)) * (d0[0] * d0[1] * d0[2]) / (d1[0] * d1[1] * d1[2]);
        fam__box_inertia(m0, d0[0], d0[1], d0[2], I);
        fam__set3(x, 0, 0, d0[2] / 2);
        lower = fam__free_body(S, 6, m0, I, Q, x);
        for (k = 0; k < 4; ++k) {
            double l[3], p[3];
            fam__set3(l, ((k & 1) ? 0.5 : -0.5) * d0[0], ((k & 2) ? 0.5 : -0.5) * d0[1], -d0[2] / 2);
            fam__mv3(p, Q, l);
            fam__axpy3(p, p, 1, x);
            fam__contact(S, lower, -1, p, up, fam__mu(S));
        }
        z = d0[2];
    }
    fam__box_inertia(m1, d1[0], d1[1], d1[2], I);
    fam__set3(x, 0, 0, z + d1[2] / 2);
    top = fam__free_body(S, 0, m1, I, Q, x);
    if (top < 0) return;
    for (k = 0; k < size; ++k) {
        double u, v, l[3], p[3], mu = fam__mu(S);
        int copies = fam__u01(r) < 0.7 ? 2 : 3;
        fam__patch(k, size, &u, &v);
        fam__set3(l, 0.475 * u * d1[0], 0.475 * v * d1[1], -d1[2] / 2);
        fam__mv3(p, Q, l);
        fam__axpy3(p, p, 1, x);
        for (dup = 0; dup < copies; ++dup) {
            double q[3], n[3], e[3];
            memcpy(q, p, sizeof(q));
            memcpy(n, up, sizeof(n));
            if (dup > 0) { /* the duplicate: point and normal perturbed by eps (relative) */
                fam__rand_unit(r, e);
                fam__axpy3(q, q, eps * d1[0], e);
                fam__tilt(r, up, eps, n);
                mu *= fam__uni(r, 0.999, 1.001);
            }
            fam__contact(S, top, lower, q, n, mu);
            ndup += dup > 0;
        }
    }
    pattern = fam__pattern(r);
    if (pattern > 0) {
        double v[3], w[3];
        if (pattern == 1) {
            fam__uni3(r, v, -1, 1, -1, 1, 0, 0);
        } else {
            fam__gauss3(r, v, 0.05);
            v[2] = fam__uni(r, 0.02, 0.2);
        }
        fam__gauss3(r, w, 0.5);
        fam__set_v0(S, 0, v, w);
    }
    fam__gravity(S);
    snprintf(S->desc, sizeof(S->desc), "box %.3g kg on %s, %d sites with %d near-duplicate contacts (eps %.2g), %s", m1,
             variant == 1 ? "a box on the ground" : "the ground", size, ndup, eps,
             pattern == 0 ? "at rest" : pattern == 1 ? "sliding" : "lifted");
}

/* >>registry ----------------------------------------------------------------------------- */
#define FAM__N 7
static const char *fam__names[FAM__N] = {"robot", "stack", "vgroove", "fingers", "wall", "coincident", "illcond"};
static const int fam__nvar[FAM__N] = {3, 3, 2, 3, 1, 2, 4};
static const char *fam__vars[FAM__N][4] = {{"gen", "max", "limits", ""},
                                          {"heavy_top", "light_top", "alternating", ""},
                                          {"box", "cylinder", "", ""},
                                          {"massive", "kinematic", "soft", ""},
                                          {"", "", "", ""},
                                          {"ground", "stack", "", ""},
                                          {"stack", "wall", "vgroove", "coincident"}};
static const int fam__min[FAM__N] = {1, 1, 1, 1, 1, 1, 1};
static const int fam__max[FAM__N] = {600, 200, 200, 100, 300, 100, 200};
static const char *fam__meaning[FAM__N] = {"contacts", "boxes (4 contacts each)", "points per contact line (2 lines)",
                                          "points per fingertip (2 fingertips)", "bricks", "contact sites (2-3 contacts each)",
                                          "the base family's size"};

static const fam_sweep_entry fam__sweep_table[] = {
    {"robot:gen", 1, 2},        {"robot:gen", 4, 2},        {"robot:gen", 12, 2},      {"robot:gen", 40, 2},
    {"robot:gen", 150, 1},      {"robot:gen", 300, 1},      {"robot:max", 4, 2},       {"robot:max", 12, 2},
    {"robot:max", 40, 2},       {"robot:max", 150, 1},      {"robot:limits", 4, 2},    {"robot:limits", 12, 2},
    {"robot:limits", 40, 1},    {"stack:heavy_top", 2, 2},  {"stack:heavy_top", 5, 2}, {"stack:heavy_top", 15, 2},
    {"stack:heavy_top", 60, 1}, {"stack:light_top", 2, 2},  {"stack:light_top", 5, 2}, {"stack:light_top", 15, 2},
    {"stack:alternating", 3, 2}, {"stack:alternating", 8, 2}, {"stack:alternating", 15, 1},
    {"stack:alternating", 100, 1}, {"vgroove:box", 1, 2},   {"vgroove:box", 2, 2},     {"vgroove:box", 8, 2},
    {"vgroove:cylinder", 1, 2}, {"vgroove:cylinder", 4, 2}, {"vgroove:cylinder", 16, 2},
    {"vgroove:cylinder", 64, 1}, {"fingers:massive", 1, 2}, {"fingers:massive", 2, 2}, {"fingers:massive", 4, 2},
    {"fingers:kinematic", 1, 2}, {"fingers:kinematic", 4, 2}, {"fingers:soft", 2, 2},  {"fingers:soft", 4, 1},
    {"wall", 10, 2},            {"wall", 30, 2},            {"wall", 60, 1},           {"wall", 120, 1},
    {"coincident:ground", 1, 2}, {"coincident:ground", 4, 2}, {"coincident:ground", 16, 2},
    {"coincident:stack", 2, 2}, {"coincident:stack", 8, 2}, {"illcond:stack", 3, 2},   {"illcond:stack", 10, 1},
    {"illcond:wall", 10, 1},    {"illcond:wall", 30, 1},    {"illcond:vgroove", 4, 2}, {"illcond:coincident", 4, 1}};

FAM_API int fam_count(void) { return FAM__N; }
FAM_API const char *fam_name(int f) { return f >= 0 && f < FAM__N ? fam__names[f] : NULL; }
FAM_API int fam_variant_count(int f) { return f >= 0 && f < FAM__N ? fam__nvar[f] : 0; }
FAM_API const char *fam_variant_name(int f, int v) {
    return f >= 0 && f < FAM__N && v >= 0 && v < fam__nvar[f] ? fam__vars[f][v] : NULL;
}
FAM_API void fam_size_range(int f, int *min_size, int *max_size) {
    int ok = f >= 0 && f < FAM__N;
    if (min_size) *min_size = ok ? fam__min[f] : 0;
    if (max_size) *max_size = ok ? fam__max[f] : -1;
}
FAM_API const char *fam_size_meaning(int f) { return f >= 0 && f < FAM__N ? fam__meaning[f] : NULL; }
FAM_API const char *fam_error_string(int code) {
    switch (code) {
        case FAM_OK: return "ok";
        case FAM_ERROR_FAMILY: return "unknown family or variant";
        case FAM_ERROR_SIZE: return "size outside the family's range";
        case FAM_ERROR_MEMORY: return "out of memory";
        default: return "unknown error";
    }
}
FAM_API unsigned long long fam_instance_seed(unsigned long long seed, int k) {
    return k == 0 ? seed : fam__mix(seed ^ fam__mix(0xC0FFEEull + (unsigned long long)k));
}
FAM_API int fam_sweep(const fam_sweep_entry **entries) {
    if (entries) *entries = fam__sweep_table;
    return (int)(sizeof(fam__sweep_table) / sizeof(fam__sweep_table[0]));
}

FAM_API void fam_free(fam_problem *p) {
    if (!p) return;
    free(p->G); free(p->g); free(p->mu); free(p->R); free(p->M); free(p->J); free(p->v_free); free(p->bias);
    memset(p, 0, sizeof(*p));
}

/* family and variant of "name[:variant]"; variant -1 when not given */
static int fam__parse(const char *family, int *f, int *v) {
    const char *colon = strchr(family, ':');
    size_t len = colon ? (size_t)(colon - family) : strlen(family);
    int i, j;
    for (i = 0; i < FAM__N; ++i)
        if (strlen(fam__names[i]) == len && !strncmp(family, fam__names[i], len)) break;
    if (i == FAM__N) return 0;
    *f = i;
    *v = -1;
    if (!colon) return 1;
    for (j = 0; j < fam__nvar[i]; ++j)
        if (!strcmp(colon + 1, fam__vars[i][j])) {
            *v = j;
            return 1;
        }
    return 0;
}

static void fam__build(fam__scene *S, int f, int v, int size) {
    switch (f) {
        case 0: fam__robot(S, v, size); break;
        case 1: fam__stack(S, v, size); break;
        case 2: fam__vgroove(S, v, size); break;
        case 3: fam__fingers(S, v, size); break;
        case 4: fam__wall(S, size); break;
        default: fam__coincident(S, v, size); break;
    }
}

FAM_API int fam_generate(const char *family, int size, unsigned long long seed, fam_problem *out) {
    fam__scene S;
    int f, v, drawn, rc;
    unsigned long long h = 1469598103934665603ull;
    const char *c;
    if (!out) return FAM_ERROR_FAMILY;
    memset(out, 0, sizeof(*out));
    if (!family || !fam__parse(family, &f, &v)) return FAM_ERROR_FAMILY;
    if (size < fam__min[f] || size > fam__max[f]) return FAM_ERROR_SIZE;
    memset(&S, 0, sizeof(S));
    for (c = fam__names[f]; *c; ++c) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    S.rng.s = fam__mix(seed ^ fam__mix(h ^ ((unsigned long long)size << 32)));
    if (!S.rng.s) S.rng.s = 1;
    drawn = fam__int(&S.rng, 0, fam__nvar[f] - 1); /* always drawn: "name" = "name:drawn" */
    if (v < 0) v = drawn;
    if (f == 6) { /* illcond: the base family's own variant is drawn too */
        static const int base_of[4] = {1, 4, 2, 5};
        int bf = base_of[v], bv = fam__int(&S.rng, 0, fam__nvar[bf] - 1);
        if (size > fam__max[bf]) return FAM_ERROR_SIZE;
        fam__build(&S, bf, bv, size);
        S.illcond = 1;
        snprintf(out->desc, sizeof(out->desc), "%s", S.desc);
        snprintf(S.desc, sizeof(S.desc), "%s%s%s + R = lambda_max/1e8: %.200s", fam__names[bf],
                 fam__vars[bf][bv][0] ? ":" : "", fam__vars[bf][bv], out->desc);
    } else {
        fam__build(&S, f, v, size);
    }
    rc = fam__finish(&S, out);
    fam__scene_free(&S);
    if (rc != FAM_OK) {
        fam_free(out);
        return rc;
    }
    if (fam__nvar[f] > 1 || fam__vars[f][0][0])
        snprintf(out->family, sizeof(out->family), "%s:%s", fam__names[f], fam__vars[f][v]);
    else
        snprintf(out->family, sizeof(out->family), "%s", fam__names[f]);
    out->size = size;
    out->seed = seed;
    return FAM_OK;
}

#if defined(__clang__)
#pragma STDC FP_CONTRACT DEFAULT
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif
#endif /* FAMILIES_IMPLEMENTATION_ONCE */
#endif /* FAMILIES_IMPLEMENTATION */
