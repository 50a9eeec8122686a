/* scenes_demo.c - the papers' larger experiments on the world layer (scenes.h), one line each
   in plain words with what should happen, what was measured and PASS or FAIL, as world_demo
   prints the small scenarios; then the quadruped's timing table and the convergence orders.

   Usage: scenes_demo [--help] [-o DIR] [-q] [--no-plots]
   Trajectories and the convergence tables go to DIR (build/world by default) as CSV, the plots
   as SVG (named at the end). The exit status is 1 if a line FAILs. */
#include <stdio.h>
#include <string.h>
#include <math.h>
#if defined(_WIN32)
#include <direct.h>
#define MKDIR(d) _mkdir(d)
#else
#include <sys/stat.h>
#define MKDIR(d) mkdir((d), 0755)
#endif

#include "scenes.h"
#include "svgplot.h"

#define BIG 1e300
static int passed, failed;
static const char *dir = "build/world";
static int draw = 1, quick = 0;

static void line(const char *name, const char *method, const char *what, const char *expect, int artifact,
                 double measured, double lo, double hi, const char *unit, const sc_result *r) {
    char exp[96];
    const int ok = (!r || !r->failed) && measured >= lo && measured <= hi;
    snprintf(exp, sizeof(exp), "%s%s", artifact ? "* " : "", expect);
    printf("%-4s  %-15s %-18s %-44s %-50s %.3g%s\n", ok ? "PASS" : "FAIL", name, method, what, exp, measured, unit);
    if (ok) ++passed;
    else ++failed;
    fflush(stdout);
}

static FILE *open_csv(const char *name) {
    char path[600];
    if (!draw) return NULL;
    snprintf(path, sizeof(path), "%s/%s.csv", dir, name);
    return fopen(path, "w");
}

