/* demo.c - the showcase of examples/world: the scenarios of the papers and of the engine layer,
   one line each in plain words, with what should happen, what was measured, and PASS or FAIL.
   A model's known artifact (the CCP taking off, the LCP pyramid bending a slide, Gauss-Seidel
   stalling on a mass ratio) is that model's expected behaviour and is checked as such.

   Usage: world_demo [--help] [-o DIR] [-q] [-v] [--csv FILE] [--no-plots] [NAME...]
   Every trajectory is written to DIR/<scenario>_<method>.csv (DIR = build/world by default),
   the demo's own plots to DIR/<plot>.svg (named at the end). The exit status is 1 if a line FAILs
   or a scenario could not run. */
#include <stdio.h>
#include <string.h>
#if defined(_WIN32)
#include <direct.h>
#define MKDIR(d) _mkdir(d)
#else
#include <sys/stat.h>
#define MKDIR(d) mkdir((d), 0755)
#endif

#include "scenarios.h"
#include "svgplot.h"

typedef enum { S_SLIDE, S_DRAG, S_ANGLE30, S_DIAG45, S_GLIDE, S_INTERNAL, S_STACK, S_WALL,
               S_BALL, S_FOURBAR, S_NUNCHUK, S_LIMIT, S_CONSISTENCY, S_ROLL, S_SOFTGLIDE,
               S_PUSH, S_GAME } sc_id;

typedef struct run {
    sc_id id;
    const char *name;
    ct_method method;
    int slow;             /* skipped by -q                                              */
    int max_iter;         /* 0: sc_default_opts' 2000                                    */
    double tol;           /* 0: sc_default_opts' 1e-9 N                                  */
    int soft;             /* NEWTON_SOFT: the model (a ct_soft_model)                    */
    int mujoco;           /* CT_SOFT_CCP: 1 = MuJoCo's compliance, 0 = SAP's             */
    int arg;              /* S_PUSH: the mode; S_GAME: the preset                        */
    const char *what;     /* what happens, in plain words                               */
    const char *expect;   /* what should be measured                                    */
    double lo, hi;        /* PASS when lo <= measured <= hi                              */
    const char *unit;
    int artifact;         /* 1: the model's own known behaviour, expected                */
} run;

/* NEWTON_SOFT solves in impulses with tol_abs dt (1e-9 N -> 1e-12 N s at dt = 1e-3 s); the
   stiff Similar cube stalls on the cost criterion at about 3e-9 N s of law residual, so the
   soft runs ask 1e-5 N (1e-8 N s) */
#define SOFT_TOL 1e-5
#define SOFT CT_METHOD_NEWTON_SOFT
#define NONE 0, 0, 0, 0, 0
#define BIG 1e300

