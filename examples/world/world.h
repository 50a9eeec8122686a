/* world.h - a rigid-body engine layer on top of contact.h (examples/world).

   Copy world.h and world.c into an engine beside contact.h: they include contact.h and never
   define CONTACT_IMPLEMENTATION, so the project's own implementation file (the one .c with
   #define CONTACT_IMPLEMENTATION, with its own configuration macros) serves both. The user
   manual is docs/engine.md; this comment is the reference.

   THE WORLD. Bodies (box, sphere, capsule; dynamic, or kinematic/static when mass = 0), a
   ground plane z = 0, joints (ball, revolute, weld, prismatic) with limits and PD drives, and
   one call, world_step, that advances everything by dt:
       1. broad phase (sort and sweep along x, each body padded by how far its points may
          move in dt) and narrow phase with a margin: each contact a point, a frame
          (t1, t2, n) with the NORMAL LAST, a gap and a feature id
       2. persistent contacts: last step's forces are matched by (body a, body b, feature)
          through a hash table and warm-start the solve ([LeLidec24] Sec. III-E)
       3. rows in contact.h's order [bilateral | unilateral | 3 nc]: joint rows and drives
          (bilateral), active limits (unilateral), contacts; each row touches at most two
          bodies and is stored as two 6-vectors (sparse J), never as a dense J or M
       4. islands: bodies linked by rows (static and kinematic bodies do not link) form
          independent problems, each solved on its own
       5. G = J M^-1 J^T of an island by 3x3 blocks from the per-body inverse masses and
          world inverse inertias, kept block-sparse (ct_sparse) or scattered into a dense G,
          whichever docs/methods.md's rule prefers (storage = WORLD_STORAGE_AUTO)
       6. for each of `substeps` sub-steps h = dt / substeps: the free velocity
          u_free = u + h M^-1 (f_ext - w x I w) + h gravity, g = (J u_free + bias) / h, the
          solve (a ct_solver set up once per island and step, or kept across steps by a
          resting island when reuse > 0: the sub-steps only update g),
          u = u_free + h M^-1 J^T lambda, then positions (semi-implicit Euler) and the gaps
          and joint errors advanced along the rows' velocities (J fixed within the step, as
          Box2D v3's sub-stepping keeps its anchors)
   The problem is solved for forces ([LeLidec24]'s scaling: g divided by h), so every lambda
   stored in joints and contacts is in newtons and the solver tolerance is in N.

   BIASES ([Tsounis25] Sec. V-C). Penetration r < 0 of a contact: beta_contact r / h, CAPPED at
   max_push (m/s, the largest velocity a contact may give to push bodies apart): uncapped
   Baumgarte throws a body started deep inside another with 1/2 m (beta r / h)^2 of kinetic
   energy (5 mm deep at h = 1e-3: 1 m/s); capped, the gain is at most 1/2 m max_push^2.
   Open contacts (r > 0): r / h (speculative: may close, not pass through). Restitution on a
   new, closing contact faster than restitution_threshold. Joints beta_joint r / h, limits
   beta_limit min(0, r) / h. Tangent rows none (the De Saxce term stays exact).

   GAMES. world_game_settings() is the measured game preset (docs/engine.md): ADMM_NCP to a
   relative error of 1e-4, at most 50 iterations, each island starting from its last penalty,
   a resting island keeping its setup (reuse) and starting from its last dual.
   world_fixed_sweeps() is the one place that turns a ct_settings into "run exactly N sweeps"
   (a fixed cost; with PGS_NCP the budget mode, whose stacks walk as Bullet's do).

   SOFT MODELS. With settings.method = CT_METHOD_NEWTON_SOFT the contacts are compliant (one
   of [Castro23]'s models, the soft_* parameters below; substeps must be 1). Then the world
       - adds nothing to g on contact rows (no Baumgarte, no speculative gap/dt, no
         restitution: the impulse depends on phi0 + dt v_n, [Castro23] eq. 6), the penetration
         enters through the per-contact phi0 of ct_soft (and, for CT_SOFT_CCP only, the
         compliance helper's reference velocity vref, which is that model's spring);
       - solves in impulses (the kernels take dt): g is not divided by dt, lambda is in N s,
         tol_abs is multiplied by dt; the lambdas stored in joints and contacts are still forces;
       - detects contacts while gap < soft_margin + dt max(0, -v_n) + (dt + tau_d) mu ||v_T||;
       - gives joint and limit rows the compliance R = soft_joint_compliance G_jj.

   FRAMES AND UNITS. SI units. Bodies live in world coordinates: centre of mass x, unit
   quaternion q = (w, x, y, z) body-to-world, linear velocity v, angular velocity w (world
   frame). The ground is not a body (index WORLD_GROUND = -1).

   MEMORY. world_init allocates everything for the sizes it is given; world_step allocates
   nothing (one exception, documented at world_step). Deterministic: the same inputs give
   bitwise the same trajectory. */