/* ---- the quadruped ---- */
static void quadruped(void) {
    static const char *what[QUAD_TASKS] = {"quadruped trots from standing", "dropped upside down: hangs by its feet",
                                           "dropped from 1 m at 1 m/s", "thrown, random PD targets",
                                           "standing, pushed by 400 N for 0.1 s"};
    static const char *expect[QUAD_TASKS] = {"walks forward: over 0.2 m/s", "base below the ground, 4 feet on it",
                                             "lands upright and comes to rest", "may fall; joints hold within 1 mm",
                                             "recovers upright: tilt under 45 deg"};
    static const char *unit[QUAD_TASKS] = {" m/s", " m", " rad", " m", " rad"};
    quad_stats st[QUAD_TASKS];
    const double secs = quick ? 0.8 : 2.0;
    int t, m;
    printf("\n-- A quadruped ([Hwangbo18] Sec. V): 13 bodies, 12 revolute joints with limits and PD, sphere feet --\n");
    for (t = 0; t < QUAD_TASKS; ++t) {
        sc_opts o = sc_default_opts(CT_METHOD_ADMM_NCP);
        char name[40];
        sc_result r;
        double lo = 0, hi = BIG;
        snprintf(name, sizeof(name), "quad_%s_ADMM_NCP", quad_task_name((quad_task)t));
        o.csv = open_csv(name);
        o.tol = 1e-6;
        o.max_iter = 500;
        r = quad_run(&o, (quad_task)t, secs, 1, &st[t]);
        if (o.csv) fclose(o.csv);
        snprintf(name, sizeof(name), "quad_%s", quad_task_name((quad_task)t));
        if (t == QUAD_TROT) lo = quick ? 0.05 : 0.2;
        if (t == QUAD_HANG) { lo = -BIG; hi = -0.1; }
        if (t == QUAD_DROP || t == QUAD_PUSH) hi = 0.785;
        if (t == QUAD_RANDOM) hi = 1e-3;
        if (!st[t].success) lo = BIG; /* the task's whole criterion failed */
        if (quick && (t == QUAD_DROP || t == QUAD_HANG)) { lo = -BIG; hi = BIG; } /* still falling */
        line(name, "ADMM_NCP (NCP)", what[t], expect[t], 0, st[t].criterion, lo, hi, unit[t], &r);
    }
    for (t = 0; t < QUAD_TASKS; ++t) {
        char name[40], ex[80];
        const int hyper = t == QUAD_RANDOM; /* the base's corners: the forces are not unique */
        snprintf(name, sizeof(name), "raisim_%s", quad_task_name((quad_task)t));
        snprintf(ex, sizeof(ex), "same bisection on the NCP: %s within 1 %%", hyper ? "most" : "all");
        line(name, "RAISIM_DS (NCP)", "joint-space contact problem of each step", ex, 0, st[t].below_1pct_ds,
             hyper ? 0.8 : 0.99, 1, "", NULL);
        line(name, "RAISIM (Preclik)", "the same problems, RaiSim's own model",
             "fewer within 1 % of NCP than the paper's 99.6 %", 1, st[t].below_1pct, 0.1, 1, "", NULL);
    }
    if (!quick) { /* the world driven by other methods, in maximal coordinates */
        static const ct_method drivers[3] = {CT_METHOD_PGS_NCP, CT_METHOD_RAISIM, CT_METHOD_NEWTON_NCP};
        static const quad_task tasks[2] = {QUAD_TROT, QUAD_DROP};
        int d, k;
        for (d = 0; d < 3; ++d)
            for (k = 0; k < 2; ++k) {
                sc_opts o = sc_default_opts(drivers[d]);
                quad_stats s;
                sc_result r;
                char name[40], mm[40], ex[80];
                o.tol = 1e-6;
                o.max_iter = drivers[d] == CT_METHOD_NEWTON_NCP ? 100 : 200;
                r = quad_run(&o, tasks[k], 2.0, 0, &s);
                snprintf(name, sizeof(name), "quad_%s", quad_task_name(tasks[k]));
                snprintf(mm, sizeof(mm), "%s", ct_method_string(drivers[d]));
                snprintf(ex, sizeof(ex), "succeeds (%.0f us/solve, %.0f %% unconverged)", s.solve_us, 100 * s.unconverged);
                line(name, mm, "the world driven by this method, 2 s", ex, 0, s.success, 1, 1, "", &r);
            }
    }
    if (draw) { /* RaiSim's relative difference from the NCP over each task (its Fig. 6) */
        static const char *f[3] = {"quad_trot_ADMM_NCP", "quad_drop_ADMM_NCP", "quad_hang_ADMM_NCP"};
        svg_series s[3];
        double *mem[6];
        int n = 0, k, nx, ny;
        char path[600];
        for (k = 0; k < 3; ++k) {
            snprintf(path, sizeof(path), "%s/%s.csv", dir, f[k]);
            mem[2 * k] = csv_column(path, "t", &nx);
            mem[2 * k + 1] = csv_column(path, "diff", &ny);
            if (mem[2 * k] && mem[2 * k + 1] && nx == ny) {
                s[n].x = mem[2 * k]; s[n].y = mem[2 * k + 1]; s[n].n = nx; s[n].label = f[k] + 5; s[n].dashed = 0;
                ++n;
            }
        }
        snprintf(path, sizeof(path), "%s/quad_raisim_diff.svg", dir);
        if (n > 0) svg_plot(path, "|l_RAISIM - l_NCP| / |l_NCP| per step (0 without contact)", "t (s)", "relative difference", s, n);
        for (k = 0; k < 6; ++k) free(mem[k]);
    }
    printf("\n      median us per solve of the joint-space contact problem, tol 1e-6 N s, from zero (iterations)\n");
    printf("      %-7s %7s %9s", "task", "solves", "world us");
    for (m = 0; m < QUAD_METHODS; ++m) printf(" %14s", ct_method_string(quad_methods[m]));
    printf("\n");
    for (t = 0; t < QUAD_TASKS; ++t) {
        printf("      %-7s %7d %9.0f", quad_task_name((quad_task)t), st[t].samples, st[t].step_us);
        for (m = 0; m < QUAD_METHODS; ++m) printf(" %7.1f (%4.0f)", st[t].method_us[m], st[t].method_iter[m]);
        printf("\n");
    }
    printf("      (world us: the whole world_step in maximal coordinates, median; RaiSim's paper: under 20 us\n"
           "      for its whole step in joint space. Relative difference RAISIM vs NCP, median / 99th pct:");
    for (t = 0; t < QUAD_TASKS; ++t) printf(" %s %.0e/%.0e", quad_task_name((quad_task)t), st[t].median_diff, st[t].p99_diff);
    printf(")\n");
}