static const run runs[] = {
    {S_SLIDE, "slide_energy", CT_METHOD_PGS_NCP, 0, NONE, "a cube slides to a stop",
     "energy on 1/2 m (v0 - mu g t)^2 within 1 %", 0, 1e-2, "", 0},
    {S_SLIDE, "slide_energy", CT_METHOD_ADMM_NCP, 0, NONE, "a cube slides to a stop",
     "energy on 1/2 m (v0 - mu g t)^2 within 1 %", 0, 1e-2, "", 0},
    {S_SLIDE, "slide_energy", CT_METHOD_ADMM_CCP, 0, NONE, "a cube slides: the CCP lifts it",
     "flies above the Coulomb curve: 10-50 % off", 0.1, 0.5, "", 1},
    {S_SLIDE, "slide_energy", CT_METHOD_PGS_LCP, 0, NONE, "a cube slides along a pyramid facet",
     "energy on the Coulomb curve within 1 %", 0, 1e-2, "", 0},
    {S_SLIDE, "slide_energy", CT_METHOD_RAISIM, 0, 200, 0, 0, 0, 0, "a cube slides (RaiSim's model)",
     "energy on the Coulomb curve within 1 %", 0, 1e-2, "", 0},
    {S_DRAG, "drag", CT_METHOD_PGS_NCP, 0, NONE, "a cube pulled by F = 20 t N",
     "sticks, then x = 10/3 (t - t*)^3 within 1 %", 0, 1e-2, "", 0},
    {S_DRAG, "drag", CT_METHOD_ADMM_NCP, 0, NONE, "a cube pulled by F = 20 t N",
     "sticks, then x = 10/3 (t - t*)^3 within 1 %", 0, 1e-2, "", 0},
    {S_DRAG, "drag", CT_METHOD_ADMM_CCP, 0, NONE, "a cube pulled: the CCP glides",
     "lags the cubic by about 1 % (under 2 %)", 0, 2e-2, "", 1},
    {S_DRAG, "drag", CT_METHOD_RAISIM, 0, 200, 0, 0, 0, 0, "a cube pulled (RaiSim's model)",
     "slides early and ahead, over 5 % off", 0.05, BIG, "", 1},
    {S_ANGLE30, "slide_30deg", CT_METHOD_PGS_NCP, 0, NONE, "a cube slides 30 deg off the x axis",
     "goes straight: sideways drift under 1 um", 0, 1e-6, " m", 0},
    {S_ANGLE30, "slide_30deg", CT_METHOD_ADMM_CCP, 0, NONE, "a cube slides 30 deg off the x axis",
     "goes straight: sideways drift under 1 um", 0, 1e-6, " m", 0},
    {S_ANGLE30, "slide_30deg", CT_METHOD_PGS_LCP, 0, NONE, "a cube slides 30 deg: LCP's box friction",
     "path bends 20.2 mm, as predicted (0.1 mm)", 0, 1e-4, " m", 1},
    {S_DIAG45, "slide_45deg", CT_METHOD_PGS_NCP, 0, NONE, "a cube slides along the diagonal",
     "friction = mu f_n exactly", 0, 1e-6, "", 0},
    {S_DIAG45, "slide_45deg", CT_METHOD_PGS_LCP, 0, NONE, "a cube slides along the diagonal: LCP",
     "friction = sqrt(2) mu f_n, 41 % too much", 0, 1e-6, "", 1},
    {S_GLIDE, "ccp_glide", CT_METHOD_ADMM_CCP, 0, NONE, "a sliding cube takes off (CCP)",
     "glides at dt mu |v_T| within 1 %", 0, 1e-2, "", 1},
    {S_GLIDE, "ccp_glide", CT_METHOD_PGS_CCP, 0, NONE, "a sliding cube takes off (CCP)",
     "glides at dt mu |v_T| within 1 %", 0, 1e-2, "", 1},
    {S_GLIDE, "ccp_glide", CT_METHOD_PGS_NCP, 0, NONE, "a sliding cube (NCP)",
     "stays on the ground: gap under 1e-6 dt mu |v_T|", 0, 1e-6, "", 0},
    {S_INTERNAL, "internal_forces", CT_METHOD_PGS_NCP, 0, NONE, "a cube at rest pushed by 1 N",
     "corners pull each other: over 0.1 N", 0.1, BIG, " N", 1},
    {S_INTERNAL, "internal_forces", CT_METHOD_NBGS, 0, NONE, "a cube at rest pushed by 1 N",
     "corners pull each other: over 0.1 N", 0.1, BIG, " N", 1},
    {S_INTERNAL, "internal_forces", CT_METHOD_RAISIM, 0, NONE, "a cube at rest pushed by 1 N",
     "corners pull each other: over 0.1 N", 0.1, BIG, " N", 1},
    {S_INTERNAL, "internal_forces", CT_METHOD_ADMM_NCP, 0, NONE, "a cube at rest pushed by 1 N",
     "minimum-norm forces: internal under 1e-6 N", 0, 1e-6, " N", 0},
    {S_STACK, "stack_1e6", CT_METHOD_PGS_NCP, 0, NONE, "1000 kg cube dropped on a 1 g cube",
     "Gauss-Seidel stalls: sinks over 1 mm", 1e-3, BIG, " m", 1},
    {S_STACK, "stack_1e6", CT_METHOD_RAISIM, 0, 200, 0, 0, 0, 0, "1000 kg cube dropped on a 1 g cube",
     "Gauss-Seidel stalls: sinks over 1 mm", 1e-3, BIG, " m", 1},
    {S_STACK, "stack_1e6", CT_METHOD_STAGGERED, 0, 200, 0, 0, 0, 0, "1000 kg cube dropped on a 1 g cube",
     "rests: within 0.1 mm of its place", 0, 1e-4, " m", 0},
    {S_STACK, "stack_1e6", CT_METHOD_ADMM_NCP, 0, NONE, "1000 kg cube dropped on a 1 g cube",
     "rests: within 0.1 mm of its place", 0, 1e-4, " m", 0},
    {S_WALL, "wall_ball", CT_METHOD_PGS_NCP, 1, 200, 1e-6, 0, 0, 0, "ball hits a wall of 1 to 1e4 kg cubes",
     "Gauss-Seidel: contacts sink 0.1 to 20 mm", 1e-4, 2e-2, " m", 1},
    {S_WALL, "wall_ball", CT_METHOD_ADMM_NCP, 1, 500, 1e-6, 0, 0, 0, "ball hits a wall of 1 to 1e4 kg cubes",
     "contacts sink under 1 mm", 0, 1e-3, " m", 0},
    {S_BALL, "ball_bounce", CT_METHOD_ADMM_NCP, 0, NONE, "ball dropped 1 m, restitution 0.8",
     "bounces to e^2 h0 = 0.64 m within 1 %", 0, 1e-2, "", 0},
    {S_BALL, "ball_bounce", CT_METHOD_PGS_NCP, 0, NONE, "ball dropped 1 m, restitution 0.8",
     "bounces to e^2 h0 = 0.64 m within 1 %", 0, 1e-2, "", 0},
    {S_FOURBAR, "fourbar", CT_METHOD_ADMM_NCP, 0, NONE, "a four-bar linkage swings (redundant rows)",
     "loop stays closed within 10 um", 0, 1e-5, " m", 0},
    {S_FOURBAR, "fourbar", CT_METHOD_PGS_NCP, 0, NONE, "a four-bar linkage swings (redundant rows)",
     "loop stays closed within 10 um", 0, 1e-5, " m", 0},
    {S_NUNCHUK, "nunchuk", CT_METHOD_ADMM_NCP, 0, NONE, "a nunchuk thrown spinning at the ground",
     "joints hold within 0.1 mm through the impacts", 0, 1e-4, " m", 0},
    {S_NUNCHUK, "nunchuk", CT_METHOD_PGS_NCP, 0, NONE, "a nunchuk thrown spinning at the ground",
     "joints hold within 0.1 mm through the impacts", 0, 1e-4, " m", 0},
    {S_LIMIT, "limit_weld", CT_METHOD_ADMM_NCP, 0, NONE, "rod with a 1000x tip swings into a limit",
     "overshoots by about one step (under 5 mrad)", 0, 5e-3, " rad", 0},
    {S_CONSISTENCY, "dt_consistency", CT_METHOD_PGS_NCP, 1, NONE, "the drag at dt 1e-2 and 1e-3 vs 1e-5",
     "error shrinks over 20x per 10x dt", 20, BIG, "x", 0},
    {S_CONSISTENCY, "dt_consistency", CT_METHOD_ADMM_CCP, 1, NONE, "the drag at dt 1e-2 and 1e-3 vs 1e-5",
     "CCP glide: first order, 5-20x per 10x dt", 5, 20, "x", 1},
    {S_CONSISTENCY, "dt_consistency", CT_METHOD_PGS_LCP, 1, NONE, "the drag at dt 1e-2 and 1e-3 vs 1e-5",
     "error shrinks over 20x per 10x dt", 20, BIG, "x", 0},
    {S_CONSISTENCY, "dt_consistency", CT_METHOD_RAISIM, 1, 200, 0, 0, 0, 0, "the drag at dt 1e-2 and 1e-3 vs 1e-5",
     "Preclik's model: first order, 5-20x per 10x dt", 5, 20, "x", 1},
#define ROLL_WHAT "a sphere slides at 2 m/s, then rolls"
    {S_ROLL, "sphere_roll", CT_METHOD_ADMM_NCP, 0, NONE, ROLL_WHAT, "rolls at 5/7 v0 to 1e-9", 0, 1e-9, "", 0},
    {S_ROLL, "sphere_roll", CT_METHOD_ADMM_CCP, 0, NONE, ROLL_WHAT, "CCP glides: 5/7 v0 within 1 %", 0, 1e-2, "", 1},
    {S_ROLL, "sphere_roll", SOFT, 0, 0, SOFT_TOL, CT_SOFT_LAGGED, 0, 0, ROLL_WHAT, "rolls at 5/7 v0 within 0.1 %", 0, 1e-3, "", 0},
    {S_ROLL, "sphere_roll", SOFT, 0, 0, SOFT_TOL, CT_SOFT_SIMILAR, 0, 0, ROLL_WHAT, "launched, lands, 5/7 v0 within 1 %", 0, 1e-2, "", 1},
    {S_ROLL, "sphere_roll", SOFT, 0, 0, SOFT_TOL, CT_SOFT_SAP, 0, 0, ROLL_WHAT, "launched, glides, 5/7 v0 within 1 %", 0, 1e-2, "", 1},
    {S_ROLL, "sphere_roll", SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 0, 0, ROLL_WHAT, "launched, glides, 5/7 v0 within 1 %", 0, 1e-2, "", 1},
    {S_ROLL, "sphere_roll", SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 1, 0, ROLL_WHAT, "hovers, rolls 1-20 % too fast", 1e-2, 0.2, "", 1},
#define GLIDE_WHAT "a soft cube slides, then rests"
    {S_SOFTGLIDE, "soft_glide", SOFT, 0, 0, SOFT_TOL, CT_SOFT_SAP, 0, 0, GLIDE_WHAT, "glides at mu (dt + tau_d) |v_T| within 1 %", 0, 1e-2, "", 1},
    {S_SOFTGLIDE, "soft_glide", SOFT, 0, 0, SOFT_TOL, CT_SOFT_SIMILAR, 0, 0, GLIDE_WHAT, "glides at mu dt |v_T| within 1 %", 0, 1e-2, "", 1},
    {S_SOFTGLIDE, "soft_glide", SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 0, 0, GLIDE_WHAT, "glides at mu (dt + tau_d) |v_T| within 1 %", 0, 1e-2, "", 1},
    {S_SOFTGLIDE, "soft_glide", SOFT, 0, 0, SOFT_TOL, CT_SOFT_LAGGED, 0, 0, GLIDE_WHAT, "no glide: bottom within 1e-8 m of rest", 0, 1e-8, " m", 0},
    {S_PUSH, "push_uncapped", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0, 0, "cube started 5 mm deep, push uncapped",
     "thrown up at beta r / dt = 1.0 m/s", 0.9, 1.1, " m/s", 1},
    {S_PUSH, "push_capped", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0, 1, "cube started 5 mm deep (default world)",
     "pushed out at most max_push = 0.1 m/s", 0, 0.1 + 1e-9, " m/s", 0},
    {S_PUSH, "push_relax", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0, 2, "cube started 5 mm deep, relax pass",
     "moved out, no velocity: under 1 mm/s", 0, 1e-3, " m/s", 0},
    {S_GAME, "stack10_game", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0, 1, "10 cubes stacked, 60 Hz, game preset",
     "stand still: drift under 1 mm in 10 s", 0, 1e-3, " m", 0},
    {S_GAME, "stack10_budget", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0, 0, "10 cubes stacked, 60 Hz, 10 PGS sweeps",
     "walk (as Bullet's 10 iterations): over 1 mm", 1e-3, BIG, " m", 1},
};

