/* scenes.h - the papers' larger experiments on the world of world.h: a quadruped ([Hwangbo18]),
   [Castro23]'s belt, rod and dropped sphere with their time-step convergence, loops with contact
   and limits ([Tsounis25]), [LeLidec24]'s errors against an NCP reference, and the wall of
   [Carpentier24] run to convergence. Each returns measured numbers and an oracle error in an
   sc_result (scenarios.h); scenes_demo.c prints them, tests/test_scenes.c asserts them. */
#ifndef SCENES_H_INCLUDED
#define SCENES_H_INCLUDED

#include "scenarios.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the quadruped ([Hwangbo18] Sec. V) ------------------------------------------------------
   A 36 kg quadruped in maximal coordinates: a 20 kg box base, four legs of three revolute joints
   (hip abduction about x, hip and knee flexion about y) with limits and implicit PD drives, and
   sphere feet (radius 3 cm, the shank's mass lumped at its foot): 13 bodies, 60 joint rows and
   12 drive rows, 18 degrees of freedom like ANYmal. Only the feet and the base collide (the
   base not at all in QUAD_HANG). */
typedef enum quad_task {
    QUAD_TROT = 0,   /* a trot from standing, diagonal pairs, 0.36 s period                */
    QUAD_HANG = 1,   /* dropped upside down from 1 m: the base passes through the ground and
                        the robot hangs below it by its feet                              */
    QUAD_DROP = 2,   /* dropped from 1 m with 1 m/s tangential velocity, PD holds the stance */
    QUAD_RANDOM = 3, /* thrown, PD toward random joint targets (1 rad^2 variance, clipped to
                        the limits), new targets every 0.25 s                              */
    QUAD_PUSH = 4,   /* standing, pushed sideways by 400 N for 0.1 s: recovers             */
    QUAD_TASKS = 5
} quad_task;

const char *quad_task_name(quad_task t);

/* the methods whose time per reduced contact problem quad_run measures ([Hwangbo18] Table II) */
#define QUAD_METHODS 6
extern const ct_method quad_methods[QUAD_METHODS];

typedef struct quad_stats {
    /* the world run (o->method drives it) */
    int success;         /* the task's own criterion (see quad_run) and no solver error      */
    double criterion;    /* the measured quantity of the task's criterion                   */
    double step_us;      /* median wall time of world_step (us)                             */
    double solve_us;     /* median wall time of the world's solves per step (us)            */
    double unconverged;  /* fraction of steps whose solve stopped before the tolerance       */
    /* RaiSim's agreement on the step's contact problem in joint space ([Hwangbo18] Fig. 6) */
    int samples;         /* steps with contact whose NCP reference met 1e-12 N s             */
    int ref_failed;      /* steps with contact whose reference did not                      */
    double below_1pct;   /* fraction of samples with |l_RAISIM - l_NCP| / |l_NCP| < 1 %      */
    double median_diff, p99_diff, max_diff; /* that relative difference                      */
    double below_1pct_ds; /* the same fraction for RAISIM_DS (the bisection on the Coulomb NCP
                            with the De Saxce estimate): the solver's share of the difference */
    int max_contacts;    /* most contacts in one step                                       */
    /* each method of quad_methods on the same joint-space problems, tol 1e-6 N s */
    double method_us[QUAD_METHODS];    /* median time per solve (us)                        */
    double method_iter[QUAD_METHODS];  /* median iterations per solve                       */
    double method_fail[QUAD_METHODS];  /* fraction of solves that did not meet 1e-6 N s      */
} quad_stats;

/* Runs `task` for `seconds` at o->dt with o->method driving the world (tol o->tol in N,
   o->max_iter). analyse = 1 also re-solves each step's contact problem, reduced to joint space
   (the joint and drive rows eliminated: the Delassus matrix of the contacts in generalized
   coordinates, as RaiSim sees it), with RAISIM and with NEWTON_NCP to 1e-12 N s, and times
   every method of quad_methods on it. Success criteria: TROT, PUSH, DROP, RANDOM: the base
   ends upright (its z axis within 45 degrees of vertical) and above 0.15 m, TROT moving
   forward at least 0.2 m/s on average, DROP coming to rest (speed < 0.05 m/s); HANG: the base
   hangs below the ground (z < -0.1 m) with every foot on it; RANDOM (it may fall): every joint
   holds within 1 mm and the base stays above the ground. criterion = TROT: the mean forward
   speed (m/s), HANG: the base height (m), RANDOM: the largest joint error (m), the others: the
   base tilt (rad). CSV: t, base x, y, z,
   tilt, contacts, diff. */
sc_result quad_run(const sc_opts *o, quad_task task, double seconds, int analyse, quad_stats *st);

/* ---- [Castro23] Sec. XI ------------------------------------------------------------------------
   CASTRO_BELT: a 1 kg box with 5 cm sides (mu 0.7) on a belt (a kinematic box) oscillating at
   1 Hz with 0.2 m amplitude, x_b = 0.2 sin(2 pi t); the box starts moving with the belt and
   alternates stick and slip. CASTRO_SPHERE: a 0.5 kg sphere of 5 cm diameter (mu 0.5) dropped
   from 5 cm with 2 m/s horizontal: it lands, slides, then rolls at 5/7 of its sliding speed.
   CASTRO_ROD: a 0.5 m rod of 1 cm diameter, 0.3 kg (a capsule), mu 2.3, its lower end on the
   ground leading at 10 m/s, 30 degrees up: friction turns it into the ground until it jams and
   jumps (Painleve). The rod uses [Castro23]'s dissipation d = 0.2 s/m, tau_d = 4e-6 s; the
   others the world's defaults (d = 500 s/m, tau_d = 1e-3 s, k = 1e7 N/m). */
typedef enum castro_scene { CASTRO_BELT = 0, CASTRO_SPHERE = 1, CASTRO_ROD = 2, CASTRO_SCENES = 3 } castro_scene;
const char *castro_scene_name(castro_scene s);

/* Runs the scene for T s with o (method, soft model, dt, tol). traj (or NULL) receives the
   tracked body's centre (x, y, z) at t = 0 and every sample_dt; returns the samples written.
   r->value[0] = the final vx (m/s); BELT: value[1] = the largest |vz| (m/s); ROD: value[1] =
   the highest centre (m), value[2] = the time its lowest point first rises 1 mm above the
   ground (the jump after the jam; 0: none). CSV: t, x,
   z, vx, vz, slip, fn, angle. */
int castro_run(const sc_opts *o, castro_scene sc, double T, double sample_dt, double *traj, sc_result *r);

/* The rigid Coulomb box on the belt as an ODE at 1e-6 s: its x every sample_dt (from t = 0). */
void castro_belt_exact(double T, double sample_dt, double *x_out);

/* [Castro23]'s convergence study: e(dt) = sqrt(mean over the samples of ||q - q_ref||^2), q the
   body's centre every sample_dt (a multiple of every dt) over T, q_ref the Lagged model at
   ref_dt, or with exact_ref on the belt the rigid ODE (castro_belt_exact; x and y only, for the
   rigid models). err[0..ndt) receives e(dts[d]); r.err = the order (least-squares slope of log e
   against log dt), r.value[0] = the order between the two smallest steps (a plateau: near 0),
   r.value[1] = between the two largest. */
sc_result castro_convergence(const sc_opts *o, castro_scene sc, const double *dts, int ndt, double ref_dt,
                             double T, double sample_dt, int exact_ref, double *err);

/* ---- loops with contact and limits ([Tsounis25] Table II) -----------------------------------
   A parallelogram four-bar (crank and rocker 0.3 m, ground link and coupler 0.4 m; the coupler a
   plate of 0.4 x 0.1 x 0.02 m; 1 kg each; four revolute joints: 20 rows on 18 velocities, 3
   redundant) hinged 0.25 m above the ground and released horizontal: the coupler swings down
   and hits the ground (ground = 0: the same swing without ground, the baseline). err = the
   largest loop-closure error (joint anchor separation, m) over the run; value[0] = the same from
   the first contact force on, value[1] = the deepest contact (m), value[2] = 1 if the coupler
   touched, value[3] = its final height (m). CSV: t, crank angle, loop error, coupler z,
   penetration, contacts. */
sc_result loop_fourbar_ground(const sc_opts *o, double T, int ground);

/* A chain of `links` links (0.2 m, 1 kg) hinged to the ground 1.5 m up and to each other about y,
   released horizontal; every joint but the first limited to +-0.3 rad: the chain swings down and
   slams its joints into their limits. A limit becomes a row once reached ([Tsounis25] eq. 29), so
   a joint may overshoot by the motion of one step. err = the largest limit violation (rad);
   value[0] = the largest one-step change of a joint angle (rad: the overshoot bound), value[1] =
   the largest joint anchor error (m), value[2] = the violation at the end (rad). CSV: t, max
   violation, one-step motion, joint error, tip z. */
sc_result loop_chain_limits(const sc_opts *o, int links, double T);

/* ---- [LeLidec24] Fig. 11 and 12: the dragged cube (1 kg, side 0.2 m, mu 0.4, F = 20 t N) ------
   Internal forces: the largest |f_y| of the four corners (N): the drag is along x and the net y
   force 0, so every corner's y force is internal (the corners pull on each other; [LeLidec24]
   Fig. 12 right plots them), 0.5 s at o->dt. err = value[0] = its maximum at stiction before sliding (0.05 s <= t
   <= t* - 0.01 s, t* = 0.196 s), value[1] = while sliding (t >= t* + 0.05 s). */
sc_result ll_internal_forces(const sc_opts *o);

/* Each model against the NCP: the drag for T s at each of dts (o: method, model, tol), against
   ADMM_NCP at ref_dt (1e-9 N), by [LeLidec24]'s integral error sum_t ||q(t) - q_ref(t)|| dt on
   the grid of dts[0] (each dt divides it). err[d] receives it (m s); r.err = the least-squares
   order, r.value[0] = the order between the two smallest steps (a model off the NCP levels off). */
sc_result ll_error_vs_ncp(const sc_opts *o, const double *dts, int ndt, double ref_dt, double T, double *err);

#ifdef __cplusplus
}
#endif
#endif /* SCENES_H_INCLUDED */