#ifndef WORLD_H_INCLUDED
#define WORLD_H_INCLUDED

#include "contact.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WORLD_GROUND (-1)

typedef enum world_shape {
    WORLD_BOX = 0,      /* half[0..2]: half extents                                            */
    WORLD_SPHERE = 1,   /* half[0]: radius                                                     */
    WORLD_CAPSULE = 2   /* half[0]: radius, half[2]: half length of its segment along body z  */
} world_shape;

typedef struct world_body {
    world_shape shape;
    double half[3];      /* shape dimensions (m), see world_shape                            */
    double mass;         /* kg; 0: kinematic (moves with v and w, no force moves it; static
                            when v = w = 0)                                                  */
    double inertia[3];   /* principal moments in the body frame (kg m^2)                    */
    double mu;           /* friction, or < 0 (the default): unset. A pair uses the smaller of
                            its bodies' set values, the ground's is ground_mu; none set:
                            ground_mu                                                        */
    double restitution;  /* Newton's coefficient; a pair uses the larger of the two         */
    double x[3], q[4];   /* pose: centre of mass, unit quaternion (w, x, y, z)               */
    double v[3], w[3];   /* twist in world coordinates                                       */
    double force[3];     /* external force at the centre of mass (N), held until changed    */
    double torque[3];    /* external torque (N m), world frame                              */
    int no_collide;      /* 0 (default): collides with everything; bits WORLD_NO_GROUND (not
                            with the ground plane), WORLD_NO_BODIES (not with other bodies)   */
} world_body;

#define WORLD_NO_GROUND 1
#define WORLD_NO_BODIES 2

typedef enum world_joint_type {
    WORLD_BALL = 0,      /* 3 rows: the anchors coincide                                   */
    WORLD_REVOLUTE = 1,  /* 5 rows: the anchors coincide and the axes stay aligned         */
    WORLD_WELD = 2,      /* 6 rows: the anchors coincide and the relative rotation is fixed */
    WORLD_PRISMATIC = 3  /* 5 rows: no relative rotation, the anchors move along the axis  */
} world_joint_type;

typedef struct world_joint {
    world_joint_type type;
    int a, b;            /* body indices; a may be WORLD_GROUND                             */
    double pa[3], pb[3]; /* the anchor in a's and b's body frames (a = ground: world frame) */
    double axis_a[3], axis_b[3]; /* revolute or prismatic axis in each body frame          */
    double qrel0[4];     /* conj(q_a) q_b at creation (weld, prismatic, the revolute angle) */
    int has_limit;       /* revolute, prismatic: lo <= position <= hi                       */
    double lo, hi;       /* limits (rad or m), position 0 at creation                       */
    int has_drive;       /* revolute, prismatic: a PD drive toward target (world_set_drive)  */
    double target, target_velocity; /* drive targets (rad or m, rad/s or m/s)                */
    double kp, kd;       /* drive gains: force = kp (target - q) + kd (target_velocity - qd),
                            implicit in the step (N/m or N m/rad, N s/m or N m s/rad)       */
    double lambda[6];    /* last forces of the joint rows (N, N m): warm start, output      */
    double limit_lambda; /* last force of the limit row (0 when inactive)                   */
    double drive_lambda; /* last force of the drive row                                     */
} world_joint;

typedef struct world_contact {
    int a, b;            /* bodies, normal from a to b; a may be WORLD_GROUND               */
    int feature;         /* which corner / face / edge pairing: (a, b, feature) matches a
                            contact across steps                                             */
    double p[3];         /* contact point (world), on a's surface                            */
    double t1[3], t2[3], n[3]; /* frame; v_n = n . (v_b(p) - v_a(p)) > 0 separates          */
    double gap;          /* signed distance along n (m), negative = penetration             */
    double mu, restitution;
    double vn_minus;     /* normal velocity before the step, (J u-)_n                        */
    int is_new;          /* no force in the previous step: restitution may apply            */
    double lambda[3];    /* (t1, t2, n) force (N): warm start in, answer out                */
} world_contact;

