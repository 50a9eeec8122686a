/* world.h - a small rigid-body world on top of contact.h (examples/world).

   What it shows: the whole path of an engine that uses contact.h for one time step.
       1. collision detection with a margin: box and sphere bodies, a ground plane z = 0,
          box-box contacts for aligned stacks; each contact a frame (t1, t2, n), NORMAL LAST
       2. the Jacobian J of joints (ball, revolute, weld: bilateral rows), joint limits
          (unilateral rows) and contacts, rows in contact.h's order [bilateral | unilateral | 3 nc]
       3. the mass matrix M, the free velocity u_free = u + dt M^-1 h, and
          G = J M^-1 J^T, g = J u_free with ct_delassus_from_mj
       4. the biases of [Tsounis25] Sec. V-C folded into g (normal rows only for contacts)
       5. ct_solve with any method (w->settings.method), warm-started from a per-contact-pair
          cache ([LeLidec24] Sec. III-E)
       6. semi-implicit Euler: u+ = u_free + M^-1 J^T lambda dt, x += dt v+, q += dt/2 w+ q

   The problem is solved for forces ([LeLidec24]'s scaling: g and the biases divided by dt), so
   the lambdas stored in joints and contacts are in newtons and the solver tolerance is in N.

   SOFT MODELS. With settings.method = CT_METHOD_NEWTON_SOFT the contacts are compliant (seed
   002: CT_SOFT_SAP, CT_SOFT_LAGGED, CT_SOFT_SIMILAR, or CT_SOFT_CCP with a compliance R; the
   soft_* parameters below). Then the world
       - adds nothing to g on contact rows (no Baumgarte, no speculative gap/dt, no
         restitution: g = J u_free; the impulse depends on phi0 + dt v_n, [Castro23] eq. 6, so a
         bias would count the penetration twice); the penetration enters through
         the per-contact phi0 of ct_soft (and, for CT_SOFT_CCP only, the compliance helper's
         reference velocity vref, which is that model's spring);
       - solves in impulses (the kernels take dt): g is not divided by dt, lambda is in N s,
         tol_abs is multiplied by dt; the lambdas stored in joints and contacts are still forces
         (the impulse / dt) so everything downstream reads newtons;
       - detects contacts while gap < soft_margin + dt max(0, -v_n) + (dt + tau_d) mu ||v_T||,
         so the models' action at a distance (Similar, SAP, gliding) is never cut off;
       - gives joint and limit rows the compliance R = soft_joint_compliance G_jj (their
         regularized CCP; NEWTON_SOFT needs R > 0 there) and keeps their Baumgarte bias.

   Bodies live in world coordinates: position x, unit quaternion q = (w, x, y, z) body-to-world,
   linear velocity v, angular velocity w (world frame). The ground is not a body (index -1).

   Everything is allocated by world_init; world_step does not allocate. */
#ifndef WORLD_H_INCLUDED
#define WORLD_H_INCLUDED

#include "contact.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WORLD_GROUND (-1)

typedef enum world_shape { WORLD_BOX = 0, WORLD_SPHERE = 1 } world_shape;

typedef struct world_body {
    world_shape shape;
    double half[3];      /* box half extents (m); sphere: half[0] is the radius            */
    double mass;         /* kg                                                              */
    double inertia[3];   /* principal moments in the body frame (kg m^2)                    */
    double mu;           /* friction, or < 0 (the default): unset. A pair uses the smaller of
                            its bodies' set values, the ground's is ground_mu; none set:
                            ground_mu                                                        */
    double restitution;  /* Newton's coefficient; a pair uses the larger of the two         */
    double x[3], q[4];   /* pose: centre of mass, unit quaternion (w, x, y, z)               */
    double v[3], w[3];   /* twist in world coordinates                                       */
    double force[3];     /* external force at the centre of mass (N), held until changed    */
    double torque[3];    /* external torque (N m), world frame                              */
} world_body;