/* ---- [Castro23] ---- */
typedef struct model { ct_method m; ct_soft_model s; const char *name; } model;
static const model models[5] = {{CT_METHOD_NEWTON_SOFT, CT_SOFT_LAGGED, "Lagged"},
                                {CT_METHOD_NEWTON_SOFT, CT_SOFT_SIMILAR, "Similar"},
                                {CT_METHOD_NEWTON_SOFT, CT_SOFT_SAP, "SAP"},
                                {CT_METHOD_ADMM_NCP, CT_SOFT_LAGGED, "NCP"},
                                {CT_METHOD_ADMM_CCP, CT_SOFT_LAGGED, "CCP"}};

static sc_opts model_opts(const model *md, double dt) {
    sc_opts o = sc_default_opts(md->m);
    o.soft_model = md->s;
    o.dt = dt;
    if (md->m == CT_METHOD_NEWTON_SOFT) o.tol = 1e-5; /* as world_demo's soft runs */
    return o;
}

/* log10 curves of a convergence study into an SVG */
static void conv_plot(const char *file, const char *title, const double *dts, int nd, double err[][8], int nm,
                      const char *const *labels) {
    svg_series s[8];
    double lx[8][8], ly[8][8];
    char path[600];
    int i, d;
    if (!draw) return;
    for (i = 0; i < nm; ++i) {
        for (d = 0; d < nd; ++d) {
            lx[i][d] = log10(dts[d]);
            ly[i][d] = log10(err[i][d] > 0 ? err[i][d] : 1e-300);
        }
        s[i].x = lx[i]; s[i].y = ly[i]; s[i].n = nd; s[i].label = labels[i]; s[i].dashed = 0;
    }
    for (d = 0; d < nd; ++d) { /* first order through the first model's largest step */
        lx[nm][d] = log10(dts[d]);
        ly[nm][d] = log10(err[0][0]) + (log10(dts[d]) - log10(dts[0]));
    }
    s[nm].x = lx[nm]; s[nm].y = ly[nm]; s[nm].n = nd; s[nm].label = "first order"; s[nm].dashed = 1;
    snprintf(path, sizeof(path), "%s/%s.svg", dir, file);
    svg_plot(path, title, "log10 dt (s)", "log10 RMS error (m)", s, nm + 1);
}

static void conv_csv(const char *file, const double *dts, int nd, double err[][8], int nm, const char *const *labels) {
    FILE *f = open_csv(file);
    int i, d;
    if (!f) return;
    fprintf(f, "dt");
    for (i = 0; i < nm; ++i) fprintf(f, ",%s", labels[i]);
    fprintf(f, "\n");
    for (d = 0; d < nd; ++d) {
        fprintf(f, "%g", dts[d]);
        for (i = 0; i < nm; ++i) fprintf(f, ",%.6e", err[i][d]);
        fprintf(f, "\n");
    }
    fclose(f);
}

