/* tests/test_scenes.c - short runs of the papers' larger experiments (examples/world/scenes.h):
   the quadruped's joint-space contact problems re-solved against the NCP ([Hwangbo18] Fig. 6),
   [Castro23]'s belt, sphere and rod with a coarse time-step convergence, and the wall of
   [Carpentier24] converging with HYBRID_NCP, [Tsounis25]'s loops with contact and limits, and
   [LeLidec24]'s internal forces and errors against the NCP. Links world.c, scenarios.c and the
   scenes_*.c files; built in double and double + sanitizers (the oracles are double physics).
   scenes_demo runs the same with longer runs and finer steps. */
#include "scenes.h"
#include "harness.h"

/* standing and pushed for 0.35 s: every step's joint-space problem re-solved; the bisection
   on the NCP (RAISIM_DS) agrees with NEWTON_NCP at 1e-12 N s on every solve, RaiSim's own
   model (Preclik's) within 1 % on most of them, and the robot stays upright */
static void test_quadruped(void) {
    sc_opts o = sc_default_opts(CT_METHOD_ADMM_NCP);
    quad_stats st;
    sc_result r;
    int m;
    o.tol = 1e-6;
    o.max_iter = 500;
    r = quad_run(&o, QUAD_PUSH, 0.35, 1, &st);
    CHECK_EQ_INT(r.failed, 0);
    CHECKF(st.success, "push: tilt %.3f rad", st.criterion);
    CHECKF(st.samples >= 300, "samples %d", st.samples);
    CHECK_EQ_INT(st.ref_failed, 0);
    CHECKF(st.below_1pct_ds >= 0.99, "RAISIM_DS within 1 %% on %.3f", st.below_1pct_ds);
    CHECKF(st.below_1pct >= 0.5 && st.below_1pct <= 1, "RAISIM within 1 %% on %.3f", st.below_1pct);
    CHECKF(st.max_diff < 0.5, "RAISIM's largest difference %.3f", st.max_diff);
    for (m = 0; m < QUAD_METHODS; ++m)
        CHECKF(st.method_fail[m] <= 0.01, "%s failed on %.3f of the solves", ct_method_string(quad_methods[m]),
               st.method_fail[m]);
    /* upside down and dropped: the base passes through the ground, the feet catch it */
    r = quad_run(&o, QUAD_HANG, 0.9, 0, &st);
    CHECK_EQ_INT(r.failed, 0);
    CHECKF(st.success, "hang: base at %.3f m", st.criterion);
}

static void test_castro(void) {
    const double dts[3] = {1e-2, 5e-3, 2.5e-3};
    double err[3];
    sc_opts o = sc_default_opts(CT_METHOD_ADMM_NCP);
    sc_result r;
    /* the rigid NCP on the belt converges at first order to the rigid Coulomb ODE */
    r = castro_convergence(&o, CASTRO_BELT, dts, 3, 2.5e-4, 1.0, 0.01, 1, err);
    CHECK_EQ_INT(r.failed, 0);
    CHECKF(r.err > 0.8 && r.err < 1.2, "belt NCP order %.3f", r.err);
    CHECKF(err[2] < 2e-3, "belt NCP error %.3e m at 2.5e-3 s", err[2]);
    /* Lagged on the belt: no vertical motion; SAP glides */
    o = sc_default_opts(CT_METHOD_NEWTON_SOFT);
    o.tol = 1e-5;
    o.dt = 0.01;
    o.soft_model = CT_SOFT_LAGGED;
    castro_run(&o, CASTRO_BELT, 1.0, 0.01, NULL, &r);
    CHECKF(r.value[1] < 1e-4, "Lagged belt |v_z| %.3e", r.value[1]);
    o.soft_model = CT_SOFT_SAP;
    castro_run(&o, CASTRO_BELT, 1.0, 0.01, NULL, &r);
    CHECKF(r.value[1] > 1e-3, "SAP belt |v_z| %.3e", r.value[1]);
    /* the sphere dropped from 5 cm rolls at 5/7 v0; Lagged converges at first order */
    o.soft_model = CT_SOFT_LAGGED;
    o.dt = 2e-3;
    castro_run(&o, CASTRO_SPHERE, 0.4, 0.01, NULL, &r);
    CHECKF(fabs(r.value[0] / (5.0 / 7 * 2) - 1) < 1e-3, "sphere v_end %.5f", r.value[0]);
    r = castro_convergence(&o, CASTRO_SPHERE, dts, 3, 2.5e-4, 0.3, 0.01, 0, err);
    CHECKF(r.err > 0.7 && r.err < 1.3, "sphere Lagged order %.3f", r.err);
    /* the rod: Lagged at 1e-4 s jams and jumps early, at 2e-3 s it misses the impact */
    o.dt = 1e-4;
    castro_run(&o, CASTRO_ROD, 0.05, 1e-3, NULL, &r);
    CHECKF(r.value[2] > 0 && r.value[2] < 0.03, "rod at 1e-4 s: jump at %.4f s", r.value[2]);
    o.dt = 2e-3;
    castro_run(&o, CASTRO_ROD, 0.1, 2e-3, NULL, &r);
    CHECKF(r.value[2] == 0, "rod at 2e-3 s: jump at %.4f s", r.value[2]);
}