/* the CSV label of a run: the method, or SOFT_<model> for NEWTON_SOFT */
static const char *label(const sc_opts *o, char *buf, size_t size) {
    if (o->method != CT_METHOD_NEWTON_SOFT) return ct_method_string(o->method);
    snprintf(buf, size, "SOFT_%s", sc_model_name(o));
    return buf;
}

/* runs one scenario; *measured receives the value the line checks, extra the details */
static sc_result run_one(const run *rn, const sc_opts *o, double *measured, char *extra, size_t n) {
    sc_result r;
    extra[0] = 0;
    switch (rn->id) {
    case S_SLIDE:
        r = sc_slide_energy(o, 1.0);
        snprintf(extra, n, "stop %.3f s (MDP %.3f s)", r.value[0], r.value[1]);
        break;
    case S_DRAG:
        r = sc_drag(o);
        snprintf(extra, n, "onset %.3f s (t* %.4f s)", r.value[0], r.value[1]);
        break;
    case S_ANGLE30:
        r = sc_slide_angle(o, 30);
        snprintf(extra, n, "drift %.2e m (model %.2e), stop %.3f s", r.value[0], r.value[2], r.value[1]);
        break;
    case S_DIAG45: {
        ct_settings s = ct_default_settings();
        double expect;
        r = sc_slide_angle(o, 45);
        s.method = o->method;
        expect = ct_method_flavor(&s) == CT_FLAVOR_LCP ? 1.4142135623730951 : 1.0;
        r.err = r.value[3] > expect ? r.value[3] - expect : expect - r.value[3];
        snprintf(extra, n, "friction = %.4f mu fn", r.value[3]);
        break;
    }
    case S_GLIDE:
        r = sc_glide(o);
        snprintf(extra, n, "mean gap %.3e m (dt mu v_T %.3e)", r.value[1], r.value[2]);
        break;
    case S_INTERNAL:
        r = sc_internal_forces(o);
        snprintf(extra, n, "corner f_y %.3f %.3f %.3f %.3f N", r.value[0], r.value[1], r.value[2], r.value[3]);
        break;
    case S_STACK:
        r = sc_stack(o);
        snprintf(extra, n, "top cube height error %.2e m", r.value[0]);
        break;
    case S_WALL:
        r = sc_wall(o);
        snprintf(extra, n, "bottom row moved %.3f m", r.value[0]);
        break;
    case S_BALL:
        r = sc_ball_bounce(o);
        snprintf(extra, n, "apex %.4f m", r.value[0]);
        break;
    case S_FOURBAR:
        r = sc_fourbar(o, 1000);
        snprintf(extra, n, "crank %.2f..%.2f rad", r.value[2], r.value[3]);
        break;
    case S_NUNCHUK:
        r = sc_nunchuk(o);
        snprintf(extra, n, "final %.1e m", r.value[0]);
        break;
    case S_LIMIT:
        r = sc_limit_weld(o);
        snprintf(extra, n, "weld error %.1e m", r.value[0]);
        break;
    case S_CONSISTENCY:
        r = sc_consistency(o);
        *measured = r.value[1] > 0 ? r.value[0] / r.value[1] : 0;
        snprintf(extra, n, "sum |x - x_ref| dt: %.1e, %.1e, %.1e m s at dt 1e-2, 1e-3, 1e-4", r.value[0],
                 r.value[1], r.value[2]);
        return r;
    case S_ROLL:
        r = sc_sphere_roll(o);
        snprintf(extra, n, "v_end %.4f m/s (5/7 v0 = 1.4286)", r.value[0]);
        break;
    case S_PUSH:
        r = sc_deep_start(o, rn->arg);
        snprintf(extra, n, "energy gained %.1e J, rose %.1e m", r.value[0], r.value[1]);
        break;
    case S_GAME:
        r = sc_game_stack(o, 10, rn->arg);
        snprintf(extra, n, "%.0f us per step, %.1e J left", r.value[2], r.value[0]);
        break;
    default:
        r = sc_soft_glide(o);
        snprintf(extra, n, "rests at %.3e m (predicted %.3e m)", r.value[3], r.value[4]);
        break;
    }
    *measured = r.err;
    return r;
}