static void castro(void) {
    const char *labels[6];
    double err[6][8];
    sc_result cr[6];
    int i;
    printf("\n-- [Castro23] Sec. XI: belt, falling sphere, sliding rod; time-step convergence --\n");
    /* the belt at dt = 0.01 s (its Fig. 3) */
    for (i = 0; i < 3; ++i) {
        sc_opts o = model_opts(&models[i], 0.01);
        sc_result r;
        char name[64], mm[40];
        snprintf(name, sizeof(name), "belt_SOFT_%s", models[i].name);
        o.csv = open_csv(name);
        castro_run(&o, CASTRO_BELT, 2.0, 0.01, NULL, &r);
        if (o.csv) fclose(o.csv);
        snprintf(mm, sizeof(mm), "SOFT (%s)", models[i].name);
        if (i == 0)
            line("belt", mm, "box on a belt at 1 Hz, dt 0.01 s: stick-slip", "no vertical motion: |v_z| under 1e-4 m/s", 0,
                 r.value[1], 0, 1e-4, " m/s", &r);
        else
            line("belt", mm, "box on a belt at 1 Hz, dt 0.01 s: stick-slip", "glides while slipping: |v_z| over 1e-3 m/s",
                 1, r.value[1], 1e-3, BIG, " m/s", &r);
    }
    {   /* convergence against Lagged at 1e-5 s (the paper's reference) */
        static const double full[7] = {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4}, qk[3] = {1e-2, 5e-3, 2e-3};
        const double *dts = quick ? qk : full, ref = quick ? 2e-4 : 1e-5, T = quick ? 1.0 : 2.0;
        const int nd = quick ? 3 : 7;
        for (i = 0; i < 5; ++i) {
            sc_opts o = model_opts(&models[i], 0.01);
            cr[i] = castro_convergence(&o, CASTRO_BELT, dts, nd, ref, T, 0.01, i >= 3, err[i]);
            labels[i] = models[i].name;
        }
        conv_csv("belt_convergence", dts, nd, err, 5, labels);
        conv_plot("belt_convergence", "Belt: RMS error of the box against the reference", dts, nd, err, 5, labels);
        line("belt_conv", "SOFT (Lagged)", "dt 1e-2 .. 1e-4 against Lagged at 1e-5 s", "first order: 0.8 to 1.2", 0,
             cr[0].err, 0.8, 1.2, "", &cr[0]);
        line("belt_conv", "SOFT (Similar)", "dt 1e-2 .. 1e-4 against Lagged at 1e-5 s", "first order: 0.8 to 1.2", 0,
             cr[1].err, 0.8, 1.2, "", &cr[1]);
        if (!quick)
            line("belt_conv", "SOFT (SAP)", "dt 1e-2 .. 1e-4 against Lagged at 1e-5 s",
                 "plateau: order under 0.3 at the smallest dt", 1, cr[2].value[0], -BIG, 0.3, "", &cr[2]);
        line("belt_conv", "ADMM_NCP (NCP)", "dt 1e-2 .. 1e-4 against the rigid ODE", "first order: 0.8 to 1.2", 0,
             cr[3].err, 0.8, 1.2, "", &cr[3]);
        line("belt_conv", "ADMM_CCP (CCP)", "dt 1e-2 .. 1e-4 against the rigid ODE", "first order: 0.8 to 1.2", 0,
             cr[4].err, 0.8, 1.2, "", &cr[4]);
    }
    {   /* the falling sphere */
        sc_opts o = model_opts(&models[0], 2e-3);
        sc_result r;
        static const double full[7] = {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4}, qk[3] = {1e-2, 5e-3, 2e-3};
        const double *dts = quick ? qk : full, ref = quick ? 2e-4 : 1e-5;
        const int nd = quick ? 3 : 7;
        o.csv = open_csv("sphere_drop_SOFT_Lagged");
        castro_run(&o, CASTRO_SPHERE, 0.4, 0.01, NULL, &r);
        if (o.csv) fclose(o.csv);
        line("sphere_drop", "SOFT (Lagged)", "sphere dropped 5 cm at 2 m/s, dt 2e-3 s", "rolls at 5/7 v0 = 1.4286 m/s within 1e-3",
             0, fabs(r.value[0] / (5.0 / 7 * 2) - 1), 0, 1e-3, "", &r);
        for (i = 0; i < 5; ++i) {
            sc_opts oo = model_opts(&models[i], 0.01);
            cr[i] = castro_convergence(&oo, CASTRO_SPHERE, dts, nd, ref, 0.3, 0.01, 0, err[i]);
        }
        conv_csv("sphere_convergence", dts, nd, err, 5, labels);
        conv_plot("sphere_convergence", "Falling sphere: RMS error against Lagged at 1e-5 s", dts, nd, err, 5, labels);
        for (i = 0; i < 5; ++i) {
            char mm[40];
            snprintf(mm, sizeof(mm), "%s (%s)", models[i].m == CT_METHOD_NEWTON_SOFT ? "SOFT" : ct_method_string(models[i].m),
                     models[i].name);
            if (i == 2 && !quick)
                line("sphere_conv", mm, "dt 1e-2 .. 1e-4 against Lagged at 1e-5 s", "plateau: order under 0.3 at the smallest dt",
                     1, cr[i].value[0], -BIG, 0.3, "", &cr[i]);
            else if (i != 2)
                line("sphere_conv", mm, "dt 1e-2 .. 1e-4 against Lagged at 1e-5 s", "first order: 0.6 to 1.3", 0, cr[i].err,
                     0.6, 1.3, "", &cr[i]);
        }
    }
    {   /* the sliding rod */
        sc_opts o = model_opts(&models[0], 1e-5);
        sc_result ref, coarse, ncp;
        static const double dts[5] = {6.4e-4, 3.2e-4, 1.6e-4, 8e-5, 4e-5};
        double e1[1][8];
        const char *lb[1];
        o.csv = open_csv("rod_SOFT_Lagged");
        castro_run(&o, CASTRO_ROD, 0.1, 1e-3, NULL, &ref);
        if (o.csv) fclose(o.csv);
        o = model_opts(&models[0], 2e-3);
        castro_run(&o, CASTRO_ROD, 0.1, 2e-3, NULL, &coarse);
        o = model_opts(&models[3], 1e-3);
        castro_run(&o, CASTRO_ROD, 0.1, 1e-3, NULL, &ncp);
        line("rod", "SOFT (Lagged)", "Painleve rod, mu 2.3, 10 m/s, dt 1e-5 s", "jams and jumps within 0.03 s", 0, ref.value[2],
             1e-4, 0.03, " s", &ref);
        line("rod", "SOFT (Lagged)", "the same at dt 2e-3 s", "misses the impact: no jump in 0.1 s", 1, coarse.value[2], 0, 0,
             " s", &coarse);
        line("rod", "ADMM_NCP (NCP)", "the same, rigid and inelastic, dt 1e-3 s", "jams and jumps within 0.03 s", 0,
             ncp.value[2], 1e-4, 0.03, " s", &ncp);
        if (!quick) {
            o = model_opts(&models[0], 1e-4);
            cr[0] = castro_convergence(&o, CASTRO_ROD, dts, 5, 1e-5, 0.1, 6.4e-4, 0, e1[0]);
            lb[0] = "Lagged";
            conv_csv("rod_convergence", dts, 5, e1, 1, lb);
            conv_plot("rod_convergence", "Sliding rod: Lagged against Lagged at 1e-5 s", dts, 5, e1, 1, lb);
            line("rod_conv", "SOFT (Lagged)", "dt 6.4e-4 .. 4e-5 against 1e-5 s", "first order at the small steps: 0.7-1.3", 0,
                 cr[0].value[0], 0.7, 1.3, "", &cr[0]);
        }
    }
    if (draw) { /* the belt's glide (Fig. 3) */
        static const char *f[3] = {"belt_SOFT_Lagged", "belt_SOFT_Similar", "belt_SOFT_SAP"};
        svg_series s[3];
        double *mem[6];
        int n = 0, k, nx, ny;
        char path[600];
        for (k = 0; k < 3; ++k) {
            snprintf(path, sizeof(path), "%s/%s.csv", dir, f[k]);
            mem[2 * k] = csv_column(path, "t", &nx);
            mem[2 * k + 1] = csv_column(path, "z", &ny);
            if (mem[2 * k] && mem[2 * k + 1] && nx == ny) {
                s[n].x = mem[2 * k]; s[n].y = mem[2 * k + 1]; s[n].n = nx; s[n].label = f[k] + 10; s[n].dashed = 0;
                ++n;
            }
        }
        snprintf(path, sizeof(path), "%s/belt_glide.svg", dir);
        if (n > 0) svg_plot(path, "Box on the belt at dt 0.01 s: centre height", "t (s)", "z (m)", s, n);
        for (k = 0; k < 6; ++k) free(mem[k]);
    }
}

