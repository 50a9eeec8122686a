/* demo.c - the showcase of examples/world: every scenario with the methods that tell its story,
   as one table (scenario, method, model, oracle error, solver time per step).

   Usage: world_demo [-o DIR] [-q] [NAME...]
       -o DIR   write each run's trajectory to DIR/<scenario>_<method>.csv ("-o -": stdout)
       -q       quick: skip the slow runs (the wall and the 1e-5 s references)
       NAME     run only the scenarios whose name starts with NAME
   The exit status is 1 if a scenario could not run (allocation or a solver error).
   Every run uses dt = 1e-3 s, tol_abs = 1e-9 N and at most 2000 iterations, except: RAISIM and
   the heavy STAGGERED stack at most 200 iterations (their 1e-9 is out of reach and each
   iteration is costly), the wall tol 1e-6 relative to its heaviest weight (about 0.1 N). */
#include <stdio.h>
#include <string.h>

#include "scenarios.h"

typedef enum { S_SLIDE, S_DRAG, S_ANGLE30, S_DIAG45, S_GLIDE, S_INTERNAL, S_STACK, S_WALL,
               S_BALL, S_FOURBAR, S_NUNCHUK, S_LIMIT, S_CONSISTENCY, S_ROLL, S_SOFTGLIDE } sc_id;

typedef struct run {
    sc_id id;
    const char *name;
    const char *oracle; /* what err measures */
    ct_method method;
    int slow;     /* skipped by -q */
    int max_iter; /* 0: sc_default_opts' 2000 */
    double tol;   /* 0: sc_default_opts' 1e-9 N */
    ct_soft_model soft; /* NEWTON_SOFT: the model                                         */
    int mujoco;   /* CT_SOFT_CCP: 1 = MuJoCo's compliance, 0 = SAP's                    */
} run;

/* NEWTON_SOFT solves in impulses with tol_abs dt (1e-9 N -> 1e-12 N s at dt = 1e-3 s); the
   stiff Similar cube (k (1 + d mu ||v_T||) = 2e9 N/m) stalls on the cost criterion at about
   3e-9 N s of law residual, so the soft runs ask 1e-5 N (1e-8 N s) */
#define SOFT_TOL 1e-5

