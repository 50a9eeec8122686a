/* scenarios.h - the physical scenarios of seeds 000, 001, 002 and 003 on the world of world.h.

   Each scenario builds a world, runs it with one ct method, optionally writes its trajectory
   as CSV, and returns its oracle error: the distance between what the bodies did and what the
   model predicts (analytical answers where they exist). The demo (demo.c) prints them as a
   table; tests/test_world.c asserts them. Units: SI; forces in N (the world solves for
   forces). */
#ifndef SCENARIOS_H_INCLUDED
#define SCENARIOS_H_INCLUDED

#include <stdio.h>

#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_opts {
    ct_method method;
    double dt;           /* time step (s)                                                   */
    double tol;          /* tol_abs of every solve (N)                                      */
    int max_iter;        /* iterations per solve at most                                    */
    double beta_joint;   /* Baumgarte coefficient of joint rows ([Tsounis25] eq. 89)        */
    ct_soft_model soft_model; /* method NEWTON_SOFT: the model (world.soft_model)            */
    int ccp_mujoco;      /* CT_SOFT_CCP: 1 = MuJoCo's R (world.soft_ccp_mujoco), 0 = SAP's   */
    FILE *csv;           /* trajectory (a header line, then one row per step), or NULL     */
} sc_opts;

typedef struct sc_result {
    double err;          /* the oracle error; its meaning and unit: see each scenario       */
    double value[6];     /* scenario-specific quantities (see each scenario)                */
    double solve_us;     /* mean wall time of ct_solve per step (microseconds)              */
    int steps;           /* steps run                                                       */
    int unconverged;     /* steps whose solve stopped before the tolerance                  */
    int failed;          /* steps where ct_solve returned an error                          */
    double max_residual; /* largest info.model.absolute of any step (N): the residual in the
                            method's own model (NCP, CCP, LCP or Signorini)                  */
    const char *skip;    /* not NULL: the scenario did not run, and why                     */
} sc_result;

/* dt 1e-3 s, tol 1e-9 N, max_iter 2000, beta_joint 0.2, soft model LAGGED (SAP's R for
   CT_SOFT_CCP), no CSV; the soft parameters are the world's defaults (world.h) */
sc_opts sc_default_opts(ct_method method);

/* [LeLidec24] Fig. 10. 1 kg cube (side 0.2 m, mu 0.4) sliding from v0 along x.
   err = max |E_kin - 1/2 m (v0 - mu g t)^2| / E_kin(0) until the predicted stop;
   value[0] = time of the stop (speed < 1e-6 m/s), value[1] = predicted v0 / (mu g). */
sc_result sc_slide_energy(const sc_opts *o, double v0);

/* [LeLidec24] Fig. 11-12. The same cube at rest pushed at its centre by F = 20 t N (F evaluated
   at the start of each step) until t = 1 s. Analytical: stick until t* = mu m g / 20, then
   x = 10/3 (t - t*)^3. err = max relative error of x for t* + 0.05 <= t <= 1;
   value[0] = onset (start of the first step that ends with speed > 1e-6 m/s), value[1] = t*. */
sc_result sc_drag(const sc_opts *o);

/* [LeLidec24] Fig. 9. The cube sliding from v0 = 1 m/s at angle_deg from the contacts' t1
   (world x). The LCP pyramid decelerates each tangential component by mu g separately, so
   the path bends; NCP and CCP slide straight. err = |drift - predicted| (m), the predicted
   drift (perpendicular to v0) is 0 for an isotropic cone and the pyramid's for LCP;
   value[0] = drift (m), value[1] = stop time (s), value[2] = predicted drift,
   value[3] = ||sum lambda_T|| / (mu sum lambda_n) at the 5th step (sqrt 2 for LCP on a
   diagonal, 1 otherwise). */
sc_result sc_slide_angle(const sc_opts *o, double angle_deg);