/* ---- [Carpentier24]'s wall, to convergence ---- */
static void wall(void) {
    sc_opts o = sc_default_opts(CT_METHOD_HYBRID_NCP);
    sc_result r;
    printf("\n-- [Carpentier24] Fig. 1: the wall of 1 to 1e4 kg cubes hit by a 1e3 kg ball, tol 1e-6 relative --\n");
    o.tol = 1e-6;
    o.max_iter = 200;
    o.csv = open_csv("wall_ball_HYBRID_NCP");
    r = sc_wall(&o);
    if (o.csv) fclose(o.csv);
    line("wall_ball", "HYBRID_NCP (NCP)", "ball hits a wall of 1 to 1e4 kg cubes", "every step converges: 0 unconverged of 200", 0,
         r.unconverged, 0, 0, " steps", &r);
    line("wall_ball", "HYBRID_NCP (NCP)", "the same run", "contacts sink under 0.1 mm", 0, r.err, 0, 1e-4, " m", &r);
    if (!quick) {
        o = sc_default_opts(CT_METHOD_ADMM_NCP);
        o.tol = 1e-6;
        o.max_iter = 500;
        r = sc_wall(&o);
        line("wall_ball", "ADMM_NCP (NCP)", "the same, 500 ADMM iterations", "stops at its cap on most steps (over 100)", 1,
             r.unconverged, 100, 200, " steps", &r);
    }
}