/* ---- the demo's own plots, from the trajectories it wrote ---- */
typedef struct curve { const char *file, *x, *y, *label; int dashed; } curve;
typedef struct plot {
    const char *name, *title, *xlabel, *ylabel;
    curve c[6];
} plot;
static const plot plots[] = {
    {"slide_energy", "A sliding cube's kinetic energy", "t (s)", "energy (J)",
     {{"slide_energy_PGS_NCP", "t", "ke", "NCP (PGS_NCP)", 0}, {"slide_energy_ADMM_CCP", "t", "ke", "CCP (ADMM_CCP): flies", 0},
      {"slide_energy_RAISIM", "t", "ke", "RaiSim's model", 0},
      {"slide_energy_PGS_NCP", "t", "ke_analytic", "1/2 m (v0 - mu g t)^2", 1}, {0, 0, 0, 0, 0}}},
    {"drag", "A cube pulled by F = 20 t", "t (s)", "x (m)",
     {{"drag_PGS_NCP", "t", "x", "NCP (PGS_NCP)", 0}, {"drag_ADMM_CCP", "t", "x", "CCP (ADMM_CCP)", 0},
      {"drag_RAISIM", "t", "x", "RaiSim's model", 0}, {"drag_PGS_NCP", "t", "x_analytic", "10/3 (t - t*)^3", 1},
      {0, 0, 0, 0, 0}}},
    {"stack_1e6", "1000 kg on 1 g: the top cube's height", "t (s)", "z (m)",
     {{"stack_1e6_PGS_NCP", "t", "z_top", "PGS_NCP: sinks", 0}, {"stack_1e6_RAISIM", "t", "z_top", "RAISIM: sinks", 0},
      {"stack_1e6_ADMM_NCP", "t", "z_top", "ADMM_NCP: rests", 0}, {0, 0, 0, 0, 0}}},
    {"penetration", "A cube started 5 mm deep: its bottom's height", "t (s)", "height (m)",
     {{"push_uncapped_ADMM_NCP", "t", "bottom", "Baumgarte uncapped: thrown", 0},
      {"push_capped_ADMM_NCP", "t", "bottom", "capped at 0.1 m/s (default)", 0},
      {"push_relax_ADMM_NCP", "t", "bottom", "relax pass", 0}, {0, 0, 0, 0, 0}}},
    {"stack10", "10 stacked cubes at 60 Hz: the largest drift", "t (s)", "drift (m)",
     {{"stack10_game_ADMM_NCP", "t", "drift", "game preset (ADMM_NCP)", 0},
      {"stack10_budget_PGS_NCP", "t", "drift", "10 PGS sweeps", 0}, {0, 0, 0, 0, 0}}},
    {"sphere_roll", "A sphere slides, then rolls at 5/7 v0", "t (s)", "v_x (m/s)",
     {{"sphere_roll_ADMM_NCP", "t", "vx", "NCP (ADMM_NCP)", 0}, {"sphere_roll_SOFT_SAP", "t", "vx", "SAP", 0},
      {"sphere_roll_SOFT_CCP-MuJoCo", "t", "vx", "CCP-MuJoCo", 0},
      {"sphere_roll_ADMM_NCP", "t", "v_rolling", "5/7 v0", 1}, {0, 0, 0, 0, 0}}},
};