/* What the contact cache keeps of last step's contacts. */
typedef struct world_cached {
    int a, b, feature;
    double lambda[3];
} world_cached;

typedef enum world_storage {
    WORLD_STORAGE_AUTO = 0,  /* per island: block-sparse from 16 row groups when at most 40 %
                                of the blocks are nonzero (docs/methods.md), dense otherwise */
    WORLD_STORAGE_DENSE = 1, /* dense G (islands beyond dense_max_rows stay block-sparse)    */
    WORLD_STORAGE_SPARSE = 2 /* block-sparse G                                               */
} world_storage;

/* What the last step did (world.stats). */
typedef struct world_stats {
    int islands;         /* islands solved                                                   */
    int sparse_islands;  /* ... of which with a block-sparse G                              */
    int rows;            /* rows over all islands                                           */
    int contacts, joints_rows, limit_rows;
    int solves;          /* ct_solver_solve calls (islands x sub-steps)                      */
    int iterations;      /* their iterations (sweeps), summed                                */
    int reused_islands;  /* islands that kept the last step's G and factorization (reuse)    */
    int unconverged;     /* solves that did not meet the tolerance (a fixed sweep count's
                            CT_STATUS_ITERATIONS_DONE is not counted: world_fixed_sweeps)    */
    double max_residual; /* the largest info.ncp.absolute of the solves (N; N s for soft)    */
} world_stats;

typedef struct world_row world_row; /* private: one row of the step (world.c)               */

/* private: an island's setup kept across steps (reuse), known by the island's lowest body */
typedef struct world_kept {
    int valid, n, nbody, sparse, row_off;
    ct_method method;
    ct_real *G;          /* its dense G, or NULL (block-sparse: sp)                          */
    ct_sparse sp;
    ct_solver solver;    /* set up on G; workspace in the world's arena                      */
} world_kept;