/* ---- [Tsounis25]: loops with contact and limits ---- */
static void loops(void) {
    static const ct_method ms[3] = {CT_METHOD_ADMM_NCP, CT_METHOD_PGS_NCP, CT_METHOD_HYBRID_NCP};
    int i;
    printf("\n-- [Tsounis25] Table II: a four-bar whose coupler lands on the ground, a chain into its limits --\n");
    for (i = 0; i < 3; ++i) {
        sc_opts o = sc_default_opts(ms[i]);
        sc_result a, b;
        char name[64], mm[40];
        o.max_iter = 500;
        snprintf(name, sizeof(name), "fourbar_ground_%s", ct_method_string(ms[i]));
        o.csv = i == 0 ? open_csv(name) : NULL;
        a = loop_fourbar_ground(&o, 1.0, 1);
        if (o.csv) fclose(o.csv);
        snprintf(mm, sizeof(mm), "%s", ct_method_string(ms[i]));
        line("fourbar_ground", mm, "four-bar's coupler swings onto the ground", "loop closed within 0.1 mm after impact", 0,
             a.value[2] > 0 ? a.value[0] : BIG, 0, 1e-4, " m", &a);
        snprintf(name, sizeof(name), "chain_limits_%s", ct_method_string(ms[i]));
        o.csv = i == 0 ? open_csv(name) : NULL;
        b = loop_chain_limits(&o, 6, 2.0);
        if (o.csv) fclose(o.csv);
        line("chain_limits", mm, "6-link chain swings into +-0.3 rad limits", "overshoot at most one step of motion (ratio)", 0,
             b.value[0] > 0 ? b.err / b.value[0] : BIG, 0, 1, "", &b);
        line("chain_limits", mm, "the same run", "joints hold within 0.5 mm", 0, b.value[1], 0, 5e-4, " m", &b);
        if (i == 0)
            line("chain_limits", mm, "the same run, at the end", "limits restored: violation under 1 mrad", 0, b.value[2], 0,
                 1e-3, " rad", &b);
    }
    {
        sc_opts o = sc_default_opts(CT_METHOD_ADMM_NCP);
        sc_result a = loop_fourbar_ground(&o, 1.0, 0);
        line("fourbar_free", "ADMM_NCP", "the same four-bar without ground", "loop closed within 0.1 mm", 0, a.err, 0, 1e-4,
             " m", &a);
    }
}