typedef enum world_joint_type {
    WORLD_BALL = 0,      /* 3 rows: the anchors coincide                                   */
    WORLD_REVOLUTE = 1,  /* 5 rows: the anchors coincide and the axes stay aligned         */
    WORLD_WELD = 2       /* 6 rows: the anchors coincide and the relative rotation is fixed */
} world_joint_type;

typedef struct world_joint {
    world_joint_type type;
    int a, b;            /* body indices; a may be WORLD_GROUND                             */
    double pa[3], pb[3]; /* the anchor in a's and b's body frames (a = ground: world frame) */
    double axis_a[3], axis_b[3]; /* revolute axis in each body frame                         */
    double qrel0[4];     /* conj(q_a) q_b at creation (weld and the revolute angle)         */
    int has_limit;       /* revolute only: lo <= angle <= hi                                */
    double lo, hi;       /* limit angles (rad), angle 0 at creation                          */
    double lambda[6];    /* last forces of the bilateral rows (N, N m): warm start, output  */
    double limit_lambda; /* last force of the limit row (0 when inactive)                   */
} world_joint;

typedef struct world_contact {
    int a, b;            /* bodies, normal from a to b; a may be WORLD_GROUND               */
    int feature;         /* which corner / face pairing: (a, b, feature) is the cache key    */
    double p[3];         /* contact point (world)                                            */
    double t1[3], t2[3], n[3]; /* frame; v_n = n . (v_b(p) - v_a(p)) > 0 separates          */
    double gap;          /* signed distance along n (m), negative = penetration             */
    double mu, restitution;
    double vn_minus;     /* normal velocity before the step, (J u-)_n                        */
    int is_new;          /* no force in the previous step: restitution may apply            */
    double lambda[3];    /* (t1, t2, n) force (N): warm start in, answer out                */
} world_contact;

/* What the cache keeps of last step's contacts ([LeLidec24] Sec. III-E). */
typedef struct world_cached {
    int a, b, feature;
    double lambda[3];
} world_cached;

