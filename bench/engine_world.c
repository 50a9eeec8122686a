/* bench/engine_world.c - the scenes of bench/engine_scenes.h on examples/world: the world
   layer's side of `make bench-engine`, and the study that chose the game preset.

   Usage:
     engine_world SCENE [VARIANT]     one run; prints one CSV row (no header)
     engine_world --header            the CSV header
     engine_world --study [SCENE...]  every variant of the study on the scenes (default: the
                                      four resting scenes), one row each, header first
   VARIANT: "game" (world_use_game_preset, the default), or METHOD followed by options
   separated by ':': sweeps=N (exactly N iterations, world_fixed_sweeps), tol=T (tol_abs T N),
   rel=T (Siconos' relative error T), max=N (max_iter), omega=W (pgs.omega), sub=K (sub-steps),
   relax (the relax pass), push=V (max_push m/s). The step is dt = 1/60 s (HZ env overrides), every pair's friction 0.5.
   Time: CPU time of the whole world_step (collision, assembly, solves, integration) per step,
   one thread. Columns: engine, precision, scene, variant, steps, us_per_step, drift_m,
   penetration_m, kinetic_J, solves, iterations_per_solve. */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 199309L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "world.h"
#include "engine_scenes.h"

#ifdef CONTACT_USE_FLOAT
#define PRECISION "float"
#else
#define PRECISION "double"
#endif

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* the world's settings from a variant string; 0 if it does not parse */
static int apply_variant(world *w, const char *variant) {
    char buf[128], *tok, *save = NULL;
    ct_settings s = ct_default_settings();
    int sweeps = -1, sub = 1, i;
    double omega = 1, tol = -1;
    if (!strncmp(variant, "game", 4)) { /* game, or game:pit=N (admm.power_iters) */
        world_use_game_preset(w);
        if (!strncmp(variant, "game:pit=", 9)) w->settings.admm.power_iters = atoi(variant + 9);
        return 1;
    }
    strncpy(buf, variant, sizeof(buf) - 1);
    buf[sizeof(buf) - 1] = 0;
    tok = strtok_r(buf, ":", &save);
    if (!tok) return 0;
    for (i = 0; i < CT_METHOD_COUNT_; ++i)
        if (!strcmp(tok, ct_method_string((ct_method)i))) s.method = (ct_method)i;
    if (strcmp(tok, ct_method_string(s.method))) return 0;
    while ((tok = strtok_r(NULL, ":", &save)) != NULL) {
        if (!strncmp(tok, "sweeps=", 7)) sweeps = atoi(tok + 7);
        else if (!strncmp(tok, "omega=", 6)) omega = atof(tok + 6);
        else if (!strncmp(tok, "sub=", 4)) sub = atoi(tok + 4);
        else if (!strncmp(tok, "tol=", 4)) tol = atof(tok + 4);
        else if (!strcmp(tok, "relax")) w->relax = 1;
        else if (!strncmp(tok, "rel=", 4)) {
            s.stop = CT_STOP_RELATIVE;
            s.tol_rel = (ct_real)atof(tok + 4);
        } else if (!strncmp(tok, "max=", 4)) s.max_iter = atoi(tok + 4);
        else if (!strncmp(tok, "push=", 5)) w->max_push = atof(tok + 5);
        else return 0;
    }
    s.pgs.omega = (ct_real)omega;
    if (sweeps > 0) world_fixed_sweeps(&s, sweeps);
    else if (tol > 0) s.tol_abs = (ct_real)tol;
    w->settings = s;
    w->substeps = sub > 0 ? sub : 1;
    return 1;
}