/* ---- [LeLidec24] Fig. 11 and 12 ---- */
static void lelidec(void) {
    typedef struct { ct_method m; ct_soft_model s; const char *label; double stick_lo, stick_hi, slide_lo, slide_hi;
                     int art; const char *exs, *exl; } im;
    static const im ims[6] = {
        {CT_METHOD_PGS_NCP, CT_SOFT_LAGGED, "PGS_NCP", 0.1, BIG, 0, 1e-6, 1, "corners pull at stiction: over 0.1 N", "vanish while sliding: under 1e-6 N"},
        {CT_METHOD_RAISIM, CT_SOFT_LAGGED, "RAISIM", 0.1, BIG, 0.05, BIG, 1, "corners pull at stiction: over 0.1 N", "persist while sliding: over 0.05 N"},
        {CT_METHOD_NBGS, CT_SOFT_LAGGED, "NBGS", 0.1, BIG, 0.05, BIG, 1, "corners pull at stiction: over 0.1 N", "persist while sliding: over 0.05 N"},
        {CT_METHOD_ADMM_NCP, CT_SOFT_LAGGED, "ADMM_NCP", 0, 1e-6, 0, 1e-6, 0, "none at stiction: under 1e-6 N", "none while sliding: under 1e-6 N"},
        {CT_METHOD_STAGGERED, CT_SOFT_LAGGED, "STAGGERED", 0, 1e-6, 0, 1e-6, 0, "none at stiction: under 1e-6 N", "none while sliding: under 1e-6 N"},
        {CT_METHOD_ADMM_CCP, CT_SOFT_LAGGED, "ADMM_CCP", 0, 1e-6, 0, 1e-6, 0, "none at stiction: under 1e-6 N", "none while sliding: under 1e-6 N"}};
    typedef struct { ct_method m; ct_soft_model s; const char *label; int kind; } em;
    /* kind 0: converges to the NCP (order over 1.2), 1: first order, 2: levels off */
    static const em ems[6] = {{CT_METHOD_PGS_NCP, CT_SOFT_LAGGED, "PGS_NCP (NCP)", 0},
                              {CT_METHOD_PGS_LCP, CT_SOFT_LAGGED, "PGS_LCP (LCP)", 0},
                              {CT_METHOD_ADMM_CCP, CT_SOFT_LAGGED, "ADMM_CCP (CCP)", 1},
                              {CT_METHOD_RAISIM, CT_SOFT_LAGGED, "RAISIM (Preclik)", 2},
                              {CT_METHOD_NEWTON_SOFT, CT_SOFT_LAGGED, "SOFT (Lagged)", 2},
                              {CT_METHOD_NEWTON_SOFT, CT_SOFT_SAP, "SOFT (SAP)", 2}};
    static const double full[3] = {1e-2, 1e-3, 1e-4}, qk[2] = {1e-2, 1e-3};
    const double *dts = quick ? qk : full, ref = quick ? 1e-4 : 1e-5;
    const int nd = quick ? 2 : 3;
    double err[6][8];
    const char *labels[6];
    int i;
    memset(err, 0, sizeof(err));
    for (i = 0; i < 6; ++i) labels[i] = ems[i].label;
    printf("\n-- [LeLidec24] Fig. 11 and 12: the cube dragged by F = 20 t N --\n");
    for (i = 0; i < 6; ++i) {
        sc_opts o = sc_default_opts(ims[i].m);
        sc_result r;
        char name[64];
        if (ims[i].m == CT_METHOD_RAISIM || ims[i].m == CT_METHOD_NBGS) o.max_iter = 200;
        snprintf(name, sizeof(name), "drag_internal_%s", ims[i].label);
        o.csv = open_csv(name);
        r = ll_internal_forces(&o);
        if (o.csv) fclose(o.csv);
        line("drag_internal", ims[i].label, "drag: |f_y| of the corners before sliding", ims[i].exs, ims[i].art, r.value[0],
             ims[i].stick_lo, ims[i].stick_hi, " N", &r);
        line("drag_internal", ims[i].label, "drag: |f_y| of the corners while sliding", ims[i].exl, ims[i].art, r.value[1],
             ims[i].slide_lo, ims[i].slide_hi, " N", &r);
    }
    for (i = 0; i < 6; ++i) {
        sc_opts o = sc_default_opts(ems[i].m);
        sc_result r;
        if (quick && ems[i].s == CT_SOFT_SAP) continue; /* SAP levels off only below 1e-3 s */
        o.soft_model = ems[i].s;
        if (ems[i].m == CT_METHOD_NEWTON_SOFT) o.tol = 1e-5;
        if (ems[i].m == CT_METHOD_RAISIM) o.max_iter = 200;
        r = ll_error_vs_ncp(&o, dts, nd, ref, 0.5, err[i]);
        labels[i] = ems[i].label;
        if (ems[i].kind == 0)
            line("drag_vs_ncp", ems[i].label, "sum |x - x_NCP| dt, dt 1e-2..1e-4 vs NCP 1e-5", "converges to it: order over 1.2", 0,
                 r.err, 1.2, BIG, "", &r);
        else if (ems[i].kind == 1)
            line("drag_vs_ncp", ems[i].label, "sum |x - x_NCP| dt, dt 1e-2..1e-4 vs NCP 1e-5", "glides: first order, 0.8 to 1.2", 1,
                 r.err, 0.8, 1.2, "", &r);
        else
            line("drag_vs_ncp", ems[i].label, "sum |x - x_NCP| dt, dt 1e-2..1e-4 vs NCP 1e-5",
                 "another model: levels off (last order under 0.5)", 1, r.value[0], -BIG, 0.5, "", &r);
    }
    conv_csv("drag_vs_ncp", dts, nd, err, 6, labels);
    conv_plot("drag_vs_ncp", "Dragged cube: sum |x - x_NCP| dt against NCP at 1e-5 s", dts, nd, err, 6, labels);
    if (draw) {
        static const char *f[3] = {"drag_internal_PGS_NCP", "drag_internal_RAISIM", "drag_internal_ADMM_NCP"};
        svg_series s[3];
        double *mem[6];
        int n = 0, k, nx, ny;
        char path[600];
        for (k = 0; k < 3; ++k) {
            snprintf(path, sizeof(path), "%s/%s.csv", dir, f[k]);
            mem[2 * k] = csv_column(path, "t", &nx);
            mem[2 * k + 1] = csv_column(path, "internal", &ny);
            if (mem[2 * k] && mem[2 * k + 1] && nx == ny) {
                s[n].x = mem[2 * k]; s[n].y = mem[2 * k + 1]; s[n].n = nx; s[n].label = f[k] + 14; s[n].dashed = 0;
                ++n;
            }
        }
        snprintf(path, sizeof(path), "%s/drag_internal.svg", dir);
        if (n > 0) svg_plot(path, "Dragged cube: the largest corner y force (internal)", "t (s)", "|f_y| (N)", s, n);
        for (k = 0; k < 6; ++k) free(mem[k]);
    }
}