/* draws every plot whose files exist; returns how many, names in list */
static int draw_plots(const char *dir, char list[][512], int max) {
    int p, count = 0;
    for (p = 0; p < (int)(sizeof(plots) / sizeof(plots[0])) && count < max; ++p) {
        svg_series s[6];
        double *mem[12];
        int nm = 0, ns = 0, c;
        for (c = 0; c < 6 && plots[p].c[c].file; ++c) {
            char path[512];
            int nx, ny;
            double *x, *y;
            snprintf(path, sizeof(path), "%s/%s.csv", dir, plots[p].c[c].file);
            x = csv_column(path, plots[p].c[c].x, &nx);
            y = csv_column(path, plots[p].c[c].y, &ny);
            if (x) mem[nm++] = x;
            if (y) mem[nm++] = y;
            if (!x || !y || nx != ny) continue;
            s[ns].x = x;
            s[ns].y = y;
            s[ns].n = nx;
            s[ns].label = plots[p].c[c].label;
            s[ns].dashed = plots[p].c[c].dashed;
            ++ns;
        }
        if (ns > 0) {
            snprintf(list[count], 512, "%s/%s.svg", dir, plots[p].name);
            if (svg_plot(list[count], plots[p].title, plots[p].xlabel, plots[p].ylabel, s, ns) == 0) ++count;
        }
        while (nm > 0) free(mem[--nm]);
    }
    return count;
}