typedef struct world {
    /* ---- parameters (set after world_init) ---- */
    double dt;           /* time step (s); default 1e-3                                      */
    int substeps;        /* sub-steps per step (>= 1; 1 for NEWTON_SOFT); default 1          */
    double gravity[3];   /* m/s^2; default (0, 0, -9.81)                                     */
    double margin;       /* contacts are detected when gap < margin + dt max(0, -v_n);
                            default 2e-3 m                                                    */
    double beta_contact; /* Baumgarte on penetration, [Tsounis25] eq. 91; default 0.2          */
    double max_push;     /* cap of the penetration bias (m/s); <= 0: no cap; default 0.1      */
    int relax;           /* 1: each sub-step solves twice, with the position corrections (the
                            positions move with that velocity) and without them (the velocity
                            kept): penetration and joint errors are corrected without adding
                            kinetic energy (Box2D v3's relax, a split impulse); default 0     */
    double beta_joint;   /* Baumgarte on joint errors, [Tsounis25] eq. 89; default 0.2         */
    double beta_limit;   /* Baumgarte on limit violations, [Tsounis25] eq. 90; default 0.2     */
    double restitution_threshold; /* no bounce below this approach speed; default 0.1 m/s  */
    double ground_mu;    /* friction of the ground; default 0.4                             */
    int ground;          /* 1: the ground plane z = 0 exists; default 1                      */
    int warm_start;      /* 1: warm-start lambda from the contact cache; default 1           */
    int islands;         /* 1: solve each island on its own; 0: one problem; default 1       */
    double reuse;        /* > 0: an island whose rows are those of the last step (the same
                            contacts, joints and limits in the same order) and whose bodies
                            moved less than this (m; a turn: times the bounding radius)
                            since its G was built keeps that G, its rows' J and the solver's
                            factorization, only g changes (the contact points and normals of
                            then); every island keeps its own while the memory of world_init
                            holds them; 0: off; default 0, the game preset 3e-4 m            */
    int carry_penalty;   /* ADMM (spectral rule): 1 starts each island's solve from the penalty
                            its last solve ended with (as admm.rho_power; the island is known
                            by its lowest body, kept while its row count does not change);
                            default 1                                                         */
    world_storage storage; /* default WORLD_STORAGE_AUTO                                      */
    ct_settings settings; /* the solver; default ct_default_settings()                       */
    /* NULL (default) or called after every solve of an island with the problem as solved (G,
       g in the solver's units: forces, or impulses for NEWTON_SOFT; rows [bilateral |
       unilateral | contacts] of the island), its answer lambda and report: a scenario can
       re-solve the same problem with another method */
    void (*solve_hook)(void *user, const ct_problem *p, const ct_real *lambda, const ct_info *info);
    void *solve_hook_user;

    /* ---- soft models: read only when settings.method == CT_METHOD_NEWTON_SOFT ----
       defaults: [Castro23] Sec. XI (k, d, tau_d, v_s) and Drake (sigma, beta) */
    ct_soft_model soft_model; /* CT_SOFT_SAP, _LAGGED, _SIMILAR or _CCP; default LAGGED      */
    int soft_ccp_mujoco; /* CT_SOFT_CCP's R and vref: 0 = ct_compliance_sap, 1 =
                            ct_compliance_mujoco with soft_solref, soft_solimp; default 0    */
    double soft_k;       /* contact stiffness k (N/m), every model; default 1e7              */
    double soft_d;       /* Hunt-Crossley dissipation d (s/m), LAGGED and SIMILAR; default 500 */
    double soft_tau_d;   /* SAP dissipation time scale tau_d (s); default 1e-3               */
    double soft_v_s;     /* stiction tolerance eps_s (m/s), LAGGED and SIMILAR; default 1e-4  */
    double soft_sigma;   /* SAP R_t = sigma w; LAGGED, SIMILAR eps_s = max(v_s, sigma w mu
                            gamma_n0) ([Castro23] eq. 26); default 1e-3                       */
    double soft_beta;    /* SAP near-rigid clamp R_n >= beta^2 w / (4 pi^2); default 1       */
    double soft_solref[2]; /* MuJoCo (timeconst s, dampratio); default (0.02, 1)             */
    double soft_solimp[5]; /* MuJoCo (dmin, dmax, width m, midpoint, power); default
                              (0.9, 0.95, 0.001, 0.5, 2)                                     */
    double soft_margin;  /* detection margin of soft contacts (m); default 1e-2              */
    double soft_joint_compliance; /* joint and limit rows: R_jj = this G_jj; default 1e-5   */

    /* ---- state ---- */
    int nbody, max_body;
    world_body *body;
    int njoint, max_joint;
    world_joint *joint;
    int ncontact, max_contact;
    world_contact *contact;
    double time;

    /* ---- last step ---- */
    int nb, nu, nc;      /* rows of the last step over all islands                           */
    ct_result result;    /* CT_OK, or the first error of a solve (that island got no forces) */
    ct_info info;        /* the report of the worst solve of the step (not converged first,
                            then the largest model residual)                                 */
    world_stats stats;
    double solve_seconds; /* wall time of the solver (setup and solves), summed over steps  */
    double step_seconds; /* wall time of world_step, summed over steps                      */
    int solves;          /* number of ct_solver_solve calls, summed over steps               */

    /* ---- private: buffers allocated by world_init ---- */
    int max_rows, max_groups, max_blocks, dense_max_rows, nrows, contact_row0;
    int ncache, cache_cap;
    world_cached *cache;
    int *cache_slot;     /* open-addressing table of cache indices (cache_cap, a power of 2) */
    world_row *row;
    int *grp_row, *grp_island, *grp_order, *grp_local, *grp_mark, *grp_cols, *grp_off;
    int *body_ptr, *body_grp, *body_island, *body_parent, *island_body, *island_ptr,
        *island_gptr, *sweep, *body_cur;
    double *inv_mass, *inv_I, *I_w, *uf, *body_rho, *rot, *reach;
    ct_real *g, *lam, *lamL, *vel, *mu, *R, *sval;
    int *srow_ptr, *scol;
    ct_real *phi0, *vn0, *kc, *dc, *vref;
    ct_soft soft;
    ct_sparse sp;        /* the block-sparse G of the island being assembled                 */
    ct_solver solver;    /* the solver of an island that is not kept                         */
    world_kept *kept;    /* max_body: the kept setups, by lowest body (reuse)                */
    world_row *frz_row;  /* the kept islands' rows and keys (frz_top used), poses by body    */
    int *frz_key, *frz_slot, frz_top;
    double *frz_pose;
    unsigned char *arena; /* the kept setups' G and workspaces (arena_top used), then the
                             scratch of the island being solved                             */
    size_t arena_bytes, arena_top;
} world;

/* Allocates for at most max_body bodies, max_joint joints and max_contact contacts. Returns
   CT_OK or CT_ERROR_OUT_OF_MEMORY. */
ct_result world_init(world *w, int max_body, int max_joint, int max_contact);
void world_free(world *w);