/* [LeLidec24] after eq. 19 (Anitescu's distance). The cube sliding at 1 m/s; a CCP model makes
   it take off, land and glide at the gap dt mu ||v_T|| (needs the speculative bias).
   err = max |gap / (dt mu ||v_T||) - 1| over the glide after the first landing for CCP
   models, max gap / (dt mu ||v_T||) for the others (which should not glide);
   value[0] = landing time (s, -1 if none), value[1] = mean gap of the glide (m),
   value[2] = the predicted gap at that time. */
sc_result sc_glide(const sc_opts *o);

/* [LeLidec24] Fig. 12 right. The cube at rest pushed by 1 N (below mu m g: it sticks) for 50
   steps. The corner forces are not unique (G has rank 6 of 12); the internal force is the
   part of lambda in the null space of G (it moves nothing).
   err = max over corners of ||lambda_i - lambda_min,i|| / 1 N, lambda_min the minimum-norm
   lambda with the same G lambda; value[0..3] = the corners' y forces (N). */
sc_result sc_internal_forces(const sc_opts *o);

/* [LeLidec24] Fig. 13 (its 2cubes example). A 1e3 kg cube dropped onto a 1e-3 kg cube (side
   0.2 m, floor mu 0.9, cube mu 0.95) from a/50 and 3a/50 above rest, 200 steps.
   err = max over the last 100 steps of the distance of both cubes from their resting
   positions (m); value[0] = the top cube's final height error, value[1] = horizontal drift. */
sc_result sc_stack(const sc_opts *o);

/* [Carpentier24] Fig. 1. A wall of 5 rows of 3 cubes (side 0.2 m), masses 1, 10, 100, 1e3, 1e4 kg
   from the bottom row, hit at its second row by a 1e3 kg ball at 2 m/s, for 0.2 s.
   err = the deepest penetration of any contact over the run (m); value[0] = the bottom row's
   largest displacement (m). */
sc_result sc_wall(const sc_opts *o);

/* A ball (radius 0.1 m) dropped from 1 m above the ground, restitution e = 0.8: it bounces to
   e^2 1 m. err = |apex - e^2 h0| / (e^2 h0) at the first apex; value[0] = the apex (m). */
sc_result sc_ball_bounce(const sc_opts *o);

/* [Tsounis25] Table II. A parallelogram four-bar (crank and rocker 0.3 m, ground and coupler
   0.4 m, four revolute joints: 20 rows for 18 velocities, 3 redundant), released from rest
   at -60 degrees under gravity, for `steps` steps. err = max loop-closure error (the largest
   joint anchor separation, m); value[0] = its max over the first half, value[1] = over the
   second half, value[2], value[3] = the smallest and largest crank angle (rad). */
sc_result sc_fourbar(const sc_opts *o, int steps);

/* [Tsounis25] Table II. A nunchuk: three sticks chained by two ball joints, thrown spinning onto
   the ground, 1 s. err = max joint anchor separation (m); value[0] = its final value. */
sc_result sc_nunchuk(const sc_opts *o);

/* A rod on a revolute joint with a limit at 60 degrees and a tip welded to it (mass ratio
   1e3, [Tsounis25]'s "Boxes-Fixed"), released horizontal, 1 s. err = the largest limit violation
   (rad); value[0] = the largest weld error (m), value[1] = the final angle (rad). */
sc_result sc_limit_weld(const sc_opts *o);

/* [LeLidec24] Fig. 11 and 15. The drag scenario for 0.5 s at dt = 1e-2, 1e-3 and 1e-4 s against
   the same method at 1e-5 s, by the integral consistency error sum_t ||x(t) - x_ref(t)|| dt
   (x the cube's centre). value[0..2] = the errors (m s) at 1e-2, 1e-3, 1e-4; err = value[1].
   o->dt is ignored. */
sc_result sc_consistency(const sc_opts *o);

/* The name of the contact model a run uses: the flavor (NCP, CCP, LCP, Signorini) or, for
   NEWTON_SOFT, the soft model (SAP, Lagged, Similar, CCP-SAP, CCP-MuJoCo). */
const char *sc_model_name(const sc_opts *o);