static const run runs[] = {
    {S_SLIDE, "slide_energy", "max |E - E_mdp| / E0", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_SLIDE, "slide_energy", "max |E - E_mdp| / E0", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_SLIDE, "slide_energy", "max |E - E_mdp| / E0", CT_METHOD_ADMM_CCP, 0, 0, 0, 0, 0},
    {S_SLIDE, "slide_energy", "max |E - E_mdp| / E0", CT_METHOD_PGS_LCP, 0, 0, 0, 0, 0},
    {S_SLIDE, "slide_energy", "max |E - E_mdp| / E0", CT_METHOD_RAISIM, 0, 200, 0, 0, 0},
    {S_DRAG, "drag", "max |x - x_exact| / x", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_DRAG, "drag", "max |x - x_exact| / x", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_DRAG, "drag", "max |x - x_exact| / x", CT_METHOD_ADMM_CCP, 0, 0, 0, 0, 0},
    {S_DRAG, "drag", "max |x - x_exact| / x", CT_METHOD_RAISIM, 0, 200, 0, 0, 0},
    {S_ANGLE30, "slide_30deg", "|drift - model's| (m)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_ANGLE30, "slide_30deg", "|drift - model's| (m)", CT_METHOD_ADMM_CCP, 0, 0, 0, 0, 0},
    {S_ANGLE30, "slide_30deg", "|drift - model's| (m)", CT_METHOD_PGS_LCP, 0, 0, 0, 0, 0},
    {S_DIAG45, "slide_45deg", "|friction/(mu fn) - model's|", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_DIAG45, "slide_45deg", "|friction/(mu fn) - model's|", CT_METHOD_PGS_LCP, 0, 0, 0, 0, 0},
    {S_GLIDE, "ccp_glide", "max |gap / (dt mu v_T) - 1|", CT_METHOD_ADMM_CCP, 0, 0, 0, 0, 0},
    {S_GLIDE, "ccp_glide", "max |gap / (dt mu v_T) - 1|", CT_METHOD_PGS_CCP, 0, 0, 0, 0, 0},
    {S_GLIDE, "ccp_glide", "max gap / (dt mu v_T)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_INTERNAL, "internal_forces", "max ||lambda_i - lambda_min,i|| (N)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_INTERNAL, "internal_forces", "max ||lambda_i - lambda_min,i|| (N)", CT_METHOD_NBGS, 0, 0, 0, 0, 0},
    {S_INTERNAL, "internal_forces", "max ||lambda_i - lambda_min,i|| (N)", CT_METHOD_RAISIM, 0, 0, 0, 0, 0},
    {S_INTERNAL, "internal_forces", "max ||lambda_i - lambda_min,i|| (N)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_STACK, "stack_1e6", "max distance from rest (m)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_STACK, "stack_1e6", "max distance from rest (m)", CT_METHOD_RAISIM, 0, 200, 0, 0, 0},
    {S_STACK, "stack_1e6", "max distance from rest (m)", CT_METHOD_STAGGERED, 0, 200, 0, 0, 0},
    {S_STACK, "stack_1e6", "max distance from rest (m)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_WALL, "wall_ball", "max penetration (m)", CT_METHOD_PGS_NCP, 1, 200, 1e-6, 0, 0},
    {S_WALL, "wall_ball", "max penetration (m)", CT_METHOD_ADMM_NCP, 1, 500, 1e-6, 0, 0},
    {S_BALL, "ball_bounce", "|apex - e^2 h0| / (e^2 h0)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_BALL, "ball_bounce", "|apex - e^2 h0| / (e^2 h0)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_FOURBAR, "fourbar", "max loop-closure error (m)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_FOURBAR, "fourbar", "max loop-closure error (m)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_NUNCHUK, "nunchuk", "max joint error (m)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_NUNCHUK, "nunchuk", "max joint error (m)", CT_METHOD_PGS_NCP, 0, 0, 0, 0, 0},
    {S_LIMIT, "limit_weld", "max limit violation (rad)", CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_CONSISTENCY, "dt_consistency", "sum ||x - x_1e-5|| dt at 1e-3 (m s)", CT_METHOD_PGS_NCP, 1, 0, 0, 0, 0},
    {S_CONSISTENCY, "dt_consistency", "sum ||x - x_1e-5|| dt at 1e-3 (m s)", CT_METHOD_ADMM_CCP, 1, 0, 0, 0, 0},
    {S_CONSISTENCY, "dt_consistency", "sum ||x - x_1e-5|| dt at 1e-3 (m s)", CT_METHOD_PGS_LCP, 1, 0, 0, 0, 0},
    {S_CONSISTENCY, "dt_consistency", "sum ||x - x_1e-5|| dt at 1e-3 (m s)", CT_METHOD_RAISIM, 1, 200, 0, 0, 0},
#define ROLL "|v_end / (5/7 v0) - 1|"
#define GLIDE "max |h - h_pred| / (c ||v_T||)"
#define SOFT CT_METHOD_NEWTON_SOFT
    {S_ROLL, "sphere_roll", ROLL, CT_METHOD_ADMM_NCP, 0, 0, 0, 0, 0},
    {S_ROLL, "sphere_roll", ROLL, CT_METHOD_ADMM_CCP, 0, 0, 0, 0, 0},
    {S_ROLL, "sphere_roll", ROLL, SOFT, 0, 0, SOFT_TOL, CT_SOFT_LAGGED, 0},
    {S_ROLL, "sphere_roll", ROLL, SOFT, 0, 0, SOFT_TOL, CT_SOFT_SIMILAR, 0},
    {S_ROLL, "sphere_roll", ROLL, SOFT, 0, 0, SOFT_TOL, CT_SOFT_SAP, 0},
    {S_ROLL, "sphere_roll", ROLL, SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 0},
    {S_ROLL, "sphere_roll", ROLL, SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 1},
    {S_SOFTGLIDE, "soft_glide", GLIDE, SOFT, 0, 0, SOFT_TOL, CT_SOFT_SAP, 0},
    {S_SOFTGLIDE, "soft_glide", GLIDE, SOFT, 0, 0, SOFT_TOL, CT_SOFT_SIMILAR, 0},
    {S_SOFTGLIDE, "soft_glide", GLIDE, SOFT, 0, 0, SOFT_TOL, CT_SOFT_CCP, 0},
    {S_SOFTGLIDE, "soft_glide", "max |h - h_rest| (m)", SOFT, 0, 0, SOFT_TOL, CT_SOFT_LAGGED, 0},
};

/* the CSV label of a run: the method, or SOFT_<model> for NEWTON_SOFT */
static const char *label(const sc_opts *o, char *buf, size_t size) {
    if (o->method != CT_METHOD_NEWTON_SOFT) return ct_method_string(o->method);
    snprintf(buf, size, "SOFT_%s", sc_model_name(o));
    return buf;
}

static sc_result run_one(const run *rn, const sc_opts *o, char *extra, size_t extra_size) {
    sc_result r;
    extra[0] = 0;
    switch (rn->id) {
    case S_SLIDE:
        r = sc_slide_energy(o, 1.0);
        snprintf(extra, extra_size, "stop %.3f s (MDP %.3f s)", r.value[0], r.value[1]);
        break;
    case S_DRAG:
        r = sc_drag(o);
        snprintf(extra, extra_size, "onset %.3f s (t* %.4f s)", r.value[0], r.value[1]);
        break;
    case S_ANGLE30:
        r = sc_slide_angle(o, 30);
        snprintf(extra, extra_size, "drift %.2e m (model %.2e), stop %.3f s", r.value[0], r.value[2],
                 r.value[1]);
        break;
    case S_DIAG45: {
        ct_settings s = ct_default_settings();
        double expect;
        r = sc_slide_angle(o, 45);
        s.method = o->method;
        expect = ct_method_flavor(&s) == CT_FLAVOR_LCP ? 1.4142135623730951 : 1.0;
        r.err = r.value[3] - expect;
        if (r.err < 0) r.err = -r.err;
        snprintf(extra, extra_size, "friction = %.4f mu fn, drift %.1e m", r.value[3], r.value[0]);
        break;
    }
    case S_GLIDE:
        r = sc_glide(o);
        snprintf(extra, extra_size, "landing %.3f s, mean gap %.3e m (dt mu v_T %.3e)", r.value[0],
                 r.value[1], r.value[2]);
        break;
    case S_INTERNAL:
        r = sc_internal_forces(o);
        snprintf(extra, extra_size, "corner f_y %.3f %.3f %.3f %.3f N", r.value[0], r.value[1],
                 r.value[2], r.value[3]);
        break;
    case S_STACK:
        r = sc_stack(o);
        snprintf(extra, extra_size, "top cube height error %.2e m", r.value[0]);
        break;
    case S_WALL:
        r = sc_wall(o);
        snprintf(extra, extra_size, "bottom row moved %.3f m", r.value[0]);
        break;
    case S_BALL:
        r = sc_ball_bounce(o);
        snprintf(extra, extra_size, "apex %.4f m (e^2 h0 = 0.64)", r.value[0]);
        break;
    case S_FOURBAR:
        r = sc_fourbar(o, 1000);
        snprintf(extra, extra_size, "halves %.1e / %.1e m, crank %.2f..%.2f rad", r.value[0],
                 r.value[1], r.value[2], r.value[3]);
        break;
    case S_NUNCHUK:
        r = sc_nunchuk(o);
        snprintf(extra, extra_size, "final %.1e m", r.value[0]);
        break;
    case S_LIMIT:
        r = sc_limit_weld(o);
        snprintf(extra, extra_size, "weld error %.1e m, final angle %.3f rad", r.value[0], r.value[1]);
        break;
    case S_CONSISTENCY:
        r = sc_consistency(o);
        snprintf(extra, extra_size, "dt 1e-2: %.2e, 1e-3: %.2e, 1e-4: %.2e", r.value[0], r.value[1],
                 r.value[2]);
        break;
    case S_ROLL:
        r = sc_sphere_roll(o);
        snprintf(extra, extra_size, "v_end %.4f m/s (5/7 v0 = 1.4286), rolls from %.3f s, lift %.1e m",
                 r.value[0], r.value[1], r.value[3]);
        break;
    default:
        r = sc_soft_glide(o);
        if (o->soft_model == CT_SOFT_LAGGED)
            snprintf(extra, extra_size, "no glide; rest %.3e m (weight/k: %.3e m)", r.value[3], r.value[4]);
        else
            snprintf(extra, extra_size, "glide %.2e m, eq. 24 as printed %.1e; rest %.3e m (pred %.3e, k_eff %.3g N/m)",
                     r.value[1], r.value[0], r.value[3], r.value[4], r.value[5]);
        break;
    }
    return r;
}

int main(int argc, char **argv) {
    const char *dir = NULL;
    int quick = 0, i, a, status = 0, nnames = 0;
    const char *names[32];
    for (a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "-o") && a + 1 < argc) dir = argv[++a];
        else if (!strcmp(argv[a], "-q")) quick = 1;
        else if (nnames < 32) names[nnames++] = argv[a];
    }
    printf("examples/world: the scenarios of [LeLidec24], [Tsounis25], [Castro23], [Carpentier24] (dt = 1e-3 s, tol_abs 1e-9 N)\n");
    printf("%-16s %-12s %-10s %10s %9s  %-36s %s\n", "scenario", "method", "model", "oracle err",
           "us/step", "oracle", "notes");
    for (i = 0; i < (int)(sizeof(runs) / sizeof(runs[0])); ++i) {
        const run *rn = &runs[i];
        sc_opts o = sc_default_opts(rn->method);
        sc_result r;
        char extra[160], path[512], lb[64];
        FILE *csv = NULL;
        int k, keep = nnames == 0;
        for (k = 0; k < nnames; ++k)
            if (!strncmp(rn->name, names[k], strlen(names[k]))) keep = 1;
        if (!keep) continue;
        o.soft_model = rn->soft;
        o.ccp_mujoco = rn->mujoco;
        if (quick && rn->slow) {
            printf("%-16s %-12s %-10s %10s %9s  %-36s %s\n", rn->name, ct_method_string(rn->method),
                   sc_model_name(&o), "-", "-", rn->oracle, "not run (-q)");
            continue;
        }
        if (dir && !strcmp(dir, "-")) {
            csv = stdout;
            printf("# csv %s %s\n", rn->name, label(&o, lb, sizeof(lb)));
        } else if (dir) {
            snprintf(path, sizeof(path), "%s/%s_%s.csv", dir, rn->name, label(&o, lb, sizeof(lb)));
            csv = fopen(path, "w");
            if (!csv) fprintf(stderr, "cannot write %s\n", path);
        }
        o.csv = csv;
        if (rn->max_iter > 0) o.max_iter = rn->max_iter;
        if (rn->tol > 0) o.tol = rn->tol;
        r = run_one(rn, &o, extra, sizeof(extra));
        if (csv && csv != stdout) fclose(csv);
        if (r.skip) {
            printf("%-16s %-12s %-10s %10s %9s  %-36s SKIPPED: %s\n", rn->name, ct_method_string(rn->method),
                   sc_model_name(&o), "-", "-", rn->oracle, r.skip);
            continue;
        }
        if (r.failed) status = 1;
        printf("%-16s %-12s %-10s %10.3e %9.1f  %-36s %s", rn->name, ct_method_string(rn->method),
               sc_model_name(&o), r.err, r.solve_us, rn->oracle, extra);
        if (r.unconverged || r.failed)
            printf(" [%d/%d steps unconverged, %d failed, max residual %.1e %s]", r.unconverged, r.steps,
                   r.failed, r.max_residual, rn->method == CT_METHOD_NEWTON_SOFT ? "N s" : "N");
        printf("\n");
        fflush(stdout);
    }
    printf("us/step: wall time of ct_solve per step. Settings: RAISIM and the STAGGERED stack at most\n"
           "200 iterations, the wall 500 iterations and tol 1e-6; the stack, wall and limit_weld take\n"
           "tol relative to their heaviest weight (m_max g); NEWTON_SOFT (soft models, [Castro23]) solves\n"
           "in impulses with tol 1e-5 N x dt = 1e-8 N s. Oracles: scenarios.h; plots and\n"
           "discussion: docs/physics.md (make world-plots).\n");
    return status;
}