static void usage(void) {
    printf("usage: world_demo [--help] [-o DIR] [-q] [-v] [--csv FILE] [--no-plots] [NAME...]\n"
           "  Runs the scenarios of examples/world (docs/physics.md, docs/engine.md): one line each\n"
           "  with what happens, what should be measured, the measured value and PASS or FAIL.\n"
           "  A model's known artifact is checked as that model's expected behaviour.\n"
           "  -o DIR      trajectories DIR/<scenario>_<method>.csv and plots DIR/<plot>.svg\n"
           "              (default build/world)\n"
           "  -q          quick: skip the slow runs (the wall, the dt consistency)\n"
           "  -v          also the solver's notes of each run (time per step, unconverged steps)\n"
           "  --csv FILE  the table as CSV (make bench-world records it)\n"
           "  --no-plots  write no CSV trajectories and no plots\n"
           "  NAME        only the scenarios whose name starts with NAME\n"
           "  Exit status 1 if a line FAILs or a scenario cannot run.\n");
}

int main(int argc, char **argv) {
    const char *dir = "build/world", *table = NULL;
    int quick = 0, verbose = 0, draw = 1, i, a, failed = 0, passed = 0, errors = 0, nnames = 0;
    const char *names[32];
    FILE *tcsv = NULL;
    char plist[16][512];
    for (a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            usage();
            return 0;
        } else if (!strcmp(argv[a], "-o") && a + 1 < argc) dir = argv[++a];
        else if (!strcmp(argv[a], "--csv") && a + 1 < argc) table = argv[++a];
        else if (!strcmp(argv[a], "-q")) quick = 1;
        else if (!strcmp(argv[a], "-v")) verbose = 1;
        else if (!strcmp(argv[a], "--no-plots")) draw = 0;
        else if (argv[a][0] == '-') {
            usage();
            return 2;
        } else if (nnames < 32) names[nnames++] = argv[a];
    }
    if (draw) {
        char path[512];
        snprintf(path, sizeof(path), "%s", dir);
        for (i = 1; path[i]; ++i) /* mkdir -p */
            if (path[i] == '/') {
                path[i] = 0;
                MKDIR(path);
                path[i] = '/';
            }
        MKDIR(path);
    }
    if (table) {
        tcsv = fopen(table, "w");
        if (tcsv) fprintf(tcsv, "result,scenario,method,model,what,expected,measured,unit,us_per_step,notes\n");
    }
    printf("examples/world: contact models and the engine layer, scenario by scenario (dt = 1e-3 s\n"
           "unless said; an artifact a model is known for is its expected behaviour, marked *)\n\n");
    printf("%-4s  %-15s %-18s %-42s %-48s %s\n", "", "scenario", "method (model)", "what happens",
           "expected", "measured");
    for (i = 0; i < (int)(sizeof(runs) / sizeof(runs[0])); ++i) {
        const run *rn = &runs[i];
        sc_opts o = sc_default_opts(rn->method);
        sc_result r;
        char extra[200], path[600], lb[64], mm[64], exp[80];
        double measured = 0;
        FILE *csv = NULL;
        int k, keep = nnames == 0, ok;
        for (k = 0; k < nnames; ++k)
            if (!strncmp(rn->name, names[k], strlen(names[k]))) keep = 1;
        if (!keep) continue;
        o.soft_model = (ct_soft_model)rn->soft;
        o.ccp_mujoco = rn->mujoco;
        snprintf(mm, sizeof(mm), "%s (%s)", ct_method_string(rn->method), sc_model_name(&o));
        if (rn->method == SOFT) snprintf(mm, sizeof(mm), "SOFT (%s)", sc_model_name(&o));
        snprintf(exp, sizeof(exp), "%s%s", rn->artifact ? "* " : "", rn->expect);
        if (quick && rn->slow) {
            printf("%-4s  %-15s %-18s %-42s %-48s %s\n", "skip", rn->name, mm, rn->what, exp, "not run (-q)");
            continue;
        }
        if (draw) {
            snprintf(path, sizeof(path), "%s/%s_%s.csv", dir, rn->name, label(&o, lb, sizeof(lb)));
            csv = fopen(path, "w");
        }
        o.csv = csv;
        if (rn->max_iter > 0) o.max_iter = rn->max_iter;
        if (rn->tol > 0) o.tol = rn->tol;
        r = run_one(rn, &o, &measured, extra, sizeof(extra));
        if (csv) fclose(csv);
        if (r.skip) {
            printf("%-4s  %-15s %-18s %-42s %-48s %s\n", "skip", rn->name, mm, rn->what, exp, r.skip);
            continue;
        }
        ok = !r.failed && measured >= rn->lo && measured <= rn->hi;
        if (r.failed) ++errors;
        if (ok) ++passed;
        else ++failed;
        printf("%-4s  %-15s %-18s %-42s %-48s %.3g%s\n", ok ? "PASS" : "FAIL", rn->name, mm, rn->what, exp,
               measured, rn->unit);
        if (verbose || r.failed)
            printf("      %s; solver %.1f us per step%s", extra, r.solve_us, r.failed ? ", SOLVER ERRORS" : "");
        if (verbose && r.unconverged)
            printf(", %d of %d steps stopped at the iteration cap (largest residual %.1e)", r.unconverged,
                   r.steps, r.max_residual);
        if (verbose || r.failed) printf("\n");
        if (tcsv)
            fprintf(tcsv, "%s,%s,%s,%s,\"%s\",\"%s\",%.4g,%s,%.1f,\"%s\"\n", ok ? "PASS" : "FAIL", rn->name,
                    ct_method_string(rn->method), sc_model_name(&o), rn->what, exp, measured, rn->unit, r.solve_us,
                    extra);
        fflush(stdout);
    }
    if (tcsv) fclose(tcsv);
    printf("\n%d PASS, %d FAIL%s. * = a model's own behaviour, expected of it; the papers' scenarios\n"
           "and every model's artifact: docs/physics.md; the engine layer: docs/engine.md.\n",
           passed, failed, errors ? " (with solver errors)" : "");
    if (draw) {
        int np = draw_plots(dir, plist, 16);
        printf("Trajectories in %s/*.csv; plots:", dir);
        for (i = 0; i < np; ++i) printf(" %s", plist[i]);
        printf("\n");
    }
    return failed || errors ? 1 : 0;
}