/* one run: returns 0 on success and fills the row */
static int run(const char *scene, const char *variant, FILE *out) {
    es_scene sc;
    es_state st[ES_MAX], ref[ES_MAX];
    world w;
    int i, steps, k, solves = 0, iters = 0;
    double hz = getenv("HZ") ? atof(getenv("HZ")) : 60, t0, cpu = 0;
    if (!es_make(scene, &sc)) {
        fprintf(stderr, "engine_world: no scene %s\n", scene);
        return 1;
    }
    if (world_init(&w, sc.nbody, 0, 24 * sc.nbody + 8) != CT_OK) return 1;
    if (!apply_variant(&w, variant)) {
        fprintf(stderr, "engine_world: bad variant %s\n", variant);
        world_free(&w);
        return 1;
    }
    w.dt = 1 / hz;
    w.ground_mu = sc.mu;
    for (i = 0; i < sc.nbody; ++i) {
        const es_body *b = &sc.body[i];
        int id = b->shape == ES_BALL ? world_add_sphere(&w, b->half[0], b->mass, b->x)
                                     : world_add_box(&w, b->half[0], b->half[1], b->half[2], b->mass, b->x);
        w.body[id].mu = sc.mu;
        memcpy(w.body[id].v, b->v, sizeof(b->v));
    }
    steps = (int)(sc.seconds * hz + 0.5);
    for (i = 0; i < sc.nbody; ++i) {
        memcpy(ref[i].x, w.body[i].x, sizeof(ref[i].x));
    }
    for (k = 0; k < steps; ++k) {
        t0 = cpu_seconds();
        world_step(&w);
        cpu += cpu_seconds() - t0;
        solves += w.stats.solves;
        iters += w.stats.iterations;
        if (sc.drift_from_half && k + 1 == steps / 2)
            for (i = 0; i < sc.nbody; ++i) memcpy(ref[i].x, w.body[i].x, sizeof(ref[i].x));
    }
    for (i = 0; i < sc.nbody; ++i) {
        memcpy(st[i].x, w.body[i].x, sizeof(st[i].x));
        memcpy(st[i].q, w.body[i].q, sizeof(st[i].q));
        memcpy(st[i].v, w.body[i].v, sizeof(st[i].v));
        memcpy(st[i].w, w.body[i].w, sizeof(st[i].w));
    }
    fprintf(out, "world,%s,%s,%s,%d,%.3f,%.3e,%.3e,%.3e,%d,%.2f\n", PRECISION, scene, variant, steps,
            1e6 * cpu / steps, es_drift(&sc, st, ref), es_penetration(&sc, st), es_kinetic(&sc, st),
            solves, solves > 0 ? (double)iters / solves : 0.0);
    fflush(out);
    world_free(&w);
    return 0;
}

static const char *header =
    "engine,precision,scene,variant,steps,us_per_step,drift_m,penetration_m,kinetic_J,solves,"
    "iterations_per_solve";

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "--header")) {
        printf("%s\n", header);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--study")) {
        static const char *const rest[] = {"stack5", "stack10", "pyramid20", "ratio10"};
        static const int sweeps[] = {2, 4, 8, 16, 32};
        static const int subs[] = {1, 2, 4};
        static const char *const more[] = {
            "PGS_NCP:sweeps=4:sub=4:relax", "PGS_NCP:sweeps=2:sub=4:relax", "PGS_NCP:sweeps=8:omega=0.7",
            "PGS_NCP:sweeps=8:omega=1.3", "PGS_LCP:sweeps=10", "NBGS:sweeps=4", "ADMM_NCP:sweeps=4",
            "ADMM_NCP:sweeps=8", "ADMM_NCP:tol=1e-2:max=50", "ADMM_NCP:rel=1e-3:max=50",
            "ADMM_NCP:rel=1e-5:max=50", "PGS_NCP:tol=1e-6:max=1000", "game"};
        const char *const *scenes = argc > 2 ? (const char *const *)(argv + 2) : rest;
        const int nscene = argc > 2 ? argc - 2 : 4;
        char v[128];
        int a, b, d, status = 0;
        printf("%s\n", header);
        for (d = 0; d < nscene; ++d) {
            for (a = 0; a < 5; ++a)
                for (b = 0; b < 3; ++b) {
                    if (sweeps[a] * subs[b] > 32) continue; /* beyond a game's budget */
                    snprintf(v, sizeof(v), "PGS_NCP:sweeps=%d:sub=%d", sweeps[a], subs[b]);
                    status |= run(scenes[d], v, stdout);
                }
            for (a = 0; a < (int)(sizeof(more) / sizeof(more[0])); ++a) status |= run(scenes[d], more[a], stdout);
        }
        return status;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: engine_world SCENE [VARIANT] | --header | --study [SCENE...]\n");
        return 2;
    }
    return run(argv[1], argc > 2 ? argv[2] : "game", stdout);
}