/* ---- bodies ---- */
/* Mass (kg) and principal inertia (kg m^2) of a uniform solid of density rho (kg/m^3). */
void world_mass_box(double rho, double hx, double hy, double hz, double *mass, double inertia[3]);
void world_mass_sphere(double rho, double radius, double *mass, double inertia[3]);
void world_mass_capsule(double rho, double radius, double half_length, double *mass,
                        double inertia[3]);
/* Bodies at rest with identity orientation, inertia of a uniform solid of that mass (mass 0:
   kinematic); return the index or -1 when full. */
int world_add_box(world *w, double hx, double hy, double hz, double mass, const double x[3]);
int world_add_sphere(world *w, double radius, double mass, const double x[3]);
int world_add_capsule(world *w, double radius, double half_length, double mass, const double x[3]);

/* ---- joints ---- */
/* A joint between a (or WORLD_GROUND) and b at a world anchor; the revolute or prismatic axis
   is a world direction. The current pose is the joint's reference (position 0). */
int world_add_joint(world *w, world_joint_type type, int a, int b, const double anchor[3],
                    const double axis[3]);
/* Revolute or prismatic: lo <= position <= hi (rad or m) */
void world_set_limit(world *w, int joint, double lo, double hi);
/* Revolute or prismatic: a PD drive, force = kp (target - q) + kd (target_velocity - qd),
   implicit (a compliant bilateral row: stable for any gains); kp = 0 makes a velocity motor */
void world_set_drive(world *w, int joint, double target, double target_velocity, double kp,
                     double kd);

/* ---- stepping ---- */
/* One time step. Returns CT_OK or the first error of a solve (the state advances in any case,
   an island whose solve failed without contact forces); w->info and w->stats report the step.
   Allocates nothing, except that a block-sparse island solved by a factoring method (ADMM,
   NEWTON) that does not fit the workspace sized at world_init falls back to dense storage,
   or reports CT_ERROR_WORKSPACE_TOO_SMALL when it is too large for that too. */
ct_result world_step(world *w);

/* The game preset (docs/engine.md): the settings chosen by measurement on stacks and pyramids
   at 60 Hz (bench/engine_world.c --study): ADMM_NCP stopped at the relative error 1e-4, at
   most 50 iterations. world_use_game_preset applies them with one sub-step and the penalty
   carried across steps. */
ct_settings world_game_settings(void);
void world_use_game_preset(world *w);
/* Make s run exactly `sweeps` iterations (a fixed cost per solve): s.stop = CT_STOP_NONE,
   status CT_STATUS_ITERATIONS_DONE, the residuals of the returned point still scored in
   info (by the Gauss-Seidel methods from their kept velocity, no product by G). */
void world_fixed_sweeps(ct_settings *s, int sweeps);

/* ---- queries ---- */
int world_joint_rows(const world_joint *j);
/* position error of the joint's anchors (m) and its angular error (rad) */
void world_joint_error(const world *w, int joint, double *position, double *angle);
/* revolute angle (rad) about the axis, or prismatic displacement (m) along it; 0 at creation */
double world_joint_angle(const world *w, int joint);
double world_kinetic_energy(const world *w);
/* world point of a body-frame point */
void world_body_point(const world_body *b, const double local[3], double out[3]);
/* velocity of body i's material point p (world); 0 for WORLD_GROUND */
void world_point_velocity(const world *w, int i, const double p[3], double out[3]);
/* An orthonormal contact frame for a unit normal n: t1 = world x projected on the tangent
   plane (world y when n is nearly x), t2 = n x t1; a ground contact gets t1 = x, t2 = y. */
void world_contact_frame(const double n[3], double t1[3], double t2[3]);
/* The 3x3 Delassus block of contact c (t1, t2, n), J M^-1 J^T at the current pose:
   the inverse apparent mass of the contact point, row-major. */
void world_contact_block(const world *w, int c, double B[9]);
/* The Jacobian rows of contact c on body i (3 rows of 6: linear, angular), 0 if i is not
   one of its bodies: v_contact = J_a u_a + J_b u_b. */
void world_contact_jacobian(const world *w, int c, int i, double J[18]);

/* Small vector helpers. */
void world_quat_from_axis_angle(const double axis[3], double angle, double q[4]);
void world_quat_rotate(const double q[4], const double v[3], double out[3]);

#ifdef __cplusplus
}
#endif
#endif /* WORLD_H_INCLUDED */