/* the wall converges on every step with HYBRID_NCP */
static void test_wall(void) {
    sc_opts o = sc_default_opts(CT_METHOD_HYBRID_NCP);
    sc_result r;
    o.tol = 1e-6;
    o.max_iter = 200;
    r = sc_wall(&o);
    CHECK_EQ_INT(r.failed, 0);
    CHECK_EQ_INT(r.unconverged, 0);
    CHECKF(r.err < 1e-4, "wall penetration %.3e m", r.err);
}

/* loops with contact and limits: the four-bar's loop stays closed through the coupler's
   impact; the chain overshoots its limits by at most one step's motion and its joints hold */
static void test_loops(void) {
    sc_opts o = sc_default_opts(CT_METHOD_ADMM_NCP);
    sc_result r;
    o.max_iter = 500;
    r = loop_fourbar_ground(&o, 0.5, 1);
    CHECK_EQ_INT(r.failed, 0);
    CHECKF(r.value[2] > 0, "the coupler never touched the ground");
    CHECKF(r.value[0] < 1e-4, "four-bar loop error %.3e m after the impact", r.value[0]);
    CHECKF(r.value[1] < 1e-4, "four-bar penetration %.3e m", r.value[1]);
    r = loop_chain_limits(&o, 6, 1.0);
    CHECK_EQ_INT(r.failed, 0);
    CHECKF(r.err > 0 && r.err <= r.value[0], "chain overshoot %.4f rad, one step %.4f rad", r.err, r.value[0]);
    CHECKF(r.value[1] < 5e-4, "chain joint error %.3e m", r.value[1]);
}

/* [LeLidec24] Fig. 12: PGS's corners pull on each other at stiction and let go while sliding,
   RaiSim's keep pulling, ADMM's never do; Fig. 11: the CCP's error against the NCP is first
   order, RaiSim's levels off */
static void test_lelidec(void) {
    sc_opts o = sc_default_opts(CT_METHOD_PGS_NCP);
    const double dts[2] = {1e-2, 1e-3};
    double err[2];
    sc_result r = ll_internal_forces(&o);
    CHECKF(r.value[0] > 0.1 && r.value[1] < 1e-6, "PGS_NCP internal %.3e N stuck, %.3e N sliding", r.value[0], r.value[1]);
    o = sc_default_opts(CT_METHOD_RAISIM);
    o.max_iter = 200;
    r = ll_internal_forces(&o);
    CHECKF(r.value[0] > 0.1 && r.value[1] > 0.05, "RAISIM internal %.3e N stuck, %.3e N sliding", r.value[0], r.value[1]);
    r = ll_error_vs_ncp(&o, dts, 2, 1e-4, 0.5, err);
    CHECKF(r.err < 0.5, "RAISIM's error against the NCP shrinks at order %.3f", r.err);
    o = sc_default_opts(CT_METHOD_ADMM_NCP);
    r = ll_internal_forces(&o);
    CHECKF(r.value[0] < 1e-6 && r.value[1] < 1e-6, "ADMM_NCP internal %.3e N stuck, %.3e N sliding", r.value[0], r.value[1]);
    o = sc_default_opts(CT_METHOD_ADMM_CCP);
    r = ll_error_vs_ncp(&o, dts, 2, 1e-4, 0.5, err);
    CHECKF(r.err > 0.8 && r.err < 1.2, "CCP's error against the NCP: order %.3f", r.err);
}

int main(void) {
    test_quadruped();
    test_castro();
    test_wall();
    test_loops();
    test_lelidec();
    return th_summary();
}