static void usage(void) {
    printf("usage: scenes_demo [--help] [-o DIR] [-q] [--no-plots]\n"
           "  The papers' larger experiments on the world layer (docs/physics.md): a quadruped with\n"
           "  RaiSim's agreement with the NCP, [Castro23]'s belt, sphere and rod with time-step\n"
           "  convergence, the wall run to convergence, loops with contact and limits, and\n"
           "  [LeLidec24]'s errors against the NCP and internal forces; one line each, PASS or FAIL.\n"
           "  -o DIR      trajectories, convergence tables (CSV) and plots (SVG) in DIR (build/world)\n"
           "  -q          quick: shorter runs, fewer time steps\n"
           "  --no-plots  no files\n");
}

int main(int argc, char **argv) {
    int a;
    for (a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) { usage(); return 0; }
        else if (!strcmp(argv[a], "-o") && a + 1 < argc) dir = argv[++a];
        else if (!strcmp(argv[a], "-q")) quick = 1;
        else if (!strcmp(argv[a], "--no-plots")) draw = 0;
        else { usage(); return 2; }
    }
    if (draw) MKDIR(dir);
    printf("examples/world: the papers' larger experiments (scenes_demo; * = a model's own behaviour)\n");
    printf("%-4s  %-15s %-18s %-44s %-50s %s\n", "", "scenario", "method (model)", "what happens", "expected", "measured");
    quadruped();
    castro();
    wall();
    loops();
    lelidec();
    printf("\n%d PASS, %d FAIL. The papers' numbers beside these: docs/physics.md.\n", passed, failed);
    if (draw)
        printf("Trajectories in %s/*.csv; plots: %s/quad_raisim_diff.svg %s/belt_glide.svg %s/belt_convergence.svg\n"
               "  %s/sphere_convergence.svg%s%s%s %s/drag_vs_ncp.svg %s/drag_internal.svg\n", dir, dir, dir, dir, dir,
               quick ? "" : " ", quick ? "" : dir, quick ? "" : "/rod_convergence.svg", dir, dir);
    return failed ? 1 : 0;
}