typedef struct world {
    /* ---- parameters (set after world_init) ---- */
    double dt;           /* time step (s); default 1e-3                                      */
    double gravity[3];   /* m/s^2; default (0, 0, -9.81)                                     */
    double margin;       /* contacts are detected when gap < margin + dt max(0, -v_n);
                            default 2e-3 m (at least 1e-3 m)                                  */
    double beta_contact; /* Baumgarte on penetration, [Tsounis25] eq. 91; default 0.2          */
    double beta_joint;   /* Baumgarte on joint errors, [Tsounis25] eq. 89; default 0.2         */
    double beta_limit;   /* Baumgarte on limit violations, [Tsounis25] eq. 90; default 0.2     */
    double restitution_threshold; /* no bounce below this approach speed; default 0.1 m/s  */
    double ground_mu;    /* friction of the ground; default 0.4                             */
    int ground;          /* 1: the ground plane z = 0 exists; default 1                      */
    int warm_start;      /* 1: warm-start lambda from the cache; default 1                   */
    ct_settings settings; /* the solver; default ct_default_settings()                       */

    /* ---- soft models: read only when settings.method == CT_METHOD_NEWTON_SOFT ----
       defaults: [Castro23] Sec. XI (k, d, tau_d, v_s) and Drake (sigma, beta) */
    ct_soft_model soft_model; /* CT_SOFT_SAP, _LAGGED, _SIMILAR or _CCP; default LAGGED      */
    int soft_ccp_mujoco; /* CT_SOFT_CCP's R and vref: 0 = ct_compliance_sap (the SAP model's
                            compliance as a CCP), 1 = ct_compliance_mujoco with soft_solref,
                            soft_solimp; default 0                                           */
    double soft_k;       /* contact stiffness k (N/m), every model; default 1e7              */
    double soft_d;       /* Hunt-Crossley dissipation d (s/m), LAGGED and SIMILAR; default 500 */
    double soft_tau_d;   /* SAP dissipation time scale tau_d (s) (SAP, and CCP with SAP's R);
                            default 1e-3                                                      */
    double soft_v_s;     /* stiction tolerance eps_s (m/s), LAGGED and SIMILAR; default 1e-4  */
    double soft_sigma;   /* SAP R_t = sigma w; LAGGED, SIMILAR eps_s = max(v_s, sigma w mu
                            gamma_n0) ([Castro23] eq. 26); dimensionless; default 1e-3         */
    double soft_beta;    /* SAP near-rigid clamp R_n >= beta^2 w / (4 pi^2); default 1       */
    double soft_solref[2]; /* MuJoCo (timeconst s, dampratio); default (0.02, 1)             */
    double soft_solimp[5]; /* MuJoCo (dmin, dmax, width m, midpoint, power); default
                              (0.9, 0.95, 0.001, 0.5, 2)                                     */
    double soft_margin;  /* detection margin of soft contacts (m); default 1e-2              */
    double soft_joint_compliance; /* joint and limit rows: R_jj = this G_jj (dimensionless:
                            the row yields by this fraction of its rigid response);
                            default 1e-5 (docs/physics.md: smaller stalls Newton in impacts) */

    /* ---- state ---- */
    int nbody, max_body;
    world_body *body;
    int njoint, max_joint;
    world_joint *joint;
    int ncontact, max_contact;
    world_contact *contact;
    int ncache;
    world_cached *cache;
    double time;

    /* ---- last step ---- */
    int nb, nu, nc;      /* rows of the last problem                                         */
    ct_result result;    /* what ct_solve returned (CT_OK when there was nothing to solve)  */
    ct_info info;        /* its report                                                      */
    double solve_seconds; /* wall time of ct_solve, summed over steps                        */
    int solves;          /* number of ct_solve calls                                         */

    /* ---- buffers (allocated once) ---- */
    ct_workspace ws;
    void *ws_mem;        /* the workspace's memory (ct_workspace_init does not own it)     */
    int max_rows;
    ct_real *M, *J, *G, *g, *uf, *lam, *vel, *mu, *scratch;
    double *bias;
    ct_real *R, *vref;   /* (rows) soft models: compliance and CT_SOFT_CCP's reference velocity */
    ct_real *phi0, *vn0, *kc, *dc; /* (max_contact) the ct_soft arrays                      */
    ct_soft soft;        /* the last soft problem's model data                              */
    int *limit_of_row;   /* unilateral row -> joint                                          */
} world;

/* Allocates for at most max_body bodies, max_joint joints and max_contact contacts (each of
   them fixes the problem size ct_solve may see). Returns CT_OK or CT_ERROR_OUT_OF_MEMORY. */
ct_result world_init(world *w, int max_body, int max_joint, int max_contact);
void world_free(world *w);

/* Bodies at rest with identity orientation; return the index or -1 when full. */
int world_add_box(world *w, double hx, double hy, double hz, double mass, const double x[3]);
int world_add_sphere(world *w, double radius, double mass, const double x[3]);

/* A joint between a (or WORLD_GROUND) and b at a world anchor; the revolute axis is a world
   direction. The current pose is the joint's reference (angle 0, weld rotation). */
int world_add_joint(world *w, world_joint_type type, int a, int b, const double anchor[3],
                    const double axis[3]);
void world_set_limit(world *w, int joint, double lo, double hi);

/* One time step. Returns what ct_solve returned (the state advances in any case, with the
   forces ct_solve produced); w->info has the solve's status and residuals. */
ct_result world_step(world *w);

/* Queries. */
int world_joint_rows(const world_joint *j);
/* position error of the joint's anchors (m) and its angular error (rad) */
void world_joint_error(const world *w, int joint, double *position, double *angle);
/* revolute angle (rad) about the axis, 0 at creation */
double world_joint_angle(const world *w, int joint);
double world_kinetic_energy(const world *w);
/* world point of a body-frame point */
void world_body_point(const world_body *b, const double local[3], double out[3]);

/* Small vector helpers the scenarios use. */
void world_quat_from_axis_angle(const double axis[3], double angle, double q[4]);
void world_quat_rotate(const double q[4], const double v[3], double out[3]);

#ifdef __cplusplus
}
#endif
#endif /* WORLD_H_INCLUDED */