/* [Castro23] Sec. XI-B. A solid steel-like sphere (0.5 kg, radius 0.025 m, mu 0.5) starts on the
   ground sliding at v0 = 2 m/s without spin. Friction at the contact point conserves the
   angular momentum about it, m v r + I w, so it rolls without slipping at (5/7) v0 =
   1.4286 m/s once the slide ends, whatever the model (soft models at their default k, d,
   tau_d). Run 0.4 s. err = |v_final / ((5/7) v0) - 1|; value[0] = v_final (m/s),
   value[1] = the end of the slide (the time from which the contact point's slip stays
   below 1e-3 m/s, -1 if it still slips at the end), value[2] = the final slip speed (m/s), value[3] = the highest centre height above
   r during the run (m, the Similar / SAP launch). */
sc_result sc_sphere_roll(const sc_opts *o);

/* [Castro23] eq. 24 and Table I (gliding). The [LeLidec24] cube (1 kg, side 0.2 m, mu 0.4)
   slides at 1 m/s with a soft model (NEWTON_SOFT only; other methods: skip), started at the
   model's glide height with zero normal velocity, then comes to rest; 0.45 s. Its bottom (the
   mean height h of its 4 lowest corners) glides at
       h = c ||v_T|| + h_rest,   c = mu (dt + tau_d) (SAP, CCP-SAP), mu dt (Similar), 0 (Lagged)
   above the resting height h_rest, the mean penetration under the weight:
       Lagged, Similar: -m g / (4 k) (Similar while sliding: -m g / (4 k (1 + d mu ||v_T||)),
       the stiffness modulation of Table I); SAP: -(dt + tau_d) R_n m g dt / (4 f), R_n =
       max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d))), f = 1 / (1 + mu^2 R_t / R_n) while
       sliding, 1 at rest (w from the world's G; the beta clamp makes the SAP cube softer).
   SAP's impulse sees phi0 + (dt + tau_d) v_n, so while the glide sinks with the slowing slip
   (v_n < 0) its bottom sits tau_d |v_n| higher: h_pred = c ||v_T|| + h_rest - tau_d v_n (SAP).
   Glide window: 0.02 s <= t and ||v_T|| >= 0.2 m/s.
   err = max |h - h_pred| / (c ||v_T||) over the window for SAP and Similar (relative), and
   max |h - h_rest| (m) for Lagged (it must not glide); value[0] = the same relative error
   against eq. 24 as printed (h_pred = c ||v_T|| + h_rest, steady v_n = 0; 0 for Lagged),
   value[1] = mean c ||v_T|| (m), value[2] = the stop time (s), value[3] = the measured resting
   h 0.1 s after the stop (m), value[4] = the predicted h_rest (m), value[5] = the effective
   stiffness m g / (-4 h_rest_pred) per corner (N/m). */
sc_result sc_soft_glide(const sc_opts *o);

/* Penetration correction. A 1 kg cube (side 0.2 m) started 5 mm inside the ground at rest, 1 s
   at o->dt. mode 0: Baumgarte uncapped (max_push = 0), 1: capped at the default max_push,
   2: the relax pass. err = the fastest upward velocity (m/s); value[0] = the largest kinetic
   energy (J), value[1] = the highest the bottom rose above the ground (m), value[2] = beta r /
   dt, the velocity uncapped Baumgarte gives. */
sc_result sc_deep_start(const sc_opts *o, int mode);

/* Games. A stack of `boxes` cubes (side 1 m, 1 kg, friction 0.5) at 60 Hz for 10 s (o->dt and
   the solver settings are ignored). preset 1: world_use_game_preset; 0: PGS_NCP with exactly
   10 sweeps (Bullet's default budget). err = the largest distance of a cube from its start (m);
   value[0] = the kinetic energy at the end (J), value[1] = the deepest contact at the end (m),
   value[2] = the mean wall time of world_step (us). */
sc_result sc_game_stack(const sc_opts *o, int boxes, int preset);

#ifdef __cplusplus
}
#endif
#endif /* SCENARIOS_H_INCLUDED */
